// The messages between a sync (main thread) and its catalog worker. The worker owns the pages and the
// writes of one sync: it receives each page from the host, reads its text, stages the rows, merges the
// index, works out the changes and swaps the catalog in, on a node:sqlite connection of its own, so none
// of that holds up the main thread. The main thread keeps the token, the headers and the host policy.
import type { PageKind } from '../../../shared/contract/catalog-search.ts';
import type { HostRequest } from '../host/host-http-client.ts';
import type { SteelPageName, SwapFields } from './catalog-staging.ts';
import type { CallAnswer, CallRequest } from './worker-calls.ts';

/** A page whose text the worker has scanned and keeps until it is written. */
export type ScannedPage =
  | { readable: true; pageId: number; nextLink: string | undefined; count: number }
  | { readable: false; reason: string };

/** What one page request came to in the worker. */
export type FetchedPage =
  /** A 2xx answer: its body stays in the worker, scanned. */
  | { kind: 'page'; status: number; headers: Record<string, string>; page: ScannedPage }
  /** Any other answer, with its body (an error message) for the host policy and the run's message. */
  | { kind: 'answer'; status: number; headers: Record<string, string>; body: string }
  /** No answer (HostNetworkError in the worker): refused, reset, TLS failure or time-out. */
  | { kind: 'noAnswer'; message: string; timedOut: boolean };

/**
 * Calls the worker answers as they come rather than one after the other: a page is received while the
 * one before it is written.
 */
export const UNQUEUED_CALLS = ['fetch', 'abortFetch'] as const satisfies readonly StagingOp[];

/** Each call the worker answers, with its input and its answer. */
export interface StagingCalls {
  /**
   * Opens catalog.db and clears any staging left behind; the caller holds the sync lock. `caFile`: the
   * extra CA file of Settings, for the worker's own HTTP client.
   */
  begin: { input: { file: string; caFile: string | undefined }; output: null };
  /** Sends one page request (its token and headers made on the main thread) and receives the answer. */
  fetch: { input: { fetchId: number; request: Omit<HostRequest, 'signal'> }; output: FetchedPage };
  /** Aborts a fetch in flight (the sync was cancelled or failed). */
  abortFetch: { input: { fetchId: number }; output: null };
  /** Stages a scanned page's records, reporting rows as each transaction commits. */
  write: { input: { pageId: number; kind: PageKind }; output: null };
  completeCategories: { input: null; output: null };
  /** A steel page the host refused: its rows from the live catalog are staged instead; answers how many. */
  keepSteelRows: { input: { page: SteelPageName }; output: number };
  /** Items without variants, the index merge, the facets and the changes: all but the swap. */
  prepareSwap: { input: null; output: null };
  swap: { input: { fields: SwapFields }; output: null };
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
