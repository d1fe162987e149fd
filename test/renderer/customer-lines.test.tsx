// The customer desk's Lines tab names one document, and what it shows and lets the employee order again is
// that document's lines only: from the click on "Lines" until the host answers, after a later click, after
// the customer left, after a failed read, and while the order-again dialog is open. Answers are held with
// promises the test resolves, so every order of arrival is played out.
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { PortalRead, PortalSessionView } from '../../src/shared/bridge/portal-calls.ts';
import type { LineDocumentType, PortalDocumentLine } from '../../src/shared/contract/portal-objects.ts';
import { CustomerTabs } from '../../src/renderer/src/features/customer/customer-tabs.tsx';
import { useAppStore } from '../../src/renderer/src/store/use-app-store.ts';
import { deferred, Refusal, type Handlers } from './support/fake-bridge.ts';
import { catalogStats } from './support/counter-workstation.tsx';
import { installFake, PORTAL_CUSTOMER as customer } from './support/renderer-harness.ts';

const signedIn: PortalSessionView = { customer, details: null, ended: null, revision: 1 };

/** `count` plain lines of one document, each with an item number of its own ("A-1", "A-2", …). */
function documentLines(prefix: string, count: number): PortalDocumentLine[] {
  return Array.from({ length: count }, (_, index) => ({
    lineNo: (index + 1) * 10000,
    itemNo: `${prefix}-${index + 1}`,
    description: `Artikel ${prefix}-${index + 1}`,
    format: '',
    quantity: index + 1,
    unitOfMeasureCode: 'ST',
    outstandingQuantity: null,
    quantityShipped: null,
    steel: null,
  }));
}

type LinesAnswer = PortalRead<PortalDocumentLine[] | null> | Refusal;

/** Answers every read a test left open (one that failed half-way), so the harness's wait for them ends. */
let answerLeftOpen: (() => void) | undefined;
afterEach(() => {
  answerLeftOpen?.();
  answerLeftOpen = undefined;
});

/**
 * A desk with the customer signed in: every `portal:lines` call waits for the test to answer it (per
 * document number, in the order asked), and the lines tab is on screen.
 */
async function deskWithCustomer(overrides: Handlers = {}) {
  const held = new Map<string, ReturnType<typeof deferred<LinesAnswer>>[]>();
  const answerFor = (documentNo: string) => {
    const waiting = held.get(documentNo) ?? [];
    held.set(documentNo, waiting);
    const next = deferred<LinesAnswer>();
    waiting.push(next);
    return next;
  };
  answerLeftOpen = () => {
    for (const waiting of held.values())
      for (const read of waiting) read.resolve({ state: 'ok', value: null });
  };
  const fake = installFake('nl', {
    'portal:lines': async ({ documentNo }) => {
      const answer = await answerFor(documentNo).promise;
      if (answer instanceof Refusal) throw answer;
      return answer;
    },
    // The tab the panel opens on, before "Lines" is clicked.
    'portal:requests': () => ({ state: 'ok', value: [] }),
    'catalog:stats': () => catalogStats(undefined, false),
    ...overrides,
  });
  await useAppStore.getState().initRequestForms();
  useAppStore.getState().portalStart();
  // The page's own start signs any earlier session out; the customer signs in after that.
  await fake.settled();
  act(() => fake.emit('portal:changed', signedIn));

  /** Clicks "Lines" on a document: the read stays open until `answer` is called. */
  const clickLines = (documentType: LineDocumentType, documentNo: string) => {
    let done: Promise<void> = Promise.resolve();
    act(() => {
      done = useAppStore.getState().portalLoadLines(documentType, documentNo);
    });
    const asked = held.get(documentNo)?.at(-1);
    if (!asked) throw new Error(`no read of ${documentNo} was asked for`);
    return {
      answer: async (value: LinesAnswer) => {
        await act(async () => {
          asked.resolve(value);
          await done;
        });
      },
    };
  };
  /** Answers the read asked for last of a document, however it was asked (a button on screen). */
  const answerLast = (documentNo: string, value: LinesAnswer) => {
    const asked = held.get(documentNo)?.at(-1);
    if (!asked) throw new Error(`no read of ${documentNo} was asked for`);
    asked.resolve(value);
  };
  const ok = (lines: PortalDocumentLine[] | null): LinesAnswer => ({ state: 'ok', value: lines });
  return { fake, clickLines, answerLast, ok };
}

