// How the catalog's threads call their workers: a typed call and its answer (worker-calls.ts).
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
