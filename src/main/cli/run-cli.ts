// The headless VOA Desk over the same core as the desktop app. Two entries run it: cli/index.mjs in Node
// (`npm run cli -- <command>`, a source checkout) and the desktop app's main given `cli` as its first
// argument (an installed desk, docs/operations.md#the-command-line-on-an-installed-desk).
import { resolveProfileLocation } from '../core/data-dir.ts';
import { VoaCore } from '../core/voa-core.ts';
import { DiskFullError, diskFullMessage, isDiskFull } from '../core/db/disk-full.ts';
import {
  EXIT_FAILED,
  EXIT_INVALID_INPUT,
  EXIT_OK,
  packageVersion,
  type CliCommand,
  type CliContext,
} from './cli-context.ts';
import { configSet, configShow, secretClear, secretSet } from './config-commands.ts';
import { requestCommands } from './request-commands.ts';
import { catalogCommands } from './catalog-commands.ts';
import { supportBundle } from './support-commands.ts';
import { configExport, configImport } from './config-transfer-commands.ts';
import { retentionPurge } from './retention-commands.ts';
import { updateStatus } from './update-commands.ts';
import { runtimeVersions } from '../core/log/runtime-versions.ts';
import { NOT_BUILT } from '../core/build-info.ts';

const COMMANDS: CliCommand[] = [
  configShow,
  configSet,
  configExport,
  configImport,
  secretSet,
  secretClear,
  ...requestCommands,
  ...catalogCommands,
  supportBundle,
  retentionPurge,
  updateStatus,
];

function globalUsage(program: string): string {
  return `usage: ${program} [--data-dir DIR] [--profile NAME] [--json] <command>

commands:
${COMMANDS.map((command) => `  ${command.usage.replace(/\n/g, '\n  ')}`).join('\n')}

--data-dir DIR    state of this profile (default: VOA_DESK_DATA_DIR, else the desktop app's folder)
--profile NAME    keychain namespace and default folder (default: VOA_DESK_PROFILE, else "default")
--json            machine-readable output on stdout
--version         VOA Desk's version, build date and commit, and the Electron, Node and OS versions
`;
}

/** What differs between the entries that run the CLI. */
export interface CliHost {
  /** How a person types the command, for the usage text. */
  program: string;
  version: string;
  /** Where the desktop app keeps its profiles (Electron's userData); the CLI computes the same by default. */
  userDataDir?: string | undefined;
  /** A policy file other than the machine's own (tests, trying a policy out); never for an installed app. */
  policyFile?: string | undefined;
}

/** A source checkout run by Node: `npm run cli -- …`, the version from package.json. */
export function nodeCliHost(env: NodeJS.ProcessEnv = process.env): CliHost {
  return {
    program: 'npm run cli --',
    version: packageVersion(),
    ...(env.VOA_DESK_POLICY_FILE ? { policyFile: env.VOA_DESK_POLICY_FILE } : {}),
  };
}

export async function runCli(
  argv: string[],
  io: Pick<CliContext, 'stdout' | 'stderr' | 'stdin'>,
  host: CliHost = nodeCliHost(),
): Promise<number> {
  const usage = globalUsage(host.program);
  const globals = splitGlobalOptions(argv);
  if (!globals.ok) {
    io.stderr.write(`error: ${globals.message}\n\n${usage}`);
    return EXIT_INVALID_INPUT;
  }
  const { options, rest } = globals;
  if (options.version) {
    io.stdout.write(versionText(host.version, options.json));
    return EXIT_OK;
  }
  const command = COMMANDS.find((candidate) => {
    const words = candidate.name.split(' ');
    return words.every((word, index) => rest[index] === word);
  });
  if (!command) {
    io.stderr.write(rest.length ? `error: unknown command "${rest.join(' ')}"\n\n${usage}` : usage);
    return rest.length ? EXIT_INVALID_INPUT : EXIT_FAILED;
  }
  const location = resolveProfileLocation({
    dataDir: options.dataDir,
    profile: options.profile,
    ...(host.userDataDir ? { userDataDir: host.userDataDir } : {}),
  });
  const core = await VoaCore.open({
    location,
    shell: 'browser',
    version: host.version,
    logWriter: 'cli',
    ...(host.policyFile ? { policyFile: host.policyFile } : {}),
  });
  try {
    if (core.settings.loadProblem) io.stderr.write(`warning: ${core.settings.loadProblem}\n`);
    return await command.run({ core, json: options.json, ...io }, rest.slice(command.name.split(' ').length));
  } catch (error) {
    const message = (error as Error).message;
    if ((error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      io.stderr.write(`error: ${message}\nusage: ${command.usage}\n`);
      return EXIT_INVALID_INPUT;
    }
    // A full disk says so, with where, whatever step met it.
    io.stderr.write(
      `error: ${isDiskFull(error, location.dataDir) && !(error instanceof DiskFullError) ? diskFullMessage(location.dataDir, core.settings.current.uiLanguage) : message}\n`,
    );
    return EXIT_FAILED;
  } finally {
    await core.close();
  }
}

type GlobalOptions = {
  dataDir: string | undefined;
  profile: string | undefined;
  json: boolean;
  version: boolean;
};

function versionText(version: string, json: boolean): string {
  const versions = runtimeVersions(version, '');
  if (json) {
    const { profile: _profile, ...shown } = versions;
    return `${JSON.stringify(shown)}\n`;
  }
  return (
    `VOA Desk ${versions.voaDesk} (${versions.buildDate === NOT_BUILT ? NOT_BUILT : `built ${versions.buildDate}`}, commit ${versions.commit})\n` +
    `${versions.electron ? `Electron ${versions.electron}, ` : ''}Node ${versions.node}, ${versions.os} ${versions.arch}\n`
  );
}

/** Global options may stand anywhere; everything else is left for the command. */
function splitGlobalOptions(
  argv: string[],
): { ok: true; options: GlobalOptions; rest: string[] } | { ok: false; message: string } {
  const options: GlobalOptions = { dataDir: undefined, profile: undefined, json: false, version: false };
  const rest: string[] = [];
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index] as string;
    const [flag, inline] = arg.includes('=')
      ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
      : [arg, undefined];
    if (flag === '--json') options.json = true;
    else if (flag === '--version') options.version = true;
    else if (flag === '--data-dir' || flag === '--profile') {
      const value = inline ?? argv[++index];
      if (!value) return { ok: false, message: `${flag} needs a value` };
      if (flag === '--data-dir') options.dataDir = value;
      else options.profile = value;
    } else rest.push(arg);
  }
  return { ok: true, options, rest };
}

/**
 * `npm run -s cli -- catalog search hea | head -3`: once the reader has gone, nothing more can be printed;
 * stop quietly, as Unix tools do, instead of crashing with a stack trace.
 */
export function exitQuietlyWhenTheReaderCloses(stream: NodeJS.WriteStream): void {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw error;
  });
}
