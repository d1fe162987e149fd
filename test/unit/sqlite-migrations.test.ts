import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { Worker } from 'node:worker_threads';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { APP_DB_FILE, appMigrations } from '../../src/main/core/db/app-migrations.ts';
import { openDatabase, schemaVersion, type Migration } from '../../src/main/core/db/sqlite.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'voa-desk-db-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('sqlite: versioned migrations on a real file', () => {
  it('opens app.db in WAL with synchronous=FULL, at the latest schema version', () => {
    const db = openDatabase(path.join(dir, APP_DB_FILE), appMigrations, 'full');
    expect(db.prepare('PRAGMA journal_mode').get()).toEqual({ journal_mode: 'wal' });
    expect(db.prepare('PRAGMA synchronous').get()).toEqual({ synchronous: 2 });
    expect(schemaVersion(db)).toBe(appMigrations.length);
    db.close();
  });

  it('waits for a lock another connection holds while it opens, rather than failing at once', async () => {
    // Two processes starting on one data directory: one holds app.db's lock (here: an exclusive
    // transaction on the new file) while the other opens it. The lock is let go only once the other
    // thread has said it is opening, so its first statement meets the lock.
    const file = path.join(dir, APP_DB_FILE);
    const holder = new DatabaseSync(file);
    holder.exec('BEGIN EXCLUSIVE');
    holder.exec('CREATE TABLE held (x)');
    const worker = new Worker(new URL('../support/open-database-worker.ts', import.meta.url), {
      workerData: file,
    });
    const outcome = await new Promise<{ opened?: number; failed?: string }>((resolve, reject) => {
      worker.on('message', (message: { opening?: boolean; opened?: number; failed?: string }) => {
        if (message.opening) holder.exec('ROLLBACK');
        else resolve(message);
      });
      worker.on('error', reject);
    });
    holder.close();
    await worker.terminate();
    expect(outcome).toEqual({ opened: appMigrations.length });
  });

  it('runs only the migrations a file has not seen, once each', () => {
    const file = path.join(dir, 'x.db');
    const runs: number[] = [];
    const migration = (version: number): Migration => ({
      version,
      name: `m${version}`,
      up: (db) => {
        runs.push(version);
        db.exec(`CREATE TABLE t${version} (a INTEGER)`);
      },
    });
    openDatabase(file, [migration(1)], 'normal').close();
    openDatabase(file, [migration(1), migration(2)], 'normal').close();
    const db = openDatabase(file, [migration(1), migration(2)], 'normal');
    expect(runs).toEqual([1, 2]);
    expect(schemaVersion(db)).toBe(2);
    db.close();
  });

  it('leaves the old schema whole when a migration fails halfway', () => {
    const file = path.join(dir, 'y.db');
    openDatabase(
      file,
      [{ version: 1, name: 'one', up: (db) => db.exec('CREATE TABLE a (x INTEGER)') }],
      'full',
    ).close();
    const failing: Migration = {
      version: 2,
      name: 'two',
      up: (db) => {
        db.exec('CREATE TABLE b (x INTEGER)');
        throw new Error('disk on fire');
      },
    };
    expect(() => openDatabase(file, [{ version: 1, name: 'one', up: () => {} }, failing], 'full')).toThrow(
      'disk on fire',
    );
    const db = openDatabase(file, [{ version: 1, name: 'one', up: () => {} }], 'full');
    expect(schemaVersion(db)).toBe(1);
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'b'").all()).toEqual([]);
    db.close();
  });

  it('refuses a database written by a newer VOA Desk instead of damaging it', () => {
    const file = path.join(dir, 'z.db');
    const two: Migration[] = [
      { version: 1, name: 'one', up: () => {} },
      { version: 2, name: 'two', up: () => {} },
    ];
    openDatabase(file, two, 'full').close();
    expect(() => openDatabase(file, two.slice(0, 1), 'full')).toThrow(
      /schema version 2, newer than this VOA Desk knows \(1\)/,
    );
  });
});
