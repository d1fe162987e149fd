// The catalog's search: CatalogSearch (on the search worker's connection, and on the main thread's for
// an export or a search the worker did not answer) and the main thread's side of the search worker.
export { CatalogSearch } from './catalog-search.ts';
export {
  CATALOG_SEARCH_WORKER_URL,
  startSearchWorker,
  type SearchWorker,
} from './catalog-search-worker-client.ts';
