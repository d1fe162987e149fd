// The outbox in app.db (WAL, synchronous=FULL): every change is committed before anyone hears of it.
// Payloads are stored as the validated JSON and parsed again with their kind's schema when read back; rows
// are never deleted. A stored payload that no longer parses (a file from an older or damaged copy, a
// schema grown stricter) is never sent and never dropped: it needs attention, kept exactly as stored.
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type { OutboxItemDetail, OutboxItemView, OutboxState } from '../../../shared/bridge/outbox-calls.ts';
import { OUTBOX_STATES } from '../../../shared/bridge/outbox-calls.ts';
import type { RequestKind } from '../../../shared/contract/request-fields.ts';
import { QUOTE_LINES_KEY } from '../../../shared/contract/request-fields.ts';
import { REQUEST_SCHEMAS, type RequestPayload } from '../../../shared/contract/request-schemas.ts';
import { fieldErrors } from '../../../shared/validation.ts';
import { inTransaction } from '../db/sqlite.ts';
import { baseUrlOfKey } from '../host/connection-binding.ts';
import { isJsonObject } from '../../../shared/json-object.ts';

// A type alias, not an interface: its implicit index signature lets node:sqlite's generic rows be
// narrowed to it with a plain `as`, never `as unknown as`.
type OutboxRow = {
  id: number;
  request_id: string;
  kind: RequestKind;
  payload: string;
  state: OutboxState;
  number: string | null;
  attempts: number;
  last_error: string | null;
  last_host_words: string | null;
  next_attempt_at: number;
  created_at: string;
  updated_at: string;
  delivered_at: string | null;
  lease_owner: string | null;
  lease_until: number | null;
  connection: string | null;
};

export interface OutboxItem {
  id: number;
  requestId: string;
  kind: RequestKind;
  /** The payload as its schema reads it; null when the stored one no longer parses (see `unreadable`). */
  payload: RequestPayload | null;
  /** What is stored, as JSON: the payload, or what is left to recognise an unreadable one by. */
  stored: Record<string, unknown>;
  /** Why the stored payload no longer parses; null when it does. */
  unreadable: string | null;
  state: OutboxState;
  number: string | null;
  attempts: number;
  lastError: string | null;
  /** The host's own words of its last refusal, alone (set when it was refused). */
  hostWords: string | null;
  nextAttemptAt: number;
  createdAt: string;
  updatedAt: string;
  deliveredAt: string | null;
  /** The connection key it was queued under (connection-binding.ts); null before any was known. */
  connection: string | null;
}

/** An item whose stored payload parses: the only kind a sender is given. */
export type SendableOutboxItem = OutboxItem & { payload: RequestPayload; unreadable: null };

const isSendable = (item: OutboxItem): item is SendableOutboxItem => item.payload !== null;

/** What a delivery attempt decided for one item. */
export type ItemOutcome =
  | { state: 'delivered'; number: string | null; note?: string }
  | { state: 'needsAttention'; error: string; hostWords: string | null }
  /** Back in the queue: try again at `nextAttemptAt`; `countsAsAttempt` is false when nothing was sent. */
  | { state: 'queued'; error: string | null; nextAttemptAt: number; countsAsAttempt: boolean };

export interface ListFilter {
  states?: OutboxState[] | undefined;
  kind?: RequestKind | undefined;
  search?: string | undefined;
  limit?: number | undefined;
}

export class OutboxStore {
  readonly #db: DatabaseSync;
  readonly #now: () => number;
  readonly #statements: Record<string, StatementSync> = {};
  /** The connection requests go to now (connection-binding.ts); items queued under another one are held. */
  #connection: () => string | null = () => null;

  constructor(db: DatabaseSync, now: () => number = Date.now) {
    this.#db = db;
    this.#now = now;
  }

  /** Binds new items to, and sends only items of, the connection `current` names at the time. */
  bindToConnection(current: () => string | null): void {
    this.#connection = current;
  }

