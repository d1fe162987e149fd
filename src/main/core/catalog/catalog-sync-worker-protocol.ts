// The messages between a sync (main thread) and its catalog worker. The worker owns the writes of one
// sync: it reads each page's text, stages the rows, merges the index, works out the changes and swaps
// the catalog in, on a node:sqlite connection of its own, so none of that holds up the main thread.
import type { PageKind } from '../../../shared/contract/catalog-search.ts';
import type { SteelPageName, SwapFields } from './catalog-staging.ts';
import type { CallAnswer, CallRequest } from './worker-calls.ts';

/** A page whose text the worker has scanned and keeps until it is written. */
export type ScannedPage =
  | { readable: true; pageId: number; nextLink: string | undefined; count: number }
  | { readable: false; reason: string };

/** Each call the worker answers, with its input and its answer. */
export interface StagingCalls {
  /** Opens catalog.db and clears any staging left behind; the caller holds the sync lock. */
  begin: { input: { file: string }; output: null };
  /** A page's body as the host sent it (UTF-8 bytes, moved here from the main thread). */
  scan: { input: { bytes: Uint8Array<ArrayBuffer> }; output: ScannedPage };
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
