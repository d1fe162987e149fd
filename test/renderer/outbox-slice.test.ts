// The outbox slice: what the outbox screen and the header show, kept current by main's events.
import { describe, expect, it, vi } from 'vitest';
import type { CallOutput, EventPayload } from '../../src/shared/bridge/api.ts';
import { useAppStore } from '../../src/renderer/src/store/use-app-store.ts';
import { deferred } from './support/fake-bridge.ts';
import { IDLE_OUTBOX, installFake, outboxItem } from './support/renderer-harness.ts';

const item = outboxItem;
type OutboxList = CallOutput<'outbox:list'>;
type OutboxChange = EventPayload<'outbox:changed'>;

describe('outbox slice', () => {
  it('shows the queue status main reports at start, and follows connection changes', async () => {
    const fake = installFake('nl', { 'outbox:status': () => ({ ...IDLE_OUTBOX, connection: 'offline' }) });
    await useAppStore.getState().initOutbox();
    expect(useAppStore.getState().outboxStatus?.connection).toBe('offline');

    fake.emit('connection:changed', { status: { ...IDLE_OUTBOX, connection: 'online' }, revision: 1 });
    expect(useAppStore.getState().outboxStatus?.connection).toBe('online');
  });

  it('the network coming back tells main so, and never sends a person’s “send now”, which would lift a pause', async () => {
    const paused = {
      ...IDLE_OUTBOX,
      paused: { reason: 'check the secret', since: '2026-11-22T10:00:00.000Z' },
    };
    const fake = installFake('nl', {
      'outbox:status': () => paused,
      'outbox:networkBack': () => paused,
    });
    // This store's own listener (stores of earlier tests in this worker listen on the same window).
    const listening = vi.spyOn(window, 'addEventListener');
    await useAppStore.getState().initOutbox();
    const online = listening.mock.calls.find(([type]) => type === 'online')?.[1];
    listening.mockRestore();
    if (typeof online !== 'function') throw new Error('The outbox does not listen for the network’s return.');
    online(new Event('online'));
    await fake.settled();
    expect(fake.inputsOf('outbox:flush')).toEqual([]);
    expect(fake.inputsOf('outbox:networkBack')).toHaveLength(1);
  });

  it('asks main for the filtered list with the search trimmed, and shows what main answers', async () => {
    const waiting = item({ state: 'queued' });
    const fake = installFake('nl', {
      'outbox:list': () => ({ items: [waiting], status: IDLE_OUTBOX, revision: 0 }),
    });
    await useAppStore.getState().loadOutbox({ states: ['queued', 'sending'], search: '  Company ' });

    expect(fake.inputsOf('outbox:list')).toEqual([
      { states: ['queued', 'sending'], search: 'Company', limit: 1000 },
    ]);
    expect(useAppStore.getState().outboxItems.map((shown) => shown.id)).toEqual([waiting.id]);
  });

  it('puts a new request at the top, updates a listed one in place, and keeps out what the filter hides', async () => {
    const old = item({ state: 'queued' });
    const fake = installFake('nl', {
      'outbox:list': () => ({ items: [old], status: IDLE_OUTBOX, revision: 0 }),
    });
    await useAppStore.getState().initOutbox();
    await useAppStore.getState().loadOutbox({ states: ['queued', 'sending'] });

    const fresh = item({ state: 'queued' });
    const delivered = item({ state: 'delivered', number: 'OFF-1' });
    fake.emit('outbox:changed', {
      items: [{ ...old, state: 'sending', attempts: 1 }, fresh, delivered],
      status: IDLE_OUTBOX,
      revision: 1,
    });

    const shown = useAppStore.getState().outboxItems;
    expect(shown.map((row) => row.id)).toEqual([fresh.id, old.id]);
    expect(shown[1]).toMatchObject({ state: 'sending', attempts: 1 });
  });

  it('while a search is typed, a new request does not slip into the results', async () => {
    const fake = installFake('nl');
    await useAppStore.getState().initOutbox();
    await useAppStore.getState().loadOutbox({ search: 'Smit' });
    fake.emit('outbox:changed', { items: [item()], status: IDLE_OUTBOX, revision: 1 });
    expect(useAppStore.getState().outboxItems).toEqual([]);
  });

  /** A list on its way while a change arrives: the change event first, then the list's answer. */
  async function listOvertakenBy(change: OutboxChange, answer: OutboxList) {
    const list = deferred<OutboxList>();
    const fake = installFake('nl', { 'outbox:list': () => list.promise });
    await useAppStore.getState().initOutbox();
    const loading = useAppStore.getState().loadOutbox();
    fake.emit('outbox:changed', change);
    list.resolve(answer);
    await loading;
    return useAppStore.getState().outboxItems;
  }

  it('a list read before a change but answering after it still shows the change', async () => {
    const waiting = item({ state: 'queued' });
    // Read at revision 4, with the request being sent; its attempt ends (revision 5) before the list arrives.
    const shown = await listOvertakenBy(
      {
        items: [{ ...waiting, attempts: 1, lastError: 'Geen verbinding' }],
        status: IDLE_OUTBOX,
        revision: 5,
      },
      { items: [{ ...waiting, state: 'sending' }], status: IDLE_OUTBOX, revision: 4 },
    );
    expect(shown).toMatchObject([{ id: waiting.id, state: 'queued', attempts: 1 }]);
  });

  it('a change the list already holds is not played over it again', async () => {
    const waiting = item({ state: 'queued' });
    const shown = await listOvertakenBy(
      { items: [{ ...waiting, state: 'sending' }], status: IDLE_OUTBOX, revision: 5 },
      { items: [{ ...waiting, state: 'delivered', number: 'OFF-7' }], status: IDLE_OUTBOX, revision: 6 },
    );
    expect(shown).toMatchObject([{ id: waiting.id, state: 'delivered' }]);
  });

  it('a status that came while a list was on its way stays when the list read an older one', async () => {
    const list = deferred<OutboxList>();
    const fake = installFake('nl', { 'outbox:list': () => list.promise });
    await useAppStore.getState().initOutbox();
    const loading = useAppStore.getState().loadOutbox();
    fake.emit('connection:changed', { status: { ...IDLE_OUTBOX, connection: 'offline' }, revision: 8 });
    list.resolve({ items: [], status: { ...IDLE_OUTBOX, connection: 'online' }, revision: 7 });
    await loading;
    expect(useAppStore.getState().outboxStatus?.connection).toBe('offline');

    // A newer list's status is shown.
    const newer: OutboxList = { items: [], status: { ...IDLE_OUTBOX, connection: 'online' }, revision: 9 };
    fake.handle('outbox:list', () => newer);
    await useAppStore.getState().loadOutbox();
    expect(useAppStore.getState().outboxStatus?.connection).toBe('online');
  });

  it('of two lists on their way, the one asked for last is shown, whichever answers last', async () => {
    const smit = item({ state: 'queued' });
    const other = item({ state: 'queued' });
    const answers: ((value: OutboxList) => void)[] = [];
    installFake('nl', { 'outbox:list': () => new Promise((resolve) => answers.push(resolve)) });
    const first = useAppStore.getState().loadOutbox({ search: 'S' });
    const second = useAppStore.getState().loadOutbox({ search: 'Smit' });
    answers[1]!({ items: [smit], status: IDLE_OUTBOX, revision: 0 });
    await second;
    answers[0]!({ items: [smit, other], status: IDLE_OUTBOX, revision: 0 });
    await first;
    expect(useAppStore.getState().outboxItems.map((shown) => shown.id)).toEqual([smit.id]);
  });
});