  /** Requests held because they were queued under another connection, and the base URLs they were meant for. */
  heldForOtherConnection(): { count: number; queuedFor: string[] } {
    const rows = this.#statement(
      `SELECT connection, COUNT(*) AS count FROM outbox_item WHERE ${HELD} GROUP BY connection`,
    ).all({ connection: this.#connection(), now: this.#now() }) as { connection: string; count: number }[];
    return {
      count: rows.reduce((sum, row) => sum + row.count, 0),
      queuedFor: [...new Set(rows.map((row) => baseUrlOfKey(row.connection)))],
    };
  }

  /**
   * The base URL a waiting item was queued for when that is not the current connection (it is held until
   * a person confirms), else null.
   */
  heldFor(item: OutboxItem): string | null {
    const waiting = item.state === 'queued' || item.state === 'sending';
    const current = this.#connection();
    if (!waiting || item.connection === null || item.connection === current) return null;
    return baseUrlOfKey(item.connection);
  }

  /**
   * A person confirmed that the held requests go to the current connection: they are bound to it and due
   * now, each under the requestId it was given when queued. Returns how many.
   */
  sendHeldToCurrentConnection(): number {
    const connection = this.#connection();
    if (connection === null) return 0;
    const now = this.#now();
    return this.transaction(() =>
      Number(
        this.#statement(
          `UPDATE outbox_item SET connection = :connection, next_attempt_at = :now, updated_at = :iso
           WHERE ${HELD}`,
        ).run({ connection, now, iso: new Date(now).toISOString() }).changes,
      ),
    );
  }

  #statement(sql: string): StatementSync {
    return (this.#statements[sql] ??= this.#db.prepare(sql));
  }

  /** Runs `work` in one committed transaction. */
  transaction<T>(work: () => T): T {
    return inTransaction(this.#db, work);
  }

  /** Inserts a new queued item; the caller commits (inside `transaction`). */
  insert(kind: RequestKind, requestId: string, payload: RequestPayload): OutboxItem {
    const now = this.#now();
    const iso = new Date(now).toISOString();
    const result = this.#statement(
      `INSERT INTO outbox_item (request_id, kind, payload, state, next_attempt_at, created_at, updated_at, connection)
       VALUES (?, ?, ?, 'queued', ?, ?, ?, ?)`,
    ).run(requestId, kind, JSON.stringify(payload), now, iso, iso, this.#connection());
    return this.get(Number(result.lastInsertRowid)) as OutboxItem;
  }

  get(id: number): OutboxItem | undefined {
    const row = this.#statement('SELECT * FROM outbox_item WHERE id = ?').get(id) as OutboxRow | undefined;
    return row && fromRow(row);
  }

  byRequestId(requestId: string): OutboxItem | undefined {
    const row = this.#statement('SELECT * FROM outbox_item WHERE request_id = ?').get(requestId) as
      OutboxRow | undefined;
    return row && fromRow(row);
  }

  list(filter: ListFilter = {}): OutboxItem[] {
    const where: string[] = [];
    const values: (string | number)[] = [];
    if (filter.states?.length) {
      where.push(`state IN (${filter.states.map(() => '?').join(', ')})`);
      values.push(...filter.states);
    }
    if (filter.kind) {
      where.push('kind = ?');
      values.push(filter.kind);
    }
    const search = filter.search?.trim();
    if (search) {
      where.push(
        `(${[
          'request_id',
          'number',
          storedPayloadKey('companyName'),
          storedPayloadKey('contactName'),
          storedPayloadKey('email'),
        ]
          .map((column) => `${column} LIKE :search ESCAPE '\\'`)
          .join(' OR ')})`,
      );
    }
    const sql = `SELECT * FROM outbox_item${where.length ? ` WHERE ${where.join(' AND ')}` : ''} ORDER BY id DESC LIMIT ?`;
    const named = { search: search ? `%${search.replace(/[%_\\]/g, (c) => `\\${c}`)}%` : '' };
    const statement = this.#db.prepare(sql);
    const rows = search
      ? statement.all(named, ...values, filter.limit ?? 500)
      : statement.all(...values, filter.limit ?? 500);
    return (rows as OutboxRow[]).map(fromRow);
  }

  counts(): Record<OutboxState, number> {
    const counts = Object.fromEntries(OUTBOX_STATES.map((state) => [state, 0])) as Record<
      OutboxState,
      number
    >;
    const rows = this.#statement('SELECT state, COUNT(*) AS count FROM outbox_item GROUP BY state').all() as {
      state: OutboxState;
      count: number;
    }[];
    for (const row of rows) counts[row.state] = row.count;
    return counts;
  }

