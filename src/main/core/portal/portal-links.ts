// Link outcomes of fair quote requests sent while a Buyer was signed in (app.db, table portal_link).
import type { DatabaseSync } from 'node:sqlite';
import type { LinkFailure, LinkState, RequestLinkView } from '../../../shared/bridge/portal-calls.ts';

/** As stored: a LinkRequest without an answer is kept as notLinked with reason noAnswer (table check). */
type StoredState = Exclude<LinkState, 'unknown'>;

interface LinkRow {
  request_id: string;
  customer_no: string;
  state: StoredState;
  reason: LinkFailure | null;
  updated_at: string;
  number: string | null;
}

export class PortalLinkStore {
  readonly #db: DatabaseSync;

  constructor(db: DatabaseSync) {
    this.#db = db;
  }

  /** Marks a request for linking to this customer once it is delivered; a known request is left alone. */
  expect(requestId: string, customerNo: string): boolean {
    const result = this.#db
      .prepare(
        `INSERT INTO portal_link (request_id, customer_no, state, updated_at) VALUES (?, ?, 'pending', ?)
         ON CONFLICT (request_id) DO NOTHING`,
      )
      .run(requestId, customerNo, new Date().toISOString());
    return result.changes > 0;
  }

  record(requestId: string, state: StoredState, reason: LinkFailure | null): RequestLinkView | null {
    this.#db
      .prepare('UPDATE portal_link SET state = ?, reason = ?, updated_at = ? WHERE request_id = ?')
      .run(state, reason, new Date().toISOString(), requestId);
    return this.get(requestId);
  }

  get(requestId: string): RequestLinkView | null {
    const row = this.#db.prepare(`${SELECT} WHERE l.request_id = ?`).get(requestId) as LinkRow | undefined;
    return row ? view(row) : null;
  }

  list(limit = 100): RequestLinkView[] {
    const rows = this.#db.prepare(`${SELECT} ORDER BY l.updated_at DESC LIMIT ?`).all(limit) as unknown[];
    return (rows as LinkRow[]).map(view);
  }
}

const SELECT = `SELECT l.request_id, l.customer_no, l.state, l.reason, l.updated_at, o.number
  FROM portal_link l LEFT JOIN outbox_item o ON o.request_id = l.request_id`;

function view(row: LinkRow): RequestLinkView {
  return {
    requestId: row.request_id,
    number: row.number,
    customerNo: row.customer_no,
    // No answer is not "not linked": the host may have linked it. MyRequests settles it.
    state: row.state === 'notLinked' && row.reason === 'noAnswer' ? 'unknown' : row.state,
    reason: row.reason,
    updatedAt: row.updated_at,
  };
}
