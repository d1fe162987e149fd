// The messages between a sync (main thread) and its two workers. The page receiver sends each page
// request and receives the answer, scans a page for its records and hands the page on to the catalog
// worker; the catalog worker reads the records, stages the rows, writes the index, works out the changes
// and swaps the catalog in, on a node:sqlite connection of its own. So neither holds up the main thread,
// and a page is received while the one before it is written. The main thread keeps the token, the
// headers and the host policy.
import type { PageKind } from '../../../../shared/contract/catalog-search.ts';
import { MessagePort, workerData } from 'node:worker_threads';
import type { HostRequest } from '../../host/host-http-client.ts';
import type { ProxyChoice } from '../../host/proxy-choice.ts';
import type { SteelPageName, SwapFields } from './catalog-staging.ts';
import type { SearchIndexRebuild } from './search-index-rebuild.ts';
import type { ODataListBounds } from './odata-list.ts';
import { SearchInProgress, type CallAnswer, type CallRequest } from '../threads/index.ts';

/** A page the receiver has scanned and handed to the catalog worker, which keeps it until it is written. */
export type ScannedPage =
  | { readable: true; pageId: number; nextLink: string | undefined; count: number }
  | { readable: false; reason: string };

/** What one page request came to in the receiver. */
export type FetchedPage =
  /** A 2xx answer: its body went on to the catalog worker, scanned. */
  | { kind: 'page'; status: number; headers: Record<string, string>; page: ScannedPage }
  /** Any other answer, with its body (an error message) for the host policy and the run's message. */
  | { kind: 'answer'; status: number; headers: Record<string, string>; body: string }
  /** No answer (HostNetworkError in the receiver): refused, reset, TLS failure or time-out. */
  | { kind: 'noAnswer'; message: string; timedOut: boolean };

/** Each call the page receiver answers, as they come (a page is received while another is written). */
export interface ReceiverCalls {
  /**
   * `caFile`: the extra CA file of Settings, for the receiver's own HTTP client; `proxy`: the proxy the
   * main thread chose for the host (a worker cannot ask the system); without it, the proxy variables.
   */
  begin: { input: { caFile: string | undefined; proxy?: ProxyChoice | undefined }; output: null };
  /** Sends one page request (its token and headers made on the main thread) and receives the answer. */
  fetch: { input: { fetchId: number; request: Omit<HostRequest, 'signal'> }; output: FetchedPage };
  /** Aborts a fetch in flight (the sync was cancelled or failed). */
  abortFetch: { input: { fetchId: number }; output: null };
  close: { input: null; output: null };
}

export type ReceiverOp = keyof ReceiverCalls;
export type ReceiverRequest<K extends ReceiverOp = ReceiverOp> = CallRequest<ReceiverCalls, K>;

/** What a sync's worker is given when it starts. */
export interface SyncWorkerData {
  /** Its end of the channel between the page receiver and the catalog worker. */
  pages: MessagePort;
  /**
   * Given to a sync's catalog worker only: the word the search worker marks its searches in
   * (SearchInProgress), so that its writes give way to them. A search index rebuild has none, as searches
   * wait for the rebuild to end anyway.
   */
  searches?: SharedArrayBuffer;
}

/** This worker's workerData, each field unchecked until read. */
const given = (workerData ?? {}) as Partial<Record<keyof SyncWorkerData, unknown>>;

/** In a sync's worker: its end of the channel between the page receiver and the catalog worker. */
export function pagesChannel(): MessagePort {
  if (!(given.pages instanceof MessagePort))
    throw new Error('A sync worker was started without its pages channel.');
  return given.pages;
}

/** In the catalog worker: the searches its writes give way to, if it was given them. */
export function searchesGivenWayTo(): SearchInProgress | undefined {
  return given.searches instanceof SharedArrayBuffer ? new SearchInProgress(given.searches) : undefined;
}

/**
 * A scanned page, from the receiver to the catalog worker over their own channel (workerData `pages`);
 * its buffers are transferred, not copied.
 */
export interface HandedPage extends ODataListBounds {
  pageId: number;
  bytes: Uint8Array<ArrayBuffer>;
}

/** Each call the catalog worker answers, one at a time in order, with its input and its answer. */
export interface StagingCalls {
  /**
   * Opens catalog.db and clears any staging left behind; the caller holds the sync lock.
   */
  begin: { input: { file: string }; output: null };
  /**
   * Stages a page the receiver handed over (waiting for it to arrive), reporting rows as each transaction
   * commits. Answers why if a record of the page is not JSON: the sync then fails as the host's fault.
   */
  write: { input: { pageId: number; kind: PageKind }; output: { unreadable: string } | null };
  completeCategories: { input: null; output: null };
  /** A steel page the host refused: its rows from the live catalog are staged instead; answers how many. */
  keepSteelRows: { input: { page: SteelPageName }; output: number };
  /** Items without variants, the search index, the facets and the changes: all but the swap. */
  prepareSwap: { input: null; output: null };
  swap: { input: { fields: SwapFields }; output: null };
  /**
   * The live catalog's search index gathered from its tables, for a catalog.db from before the index
   * (search-index-rebuild.ts), on a connection of its own; a `close` arriving meanwhile stops it.
   * Answers what it came to and the thread that did it.
   */
  rebuildSearchIndex: {
    input: { file: string };
    output: { outcome: SearchIndexRebuild; threadId: number };
  };
  /** Drops an unfinished staging area and closes the connection; the worker then exits. */
  close: { input: null; output: null };
}

export type StagingOp = keyof StagingCalls;

export type StagingRequest<K extends StagingOp = StagingOp> = CallRequest<StagingCalls, K>;

/** Rows of one committed transaction. */
export interface RowsNotice {
  id: undefined;
  rows: { kind: PageKind; count: number };
}

export type StagingWorkerMessage = CallAnswer<StagingCalls> | RowsNotice;
