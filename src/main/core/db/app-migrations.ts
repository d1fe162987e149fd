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
  {
    version: 2,
    name: 'outbox and drafts',
    up(db) {
      // An item leaves the queue only as delivered or discarded; rows are never deleted. request_id is the
      // idempotency key sent to the host: given once, at submit, and never changed.
      db.exec(`
        CREATE TABLE outbox_item (
          id INTEGER PRIMARY KEY,
          request_id TEXT NOT NULL UNIQUE,
          kind TEXT NOT NULL CHECK (kind IN ('quote', 'account')),
          payload TEXT NOT NULL,
          state TEXT NOT NULL
            CHECK (state IN ('queued', 'sending', 'delivered', 'needsAttention', 'discarded')),
          number TEXT,
          attempts INTEGER NOT NULL DEFAULT 0,
          last_error TEXT,
          next_attempt_at INTEGER NOT NULL,
          created_at TEXT NOT NULL,
          updated_at TEXT NOT NULL,
          delivered_at TEXT
        ) STRICT;
        CREATE INDEX outbox_item_due ON outbox_item (state, next_attempt_at, id);
        CREATE TABLE draft (
          target TEXT PRIMARY KEY,
          body TEXT NOT NULL,
          revision INTEGER NOT NULL,
          updated_at TEXT NOT NULL
        ) STRICT;
      `);
    },
  },
  {
    version: 3,
    name: 'outbox leases',
    up(db) {
      // An item being sent belongs to one sender (lease_owner) until lease_until (ms since the epoch); the
      // owner renews it while the call is in flight. A lease that ran out is a crashed owner's: any sender
      // may claim the item again. A 'sending' row without a lease (written before leases) counts as run out.
      db.exec(`
        ALTER TABLE outbox_item ADD COLUMN lease_owner TEXT;
        ALTER TABLE outbox_item ADD COLUMN lease_until INTEGER;
      `);
    },
  },
  {
    version: 4,
    name: 'portal link outcomes',
    up(db) {
      // The one portal datum kept on disk: whether a fair request sent while a Buyer was signed in was
      // linked to that customer (LinkRequest), and why not. Never the token or anything else the portal said.
      db.exec(`
        CREATE TABLE portal_link (
          request_id TEXT PRIMARY KEY REFERENCES outbox_item (request_id),
          customer_no TEXT NOT NULL,
          state TEXT NOT NULL CHECK (state IN ('pending', 'linked', 'notLinked')),
          reason TEXT,
          updated_at TEXT NOT NULL
        ) STRICT;
      `);
    },
  },
  {
    version: 5,
    name: 'parked drafts',
    up(db) {
      // Forms put aside: parked by the employee, or found unfinished when the app opened. A row leaves only
      // when the employee resumes or discards it, so nothing typed is lost to a crash or a restart.
      db.exec(`
        CREATE TABLE parked_draft (
          id INTEGER PRIMARY KEY,
          target TEXT NOT NULL CHECK (target IN ('counter', 'fair', 'account')),
          body TEXT NOT NULL,
          unfinished INTEGER NOT NULL CHECK (unfinished IN (0, 1)),
          saved_at TEXT NOT NULL,
          parked_at TEXT NOT NULL
        ) STRICT;
      `);
    },
  },
  {
    version: 6,
    name: "the host's own words of a refusal",
    up(db) {
      // The words the host refused a request with, alone (last_error keeps the whole account, with the
      // status when it was not 400): the outbox quotes them as the ERP's. Items refused before this
      // version get theirs from last_error, without its "HTTP nnn: " prefix.
      db.exec(`
        ALTER TABLE outbox_item ADD COLUMN last_host_words TEXT;
        UPDATE outbox_item
          SET last_host_words = CASE WHEN last_error GLOB 'HTTP [0-9][0-9][0-9]: *' THEN substr(last_error, 11)
                                     ELSE last_error END
          WHERE state = 'needsAttention';
      `);
    },
  },
  {
    version: 7,
    name: 'outbox items bound to their connection',
    up(db) {
      // The connection (connection-binding.ts) a request was queued under, as text. An item is only sent
      // while the settings still name that connection; after a change it waits for a person to confirm.
      // NULL: queued before any host was configured, or before this version: bound when first sent.
      db.exec('ALTER TABLE outbox_item ADD COLUMN connection TEXT;');
    },
  },
];
