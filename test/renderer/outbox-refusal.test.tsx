// A request the host refused, as the outbox screen shows it: the host's own words marked as the ERP's,
// never the HTTP status the core's account starts with (that stays behind Details).
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OutboxStatus } from '../../src/shared/bridge/outbox-calls.ts';
import { OutboxScreen } from '../../src/renderer/src/features/outbox/outbox-screen.tsx';
import { useAppStore } from '../../src/renderer/src/store/use-app-store.ts';
import { IDLE_OUTBOX, installFake, outboxItem } from './support/renderer-harness.ts';

const refused = (lastError: string, hostWords: string | null) =>
  outboxItem({ state: 'needsAttention', attempts: 1, lastError, hostWords });

async function showOutbox(items: ReturnType<typeof outboxItem>[], status: OutboxStatus = IDLE_OUTBOX) {
  installFake('nl', { 'outbox:list': () => ({ items, status, revision: 0 }) });
  await useAppStore.getState().loadSettings();
  await useAppStore.getState().initOutbox();
  render(<OutboxScreen />);
}

describe('a refused request in the outbox', () => {
  it('a refusal other than 400 shows the ERP’s words without the status; the status is in the details', async () => {
    const item = refused(
      'HTTP 415: Het mediatype wordt niet ondersteund.  CorrelationId: 0f1c2a3b-4d5e-6f70-8192-a3b4c5d6e7f8.',
      'Het mediatype wordt niet ondersteund.  CorrelationId: 0f1c2a3b-4d5e-6f70-8192-a3b4c5d6e7f8.',
    );
    await showOutbox([item]);
    const row = (await screen.findByText(item.summary.companyName)).closest('tr')!;
    expect(row).toHaveTextContent('Het ERP meldt: “Het mediatype wordt niet ondersteund”');
    const details = within(row).getByTestId('message-details');
    expect(details).not.toBeVisible();
    expect(details).toHaveTextContent('HTTP 415');
    expect(row.textContent?.replace(details.textContent ?? '', '')).not.toMatch(/HTTP 415|CorrelationId/);
  });

  it('a refusal without any words says so in the UI language', async () => {
    const item = refused('HTTP 415: HTTP 415', null);
    await showOutbox([item]);
    const row = (await screen.findByText(item.summary.companyName)).closest('tr')!;
    expect(row).toHaveTextContent('Het ERP weigerde deze aanvraag zonder te zeggen waarom.');
  });

  it('a discarded request never says it will be tried again; its refusal is still quoted', async () => {
    const words = 'Zonder akkoord geen aanvraag.';
    const thrownAway = outboxItem({ state: 'discarded', attempts: 1, lastError: words, hostWords: words });
    const networkLost = outboxItem({ state: 'discarded', attempts: 2, lastError: 'connect ETIMEDOUT' });
    await showOutbox([thrownAway, networkLost]);
    const refusedRow = (await screen.findByText(thrownAway.summary.companyName)).closest('tr')!;
    expect(refusedRow).toHaveTextContent(
      'Weggegooid: wordt niet verzonden. Het ERP meldt: “Zonder akkoord geen aanvraag”',
    );
    const lostRow = screen.getByText(networkLost.summary.companyName).closest('tr')!;
    expect(lostRow).toHaveTextContent('Weggegooid: wordt niet verzonden.');
    for (const row of [refusedRow, lostRow]) expect(row).not.toHaveTextContent(/opnieuw/);
  });

  it('requests refused with the same words are offered as one group, quoted once', async () => {
    const words = 'Aanvragen worden op dit moment geweigerd.';
    await showOutbox([refused(`HTTP 405: ${words}`, words), refused(words, words)]);
    const group = await screen.findByText(/2 aanvragen/);
    expect(group).toHaveTextContent(`Het ERP meldt: “${words.replace(/\.$/, '')}”`);
    expect(group).not.toHaveTextContent('HTTP');
  });

  it('a request stored in a form this version cannot read says so, offers only discarding, and keeps the reason in the details', async () => {
    const reason =
      'The stored request no longer reads as a quote request (requestedDeliveryDate: is not a date). It is kept unchanged and is not sent.';
    const item = outboxItem({ state: 'needsAttention', lastError: reason, unreadable: true });
    const other = refused('HTTP 400: Datum onbekend.', 'Datum onbekend.');
    await showOutbox([item, other]);
    const row = (await screen.findByText(item.summary.companyName)).closest('tr')!;
    expect(row).toHaveTextContent('Deze versie van VOA Desk kan deze aanvraag niet meer lezen');
    expect(row).not.toHaveTextContent(/Het ERP/);
    expect(within(row).getByTestId('message-details')).toHaveTextContent('requestedDeliveryDate');
    const actionsOf = (tableRow: HTMLElement) =>
      within(tableRow)
        .getAllByRole('button')
        .map((button) => button.textContent);
    const refusedRow = screen.getByText(other.summary.companyName).closest('tr')!;
    expect(actionsOf(refusedRow)).toEqual(
      expect.arrayContaining(['Nu opnieuw proberen', 'Verbeteren en opnieuw sturen', 'Weggooien']),
    );
    expect(actionsOf(row).filter((action) => action !== 'Details')).toEqual(['Weggooien']);
  });

  it('while the ERP asks to wait, the screen says until when, and no row claims to be tried now', async () => {
    const due = outboxItem({ state: 'queued', nextAttemptAt: new Date(Date.now() - 1000).toISOString() });
    const inFiveMinutes = new Date(Date.now() + 5 * 60_000).toISOString();
    await showOutbox([due], { ...IDLE_OUTBOX, throttledUntil: inFiveMinutes });
    expect(await screen.findByText(/Het ERP vraagt VOA Desk even te wachten/)).toHaveTextContent(
      'het verzenden gaat over 5 min vanzelf verder',
    );
    const row = screen.getByText(due.summary.companyName).closest('tr')!;
    expect(within(row).getAllByRole('cell')[6]).toHaveTextContent('over 5 min');
  });
});
