// app.db holds what VOA Desk must never lose (undelivered requests, drafts). Unlike the catalog, it is no
// copy of anything: a file that cannot be opened is never reset or replaced. VOA Desk refuses to start and
// says where the file is and what to do.
import type { DatabaseSync } from 'node:sqlite';
import { APP_DB_FILE, appMigrations } from './app-migrations.ts';
import { openDatabase } from './sqlite.ts';
import path from 'node:path';

/** SQLite's codes for a file that is not a database, or is damaged (SQLITE_NOTADB, SQLITE_CORRUPT). */
const DAMAGED_CODES = new Set([26, 11]);

export class AppDatabaseDamagedError extends Error {
  override name = 'AppDatabaseDamagedError';
  readonly file: string;
  constructor(file: string, cause: unknown) {
    super(
      `VOA Desk cannot open its database ${file}: ${(cause as Error).message}. Nothing was changed or ` +
        'deleted. It holds requests that may not have been delivered yet, so VOA Desk does not replace it. ' +
        'Quit VOA Desk, copy the file (with any app.db-wal and app.db-shm beside it) to a safe place for ' +
        'support, then move it out of that folder to start with an empty outbox; or restore it from a backup.',
      { cause },
    );
    this.file = file;
  }
}

export function openAppDatabase(dataDir: string): DatabaseSync {
  const file = path.join(dataDir, APP_DB_FILE);
  try {
    return openDatabase(file, appMigrations, 'full');
  } catch (error) {
    const code = (error as { errcode?: number }).errcode;
    if (code !== undefined && DAMAGED_CODES.has(code & 0xff)) throw new AppDatabaseDamagedError(file, error);
    throw error;
  }
}
