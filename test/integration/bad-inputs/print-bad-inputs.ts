// Bad inputs for the slip's printer and paper calls.
import { PRINTER_NAME_MAX } from '../../../src/shared/bridge/print-calls.ts';

export const printBadInputs = {
  'print:printers': [{ all: true }],
  'print:choice': [{ paper: 'a4' }],
  'print:choose': [
    { printer: '' },
    { printer: '   ' },
    { printer: 'x'.repeat(PRINTER_NAME_MAX + 1) },
    { printer: 42 },
    { paper: 'a5' },
    { paper: 'A4' },
    { paper: null },
  ],
  'print:slip': [{ printer: 'Office_A4' }, { paper: 'roll80' }],
};
