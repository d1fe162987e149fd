// Printing the slip: main prints the window on the workstation's printer and paper without a dialog (the
// desktop app), or the browser shows its own print dialog (the browser shell, where main has no printer).
import type { BridgeAnswer } from '../../bridge/voa.ts';
import type { Translate } from '../../i18n/i18n.ts';

/** What the employee is told after a print: nothing when it simply printed through the browser's dialog. */
export interface SlipPrintNotice {
  tone: 'ok' | 'warning' | 'error';
  text: string;
}

/** Prints through `print` (the request-form slice's `printSlip`), and says what came of it. */
export async function printSlip(
  print: () => BridgeAnswer<'print:slip'>,
  t: Translate,
): Promise<SlipPrintNotice | undefined> {
  const answer = await print();
  if (!answer.ok) {
    if (answer.error.code === 'not-available') {
      window.print();
      return undefined;
    }
    return { tone: 'error', text: answer.error.message };
  }
  const { outcome, printer, missingPrinter } = answer.value;
  if (missingPrinter) {
    return { tone: 'warning', text: t('counter.print.printerMissing', { printer: missingPrinter }) };
  }
  if (outcome === 'printed' && printer) return { tone: 'ok', text: t('counter.print.printed', { printer }) };
  return undefined;
}
