// The catalog's store: catalog.db's schema, the connection-and-generation holder each thread opens, and
// the narrow parts composed on it (the run log and the reader on the main thread). What the other parts
// of the catalog may use of it is exported here and nowhere else.
export { BatchedInsert, ROWS_PER_INSERT } from './batched-insert.ts';
export {
  CATALOG_DB_FILE,
  CATALOG_TABLES,
  FTS_TABLES,
  SEARCH_INDEX_META_KEY,
  SEARCH_INDEX_TO_REBUILD,
  STAGING_PREFIX,
  catalogMigrations,
  createCatalogTables,
  createDeferredIndexes,
  sizeTermTables,
} from './catalog-schema.ts';
export {
  CATALOG_META,
  CatalogConnection,
  type GenerationWatch,
  type PublishedCatalog,
} from './catalog-connection.ts';
export { CatalogReader } from './catalog-reader.ts';
export { placeCategories, parentCodeOf, type PlacedCategory } from './category-tree.ts';
export { Lru } from './lru.ts';
export { SIZE_COLUMNS, sizeRow, type SizeRecord } from './size-rows.ts';
export type { StoredFacets } from './stored-facets.ts';
export { CHANGES_KEPT_PER_KIND, SyncRunLog, runSummary } from './sync-run-log.ts';
