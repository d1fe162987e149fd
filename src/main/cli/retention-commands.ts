import { parseArgs } from 'node:util';
import { purgeDeliveredPersonalData } from '../core/outbox/retention-purge.ts';
import { appLog } from '../core/log/app-log.ts';
import { EXIT_INVALID_INPUT, EXIT_OK, type CliCommand } from './cli-context.ts';

export const retentionPurge: CliCommand = {
  name: 'retention purge',
  usage:
    'retention purge   (removes the personal data of requests delivered longer ago than the retention setting)',
  async run(context, args) {
    const { positionals } = parseArgs({ args, strict: true, allowPositionals: true, options: {} });
    if (positionals.length) {
      context.stderr.write(`error: retention purge takes no arguments\nusage: ${this.usage}\n`);
      return EXIT_INVALID_INPUT;
    }
    const days = context.core.settings.current.retentionDays;
    const result = purgeDeliveredPersonalData(context.core.appDb, days);
    appLog.info('retention purge', {
      purged: result.purged,
      retentionDays: days,
      deliveredBefore: result.before,
      by: 'cli',
    });
    context.stdout.write(
      context.json
        ? `${JSON.stringify({ ok: true, ...result })}\n`
        : `${result.purged} delivered request(s) purged of personal data (delivered before ${result.before}, retention ${days} days)\n`,
    );
    return EXIT_OK;
  },
};
