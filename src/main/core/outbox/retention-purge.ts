// Personal data is kept only as long as it is needed: a delivered request loses its customer's data a
// number of days after delivery (Settings' retention, 30 by default, or the machine policy's). The row
// stays in the outbox history, marked as purged, with what the desk and the ERP still need: the requestId,
// the ERP's number, the kind, the dates, the state and the employee. Undelivered items and items that need
// attention are never purged. Runs at start, daily while the app runs, and from the CLI; it is logged by
// count, never by content.
import type { DatabaseSync } from 'node:sqlite';
import { appLog } from '../log/app-log.ts';
import { storedPayloadKey } from './outbox-store.ts';
import { isJsonObject } from '../../../shared/json-object.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** What a purged request keeps of its payload, besides the columns (requestId, number, kind, state, dates). */
const KEPT_PAYLOAD_KEYS = [
  'assistedBy',
  'source',
  'deliveryMethod',
  'privacyAccepted',
  'privacyConsentVersion',
];
const isKeptKey = (key: string) => KEPT_PAYLOAD_KEYS.includes(key) || /Date$/.test(key);

/** The marker a purged payload carries (outbox rows keep their columns; the payload shrinks to this). */
export const PURGED_AT_KEY = 'personalDataPurgedAt';

export function purgedPayload(payload: Record<string, unknown>, purgedAt: string): Record<string, unknown> {
  const kept = Object.fromEntries(Object.entries(payload).filter(([key]) => isKeptKey(key)));
  return { ...kept, [PURGED_AT_KEY]: purgedAt };
}

export interface PurgeResult {
  purged: number;
  retentionDays: number;
  /** Delivered before this moment (ISO) was purged. */
  before: string;
}

/** Purges delivered requests delivered more than `retentionDays` days before `now`. */
export function purgeDeliveredPersonalData(
  db: DatabaseSync,
  retentionDays: number,
  now = new Date(),
): PurgeResult {
  const before = new Date(now.getTime() - retentionDays * DAY_MS).toISOString();
  const rows = db
    .prepare(
      `SELECT id, payload FROM outbox_item
       WHERE state = 'delivered' AND delivered_at IS NOT NULL AND delivered_at < ?
         AND ${storedPayloadKey(PURGED_AT_KEY)} IS NULL`,
    )
    .all(before) as { id: number; payload: string }[];
  const purgedAt = now.toISOString();
  // One transaction: the history is purged whole or not at all. last_error and the host's words go too:
  // a host may quote a customer in them.
  const update = db.prepare(
    `UPDATE outbox_item SET payload = ?, last_error = NULL, last_host_words = NULL
     WHERE id = ? AND state = 'delivered'`,
  );
  db.exec('BEGIN IMMEDIATE');
  try {
    for (const row of rows) {
      // A damaged row (not JSON, or JSON that is no object) is purged to the mark alone: it stops neither
      // its own purge nor the others'.
      let stored: unknown;
      try {
        stored = JSON.parse(row.payload);
      } catch {
        stored = undefined;
      }
      const payload = isJsonObject(stored) ? stored : {};
      update.run(JSON.stringify(purgedPayload(payload, purgedAt)), row.id);
    }
    db.exec('COMMIT');
  } catch (error) {
    db.exec('ROLLBACK');
    throw error;
  }
  return { purged: rows.length, retentionDays, before };
}

/** The purge at start and once a day while a shell runs. */
export class RetentionPurge {
  readonly #db: DatabaseSync;
  readonly #retentionDays: () => number;
  #timer: ReturnType<typeof setInterval> | undefined;

  constructor(db: DatabaseSync, retentionDays: () => number) {
    this.#db = db;
    this.#retentionDays = retentionDays;
  }

  run(now = new Date()): PurgeResult | undefined {
    try {
      const result = purgeDeliveredPersonalData(this.#db, this.#retentionDays(), now);
      appLog.info('retention purge', {
        purged: result.purged,
        retentionDays: result.retentionDays,
        deliveredBefore: result.before,
      });
      return result;
    } catch (error) {
      appLog.error('retention purge failed', error);
      return undefined;
    }
  }

  start(): void {
    this.run();
    this.#timer = setInterval(() => this.run(), DAY_MS);
    this.#timer.unref();
  }

  stop(): void {
    clearInterval(this.#timer);
  }
}
