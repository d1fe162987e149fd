import path from 'node:path';
import { parseArgs } from 'node:util';
import { saveSupportBundle } from '../core/support/support-module.ts';
import { EXIT_INVALID_INPUT, EXIT_OK, type CliCommand } from './cli-context.ts';

export const supportBundle: CliCommand = {
  name: 'support bundle',
  usage:
    'support bundle --out FILE.zip   (logs, crash dumps, versions, settings without secrets, outbox and sync summaries)',
  async run(context, args) {
    const { values } = parseArgs({ args, strict: true, options: { out: { type: 'string' } } });
    if (!values.out) {
      context.stderr.write(`error: name the file with --out FILE.zip\nusage: ${this.usage}\n`);
      return EXIT_INVALID_INPUT;
    }
    const written = await saveSupportBundle(context.core, path.resolve(values.out));
    context.stdout.write(
      context.json
        ? `${JSON.stringify({ ok: true, ...written })}\n`
        : `support bundle written: ${written.file} (${written.entries} entries, ${written.bytes} bytes)\n`,
    );
    return EXIT_OK;
  },
};
