// The sender's rules with a stand-in host and a real SQLite store. Time is a ManualClock: waits end when
// the test moves time, never on the wall clock, so the results do not depend on the machine's load.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { appMigrations } from '../../src/main/core/db/app-migrations.ts';
import { openDatabase } from '../../src/main/core/db/sqlite.ts';
import type { DeliveryOutcome } from '../../src/main/core/host/voa-requests-client.ts';
import { OutboxSender } from '../../src/main/core/outbox/outbox-sender.ts';
import { OutboxStore } from '../../src/main/core/outbox/outbox-store.ts';
import { ManualClock } from '../support/manual-clock.ts';

const TIMING = { baseDelayMs: 10, maxDelayMs: 40, concurrency: 2, leaseMs: 1000 };

function addQuote(store: OutboxStore, requestId: string) {
  return store.transaction(() =>
    store.insert('quote', requestId, { requestId, privacyAccepted: true, privacyConsentVersion: 'X' }),
  );
}

function setup(
  answers: (requestId: string, call: number) => DeliveryOutcome,
  options: { clock?: ManualClock; file?: string; owner?: string } = {},
) {
  const clock = options.clock ?? new ManualClock();
  const db = openDatabase(options.file ?? ':memory:', appMigrations, 'full');
  const store = new OutboxStore(db, clock.now);
  let calls = 0;
  const sent: string[] = [];
  const load = { active: 0, atStart: [] as number[] };
  const sender = new OutboxSender({
    store,
    deliver: async (item) => {
      sent.push(item.requestId);
      load.atStart.push(++load.active);
      // In flight until the test moves time on: concurrent sends overlap as they would on a network.
      await clock.sleep(5);
      load.active -= 1;
      return answers(item.requestId, ++calls);
    },
    onItems: () => {},
    onStatus: () => {},
    timing: TIMING,
    clock,
    random: () => 0.5,
    ...(options.owner ? { owner: options.owner } : {}),
  });
  const add = (requestId: string) => addQuote(store, requestId);
  return { clock, db, store, sender, add, sent, load };
}

const delivered = (requestId: string): DeliveryOutcome => ({
  kind: 'delivered',
  number: `N-${requestId}`,
  duplicate: false,
});

/**
 * A sender whose host answers as `host.answer` says at each call: a refusal that pauses the queue, no answer
 * at all, or delivered. `within(done)` moves the test clock until `done`, or a minute on: the lease's
 * heartbeat always sleeps, so a state never reached fails the test, not its time-out.
 */
function switchableHost(first: 'blocked' | 'unknown' | 'delivered') {
  const host = { answer: first };
  const rig = setup((requestId) =>
    host.answer === 'blocked'
      ? { kind: 'blocked', message: 'check the secret' }
      : host.answer === 'unknown'
        ? { kind: 'unknown', message: 'refused the connection', reachedHost: false }
        : delivered(requestId),
  );
  const within = (done: () => boolean) => {
    const from = rig.clock.now();
    return rig.clock.runUntil(() => done() || rig.clock.now() > from + 60_000);
  };
  return { host, within, ...rig };
}

