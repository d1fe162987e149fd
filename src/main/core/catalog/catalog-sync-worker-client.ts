// The main thread's side of the catalog worker: one worker thread per sync, called like an async object.
import type { PageKind } from '../../../shared/contract/catalog-search.ts';
import {
  HostNetworkError,
  type HostRequest,
  type HostResponse,
  type HostTransport,
} from '../host/host-http-client.ts';
import type { RowsNotice, ScannedPage, StagingCalls, StagingOp } from './catalog-sync-worker-protocol.ts';
import { WorkerCalls, workerEntryUrl } from './worker-calls.ts';

export const CATALOG_WORKER_URL = workerEntryUrl('catalog-sync-worker');

/**
 * The worker's young generation, capped. A sync allocates fast (page text, parsed records, row values) and
 * V8 grows the young generation of a busy isolate to tens of MB; the worker's was not held down by the
 * process's --max-semi-space-size. Capped, the 500,000-size sync peaked at 274 instead of 334 MB with the
 * CLI's flags, and 308 instead of 410 MB with Node's defaults (the app's case); see docs/bench.md.
 */
const WORKER_YOUNG_GENERATION_MB = 6;

export class CatalogWorker {
  readonly #calls: WorkerCalls<StagingCalls, RowsNotice>;
  #lastFetchId = 0;

  /** `onRows` hears each committed transaction's rows; `url` is another build of the worker (tests). */
  constructor(onRows: (kind: PageKind, count: number) => void, url: URL = CATALOG_WORKER_URL) {
    this.#calls = new WorkerCalls(url, {
      name: 'catalog worker',
      resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB },
      onNotice: (notice) => onRows(notice.rows.kind, notice.rows.count),
    });
  }

  call<K extends StagingOp>(op: K, input: StagingCalls[K]['input']): Promise<StagingCalls[K]['output']> {
    return this.#calls.call(op, input);
  }

  /**
   * A transport for one page (VoaHostRequest.via) that has the worker send the request and receive the
   * answer. The page's bytes never reach this thread: received here, 6 MB a page in TLS records
   * and their copy made the main thread's V8 start a full garbage collection for nearly every page, whose
   * marking steps held the event loop for 10 to 27 ms each (docs/bench.md).
   */
  pageTransport(): PageTransport {
    return new PageTransport(this.#calls, () => ++this.#lastFetchId);
  }

  /** Drops an unfinished staging area, closes the worker's connection and waits for the thread to end. */
  close(): Promise<void> {
    return this.#calls.close();
  }
}

/** One page request sent by the worker; `page` is the last 2xx answer's page, which the worker keeps. */
export class PageTransport implements HostTransport {
  page: ScannedPage | undefined;
  #markPosted = () => {};
  /** Settles once the first request has been handed to the worker (a write handed over later waits for it). */
  readonly posted = new Promise<void>((resolve) => (this.#markPosted = resolve));
  readonly #calls: WorkerCalls<StagingCalls, RowsNotice>;
  readonly #nextFetchId: () => number;

  constructor(calls: WorkerCalls<StagingCalls, RowsNotice>, nextFetchId: () => number) {
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
      const call = this.#calls.call('fetch', { fetchId, request });
      this.#markPosted();
      fetched = await call;
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
