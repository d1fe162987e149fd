// The catalog worker's entry (a worker_threads worker, one per sync): answers StagingCalls one at a time,
// in the order they arrive, on its own node:sqlite connection to catalog.db. Searches on the main
// thread's connection keep reading the live catalog meanwhile (WAL: readers never wait for this writer).
import { parentPort, type MessagePort } from 'node:worker_threads';
import type { PageKind } from '../../../shared/contract/catalog-search.ts';
import { CatalogStaging, ROWS_PER_TRANSACTION, type SteelPageName } from './catalog-staging.ts';
import { CatalogStore, type StoredFacets } from './catalog-store.ts';
import type { StagingCalls, StagingRequest, StagingWorkerMessage } from './catalog-sync-worker-protocol.ts';
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
  async begin({ file }) {
    store = CatalogStore.open(file, { memoryMap: false });
    staging = new CatalogStaging(store);
    return null;
  },
  async scan({ bytes }) {
    try {
      const list = readODataList(utf8.decode(bytes));
      scanned.set(++lastPageId, list);
      return { readable: true, pageId: lastPageId, nextLink: list.nextLink, count: list.count };
    } catch (error) {
      if (error instanceof ODataListError || error instanceof SyntaxError)
        return { readable: false, reason: error.message };
      throw error;
    }
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
    staging?.discard();
    store?.close();
    staging = undefined;
    store = undefined;
    scanned.clear();
    return null;
  },
};

function post(message: StagingWorkerMessage): void {
  port.postMessage(message);
}

// One call at a time, in order: a write yields between its transactions, and the next call must not
// slip in between them.
let queue = Promise.resolve();
port.on('message', (request: StagingRequest) => {
  queue = queue.then(() => answerCall(port, handlers, request));
});
