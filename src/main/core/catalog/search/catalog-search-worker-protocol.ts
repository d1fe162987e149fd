// The messages between the catalog module (main thread) and its search worker. The worker answers the
// bridge's catalog searches on a node:sqlite connection of its own, with the in-memory search columns
// loaded in its own heap, so a broad search never holds up the main thread's other bridge calls.
import type { CatalogSearchResult } from '../../../../shared/contract/catalog-search.ts';
import type { CatalogSearchQuery } from '../../../../shared/contract/catalog-search-query.ts';
import type { CallRequest } from '../threads/index.ts';

/** What the worker is given when it starts. */
export interface SearchWorkerData {
  /** catalog.db, opened by the module (and healed if it was damaged) before the worker starts. */
  file: string;
  /** The word each search is marked in while it runs (SearchInProgress): a sync's writes give way to it. */
  searches: SharedArrayBuffer;
}

/** Each call the search worker answers, with its input and its answer. */
export interface SearchCalls {
  /** A search, validated at the bridge; answered from the live catalog (a swap is seen at once). */
  search: { input: CatalogSearchQuery; output: CatalogSearchResult };
  /**
   * Tests: which thread answers, how many searches it has answered (to show it is the worker), and
   * whether its in-memory columns are loaded (their loader runs by itself, between searches).
   */
  about: { input: null; output: { threadId: number; searches: number; columnsLoaded: boolean } };
  /**
   * Tests and the bench: searches rank from the in-memory columns (the default) or read SQLite only;
   * answered once the columns are loaded, when on.
   */
  searchColumns: { input: { enabled: boolean }; output: null };
  /**
   * The bench: the worker's heap and array buffers in use, in MB (after a full collection where the
   * process exposes gc, as the bench does); the search columns live here.
   */
  memoryInUse: { input: null; output: { mb: number } };
  /**
   * The desk is up: the worker opens the catalog and loads its search columns now, so that the first key
   * typed into a search does not wait for them. Answered at once; the columns load between searches.
   */
  warmUp: { input: null; output: null };
  /** The bench: cached rankings dropped, so the next search ranks afresh as when a person types. */
  forgetResults: { input: null; output: null };
  /** Closes the connection and the port; the worker then exits. */
  close: { input: null; output: null };
}

export type SearchOp = keyof SearchCalls;

export type SearchRequest<K extends SearchOp = SearchOp> = CallRequest<SearchCalls, K>;