describe('outbox sender', () => {
  it('one item that needs attention never holds up the others', async () => {
    const { clock, store, sender, add } = setup((requestId) =>
      requestId === 'B' ? { kind: 'refused', message: 'no', hostWords: 'no' } : delivered(requestId),
    );
    for (const id of ['A', 'B', 'C']) add(id);
    const { drained } = await clock.run(sender.flush(2000));
    expect(drained).toBe(true);
    expect(store.list().map((item) => [item.requestId, item.state, item.number])).toEqual([
      ['C', 'delivered', 'N-C'],
      ['B', 'needsAttention', null],
      ['A', 'delivered', 'N-A'],
    ]);
  });

  it('unknown outcomes are retried with the same requestId after the policy backoff; attempts count', async () => {
    const { clock, store, sender, add, sent } = setup((_id, call) =>
      call < 3
        ? { kind: 'unknown', message: 'HTTP 503', reachedHost: true }
        : { kind: 'delivered', number: 'N1', duplicate: true },
    );
    add('A');
    await clock.run(sender.flush(2000));
    expect(sent).toEqual(['A', 'A', 'A']);
    expect(store.byRequestId('A')).toMatchObject({ state: 'delivered', attempts: 3, number: 'N1' });
    // The policy's equal jitter at 0.5: 3/4 of 10 ms after the first attempt, of 20 ms after the second.
    expect(clock.slept).toEqual(expect.arrayContaining([8, 15]));
  });

  it('a blocked answer pauses everything and burns no attempt; a nudge from new settings resumes', async () => {
    let blocked = true;
    const { clock, store, sender, add, sent } = setup((requestId) =>
      blocked ? { kind: 'blocked', message: 'check the secret' } : delivered(requestId),
    );
    add('A');
    add('B');
    const first = await clock.run(sender.flush(500));
    expect(first.status.paused?.reason).toBe('check the secret');
    expect(sent.length).toBeLessThanOrEqual(2);
    expect(store.list().every((item) => item.state === 'queued' && item.attempts === 0)).toBe(true);
    blocked = false;
    const second = await clock.run(sender.flush(2000));
    expect(second).toMatchObject({ drained: true, status: { paused: null, connection: 'online' } });
  });

  it('offline: one request probes at a time and the status says offline', async () => {
    let up = false;
    const { clock, sender, add, load } = setup((requestId) =>
      up ? delivered(requestId) : { kind: 'unknown', message: 'refused the connection', reachedHost: false },
    );
    for (const id of ['A', 'B', 'C', 'D']) add(id);
    const offline = await clock.run(sender.flush(100));
    expect(offline.status.connection).toBe('offline');
    expect(offline.status.counts.queued).toBe(4);
    // The first claim takes two (concurrency 2); once the host is known to be away, one probes alone.
    expect(load.atStart.length).toBeGreaterThan(2);
    expect(load.atStart.slice(2).every((active) => active === 1)).toBe(true);
    up = true;
    sender.start();
    sender.nudge('network');
    await clock.runUntil(() => sender.status().undelivered === 0);
    await clock.run(sender.stop());
    expect(sender.status()).toMatchObject({ connection: 'online', undelivered: 0 });
  });

  it('a person asking for a request now is not held back by a pause or an offline wait', async () => {
    const { host, within, clock, store, sender, add, sent } = switchableHost('blocked');
    add('A');
    sender.start();
    await clock.runUntil(() => sender.status().paused !== null);
    // Paused: a new item alone does not send; a person's retry does, once.
    host.answer = 'unknown';
    sender.nudge('submitted');
    await clock.runUntil(() => true);
    expect(sent).toEqual(['A']);
    store.retry(store.byRequestId('A')!.id);
    sender.nudge('person');
    await within(() => sender.status().connection === 'offline');
    expect(sent).toEqual(['A', 'A']);
    expect(sender.status().paused).toBeNull();

    // Offline, waiting before the next probe: a person's retry is sent now, without the wait.
    host.answer = 'delivered';
    const waitingUntil = Date.parse(sender.status().nextAttemptAt!);
    store.retry(store.byRequestId('A')!.id);
    sender.nudge('person');
    await within(() => store.byRequestId('A')!.state === 'delivered');
    expect(store.byRequestId('A')!.state).toBe('delivered');
    expect(clock.now()).toBeLessThan(waitingUntil);
    await clock.run(sender.stop());
  });

  it('the network coming back ends an offline wait at once, but never a pause: that waits for a person or new settings', async () => {
    const { host, within, clock, store, sender, add, sent } = switchableHost('unknown');
    add('A');
    sender.start();
    await within(() => sender.status().connection === 'offline');
    const waitingUntil = Date.parse(sender.status().nextAttemptAt!);
    host.answer = 'delivered';
    sender.nudge('network');
    await within(() => store.byRequestId('A')!.state === 'delivered');
    expect(store.byRequestId('A')!.state).toBe('delivered');
    expect(clock.now()).toBeLessThan(waitingUntil);

    host.answer = 'blocked';
    add('B');
    sender.nudge('submitted');
    await within(() => sender.status().paused !== null);
    const tried = sent.length;
    // Whatever paused the queue is fixed where no event tells; the network's return alone sends nothing.
    host.answer = 'delivered';
    sender.nudge('network');
    await within(() => sent.length > tried);
    expect(sent.length).toBe(tried);
    expect(sender.status().paused?.reason).toBe('check the secret');
    expect(store.byRequestId('B')).toMatchObject({ state: 'queued', attempts: 0 });
    sender.nudge('settings');
    await within(() => store.byRequestId('B')!.state === 'delivered');
    expect(store.byRequestId('B')!.state).toBe('delivered');
    await clock.run(sender.stop());
  });

  it('an item left "sending" without a lease (a crash before leases) is sent again', async () => {
    const { clock, db, store, sender, add, sent } = setup(() => ({
      kind: 'delivered',
      number: 'N',
      duplicate: true,
    }));
    add('A');
    db.exec("UPDATE outbox_item SET state = 'sending'");
    await clock.run(sender.flush(1000));
    expect(sent).toEqual(['A']);
    expect(store.byRequestId('A')?.state).toBe('delivered');
  });

  it('an item another sender holds is left alone until its lease runs out, then sent', async () => {
    const { clock, store, sender, add, sent } = setup(delivered);
    add('A');
    add('B');
    const leaseEnds = clock.now() + 1000;
    // A sender that claimed A and then died: nobody renews its lease.
    expect(store.claimDue(1, 'crashed sender', 1000).map((item) => item.requestId)).toEqual(['A']);
    const sentAt = new Map<string, number>();
    const flushing = sender.flush(5000);
    await clock.runUntil(() => {
      for (const id of sent) if (!sentAt.has(id)) sentAt.set(id, clock.now());
      return store.counts().delivered === 2;
    });
    await clock.run(flushing);
    expect(sent).toEqual(['B', 'A']);
    expect(sentAt.get('B')).toBeLessThan(leaseEnds);
    expect(sentAt.get('A')).toBeGreaterThanOrEqual(leaseEnds);
  });

  it('a delivery is in flight while its lease runs; a crashed sender’s row is not one (an update may install)', async () => {
    const { clock, store, add } = setup(delivered);
    add('A');
    store.claimDue(1, 'crashed sender', 1000);
    expect(store.deliveriesInFlight()).toBe(1);
    await clock.advanceBy(1001);
    expect(store.counts().sending).toBe(1);
    expect(store.deliveriesInFlight()).toBe(0);
  });

  it('the owner renews its lease while a call is in flight, so no other sender takes the item', async () => {
    const clock = new ManualClock();
    const { store, add } = setup(delivered, { clock });
    add('A');
    const [claimed] = store.claimDue(1, 'alive', 1000);
    for (let beat = 0; beat < 5; beat++) {
      await clock.advanceBy(300);
      store.renewLeases('alive', 1000);
      expect(store.claimDue(1, 'other', 1000)).toEqual([]);
    }
    // The alive sender's answer is recorded; a late answer from a sender that lost the item is not.
    await clock.advanceBy(1001);
    expect(store.claimDue(1, 'other', 1000).map((item) => item.id)).toEqual([claimed!.id]);
    store.record(
      claimed!.id,
      { state: 'queued', error: 'late', nextAttemptAt: 0, countsAsAttempt: true },
      'alive',
    );
    expect(store.get(claimed!.id)).toMatchObject({ state: 'sending', attempts: 0 });
    store.record(claimed!.id, { state: 'delivered', number: 'N-A' }, 'other');
    expect(store.get(claimed!.id)).toMatchObject({ state: 'delivered', number: 'N-A', attempts: 1 });
  });

  it('two senders on one app.db send each of 40 items exactly once', async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'voa-outbox-senders-'));
    try {
      const file = path.join(folder, 'app.db');
      const clock = new ManualClock();
      const one = setup(delivered, { clock, file, owner: 'one' });
      const two = setup(delivered, { clock, file, owner: 'two' });
      for (let index = 0; index < 40; index++) one.add(`R${index}`);
      const flushes = Promise.all([one.sender.flush(10_000), two.sender.flush(10_000)]);
      const results = await clock.run(flushes);
      expect(results.map((result) => result.drained)).toEqual([true, true]);
      const sent = [...one.sent, ...two.sent];
      expect(sent).toHaveLength(40);
      expect(new Set(sent).size).toBe(40);
      // Both took part: the queue was shared, not drained by whoever started first.
      expect(Math.min(one.sent.length, two.sent.length)).toBeGreaterThan(0);
      one.db.close();
      two.db.close();
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
