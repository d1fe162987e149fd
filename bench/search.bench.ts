// Search figures at 500,000 sizes, each beside a baseline measured in the same run on the same catalog:
// - search through the bridge (dispatchBridgeCall, as IPC and the browser shell call it) over the
//   relevance suite's queries, next to a bare FTS5 query on the same index (the limit) and to MiniSearch,
//   an in-memory JavaScript search library, indexing the same rows (with its build time and heap);
// - while a 500,000-size sync runs: a cheap bridge call's round-trip, sent over the browser shell's HTTP
//   bridge from another thread as a renderer would, and search, with search on the main thread (as
//   shipped) and in a worker thread of its own (the alternative docs/catalog.md weighs), each next to the
//   same with no sync running.
// Rounds of every query list are repeated (ROUNDS; MiniSearch once); each figure is the median over the
// rounds, with the spread (min, max) beside it. Catalog size: VOA_BENCH_CATALOG_SIZES (default 500,000).
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { DatabaseSync } from 'node:sqlite';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import MiniSearch from 'minisearch';
import type { EmulatorInfo } from '../emulator/index.ts';
import { startBrowserShell } from '../src/main/browser-shell/browser-shell-server.ts';
import { BRIDGE_CALL_PATH, BRIDGE_TOKEN_HEADER } from '../src/main/browser-shell/bridge-paths.ts';
import { dispatchBridgeCall } from '../src/main/core/bridge/dispatch.ts';
import { CATALOG_DB_FILE } from '../src/main/core/catalog/catalog-schema.ts';
import { CatalogStore } from '../src/main/core/catalog/catalog-store.ts';
import { parseSearchQuery, searchTokens } from '../src/main/core/catalog/search-text.ts';
import type { SecretVault } from '../src/main/core/secrets/secret-vault.ts';
import { VoaCore } from '../src/main/core/voa-core.ts';
import {
  SEARCH_RANKED_MAX,
  catalogSearchSchema,
  type CatalogSearchInput,
} from '../src/shared/contract/catalog-search.ts';
import type { ApplicationName } from '../src/shared/settings.ts';
import { configureProfileForEmulator } from '../test/support/emulator-profile.ts';
import { spawnWithReadyLine } from '../test/support/processes.ts';
import { RELEVANCE_CASES } from '../test/integration/search-relevance-cases.ts';
import { percentile, round } from './bench-stats.ts';

const SIZES = Number(process.env.VOA_BENCH_CATALOG_SIZES ?? 500_000);
const ROUNDS = 3;
const QUERIES = RELEVANCE_CASES.map((relevance) => relevance.query);
/** What a person typing asks for: the first window of a result list. */
const WINDOW = 50;
/** A sample every 20 ms, as a person clicking and typing would ask; this many with no sync running. */
const SAMPLE_EVERY_MS = 20;
const IDLE_SAMPLES = 200;

type Spread = { min: number; median: number; max: number };
type Percentiles = { p50Ms: number; p95Ms: number; p99Ms: number };

function percentiles(values: number[]): Percentiles {
  return { p50Ms: percentile(values, 50), p95Ms: percentile(values, 95), p99Ms: percentile(values, 99) };
}

function spread(values: number[]): Spread {
  const sorted = [...values].sort((left, right) => left - right);
  return {
    min: round(sorted[0] ?? NaN),
    median: round(sorted[Math.floor(sorted.length / 2)] ?? NaN),
    max: round(sorted.at(-1) ?? NaN),
  };
}

/** Each percentile's spread over the rounds. */
function overRounds(rounds: Percentiles[]): Record<keyof Percentiles, Spread> {
  const of = (key: keyof Percentiles) => spread(rounds.map((figures) => figures[key]));
  return { p50Ms: of('p50Ms'), p95Ms: of('p95Ms'), p99Ms: of('p99Ms') };
}

/** Figure ÷ baseline, median against median. */
function ratios(figure: Record<string, Spread>, baseline: Record<string, Spread>): Record<string, number> {
  return Object.fromEntries(
    Object.entries(figure).map(([key, value]) => [
      key,
      round(value.median / (baseline[key]?.median ?? NaN), 2),
    ]),
  );
}

/** MiniSearch answers a broad prefix (`h`, `1`) with every match scored: seconds each at 500,000. */
const MINISEARCH_ROUNDS = 1;

/** A phase's figures on stderr as soon as they are measured: a long run shows its progress. */
function progress<T>(phase: string, figures: T): T {
  process.stderr.write(`bench: search: ${phase} ${JSON.stringify(figures)}\n`);
  return figures;
}

