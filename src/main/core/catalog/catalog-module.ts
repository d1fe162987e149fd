// The local catalog, its sync and search: bridge handlers, the one sync that may run at a time
// (in this process, and across every process on the data directory: CatalogSyncLock), the scheduler
// (daily at the time set in Settings while the app runs, and at start when the catalog is older than a
// day), a catalog.db that cannot be opened replaced by an empty one (it is only a copy of the host's), and
// searches answered by a search worker of the module's own (catalog-search-worker.ts), so that a broad
// search never holds up the main thread's other bridge calls.
import { randomUUID } from 'node:crypto';
import { renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import {
  emptyPageKindCounts,
  type CatalogSearchResult,
  type SyncHolder,
  type SyncProgress,
  type SyncRunSummary,
  type SyncStatus,
  type SyncTrigger,
} from '../../../shared/contract/catalog-search.ts';
import type { CatalogSearchQuery } from '../../../shared/contract/catalog-search-query.ts';
import { clientSecretKey, missingHostSettings } from '../../../shared/settings.ts';
import { BridgeFailure } from '../bridge/bridge-failure.ts';
import type { BridgeHandlers } from '../bridge/dispatch.ts';
import type { CoreModule, CoreServices } from '../core-module.ts';
import { CATALOG_DB_FILE, CatalogConnection, CatalogReader, SyncRunLog } from './store/index.ts';
import { CatalogSearch, startSearchWorker, type SearchWorker } from './search/index.ts';
import {
  CatalogSync,
  CatalogSyncLock,
  SyncCancellation,
  SyncScheduler,
  logSyncSummary,
  startSearchIndexRebuild,
  type SearchIndexRebuildRun,
  type SyncCancelOutcome,
  type SyncPolicy,
} from './sync/index.ts';
import { SearchInProgress } from './threads/index.ts';
import { WorkstationPreferences } from '../outbox/draft-store.ts';
import { DiskFullError, isDiskFull } from '../db/disk-full.ts';
import type { UiLanguage } from '../../../shared/settings.ts';
import { appLog } from '../log/app-log.ts';

type CatalogHandlers = Pick<
  BridgeHandlers,
  | 'catalog:search'
  | 'catalog:item'
  | 'catalog:facets'
  | 'catalog:stats'
  | 'sync:start'
  | 'sync:cancel'
  | 'sync:status'
  | 'sync:runs'
  | 'sync:changes'
>;

export interface RunningSync {
  runId: number;
  progress: SyncProgress;
  cancellation: SyncCancellation;
  done: Promise<SyncRunSummary>;
}

/** What asking for a sync came to: a run of this process (new or already running), or another's. */
export type SyncRequest =
  | { runId: number; alreadyRunning: boolean; done: Promise<SyncRunSummary>; otherSync: undefined }
  | { runId: undefined; alreadyRunning: true; done: undefined; otherSync: SyncHolder | undefined };

export interface CatalogModule extends CoreModule<CatalogHandlers> {
  /** The main thread's reads of the live catalog (items, facets, stats). */
  readonly reader: CatalogReader;
  /** The sync run log, on the main thread's connection. */
  readonly runLog: SyncRunLog;
  /**
   * The catalog searched on the main thread's connection, reading SQLite (no in-memory columns): an
   * export, and a search the search worker did not answer. Opened at its first use.
   */
  mainThreadSearch(): CatalogSearch;
  /**
   * Starts a sync unless one runs. A sync of this process answers with its run and a promise of its
   * summary; another process's sync (the data directory's lock is taken) with who holds it, if known.
   */
  /** `force`: swap in even a catalog that lost a whole kind of rows the last sync had. */
  startSync(trigger: SyncTrigger, options?: { force?: boolean }): SyncRequest;
  /** A sync of this process, started or joined, to its end; fails when another process is syncing. */
  syncNow(trigger: SyncTrigger, options?: { force?: boolean }): Promise<SyncRunSummary>;
  /**
   * Asks this process's sync to stop: 'cancelled' (the catalog before it is kept), 'tooLate' (the new
   * catalog is being put in place, and the run ends as the swap does) or 'notRunning' (none runs, or its
   * failure is already decided).
   */
  cancelSync(): SyncCancelOutcome;
  status(): Promise<SyncStatus>;
  /** Tests and the bench tune retries and time-outs; the app uses the defaults. */
  setSyncPolicy(policy: Partial<SyncPolicy>): void;
  /** The search worker, while one runs (tests and the bench look into it). */
  readonly searchWorker: SearchWorker | undefined;
  /**
   * Tests and the bench: the search worker ranks from its in-memory columns (on, the app's way) or reads
   * SQLite only; resolves once the columns are loaded, when on.
   */
  setSearchColumns(enabled: boolean): Promise<void>;
  /** The bench: cached rankings and counts dropped where searches run, so each ranks afresh. */
  forgetSearchResults(): Promise<void>;
  /**
   * For a catalog.db from before the search index: its rebuild in a catalog worker, started when the
   * module opened, with what it came to and the thread that did it (tests look into it).
   */
  readonly searchIndexRebuild: SearchIndexRebuildRun['done'] | undefined;
  /** Resolves once the live catalog's search index is there to read (at once, but after an upgrade). */
  searchIndexReady(): Promise<void>;
  /**
   * The desk is up (VoaCore.start, after its delay): the search worker starts and loads its columns, so
   * the first key typed into the item picker or the catalog's search does not wait for the thread and the
   * catalog to open. Answers at once.
   */
  warmUpSearch(): void;
}

/** Who is syncing, in English (the CLI and the log; the screen has its own words for it). */
const HOLDER_NAMES: Record<SyncHolder['by'], string> = {
  app: 'the VOA Desk app',
  browserShell: 'the browser shell',
  cli: 'a command-line sync',
};

const SYNC_SEED_KEY = 'catalog.syncSeed';

/** This install's own value for its moment in the sync window: drawn once, kept in app.db with the profile. */
function syncSeedOf(preferences: WorkstationPreferences): string {
  const kept = preferences.get(SYNC_SEED_KEY);
  if (kept) return kept;
  const seed = randomUUID();
  preferences.set(SYNC_SEED_KEY, seed);
  return seed;
}

export function describeHolder(holder: SyncHolder | undefined): string {
  if (!holder) return 'Another VOA Desk process is syncing the catalog of this data directory';
  return `${HOLDER_NAMES[holder.by]} (process ${holder.pid}) has been syncing the catalog of this data directory since ${holder.since}`;
}

export class SyncElsewhereError extends Error {
  override name = 'SyncElsewhereError';
  readonly otherSync: SyncHolder | undefined;
  constructor(otherSync: SyncHolder | undefined) {
    super(`${describeHolder(otherSync)}; this sync was not started.`);
    this.otherSync = otherSync;
  }
}

/** SQLite's answers for a file that is not a database, or a damaged one (primary result codes). */
const SQLITE_CORRUPT = 11;
const SQLITE_NOTADB = 26;

function isDamagedDatabase(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('errcode' in error)) return false;
  const code = Number(error.errcode) & 0xff;
  return code === SQLITE_CORRUPT || code === SQLITE_NOTADB;
}

