// The sender's rules with a stand-in host and a real (in-memory) SQLite store.
import { describe, expect, it } from 'vitest';
import { appMigrations } from '../../src/main/core/db/app-migrations.ts';
import { openDatabase } from '../../src/main/core/db/sqlite.ts';
import type { DeliveryOutcome } from '../../src/main/core/host/voa-requests-client.ts';
import { OutboxSender } from '../../src/main/core/outbox/outbox-sender.ts';
import { OutboxStore } from '../../src/main/core/outbox/outbox-store.ts';

function setup(answers: (requestId: string, call: number) => DeliveryOutcome) {
  const db = openDatabase(':memory:', appMigrations, 'full');
  const store = new OutboxStore(db);
  let calls = 0;
  const sent: string[] = [];
  const load = { active: 0, atStart: [] as number[] };
  const sender = new OutboxSender({
    store,
    deliver: async (item) => {
      sent.push(item.requestId);
      load.atStart.push(++load.active);
      await new Promise((resolve) => setTimeout(resolve, 2));
      load.active -= 1;
      return answers(item.requestId, ++calls);
    },
    onItems: () => {},
    onStatus: () => {},
    timing: { baseDelayMs: 10, maxDelayMs: 40, concurrency: 2 },
    random: () => 0.5,
  });
  const add = (requestId: string) =>
    store.transaction(() =>
      store.insert('quote', requestId, { requestId, privacyAccepted: true, privacyConsentVersion: 'X' }),
    );
  return { db, store, sender, add, sent, load };
}

describe('outbox sender', () => {
  it('one item that needs attention never holds up the others', async () => {
    const { store, sender, add } = setup((requestId) =>
      requestId === 'B'
        ? { kind: 'refused', message: 'no' }
        : { kind: 'delivered', number: `N-${requestId}`, duplicate: false },
    );
    for (const id of ['A', 'B', 'C']) add(id);
    const { drained } = await sender.flush(2000);
    expect(drained).toBe(true);
    expect(store.list().map((item) => [item.requestId, item.state, item.number])).toEqual([
      ['C', 'delivered', 'N-C'],
      ['B', 'needsAttention', null],
      ['A', 'delivered', 'N-A'],
    ]);
  });

  it('unknown outcomes are retried with the same requestId until delivered; attempts count', async () => {
    const { store, sender, add, sent } = setup((_id, call) =>
      call < 3
        ? { kind: 'unknown', message: 'HTTP 503', reachedHost: true }
        : { kind: 'delivered', number: 'N1', duplicate: true },
    );
    add('A');
    await sender.flush(2000);
    expect(sent).toEqual(['A', 'A', 'A']);
    expect(store.byRequestId('A')).toMatchObject({ state: 'delivered', attempts: 3, number: 'N1' });
  });

  it('a blocked answer pauses everything and burns no attempt; a nudge from new settings resumes', async () => {
    let blocked = true;
    const { store, sender, add, sent } = setup(() =>
      blocked
        ? { kind: 'blocked', message: 'check the secret' }
        : { kind: 'delivered', number: 'N', duplicate: false },
    );
    add('A');
    add('B');
    const first = await sender.flush(500);
    expect(first.status.paused?.reason).toBe('check the secret');
    expect(sent.length).toBeLessThanOrEqual(2);
    expect(store.list().every((item) => item.state === 'queued' && item.attempts === 0)).toBe(true);
    blocked = false;
    const second = await sender.flush(2000);
    expect(second).toMatchObject({ drained: true, status: { paused: null, connection: 'online' } });
  });

  it('offline: one request probes at a time and the status says offline', async () => {
    let up = false;
    const { sender, add, load } = setup(() =>
      up
        ? { kind: 'delivered', number: 'N', duplicate: false }
        : { kind: 'unknown', message: 'refused the connection', reachedHost: false },
    );
    for (const id of ['A', 'B', 'C', 'D']) add(id);
    const offline = await sender.flush(60);
    expect(offline.status.connection).toBe('offline');
    expect(offline.status.counts.queued).toBe(4);
    // The first claim may take two (concurrency 2); once the host is known to be away, one probes alone.
    expect(load.atStart.length).toBeGreaterThan(2);
    expect(load.atStart.slice(2).every((active) => active === 1)).toBe(true);
    up = true;
    sender.start();
    sender.nudge('network');
    await new Promise((resolve) => setTimeout(resolve, 200));
    await sender.stop();
    expect(sender.status()).toMatchObject({ connection: 'online', undelivered: 0 });
  });

  it('on start, anything left "sending" by a crash goes back to the queue and is sent again', async () => {
    const { db, store, sender, add, sent } = setup(() => ({
      kind: 'delivered',
      number: 'N',
      duplicate: true,
    }));
    add('A');
    db.exec("UPDATE outbox_item SET state = 'sending'");
    sender.start();
    await new Promise((resolve) => setTimeout(resolve, 50));
    await sender.stop();
    expect(sent).toEqual(['A']);
    expect(store.byRequestId('A')?.state).toBe('delivered');
  });
});