/** Times `run` once per query, `rounds` times over the list: each round's percentiles. */
async function timeRounds(run: (query: string) => unknown, rounds_ = ROUNDS): Promise<Percentiles[]> {
  const rounds: Percentiles[] = [];
  for (let index = 0; index < rounds_; index++) {
    const times: number[] = [];
    for (const query of QUERIES) {
      const started = performance.now();
      await run(query);
      times.push(performance.now() - started);
    }
    rounds.push(percentiles(times));
  }
  return rounds;
}

/** Secrets in memory: the bench profile has no keychain. */
class BenchVault implements SecretVault {
  readonly #secrets = new Map<ApplicationName, string>();
  status = async () => ({ available: true as const });
  set = async (application: ApplicationName, secret: string) => void this.#secrets.set(application, secret);
  isSet = async (application: ApplicationName) => this.#secrets.has(application);
  read = async (application: ApplicationName) => this.#secrets.get(application);
  clear = async (application: ApplicationName) => void this.#secrets.delete(application);
}

/** Heap and array buffers in use after a full collection, in MB. */
function memoryInUseMb(): number {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return (heapUsed + arrayBuffers) / 1024 / 1024;
}

/** MiniSearch over the same sizes, each with the words the full-text index holds for it. */
async function benchMiniSearch(file: string) {
  const db = new DatabaseSync(file, { readOnly: true });
  const before = memoryInUseMb();
  const started = performance.now();
  const index = new MiniSearch<{ id: number; text: string }>({
    fields: ['text'],
    tokenize: searchTokens,
    processTerm: (term) => term,
  });
  const read = db.prepare(
    `SELECT s.id, s.item_no || ' ' || s.variant_code || ' ' || coalesce(i.description, '') || ' ' ||
       s.description || ' ' || coalesce(c.description, '') || ' ' || s.profile_code || ' ' || s.grade_code ||
       ' ' || s.thickness || ' ' || s.width || ' ' || s.length AS text
     FROM size s LEFT JOIN item i ON i.no = s.item_no LEFT JOIN category c ON c.code = i.category_code`,
  );
  for (const row of read.iterate() as Iterable<{ id: number; text: string }>) index.add(row);
  const buildSeconds = (performance.now() - started) / 1000;
  const heapMb = memoryInUseMb() - before;
  db.close();
  const rounds = await timeRounds(
    (query) => index.search(query, { prefix: true, combineWith: 'AND' }).slice(0, WINDOW),
    MINISEARCH_ROUNDS,
  );
  return {
    rounds,
    buildSeconds: round(buildSeconds, 1),
    heapMb: round(heapMb, 1),
    documents: index.documentCount,
  };
}

/** The bare full-text query each search starts with: at most the ranked number of matching ids. */
async function benchBareFts(file: string) {
  const db = new DatabaseSync(file, { readOnly: true });
  db.exec('PRAGMA mmap_size = 1073741824');
  const ids = db.prepare('SELECT rowid FROM size_fts WHERE size_fts MATCH ? ORDER BY rowid LIMIT ?');
  ids.setReturnArrays(true);
  try {
    return await timeRounds((query) => {
      const match = parseSearchQuery(query).match;
      return match === undefined ? [] : ids.all(match, SEARCH_RANKED_MAX + 1);
    });
  } finally {
    db.close();
  }
}

// ---- during a sync ------------------------------------------------------------------------------------

type Searcher = (query: string) => Promise<void>;

/** A worker thread with a catalog connection of its own that answers searches as messages. */
function startSearchWorker(file: string): Promise<{ search: Searcher; stop(): Promise<number> }> {
  const worker = new Worker(new URL(import.meta.url), { workerData: { role: 'search', file } });
  const waiting = new Map<number, () => void>();
  let next = 0;
  worker.on('message', (message: { id: number } | 'ready') => {
    if (message !== 'ready') waiting.get(message.id)?.();
  });
  return new Promise((resolve, reject) => {
    worker.once('error', reject);
    worker.once('message', () =>
      resolve({
        search: (query) =>
          new Promise<void>((answered) => {
            const id = next++;
            waiting.set(id, () => {
              waiting.delete(id);
              answered();
            });
            worker.postMessage({ id, query });
          }),
        stop: () => worker.terminate(),
      }),
    );
  });
}

async function searchWorker(file: string): Promise<void> {
  const store = CatalogStore.open(file);
  await store.searchColumnsLoaded();
  parentPort!.on('message', ({ id, query }: { id: number; query: string }) => {
    store.invalidateIfReplaced();
    store.forgetResults();
    const result = store.search(
      catalogSearchSchema.parse({ query, limit: WINDOW } satisfies CatalogSearchInput),
    );
    parentPort!.postMessage({ id, result });
  });
  parentPort!.postMessage('ready');
}

/**
 * Another thread that asks the browser shell's HTTP bridge for `app:info` every SAMPLE_EVERY_MS, as the
 * renderer would, and times each round-trip: the main thread's stalls show in it, whatever causes them.
 */
