// `config export` and `config import`: the settings of one desk, without secrets (they live in the OS
// keychain and never leave it), moved to another. An import goes through the same validated bridge call as
// Settings, so a bad file is refused field by field and a value the machine policy locks is refused too.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { bridgeErrorFrom } from '../core/bridge/dispatch.ts';
import { setExtraCaFile } from '../core/settings/settings-handlers.ts';
import {
  EXIT_INVALID_INPUT,
  EXIT_OK,
  callCore,
  callCoreWithUntrustedInput,
  reportFailure,
  type CliCommand,
} from './cli-context.ts';

/** The export's own marker: an import refuses a file without it (an app.db, a policy, anything else). */
export const SETTINGS_EXPORT_FORMAT = 'voa-desk-settings/1';

export const configExport: CliCommand = {
  name: 'config export',
  usage: 'config export [--out FILE.json]   (the settings without secrets; standard output without --out)',
  async run(context, args) {
    const { values } = parseArgs({ args, strict: true, options: { out: { type: 'string' } } });
    const result = await callCore(context, 'settings:get', {});
    if (!result.ok) return reportFailure(context, result);
    const text = `${JSON.stringify(
      {
        format: SETTINGS_EXPORT_FORMAT,
        exportedAt: new Date().toISOString(),
        settings: result.value.settings,
      },
      null,
      2,
    )}\n`;
    if (!values.out) {
      context.stdout.write(text);
      return EXIT_OK;
    }
    const file = path.resolve(values.out);
    await writeFile(file, text, { mode: 0o600 });
    context.stdout.write(
      context.json
        ? `${JSON.stringify({ ok: true, file })}\n`
        : `settings exported to ${file} (no secrets)\n`,
    );
    return EXIT_OK;
  },
};

export const configImport: CliCommand = {
  name: 'config import',
  usage: 'config import FILE.json   (a file written by config export; secrets are set with secret set)',
  async run(context, args) {
    const { positionals } = parseArgs({ args, strict: true, allowPositionals: true, options: {} });
    if (positionals.length !== 1) {
      context.stderr.write(`error: name the file to import\nusage: ${this.usage}\n`);
      return EXIT_INVALID_INPUT;
    }
    const file = path.resolve(positionals[0]!);
    let parsed: unknown;
    try {
      parsed = JSON.parse(await readFile(file, 'utf8'));
    } catch (error) {
      context.stderr.write(`error: ${file} cannot be read as JSON: ${(error as Error).message}\n`);
      return EXIT_INVALID_INPUT;
    }
    const exported = parsed as { format?: unknown; settings?: unknown };
    if (
      exported?.format !== SETTINGS_EXPORT_FORMAT ||
      typeof exported.settings !== 'object' ||
      !exported.settings
    ) {
      context.stderr.write(
        `error: ${file} is not a settings export of VOA Desk (format ${SETTINGS_EXPORT_FORMAT})\n`,
      );
      return EXIT_INVALID_INPUT;
    }
    const { host, ...rest } = exported.settings as { host?: Record<string, unknown> };
    // The CA file is set the trusted way (it must exist and hold a certificate on this desk too).
    const { caFile, ...hostWithoutCa } = host ?? {};
    const saved = await callCoreWithUntrustedInput(context, 'settings:save', {
      ...rest,
      ...(host ? { host: hostWithoutCa } : {}),
    });
    if (!saved.ok) return reportFailure(context, saved);
    if (typeof caFile === 'string' && caFile !== saved.value.settings.host.caFile) {
      try {
        await setExtraCaFile(context.core, caFile);
      } catch (error) {
        return reportFailure(context, { ok: false, error: bridgeErrorFrom(error, 'config import') });
      }
    }
    context.stdout.write(
      context.json ? `${JSON.stringify({ ok: true, file })}\n` : `settings imported from ${file}\n`,
    );
    return EXIT_OK;
  },
};
