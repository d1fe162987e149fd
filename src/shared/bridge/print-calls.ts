// Bridge calls of the counter slip's printing: which printer and paper this workstation prints the slip on,
// and printing the slip on it without a dialog (the desktop app only; other shells answer not-available and
// the page prints through the browser's own dialog).
import { z } from 'zod';
import { defineCall } from './define.ts';

/** A4 sheets, or an 80 mm receipt roll. */
export const SLIP_PAPERS = ['a4', 'roll80'] as const;
export type SlipPaper = (typeof SLIP_PAPERS)[number];
export const DEFAULT_SLIP_PAPER: SlipPaper = 'a4';

/**
 * The page each paper prints on, in millimetres. A receipt roll has no page length of its own: a slip of
 * ten lines fits one A4 length, and the roll printer's driver cuts after the last printed line.
 */
export const SLIP_PAGE_MM: Record<SlipPaper, { width: number; height: number }> = {
  a4: { width: 210, height: 297 },
  roll80: { width: 80, height: 297 },
};

/** Longest printer name accepted (Windows allows 220 characters for a printer's name). */
export const PRINTER_NAME_MAX = 260;

export interface PrinterView {
  /** The name the operating system knows the printer by: what is stored and printed to. */
  name: string;
  /** The name shown in print dialogs. */
  displayName: string;
}

/** What this workstation prints the slip on. A null printer: the print dialog asks each time. */
export interface SlipPrintChoice {
  printer: string | null;
  paper: SlipPaper;
}

export interface SlipPrintAnswer {
  /**
   * printed: sent to the chosen printer without a dialog; dialog: the print dialog was shown (no printer
   * chosen, or the chosen one is gone); cancelled: the dialog was closed without printing.
   */
  outcome: 'printed' | 'dialog' | 'cancelled';
  /** The printer the slip went to without a dialog; null when the dialog was shown. */
  printer: string | null;
  /** The printer chosen in Settings when it could not be found (the dialog was shown instead). */
  missingPrinter: string | null;
}

const noInput = z.object({}).strict();

export const printCalls = {
  /** The printers this machine has (not-available outside the desktop app). */
  'print:printers': defineCall<{ printers: PrinterView[] }>()(noInput),
  'print:choice': defineCall<SlipPrintChoice>()(noInput),
  'print:choose': defineCall<SlipPrintChoice>()(
    z.strictObject({
      printer: z.string().trim().min(1).max(PRINTER_NAME_MAX).nullable().optional(),
      paper: z.enum(SLIP_PAPERS).optional(),
    }),
  ),
  /**
   * Prints the calling window as it stands (the slip is the only thing its print style shows) on the chosen
   * printer and paper, without a dialog; with the dialog when no printer is chosen or it is gone.
   */
  'print:slip': defineCall<SlipPrintAnswer>()(noInput),
};
