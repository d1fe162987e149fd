// The lines editor on the counter: an item number is checked against the local catalog, an unknown one
// is marked and needs a description, a sync that replaces the catalog is followed, and lines are
// reordered and removed from the keyboard.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ParkedDraftView } from '../../src/shared/bridge/outbox-calls.ts';
import {
  emptyQuoteDraft,
  lineWithoutCatalogItem,
  type QuoteDraft,
} from '../../src/shared/contract/request-drafts.ts';
import { useAppStore } from '../../src/renderer/src/store/use-app-store.ts';
import {
  EMPLOYEE,
  beam,
  catalogStats,
  notInCatalog,
  openCounter,
  scan,
} from './support/counter-workstation.tsx';
import { deferred } from './support/fake-bridge.ts';
import { holdAnimationFrames, sizeRow } from './support/renderer-harness.ts';

/** A local catalog a test can replace, as a sync's swap does: the beam is in it or not. */
function swappableCatalog(syncedAt: string | undefined) {
  const catalog = { syncedAt, hasBeam: syncedAt !== undefined };
  const stats = () => catalogStats(catalog.syncedAt, catalog.hasBeam);
  const swap = (next: string) => {
    catalog.syncedAt = next;
    catalog.hasBeam = true;
  };
  /** `whileAnswering` runs as the catalog answers "not found": a swap there lands before the time is read. */
  const item =
    (whileAnswering: () => void = () => undefined) =>
    ({ itemNo }: { itemNo: string }) => {
      if (catalog.hasBeam && itemNo === beam.itemNo) return { ...beam, syncedAt: catalog.syncedAt };
      whileAnswering();
      throw notInCatalog(itemNo);
    };
  return { catalog, stats, swap, item };
}

const lineItems = () =>
  screen
    .getAllByRole('listitem', { name: /^Regel \d+$/ })
    .map((line) => within(line).getByLabelText(/Artikel/));

