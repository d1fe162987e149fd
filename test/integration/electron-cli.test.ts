// The command line of an installed desk: the BUILT main bundle (out/main/index.js, run `npm run build` first)
// started as the desktop app's executable would be, with `cli` as its first argument, and `electron`
// resolved to the recording stand-in (electron-shell/). No ELECTRON_RUN_AS_NODE: main itself hands the
// arguments to the CLI, with a real data directory, app.db and the Secret Service keychain.
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signingConfigFromEnvironment } from '../../scripts/dist/signing-config.ts';
import { REPO_ROOT, runToEnd, type CliRun } from '../support/processes.ts';

const MAIN_BUNDLE = path.join(REPO_ROOT, 'out/main/index.js');
const LOADER = path.join(import.meta.dirname, 'electron-shell/load-main-with-stand-in.ts');
const PROFILE = `test-cli-${process.pid}`;

let userData: string;

/** `VOA Desk cli …` (packaged: the executable's own arguments) or `electron out/main/index.js cli …`. */
function desk(
  args: string[],
  options: { stdin?: string; packaged?: boolean; env?: Record<string, string> } = {},
): Promise<CliRun> {
  return runToEnd(
    process.execPath,
    ['--disable-warning=ExperimentalWarning', '--import', LOADER, MAIN_BUNDLE, ...args],
    {
      stdin: options.stdin,
      env: {
        ...process.env,
        VOA_DESK_DATA_DIR: '',
        VOA_DESK_POLICY_FILE: '',
        VOA_DESK_PROFILE: PROFILE,
        STAND_IN_USER_DATA: userData,
        STAND_IN_PACKAGED: options.packaged ? '1' : '',
        ...options.env,
      },
    },
  );
}

const dataDir = () => path.join(userData, 'profiles', PROFILE);

beforeAll(async () => {
  if (!existsSync(MAIN_BUNDLE)) throw new Error(`${MAIN_BUNDLE} is missing: run \`npm run build\` first.`);
  userData = await mkdtemp(path.join(os.tmpdir(), 'voa-desk-cli-'));
});

afterAll(async () => {
  await desk(['cli', 'secret', 'clear', 'website']);
  await rm(userData, { recursive: true, force: true });
});

describe('the installed desk’s command line (built main, recording stand-in for Electron)', () => {
  it('prints the app’s own version, with Electron’s, and exits 0', async () => {
    for (const packaged of [false, true]) {
      const run = await desk(['cli', '--version'], { packaged });
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(/^VOA Desk 0\.0\.0-stand-in \(/);
    }
  });

  it('runs a command in the desktop app’s own profile, writing cli.log there and opening no desk', async () => {
    const set = await desk(['cli', 'config', 'set', '--catalog-sync-time', '03:40'], { packaged: true });
    expect(set.stderr).toBe('');
    expect(set.code).toBe(0);
    const shown = await desk(['cli', '--json', 'config', 'show'], { packaged: true });
    expect(shown.code).toBe(0);
    const config = JSON.parse(shown.stdout) as { dataDir: string; settings: { catalogSyncTime: string } };
    expect(config.dataDir).toBe(dataDir());
    expect(config.settings.catalogSyncTime).toBe('03:40');
    const logs = await readdir(path.join(dataDir(), 'logs'));
    expect(logs).toContain('cli.log');
    // No desktop start: main.log is the desktop app's, and nothing wrote it.
    expect(logs).not.toContain('main.log');
  });

  it('reads a secret from standard input into the real keychain, never from the arguments', async () => {
    const set = await desk(['cli', 'secret', 'set', 'website'], { stdin: 'electron-cli-secret\n' });
    expect(set.code).toBe(0);
    const shown = await desk(['cli', '--json', 'config', 'show']);
    const config = JSON.parse(shown.stdout) as { secrets: { website: { set: boolean } } };
    expect(config.secrets.website.set).toBe(true);
    expect(shown.stdout).not.toContain('electron-cli-secret');
  });

  it('exits 2 for invalid input and an unknown command, naming the field and the installed command', async () => {
    const bad = await desk(['cli', 'config', 'set', '--catalog-sync-time', '25:00'], { packaged: true });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/catalogSyncTime/);
    const unknown = await desk(['cli', 'frobnicate'], { packaged: true });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/unknown command "frobnicate"/);
    expect(unknown.stderr).toMatch(
      new RegExp(`usage: "${process.execPath.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}" cli`),
    );
    const none = await desk(['cli']);
    expect(none.code).toBe(1);
    expect(none.stderr).toMatch(/^usage: /);
  });

  it('refuses a field the policy locks with exit 2; a packaged app reads the machine’s own policy only', async () => {
    const policyFile = path.join(userData, 'policy.json');
    await writeFile(policyFile, JSON.stringify({ catalogSyncTime: '02:20' }));
    const env = { VOA_DESK_POLICY_FILE: policyFile };
    const locked = await desk(['cli', 'config', 'set', '--catalog-sync-time', '04:00'], { env });
    expect(locked.code).toBe(2);
    expect(locked.stderr).toContain(`catalogSyncTime: vastgelegd door het beleid ${policyFile}`);
    const packaged = await desk(['cli', 'config', 'set', '--catalog-sync-time', '04:00'], {
      env,
      packaged: true,
    });
    expect(packaged.code).toBe(0);
    expect(JSON.parse(await readFile(path.join(dataDir(), 'settings.json'), 'utf8'))).toMatchObject({
      catalogSyncTime: '04:00',
    });
  });

  it('ships a Windows launcher beside the executable that runs `cli` and passes its exit status on', async () => {
    const require = createRequire(path.join(REPO_ROOT, 'package.json'));
    const { getConfig } = require('app-builder-lib/out/util/config/config') as {
      getConfig(dir: string, file: null, options: null): Promise<Record<string, Record<string, unknown>>>;
    };
    const config = await getConfig(REPO_ROOT, null, null);
    expect(config.win?.extraFiles).toEqual([{ from: 'build/voa-desk.cmd', to: 'voa-desk.cmd' }]);
    expect(config.linux?.executableName).toBe('voa-desk');
    const launcher = await readFile(path.join(REPO_ROOT, 'build/voa-desk.cmd'), 'utf8');
    expect(launcher).toContain('"%~dp0VOA Desk.exe" cli %*\r\n');
    expect(launcher).toContain('exit /b %ERRORLEVEL%');
  });
});