  /**
   * Requests some sender is delivering now: "sending" under a lease that has not run out. A row a crashed
   * sender left behind is not one (it waits to be claimed again, or for a person if it is held).
   */
  deliveriesInFlight(): number {
    const row = this.#statement(
      "SELECT COUNT(*) AS count FROM outbox_item WHERE state = 'sending' AND COALESCE(lease_until, 0) > :now",
    ).get({ now: this.#now() }) as { count: number };
    return row.count;
  }

  /** The earliest time a queued item is due, or undefined when nothing is queued. */
  nextDue(): number | undefined {
    const row = this.#statement(
      `SELECT MIN(next_attempt_at) AS due FROM outbox_item WHERE state = 'queued' AND ${OF_CONNECTION}`,
    ).get({ connection: this.#connection() }) as { due: number | null };
    return row.due ?? undefined;
  }

  /**
   * The earliest time `owner` may claim something: a queued item falls due, or another sender's lease
   * runs out. Undefined when there is nothing to wait for.
   */
  nextClaimable(owner: string): number | undefined {
    const row = this.#statement(
      `SELECT MIN(CASE WHEN state = 'queued' THEN next_attempt_at ELSE COALESCE(lease_until, 0) END) AS due
       FROM outbox_item WHERE (state = 'queued' OR (state = 'sending' AND lease_owner IS NOT :owner))
         AND ${OF_CONNECTION}`,
    ).get({ owner, connection: this.#connection() }) as { due: number | null };
    return row.due ?? undefined;
  }

  /**
   * Claims the oldest due items for `owner` until now + `leaseMs`: queued items that are due, and items
   * whose sender's lease ran out (it crashed or was killed; the requestId makes a resend safe). One UPDATE
   * under SQLite's write lock, so two processes on one app.db never claim the same item.
   */
  claimDue(limit: number, owner: string, leaseMs: number): SendableOutboxItem[] {
    if (limit <= 0) return [];
    const now = this.#now();
    const rows = this.transaction(
      () =>
        this.#statement(
          `UPDATE outbox_item SET state = 'sending', lease_owner = :owner, lease_until = :until, updated_at = :iso,
             connection = COALESCE(connection, :connection)
           WHERE id IN (
             SELECT id FROM outbox_item
             WHERE ((state = 'queued' AND next_attempt_at <= :now)
                OR (state = 'sending' AND COALESCE(lease_until, 0) <= :now))
               AND ${OF_CONNECTION}
             ORDER BY next_attempt_at, id LIMIT :limit)
           RETURNING *`,
        ).all({
          owner,
          connection: this.#connection(),
          until: now + leaseMs,
          iso: new Date(now).toISOString(),
          now,
          limit,
        }) as OutboxRow[],
    );
    const items = rows.sort((a, b) => a.next_attempt_at - b.next_attempt_at || a.id - b.id).map(fromRow);
    for (const item of items.filter((candidate) => !isSendable(candidate))) this.#setAside(item);
    return items.filter(isSendable);
  }

  /** A claimed item whose payload no longer parses needs a person: it is not sent, and kept as stored. */
  #setAside(item: OutboxItem): void {
    const iso = new Date(this.#now()).toISOString();
    this.transaction(() =>
      this.#statement(
        `UPDATE outbox_item SET state = 'needsAttention', last_error = ?, last_host_words = NULL, updated_at = ?,
           lease_owner = NULL, lease_until = NULL WHERE id = ? AND state = 'sending'`,
      ).run(item.unreadable, iso, item.id),
    );
  }

  /** The owner is alive: its items in flight stay its own until now + `leaseMs`. */
  renewLeases(owner: string, leaseMs: number): number {
    const until = this.#now() + leaseMs;
    const result = this.transaction(() =>
      this.#statement(
        "UPDATE outbox_item SET lease_until = ? WHERE state = 'sending' AND lease_owner = ?",
      ).run(until, owner),
    );
    return Number(result.changes);
  }

  /** A sender that stops hands back what it claimed but did not send (a clean stop, not a crash). */
  releaseLeases(owner: string): number {
    const iso = new Date(this.#now()).toISOString();
    const result = this.transaction(() =>
      this.#statement(
        `UPDATE outbox_item SET state = 'queued', lease_owner = NULL, lease_until = NULL, updated_at = ?
         WHERE state = 'sending' AND lease_owner = ?`,
      ).run(iso, owner),
    );
    return Number(result.changes);
  }

