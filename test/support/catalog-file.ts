// A test's own look into catalog.db, on a read-only connection of its own: the core's parts keep their
// connections to themselves, so a test reads the file as any other reader would.
import { DatabaseSync } from 'node:sqlite';
import path from 'node:path';
import { CATALOG_DB_FILE } from '../../src/main/core/catalog/index.ts';

const opened = new Map<string, DatabaseSync>();

/** catalog.db of a core's data directory, read only; one connection per file, closed when the process ends. */
export function catalogFile(core: { location: { dataDir: string } }): DatabaseSync {
  const file = path.join(core.location.dataDir, CATALOG_DB_FILE);
  let db = opened.get(file);
  if (!db?.isOpen) {
    db = new DatabaseSync(file, { readOnly: true });
    opened.set(file, db);
  }
  return db;
}

/**
 * Sets a closed catalog.db back to how a sync left it before the search index of its own (schema version
 * 4: an FTS5 index and its vocabulary, no size_term), so that opening it runs the upgrade.
 */
export function setBackToFtsCatalog(file: string): void {
  const old = new DatabaseSync(file);
  old.exec(`
    DROP TABLE size_term; DROP TABLE size_beginning;
    CREATE VIRTUAL TABLE size_fts USING fts5(text, content='', detail=none);
    CREATE VIRTUAL TABLE size_vocab USING fts5vocab('size_fts', 'row');
    PRAGMA user_version = 4;`);
  old.close();
}