describe('signing, from the environment only', () => {
  const require = createRequire(path.join(REPO_ROOT, 'package.json'));
  const { getConfig, validateConfiguration } = require('app-builder-lib/out/util/config/config') as {
    getConfig(dir: string, file: null, options: object | null): Promise<Record<string, unknown>>;
    validateConfiguration(config: unknown, logger: unknown): Promise<void>;
  };
  const { DebugLogger } = require('builder-util/out/DebugLogger') as {
    DebugLogger: new (on: boolean) => unknown;
  };
  /** electron-builder.yml with what the environment adds, through electron-builder's own merge and schema. */
  const effective = async (env: NodeJS.ProcessEnv) => {
    const config = await getConfig(REPO_ROOT, null, signingConfigFromEnvironment(env));
    await validateConfiguration(config, new DebugLogger(false));
    return config;
  };

  it('a signing service, a certificate in the store, notarizing and a required signature pass the schema', async () => {
    const azure = await effective({
      VOA_DESK_AZURE_SIGN_ENDPOINT: 'https://weu.codesigning.azure.net',
      VOA_DESK_AZURE_SIGN_ACCOUNT: 'staalhandel',
      VOA_DESK_AZURE_SIGN_PROFILE: 'voa-desk',
      VOA_DESK_AZURE_SIGN_PUBLISHER: 'Staalhandel B.V.',
      VOA_DESK_REQUIRE_SIGNING: '1',
    });
    expect(azure.win).toMatchObject({
      azureSignOptions: { endpoint: 'https://weu.codesigning.azure.net', publisherName: 'Staalhandel B.V.' },
      extraFiles: [{ from: 'build/voa-desk.cmd', to: 'voa-desk.cmd' }],
    });
    expect(azure.forceCodeSigning).toBe(true);
    const store = await effective({
      VOA_DESK_SIGN_SUBJECT: 'Staalhandel B.V.',
      APPLE_ID: 'it@staal.nl',
      APPLE_APP_SPECIFIC_PASSWORD: 'x',
      APPLE_TEAM_ID: 'T',
    });
    expect(store.win).toMatchObject({ signtoolOptions: { certificateSubjectName: 'Staalhandel B.V.' } });
    expect(store.mac).toMatchObject({ notarize: true });
    const unsigned = await effective({});
    expect(unsigned.forceCodeSigning).toBeUndefined();
  });

  it('refuses a half-configured signing service, naming what is missing', () => {
    expect(() =>
      signingConfigFromEnvironment({ VOA_DESK_AZURE_SIGN_ENDPOINT: 'https://weu.codesigning.azure.net' }),
    ).toThrow(
      /set VOA_DESK_AZURE_SIGN_ACCOUNT, VOA_DESK_AZURE_SIGN_PROFILE, VOA_DESK_AZURE_SIGN_PUBLISHER as well/,
    );
  });

  it('keeps no secret in the repository’s build configuration', async () => {
    const yml = await readFile(path.join(REPO_ROOT, 'electron-builder.yml'), 'utf8');
    expect(yml).not.toMatch(/password|cscLink|csc_link|certificateFile|clientSecret/i);
  });
});
