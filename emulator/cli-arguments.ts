import { parseArgs } from 'node:util';
import type { EmulatorOptions } from './index.ts';

export const emulatorUsage = `Usage: npm run emulator -- [options]

  --port N               port on 127.0.0.1 (default 0: a free port)
  --variants N           item variants in the seeded catalog (default 5000; 1 to 1000000)
  --seed S               catalog seed (default 1); same seed and size, same catalog
  --page-size N          server-driven page size of the catalog pages (default 20000)
  --no-steel             the steel extension is absent: no steel pages, steel fields '' and 0
  --faults SPEC          fault specification as JSON, or @file (see docs/emulator.md)
  --company-name NAME    company name (default "Staalhandel 't Gooi B.V.")
  --token-lifetime SECS  access token lifetime in seconds (default 3599)
  --state-dir DIR        keep the CA and identities here and reuse them on the next start

Prints one line of JSON on stdout once ready; logs go to stderr. Runs until SIGINT or SIGTERM.`;

export class UsageError extends Error {}

function wholeNumber(flag: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text)) throw new UsageError(`${flag} needs a whole number, not '${text}'.`);
  return Number(text);
}

/** The CLI flags as startEmulator options; undefined when --help was asked. */
export function parseEmulatorArguments(argv: readonly string[]): EmulatorOptions | undefined {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        port: { type: 'string' },
        variants: { type: 'string' },
        seed: { type: 'string' },
        'page-size': { type: 'string' },
        'no-steel': { type: 'boolean' },
        faults: { type: 'string' },
        'company-name': { type: 'string' },
        'token-lifetime': { type: 'string' },
        'state-dir': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  if (values.help) return undefined;
  const options: EmulatorOptions = {};
  const port = wholeNumber('--port', values.port);
  const variants = wholeNumber('--variants', values.variants);
  const pageSize = wholeNumber('--page-size', values['page-size']);
  const tokenLifetimeSeconds = wholeNumber('--token-lifetime', values['token-lifetime']);
  if (port !== undefined) options.port = port;
  if (variants !== undefined) options.variants = variants;
  if (pageSize !== undefined) options.pageSize = pageSize;
  if (tokenLifetimeSeconds !== undefined) options.tokenLifetimeSeconds = tokenLifetimeSeconds;
  if (values.seed !== undefined) options.seed = values.seed;
  if (values['no-steel']) options.steel = false;
  if (values.faults !== undefined) options.faults = values.faults;
  if (values['company-name'] !== undefined) options.companyName = values['company-name'];
  if (values['state-dir'] !== undefined) options.stateDir = values['state-dir'];
  return options;
}
