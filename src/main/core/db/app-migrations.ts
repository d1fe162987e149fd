// Migrations of app.db: the state VOA Desk must never lose (outbox, drafts, workstation choices).
import type { Migration } from './sqlite.ts';

export const APP_DB_FILE = 'app.db';

export const appMigrations: Migration[] = [
  {
    version: 1,
    name: 'workstation preferences',
    up(db) {
      db.exec(`
        CREATE TABLE workstation_preference (
          key TEXT PRIMARY KEY,
          value TEXT NOT NULL,
          updated_at TEXT NOT NULL
        ) STRICT;
      `);
    },
  },
];
