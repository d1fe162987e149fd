// `sync` and `catalog` commands. `sync` is what an OS scheduler runs (cron, a systemd timer,
// Windows Task Scheduler): progress on stderr, a summary on stdout, exit status 0 only when the catalog
// was replaced.
import { parseArgs } from 'node:util';
import {
  PAGE_KINDS,
  type CatalogSizeRow,
  type SyncProgress,
  type SyncRunSummary,
} from '../../shared/contract/catalog-search.ts';
import { catalogExportFilters } from '../../shared/bridge/export-calls.ts';
import { fieldErrors } from '../../shared/validation.ts';
import { describeHolder } from '../core/catalog/index.ts';
import { EXPORT_OPTIONS, exportTarget } from './export-options.ts';
import {
  EXIT_FAILED,
  EXIT_INVALID_INPUT,
  EXIT_OK,
  callCore,
  reportFailure,
  type CliCommand,
} from './cli-context.ts';

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

function describeProgress(progress: SyncProgress): string {
  const rows = PAGE_KINDS.filter((kind) => progress.rows[kind] > 0)
    .map((kind) => `${kind} ${progress.rows[kind]}`)
    .join(', ');
  const waiting = progress.waiting
    ? ` (waiting ${progress.waiting.seconds} s: ${progress.waiting.reason === 'throttled' ? 'the host throttles (429)' : progress.waiting.detail})`
    : '';
  const phase =
    progress.phase === 'swapping'
      ? 'putting the new catalog in place (too late to cancel)'
      : progress.phase === 'finishing'
        ? 'finishing: index, changes'
        : `reading ${progress.pageKind ?? '…'}`;
  return `sync: ${phase}; ${progress.pages} pages; ${rows || 'no rows yet'}${waiting}`;
}

function summaryLines(run: SyncRunSummary): string[] {
  const lines = [
    `outcome     ${run.outcome}${run.message ? `: ${run.message}` : ''}`,
    `run         #${run.id} (${run.trigger}), started ${run.startedAt}`,
    `pages       ${run.pages}`,
    `duration    ${seconds(run.durationMs)}`,
    `steel       ${run.steel === undefined ? 'not detected' : run.steel ? 'present' : 'absent'}`,
    'rows',
    ...PAGE_KINDS.map((kind) => `  ${kind.padEnd(12)}${run.rows[kind]}`),
  ];
  if (run.changes) {
    lines.push('changes');
    for (const subject of ['item', 'size'] as const) {
      const counts = run.changes[subject];
      lines.push(
        `  ${`${subject}s`.padEnd(12)}${counts.new} new, ${counts.removed} removed, ${counts.blocked} newly blocked, ${counts.unblocked} unblocked`,
      );
    }
  }
  return lines;
}

export const syncCommand: CliCommand = {
  name: 'sync',
  usage:
    'sync [--json] [--force]             one catalog sync; exit 0 when the catalog was replaced (--force: even when a whole kind of rows the last sync had came back empty)',
  async run(context, args) {
    const { values } = parseArgs({ args, strict: true, options: { force: { type: 'boolean' } } });
    const catalog = context.core.catalog;
    let lastLine = 0;
    let lastKind: string | undefined;
    const unsubscribe = context.core.events.subscribe((name, payload) => {
      if (name !== 'sync:progress') return;
      const progress = payload as SyncProgress;
      const now = Date.now();
      // A line per second at most, and one whenever the page kind, phase or a wait changes.
      const key = `${progress.pageKind}:${progress.phase}:${progress.waiting?.reason ?? ''}`;
      if (key === lastKind && now - lastLine < 1000) return;
      lastKind = key;
      lastLine = now;
      context.stderr.write(`${describeProgress(progress)}\n`);
    });
    const cancel = () => {
      // Ctrl+C says what it comes to: past the sync's point of no return, the new catalog goes in anyway.
      const outcome = catalog.cancelSync();
      context.stderr.write(
        outcome === 'cancelled'
          ? 'sync: cancelling; the catalog before this sync is kept…\n'
          : outcome === 'tooLate'
            ? 'sync: too late to cancel: the new catalog is being put in place\n'
            : 'sync: the sync has ended; there is nothing to cancel\n',
      );
    };
    process.once('SIGINT', cancel);
    process.once('SIGTERM', cancel);
    try {
      const request = catalog.startSync('cli', values.force ? { force: true } : {});
      if (!request.done) {
        const message = `${describeHolder(request.otherSync)}; this sync was not started, and the catalog is replaced when that one ends.`;
        if (context.json)
          context.stdout.write(`${JSON.stringify({ ok: false, otherSync: request.otherSync, message })}\n`);
        context.stderr.write(`sync: ${message}\n`);
        return EXIT_FAILED;
      }
      if (request.alreadyRunning)
        context.stderr.write('sync: a sync is already running in this process; waiting for it\n');
      const run = await request.done;
      if (context.json) context.stdout.write(`${JSON.stringify({ ok: run.outcome === 'succeeded', run })}\n`);
      else context.stdout.write(`${summaryLines(run).join('\n')}\n`);
      // Succeeded with a warning (a steel page refused): the catalog was replaced, so exit 0.
      if (run.outcome === 'succeeded' && run.message) context.stderr.write(`sync: warning: ${run.message}\n`);
      return run.outcome === 'succeeded' ? EXIT_OK : EXIT_FAILED;
    } finally {
      unsubscribe();
      process.off('SIGINT', cancel);
      process.off('SIGTERM', cancel);
    }
  },
};

