// The schema versions of the desk's databases: the ones this build knows (published with each build, so
// that a desk can refuse a build that knows less) and the ones on disk (PRAGMA user_version).
import { existsSync } from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { APP_DB_FILE, appMigrations } from '../db/app-migrations.ts';
import { schemaVersion } from '../db/sqlite.ts';
import { CATALOG_DB_FILE, catalogMigrations } from '../catalog/index.ts';
import type { SchemaVersions } from './update-rules.ts';

/** What this build knows: the length of each database's migrations list. */
export const BUILD_SCHEMA_VERSIONS: SchemaVersions = {
  [APP_DB_FILE]: appMigrations.length,
  [CATALOG_DB_FILE]: catalogMigrations.length,
};

/** PRAGMA user_version of a database file; 0 when there is none yet. */
export function userVersionOf(file: string): number {
  if (!existsSync(file)) return 0;
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    return schemaVersion(db);
  } finally {
    db.close();
  }
}

/** The schema versions on disk in a data directory (app.db read through its open connection). */
export function schemasOnDisk(dataDir: string, appDb: DatabaseSync): SchemaVersions {
  return {
    [APP_DB_FILE]: schemaVersion(appDb),
    [CATALOG_DB_FILE]: userVersionOf(path.join(dataDir, CATALOG_DB_FILE)),
  };
}
