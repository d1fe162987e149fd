// The catalog as the rest of the core sees it: the module the composition root creates, and the few
// names of its parts that other modules use. Nothing outside src/main/core/catalog imports past here.
export {
  SyncElsewhereError,
  createCatalogModule,
  describeHolder,
  type CatalogModule,
  type CatalogServices,
  type RunningSync,
  type SyncRequest,
} from './catalog-module.ts';
export type { CatalogSearch } from './search/index.ts';
export { CATALOG_DB_FILE, catalogMigrations } from './store/index.ts';
export { DEFAULT_SYNC_POLICY, companySegment, nextPageUrl, type SyncPolicy } from './sync/index.ts';
