// The counter's request form as the employee uses it, rendered in happy-dom over a fake main: what the
// form controller checks before anything is sent, what it sends, and what happens when main refuses.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DELIVERY_PICKUP, SOURCE_COUNTER_VISIT } from '../../src/shared/contract/fixed-values.ts';
import type { CatalogItemDetail } from '../../src/shared/contract/catalog-search.ts';
import { deferred, Refusal } from './support/fake-bridge.ts';
import { holdAnimationFrames, sizeRow, storeReaches } from './support/renderer-harness.ts';
import {
  beam,
  CONSENT,
  EMPLOYEE,
  FirstFieldAtCommit,
  fillIn,
  notInCatalog,
  openCounter,
  queued,
  scan,
} from './support/counter-workstation.tsx';

/** An item sold by weight: two sizes without a standard length, so a line of it is counted in kilograms. */
const plate: CatalogItemDetail = {
  ...beam,
  itemNo: '100009',
  description: 'Plaat S235',
  baseUnit: 'KG',
  sizes: [
    sizeRow({ itemNo: '100009', variantCode: 'P10', description: 'Plaat 10 mm' }),
    sizeRow({ itemNo: '100009', variantCode: 'P12', description: 'Plaat 12 mm' }),
  ],
};

describe('counter form', () => {
  it.each(['beforeRender', 'afterRender'] as const)(
    'the form is shown with the cursor already in its first field (drafts read %s): placed as the form commits, not after a paint',
    async (formsLoaded) => {
      const focused: boolean[] = [];
      await openCounter(
        {},
        {
          around: (counter) => <FirstFieldAtCommit focused={focused}>{counter}</FirstFieldAtCommit>,
          formsLoaded,
        },
      );
      expect(focused[0]).toBe(true);
    },
  );

  it('an empty order without the privacy consent is not sent: the summary names both, the cursor goes to the line entry', async () => {
    // The cursor moves with the summary, not at the next painted frame.
    holdAnimationFrames();
    const { fake, user } = await openCounter();
    await user.keyboard('{Control>}{Enter}{/Control}');

    const summary = await screen.findByText(/Nog niet in de wachtrij/);
    const alert = summary.closest('[role=alert]');
    expect(alert).toHaveTextContent(/Regels: ontbreken: een baliebezoek heeft minstens één regel nodig/);
    expect(alert).toHaveTextContent(/Privacyakkoord: de klant moet akkoord gaan/);
    expect(screen.getByLabelText('Nieuwe regel · Artikel')).toHaveFocus();
    expect(fake.inputsOf('outbox:submit')).toEqual([]);
  });

  it('Alt+N puts the cursor in the first field at once: a code typed into the catalog search straight after keeps its field', async () => {
    const frames = holdAnimationFrames();
    const { user } = await openCounter();
    await fillIn(user, screen.getByLabelText('Contactpersoon'), 'Jan Smit');
    await user.keyboard('{Alt>}n{/Alt}');
    const contact = screen.getByLabelText('Contactpersoon');
    expect(contact).toHaveValue('');
    expect(contact).toHaveFocus();

    await user.keyboard('{Alt>}k{/Alt}');
    await user.keyboard('100002');
    // The frames a busy machine paints only now move nothing.
    frames.paint();
    const picker = screen.getByRole('combobox', { name: 'Zoeken in de catalogus (Alt+K)' });
    expect(picker).toHaveFocus();
    expect(picker).toHaveValue('100002');
    expect(picker).toHaveAttribute('aria-expanded', 'true');
  });

  it('an order with one line and no consent puts the cursor on the consent box', async () => {
    const { fake, user } = await openCounter();
    await fillIn(user, screen.getByLabelText('Nieuwe regel · Artikel'), '100002');
    await user.keyboard('{Tab}4{Enter}');
    await screen.findByRole('listitem', { name: 'Regel 1' });
    await user.keyboard('{Control>}{Enter}{/Control}');
    await screen.findByText(/Nog niet in de wachtrij/);
    await waitFor(() => expect(screen.getByLabelText(/akkoord met de privacyverklaring/)).toHaveFocus());
    expect(fake.inputsOf('outbox:submit')).toEqual([]);
  });

  it('a size clicked in the catalog search becomes the line, and the search empties for the next', async () => {
    const other = sizeRow({ itemNo: '100003', itemDescription: 'HEB 200', inventory: 5 });
    const clicked = sizeRow({ itemNo: beam.itemNo, itemDescription: 'HEA 200 S235', inventory: 40 });
    const { user } = await openCounter({
      'catalog:search': () => ({
        rows: [other, clicked],
        offset: 0,
        total: 2,
        capped: false,
        syncedAt: beam.syncedAt,
        tookMs: 1,
        suggestions: [],
      }),
    });
    const picker = screen.getByRole('combobox', { name: 'Zoeken in de catalogus (Alt+K)' });
    await user.type(picker, 'hea 200');
    await user.click(await screen.findByRole('option', { name: /100002/ }));

    const first = await screen.findByRole('listitem', { name: 'Regel 1' });
    expect(within(first).getByLabelText(/Omschrijving/)).toHaveValue('HEA 200 S235');
    expect(screen.queryByRole('listitem', { name: 'Regel 2' })).toBeNull();
    expect(picker).toHaveValue('');
  });

  it('the catalog search keeps a scanner’s burst to one search, and a key after the field was emptied searches at once', async () => {
    const { fake, user } = await openCounter();
    const picker = screen.getByRole('combobox', { name: 'Zoeken in de catalogus (Alt+K)' });
    // The picker's searches (the catalog screen's own list asks for the empty query).
    const searched = () =>
      fake
        .inputsOf('catalog:search')
        .map((input) => input.query)
        .filter(Boolean);
    // Every key at the same instant, as a scanner's come: only the clock tells a scan from typing.
    const clock = vi.spyOn(performance, 'now').mockReturnValue(performance.now() + 60_000);
    try {
      await user.type(picker, 'hea');
      expect(searched()).toEqual(['h']);
      // The burst's own search comes once its keys stop.
      await waitFor(() => expect(searched()).toEqual(['h', 'hea']));
      await user.keyboard('{Escape}');
      expect(picker).toHaveValue('');
      await user.keyboard('b');
      expect(searched()).toEqual(['h', 'hea', 'b']);
    } finally {
      clock.mockRestore();
    }
  });

  it('text left in the catalog search or the entry row stops the send: named, the cursor there, Esc clears it', async () => {
    const { fake, user } = await openCounter();
    await fillIn(user, screen.getByLabelText('Nieuwe regel · Artikel'), '100002');
    await user.keyboard('{Tab}4{Enter}');
    await screen.findByRole('listitem', { name: 'Regel 1' });
    await user.click(screen.getByLabelText(/akkoord met de privacyverklaring/));
    const picker = screen.getByRole('combobox', { name: 'Zoeken in de catalogus (Alt+K)' });
    await user.type(picker, 'hea 200');
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(await screen.findByText(/“hea 200” in het zoekveld is nog geen regel/)).toBeVisible();
    await waitFor(() => expect(picker).toHaveFocus());
    await user.keyboard('{Escape}');
    expect(picker).toHaveValue('');

    const entry = screen.getByLabelText('Nieuwe regel · Artikel');
    await fillIn(user, entry, '100003');
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(await screen.findByText(/de nieuwe regel \(100003\) is nog niet toegevoegd/)).toBeVisible();
    await waitFor(() => expect(entry).toHaveFocus());
    await user.keyboard('{Escape}');
    expect(entry).toHaveValue('');
    expect(fake.inputsOf('outbox:submit')).toEqual([]);
  });

  it('Ctrl+Enter while a scanned item is still looked up sends once the answer is in, in the item’s own unit', async () => {
    const answer = deferred<void>();
    const { fake, user } = await openCounter({
      'catalog:item': async ({ itemNo }) => {
        await answer.promise;
        if (itemNo === plate.itemNo) return plate;
        throw notInCatalog(itemNo);
      },
      'outbox:submit': ({ payload }) => ({ item: queued(payload.requestId ?? 'unset'), existing: false }),
    });
    await fillIn(user, screen.getByLabelText('Contactpersoon'), 'Jan Smit');
    await user.click(screen.getByLabelText(/akkoord met de privacyverklaring/));
    await scan(user, plate.itemNo);
    await screen.findByRole('listitem', { name: 'Regel 1' });
    await waitFor(() => expect(fake.inputsOf('catalog:item')).toHaveLength(1));
    await user.keyboard('{Control>}{Enter}{/Control}');
    // Nothing leaves while the line is unchecked: it would go in the pieces the entry row shows.
    expect(fake.inputsOf('outbox:submit')).toEqual([]);

    answer.resolve();
    await waitFor(() => expect(fake.inputsOf('outbox:submit')).toHaveLength(1));
    const [sent] = fake.inputsOf('outbox:submit');
    expect(sent?.payload).toMatchObject({
      quoteRequestLines: [{ itemNo: plate.itemNo, quantity: 1, unitOfMeasureCode: 'KG' }],
    });
  });

  it('a filled order goes to main as a counter visit by the chosen employee, and the form starts empty', async () => {
    const { fake, user } = await openCounter({
      'outbox:submit': ({ payload }) => ({ item: queued(payload.requestId ?? 'unset'), existing: false }),
    });
    await fillIn(user, screen.getByLabelText('Contactpersoon'), 'Jan Smit');
    await fillIn(user, screen.getByLabelText('Bedrijf'), 'Smit Metaalbouw');
    await fillIn(user, screen.getByLabelText('Telefoon'), '0612345678');
    await fillIn(user, screen.getByLabelText('Nieuwe regel · Artikel'), '100002');
    await user.keyboard('{Tab}4{Enter}');
    await screen.findByRole('listitem', { name: 'Regel 1' });
    await user.click(screen.getByLabelText(/akkoord met de privacyverklaring/));
    await user.keyboard('{Control>}{Enter}{/Control}');

    await waitFor(() => expect(fake.inputsOf('outbox:submit')).toHaveLength(1));
    const [sent] = fake.inputsOf('outbox:submit');
    expect(sent).toMatchObject({
      kind: 'quote',
      fromDraft: 'counter',
      payload: {
        contactName: 'Jan Smit',
        companyName: 'Smit Metaalbouw',
        source: SOURCE_COUNTER_VISIT,
        assistedBy: EMPLOYEE,
        deliveryMethod: DELIVERY_PICKUP,
        privacyAccepted: true,
        privacyConsentVersion: CONSENT,
      },
    });
    expect(
      sent?.kind === 'quote'
        ? sent.payload.quoteRequestLines?.map((line) => [line.itemNo, line.quantity])
        : [],
    ).toEqual([['100002', 4]]);
    await waitFor(() => expect(screen.getByLabelText('Contactpersoon')).toHaveValue(''));
  });

  it('when main refuses a field, its message stands at that field and what was typed is kept', async () => {
    const { user } = await openCounter({
      'outbox:submit': () => {
        throw new Refusal({
          code: 'invalid-input',
          message: 'Controleer de bedrijfsnaam.',
          fields: { 'payload.companyName': 'Bevat een teken dat het ERP niet accepteert.' },
        });
      },
    });
    await fillIn(user, screen.getByLabelText('Contactpersoon'), 'Jan Smit');
    await fillIn(user, screen.getByLabelText('Bedrijf'), 'Smit Metaalbouw');
    await fillIn(user, screen.getByLabelText('Nieuwe regel · Artikel'), '100002');
    await user.keyboard('{Tab}4{Enter}');
    await user.click(screen.getByLabelText(/akkoord met de privacyverklaring/));
    await user.keyboard('{Control>}{Enter}{/Control}');

    expect(await screen.findByText('Bevat een teken dat het ERP niet accepteert.')).toBeTruthy();
    expect(screen.getByLabelText('Bedrijf')).toHaveValue('Smit Metaalbouw');
    await storeReaches((state) => state.drafts.counter.companyName === 'Smit Metaalbouw');
  });
});
