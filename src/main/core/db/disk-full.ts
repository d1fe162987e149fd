// A full disk, said as such: "De schijf is vol" / "The disk is full", with the path, for every command
// and screen. SQLite reports a full disk as SQLITE_FULL, but also as a plain "disk I/O error" when it
// cannot grow its shared-memory file (-shm), which is what opening a WAL database on a full disk gives;
// the free space of the directory tells the two apart.
import { existsSync, statSync, statfsSync } from 'node:fs';
import path from 'node:path';
import type { UiLanguage } from '../../../shared/settings.ts';

/** SQLite's primary result codes. */
const SQLITE_READONLY = 8;
const SQLITE_IOERR = 10;
const SQLITE_FULL = 13;
/** Below this many free bytes, an I/O error is taken for a full disk. */
const NEARLY_FULL_BYTES = 256 * 1024;

export class DiskFullError extends Error {
  override name = 'DiskFullError';
  readonly path: string;
  constructor(where: string, language: UiLanguage, options?: { cause?: unknown }) {
    super(diskFullMessage(where, language), options);
    this.path = where;
  }
}

export function diskFullMessage(where: string, language: UiLanguage): string {
  return language === 'nl'
    ? `De schijf is vol: ${where} kon niet worden geschreven. Er is niets verloren; maak ruimte vrij op die schijf en probeer het opnieuw.`
    : `The disk is full: ${where} could not be written. Nothing was lost; free some space on that disk and try again.`;
}

/** Free bytes for this user where `where` is (a file or a directory); undefined when unknown. */
export function freeBytes(where: string): number | undefined {
  try {
    const directory = existsSync(where) && statSync(where).isDirectory() ? where : path.dirname(where);
    const stats = statfsSync(directory);
    return stats.bavail * stats.bsize;
  } catch {
    return undefined;
  }
}

/** Whether `error` is the disk (or quota) being full where `where` lives. */
export function isDiskFull(error: unknown, where: string): boolean {
  if (error instanceof DiskFullError) return true;
  const { code, errcode } = error as { code?: unknown; errcode?: unknown };
  if (code === 'ENOSPC' || code === 'EDQUOT') return true;
  if (typeof errcode !== 'number') return false;
  const primary = errcode & 0xff;
  if (primary === SQLITE_FULL) return true;
  // READONLY: app.db was opened to read only because the disk was full (app-database.ts).
  return (
    (primary === SQLITE_IOERR || primary === SQLITE_READONLY) &&
    (freeBytes(where) ?? Infinity) < NEARLY_FULL_BYTES
  );
}