/**
 * Opens catalog.db; one that cannot be opened is moved aside as `catalog.db.damaged-<time>` (with its
 * WAL and shared-memory files) and replaced by an empty catalog, with a run in the log that says so.
 */
function openHealingCatalog(file: string, language: UiLanguage): CatalogConnection {
  try {
    return CatalogConnection.open(file);
  } catch (error) {
    if (isDiskFull(error, file)) {
      // A full disk: searching still works from the catalog as it is (a sync fails, saying why).
      const readOnly = CatalogConnection.openToRead(file);
      if (readOnly) return readOnly;
      throw new DiskFullError(file, language, { cause: error });
    }
    if (!isDamagedDatabase(error)) throw error;
    const movedTo = `${file}.damaged-${new Date().toISOString().replaceAll(':', '-')}`;
    renameSync(file, movedTo);
    for (const suffix of ['-wal', '-shm']) {
      try {
        renameSync(`${file}${suffix}`, `${movedTo}${suffix}`);
      } catch {
        rmSync(`${file}${suffix}`, { force: true });
      }
    }
    const connection = CatalogConnection.open(file);
    const message =
      `The local catalog could not be opened (${error instanceof Error ? error.message : String(error)}); it was moved aside as ` +
      `${path.basename(movedTo)} and an empty catalog replaces it. The next sync fills it.`;
    new SyncRunLog(connection).recordDamagedCatalog(path.basename(movedTo), message);
    appLog.error('local catalog could not be opened', error, { movedTo });
    // Said to the person too: the CLI's standard error is where an administrator reads it.
    process.stderr.write(`voa-desk: ${message} (${movedTo})\n`);
    return connection;
  }
}

