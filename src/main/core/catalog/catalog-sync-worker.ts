// The catalog worker's entry (a worker_threads worker, one per sync): receives the sync's pages from the
// host and answers the other StagingCalls one at a time, in the order they arrive, on its own node:sqlite
// connection to catalog.db. Searches on the search worker's connection keep reading the live catalog
// meanwhile (WAL: readers never wait for this writer).
import diagnosticsChannel from 'node:diagnostics_channel';
import { parentPort, type MessagePort } from 'node:worker_threads';
import type { PageKind } from '../../../shared/contract/catalog-search.ts';
import { HostHttpClient, HostNetworkError } from '../host/host-http-client.ts';
import { classifyStatus } from '../host/host-policy.ts';
import { CatalogStaging, type SteelPageName } from './catalog-staging.ts';
import { CatalogStore, type StoredFacets } from './catalog-store.ts';
import {
  UNQUEUED_CALLS,
  type ScannedPage,
  type StagingCalls,
  type StagingOp,
  type StagingRequest,
  type StagingWorkerMessage,
} from './catalog-sync-worker-protocol.ts';
import { itemRow, text, variantRow } from './catalog-sync-worker-rows.ts';
import { ODataListError, readODataList, type ODataList } from './odata-list.ts';
import { answerCall, type CallHandlers } from './worker-calls.ts';

function parentMessagePort(): MessagePort {
  if (!parentPort) throw new Error('catalog-sync-worker.ts runs as a worker thread only.');
  return parentPort;
}
const port = parentMessagePort();

let store: CatalogStore | undefined;
let staging: CatalogStaging | undefined;
let prepared: { facets: StoredFacets; changes: Awaited<ReturnType<CatalogStaging['diff']>> } | undefined;
const scanned = new Map<number, ODataList>();
let lastPageId = 0;
let http: Promise<HostHttpClient> | undefined;
/** A page request in flight: `sent` settles once its first byte has gone to the host, or it has ended. */
interface FetchInFlight {
  controller: AbortController;
  /** Path and query, as undici reports a request it sends. */
  path: string;
  sent: Promise<void>;
  markSent: () => void;
}
/** Page requests in flight, by fetchId. */
const fetches = new Map<number, FetchInFlight>();

// undici publishes this right before a request's first byte is written to its socket (its documented
// diagnostics channel); a request it sends otherwise counts as sent when it ends.
diagnosticsChannel.subscribe('undici:client:sendHeaders', (message) => {
  const { request } = message as { request?: { path?: unknown } };
  for (const fetch of fetches.values()) if (fetch.path === request?.path) fetch.markSent();
});

/** A URL's path and query as undici reports it; a URL that cannot be parsed is never sent. */
function pathOf(url: string): string {
  if (!URL.canParse(url)) return url;
  const { pathname, search } = new URL(url);
  return `${pathname}${search}`;
}

/**
 * Until every page request in flight has gone to the host. A write holds this thread for a transaction at
 * a time, and undici sends a request only when the event loop turns; so the next page's request is sent
 * before the page in hand is written, and the host builds the one while the other is written.
 */
async function requestsSent(): Promise<void> {
  await Promise.all([...fetches.values()].map((fetch) => fetch.sent));
}

function stage(): CatalogStaging {
  if (!staging) throw new Error('The catalog worker has no staging area: begin was not called.');
  return staging;
}

/**
 * Records parsed at a time. A page is parsed as it is written, inside transactions of
 * ROWS_PER_TRANSACTION rows; in pieces this small the records die in the young generation, where 10,000
 * parsed at once outlived it and piled up in the old one until a full collection (docs/bench.md).
 */
const RECORDS_PARSED_AT_ONCE = 1000;

/** A page's records in order, parsed RECORDS_PARSED_AT_ONCE at a time, each as `coerce` makes it. */
function* recordsOf<T>(list: ODataList, coerce: (record: Record<string, unknown>) => T): Generator<T> {
  for (const batch of list.batches(RECORDS_PARSED_AT_ONCE)) for (const record of batch) yield coerce(record);
}