async function bridgeClient(shell: { origin: string; token: string }): Promise<void> {
  const times: number[] = [];
  let running = true;
  parentPort!.on('message', (message: string) => {
    if (message === 'stop') running = false;
  });
  const url = `${shell.origin}${BRIDGE_CALL_PATH}/app:info`;
  const headers = { 'content-type': 'application/json', [BRIDGE_TOKEN_HEADER]: shell.token };
  while (running) {
    const started = performance.now();
    await (await fetch(url, { method: 'POST', headers, body: '{}' })).json();
    times.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, SAMPLE_EVERY_MS));
  }
  parentPort!.postMessage(times);
}

async function sampleBridge<T>(shell: { origin: string; token: string }, during: () => Promise<T>) {
  const client = new Worker(new URL(import.meta.url), {
    workerData: { role: 'bridgeClient', shell: { origin: shell.origin, token: shell.token } },
  });
  const times = new Promise<number[]>((resolve) => client.once('message', resolve));
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const result = await during();
  loop.disable();
  client.postMessage('stop');
  const bridge = await times;
  await client.terminate();
  return {
    result,
    bridgeRoundTrip: { ...percentiles(bridge), samples: bridge.length },
    eventLoopDelayMs: { p99: round(loop.percentile(99) / 1e6), max: round(loop.max / 1e6) },
  };
}

/** Searches every SAMPLE_EVERY_MS until `until` says stop (no searcher: the sync alone). */
async function searchUntil(search: Searcher | undefined, until: () => boolean) {
  const times: number[] = [];
  for (let index = 0; !until(); index++) {
    if (search) {
      const started = performance.now();
      await search(QUERIES[index % QUERIES.length] as string);
      times.push(performance.now() - started);
    }
    await new Promise((resolve) => setTimeout(resolve, SAMPLE_EVERY_MS));
  }
  return times.length ? { ...percentiles(times), samples: times.length } : undefined;
}

async function benchDuringSync(
  core: VoaCore,
  shell: { origin: string; token: string },
  file: string,
): Promise<Record<string, unknown>> {
  const onMain: Searcher = async (query) => {
    core.catalog.store.forgetResults();
    const answer = await dispatchBridgeCall(core.handlers, 'catalog:search', { query, limit: WINDOW });
    if (!answer.ok) throw new Error(answer.error.message);
  };
  const worker = await startSearchWorker(file);
  const idle = async (search: Searcher) => {
    let samples = 0;
    const sampled = await sampleBridge(shell, () => searchUntil(search, () => samples++ >= IDLE_SAMPLES));
    return {
      bridgeRoundTrip: sampled.bridgeRoundTrip,
      search: sampled.result,
      eventLoopDelayMs: sampled.eventLoopDelayMs,
    };
  };
  const syncing = async (search: Searcher | undefined) => {
    let running = true;
    const started = performance.now();
    const sampled = await sampleBridge(shell, async () => {
      const sync = core.catalog.syncNow('manual').finally(() => (running = false));
      const search_ = await searchUntil(search, () => !running);
      const run = await sync;
      if (run.outcome !== 'succeeded') throw new Error(`sync ${run.outcome}: ${run.message}`);
      return search_;
    });
    // The store loads its columns again after the swap; the next phase starts from loaded columns.
    await core.catalog.store.searchColumnsLoaded();
    return {
      bridgeRoundTrip: sampled.bridgeRoundTrip,
      search: sampled.result,
      eventLoopDelayMs: sampled.eventLoopDelayMs,
      syncSeconds: round((performance.now() - started) / 1000, 1),
    };
  };
  try {
    const noSyncSearchOnMain = progress('noSyncSearchOnMain', await idle(onMain));
    const noSyncSearchInWorker = progress('noSyncSearchInWorker', await idle(worker.search));
    const syncAlone = progress('syncAlone', await syncing(undefined));
    const syncSearchOnMain = progress('syncSearchOnMain', await syncing(onMain));
    const syncSearchInWorker = progress('syncSearchInWorker', await syncing(worker.search));
    const ratio = (figure: Percentiles, baseline: Percentiles) => ({
      p95: round(figure.p95Ms / baseline.p95Ms, 2),
      p99: round(figure.p99Ms / baseline.p99Ms, 2),
    });
    return {
      noSyncSearchOnMain,
      noSyncSearchInWorker,
      syncAlone,
      syncSearchOnMain,
      syncSearchInWorker,
      ratios: {
        bridgeDuringSyncSearchOnMainVsNoSync: ratio(
          syncSearchOnMain.bridgeRoundTrip,
          noSyncSearchOnMain.bridgeRoundTrip,
        ),
        bridgeDuringSyncSearchInWorkerVsNoSync: ratio(
          syncSearchInWorker.bridgeRoundTrip,
          noSyncSearchInWorker.bridgeRoundTrip,
        ),
        searchDuringSyncOnMainVsNoSync: ratio(syncSearchOnMain.search!, noSyncSearchOnMain.search!),
        searchDuringSyncInWorkerVsNoSync: ratio(syncSearchInWorker.search!, noSyncSearchInWorker.search!),
      },
      call: `app:info over the browser shell's HTTP bridge from another thread every ${SAMPLE_EVERY_MS} ms; a search (first ${WINDOW} rows) every ${SAMPLE_EVERY_MS} ms`,
      targets: 'during a sync: bridge round-trip p99 under 16 ms, search p95 under 20 ms',
    };
  } finally {
    await worker.stop();
  }
}

