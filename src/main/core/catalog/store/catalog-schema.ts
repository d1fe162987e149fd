// catalog.db: the local catalog, rebuilt by each sync (losing the file costs a sync, nothing else), with
// the run log and the changes between syncs. Catalog tables exist twice during a sync: the live ones that
// searches read, and `next_…` ones that the sync fills; a successful sync swaps them in one transaction.
import type { DatabaseSync } from 'node:sqlite';
import type { Migration } from '../../db/sqlite.ts';

export const CATALOG_DB_FILE = 'catalog.db';
export const STAGING_PREFIX = 'next_';

/** The tables one catalog generation consists of, in the order they are dropped and renamed. */
export const CATALOG_TABLES = [
  'size_term',
  'size_beginning',
  'size',
  'item',
  'category',
  'steel_row',
] as const;

/**
 * The catalog tables under a prefix. Index names carry the generation: SQLite cannot rename an index,
 * and a renamed table keeps its indexes' names, so each generation's indexes need names of their own.
 */
export function createCatalogTables(db: DatabaseSync, prefix: string, generation: number): void {
  const g = `g${generation}`;
  db.exec(`
    CREATE TABLE ${prefix}category (
      code TEXT PRIMARY KEY,
      description TEXT NOT NULL,
      parent_code TEXT NOT NULL,
      position INTEGER NOT NULL,
      subtree_end INTEGER NOT NULL
    ) STRICT;
    -- The steel extension's pages, with whatever properties they carry (the contract does not fix them).
    CREATE TABLE ${prefix}steel_row (
      page TEXT NOT NULL,
      key TEXT NOT NULL,
      description TEXT NOT NULL,
      data TEXT NOT NULL,
      PRIMARY KEY (page, key)
    ) STRICT;
    CREATE TABLE ${prefix}item (
      no TEXT PRIMARY KEY,
      description TEXT NOT NULL,
      description2 TEXT NOT NULL,
      base_unit TEXT NOT NULL,
      price_unit TEXT NOT NULL,
      category_code TEXT NOT NULL,
      profile_code TEXT NOT NULL,
      grade_code TEXT NOT NULL,
      blocked INTEGER NOT NULL,
      sales_blocked INTEGER NOT NULL
    ) STRICT, WITHOUT ROWID;
    -- One row per variant, and one (variant_code '') per item without variants: what a search lists.
    -- Item fields are repeated here so that filters and counts need no join.
    CREATE TABLE ${prefix}size (
      id INTEGER PRIMARY KEY,
      item_no TEXT NOT NULL,
      variant_code TEXT NOT NULL,
      description TEXT NOT NULL,
      description2 TEXT NOT NULL,
      length REAL NOT NULL,
      width REAL NOT NULL,
      thickness REAL NOT NULL,
      extra_length REAL NOT NULL,
      format_type TEXT NOT NULL,
      inventory REAL NOT NULL,
      size_blocked INTEGER NOT NULL,
      category_position INTEGER NOT NULL,
      profile_code TEXT NOT NULL,
      grade_code TEXT NOT NULL,
      item_blocked INTEGER NOT NULL,
      sales_blocked INTEGER NOT NULL,
      any_blocked INTEGER NOT NULL
    ) STRICT;
    CREATE UNIQUE INDEX ${g}_size_item ON ${prefix}size (item_no, variant_code);
    ${sizeTermTables(prefix)}
  `);
}

/**
 * The search index (size-terms.ts): each term's sizes, and each two-character beginning's, as runs of
 * size ids.
 */
export function sizeTermTables(prefix: string): string {
  return `
    CREATE TABLE IF NOT EXISTS ${prefix}size_term (term TEXT PRIMARY KEY, sizes BLOB NOT NULL) STRICT, WITHOUT ROWID;
    CREATE TABLE IF NOT EXISTS ${prefix}size_beginning (term TEXT PRIMARY KEY, sizes BLOB NOT NULL) STRICT, WITHOUT ROWID;`;
}

