import type { CatalogFacets } from '../../../../shared/contract/catalog-search.ts';

/** The facets a sync counts as it writes, stored with the catalog it swaps in, and its count of sizes. */
export interface StoredFacets extends CatalogFacets {
  sizes: number;
}
