// The search worker's entry (a worker_threads worker, one per catalog module, started on the first
// search): answers SearchCalls on its own node:sqlite connection to catalog.db, read only in use. The
// sync's worker writes and swaps on another connection (WAL: this reader never waits for it), and each
// search first checks the catalog's generation, so the search after a swap reads the new catalog.
// The in-memory search columns load here, in slices between searches (catalog-search.ts): their timers
// are unref'd, and the port's message listener keeps this thread's event loop alive meanwhile. Each search
// is marked in a word the sync's catalog worker watches, so a sync's writes wait while it runs.
import { threadId, workerData } from 'node:worker_threads';
import type { SearchCalls, SearchRequest, SearchWorkerData } from './catalog-search-worker-protocol.ts';
import { CatalogConnection } from '../store/index.ts';
import { CatalogSearch } from './catalog-search.ts';
import { SearchInProgress, answerCall, parentMessagePort, type CallHandlers } from '../threads/index.ts';

const port = parentMessagePort('catalog-search-worker.ts');
const { file, searches: searchesWord }: SearchWorkerData = workerData;
const inProgress = new SearchInProgress(searchesWord);

// Opened at once: a catalog that cannot be opened ends the thread with that error, and the module
// answers from the main thread's connection instead.
const connection = CatalogConnection.open(file);
const search = new CatalogSearch(connection);
let searches = 0;

const handlers: CallHandlers<SearchCalls> = {
  async search(query) {
    const result = inProgress.during(() => search.search(query));
    searches++;
    return result;
  },
  async about() {
    return { threadId, searches, columnsLoaded: search.searchColumnsReady() };
  },
  async searchColumns({ enabled }) {
    // A swap since the last search is noticed here too: "loaded" must mean the live catalog's columns,
    // not those of the catalog the last search saw.
    search.invalidateIfReplaced();
    search.setSearchColumnsEnabled(enabled);
    await search.searchColumnsLoaded();
    return null;
  },
  async memoryInUse() {
    globalThis.gc?.();
    const { heapUsed, arrayBuffers } = process.memoryUsage();
    return { mb: (heapUsed + arrayBuffers) / 1024 / 1024 };
  },
  async warmUp() {
    search.warmUp();
    return null;
  },
  async forgetResults() {
    search.forgetResults();
    return null;
  },
  async close() {
    search.close();
    connection.close();
    return null;
  },
};

port.on('message', (request: SearchRequest) => void answerCall(port, handlers, request));