/** Indexes that are cheaper to build once over the sorted rows than to keep up row by row during a sync. */
export function createDeferredIndexes(db: DatabaseSync, prefix: string, generation: number): void {
  db.exec(`CREATE INDEX g${generation}_size_category ON ${prefix}size (category_position, id);`);
}

/** The meta key that marks the live catalog's search index as still to be gathered from its tables. */
export const SEARCH_INDEX_META_KEY = 'search_index';
export const SEARCH_INDEX_TO_REBUILD = 'rebuild';

/** The FTS5 tables of the index that migration 5 replaced, dropped by the rebuild. */
export const FTS_TABLES = ['size_vocab', 'size_fts', `${STAGING_PREFIX}size_fts`] as const;

export const catalogMigrations: Migration[] = [
  {
    version: 1,
    name: 'catalog, run log, changes',
    up(db) {
      db.exec(`
        CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) STRICT;
        CREATE TABLE sync_run (
          id INTEGER PRIMARY KEY,
          trigger TEXT NOT NULL,
          started_at TEXT NOT NULL,
          finished_at TEXT,
          outcome TEXT NOT NULL,
          message TEXT NOT NULL DEFAULT '',
          pages INTEGER NOT NULL DEFAULT 0,
          rows_json TEXT NOT NULL DEFAULT '{}',
          duration_ms INTEGER NOT NULL DEFAULT 0,
          steel INTEGER,
          changes_json TEXT
        ) STRICT;
        CREATE TABLE sync_change (
          run_id INTEGER NOT NULL REFERENCES sync_run (id) ON DELETE CASCADE,
          subject TEXT NOT NULL,
          kind TEXT NOT NULL,
          item_no TEXT NOT NULL,
          variant_code TEXT NOT NULL,
          description TEXT NOT NULL
        ) STRICT;
        CREATE INDEX sync_change_run ON sync_change (run_id, subject, kind);
      `);
      createCatalogTables(db, '', 0);
      createDeferredIndexes(db, '', 0);
    },
  },
  {
    version: 2,
    name: 'full-text vocabulary',
    up() {
      // The vocabulary of the FTS5 index that migration 5 replaced; nothing to create now.
    },
  },
  {
    version: 3,
    name: 'steel pages refused by the host, a damaged catalog moved aside',
    up(db) {
      // A run that succeeded with a warning: these steel pages answered 403, and their rows were kept.
      db.exec(`ALTER TABLE sync_run ADD COLUMN refused_steel_pages TEXT NOT NULL DEFAULT '[]'`);
      // The entry for a catalog.db that could not be opened: the name it was moved aside as.
      db.exec(`ALTER TABLE sync_run ADD COLUMN damaged_moved_to TEXT`);
    },
  },
  {
    version: 4,
    name: 'why a sync failed',
    up(db) {
      // SyncFailureInfo as JSON: the reason the screen words, the host's own words, missing settings.
      db.exec(`ALTER TABLE sync_run ADD COLUMN failure_json TEXT`);
    },
  },
  {
    version: 5,
    name: 'the search index of our own instead of FTS5',
    up(db) {
      // A sync wrote an FTS5 table and its vocabulary; it now writes size_term and size_beginning. Here
      // the tables are only created, empty, and a catalog that has sizes is marked for its index to be
      // gathered from its tables: that takes about 5 s at 500,000 sizes, and a migration runs on the
      // thread that opens the file, the main thread at start. The sync's catalog worker gathers it and
      // drops the FTS5 tables (sync/search-index-rebuild.ts); a sync's swap writes an index of its own.
      db.exec(sizeTermTables(''));
      const hasSizes = db.prepare('SELECT 1 FROM size LIMIT 1').get() !== undefined;
      const hasFts = db.prepare("SELECT 1 FROM sqlite_schema WHERE name = 'size_fts'").get() !== undefined;
      if (hasSizes || hasFts)
        db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)').run(
          SEARCH_INDEX_META_KEY,
          SEARCH_INDEX_TO_REBUILD,
        );
    },
  },
];
