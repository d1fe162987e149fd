// Catalog figures: the store's local ingest rate (network excluded) beside a raw insert of the same rows
// without indexes; a full sync of a 500,000-size emulator catalog (duration, peak memory of the syncing
// process) beside fetching and parsing the same pages with nothing stored; and search latency over that
// catalog through the core and through the browser shell's bridge. Each sync and the fetch-only baseline
// run in a child process of their own (the emulator in another), so a peak memory is that process's alone.
// VOA_BENCH_CATALOG_SIZES sets the catalog's size (docs/bench.md).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import path from 'node:path';
import { generateCatalog, type EmulatorInfo } from '../emulator/index.ts';
import { startBrowserShell } from '../src/main/browser-shell/browser-shell-server.ts';
import { BRIDGE_CALL_PATH, BRIDGE_TOKEN_HEADER } from '../src/main/browser-shell/bridge-paths.ts';
import { dispatchBridgeCall } from '../src/main/core/bridge/dispatch.ts';
import { CatalogStaging, ROWS_PER_TRANSACTION } from '../src/main/core/catalog/sync/catalog-staging.ts';
import { inTransaction } from '../src/main/core/db/sqlite.ts';
import { CatalogConnection, SyncRunLog } from '../src/main/core/catalog/store/index.ts';
import { itemRow, text, variantRow } from '../src/main/core/catalog/sync/catalog-sync-worker-rows.ts';
import type { VoaCore } from '../src/main/core/voa-core.ts';
import { emptyPageKindCounts, type SyncRunSummary } from '../src/shared/contract/catalog-search.ts';
import { spawnWithReadyLine } from '../test/support/processes.ts';
import { compared, percentile, round } from './bench-stats.ts';
import { wallTimeFloorSeconds, type CpuFigures } from './cpu-time.ts';
import type { ChildInput } from './catalog-sync-child.ts';
import { SOURCE_COMPILE_CACHE_DIR } from '../src/main/cli/source-start.mjs';

const SIZES = Number(process.env.VOA_BENCH_CATALOG_SIZES ?? 500_000);
const PAGE = 20_000;
const REPEATS = 15;

/** Typed at a counter: item numbers, profiles with sizes and lengths, plates, grades, words, first letters. */
export const BENCH_QUERIES = [
  '100002',
  '250000',
  'hea',
  'hea 200',
  'hea 200 6000 ',
  'ipe 180 ',
  'koker 100 100 5 ',
  'plaat 10 1500 ',
  'plaat 10x1500',
  'S355J2',
  'S235JR ',
  'breedflens',
  'verzinkt',
  'hoekstaal gelijk',
  'buis 48',
  'unp 100 12000 ',
  '2000X1000',
  'koudgewalst 1,5',
  'h',
  '1',
];

function stats(values: number[]) {
  return {
    p50Ms: percentile(values, 50),
    p95Ms: percentile(values, 95),
    p99Ms: percentile(values, 99),
    maxMs: round(Math.max(...values)),
    samples: values.length,
  };
}

/** The bench catalog's tables, a page of row objects at a time (built outside every timed section). */
export function* benchPages(variants: number) {
  const catalog = generateCatalog({ seed: 'bench', variants });
  const view = { steel: true, language: 'nl' as const };
  const { voaCategories, voaProfiles, voaGrades, voaItems, voaVariants } = catalog.tables;
  for (const [name, table] of [
    ['categories', voaCategories],
    ['profiles', voaProfiles],
    ['grades', voaGrades],
    ['items', voaItems],
    ['variants', voaVariants],
  ] as const)
    for (let start = 0; start < table.count; start += PAGE)
      yield {
        name,
        rows: Array.from({ length: Math.min(PAGE, table.count - start) }, (_, index) =>
          table.rowAt(start + index, view),
        ),
      };
}

/** Wall and CPU time of the work handed to `timed`, and nothing else. */
function stopwatch() {
  const spent = { ms: 0, cpuMicros: 0 };
  const timed = async (work: () => Promise<unknown> | unknown) => {
    const started = performance.now();
    const cpu = process.cpuUsage();
    await work();
    const used = process.cpuUsage(cpu);
    spent.cpuMicros += used.user + used.system;
    spent.ms += performance.now() - started;
  };
  return { spent, timed };
}