/** The part of the core the catalog uses. */
export type CatalogServices = Pick<
  CoreServices,
  'appDb' | 'events' | 'host' | 'location' | 'settings' | 'shell' | 'vault'
>;

export function createCatalogModule(core: CatalogServices): CatalogModule {
  const dataDir = core.location.dataDir;
  const catalogFile = path.join(dataDir, CATALOG_DB_FILE);
  // The main thread's connection: the run log and the reads. Searches run in the search worker, which
  // loads the in-memory columns in its own heap; should it fail, a search falls back to this connection,
  // reading SQLite, rather than loading a second set of columns.
  const connection = openHealingCatalog(catalogFile, core.settings.current.uiLanguage);
  const runLog = new SyncRunLog(connection);
  const reader = new CatalogReader(connection, runLog);
  let fallbackSearch: CatalogSearch | undefined;
  const mainThreadSearch = (): CatalogSearch =>
    (fallbackSearch ??= new CatalogSearch(connection, { columns: false }));
  let searchWorker: SearchWorker | undefined;
  /**
   * Marked by the search worker while a search runs; a sync's catalog worker waits for it. One for the
   * module's life: a search worker started again marks the same word the running sync watches.
   */
  const searches = SearchInProgress.create();
  let searchColumns = true;
  let policy: Partial<SyncPolicy> = {};
  let running: RunningSync | undefined;

  // Staging left behind by a crash is cleared only while no process syncs: otherwise it is that sync's.
  let recoveryLock: CatalogSyncLock | undefined;
  try {
    recoveryLock = CatalogSyncLock.tryAcquire(dataDir);
  } catch (error) {
    // A full disk: nothing can be cleared now; it is, at the next start with room.
    if (!isDiskFull(error, dataDir)) throw error;
  }
  if (recoveryLock) {
    try {
      runLog.recoverAfterCrash();
    } finally {
      recoveryLock.release();
    }
  }

  // A catalog.db from before the search index has the index gathered from its tables in a catalog worker
  // (about 5 s at 500,000 sizes): the main thread answers every other call meanwhile, and searches wait
  // for the index rather than find nothing. A rebuild that fails leaves the mark for the next start.
  let rebuild: SearchIndexRebuildRun | undefined;
  let searchIndexReady: Promise<void> | undefined;
  if (connection.searchIndexPending()) {
    rebuild = startSearchIndexRebuild(catalogFile);
    searchIndexReady = rebuild.done.then(
      ({ outcome }) => {
        appLog.info('catalog search index gathered from the catalog', { outcome });
        searchIndexReady = undefined;
      },
      (error: unknown) => {
        appLog.warn('the catalog search index could not be gathered; searches find only what it holds', {
          error: error instanceof Error ? error.message : String(error),
        });
        searchIndexReady = undefined;
      },
    );
  }

  const holderKind = (trigger: SyncTrigger): SyncHolder['by'] =>
    trigger === 'cli' ? 'cli' : core.shell === 'electron' ? 'app' : 'browserShell';

  /** Another process's sync on this data directory, or undefined. */
  const otherSync = (): SyncHolder | undefined => {
    if (running) return undefined;
    const probe = CatalogSyncLock.tryAcquire(dataDir);
    if (!probe) return runLog.syncHolder();
    probe.release();
    return undefined;
  };

  /** The settings (keys) that keep a sync from starting, or undefined; the renderer words them. */
  const notConfigured = async (): Promise<string[] | undefined> => {
    const missing = missingHostSettings(core.settings.current, 'sync');
    let secret = false;
    try {
      secret = await core.vault.isSet('sync');
    } catch {
      // no keychain: the secret cannot be read either
    }
    if (!secret) missing.push(clientSecretKey('sync'));
    return missing.length ? missing : undefined;
  };

  const startSync = (trigger: SyncTrigger, options: { force?: boolean } = {}): SyncRequest => {
    if (running)
      return { runId: running.runId, alreadyRunning: true, done: running.done, otherSync: undefined };
    const lock = CatalogSyncLock.tryAcquire(dataDir);
    if (!lock)
      return { runId: undefined, alreadyRunning: true, done: undefined, otherSync: runLog.syncHolder() };
    const startedAt = new Date().toISOString();
    let runId: number;
    try {
      runLog.setSyncHolder({ by: holderKind(trigger), pid: process.pid, since: startedAt });
      runId = runLog.beginRun(trigger, startedAt);
    } catch (error) {
      lock.release();
      throw error;
    }
    appLog.info('catalog sync started', { runId, trigger });
    const cancellation = new SyncCancellation();
    const sync = new CatalogSync({
      host: core.host,
      runLog,
      catalogFile,
      searches,
      settings: () => core.settings.current,
      policy,
      onProgress: (progress) => {
        if (running?.runId === runId) running.progress = progress;
        core.events.emit('sync:progress', progress);
      },
    });
    const current: RunningSync = {
      runId,
      cancellation,
      progress: {
        runId,
        trigger,
        startedAt,
        pageKind: undefined,
        pages: 0,
        rows: emptyPageKindCounts(),
        rowsTotal: 0,
        expectedRows: undefined,
        phase: 'reading',
        waiting: undefined,
      },
      done: sync
        .run(runId, trigger, startedAt, cancellation, options)
        .finally(() => {
          lock.release();
          // Also after a run that failed unforeseen: the next sync is not told one is running.
          if (running?.runId === runId) running = undefined;
        })
        .then((summary) => {
          logSyncSummary(summary);
          core.events.emit('sync:finished', summary);
          if (summary.outcome === 'succeeded')
            core.events.emit('catalog:changed', { syncedAt: reader.syncedAt() ?? summary.finishedAt ?? '' });
          return summary;
        }),
    };
    running = current;
    return { runId, alreadyRunning: false, done: current.done, otherSync: undefined };
  };

  const cancelSync = (): SyncCancelOutcome =>
    running ? running.cancellation.cancel(new Error('cancelled')) : 'notRunning';

  let syncSeed: string | undefined;
  let stopFollowingSettings: (() => void) | undefined;
  let moduleStopped = false;
  const scheduler = new SyncScheduler({
    syncWindow: () => ({
      start: core.settings.current.catalogSyncTime,
      end: core.settings.current.catalogSyncWindowEnd,
    }),
    seed: () => (syncSeed ??= syncSeedOf(new WorkstationPreferences(core.appDb))),
    lastSuccessAt: () => runLog.lastSuccess()?.finishedAt,
    canStart: async () => !running && !otherSync() && (await notConfigured()) === undefined,
    start: (trigger) => void startSync(trigger),
  });

  const status = async (): Promise<SyncStatus> => ({
    running: running ? { ...running.progress } : undefined,
    otherSync: otherSync(),
    last: runLog.lastRun(),
    lastSuccess: runLog.lastSuccess(),
    nextScheduledAt: scheduler.nextAt()?.toISOString(),
    notConfigured: await notConfigured(),
  });

  /** The search worker, started on the first search and again after it stopped. */
  const runningSearchWorker = (): SearchWorker => {
    if (!searchWorker) {
      searchWorker = startSearchWorker(catalogFile, searches);
      // A worker started again keeps what a test asked of the one before (calls are answered in order).
      if (!searchColumns) void searchWorker.call('searchColumns', { enabled: false }).catch(() => {});
    }
    return searchWorker;
  };

  /**
   * A search, answered by the search worker. A worker that cannot start or has stopped answers nothing:
   * this search runs on the main thread's connection, and the next starts a new worker.
   */
  const search = async (query: CatalogSearchQuery): Promise<CatalogSearchResult> => {
    if (searchIndexReady) await searchIndexReady;
    let worker: SearchWorker | undefined;
    try {
      worker = runningSearchWorker();
      return await worker.call('search', query);
    } catch (error) {
      const stopped = !worker || worker.stopped !== undefined;
      if (stopped && searchWorker === worker) searchWorker = undefined;
      appLog.warn('the search worker did not answer; this search ran on the main thread', {
        error: error instanceof Error ? error.message : String(error),
        workerStopped: stopped,
      });
      return mainThreadSearch().search(query);
    }
  };

  return {
    reader,
    runLog,
    mainThreadSearch,
    get searchWorker() {
      return searchWorker;
    },
    searchIndexRebuild: rebuild?.done,
    async searchIndexReady() {
      await searchIndexReady;
    },
    async setSearchColumns(enabled) {
      searchColumns = enabled;
      await runningSearchWorker().call('searchColumns', { enabled });
    },
    async forgetSearchResults() {
      fallbackSearch?.forgetResults();
      await searchWorker?.call('forgetResults', null);
    },
    startSync,
    async syncNow(trigger, options) {
      const request = startSync(trigger, options);
      if (!request.done) throw new SyncElsewhereError(request.otherSync);
      return request.done;
    },
    cancelSync,
    status,
    setSyncPolicy(next) {
      policy = { ...policy, ...next };
    },
    handlers: {
      'catalog:search': search,
      'catalog:item': async ({ itemNo }) => {
        const item = reader.item(itemNo);
        if (!item) throw new BridgeFailure('not-found', `Item ${itemNo} is not in the local catalog.`);
        return item;
      },
      'catalog:facets': async () => {
        const { categories, profiles, grades } = reader.facets();
        return { categories, profiles, grades };
      },
      'catalog:stats': async () => reader.stats(),
      'sync:start': async ({ force }) => {
        const { runId, alreadyRunning } = startSync('manual', force ? { force } : {});
        return { runId, alreadyRunning };
      },
      'sync:cancel': async () => {
        const outcome = cancelSync();
        return { cancelled: outcome === 'cancelled', tooLate: outcome === 'tooLate' };
      },
      'sync:status': status,
      'sync:runs': async ({ limit }) => runLog.runs(limit),
      'sync:changes': async ({ runId, limit }) => {
        if (runId !== undefined && !runLog.run(runId))
          throw new BridgeFailure('not-found', `There is no sync run ${runId}.`);
        return runLog.changes(runId, limit);
      },
    },
    start() {
      scheduler.start();
      // A desk set up (or its secret corrected) after start gets its first catalog then, not tonight.
      stopFollowingSettings = core.events.subscribe((name) => {
        if (name === 'settings:changed') scheduler.settingsChanged();
      });
    },
    warmUpSearch() {
      void Promise.resolve(searchIndexReady)
        .then(() => (moduleStopped ? null : runningSearchWorker().call('warmUp', null)))
        // A worker that cannot start is started again by the first search, which says why in the log.
        .catch(() => {});
    },
    async stop() {
      moduleStopped = true;
      stopFollowingSettings?.();
      scheduler.stop();
      if (running) {
        // A sync past its point of no return ends as it would have: the new catalog is put in place.
        running.cancellation.cancel(new Error('VOA Desk is closing'));
        await running.done.catch(() => {});
      }
      await rebuild?.close();
      await searchWorker?.close();
      searchWorker = undefined;
      fallbackSearch?.close();
      connection.close();
    },
  };
}
