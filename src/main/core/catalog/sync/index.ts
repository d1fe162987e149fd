// The catalog's sync, as the catalog module starts it on the main thread: the run (CatalogSync, which
// drives the sync's page receiver and catalog worker), the data directory's sync lock, the scheduler and
// the run's line in the log. The workers' entries are files of their own (electron.vite.config.ts).
export {
  CatalogSync,
  DEFAULT_SYNC_POLICY,
  SyncCancellation,
  companySegment,
  nextPageUrl,
  type SyncCancelOutcome,
  type SyncPolicy,
} from './catalog-sync.ts';
export {
  CatalogWorker,
  startSearchIndexRebuild,
  type SearchIndexRebuildRun,
} from './catalog-sync-worker-client.ts';
export { CATALOG_SYNC_LOCK_FILE, CatalogSyncLock } from './catalog-sync-lock.ts';
export { SyncScheduler } from './sync-scheduler.ts';
export { logSyncSummary } from './sync-log.ts';