/**
 * The limit of the ingest: the same rows inserted as they come, into tables with the same columns and no
 * index, primary key or search index, through one prepared statement per table, ROWS_PER_TRANSACTION
 * rows per transaction, on a connection opened as the sync's writer opens the catalog (WAL,
 * synchronous=NORMAL, its page cache).
 */
async function rawInsert(dir: string) {
  const connection = CatalogConnection.open(path.join(dir, 'raw-insert.db'), { forSync: true });
  const db = connection.database();
  const { spent, timed } = stopwatch();
  const inserts = new Map<string, { run: (...values: (string | number)[]) => unknown }>();
  let rows = 0;
  try {
    for (const page of benchPages(SIZES)) {
      const columns = Object.keys(page.rows[0] ?? {}).filter((name) => !name.startsWith('@odata.'));
      let insert = inserts.get(page.name);
      if (!insert) {
        db.exec(`CREATE TABLE raw_${page.name} (${columns.map((name) => `"${name}"`).join(', ')})`);
        insert = db.prepare(`INSERT INTO raw_${page.name} VALUES (${columns.map(() => '?').join(', ')})`);
        inserts.set(page.name, insert);
      }
      const statement = insert;
      await timed(() => {
        for (let start = 0; start < page.rows.length; start += ROWS_PER_TRANSACTION)
          inTransaction(db, () => {
            for (const row of page.rows.slice(start, start + ROWS_PER_TRANSACTION))
              statement.run(
                ...columns.map((name) => {
                  const value = row[name];
                  return typeof value === 'boolean' ? Number(value) : (value as string | number);
                }),
              );
          });
      });
      rows += page.rows.length;
    }
  } finally {
    connection.close();
  }
  return { rows, rowsPerSecond: rows / (spent.ms / 1000), rowsPerCpuSecond: rows / (spent.cpuMicros / 1e6) };
}

/**
 * Rows straight from the generator into the store (network and page parsing excluded): page by page into
 * the staging tables and the search index, then the end of a sync (items without sizes, the index
 * written, facets, changes, swap), on a connection opened as the sync's writer's. Beside it, the raw
 * insert of the same rows (the limit), in the same run.
 */
export async function benchIngest(dir: string) {
  const connection = CatalogConnection.open(path.join(dir, 'ingest.db'), { forSync: true });
  const { spent, timed } = stopwatch();
  const staging = new CatalogStaging(connection);
  const counts = emptyPageKindCounts();
  let categoriesPlaced = false;
  for (const page of benchPages(SIZES)) {
    counts[page.name] += page.rows.length;
    if (page.name === 'categories') {
      const categories = page.rows.map((row) => ({
        Code: text(row.Code),
        Description: text(row.Description),
      }));
      await timed(() => staging.addCategories(categories));
      continue;
    }
    if (!categoriesPlaced) {
      await timed(() => staging.completeCategories());
      categoriesPlaced = true;
    }
    if (page.name === 'profiles') await timed(() => staging.addSteelRows('voaProfiles', page.rows));
    else if (page.name === 'grades') await timed(() => staging.addSteelRows('voaGrades', page.rows));
    // Coerced as the catalog worker coerces the host's records, outside the timed part: the generator's
    // rows carry the contract's types already.
    else if (page.name === 'items') {
      const items = page.rows.map(itemRow);
      await timed(() => staging.addItems(items));
    } else {
      const variants = page.rows.map(variantRow);
      await timed(() => staging.addVariants(variants));
    }
  }
  const ingestMs = spent.ms;
  const storeCpuMicros = spent.cpuMicros;
  const finishStarted = performance.now();
  const finishCpu = process.cpuUsage();
  const facets = await staging.complete();
  const changes = await staging.diff();
  const runId = new SyncRunLog(connection).beginRun('manual', new Date().toISOString());
  staging.swap(
    {
      runId,
      syncedAt: new Date().toISOString(),
      steel: true,
      counts,
      pages: 0,
      durationMs: 0,
      refusedSteelPages: [],
      warning: '',
    },
    facets,
    changes,
  );
  const finishMs = performance.now() - finishStarted;
  const finishCpuUsed = process.cpuUsage(finishCpu);
  const finishCpuMicros = finishCpuUsed.user + finishCpuUsed.system;
  connection.close();
  const rows = counts.items + counts.variants + counts.categories + counts.profiles + counts.grades;
  const raw = await rawInsert(dir);
  if (raw.rows !== rows) throw new Error(`the raw insert wrote ${raw.rows} rows, the ingest ${rows}`);
  const rowsPerSecondWithFinish = rows / ((ingestMs + finishMs) / 1000);
  return {
    rows,
    items: counts.items,
    sizes: counts.variants,
    ingestSeconds: round(ingestMs / 1000),
    rowsPerSecond: Math.round(rows / (ingestMs / 1000)),
    // CPU time of this process while the store worked: on a shared machine, wall time also counts others.
    rowsPerCpuSecond: Math.round(rows / (storeCpuMicros / 1e6)),
    loadAverage: round(os.loadavg()[0] ?? 0, 2),
    finishSeconds: round(finishMs / 1000),
    rowsPerSecondWithFinish: Math.round(rowsPerSecondWithFinish),
    endToEndVsRawInsert: compared(rowsPerSecondWithFinish, raw.rowsPerSecond, {
      unit: 'rows/s',
      measures: `${SIZES.toLocaleString('en')}-size catalog into the store, end included`,
      baselineIs: 'raw insert of the same rows, no indexes',
      goal: '≥ 150,000 rows/s',
    }),
    // The same per CPU second of this process: steadier than wall time when others load the machine.
    endToEndPerCpuSecondVsRawInsert: compared(
      rows / ((storeCpuMicros + finishCpuMicros) / 1e6),
      raw.rowsPerCpuSecond,
      {
        unit: 'rows/CPU s',
        measures: 'the same, per CPU second',
        baselineIs: 'the raw insert per CPU second',
      },
    ),
    note: 'ingest = staging tables and full-text index, page by page; finish = items without sizes, index merge, facets, changes, swap',
  };
}

