import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
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
