// app.db holds what VOA Desk must never lose (undelivered requests, drafts). Unlike the catalog, it is no
// copy of anything: a file that cannot be opened is never reset or replaced. VOA Desk refuses to start and
// says where the file is and what to do.
import type { DatabaseSync } from 'node:sqlite';
import { APP_DB_FILE, appMigrations } from './app-migrations.ts';
import { openDatabase, openDatabaseToRead } from './sqlite.ts';
import path from 'node:path';
import { existsSync, statSync } from 'node:fs';
import type { UiLanguage } from '../../../shared/settings.ts';
import { DiskFullError, isDiskFull } from './disk-full.ts';

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

/**
 * app.db, open to read and write. On a full disk, where SQLite cannot even make its shared-memory file, it
 * is opened to read only, so that what only reads (`outbox list`, the outbox screen) still works; every
 * write then fails with the disk-full message. Only when nothing waits in its write-ahead log (a clean
 * close leaves none) and its schema is current: otherwise reading would show an older state.
 */
export function openAppDatabase(dataDir: string, language: UiLanguage = 'en'): DatabaseSync {
  const file = path.join(dataDir, APP_DB_FILE);
  try {
    return openDatabase(file, appMigrations, 'full');
  } catch (error) {
    const code = (error as { errcode?: number }).errcode;
    if (code !== undefined && DAMAGED_CODES.has(code & 0xff)) throw new AppDatabaseDamagedError(file, error);
    if (isDiskFull(error, file)) {
      const wal = `${file}-wal`;
      if (existsSync(file) && (!existsSync(wal) || statSync(wal).size === 0)) {
        const readOnly = openDatabaseToRead(file, appMigrations.length);
        if (readOnly) return readOnly;
      }
      throw new DiskFullError(file, language, { cause: error });
    }
    throw error;
  }
}