// ---- the section --------------------------------------------------------------------------------------

export default async function benchSearch(): Promise<Record<string, unknown>> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'voa-desk-search-bench-'));
  const emulator = await spawnWithReadyLine<EmulatorInfo>(
    'emulator/cli.ts',
    ['--variants', String(SIZES), '--seed', 'bench'],
    120_000,
  );
  const dataDir = path.join(dir, 'profile');
  const core = await VoaCore.open({
    location: { profile: 'bench', dataDir },
    shell: 'browser',
    version: 'bench',
    vault: new BenchVault(),
  });
  try {
    await configureProfileForEmulator(core, emulator.ready);
    const run = await core.catalog.syncNow('manual');
    if (run.outcome !== 'succeeded') throw new Error(`sync ${run.outcome}: ${run.message}`);
    const file = path.join(dataDir, CATALOG_DB_FILE);
    const { store } = core.catalog;

    const beforeColumns = memoryInUseMb();
    const loadStarted = performance.now();
    await store.searchColumnsLoaded();
    const columns = progress('searchColumns', {
      loadSeconds: round((performance.now() - loadStarted) / 1000, 2),
      heapMb: round(memoryInUseMb() - beforeColumns, 1),
      note: 'loaded in slices between other work after start and after each sync; searches read SQLite until then',
    });

    const bridge = (query: string) => {
      store.forgetResults(); // every search ranked afresh, as when a person types
      return dispatchBridgeCall(core.handlers, 'catalog:search', { query, limit: WINDOW });
    };
    const throughBridge = progress('searchThroughBridge', overRounds(await timeRounds(bridge)));
    store.setSearchColumnsEnabled(false);
    const beforeColumnsLoaded = progress('searchBeforeColumnsLoaded', overRounds(await timeRounds(bridge)));
    store.setSearchColumnsEnabled(true);
    await store.searchColumnsLoaded();
    const bareFts5 = progress('bareFts5', overRounds(await benchBareFts(file)));

    const shell = await startBrowserShell({ core, buildDir: path.resolve(import.meta.dirname, '../out') });
    let duringSync: Record<string, unknown>;
    try {
      duringSync = await benchDuringSync(core, shell, file);
    } finally {
      await shell.close();
    }
    // Last: a few hundred MB of index that the figures before should not share a heap with.
    const mini = await benchMiniSearch(file);
    const miniSearch = progress('miniSearch', overRounds(mini.rounds));

    return {
      sizes: run.rows.variants,
      queries: QUERIES.length,
      rounds: ROUNDS,
      loadAverage: round(os.loadavg()[0] ?? 0, 2),
      searchThroughBridge: {
        ...throughBridge,
        target: 'p95 at most 10 ms',
        vsBareFts5: ratios(throughBridge, bareFts5),
        vsMiniSearch: ratios(throughBridge, miniSearch),
      },
      bareFts5: {
        ...bareFts5,
        what: `rowids of the match expression, LIMIT ${SEARCH_RANKED_MAX + 1}: the limit`,
      },
      miniSearch: {
        ...miniSearch,
        what: `MiniSearch, prefix search, all words (AND), first ${WINDOW} results`,
        buildSeconds: mini.buildSeconds,
        heapMb: mini.heapMb,
        documents: mini.documents,
      },
      searchColumns: columns,
      searchBeforeColumnsLoaded: {
        ...beforeColumnsLoaded,
        vsLoaded: ratios(beforeColumnsLoaded, throughBridge),
      },
      duringSync,
    };
  } finally {
    await core.close();
    await emulator.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

if (!isMainThread) {
  const data = workerData as
    { role: 'search'; file: string } | { role: 'bridgeClient'; shell: { origin: string; token: string } };
  if (data.role === 'search') await searchWorker(data.file);
  else await bridgeClient(data.shell);
} else if (import.meta.main) {
  process.stdout.write(`${JSON.stringify(await benchSearch(), null, 2)}\n`);
}
