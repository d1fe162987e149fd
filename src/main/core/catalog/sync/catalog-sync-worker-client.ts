// The main thread's side of a sync's two workers, the page receiver and the catalog worker: one of each
// per sync, called like async objects, with a channel of their own between them for the pages.
import { MessageChannel } from 'node:worker_threads';
import type { SearchIndexRebuild } from './search-index-rebuild.ts';
import type { PageKind } from '../../../../shared/contract/catalog-search.ts';
import {
  HostNetworkError,
  type HostRequest,
  type HostResponse,
  type HostTransport,
} from '../../host/host-http-client.ts';
import type {
  ReceiverCalls,
  RowsNotice,
  ScannedPage,
  StagingCalls,
  StagingOp,
  SyncWorkerData,
} from './catalog-sync-worker-protocol.ts';
import { WorkerCalls, workerEntryUrl, type SearchInProgress } from '../threads/index.ts';
import type { ProxyChoice } from '../../host/proxy-choice.ts';

export const CATALOG_WORKER_URL = workerEntryUrl('catalog-sync-worker', import.meta.url);
export const PAGE_RECEIVER_URL = workerEntryUrl('catalog-page-receiver', import.meta.url);

/**
 * The worker's young generation, capped. A sync allocates fast (page text, parsed records, row values) and
 * V8 grows the young generation of a busy isolate to tens of MB; the worker's was not held down by the
 * process's --max-semi-space-size. Capped, the 500,000-size sync peaked at 274 instead of 334 MB with the
 * CLI's flags, and 308 instead of 410 MB with Node's defaults (the app's case); see docs/decisions.md.
 */
const WORKER_YOUNG_GENERATION_MB = 6;
/** The receiver allocates little that lives: a page's bytes are outside the heap, and leave with the page. */
const RECEIVER_YOUNG_GENERATION_MB = 2;

export class CatalogWorker {
  readonly #calls: WorkerCalls<StagingCalls, RowsNotice>;
  readonly #receiver: WorkerCalls<ReceiverCalls>;
  #lastFetchId = 0;

  /**
   * `onRows` hears each committed transaction's rows; `searches`: the search worker's, which the catalog
   * worker's writes give way to; `urls`: another build of the workers (tests).
   */
  constructor(
    onRows: (kind: PageKind, count: number) => void,
    searches: SearchInProgress,
    urls: { catalogWorker: URL; pageReceiver: URL } = {
      catalogWorker: CATALOG_WORKER_URL,
      pageReceiver: PAGE_RECEIVER_URL,
    },
  ) {
    const { port1, port2 } = new MessageChannel();
    this.#calls = new WorkerCalls(urls.catalogWorker, {
      name: 'catalog worker',
      resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB },
      workerData: { pages: port1, searches: searches.buffer } satisfies SyncWorkerData,
      transferList: [port1],
      onNotice: (notice) => onRows(notice.rows.kind, notice.rows.count),
    });
    this.#receiver = new WorkerCalls(urls.pageReceiver, {
      name: 'page receiver',
      resourceLimits: { maxYoungGenerationSizeMb: RECEIVER_YOUNG_GENERATION_MB },
      workerData: { pages: port2 } satisfies SyncWorkerData,
      transferList: [port2],
    });
  }

  /** Opens catalog.db in the catalog worker and the receiver's HTTP client (`caFile`: Settings' CA file). */
  async begin(file: string, caFile: string | undefined, proxy?: ProxyChoice): Promise<void> {
    await Promise.all([this.#calls.call('begin', { file }), this.#receiver.call('begin', { caFile, proxy })]);
  }

  call<K extends StagingOp>(op: K, input: StagingCalls[K]['input']): Promise<StagingCalls[K]['output']> {
    return this.#calls.call(op, input);
  }

  /**
   * A transport for one page (VoaHostRequest.via) that has the page receiver send the request and receive
   * the answer. The page's bytes never reach this thread: received here, 6 MB a page in TLS records
   * and their copy made the main thread's V8 start a full garbage collection for nearly every page, whose
   * marking steps held the event loop for 10 to 27 ms each (docs/decisions.md).
   */
  pageTransport(): PageTransport {
    return new PageTransport(this.#receiver, () => ++this.#lastFetchId);
  }

  /**
   * Ends the page receiver once every page is written: its thread's memory is given back before the end
   * of the sync, where the syncing process peaks.
   */
  async closeReceiver(): Promise<void> {
    await this.#receiver.close();
  }

  /** Drops an unfinished staging area, closes both workers and waits for their threads to end. */
  async close(): Promise<void> {
    await Promise.all([this.#receiver.close(), this.#calls.close()]);
  }
}

/** A search index rebuild running in a catalog worker of its own (search-index-rebuild.ts). */
export interface SearchIndexRebuildRun {
  /** What it came to, and the thread that did it. */
  done: Promise<{ outcome: SearchIndexRebuild; threadId: number }>;
  /** Stops it at its next step (the live catalog stays as it was) and ends the thread. */
  close(): Promise<void>;
}

/**
 * Starts a catalog worker that gathers catalog.db's search index from its tables (a catalog.db from
 * before the index) and ends when it is done; `url`: another build of the worker (tests).
 */
export function startSearchIndexRebuild(file: string, url: URL = CATALOG_WORKER_URL): SearchIndexRebuildRun {
  // The catalog worker expects the page receiver's channel; a rebuild receives no pages.
  const { port1, port2 } = new MessageChannel();
  port2.close();
  const calls = new WorkerCalls<StagingCalls>(url, {
    name: 'catalog worker',
    resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB },
    workerData: { pages: port1 } satisfies SyncWorkerData,
    transferList: [port1],
  });
  const done = calls.call('rebuildSearchIndex', { file });
  // Its work done (or failed), the thread ends.
  void done.finally(() => calls.close()).catch(() => {});
  return { done, close: () => calls.close() };
}

/**
 * One page request sent by the page receiver; `page` is the last 2xx answer's page, which the receiver
 * handed to the catalog worker.
 */
export class PageTransport implements HostTransport {
  page: ScannedPage | undefined;
  readonly #calls: WorkerCalls<ReceiverCalls>;
  readonly #nextFetchId: () => number;

  constructor(calls: WorkerCalls<ReceiverCalls>, nextFetchId: () => number) {
    this.#calls = calls;
    this.#nextFetchId = nextFetchId;
  }

  async send({ signal, ...request }: HostRequest): Promise<HostResponse> {
    signal?.throwIfAborted();
    const fetchId = this.#nextFetchId();
    const abort = () => void this.#calls.call('abortFetch', { fetchId }).catch(() => {});
    signal?.addEventListener('abort', abort, { once: true });
    let fetched;
    try {
      fetched = await this.#calls.call('fetch', { fetchId, request });
    } catch (error) {
      throw signal?.aborted ? signal.reason : error;
    } finally {
      signal?.removeEventListener('abort', abort);
    }
    if (fetched.kind === 'noAnswer')
      throw new HostNetworkError(fetched.message, { timedOut: fetched.timedOut });
    const { status, headers } = fetched;
    if (fetched.kind === 'answer') return { status, headers, body: fetched.body };
    this.page = fetched.page;
    return {
      status,
      headers,
      get body(): string {
        throw new Error('A catalog page is read in the catalog worker; its body is not here.');
      },
    };
  }
}
