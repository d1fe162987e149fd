// The lines editor on the counter: an item number is checked against the local catalog, an unknown one
// is marked and needs a description, and lines are reordered and removed from the keyboard.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAppStore } from '../../src/renderer/src/store/use-app-store.ts';
import { beam, openCounter } from './support/counter-workstation.tsx';

const lineItems = () =>
  screen
    .getAllByRole('listitem', { name: /^Regel \d+$/ })
    .map((line) => within(line).getByLabelText(/Artikel/));

describe('lines editor', () => {
  it('a known item fills its description; an unknown one is marked and asks for one', async () => {
    const { user } = await openCounter();
    await user.type(screen.getByLabelText('Nieuwe regel · Artikel'), `${beam.itemNo}{Enter}`);
    const first = await screen.findByRole('listitem', { name: 'Regel 1' });
    expect(within(first).getByLabelText(/Omschrijving/)).toHaveValue(beam.description);

    await user.type(screen.getByLabelText('Nieuwe regel · Artikel'), '999999{Enter}');
    const second = await screen.findByRole('listitem', { name: 'Regel 2' });
    expect(await within(second).findByText(/niet in de lokale catalogus/)).toBeInTheDocument();
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(
      await within(second).findByText(/artikel 999999 staat niet in de lokale catalogus, dus beschrijf/),
    ).toBeInTheDocument();
  });

  it('moves a line up and removes one, by keyboard, and the draft follows', async () => {
    const { user } = await openCounter();
    for (const itemNo of ['A1', 'B2', 'C3']) {
      await user.type(screen.getByLabelText('Nieuwe regel · Artikel'), `${itemNo}{Enter}`);
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
});