describe('lines editor', () => {
  it('a known item fills its description; an unknown one is marked and asks for one', async () => {
    const { user } = await openCounter();
    await scan(user, beam.itemNo);
    const first = await screen.findByRole('listitem', { name: 'Regel 1' });
    expect(within(first).getByLabelText(/Omschrijving/)).toHaveValue(beam.description);

    await scan(user, '999999');
    const second = await screen.findByRole('listitem', { name: 'Regel 2' });
    expect(await within(second).findByText(/niet in de lokale catalogus/)).toBeInTheDocument();
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(
      await within(second).findByText(/artikel 999999 staat niet in de lokale catalogus, dus beschrijf/),
    ).toBeInTheDocument();
  });

  it('an item looked up while a sync swaps the catalog is judged by the catalog it ends in', async () => {
    const { catalog, stats, swap, item } = swappableCatalog('2026-11-21T02:00:00.000Z');
    catalog.hasBeam = false;
    const { user } = await openCounter({
      'catalog:stats': stats,
      'catalog:item': item(() => swap('2026-11-23T02:00:00.000Z')),
    });
    await scan(user, beam.itemNo);
    const first = await screen.findByRole('listitem', { name: 'Regel 1' });
    expect(await within(first).findByDisplayValue(beam.description)).toBeInTheDocument();
    expect(within(first).queryByText(/niet in de lokale catalogus/)).toBeNull();
  });

  it('lines checked against an empty catalog are checked again when a sync brings one', async () => {
    const { stats, swap, item } = swappableCatalog(undefined);
    const { fake, user } = await openCounter({ 'catalog:stats': stats, 'catalog:item': item() });
    await scan(user, beam.itemNo);
    const first = await screen.findByRole('listitem', { name: 'Regel 1' });
    expect(
      await within(first).findByText('niet gecontroleerd: de lokale catalogus is leeg'),
    ).toBeInTheDocument();
    expect(within(first).getByLabelText(/Omschrijving/)).toHaveValue('');

    swap(beam.syncedAt ?? '');
    fake.emit('catalog:changed', { syncedAt: beam.syncedAt ?? '' });
    expect(await within(first).findByDisplayValue(beam.description)).toBeInTheDocument();
    expect(within(first).queryByText(/niet gecontroleerd/)).toBeNull();
  });

  it('a re-check whose answer came while the number was being changed is asked again', async () => {
    const { catalog, stats, swap, item } = swappableCatalog('2026-11-21T02:00:00.000Z');
    catalog.hasBeam = false;
    const { fake, user } = await openCounter({ 'catalog:stats': stats, 'catalog:item': item() });
    await scan(user, beam.itemNo);
    const first = await screen.findByRole('listitem', { name: 'Regel 1' });
    expect(await within(first).findByText(/niet in de lokale catalogus/)).toBeInTheDocument();

    // The sync ends; its re-check of the line is answered only once a 5 has been typed after the number.
    const answer = deferred<void>();
    const answerItem = item();
    fake.handle('catalog:item', async (input) => {
      await answer.promise;
      return answerItem(input);
    });
    const lookups = fake.inputsOf('catalog:item').length;
    swap('2026-11-23T02:00:00.000Z');
    fake.emit('catalog:changed', { syncedAt: '2026-11-23T02:00:00.000Z' });
    await waitFor(() => expect(fake.inputsOf('catalog:item')).toHaveLength(lookups + 1));
    const itemField = within(first).getByLabelText(/Artikel/);
    await user.type(itemField, '5');
    answer.resolve();
    await fake.settled();
    expect(within(first).getByLabelText(/Omschrijving/)).toHaveValue('');

    await user.keyboard('{Backspace}');
    expect(itemField).toHaveValue(beam.itemNo);
    expect(await within(first).findByDisplayValue(beam.description)).toBeInTheDocument();
    expect(within(first).queryByText(/niet in de lokale catalogus/)).toBeNull();
  });

  it('an order parked before the last sync has its lines checked against the catalog of now', async () => {
    // Parked yesterday, when the catalog of the day before did not have the beam yet.
    const line = lineWithoutCatalogItem(
      { ...emptyQuoteDraft('l1').entry, itemNo: beam.itemNo, quantity: '2' },
      '2026-11-21T02:00:00.000Z',
    );
    const draft: QuoteDraft = { ...emptyQuoteDraft('e1'), contactName: 'Jan Smit', lines: [line] };
    const parked: ParkedDraftView = {
      id: 1,
      target: 'counter',
      label: 'Jan Smit',
      lineCount: 1,
      unfinished: false,
      unreadable: false,
      savedAt: '2026-11-22T16:00:00.000Z',
      parkedAt: '2026-11-22T16:00:00.000Z',
    };
    const { user } = await openCounter({
      'drafts:parked': () => ({ parked: [parked] }),
      'drafts:resume': () => ({
        parked: [],
        draft: { target: 'counter', draft, revision: 1, updatedAt: parked.savedAt },
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Verder met Jan Smit' }));
    const first = await screen.findByRole('listitem', { name: 'Regel 1' });
    expect(await within(first).findByDisplayValue(beam.description)).toBeInTheDocument();
    expect(within(first).queryByText(/niet in de lokale catalogus/)).toBeNull();
    expect(within(first).getByLabelText(/Aantal/)).toHaveValue('2');
  });

  it('moves a line up and removes one, by keyboard, and the draft follows', async () => {
    const { user } = await openCounter();
    for (const itemNo of ['A1', 'B2', 'C3']) {
      await scan(user, itemNo);
    }
    await screen.findByRole('listitem', { name: 'Regel 3' });

    screen.getByRole('button', { name: 'Regel 3 omhoog' }).focus();
    await user.keyboard('{Enter}');
    expect(lineItems().map((input) => (input as HTMLInputElement).value)).toEqual(['A1', 'C3', 'B2']);

    screen.getByRole('button', { name: 'Regel 1 verwijderen' }).focus();
    await user.keyboard('{Enter}');
    expect(lineItems().map((input) => (input as HTMLInputElement).value)).toEqual(['C3', 'B2']);
    expect(useAppStore.getState().drafts.counter.lines.map((line) => line.itemNo)).toEqual(['C3', 'B2']);
  });

  it('Alt+↑ moves a line with the cursor in it at once: a Tab straight after goes on from there', async () => {
    const frames = holdAnimationFrames();
    const { user } = await openCounter();
    for (const itemNo of ['A1', 'B2']) {
      await scan(user, itemNo);
    }
    const second = await screen.findByRole('listitem', { name: 'Regel 2' });
    await user.click(within(second).getByLabelText(/Omschrijving/));
    await user.keyboard('{Alt>}{ArrowUp}{/Alt}');
    const first = screen.getByRole('listitem', { name: 'Regel 1' });
    expect(within(first).getByLabelText(/Artikel/)).toHaveValue('B2');
    expect(within(first).getByLabelText(/Omschrijving/)).toHaveFocus();
    await user.tab();
    const next = document.activeElement;
    expect(next).not.toBe(within(first).getByLabelText(/Omschrijving/));
    // The frames a busy machine paints only now take the cursor nowhere.
    frames.paint();
    expect(document.activeElement).toBe(next);
  });

  it('a treated item shows its treatment and sends it; a cut typed on a line in kilograms counts pieces', async () => {
    const size = sizeRow({
      itemNo: beam.itemNo,
      variantCode: '12000',
      itemDescription: 'HEA 200',
      itemDescription2: 'thermisch verzinkt',
      description: 'Lengte 12 m',
      lengthMm: 12000,
    });
    const treated = { ...beam, description2: 'thermisch verzinkt', sizes: [size] };
    const { user } = await openCounter({
      // The unit chosen by hand is remembered for the item on this workstation.
      'workstation:set': () => ({ counterEmployee: EMPLOYEE, fairSource: null, itemUnits: {} }),
      'catalog:item': () => treated,
      'workstation:get': () => ({
        counterEmployee: EMPLOYEE,
        fairSource: null,
        itemUnits: { '100002': 'base' },
      }),
    });
    await scan(user, beam.itemNo);
    const line = await screen.findByRole('listitem', { name: 'Regel 1' });
    expect(await within(line).findByText('thermisch verzinkt')).toBeInTheDocument();
    expect(within(line).getByLabelText(/Omschrijving/)).toHaveValue(
      'HEA 200, thermisch verzinkt, Lengte 12 m',
    );
    expect(within(line).getByLabelText('Regel 1 · Eenheid')).toHaveValue('base');

    await user.type(within(line).getByLabelText('Regel 1 · Lengte mm'), '3150');
    expect(within(line).getByLabelText('Regel 1 · Eenheid')).toHaveValue('pieces');
    expect(within(line).getByText('1 stuks, zagen op 3.150 mm')).toBeInTheDocument();
    // A unit chosen by hand stays chosen, cut or not.
    await user.selectOptions(within(line).getByLabelText('Regel 1 · Eenheid'), 'kilograms');
    await user.clear(within(line).getByLabelText('Regel 1 · Lengte mm'));
    await user.type(within(line).getByLabelText('Regel 1 · Lengte mm'), '2000');
    expect(within(line).getByLabelText('Regel 1 · Eenheid')).toHaveValue('kilograms');
  });

  it('a quantity that reads two ways is asked, with a button for each reading', async () => {
    const { user } = await openCounter();
    await scan(user, beam.itemNo);
    const line = await screen.findByRole('listitem', { name: 'Regel 1' });
    const quantity = within(line).getByLabelText('Regel 1 · Aantal');
    await waitFor(() => expect(quantity).toHaveFocus());
    await user.keyboard('{Control>}a{/Control}1,000');
    expect(within(line).getByRole('alert')).toHaveTextContent('1 of 1.000? Kies wat bedoeld is.');
    await user.click(within(line).getByRole('button', { name: 'Bedoeld: 1.000' }));
    expect(quantity).toHaveValue('1000');
    expect(within(line).queryByRole('alert')).toBeNull();
  });
});
