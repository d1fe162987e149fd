// The main thread's side of the search worker (catalog-search-worker.ts): one per catalog module.
import type { SearchCalls, SearchWorkerData } from './catalog-search-worker-protocol.ts';
import { WorkerCalls, workerEntryUrl, type SearchInProgress } from '../threads/index.ts';

export const CATALOG_SEARCH_WORKER_URL = workerEntryUrl('catalog-search-worker', import.meta.url);

export type SearchWorker = WorkerCalls<SearchCalls>;

/**
 * Starts a search worker on catalog.db that marks its searches in `searches` (the catalog module's, which
 * its syncs give way to); `url` is another build of the worker (tests).
 */
export function startSearchWorker(
  file: string,
  searches: SearchInProgress,
  url: URL = CATALOG_SEARCH_WORKER_URL,
): SearchWorker {
  const workerData: SearchWorkerData = { file, searches: searches.buffer };
  return new WorkerCalls<SearchCalls>(url, { name: 'search worker', workerData });
}
