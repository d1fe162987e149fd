// Forms in progress, one per target, in app.db: saved as the user types, so they survive a reload, a
// crash or a restart. A revision that only goes up lets a form tell its own saves from others' changes.
import type { DatabaseSync } from 'node:sqlite';
import type { DraftView } from '../../../shared/bridge/outbox-calls.ts';
import type { AnyDraft, DraftTarget } from '../../../shared/contract/request-drafts.ts';

interface DraftRow {
  body: string;
  revision: number;
  updated_at: string;
}

export class DraftStore {
  readonly #db: DatabaseSync;

  constructor(db: DatabaseSync) {
    this.#db = db;
  }

  get(target: DraftTarget): DraftView {
    const row = this.#db
      .prepare('SELECT body, revision, updated_at FROM draft WHERE target = ?')
      .get(target) as DraftRow | undefined;
    if (!row) return { target, draft: null, revision: 0, updatedAt: null };
    return {
      target,
      draft: JSON.parse(row.body) as AnyDraft | null,
      revision: row.revision,
      updatedAt: row.updated_at,
    };
  }

  /** Stores the draft (null: the form is empty); the caller decides the transaction. */
  put(target: DraftTarget, draft: AnyDraft | null): DraftView {
    const updatedAt = new Date().toISOString();
    this.#db
      .prepare(
        `INSERT INTO draft (target, body, revision, updated_at) VALUES (?, ?, 1, ?)
         ON CONFLICT (target) DO UPDATE SET body = excluded.body, revision = revision + 1, updated_at = excluded.updated_at`,
      )
      .run(target, JSON.stringify(draft), updatedAt);
    return this.get(target);
  }
}

/** Choices this workstation remembers (workstation_preference, migration 1). */
export class WorkstationPreferences {
  readonly #db: DatabaseSync;

  constructor(db: DatabaseSync) {
    this.#db = db;
  }

  get(key: string): string | null {
    const row = this.#db.prepare('SELECT value FROM workstation_preference WHERE key = ?').get(key) as
      { value: string } | undefined;
    return row?.value ?? null;
  }

  /** Every preference whose key starts with prefix, newest first, at most limit. */
  withPrefix(prefix: string, limit: number): { key: string; value: string }[] {
    return this.#db
      .prepare(
        `SELECT key, value FROM workstation_preference WHERE substr(key, 1, ?) = ?
         ORDER BY updated_at DESC LIMIT ?`,
      )
      .all(prefix.length, prefix, limit) as { key: string; value: string }[];
  }

  /** Keeps the newest limit preferences under prefix, so a remembered list never grows without end. */
  trim(prefix: string, limit: number): void {
    this.#db
      .prepare(
        `DELETE FROM workstation_preference WHERE substr(key, 1, ?) = ? AND key NOT IN (
           SELECT key FROM workstation_preference WHERE substr(key, 1, ?) = ?
           ORDER BY updated_at DESC LIMIT ?)`,
      )
      .run(prefix.length, prefix, prefix.length, prefix, limit);
  }

  set(key: string, value: string | null): void {
    if (value === null) {
      this.#db.prepare('DELETE FROM workstation_preference WHERE key = ?').run(key);
      return;
    }
    this.#db
      .prepare(
        `INSERT INTO workstation_preference (key, value, updated_at) VALUES (?, ?, ?)
         ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
      )
      .run(key, value, new Date().toISOString());
  }
}
