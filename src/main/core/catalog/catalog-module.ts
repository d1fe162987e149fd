// The local catalog, its sync and search (issue 5).
import type { CoreModule } from '../core-module.ts';
import type { VoaCore } from '../voa-core.ts';

export type CatalogModule = CoreModule<Record<never, never>>;

export function createCatalogModule(_core: VoaCore): CatalogModule {
  return { handlers: {} };
}