async function writePage(kind: PageKind, list: ODataList): Promise<void> {
  const into = stage();
  const committed = (count: number) => post({ id: undefined, rows: { kind, count } });
  switch (kind) {
    case 'categories': {
      const categories = [
        ...recordsOf(list, (row) => ({ Code: text(row.Code), Description: text(row.Description) })),
      ];
      into.addCategories(categories);
      committed(categories.length);
      return;
    }
    case 'items':
      return into.addItems(recordsOf(list, itemRow), committed);
    case 'variants':
      return into.addVariants(recordsOf(list, variantRow), committed);
    default:
      return into.addSteelRows(
        STEEL_PAGE_OF[kind],
        recordsOf(list, (record) => record),
        committed,
      );
  }
}

const STEEL_PAGE_OF: Record<'profiles' | 'grades' | 'itemTypes', SteelPageName> = {
  profiles: 'voaProfiles',
  grades: 'voaGrades',
  itemTypes: 'voaItemTypes',
};

const handlers: CallHandlers<StagingCalls> = {
  async begin({ file, caFile }) {
    store = CatalogStore.open(file, { memoryMap: false });
    staging = new CatalogStaging(store);
    http = HostHttpClient.create(caFile ? { caFile } : {});
    // A CA file that cannot be read fails the first page request, as it would on the main thread.
    http.catch(() => {});
    return null;
  },
  async fetch({ fetchId, request }) {
    if (!http) throw new Error('The catalog worker has no HTTP client: begin was not called.');
    const controller = new AbortController();
    let markSent = () => {};
    const sent = new Promise<void>((resolve) => (markSent = resolve));
    const inFlight: FetchInFlight = { controller, path: pathOf(request.url), sent, markSent };
    fetches.set(fetchId, inFlight);
    try {
      const response = await (await http).send({ ...request, signal: controller.signal });
      const { status, headers } = response;
      if (classifyStatus(status) !== 'ok') return { kind: 'answer', status, headers, body: response.body };
      return { kind: 'page', status, headers, page: scan(response.bytes) };
    } catch (error) {
      if (error instanceof HostNetworkError)
        return { kind: 'noAnswer', message: error.message, timedOut: error.timedOut };
      throw error;
    } finally {
      markSent();
      fetches.delete(fetchId);
    }
  },
  async abortFetch({ fetchId }) {
    fetches.get(fetchId)?.controller.abort(new Error('The page request was aborted.'));
    return null;
  },
  async write({ pageId, kind }) {
    const list = scanned.get(pageId);
    scanned.delete(pageId);
    if (!list) throw new Error(`The catalog worker has no scanned page ${pageId}.`);
    await requestsSent();
    await writePage(kind, list);
    return null;
  },
  async completeCategories() {
    stage().completeCategories();
    return null;
  },
  async keepSteelRows({ page }) {
    return stage().keepPreviousSteelRows(page);
  },
  async prepareSwap() {
    const facets = await stage().complete();
    prepared = { facets, changes: await stage().diff() };
    return null;
  },
  async swap({ fields }) {
    if (!prepared) throw new Error('The catalog worker was asked to swap before prepareSwap.');
    stage().swap(fields, prepared.facets, prepared.changes);
    return null;
  },
  async close() {
    for (const { controller } of fetches.values()) controller.abort(new Error('The catalog worker closed.'));
    await (await http?.catch(() => undefined))?.close();
    http = undefined;
    staging?.discard();
    store?.close();
    staging = undefined;
    store = undefined;
    scanned.clear();
    return null;
  },
};

/** A page's body, scanned for its records and kept until it is written. */
function scan(bytes: Uint8Array): ScannedPage {
  try {
    const list = readODataList(bytes);
    scanned.set(++lastPageId, list);
    return { readable: true, pageId: lastPageId, nextLink: list.nextLink, count: list.count };
  } catch (error) {
    if (error instanceof ODataListError || error instanceof SyntaxError)
      return { readable: false, reason: error.message };
    throw error;
  }
}

function post(message: StagingWorkerMessage): void {
  port.postMessage(message);
}

// One call at a time, in order: a write yields between its transactions, and the next call must not
// slip in between them. Page requests are answered as they come: they touch no database.
const unqueued: ReadonlySet<StagingOp> = new Set(UNQUEUED_CALLS);
let queue = Promise.resolve();
port.on('message', (request: StagingRequest) => {
  if (unqueued.has(request.op)) void answerCall(port, handlers, request);
  else queue = queue.then(() => answerCall(port, handlers, request));
});
