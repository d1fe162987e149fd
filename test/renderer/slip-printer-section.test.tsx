// Settings → Counter slip in the desktop app: the machine's printers to choose from, a chosen printer that
// is gone said so, and each choice saved at once for this workstation.
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SlipPrinterSection } from '../../src/renderer/src/features/settings/slip-printer-section.tsx';
import type { SlipPrintChoice } from '../../src/shared/bridge/print-calls.ts';
import { useAppStore } from '../../src/renderer/src/store/use-app-store.ts';
import { installFake } from './support/renderer-harness.ts';

async function showSection(choice: SlipPrintChoice) {
  let stored = choice;
  const fake = installFake('nl', {
    'print:printers': () => ({
      printers: [
        { name: 'Counter_Receipt_80', displayName: 'Counter Receipt 80' },
        { name: 'Office_A4', displayName: 'Office A4' },
      ],
    }),
    'print:choice': () => stored,
    'print:choose': (change) =>
      (stored = {
        printer: change.printer === undefined ? stored.printer : change.printer,
        paper: change.paper ?? stored.paper,
      }),
  });
  await useAppStore.getState().loadSettings();
  render(<SlipPrinterSection />);
  return fake;
}

describe('the slip printer in Settings', () => {
  it('offers the machine’s printers and "ask each time", and saves a printer and a paper at once', async () => {
    const fake = await showSection({ printer: null, paper: 'a4' });
    const printer = await screen.findByLabelText('Bonprinter');
    expect(printer).toHaveValue('');
    expect([...printer.querySelectorAll('option')].map((option) => option.textContent)).toEqual([
      'Elke keer vragen (afdrukvenster)',
      'Counter Receipt 80',
      'Office A4',
    ]);
    await userEvent.selectOptions(printer, 'Counter_Receipt_80');
    await userEvent.click(screen.getByLabelText('Bonrol 80 mm'));
    await fake.settled();
    expect(fake.inputsOf('print:choose')).toEqual([{ printer: 'Counter_Receipt_80' }, { paper: 'roll80' }]);
    expect(printer).toHaveValue('Counter_Receipt_80');
    expect(screen.getByLabelText('Bonrol 80 mm')).toBeChecked();
  });

  it('a chosen printer this PC no longer has stays chosen, and says the dialog is shown meanwhile', async () => {
    await showSection({ printer: 'Old_Receipt', paper: 'roll80' });
    const printer = await screen.findByLabelText('Bonprinter');
    expect(printer).toHaveValue('Old_Receipt');
    expect(printer).toHaveDisplayValue('Old_Receipt (niet gevonden op deze pc)');
    expect(screen.getByText(/Deze printer is niet gevonden: het afdrukvenster verschijnt/)).toBeVisible();
  });
});
