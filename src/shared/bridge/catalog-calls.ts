// Bridge calls and events of the local catalog and its sync.
import { z } from 'zod';
import {
  type CatalogFacets,
  type CatalogItemDetail,
  type CatalogSearchResult,
  type CatalogStats,
  type SyncChanges,
  type SyncProgress,
  type SyncRunSummary,
  type SyncStatus,
} from '../contract/catalog-search.ts';
import { catalogSearchSchema } from '../contract/catalog-search-query.ts';
import { QUOTE_LINE_FIELDS } from '../contract/request-fields.ts';
import { defineCall, defineEvent } from './define.ts';

const noInput = z.object({}).strict();

export interface SyncStarted {
  /** Undefined when another process on the data directory is syncing (sync:status says which). */
  runId: number | undefined;
  /** A sync was already running, in this process (runId is its id) or in another; none was started. */
  alreadyRunning: boolean;
}

/** What `sync:cancel` came to; both false when no sync of this process runs. */
export interface SyncCancelAnswer {
  /** The sync stops, and the catalog before it is kept. */
  cancelled: boolean;
  /**
   * The sync was past its point of no return: the new catalog is being put in place (a swap that fails
   * rolls back, and the run ends failed with the catalog before it).
   */
  tooLate: boolean;
}

export const catalogCalls = {
  /** The same search as the screen, the CLI and the counter and fair line entry. */
  'catalog:search': defineCall<CatalogSearchResult>()(catalogSearchSchema),
  /** An item with all its sizes; not-found when the item is not in the local catalog. */
  'catalog:item': defineCall<CatalogItemDetail>()(
    z.object({ itemNo: z.string().trim().min(1).max(QUOTE_LINE_FIELDS.itemNo.maxLength) }).strict(),
  ),
  /** Category tree, profiles and grades, each with the number of sizes under it. */
  'catalog:facets': defineCall<CatalogFacets>()(noInput),
  'catalog:stats': defineCall<CatalogStats>()(noInput),
  /** Starts a sync in the background; progress and the outcome arrive as events. */
  /** `force`: swap in even a catalog that lost a whole kind of rows the last sync had (a person decided). */
  'sync:start': defineCall<SyncStarted>()(z.strictObject({ force: z.boolean().optional() })),
  'sync:cancel': defineCall<SyncCancelAnswer>()(noInput),
  'sync:status': defineCall<SyncStatus>()(noInput),
  'sync:runs': defineCall<SyncRunSummary[]>()(
    z.object({ limit: z.number().int().min(1).max(500).default(50) }).strict(),
  ),
  /** What a successful run changed against the catalog before it (default: the latest such run). */
  'sync:changes': defineCall<SyncChanges>()(
    z
      .object({
        runId: z.number().int().min(1).optional(),
        limit: z.number().int().min(1).max(5000).default(500),
      })
      .strict(),
  ),
};

export const catalogEvents = {
  'sync:progress': defineEvent<SyncProgress>(),
  'sync:finished': defineEvent<SyncRunSummary>(),
  /** The live catalog was replaced: searches and open items should be read again. */
  'catalog:changed': defineEvent<{ syncedAt: string }>(),
};
