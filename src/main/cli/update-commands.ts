import { parseArgs } from 'node:util';
import { BUILD_SCHEMA_VERSIONS, schemasOnDisk } from '../core/updates/schema-versions.ts';
import { EXIT_INVALID_INPUT, EXIT_OK, type CliCommand } from './cli-context.ts';

/**
 * What the machine policy says of updates, and the schema versions an update must know. The desktop app
 * checks, downloads and installs (its state is in Settings → About and support); the command line has no
 * updater of its own.
 */
export const updateStatus: CliCommand = {
  name: 'update status',
  usage:
    'update status   (the update folder and channel the policy names, and the databases’ schema versions)',
  async run(context, args) {
    const { positionals } = parseArgs({ args, strict: true, allowPositionals: true, options: {} });
    if (positionals.length) {
      context.stderr.write(`error: update status takes no arguments\nusage: ${this.usage}\n`);
      return EXIT_INVALID_INPUT;
    }
    const view = await context.core.handlers['updates:status']({});
    const onDisk = schemasOnDisk(context.core.location.dataDir, context.core.appDb);
    if (context.json) {
      context.stdout.write(
        `${JSON.stringify({
          ok: true,
          version: view.currentVersion,
          feed: view.feed,
          policyInvalid: view.phase.state === 'off' && view.phase.policyInvalid,
          schemas: { onDisk, build: BUILD_SCHEMA_VERSIONS },
        })}\n`,
      );
      return EXIT_OK;
    }
    const lines = [
      view.feed
        ? `updates: from ${view.feed.url}, channel ${view.feed.channel} (policy ${view.feed.policyFile})`
        : view.phase.state === 'off' && view.phase.policyInvalid
          ? `updates: off (the machine policy ${context.core.policy.file} cannot be used)`
          : `updates: off (the machine policy ${context.core.policy.file} names no update folder)`,
      `version: ${view.currentVersion}`,
      `schema versions on disk: app.db ${onDisk['app.db']}, catalog.db ${onDisk['catalog.db']} (this build knows app.db ${BUILD_SCHEMA_VERSIONS['app.db']}, catalog.db ${BUILD_SCHEMA_VERSIONS['catalog.db']})`,
    ];
    if (view.feed)
      lines.push(
        'the desktop app checks, downloads and installs; Settings → About and support shows its state',
      );
    context.stdout.write(`${lines.join('\n')}\n`);
    return EXIT_OK;
  },
};
