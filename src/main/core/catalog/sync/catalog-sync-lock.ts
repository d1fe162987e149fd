// One catalog sync at a time per data directory, across every process on it (the app, the browser shell,
// CLI runs): the sync holds a write transaction open on a small SQLite file of its own. SQLite takes that
// lock from the operating system (fcntl on Linux and macOS, LockFileEx on Windows), so it needs no
// polling, no staleness guess and no clean-up: a process that dies, however it dies, loses its lock.
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';

export const CATALOG_SYNC_LOCK_FILE = 'catalog-sync.lock';

const SQLITE_BUSY = 5;

function isBusy(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'errcode' in error && error.errcode === SQLITE_BUSY;
}

export class CatalogSyncLock {
  readonly #db: DatabaseSync;

  private constructor(db: DatabaseSync) {
    this.#db = db;
  }

  /** The lock, or undefined at once when another sync holds it. */
  static tryAcquire(dataDir: string): CatalogSyncLock | undefined {
    const db = new DatabaseSync(path.join(dataDir, CATALOG_SYNC_LOCK_FILE));
    try {
      db.exec('PRAGMA busy_timeout = 0');
      // A reserved lock on the file: a second BEGIN IMMEDIATE anywhere gets SQLITE_BUSY until we end.
      db.exec('BEGIN IMMEDIATE');
      return new CatalogSyncLock(db);
    } catch (error) {
      db.close();
      if (isBusy(error)) return undefined;
      throw error;
    }
  }

  release(): void {
    if (!this.#db.isOpen) return;
    this.#db.exec('ROLLBACK');
    this.#db.close();
  }
}
