// The catalog upgrade that gathers the search index (catalog.db's migration 5, for a catalog synchronized
// before the index): what it costs the main thread at start, against the same upgrade done on the main
// thread as the migration did it before, on the same catalog in the same run. The bench catalog
// (VOA_BENCH_CATALOG_SIZES, default 500,000) is staged once and then set back to schema version 4, as a
// sync before the index left it, for each side.
import { copyFileSync, rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { CatalogConnection } from '../src/main/core/catalog/store/index.ts';
import { CatalogStaging } from '../src/main/core/catalog/sync/catalog-staging.ts';
import { itemRow, text, variantRow } from '../src/main/core/catalog/sync/catalog-sync-worker-rows.ts';
import { startSearchIndexRebuild } from '../src/main/core/catalog/sync/index.ts';
import { rebuildSearchIndex } from '../src/main/core/catalog/sync/search-index-rebuild.ts';
import { emptyPageKindCounts } from '../src/shared/contract/catalog-search.ts';
import { compared, round } from './bench-stats.ts';
import { benchPages } from './catalog.bench.ts';
import { setBackToFtsCatalog } from '../test/support/catalog-file.ts';

const SIZES = Number(process.env.VOA_BENCH_CATALOG_SIZES ?? 500_000);

async function stageCatalog(file: string): Promise<number> {
  const connection = CatalogConnection.open(file, { forSync: true });
  try {
    const staging = new CatalogStaging(connection);
    for (const page of benchPages(SIZES)) {
      if (page.name === 'categories') {
        staging.addCategories(
          page.rows.map((row) => ({ Code: text(row.Code), Description: text(row.Description) })),
        );
        staging.completeCategories();
      } else if (page.name === 'profiles') await staging.addSteelRows('voaProfiles', page.rows);
      else if (page.name === 'grades') await staging.addSteelRows('voaGrades', page.rows);
      else if (page.name === 'items') await staging.addItems(page.rows.map(itemRow));
      else if (page.name === 'variants') await staging.addVariants(page.rows.map(variantRow));
    }
    const facets = await staging.complete();
    const { id: runId } = connection
      .database()
      .prepare(
        "INSERT INTO sync_run (trigger, started_at, outcome) VALUES ('manual', ?, 'running') RETURNING id",
      )
      .get(new Date().toISOString()) as { id: number };
    staging.swap(
      {
        runId,
        syncedAt: new Date().toISOString(),
        steel: true,
        counts: emptyPageKindCounts(),
        pages: 0,
        durationMs: 0,
        refusedSteelPages: [],
        warning: '',
      },
      facets,
      undefined,
    );
    return facets.sizes;
  } finally {
    connection.close();
  }
}

/** A copy of the staged catalog as a sync before the search index left it: FTS5 tables, version 4. */
function oldCatalog(staged: string, file: string): void {
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
  copyFileSync(staged, file);
  setBackToFtsCatalog(file);
}

export default async function benchUpgrade(): Promise<Record<string, unknown>> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'voa-desk-upgrade-bench-'));
  try {
    const staged = path.join(dir, 'staged.db');
    const sizes = await stageCatalog(staged);
    const file = path.join(dir, 'catalog.db');

    // As the catalog module opens it now: the migration on the main thread, the index in a catalog worker.
    oldCatalog(staged, file);
    let started = performance.now();
    const connection = CatalogConnection.open(file);
    const openMs = performance.now() - started;
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    started = performance.now();
    const rebuild = startSearchIndexRebuild(file);
    const { outcome } = await rebuild.done;
    const workerMs = performance.now() - started;
    delay.disable();
    connection.close();
    if (outcome !== 'rebuilt') throw new Error(`the worker's rebuild came to ${outcome}`);

    // As the migration did it before: the same gathering, on the thread that opens the file.
    oldCatalog(staged, file);
    started = performance.now();
    const inline = CatalogConnection.open(file);
    await rebuildSearchIndex(inline, () => false);
    const inlineMs = performance.now() - started;
    inline.close();

    return {
      sizes,
      loadAverage: round(os.loadavg()[0] ?? 0, 2),
      mainThreadOpenVsUpgradeOnMainThread: compared(openMs, inlineMs, {
        unit: 'ms',
        measures:
          'the main thread opening a catalog.db of schema version 4 (FTS5) as the catalog module does: migrations, the index left to a catalog worker',
        baselineIs:
          'the same catalog opened with the index gathered on the main thread, as migration 5 did before',
        goal: 'the index gathered off the main thread',
      }),
      rebuildInWorkerMs: round(workerMs),
      eventLoopDelayDuringRebuild: {
        p99Ms: round(delay.percentile(99) / 1e6),
        maxMs: round(delay.max / 1e6),
      },
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

if (import.meta.main) process.stdout.write(`${JSON.stringify(await benchUpgrade(), null, 2)}\n`);