  /**
   * Records what `owner`'s attempt decided. A delivery is a fact and is always recorded; any other outcome
   * only while the item is still `owner`'s (a lease that ran out may have passed it to another sender).
   * An item a person discarded meanwhile stays discarded.
   */
  record(id: number, outcome: ItemOutcome, owner: string): OutboxItem | undefined {
    const now = this.#now();
    const iso = new Date(now).toISOString();
    this.transaction(() => {
      const current = this.#statement('SELECT state, lease_owner FROM outbox_item WHERE id = ?').get(id) as
        Pick<OutboxRow, 'state' | 'lease_owner'> | undefined;
      if (!current || current.state === 'discarded' || current.state === 'delivered') return;
      if (outcome.state === 'delivered') {
        this.#statement(
          `UPDATE outbox_item SET state = 'delivered', number = ?, attempts = attempts + 1, last_error = ?,
           delivered_at = ?, updated_at = ?, lease_owner = NULL, lease_until = NULL WHERE id = ?`,
        ).run(outcome.number, outcome.note ?? null, iso, iso, id);
        return;
      }
      if (current.state !== 'sending' || current.lease_owner !== owner) return;
      if (outcome.state === 'needsAttention') {
        this.#statement(
          `UPDATE outbox_item SET state = 'needsAttention', attempts = attempts + 1, last_error = ?,
           last_host_words = ?, updated_at = ?, lease_owner = NULL, lease_until = NULL WHERE id = ?`,
        ).run(outcome.error, outcome.hostWords, iso, id);
      } else {
        this.#statement(
          `UPDATE outbox_item SET state = 'queued', attempts = attempts + ?, last_error = COALESCE(?, last_error),
           next_attempt_at = ?, updated_at = ?, lease_owner = NULL, lease_until = NULL WHERE id = ?`,
        ).run(outcome.countsAsAttempt ? 1 : 0, outcome.error, outcome.nextAttemptAt, iso, id);
      }
    });
    return this.get(id);
  }

  /** Every queued item due now (a manual flush, a network nudge). */
  makeAllDue(): void {
    const now = this.#now();
    this.transaction(() =>
      this.#statement(
        "UPDATE outbox_item SET next_attempt_at = ? WHERE state = 'queued' AND next_attempt_at > ?",
      ).run(now, now),
    );
  }

  /** Queued: due now. Needs attention: back in the queue unchanged (e.g. after Refuse Requests was lifted). */
  retry(id: number): OutboxItem | undefined {
    const now = this.#now();
    const iso = new Date(now).toISOString();
    this.transaction(() =>
      this.#statement(
        `UPDATE outbox_item SET state = 'queued', next_attempt_at = ?, updated_at = ?
         WHERE id = ? AND state IN ('queued', 'needsAttention')`,
      ).run(now, iso, id),
    );
    return this.get(id);
  }

  /** A corrected payload, queued under the same requestId. */
  replacePayload(id: number, payload: RequestPayload): OutboxItem | undefined {
    const now = this.#now();
    const iso = new Date(now).toISOString();
    this.transaction(() =>
      this.#statement(
        `UPDATE outbox_item SET payload = ?, state = 'queued', next_attempt_at = ?, updated_at = ?
         WHERE id = ? AND state = 'needsAttention'`,
      ).run(JSON.stringify(payload), now, iso, id),
    );
    return this.get(id);
  }

  discard(id: number): OutboxItem | undefined {
    const iso = new Date(this.#now()).toISOString();
    this.transaction(() =>
      this.#statement(
        `UPDATE outbox_item SET state = 'discarded', updated_at = ?
         WHERE id = ? AND state IN ('queued', 'needsAttention')`,
      ).run(iso, id),
    );
    return this.get(id);
  }
}

/** An item of the current connection, or of none yet (`:connection` is bound to the current one). */
/**
 * A top-level key of a row's stored payload, in SQL: NULL where the stored text is no JSON (a damaged row),
 * where `json_extract` alone would fail the whole statement, and with it every row's answer.
 */
