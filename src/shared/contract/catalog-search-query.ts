// A catalog search as the bridge and the export take it: the one schema of a search's input, apart from
// catalog-search.ts so that the catalog's worker threads, which read that module, never load zod (about
// 10 MB of each thread's memory; docs/decisions.md, "The catalog").
import { z } from 'zod';
import { BLOCKED_FILTERS, CATALOG_SORTS, SEARCH_LIMIT_MAX, SEARCH_QUERY_MAX } from './catalog-search.ts';

const CODE_MAX = 50;

const code = z.string().trim().max(CODE_MAX);

export const catalogSearchSchema = z
  .object({
    /** Words, numbers and codes; the last word is matched as a prefix while it is being typed. */
    query: z.string().max(SEARCH_QUERY_MAX).default(''),
    /** A category and everything under it. */
    categoryCode: code.optional(),
    profileCode: code.optional(),
    gradeCode: code.optional(),
    /** Only sizes with remaining inventory at the last sync. */
    inStock: z.boolean().optional(),
    /** Blocked or sales-blocked items and blocked sizes: shown (default), left out, or alone. */
    blocked: z.enum(BLOCKED_FILTERS).optional(),
    /** The search's own order when not given. */
    sort: z.enum(CATALOG_SORTS).optional(),
    offset: z.number().int().min(0).max(10_000_000).default(0),
    limit: z.number().int().min(1).max(SEARCH_LIMIT_MAX).default(50),
  })
  .strict();
export type CatalogSearchInput = z.input<typeof catalogSearchSchema>;
export type CatalogSearchQuery = z.output<typeof catalogSearchSchema>;
