// A worker thread that opens app.db as a second process would, for sqlite-migrations.test.ts: it says
// "opening" just before openDatabase, then answers how that went.
import { parentPort, workerData } from 'node:worker_threads';
import { appMigrations } from '../../src/main/core/db/app-migrations.ts';
import { openDatabase, schemaVersion } from '../../src/main/core/db/sqlite.ts';

const port = parentPort;
if (!port) throw new Error('open-database-worker.ts runs as a worker thread only.');
port.postMessage({ opening: true });
try {
  const db = openDatabase(workerData as string, appMigrations, 'full');
  port.postMessage({ opened: schemaVersion(db) });
  db.close();
} catch (error) {
  port.postMessage({ failed: error instanceof Error ? error.message : String(error) });
}