export const storedPayloadKey = (key: string) =>
  `CASE WHEN json_valid(payload) THEN json_extract(payload, '$.${key}') END`;

const OF_CONNECTION = '(connection IS NULL OR connection IS :connection)';
/** An item waiting to be sent, queued under another connection than the current one. */
const HELD = `(state = 'queued' OR (state = 'sending' AND COALESCE(lease_until, 0) <= :now))
  AND NOT ${OF_CONNECTION}`;

/** A stored payload parsed with its kind's schema, or why it no longer parses. */
export function readStoredPayload(
  kind: string,
  stored: string,
):
  | { payload: RequestPayload; stored: Record<string, unknown>; unreadable: null }
  | {
      payload: null;
      stored: Record<string, unknown>;
      unreadable: string;
    } {
  let json: unknown;
  try {
    json = JSON.parse(stored);
  } catch {
    return { payload: null, stored: {}, unreadable: 'The stored request is not JSON any more.' };
  }
  const record = isJsonObject(json) ? json : {};
  const schema = kind === 'quote' || kind === 'account' ? REQUEST_SCHEMAS[kind] : undefined;
  if (!schema) {
    return {
      payload: null,
      stored: record,
      unreadable: `The stored request is of an unknown kind "${kind}".`,
    };
  }
  const parsed = schema.safeParse(json);
  if (parsed.success) return { payload: parsed.data, stored: record, unreadable: null };
  const problems = Object.entries(fieldErrors(parsed.error))
    .map(([path, message]) => `${path === '(input)' ? 'the request as a whole' : path}: ${message}`)
    .join('; ');
  return {
    payload: null,
    stored: record,
    unreadable: `The stored request no longer reads as a ${kind} request: ${problems}. It is kept unchanged and is not sent.`,
  };
}

function fromRow(row: OutboxRow): OutboxItem {
  return {
    id: row.id,
    requestId: row.request_id,
    kind: row.kind,
    ...readStoredPayload(row.kind, row.payload),
    state: row.state,
    number: row.number,
    attempts: row.attempts,
    lastError: row.last_error,
    hostWords: row.last_host_words,
    nextAttemptAt: row.next_attempt_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    deliveredAt: row.delivered_at,
    connection: row.connection,
  };
}

/** `heldFor`: the base URL it was queued for, when it waits for a person to confirm the new connection. */
export function itemView(item: OutboxItem, heldFor: string | null = null): OutboxItemView {
  // The summary is read from what is stored, so an unreadable request is still recognisable in the list.
  const stored = item.stored;
  const text = (key: string) => {
    const value = stored[key];
    return typeof value === 'string' ? value : '';
  };
  const lines = stored[QUOTE_LINES_KEY];
  // An unreadable request waiting to be sent needs a person, whatever its row says until a sender claims it.
  const waiting = item.state === 'queued' || item.state === 'sending' || item.state === 'needsAttention';
  const unreadable = item.unreadable !== null && waiting;
  const state = unreadable ? 'needsAttention' : item.state;
  return {
    id: item.id,
    requestId: item.requestId,
    kind: item.kind,
    state,
    number: item.number,
    attempts: item.attempts,
    lastError: unreadable ? item.unreadable : item.lastError,
    // Why it was refused, while that matters: waiting for a person, or discarded by one.
    hostWords:
      !unreadable && (item.state === 'needsAttention' || item.state === 'discarded') ? item.hostWords : null,
    unreadable: item.unreadable !== null,
    nextAttemptAt: state === 'queued' ? new Date(item.nextAttemptAt).toISOString() : null,
    createdAt: item.createdAt,
    updatedAt: item.updatedAt,
    deliveredAt: item.deliveredAt,
    heldFor,
    summary: {
      companyName: text('companyName'),
      contactName: text('contactName'),
      email: text('email'),
      source: text('source'),
      assistedBy: text('assistedBy'),
      deliveryMethod: text('deliveryMethod'),
      lineCount: Array.isArray(lines) ? lines.length : 0,
    },
  };
}

/** The item with its payload for "correct and resend"; null when the stored payload no longer parses. */
export function itemDetail(item: OutboxItem, heldFor: string | null = null): OutboxItemDetail | null {
  return item.payload ? { ...itemView(item, heldFor), payload: item.payload } : null;
}
