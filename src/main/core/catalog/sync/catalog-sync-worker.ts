// The catalog worker's entry (a worker_threads worker, one per sync): stages the pages the page receiver
// hands over and answers the other StagingCalls one at a time, in the order they arrive, on its own
// node:sqlite connection to catalog.db. Searches on the search worker's connection keep reading the live
// catalog meanwhile (WAL: readers never wait for this writer).
import type { PageKind } from '../../../../shared/contract/catalog-search.ts';
import { CatalogStaging, type SteelPageName } from './catalog-staging.ts';
import { CatalogConnection, type StoredFacets } from '../store/index.ts';
import {
  pagesChannel,
  searchesGivenWayTo,
  type HandedPage,
  type StagingCalls,
  type StagingRequest,
  type StagingWorkerMessage,
} from './catalog-sync-worker-protocol.ts';
import { categoryRow, itemRow, steelRow, variantRow } from './catalog-sync-worker-rows.ts';
import { ODataListError, odataList, type ODataList } from './odata-list.ts';
import { answerCall, parentMessagePort, type CallHandlers } from '../threads/index.ts';
import { rebuildSearchIndex } from './search-index-rebuild.ts';
import { threadId } from 'node:worker_threads';

const port = parentMessagePort('catalog-sync-worker.ts');
/** The channel from the page receiver (CatalogWorker makes it and hands each end to its thread). */
const pages = pagesChannel();
/** The search worker's searches: a person waits for one, so the staging lets it end first. */
const searches = searchesGivenWayTo();

let connection: CatalogConnection | undefined;
let staging: CatalogStaging | undefined;
let prepared: { facets: StoredFacets; changes: Awaited<ReturnType<CatalogStaging['diff']>> } | undefined;
/** Pages handed over and not yet written, by pageId. */
const handed = new Map<number, ODataList>();
/** Writes waiting for their page: the receiver answers the main thread and hands the page on at once,
 * but the two messages travel apart. */
const awaited = new Map<number, (list: ODataList) => void>();

pages.on('message', (page: HandedPage) => {
  const list = odataList(page.bytes, page);
  const waiting = awaited.get(page.pageId);
  awaited.delete(page.pageId);
  if (waiting) waiting(list);
  else handed.set(page.pageId, list);
});

function handedPage(pageId: number): ODataList | Promise<ODataList> {
  const list = handed.get(pageId);
  handed.delete(pageId);
  return list ?? new Promise((resolve) => awaited.set(pageId, resolve));
}

function stage(): CatalogStaging {
  if (!staging) throw new Error('The catalog worker has no staging area: begin was not called.');
  return staging;
}

/**
 * Records parsed at a time. A page is parsed as it is written, inside transactions of
 * ROWS_PER_TRANSACTION rows; in pieces this small the records die in the young generation, where 10,000
 * parsed at once outlived it and piled up in the old one until a full collection. A piece's text (about
 * 280 bytes a size) is also held twice while parsed, decoded and inside its brackets, and a string over
 * V8's 128 KB limit for the young generation goes straight to the large-object space, which only a full
 * collection empties: 1,000 records (280 KB) took the worker's heap to 50 to 63 MB, 250 (70 KB) to 20 to
 * 22 MB (docs/decisions.md).
 */
const RECORDS_PARSED_AT_ONCE = 250;

/** A page's records in order, parsed RECORDS_PARSED_AT_ONCE at a time, each as `coerce` makes it. */
function* recordsOf<T>(list: ODataList, coerce: (record: Record<string, unknown>) => T): Generator<T> {
  for (const batch of list.batches(RECORDS_PARSED_AT_ONCE)) for (const record of batch) yield coerce(record);
}

async function writePage(kind: PageKind, list: ODataList): Promise<void> {
  const into = stage();
  const committed = (count: number) => post({ id: undefined, rows: { kind, count } });
  switch (kind) {
    case 'categories': {
      const categories = [...recordsOf(list, categoryRow)];
      into.addCategories(categories);
      committed(categories.length);
      return;
    }
    case 'items':
      return into.addItems(recordsOf(list, itemRow), committed);
    case 'variants':
      return into.addVariants(recordsOf(list, variantRow), committed);
    default:
      return into.addSteelRows(STEEL_PAGE_OF[kind], recordsOf(list, steelRow), committed);
  }
}

const STEEL_PAGE_OF: Record<'profiles' | 'grades' | 'itemTypes', SteelPageName> = {
  profiles: 'voaProfiles',
  grades: 'voaGrades',
  itemTypes: 'voaItemTypes',
};

const handlers: CallHandlers<StagingCalls> = {
  async begin({ file }) {
    connection = CatalogConnection.open(file, { forSync: true });
    staging = new CatalogStaging(connection, searches && (() => void searches.giveWay()));
    return null;
  },
  async write({ pageId, kind }) {
    const list = await handedPage(pageId);
    try {
      await writePage(kind, list);
    } catch (error) {
      if (error instanceof ODataListError) return { unreadable: error.message };
      throw error;
    } finally {
      // Its bytes are freed now, not at a full collection (ODataList.release).
      list.release();
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
  async rebuildSearchIndex({ file }) {
    const own = CatalogConnection.open(file, { forSync: true });
    try {
      return { outcome: await rebuildSearchIndex(own, () => closing), threadId };
    } finally {
      own.close();
    }
  },
  async close() {
    staging?.discard();
    connection?.close();
    staging = undefined;
    connection = undefined;
    for (const list of handed.values()) list.release();
    handed.clear();
    pages.close();
    return null;
  },
};

function post(message: StagingWorkerMessage): void {
  port.postMessage(message);
}

// One call at a time, in order: a write yields between its transactions, and the next call must not
// slip in between them.
let queue = Promise.resolve();
/** A close has arrived: a search index rebuild in progress stops at its next step. */
let closing = false;
port.on('message', (request: StagingRequest) => {
  if (request.op === 'close') closing = true;
  queue = queue.then(() => answerCall(port, handlers, request));
});