/**
 * The child's search figures, after its sync (catalog-sync-child.ts): searches through the core and the
 * browser shell's bridge, and the same during a second sync.
 */
export async function searchFigures(core: VoaCore, run: SyncRunSummary, buildDir: string) {
  const core50: number[] = [];
  const perQuery: Record<string, number> = {};
  for (const query of BENCH_QUERIES) {
    const times: number[] = [];
    for (let repeat = 0; repeat < REPEATS; repeat++) {
      // every search ranked afresh, as when a person types (the in-memory columns stay)
      await core.catalog.forgetSearchResults();
      const started = performance.now();
      const answer = await dispatchBridgeCall(core.handlers, 'catalog:search', { query, limit: 50 });
      times.push(performance.now() - started);
      if (!answer.ok) throw new Error(answer.error.message);
    }
    core50.push(...times);
    perQuery[query] = percentile(times, 50);
  }
  const browse: number[] = [];
  for (const categoryCode of ['BEAM', 'PLATE', 'TUBE-RECT', 'FLAT']) {
    for (let repeat = 0; repeat < REPEATS; repeat++) {
      await core.catalog.forgetSearchResults();
      const started = performance.now();
      await dispatchBridgeCall(core.handlers, 'catalog:search', { query: '', categoryCode, limit: 100 });
      browse.push(performance.now() - started);
    }
  }
  // Scrolling: windows deep into the unfiltered catalog.
  const scroll: number[] = [];
  for (let offset = 0; offset < run.rows.variants; offset += Math.floor(run.rows.variants / 40)) {
    const started = performance.now();
    await dispatchBridgeCall(core.handlers, 'catalog:search', { query: '', offset, limit: 100 });
    scroll.push(performance.now() - started);
  }

  const shell = await startBrowserShell({ core, buildDir });
  let duringSync: Awaited<ReturnType<typeof benchDuringSync>>;
  const bridge: number[] = [];
  try {
    for (const query of BENCH_QUERIES) {
      for (let repeat = 0; repeat < REPEATS; repeat++) {
        await core.catalog.forgetSearchResults();
        const started = performance.now();
        const response = await fetch(`${shell.origin}${BRIDGE_CALL_PATH}/catalog:search`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', [BRIDGE_TOKEN_HEADER]: shell.token },
          body: JSON.stringify({ query, limit: 50 }),
        });
        await response.json();
        bridge.push(performance.now() - started);
      }
    }
    duringSync = await benchDuringSync(core, shell);
  } finally {
    await shell.close();
    await core.close();
  }
  return {
    duringSync,
    searchCore: {
      ...stats(core50),
      queries: BENCH_QUERIES.length,
      target: 'p95 under 20 ms',
      p50PerQueryMs: perQuery,
    },
    searchBridgeBrowserShell: stats(bridge),
    browseCategoryCore: stats(browse),
    scrollWindowCore: stats(scroll),
  };
}

