// Stored payloads are parsed again with their kind's schema when the outbox reads them back, against a real
// app.db file: one that no longer parses (a key this version does not know, a quantity stored as text, a
// row that is not JSON at all) never crashes the list, is never sent, needs a person with a message that
// says why, and stays in the file exactly as it was stored, also after the database is closed and opened.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openAppDatabase } from '../../src/main/core/db/app-database.ts';
import { OutboxStore, itemDetail, itemView } from '../../src/main/core/outbox/outbox-store.ts';
import { PURGED_AT_KEY, purgeDeliveredPersonalData } from '../../src/main/core/outbox/retention-purge.ts';
import { newRequestId } from '../../src/main/core/outbox/request-id.ts';
import { QUOTE_LINES_KEY } from '../../src/shared/contract/request-fields.ts';
import { quoteRequestSchema } from '../../src/shared/contract/request-schemas.ts';
import { sampleCounterVisit } from '../support/request-samples.ts';

let dataDir: string;
let db: DatabaseSync;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'voa-stored-payloads-'));
  db = openAppDatabase(dataDir);
});
afterEach(async () => {
  db.close();
  await rm(dataDir, { recursive: true, force: true });
});

const payloadColumn = (requestId: string): string =>
  (db.prepare('SELECT payload FROM outbox_item WHERE request_id = ?').get(requestId) as { payload: string })
    .payload;
const stateColumn = (requestId: string): string =>
  (db.prepare('SELECT state FROM outbox_item WHERE request_id = ?').get(requestId) as { state: string })
    .state;

/** A queued request whose stored JSON is then replaced, as an older or damaged copy of app.db would hold it. */
function storedAs(store: OutboxStore, stored: (valid: string) => string): string {
  const requestId = newRequestId();
  store.insert('quote', requestId, quoteRequestSchema.parse({ ...sampleCounterVisit, requestId }));
  db.prepare('UPDATE outbox_item SET payload = ? WHERE request_id = ?').run(
    stored(payloadColumn(requestId)),
    requestId,
  );
  return requestId;
}

describe('outbox: stored payloads read back with their schema', () => {
  it('a payload that no longer parses is listed as needing attention, is not sent, and is kept as stored', () => {
    const store = new OutboxStore(db);
    const good = newRequestId();
    store.insert('quote', good, quoteRequestSchema.parse({ ...sampleCounterVisit, requestId: good }));
    const unknownKey = storedAs(store, (valid) =>
      JSON.stringify({ ...JSON.parse(valid), loyaltyCard: 'G-17' }),
    );
    const textQuantity = storedAs(store, (valid) => {
      const payload = JSON.parse(valid);
      payload[QUOTE_LINES_KEY][0].quantity = 'twee';
      return JSON.stringify(payload);
    });
    const notJson = storedAs(store, (valid) => valid.slice(0, 40));
    const storedBefore = new Map([unknownKey, textQuantity, notJson].map((id) => [id, payloadColumn(id)]));

    const listed = new Map(store.list().map((item) => [item.requestId, itemView(item)]));
    expect(listed.get(good)).toMatchObject({ state: 'queued', unreadable: false, lastError: null });
    for (const id of storedBefore.keys()) {
      expect(listed.get(id)).toMatchObject({ state: 'needsAttention', unreadable: true, hostWords: null });
    }
    // The message names what no longer reads; what can still be read keeps the request recognisable.
    expect(listed.get(unknownKey)?.lastError).toMatch(/no longer reads as a quote request.*loyaltyCard/);
    expect(listed.get(textQuantity)?.lastError).toMatch(new RegExp(`${QUOTE_LINES_KEY}\\.0\\.quantity`));
    expect(listed.get(notJson)?.lastError).toMatch(/not JSON/);
    expect(listed.get(unknownKey)?.summary.companyName).toBe(sampleCounterVisit.companyName);
    expect(itemDetail(store.byRequestId(unknownKey)!)).toBeNull();
    // The outbox's search reads the stored text as well: a row that is no JSON is not found by a name, and
    // fails no one else's search.
    const found = store.list({ search: sampleCounterVisit.companyName! }).map((item) => item.requestId);
    expect(found).toEqual(expect.arrayContaining([good, unknownKey, textQuantity]));
    expect(found).not.toContain(notJson);

    const claimed = store.claimDue(10, 'test-sender', 60_000);
    expect(claimed.map((item) => item.requestId)).toEqual([good]);
    for (const [id, before] of storedBefore) {
      expect(stateColumn(id)).toBe('needsAttention');
      expect(payloadColumn(id)).toBe(before);
    }
    // Claimed again later (a retry): still not sent, still kept.
    store.retry(store.byRequestId(unknownKey)!.id);
    expect(store.claimDue(10, 'test-sender', 60_000)).toEqual([]);
    expect(stateColumn(unknownKey)).toBe('needsAttention');

    db.close();
    db = openAppDatabase(dataDir);
    const reopened = new OutboxStore(db);
    for (const [id, before] of storedBefore) {
      expect(payloadColumn(id)).toBe(before);
      expect(itemView(reopened.byRequestId(id)!)).toMatchObject({
        state: 'needsAttention',
        unreadable: true,
      });
    }
    // A person discards it: discarded, and still not one character lost.
    const discarded = reopened.discard(reopened.byRequestId(notJson)!.id)!;
    expect(itemView(discarded)).toMatchObject({ state: 'discarded', unreadable: true });
    expect(payloadColumn(notJson)).toBe(storedBefore.get(notJson));
  });

  it('the retention purge purges a delivered payload that is damaged, and the others beside it', () => {
    const store = new OutboxStore(db);
    const delivered = (stored?: string): string => {
      const requestId = newRequestId();
      const item = store.insert(
        'quote',
        requestId,
        quoteRequestSchema.parse({ ...sampleCounterVisit, requestId }),
      );
      expect(store.claimDue(1, 'test-sender', 60_000)[0]?.id).toBe(item.id);
      store.record(
        item.id,
        { state: 'delivered', number: `WEB${String(item.id).padStart(6, '0')}` },
        'test-sender',
      );
      if (stored !== undefined)
        db.prepare('UPDATE outbox_item SET payload = ? WHERE request_id = ?').run(stored, requestId);
      return requestId;
    };
    const intact = delivered();
    const damaged = [
      delivered('null'),
      delivered('[1,2]'),
      delivered('"tekst"'),
      delivered('{"contactName": "Jan'),
    ];
    const later = new Date(Date.now() + 40 * 24 * 60 * 60 * 1000);

    expect(purgeDeliveredPersonalData(db, 30, later).purged).toBe(5);
    for (const id of damaged) expect(Object.keys(JSON.parse(payloadColumn(id)))).toEqual([PURGED_AT_KEY]);
    const purged = JSON.parse(payloadColumn(intact));
    expect(purged).toMatchObject({ source: sampleCounterVisit.source, [PURGED_AT_KEY]: later.toISOString() });
    expect(payloadColumn(intact)).not.toContain(sampleCounterVisit.contactName!);
  });

  it('a payload that parses is read through its schema, the same as what was queued', () => {
    const store = new OutboxStore(db);
    const requestId = newRequestId();
    const queued = quoteRequestSchema.parse({ ...sampleCounterVisit, requestId });
    store.insert('quote', requestId, queued);
    const item = store.byRequestId(requestId)!;
    expect(item.unreadable).toBeNull();
    expect(item.payload).toEqual(queued);
    expect(itemDetail(item)?.payload).toEqual(queued);
  });
});
