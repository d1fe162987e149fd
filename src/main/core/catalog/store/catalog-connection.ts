// One thread's node:sqlite connection to catalog.db and the catalog generation live on it. Each thread
// opens one (WAL: readers never wait for the sync's writer) and composes on it only the parts it uses:
// the main thread the run log and the reader, the search worker the search, the sync worker the staging.
// Those parts keep the database to themselves; none hands it on.
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type { PageKindCounts } from '../../../../shared/contract/catalog-search.ts';
import { openDatabase, openDatabaseToRead } from '../../db/sqlite.ts';
import { SEARCH_INDEX_META_KEY, SEARCH_INDEX_TO_REBUILD, catalogMigrations } from './catalog-schema.ts';
import { Lru } from './lru.ts';
import type { StoredFacets } from './stored-facets.ts';
import { storedFacets } from './stored-json.ts';

/** Bytes of catalog.db read through a memory map: a 500,000-size catalog and its staged successor. */
const CATALOG_MMAP_BYTES = 1 << 30;

/** Page caches in KB: the sync's writer's, and a reader's (which reads mostly through the memory map). */
const SYNC_PAGE_CACHE_KB = 4096;
const READ_PAGE_CACHE_KB = 16384;

/** The meta table's keys: what a swap publishes with the catalog it swaps in. */
export const CATALOG_META = {
  generation: 'generation',
  syncedAt: 'synced_at',
  steel: 'steel',
  counts: 'counts',
  facets: 'facets',
  syncHolder: 'sync_holder',
} as const;

/** What a swap publishes with the catalog it swaps in, in the swap's transaction. */
export interface PublishedCatalog {
  generation: number;
  syncedAt: string;
  steel: boolean;
  counts: PageKindCounts;
  facets: StoredFacets;
}

export class CatalogConnection {
  readonly #db: DatabaseSync;
  /** Statements compiled once: a search runs the same few on every key. */
  readonly #statements = new Lru<StatementSync>(64);

  private constructor(db: DatabaseSync) {
    this.#db = db;
  }

  /**
   * `forSync` for the sync's writer: no memory map and a small page cache (below). Searches and the main
   * thread's reads read through the memory map.
   */
  static open(file: string, { forSync = false }: { forSync?: boolean } = {}): CatalogConnection {
    const db = openDatabase(file, catalogMigrations, 'normal');
    // The sync's writer appends rows in id order and looks items up in key order: 4 MB of page cache
    // (SQLite's default is 2 MB) serve it. It had 16 MB for the pages of the FTS5 index it wrote; without
    // that index, 16 MB only added to the syncing process's peak (docs/decisions.md, "Peak RSS").
    db.exec(`PRAGMA cache_size = -${forSync ? SYNC_PAGE_CACHE_KB : READ_PAGE_CACHE_KB}`);
    // Reads through a memory map: a search touches thousands of size rows scattered over the file, and
    // reading them from the OS page cache without a copy per page halves a broad search's row fetch at
    // 500,000 sizes (docs/catalog.md, "What a search costs"). Every page read that way stays in the
    // process's resident set (file-backed) while the map is open, though: the sync's writer reads most of
    // the new catalog in its changes and swap, which added 70 to 90 MB to the syncing process's peak at
    // 500,000 sizes (docs/decisions.md), so it reads through its page cache instead.
    if (!forSync) db.exec(`PRAGMA mmap_size = ${CATALOG_MMAP_BYTES}`);
    return new CatalogConnection(db);
  }

  /** Read only and immutable, for a full disk (sqlite.ts, openDatabaseToRead); undefined if unreadable. */
  static openToRead(file: string): CatalogConnection | undefined {
    const db = openDatabaseToRead(file, catalogMigrations.length);
    return db ? new CatalogConnection(db) : undefined;
  }

  /** For the parts composed on this connection (catalog-reader, sync-run-log, catalog-search, staging). */
  database(): DatabaseSync {
    return this.#db;
  }

  get isOpen(): boolean {
    return this.#db.isOpen;
  }

  /** A statement compiled once per connection. */
  statement(sql: string): StatementSync {
    let statement = this.#statements.get(sql);
    if (!statement) {
      statement = this.#db.prepare(sql);
      this.#statements.set(sql, statement);
    }
    return statement;
  }

  meta(key: string): string | undefined {
    // Read on every search (the generation, the sync time, steel): compiled once.
    const row = this.statement('SELECT value FROM meta WHERE key = ?').get(key) as
      { value: string } | undefined;
    return row?.value;
  }

  setMeta(key: string, value: string): void {
    this.statement(
      'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
    ).run(key, value);
  }

  /** The live catalog's generation: each swap writes a new one, so a cache knows when it is stale. */
  generation(): string | undefined {
    return this.meta(CATALOG_META.generation);
  }

  /** What a swap writes with the catalog it swaps in; inside the swap's transaction. */
  publish(catalog: PublishedCatalog): void {
    this.setMeta(CATALOG_META.generation, String(catalog.generation));
    this.setMeta(CATALOG_META.syncedAt, catalog.syncedAt);
    this.setMeta(CATALOG_META.steel, catalog.steel ? '1' : '0');
    this.setMeta(CATALOG_META.counts, JSON.stringify(catalog.counts));
    this.setMeta(CATALOG_META.facets, JSON.stringify(catalog.facets));
    // The catalog swapped in comes with its own search index: none is left to gather.
    this.statement('DELETE FROM meta WHERE key = ?').run(SEARCH_INDEX_META_KEY);
  }

  /**
   * Whether the live catalog's search index is still to be gathered from its tables (a catalog.db from
   * before the index; sync/search-index-rebuild.ts gathers it in the sync's catalog worker).
   */
  searchIndexPending(): boolean {
    return this.meta(SEARCH_INDEX_META_KEY) === SEARCH_INDEX_TO_REBUILD;
  }

  syncedAt(): string | undefined {
    return this.meta(CATALOG_META.syncedAt);
  }

  /** Whether the last sync found the steel extension; undefined before a first sync. */
  steel(): boolean | undefined {
    const value = this.meta(CATALOG_META.steel);
    return value === undefined ? undefined : value === '1';
  }

  /** The facets the last swap stored with its catalog. */
  facets(): StoredFacets {
    return storedFacets(this.meta(CATALOG_META.facets));
  }

  /**
   * A watch on the generation for one part's caches: `replaced()` is true once after each swap (of this
   * process or another) since the watch last looked.
   */
  watchGeneration(): GenerationWatch {
    let seen = this.generation();
    return {
      replaced: () => {
        const now = this.generation();
        if (now === seen) return false;
        seen = now;
        return true;
      },
      accept: () => {
        if (this.#db.isOpen) seen = this.generation();
      },
    };
  }

  close(): void {
    if (this.#db.isOpen) this.#db.close();
  }
}

export interface GenerationWatch {
  /** True once after each swap since the last look. */
  replaced(): boolean;
  /** What is cached from now on belongs to the generation live now. */
  accept(): void;
}
