// The page receiver's entry (a worker_threads worker, one per sync, beside the catalog worker): sends the
// sync's page requests, receives each answer, scans a page for its records and hands the page's bytes on
// to the catalog worker over their own channel. Receiving here rather than in the catalog worker takes
// the TLS, HTTP and scanning work (about a sixth of that thread's) off the thread that writes, so the
// next page is received while one is written (docs/decisions.md).
import { HostHttpClient, HostNetworkError } from '../../host/host-http-client.ts';
import { classifyStatus } from '../../host/answer-classes.ts';
import {
  pagesChannel,
  type HandedPage,
  type ReceiverCalls,
  type ReceiverRequest,
  type ScannedPage,
} from './catalog-sync-worker-protocol.ts';
import { ODataListError, ownedBytes, scanODataList } from './odata-list.ts';
import { answerCall, parentMessagePort, type CallHandlers } from '../threads/index.ts';

const port = parentMessagePort('catalog-page-receiver.ts');
/** The channel to the catalog worker (CatalogWorker makes it and hands each end to its thread). */
const pages = pagesChannel();

let http: Promise<HostHttpClient> | undefined;
let lastPageId = 0;
/** Page requests in flight, by fetchId. */
const fetches = new Map<number, AbortController>();

const handlers: CallHandlers<ReceiverCalls> = {
  async begin({ caFile, proxy }) {
    http = HostHttpClient.create({ ...(caFile ? { caFile } : {}), proxy: proxy ? { fixed: proxy } : {} });
    // A CA file that cannot be read fails the first page request, as it would on the main thread.
    http.catch(() => {});
    return null;
  },
  async fetch({ fetchId, request }) {
    if (!http) throw new Error('The page receiver has no HTTP client: begin was not called.');
    const controller = new AbortController();
    fetches.set(fetchId, controller);
    try {
      const response = await (await http).send({ ...request, signal: controller.signal });
      const { status, headers } = response;
      if (classifyStatus(status) !== 'ok') return { kind: 'answer', status, headers, body: response.body };
      return { kind: 'page', status, headers, page: handOn(response.bytes) };
    } catch (error) {
      if (error instanceof HostNetworkError)
        return { kind: 'noAnswer', message: error.message, timedOut: error.timedOut };
      throw error;
    } finally {
      fetches.delete(fetchId);
    }
  },
  async abortFetch({ fetchId }) {
    fetches.get(fetchId)?.abort(new Error('The page request was aborted.'));
    return null;
  },
  async close() {
    for (const controller of fetches.values()) controller.abort(new Error('The page receiver closed.'));
    await (await http?.catch(() => undefined))?.close();
    http = undefined;
    pages.close();
    return null;
  },
};

/** A page's body scanned for its records and handed to the catalog worker, which keeps it until written. */
function handOn(received: Uint8Array<ArrayBuffer>): ScannedPage {
  try {
    const bounds = scanODataList(received);
    const bytes = ownedBytes(received);
    const scanned: ScannedPage = {
      readable: true,
      pageId: ++lastPageId,
      nextLink: bounds.nextLink,
      count: bounds.starts.length,
    };
    // Transferred, so the buffers are this thread's no more (empty here) once posted.
    const page: HandedPage = { pageId: scanned.pageId, bytes, ...bounds };
    pages.postMessage(page, [bytes.buffer, bounds.starts.buffer, bounds.ends.buffer]);
    return scanned;
  } catch (error) {
    if (error instanceof ODataListError || error instanceof SyntaxError)
      return { readable: false, reason: error.message };
    throw error;
  }
}

port.on('message', (request: ReceiverRequest) => void answerCall(port, handlers, request));
