// How the desktop shell prints a slip: to the printer chosen in Settings, silently, on the chosen paper;
// with the print dialog when no printer is chosen or the chosen one is gone (unplugged, renamed, another
// PC's). Plain data, so the rule is tested without Electron; src/main/index.ts only carries it out.
import { SLIP_PAGE_MM, type PrinterView, type SlipPrintChoice } from '../../../shared/bridge/print-calls.ts';

/** The options of Electron's webContents.print that the slip uses (a subset of WebContentsPrintOptions). */
export interface SlipPrintOptions {
  silent: boolean;
  deviceName?: string;
  /** Microns; Electron takes a named size or width and height in microns. */
  pageSize: { width: number; height: number };
  /** The slip keeps its own margins in its print style (the renderer's slip-printing.css): the page adds none. */
  margins: { marginType: 'none' };
  printBackground: false;
}

export interface SlipPrintPlan {
  options: SlipPrintOptions;
  /** The chosen printer, when it is not among the machine's printers (the dialog is shown instead). */
  missingPrinter: string | null;
}

const MICRONS_PER_MM = 1000;

export function slipPrintPlan(choice: SlipPrintChoice, printers: readonly PrinterView[]): SlipPrintPlan {
  const page = SLIP_PAGE_MM[choice.paper];
  const common = {
    pageSize: { width: page.width * MICRONS_PER_MM, height: page.height * MICRONS_PER_MM },
    margins: { marginType: 'none' },
    printBackground: false,
  } as const;
  const found = choice.printer !== null && printers.some((printer) => printer.name === choice.printer);
  if (choice.printer !== null && found) {
    return { options: { ...common, silent: true, deviceName: choice.printer }, missingPrinter: null };
  }
  return { options: { ...common, silent: false }, missingPrinter: choice.printer };
}