function renderTabs() {
  const user = userEvent.setup({ delay: null });
  render(<CustomerTabs target="counter" />);
  return { user, panel: () => screen.getByRole('tabpanel') };
}

const orderAgainButton = () => screen.queryByRole('button', { name: 'Opnieuw bestellen…' });

describe('customer desk: the lines of one document', () => {
  it('a click on another document’s Lines shows that document as being read, never the previous lines under it', async () => {
    const { clickLines, ok } = await deskWithCustomer();
    const order = clickLines('order', 'BOUW-17');
    const { panel } = renderTabs();
    await order.answer(ok(documentLines('A', 5)));
    expect(within(panel()).getByRole('heading')).toHaveTextContent('Regels van order BOUW-17');
    expect(within(panel()).getAllByRole('row')).toHaveLength(1 + 5);
    expect(orderAgainButton()).toBeInTheDocument();

    const shipment = clickLines('shipment', 'LEV-3');
    expect(within(panel()).getByRole('heading')).toHaveTextContent('Regels van levering LEV-3');
    expect(within(panel()).getByRole('status')).toHaveTextContent('Laden…');
    expect(within(panel()).queryByText('A-1')).toBeNull();
    expect(within(panel()).queryByRole('table')).toBeNull();
    expect(orderAgainButton()).toBeNull();

    await shipment.answer(ok(documentLines('B', 3)));
    expect(within(panel()).getByRole('heading')).toHaveTextContent('Regels van levering LEV-3');
    expect(within(panel()).getAllByRole('row')).toHaveLength(1 + 3);
    expect(within(panel()).getByText('B-1')).toBeInTheDocument();
    expect(orderAgainButton()).toBeInTheDocument();
  });

  it('a late answer for a document clicked earlier is dropped: the last click’s lines stay', async () => {
    const { clickLines, ok } = await deskWithCustomer();
    const { panel } = renderTabs();
    const first = clickLines('order', 'BOUW-17');
    const second = clickLines('quote', 'OFF-9');
    await second.answer(ok(documentLines('B', 3)));
    await first.answer(ok(documentLines('A', 5)));

    expect(within(panel()).getByRole('heading')).toHaveTextContent('Regels van offerte OFF-9');
    expect(within(panel()).getAllByRole('row')).toHaveLength(1 + 3);
    expect(within(panel()).queryByText('A-1')).toBeNull();
    expect(useAppStore.getState().portalData.lines).toMatchObject({ documentNo: 'OFF-9', state: 'read' });
  });

  it('an answer that arrives after the customer signed out is not kept', async () => {
    const { fake, clickLines, ok } = await deskWithCustomer();
    const order = clickLines('order', 'BOUW-17');
    act(() =>
      fake.emit('portal:changed', {
        customer: null,
        details: null,
        ended: { reason: 'signedOut', at: '2026-11-27T17:00:00.000Z' },
        revision: 2,
      }),
    );
    await order.answer(ok(documentLines('A', 5)));
    expect(useAppStore.getState().portalData).toEqual({});
  });

  it('an answer that arrives after another customer signed in is not shown to them', async () => {
    const { fake, clickLines, ok } = await deskWithCustomer();
    const { panel } = renderTabs();
    const order = clickLines('order', 'BOUW-17');
    const next = { ...customer, customerNo: '20000', email: 'info@ander.example', customerName: 'Ander BV' };
    act(() => fake.emit('portal:changed', { customer: next, details: null, ended: null, revision: 2 }));
    await order.answer(ok(documentLines('A', 5)));

    expect(useAppStore.getState().portalData.lines).toBeUndefined();
    expect(within(panel()).queryByText('A-1')).toBeNull();
    expect(within(panel()).queryByText(/BOUW-17/)).toBeNull();
  });

  it('a failed read says so under the document asked for, offers to read it again, and shows no other lines', async () => {
    const { clickLines, answerLast, ok } = await deskWithCustomer();
    const { user, panel } = renderTabs();
    await clickLines('order', 'BOUW-17').answer(ok(documentLines('A', 5)));
    const hostDown = new Refusal({ code: 'host-error', message: 'The host did not answer.' });
    await clickLines('shipment', 'LEV-3').answer(hostDown);

    expect(screen.getByRole('alert')).toHaveTextContent('Het ERP was niet bereikbaar');
    expect(within(panel()).getByRole('heading')).toHaveTextContent('Regels van levering LEV-3');
    expect(panel()).toHaveTextContent('De regels van levering LEV-3 konden niet worden gelezen.');
    expect(within(panel()).queryByText('A-1')).toBeNull();
    expect(within(panel()).queryByRole('table')).toBeNull();
    expect(orderAgainButton()).toBeNull();

    await user.click(within(panel()).getByRole('button', { name: 'Opnieuw lezen' }));
    expect(within(panel()).getByRole('status')).toHaveTextContent('Laden…');
    answerLast('LEV-3', ok(documentLines('B', 3)));
    expect(await within(panel()).findAllByRole('row')).toHaveLength(1 + 3);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('the failure of a read nobody waits for any more is not shown over the lines on screen', async () => {
    const { clickLines, ok } = await deskWithCustomer();
    const { panel } = renderTabs();
    const first = clickLines('order', 'BOUW-17');
    await clickLines('quote', 'OFF-9').answer(ok(documentLines('B', 3)));
    await first.answer(new Refusal({ code: 'host-error', message: 'The host did not answer.' }));

    expect(useAppStore.getState().portalError).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(within(panel()).getAllByRole('row')).toHaveLength(1 + 3);
  });

  it('the order-again dialog opened on one document closes when other lines come, and its choice never adds them', async () => {
    const { clickLines, ok } = await deskWithCustomer();
    const { user, panel } = renderTabs();
    await clickLines('order', 'BOUW-17').answer(ok(documentLines('A', 5)));
    await user.click(screen.getByRole('button', { name: 'Opnieuw bestellen…' }));
    const dialog = screen.getByRole('dialog', { name: 'Opnieuw bestellen uit order BOUW-17' });
    await user.click(within(dialog).getAllByRole('checkbox')[0]!);
    expect(within(dialog).getByRole('button', { name: 'Voeg 4 regels toe aan het formulier' })).toBeEnabled();

    const shipment = clickLines('shipment', 'LEV-3');
    expect(screen.queryByRole('dialog')).toBeNull();
    await shipment.answer(ok(documentLines('B', 3)));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Voeg \d+ regels toe/ })).toBeNull();
    expect(useAppStore.getState().drafts.counter.lines).toEqual([]);

    // Opened again, on the lines now shown: its own lines, all of them chosen, and exactly those added.
    await user.click(screen.getByRole('button', { name: 'Opnieuw bestellen…' }));
    const again = screen.getByRole('dialog', { name: 'Opnieuw bestellen uit levering LEV-3' });
    expect(within(again).getAllByRole('checkbox')).toHaveLength(3);
    await user.click(within(again).getByRole('button', { name: 'Voeg 3 regels toe aan het formulier' }));
    expect(await within(panel()).findByText(/3 regels van levering LEV-3/)).toBeInTheDocument();
    expect(useAppStore.getState().drafts.counter.lines.map((line) => line.itemNo)).toEqual([
      'B-1',
      'B-2',
      'B-3',
    ]);
  });

  it('lines chosen while the customer was still there stay out of the form once the customer has left', async () => {
    const stats = deferred<void>();
    const { fake, clickLines, ok } = await deskWithCustomer({
      'catalog:stats': async () => {
        await stats.promise;
        return catalogStats(undefined, false);
      },
    });
    const { user } = renderTabs();
    await clickLines('order', 'BOUW-17').answer(ok(documentLines('A', 5)));
    await user.click(screen.getByRole('button', { name: 'Opnieuw bestellen…' }));
    await user.click(screen.getByRole('button', { name: 'Voeg 5 regels toe aan het formulier' }));
    // "Add" waits for the catalog; meanwhile the customer signs out.
    act(() =>
      fake.emit('portal:changed', {
        customer: null,
        details: null,
        ended: { reason: 'signedOut', at: '2026-11-27T17:00:00.000Z' },
        revision: 2,
      }),
    );
    await act(async () => {
      stats.resolve();
      await fake.settled();
    });
    expect(useAppStore.getState().drafts.counter.lines).toEqual([]);
  });
});
