// The outbox screen's "next attempt" column says when a waiting request goes, and never "now" for one the
// queue is holding: while the ERP cannot be reached, nothing goes before one request, probing, gets an answer.
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OutboxStatus } from '../../src/shared/bridge/outbox-calls.ts';
import type { UiLanguage } from '../../src/shared/settings.ts';
import { OutboxScreen } from '../../src/renderer/src/features/outbox/outbox-screen.tsx';
import { useAppStore } from '../../src/renderer/src/store/use-app-store.ts';
import { IDLE_OUTBOX, installFake, outboxItem } from './support/renderer-harness.ts';

type Item = ReturnType<typeof outboxItem>;

const OFFLINE: OutboxStatus = {
  ...IDLE_OUTBOX,
  connection: 'offline',
  counts: { ...IDLE_OUTBOX.counts, queued: 2 },
  undelivered: 2,
};

/** A queued request that failed to reach the ERP; its own retry is due `inSeconds` from now. */
const waiting = (inSeconds: number) =>
  outboxItem({
    state: 'queued',
    attempts: 1,
    lastError: 'connect ECONNREFUSED 10.0.0.5:443',
    nextAttemptAt: new Date(Date.now() + inSeconds * 1000).toISOString(),
  });

async function showOutbox(items: Item[], status: OutboxStatus, language: UiLanguage = 'nl') {
  installFake(language, { 'outbox:list': () => ({ items, status, revision: 0 }) });
  await useAppStore.getState().loadSettings();
  await useAppStore.getState().initOutbox();
  render(<OutboxScreen />);
}

async function nextAttemptOf(item: Item): Promise<HTMLElement> {
  const row = (await screen.findByText(item.summary.companyName)).closest('tr')!;
  return within(row).getAllByRole('cell')[6]!;
}

describe('the outbox’s next attempt', () => {
  it('while the ERP cannot be reached, a waiting request goes as soon as it can, not “nu”', async () => {
    const due = waiting(-30);
    const later = waiting(90);
    await showOutbox([due, later], OFFLINE);
    expect(await screen.findByText(/Geen verbinding met het ERP/)).toBeInTheDocument();
    // Its own due time, past or not, is no promise while the ERP is away.
    for (const item of [due, later])
      expect(await nextAttemptOf(item)).toHaveTextContent(/^zodra het ERP weer bereikbaar is$/);
  });

  it('says the same in English', async () => {
    const due = waiting(-30);
    await showOutbox([due], OFFLINE, 'en');
    expect(await nextAttemptOf(due)).toHaveTextContent(/^as soon as the ERP can be reached again$/);
  });

  it('a pause still comes first: the request waits for a person, whether the ERP is reachable or not', async () => {
    const due = waiting(-30);
    await showOutbox([due], { ...OFFLINE, paused: { reason: 'check the secret', since: due.createdAt } });
    expect(await nextAttemptOf(due)).toHaveTextContent(/^gepauzeerd$/);
  });

  it('with the ERP reachable, a request whose retry is due says “nu”, a later one counts down', async () => {
    const due = waiting(-30);
    const later = waiting(90);
    await showOutbox([due, later], { ...OFFLINE, connection: 'online' });
    expect(await nextAttemptOf(due)).toHaveTextContent(/^nu$/);
    expect(await nextAttemptOf(later)).toHaveTextContent(/^over \d+ s$/);
  });
});