function sizeLine(row: CatalogSizeRow): string {
  const dims = [
    row.lengthMm ? `L ${row.lengthMm}` : '',
    row.widthMm ? `B ${row.widthMm}` : '',
    row.thicknessMm ? `D ${row.thicknessMm}` : '',
  ]
    .filter(Boolean)
    .join(' ');
  const flags = [
    row.itemBlocked ? 'BLOCKED' : '',
    row.salesBlocked ? 'SALES-BLOCKED' : '',
    row.sizeBlocked ? 'SIZE-BLOCKED' : '',
  ]
    .filter(Boolean)
    .join(' ');
  return [
    row.itemNo.padEnd(10),
    (row.variantCode || '-').padEnd(11),
    `${row.itemDescription}${row.variantCode ? `, ${row.description}` : ''}`.slice(0, 60).padEnd(61),
    dims.padEnd(22),
    `stock ${row.inventory}`.padEnd(16),
    flags,
  ]
    .join(' ')
    .trimEnd();
}

export const catalogSearchCommand: CliCommand = {
  name: 'catalog search',
  usage: 'catalog search QUERY [--limit N] [--json]   the same search as the catalog screen',
  async run(context, args) {
    const { values, positionals } = parseArgs({
      args,
      strict: true,
      allowPositionals: true,
      options: { limit: { type: 'string' } },
    });
    if (!positionals.length) {
      context.stderr.write(`error: give a query\nusage: ${this.usage}\n`);
      return EXIT_INVALID_INPUT;
    }
    const limit = values.limit === undefined ? 20 : Number(values.limit);
    // A trailing space: the last word is complete, as when a person has finished typing it.
    const result = await callCore(context, 'catalog:search', { query: `${positionals.join(' ')} `, limit });
    if (!result.ok) return reportFailure(context, result);
    const found = result.value;
    if (context.json) {
      context.stdout.write(`${JSON.stringify(found, null, 2)}\n`);
      return EXIT_OK;
    }
    for (const row of found.rows) context.stdout.write(`${sizeLine(row)}\n`);
    context.stdout.write(
      `${found.rows.length} of ${found.capped ? 'more than ' : ''}${found.total} sizes (${found.tookMs} ms)` +
        `${found.syncedAt ? `; stock as of the last sync, ${found.syncedAt}` : '; no sync yet'}\n`,
    );
    return EXIT_OK;
  },
};

export const catalogStatsCommand: CliCommand = {
  name: 'catalog stats',
  usage: 'catalog stats [--json]              counts per page kind and the last sync',
  async run(context, args) {
    parseArgs({ args, strict: true, options: {} });
    const result = await callCore(context, 'catalog:stats', {});
    if (!result.ok) return reportFailure(context, result);
    const stats = result.value;
    if (context.json) {
      context.stdout.write(`${JSON.stringify(stats, null, 2)}\n`);
      return EXIT_OK;
    }
    context.stdout.write(`synced at   ${stats.syncedAt ?? 'never'}\n`);
    context.stdout.write(
      `steel       ${stats.steel === undefined ? 'unknown' : stats.steel ? 'present' : 'absent'}\n`,
    );
    context.stdout.write('counts\n');
    for (const kind of PAGE_KINDS) context.stdout.write(`  ${kind.padEnd(12)}${stats.counts[kind]}\n`);
    context.stdout.write(`  ${'sizes'.padEnd(12)}${stats.sizes}\n`);
    if (stats.lastSync)
      context.stdout.write(
        `last sync\n${summaryLines(stats.lastSync)
          .map((line) => `  ${line}`)
          .join('\n')}\n`,
      );
    return EXIT_OK;
  },
};

export const catalogExportCommand: CliCommand = {
  name: 'catalog export',
  usage:
    'catalog export --out FILE [--format csv|xlsx] [--language nl|en] [QUERY] [--category C] [--profile-code P]\n' +
    '      [--grade G] [--in-stock] [--blocked include|exclude|only]   what the catalog screen shows, every size',
  async run(context, args) {
    const { values, positionals } = parseArgs({
      args,
      strict: true,
      allowPositionals: true,
      options: {
        ...EXPORT_OPTIONS,
        category: { type: 'string' },
        'profile-code': { type: 'string' },
        grade: { type: 'string' },
        'in-stock': { type: 'boolean' },
        blocked: { type: 'string' },
      },
    });
    const target = exportTarget(context, values);
    if ('problem' in target) {
      context.stderr.write(`error: ${target.problem}\nusage: ${this.usage}\n`);
      return EXIT_INVALID_INPUT;
    }
    const filters = catalogExportFilters.safeParse({
      query: positionals.length ? `${positionals.join(' ')} ` : '',
      ...(values.category ? { categoryCode: values.category } : {}),
      ...(values['profile-code'] ? { profileCode: values['profile-code'] } : {}),
      ...(values.grade ? { gradeCode: values.grade } : {}),
      ...(values['in-stock'] ? { inStock: true } : {}),
      ...(values.blocked ? { blocked: values.blocked } : {}),
    });
    if (!filters.success) {
      const problems = Object.entries(fieldErrors(filters.error)).map(
        ([key, problem]) => `${key} ${problem}`,
      );
      context.stderr.write(`error: ${problems.join('; ')}\n`);
      return EXIT_INVALID_INPUT;
    }
    const rows = await context.core.exports.catalogTo(
      target.file,
      target.format,
      { ...filters.data, offset: 0, limit: 1 },
      target.language,
    );
    if (context.json) context.stdout.write(`${JSON.stringify({ ok: true, file: target.file, rows })}\n`);
    else context.stdout.write(`${rows} sizes written to ${target.file}\n`);
    return EXIT_OK;
  },
};

export const catalogCommands: CliCommand[] = [
  syncCommand,
  catalogSearchCommand,
  catalogStatsCommand,
  catalogExportCommand,
];
