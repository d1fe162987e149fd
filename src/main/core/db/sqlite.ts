// node:sqlite with numbered migrations tracked in PRAGMA user_version. Each database file has its own
// ordered list; a migration runs in one transaction with its version bump, so a crash leaves either the
// old or the new schema, never half of one.
import { DatabaseSync } from 'node:sqlite';
import { pathToFileURL } from 'node:url';

export interface Migration {
  version: number;
  name: string;
  up(db: DatabaseSync): void;
}

export type Durability =
  /** Every commit reaches the disk before it returns: for data a customer would lose (outbox, drafts). */
  | 'full'
  /** WAL with synchronous=NORMAL: a power cut may lose the last commits, never corrupt (catalog). */
  | 'normal';

/** How long a statement waits for another connection's lock before it fails with "database is locked". */
const BUSY_TIMEOUT_MS = 5000;

export function openDatabase(
  file: string,
  migrations: readonly Migration[],
  durability: Durability,
): DatabaseSync {
  // The busy timeout from the first statement on: two processes opening one data directory at once
  // (the app and a CLI run) otherwise meet a lock in the WAL switch or a migration and fail at once.
  const db = new DatabaseSync(file, { timeout: BUSY_TIMEOUT_MS });
  try {
    db.exec('PRAGMA journal_mode = WAL');
    db.exec(`PRAGMA synchronous = ${durability === 'full' ? 'FULL' : 'NORMAL'}`);
    db.exec('PRAGMA foreign_keys = ON');
    migrate(db, migrations);
    return db;
  } catch (error) {
    // A file that cannot be opened (damaged, or too new) is not held open: it may be moved aside.
    db.close();
    throw error;
  }
}

/**
 * A database opened to read only and as immutable (SQLite then needs no shared-memory file, so it opens on
 * a full disk). Undefined unless its schema is `version`. The caller makes sure no write-ahead log waits.
 */
export function openDatabaseToRead(file: string, version: number): DatabaseSync | undefined {
  let db: DatabaseSync | undefined;
  try {
    db = new DatabaseSync(new URL(`${pathToFileURL(file).href}?immutable=1`), {
      readOnly: true,
      timeout: BUSY_TIMEOUT_MS,
    });
    if (schemaVersion(db) === version) return db;
  } catch {
    // Not even readable: the caller reports the full disk.
  }
  db?.close();
  return undefined;
}

export function schemaVersion(db: DatabaseSync): number {
  const row = db.prepare('PRAGMA user_version').get() as { user_version: number };
  return row.user_version;
}

export function migrate(db: DatabaseSync, migrations: readonly Migration[]): void {
  const ordered = [...migrations].sort((a, b) => a.version - b.version);
  ordered.forEach((migration, index) => {
    if (migration.version !== index + 1) {
      throw new Error(
        `Migrations must be numbered 1, 2, 3…; found ${migration.version} at position ${index + 1}`,
      );
    }
  });
  const current = schemaVersion(db);
  if (current > ordered.length) {
    throw new Error(
      `This database has schema version ${current}, newer than this VOA Desk knows (${ordered.length}). ` +
        'Update VOA Desk, or use another data directory.',
    );
  }
  for (const migration of ordered.slice(current)) {
    inTransaction(db, () => {
      migration.up(db);
      db.exec(`PRAGMA user_version = ${migration.version}`);
    });
  }
}

/** Runs `work` in one immediate transaction (the write lock is taken at once, not on first write). */
export function inTransaction<T>(db: DatabaseSync, work: () => T): T {
  db.exec('BEGIN IMMEDIATE');
  try {
    const result = work();
    db.exec('COMMIT');
    return result;
  } catch (error) {
    if (db.isTransaction) db.exec('ROLLBACK');
    throw error;
  }
}
