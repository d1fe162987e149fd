// The catalog worker's entry (a worker_threads worker, one per sync): receives the sync's pages from the
// host and answers the other StagingCalls one at a time, in the order they arrive, on its own node:sqlite
// connection to catalog.db. Searches on the search worker's connection keep reading the live catalog
// meanwhile (WAL: readers never wait for this writer).
import { parentPort, type MessagePort } from 'node:worker_threads';
import type { PageKind } from '../../../shared/contract/catalog-search.ts';
import { HostHttpClient, HostNetworkError } from '../host/host-http-client.ts';
import { classifyStatus } from '../host/host-policy.ts';
import { CatalogStaging, ROWS_PER_TRANSACTION, type SteelPageName } from './catalog-staging.ts';
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
const utf8 = new TextDecoder();
let http: Promise<HostHttpClient> | undefined;
/** Page requests in flight, by fetchId. */
const fetches = new Map<number, AbortController>();

function stage(): CatalogStaging {
  if (!staging) throw new Error('The catalog worker has no staging area: begin was not called.');
  return staging;
}

function writeRows(kind: PageKind, rows: Record<string, unknown>[]): Promise<void> | void {
  const into = stage();
  switch (kind) {
    case 'categories':
      return into.addCategories(
        rows.map((row) => ({ Code: text(row.Code), Description: text(row.Description) })),
      );
    case 'items':
      return into.addItems(rows.map(itemRow));
    case 'variants':
      return into.addVariants(rows.map(variantRow));
    default:
      return into.addSteelRows(STEEL_PAGE_OF[kind], rows);
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
    fetches.set(fetchId, controller);
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
      fetches.delete(fetchId);
    }
  },
  async abortFetch({ fetchId }) {
    fetches.get(fetchId)?.abort(new Error('The page request was aborted.'));
    return null;
  },
  async write({ pageId, kind }) {
    const list = scanned.get(pageId);
    scanned.delete(pageId);
    if (!list) throw new Error(`The catalog worker has no scanned page ${pageId}.`);
    for (const batch of list.batches(ROWS_PER_TRANSACTION)) {
      await writeRows(kind, batch);
      post({ id: undefined, rows: { kind, count: batch.length } });
    }
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
    for (const controller of fetches.values()) controller.abort(new Error('The catalog worker closed.'));
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
    const list = readODataList(utf8.decode(bytes));
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
