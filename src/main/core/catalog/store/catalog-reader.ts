// The main thread's reads of the live catalog: an item with its sizes, the facets, the counts and the
// stats the bridge's catalog calls answer with. Searches are the search worker's (search/).
import type { DatabaseSync } from 'node:sqlite';
import { STEEL_PAGES } from '../../../../shared/contract/catalog-pages.ts';
import {
  type CatalogItemDetail,
  type CatalogStats,
  type PageKindCounts,
} from '../../../../shared/contract/catalog-search.ts';
import { CATALOG_META, type CatalogConnection, type GenerationWatch } from './catalog-connection.ts';
import { SIZE_COLUMNS, sizeRow, type SizeRecord } from './size-rows.ts';
import type { StoredFacets } from './stored-facets.ts';
import { storedPageCounts } from './stored-json.ts';
import type { SyncRunLog } from './sync-run-log.ts';

export class CatalogReader {
  readonly #connection: CatalogConnection;
  readonly #db: DatabaseSync;
  readonly #runLog: SyncRunLog;
  readonly #generation: GenerationWatch;
  #facets: StoredFacets | undefined;

  constructor(connection: CatalogConnection, runLog: SyncRunLog) {
    this.#connection = connection;
    this.#db = connection.database();
    this.#runLog = runLog;
    this.#generation = connection.watchGeneration();
  }

  syncedAt(): string | undefined {
    return this.#connection.syncedAt();
  }

  steel(): boolean | undefined {
    return this.#connection.steel();
  }

  item(itemNo: string): CatalogItemDetail | undefined {
    const find = this.#db.prepare('SELECT * FROM item WHERE no = ?');
    const item = (find.get(itemNo) ?? find.get(itemNo.toUpperCase())) as
      | {
          no: string;
          description: string;
          description2: string;
          base_unit: string;
          price_unit: string;
          category_code: string;
          profile_code: string;
          grade_code: string;
          blocked: number;
          sales_blocked: number;
        }
      | undefined;
    if (!item) return undefined;
    const sizes = this.#db
      .prepare(
        `SELECT ${SIZE_COLUMNS} FROM size s LEFT JOIN item i ON i.no = s.item_no
         WHERE s.item_no = ? ORDER BY s.variant_code`,
      )
      .all(item.no) as SizeRecord[];
    const categoryPath: { code: string; description: string }[] = [];
    const categoryOf = this.#db.prepare('SELECT code, description, parent_code FROM category WHERE code = ?');
    let code = item.category_code;
    for (let depth = 0; code && depth < 20; depth++) {
      const category = categoryOf.get(code) as
        { code: string; description: string; parent_code: string } | undefined;
      if (!category) break;
      categoryPath.unshift({ code: category.code, description: category.description });
      code = category.parent_code;
    }
    const steel = (page: string, key: string) => {
      if (!key) return undefined;
      const row = this.#db
        .prepare('SELECT key, description FROM steel_row WHERE page = ? AND key = ?')
        .get(page, key) as { key: string; description: string } | undefined;
      return { code: key, description: row?.description ?? '' };
    };
    return {
      itemNo: item.no,
      description: item.description,
      description2: item.description2,
      baseUnit: item.base_unit,
      priceUnit: item.price_unit,
      categoryCode: item.category_code,
      categoryPath,
      profile: steel(STEEL_PAGES.profiles, item.profile_code),
      grade: steel(STEEL_PAGES.grades, item.grade_code),
      blocked: item.blocked === 1,
      salesBlocked: item.sales_blocked === 1,
      sizes: sizes.map(sizeRow),
      syncedAt: this.syncedAt(),
    };
  }

  /** Facets are computed by the sync before the swap and stored with the catalog; read once per catalog. */
  facets(): StoredFacets {
    // A swap (in the sync worker, or another process's) writes a new generation.
    if (this.#generation.replaced()) this.#facets = undefined;
    return (this.#facets ??= this.#connection.facets());
  }

  counts(): PageKindCounts {
    return storedPageCounts(this.#connection.meta(CATALOG_META.counts));
  }

  stats(): CatalogStats {
    return {
      counts: this.counts(),
      sizes: this.facets().sizes,
      steel: this.steel(),
      syncedAt: this.syncedAt(),
      lastSync: this.#runLog.lastRun(),
    };
  }
}