/** One bridge call over the browser shell's HTTP bridge that does little: what a click waits for. */
async function bridgeRoundTrip(shell: { origin: string; token: string }): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${shell.origin}${BRIDGE_CALL_PATH}/catalog:stats`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [BRIDGE_TOKEN_HEADER]: shell.token },
    body: '{}',
  });
  await response.json();
  return performance.now() - started;
}

/**
 * Bridge round-trips and searches with no sync running, then the same while a second full sync runs
 * (its ingest, index merge and swap in the catalog worker), and the main thread's event-loop delay in
 * both. A sample every 20 ms, as a person clicking and typing would ask.
 */
async function benchDuringSync(core: VoaCore, shell: { origin: string; token: string }) {
  const sample = async (until: () => boolean) => {
    const bridge: number[] = [];
    const search: number[] = [];
    const loop = monitorEventLoopDelay({ resolution: 5 });
    loop.enable();
    for (let index = 0; !until(); index++) {
      bridge.push(await bridgeRoundTrip(shell));
      await core.catalog.forgetSearchResults();
      const query = BENCH_QUERIES[index % BENCH_QUERIES.length] as string;
      const started = performance.now();
      const answer = await dispatchBridgeCall(core.handlers, 'catalog:search', { query, limit: 50 });
      search.push(performance.now() - started);
      if (!answer.ok) throw new Error(answer.error.message);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    loop.disable();
    return {
      bridgeRoundTrip: stats(bridge),
      search: stats(search),
      eventLoopDelayMs: { p99: round(loop.percentile(99) / 1e6), max: round(loop.max / 1e6) },
    };
  };
  let samples = 0;
  const idle = await sample(() => samples++ >= 300);
  let syncing = true;
  const started = performance.now();
  const sync = core.catalog.syncNow('manual').finally(() => (syncing = false));
  const during = await sample(() => !syncing);
  const run = await sync;
  if (run.outcome !== 'succeeded') throw new Error(`sync ${run.outcome}: ${run.message}`);
  return {
    noSync: idle,
    during500kSync: { ...during, syncSeconds: round((performance.now() - started) / 1000) },
    bridgeP99VsNoSync: compared(during.bridgeRoundTrip.p99Ms, idle.bridgeRoundTrip.p99Ms, {
      unit: 'ms',
      measures: 'bridge round-trip p99 while a full sync runs',
      baselineIs: 'the same with no sync running',
      goal: 'p99 < 16 ms during a sync',
    }),
    searchP95VsNoSync: compared(during.search.p95Ms, idle.search.p95Ms, {
      unit: 'ms',
      measures: 'search p95 through the core while a full sync runs',
      baselineIs: 'the same with no sync running',
      goal: 'p95 < 20 ms during a sync',
    }),
    targets: 'during a sync: bridge round-trip p99 under 16 ms, search p95 under 20 ms',
    call: 'catalog:stats over the browser shell bridge (HTTP, JSON); search through the core',
  };
}

/** The child process of each sync and of the fetch-only baseline. */
const SYNC_CHILD = path.resolve(import.meta.dirname, 'catalog-sync-child.ts');
/** Node's compile cache, as the CLI and the shell use it: no child strips TypeScript once it is filled. */
const COMPILE_CACHE = process.env.NODE_COMPILE_CACHE || SOURCE_COMPILE_CACHE_DIR;
/** The rest of the CLI's source start (zod's unused translations left out, as the app's bundle leaves them). */
const SOURCE_START = path.resolve(import.meta.dirname, 'source-start-child.mjs');

/** The V8 flags of the `cli` npm script, so the bench measures the sync the way it runs. */
const CLI_NODE_FLAGS = (
  JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  }
).scripts
  .cli!.split(' ')
  .filter((word) => word.startsWith('--max-'));

export default async function benchCatalog(): Promise<Record<string, unknown>> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'voa-desk-catalog-bench-'));
  try {
    const ingest = await benchIngest(dir);
    const emulator = await spawnWithReadyLine<EmulatorInfo>(
      'emulator/cli.ts',
      ['--variants', String(SIZES), '--seed', 'bench'],
      120_000,
    );
    const runChild = (
      name: string,
      nodeFlags: string[],
      mode: ChildInput['mode'],
      searches: boolean,
      {
        env = {},
        watched = true,
        syncedBy,
      }: {
        env?: Record<string, string>;
        watched?: boolean;
        /** An earlier run whose data directory (and catalog) this one starts from; else a new one. */
        syncedBy?: string;
      } = {},
    ) =>
      new Promise<Record<string, unknown>>((resolve, reject) => {
        const input = JSON.stringify({
          info: emulator.ready,
          dataDir: path.join(dir, syncedBy ?? name),
          buildDir: path.resolve(import.meta.dirname, '../out'),
          mode,
          searches,
          watched,
        } satisfies ChildInput);
        const sync = spawn(
          process.execPath,
          [
            ...nodeFlags,
            '--disable-warning=ExperimentalWarning',
            '--import',
            SOURCE_START,
            SYNC_CHILD,
            input,
          ],
          {
            stdio: ['ignore', 'pipe', 'inherit'],
            env: { ...process.env, ...env, NODE_COMPILE_CACHE: COMPILE_CACHE },
          },
        );
        let stdout = '';
        sync.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
        sync.on('error', reject);
        sync.on('close', (code) =>
          code === 0
            ? resolve(JSON.parse(stdout) as Record<string, unknown>)
            : reject(new Error(`child exited ${code}`)),
        );
      });
    try {
      // Unmeasured: fills the compile cache with every module of the sync's three threads.
      await runChild('warm-up', [], 'sync', false);
      // The sync as `npm run cli -- sync` runs it (an OS-scheduled sync), with the CLI's Node flags: V8
      // grows its young generation under a sync's allocation rate, and the CLI caps it.
      // The baseline first, then the sync, on the same emulator and the same pages.
      const { fetchOnly } = (await runChild('fetch-only', CLI_NODE_FLAGS, 'fetch', false)) as {
        fetchOnly: { durationSeconds: number; peakRssMb: number; cpu: CpuFigures };
      };
      const figures = await runChild('sync', CLI_NODE_FLAGS, 'sync', true);
      // The app's case: Node's default flags, and no instruments in the process.
      const defaults = await runChild('sync-default-node-flags', [], 'sync', false, { watched: false });
      // And the night's sync: over the catalog just synced, compared with it. The emulator serves the same
      // catalog again, so every item is compared and no change kept: a night with changes keeps up to
      // CHANGES_KEPT_PER_KIND rows of each kind more.
      const resync = await runChild('resync-default-node-flags', [], 'sync', false, {
        watched: false,
        syncedBy: 'sync-default-node-flags',
      });
      // The same with glibc's malloc keeping one arena instead of one per thread (Linux only; the app cannot
      // set it): how much of the peak is the allocator's arenas rather than what the threads hold.
      const oneArena = await runChild('sync-one-malloc-arena', [], 'sync', false, {
        env: { MALLOC_ARENA_MAX: '1' },
        watched: false,
      });
      const sync = figures.sync as { durationSeconds: number; peakRssMb: number; cpu: CpuFigures };
      return {
        ingest,
        ...figures,
        fetchOnly,
        syncVsFetchOnly: compared(sync.durationSeconds, fetchOnly.durationSeconds, {
          unit: 's',
          measures: `full sync of ${SIZES.toLocaleString('en')} sizes over HTTPS, wall time`,
          baselineIs: 'the same pages fetched and parsed, nothing stored',
          goal: '≤ 1.5 × the baseline',
        }),
        // The sync's CPU (and the emulator's while it served it) against the fetch-only wall time: the ratio
        // above cannot go under this on this machine, whatever the overlap.
        syncFloorVsFetchOnly: compared(wallTimeFloorSeconds(sync.cpu), fetchOnly.durationSeconds, {
          unit: 's',
          measures: `least wall time the sync's CPU allows on ${os.availableParallelism()} cores: its busiest thread's CPU, or its and the emulator's CPU over the cores`,
          baselineIs: 'fetch-only wall time, as above',
          goal: 'the sync ratio cannot be lower',
        }),
        syncPeakRssVsFetchOnly: compared(sync.peakRssMb, fetchOnly.peakRssMb, {
          unit: 'MB',
          measures: 'peak RSS of the syncing process, every thread (cli flags)',
          baselineIs: 'peak RSS of the fetch-only process',
          goal: '< 300 MB',
        }),
        nodeFlags: CLI_NODE_FLAGS,
        syncWithDefaultNodeFlags: defaults.sync,
        resyncWithDefaultNodeFlags: resync.sync,
        syncWithDefaultNodeFlagsOneMallocArena: oneArena.sync,
      };
    } finally {
      await emulator.stop();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
