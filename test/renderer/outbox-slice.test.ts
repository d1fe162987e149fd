// The outbox slice: what the outbox screen and the header show, kept current by main's events.
import { describe, expect, it } from 'vitest';
import { useAppStore } from '../../src/renderer/src/store/use-app-store.ts';
import { IDLE_OUTBOX, installFake, outboxItem } from './support/renderer-harness.ts';

const item = outboxItem;

describe('outbox slice', () => {
  it('shows the queue status main reports at start, and follows connection changes', async () => {
    const fake = installFake('nl', { 'outbox:status': () => ({ ...IDLE_OUTBOX, connection: 'offline' }) });
    await useAppStore.getState().initOutbox();
    expect(useAppStore.getState().outboxStatus?.connection).toBe('offline');

    fake.emit('connection:changed', { ...IDLE_OUTBOX, connection: 'online' });
    expect(useAppStore.getState().outboxStatus?.connection).toBe('online');
  });

  it('asks main for the filtered list with the search trimmed, and shows what main answers', async () => {
    const waiting = item({ state: 'queued' });
    const fake = installFake('nl', { 'outbox:list': () => ({ items: [waiting], status: IDLE_OUTBOX }) });
    await useAppStore.getState().loadOutbox({ states: ['queued', 'sending'], search: '  Company ' });

    expect(fake.inputsOf('outbox:list')).toEqual([
      { states: ['queued', 'sending'], search: 'Company', limit: 1000 },
    ]);
    expect(useAppStore.getState().outboxItems.map((shown) => shown.id)).toEqual([waiting.id]);
  });

  it('puts a new request at the top, updates a listed one in place, and keeps out what the filter hides', async () => {
    const old = item({ state: 'queued' });
    const fake = installFake('nl', { 'outbox:list': () => ({ items: [old], status: IDLE_OUTBOX }) });
    await useAppStore.getState().initOutbox();
    await useAppStore.getState().loadOutbox({ states: ['queued', 'sending'] });

    const fresh = item({ state: 'queued' });
    const delivered = item({ state: 'delivered', number: 'OFF-1' });
    fake.emit('outbox:changed', {
      items: [{ ...old, state: 'sending', attempts: 1 }, fresh, delivered],
      status: IDLE_OUTBOX,
    });

    const shown = useAppStore.getState().outboxItems;
    expect(shown.map((row) => row.id)).toEqual([fresh.id, old.id]);
    expect(shown[1]).toMatchObject({ state: 'sending', attempts: 1 });
  });

  it('while a search is typed, a new request does not slip into the results', async () => {
    const fake = installFake('nl');
    await useAppStore.getState().initOutbox();
    await useAppStore.getState().loadOutbox({ search: 'Smit' });
    fake.emit('outbox:changed', { items: [item()], status: IDLE_OUTBOX });
    expect(useAppStore.getState().outboxItems).toEqual([]);
  });
});
