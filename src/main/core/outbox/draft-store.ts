// Forms in progress, one per target, in app.db: saved as the user types, so they survive a reload, a
// crash or a restart. A revision that only goes up lets a form tell its own saves from others' changes.
// Forms put aside (parked) wait in parked_draft until the employee resumes or discards them.
// A signed-in customer's portal data in a form is never written: every draft is stored without it, so a
// crash, a reload or a parked order keeps only what the employee typed.
import type { DatabaseSync } from 'node:sqlite';
import { z } from 'zod';
import type { DraftView, ParkedDraftView } from '../../../shared/bridge/outbox-calls.ts';
import { BridgeFailure } from '../bridge/bridge-failure.ts';
import { inTransaction } from '../db/sqlite.ts';
import {
  DRAFT_TARGETS,
  anyDraftWithoutPortalValues,
  draftHasContent,
  draftSchemas,
  type AnyDraft,
  type DraftTarget,
  type QuoteDraft,
} from '../../../shared/contract/request-drafts.ts';
import type { LineTarget } from '../../../shared/contract/picked-line.ts';

interface DraftRow {
  body: string;
  revision: number;
  updated_at: string;
}

const parkedRow = z.object({
  id: z.number(),
  target: z.enum(DRAFT_TARGETS),
  body: z.string(),
  unfinished: z.number(),
  saved_at: z.string(),
  parked_at: z.string(),
});
type ParkedRow = z.infer<typeof parkedRow>;

/**
 * A stored body read back through its schema (never trusted as it lies on disk), typed by its target;
 * undefined when it no longer reads (stored by another version, or a damaged app.db).
 */
function draftView(
  target: DraftTarget,
  body: string,
  revision: number,
  updatedAt: string | null,
): DraftView | undefined {
  let stored: unknown;
  try {
    stored = JSON.parse(body);
  } catch {
    return undefined;
  }
  if (target === 'account') {
    const read = draftSchemas().account.nullable().safeParse(stored);
    return read.success ? { target, draft: read.data, revision, updatedAt } : undefined;
  }
  const read = draftSchemas().quote.nullable().safeParse(stored);
  return read.success ? { target, draft: read.data, revision, updatedAt } : undefined;
}

/** A form with nothing stored. */
const emptyView = (target: DraftTarget): DraftView =>
  target === 'account'
    ? { target, draft: null, revision: 0, updatedAt: null }
    : { target, draft: null, revision: 0, updatedAt: null };

/** Said when a parked order that no longer reads is to be resumed: it is kept, for a person to discard. */
const UNREADABLE_PARKED =
  'This parked order was stored in a form this version of VOA Desk cannot read: it can only be discarded.';

function parkedView(row: ParkedRow): ParkedDraftView {
  const view = draftView(row.target, row.body, 0, row.saved_at);
  const draft = view?.draft;
  return {
    id: row.id,
    target: row.target,
    label: draft ? draft.companyName.trim() || draft.contactName.trim() || draft.email.trim() : '',
    lineCount: view && view.target !== 'account' && view.draft ? view.draft.lines.length : 0,
    unfinished: row.unfinished === 1,
    unreadable: view === undefined,
    savedAt: row.saved_at,
    parkedAt: row.parked_at,
  };
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
    if (!row) return emptyView(target);
    const view = draftView(target, row.body, row.revision, row.updated_at);
    if (view) return view;
    // A form this version cannot read is put aside as it was stored, among the parked orders (to be
    // discarded by a person), and the form starts empty: the next save would have written over it.
    const setAside = () => {
      this.#db
        .prepare(
          'INSERT INTO parked_draft (target, body, unfinished, saved_at, parked_at) VALUES (?, ?, 1, ?, ?)',
        )
        .run(target, row.body, row.updated_at, new Date().toISOString());
      this.#db
        .prepare("UPDATE draft SET body = 'null', revision = revision + 1 WHERE target = ?")
        .run(target);
    };
    try {
      if (this.#db.isTransaction) setAside();
      else inTransaction(this.#db, setAside);
    } catch {
      // app.db open to read only (a full disk): the form starts empty, and what is stored stays as it was.
      return emptyView(target);
    }
    return this.get(target);
  }

  /** The quote form of the counter or the fair, null when it is empty. */
  quote(target: LineTarget): QuoteDraft | null {
    const view = this.get(target);
    return view.target === 'account' ? null : view.draft;
  }

  /** Stores the draft (null: the form is empty); the caller decides the transaction. */
  put(target: DraftTarget, draft: AnyDraft | null): DraftView {
    const updatedAt = new Date().toISOString();
    this.#db
      .prepare(
        `INSERT INTO draft (target, body, revision, updated_at) VALUES (?, ?, 1, ?)
         ON CONFLICT (target) DO UPDATE SET body = excluded.body, revision = revision + 1, updated_at = excluded.updated_at`,
      )
      .run(target, JSON.stringify(draft && anyDraftWithoutPortalValues(draft)), updatedAt);
    return this.get(target);
  }

  /** Every parked form, oldest first. */
  parked(): ParkedDraftView[] {
    return this.#db
      .prepare('SELECT id, target, body, unfinished, saved_at, parked_at FROM parked_draft ORDER BY id')
      .all()
      .map((row) => parkedView(parkedRow.parse(row)));
  }

  parkedCount(): number {
    const row = this.#db.prepare('SELECT count(*) AS n FROM parked_draft').get() as { n: number };
    return row.n;
  }

  /** Puts a form aside; the caller empties the form in the same transaction. */
  park(target: DraftTarget, draft: AnyDraft, unfinished: boolean, savedAt: string): number {
    const kept = anyDraftWithoutPortalValues(draft);
    if (!draftHasContent(kept)) {
      throw new BridgeFailure(
        'invalid-input',
        "This form holds only the signed-in customer's own data, which leaves with the customer: there is nothing to park.",
      );
    }
    const result = this.#db
      .prepare(
        'INSERT INTO parked_draft (target, body, unfinished, saved_at, parked_at) VALUES (?, ?, ?, ?, ?)',
      )
      .run(target, JSON.stringify(kept), unfinished ? 1 : 0, savedAt, new Date().toISOString());
    return Number(result.lastInsertRowid);
  }

  /**
   * Removes a parked form and answers it, or undefined when there is none with this id. One that no longer
   * reads is refused and kept.
   */
  takeParked(id: number): DraftView | undefined {
    const found = this.#db
      .prepare('SELECT id, target, body, unfinished, saved_at, parked_at FROM parked_draft WHERE id = ?')
      .get(id);
    if (!found) return undefined;
    const row = parkedRow.parse(found);
    const view = draftView(row.target, row.body, 0, row.saved_at);
    if (!view) throw new BridgeFailure('invalid-input', UNREADABLE_PARKED);
    this.#db.prepare('DELETE FROM parked_draft WHERE id = ?').run(id);
    return view;
  }

  /** Removes a parked form, read or not; false when there is none with this id. */
  discardParked(id: number): boolean {
    return Number(this.#db.prepare('DELETE FROM parked_draft WHERE id = ?').run(id).changes) > 0;
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
