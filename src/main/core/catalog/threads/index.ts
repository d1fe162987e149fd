// How the catalog's threads call their workers: a typed call and its answer (worker-calls.ts); and how
// a search goes before a sync's writes (search-in-progress.ts).
export {
  CatalogWorkerError,
  WorkerCalls,
  answerCall,
  parentMessagePort,
  workerEntryUrl,
  type CallAnswer,
  type CallHandlers,
  type CallMap,
  type CallRequest,
  type WorkerCallsOptions,
} from './worker-calls.ts';
export { SearchInProgress } from './search-in-progress.ts';
