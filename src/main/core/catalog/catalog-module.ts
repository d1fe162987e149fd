// The local catalog, its sync and search (issue 5): bridge handlers, the one sync that may run at a time,
// and the scheduler (daily at the time set in Settings while the app runs, and at start when the catalog
// is older than a day).
import path from 'node:path';
import type { SyncStarted } from '../../../shared/bridge/catalog-calls.ts';
import type {
  SyncProgress,
  SyncRunSummary,
  SyncStatus,
  SyncTrigger,
} from '../../../shared/contract/catalog-search.ts';
import { missingHostSettings } from '../../../shared/settings.ts';
import { BridgeFailure } from '../bridge/bridge-failure.ts';
import type { BridgeHandlers } from '../bridge/dispatch.ts';
import type { CoreModule } from '../core-module.ts';
import type { VoaCore } from '../voa-core.ts';
import { CATALOG_DB_FILE } from './catalog-schema.ts';
import { CatalogStore } from './catalog-store.ts';
import { CatalogSync, type SyncPolicy } from './catalog-sync.ts';
import { SyncScheduler } from './sync-scheduler.ts';

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
  controller: AbortController;
  done: Promise<SyncRunSummary>;
}

export interface CatalogModule extends CoreModule<CatalogHandlers> {
  readonly store: CatalogStore;
  /** Starts a sync unless one runs; either way answers with the run and a promise of its summary. */
  startSync(trigger: SyncTrigger): SyncStarted & { done: Promise<SyncRunSummary> };
  cancelSync(): boolean;
  status(): Promise<SyncStatus>;
  /** Tests and the bench tune retries and time-outs; the app uses the defaults. */
  setSyncPolicy(policy: Partial<SyncPolicy>): void;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export function createCatalogModule(core: VoaCore): CatalogModule {
  const store = CatalogStore.open(path.join(core.location.dataDir, CATALOG_DB_FILE));
  let policy: Partial<SyncPolicy> = {};
  let running: RunningSync | undefined;

  /** What keeps a sync from starting, or undefined. */
  const notConfigured = async (): Promise<string | undefined> => {
    const missing = missingHostSettings(core.settings.current, 'sync');
    let secret = false;
    try {
      secret = await core.vault.isSet('sync');
    } catch {
      // no keychain: the secret cannot be read either
    }
    if (!secret) missing.push("the sync application's client secret");
    return missing.length ? `Missing in Settings: ${missing.join(', ')}.` : undefined;
  };

  const startSync = (trigger: SyncTrigger): SyncStarted & { done: Promise<SyncRunSummary> } => {
    if (running) return { runId: running.runId, alreadyRunning: true, done: running.done };
    const startedAt = new Date().toISOString();
    const runId = store.beginRun(trigger, startedAt);
    const controller = new AbortController();
    const sync = new CatalogSync({
      host: core.host,
      store,
      settings: () => core.settings.current,
      policy,
      onProgress: (progress) => {
        if (running?.runId === runId) running.progress = progress;
        core.events.emit('sync:progress', progress);
      },
    });
    const current: RunningSync = {
      runId,
      controller,
      progress: {
        runId,
        trigger,
        startedAt,
        pageKind: undefined,
        pages: 0,
        rows: { categories: 0, profiles: 0, grades: 0, itemTypes: 0, items: 0, variants: 0 },
        rowsTotal: 0,
        expectedRows: undefined,
        phase: 'reading',
        waiting: undefined,
      },
      done: Promise.resolve(undefined as unknown as SyncRunSummary),
    };
    running = current;
    current.done = sync.run(runId, trigger, startedAt, controller.signal).then((summary) => {
      running = undefined;
      core.events.emit('sync:finished', summary);
      if (summary.outcome === 'succeeded')
        core.events.emit('catalog:changed', { syncedAt: store.syncedAt() ?? summary.finishedAt ?? '' });
      return summary;
    });
    return { runId, alreadyRunning: false, done: current.done };
  };

  const cancelSync = (): boolean => {
    if (!running) return false;
    running.controller.abort(new Error('cancelled'));
    return true;
  };

  const scheduler = new SyncScheduler({
    syncTime: () => core.settings.current.catalogSyncTime,
    lastSuccessAt: () => store.lastSuccess()?.finishedAt,
    canStart: async () => !running && (await notConfigured()) === undefined,
    start: (trigger) => void startSync(trigger),
    maxAgeMs: DAY_MS,
  });

  const status = async (): Promise<SyncStatus> => ({
    running: running ? { ...running.progress } : undefined,
    last: store.lastRun(),
    lastSuccess: store.lastSuccess(),
    nextScheduledAt: scheduler.nextAt()?.toISOString(),
    notConfigured: await notConfigured(),
  });

  return {
    store,
    startSync,
    cancelSync,
    status,
    setSyncPolicy(next) {
      policy = { ...policy, ...next };
    },
    handlers: {
      'catalog:search': async (query) => store.search(query),
      'catalog:item': async ({ itemNo }) => {
        const item = store.item(itemNo);
        if (!item) throw new BridgeFailure('not-found', `Item ${itemNo} is not in the local catalog.`);
        return item;
      },
      'catalog:facets': async () => {
        const { categories, profiles, grades } = store.facets();
        return { categories, profiles, grades };
      },
      'catalog:stats': async () => store.stats(),
      'sync:start': async () => {
        const { runId, alreadyRunning } = startSync('manual');
        return { runId, alreadyRunning };
      },
      'sync:cancel': async () => ({ cancelled: cancelSync() }),
      'sync:status': status,
      'sync:runs': async ({ limit }) => store.runs(limit),
      'sync:changes': async ({ runId, limit }) => {
        if (runId !== undefined && !store.run(runId))
          throw new BridgeFailure('not-found', `There is no sync run ${runId}.`);
        return store.changes(runId, limit);
      },
    },
    start() {
      scheduler.start();
    },
    async stop() {
      scheduler.stop();
      if (running) {
        running.controller.abort(new Error('VOA Desk is closing'));
        await running.done.catch(() => {});
      }
      store.close();
    },
  };
}
