// The slip's printer and paper, remembered per workstation (a counter PC has its own printer), and printing
// through the shell's printer port. Only the desktop shell has one: elsewhere the page prints itself.
import type { BridgeHandlers } from '../bridge/dispatch.ts';
import type { BridgeCaller } from '../bridge/bridge-caller.ts';
import { BridgeFailure } from '../bridge/bridge-failure.ts';
import type { CoreModule, CoreServices } from '../core-module.ts';
import { WorkstationPreferences } from '../outbox/draft-store.ts';
import {
  DEFAULT_SLIP_PAPER,
  SLIP_PAPERS,
  type PrinterView,
  type SlipPrintAnswer,
  type SlipPrintChoice,
} from '../../../shared/bridge/print-calls.ts';
import type { SlipPrintOptions } from './slip-print-plan.ts';

/** What the desktop shell does for printing: it knows the machine's printers and the caller's window. */
export interface SlipPrinterPort {
  printers(): Promise<PrinterView[]>;
  /** Prints the caller's window; resolves when the print system has taken it (or refused). */
  print(
    caller: BridgeCaller | undefined,
    options: SlipPrintOptions,
  ): Promise<{ success: boolean; failureReason: string }>;
}

type PrintHandlers = Pick<BridgeHandlers, 'print:printers' | 'print:choice' | 'print:choose' | 'print:slip'>;

export type PrintModule = CoreModule<PrintHandlers>;

const PREFERENCE_KEYS = { printer: 'slip.printer', paper: 'slip.paper' } as const;

/** Electron's failure reason when the person closed the dialog without printing. */
const CANCELLED_REASON = /cancel/i;

export function createPrintModule(
  core: Pick<CoreServices, 'appDb' | 'settings'>,
  port: SlipPrinterPort | undefined,
): PrintModule {
  const preferences = new WorkstationPreferences(core.appDb);
  const dutch = () => core.settings.current.uiLanguage === 'nl';
  const portOrFail = (): SlipPrinterPort => {
    if (port) return port;
    throw new BridgeFailure(
      'not-available',
      dutch()
        ? 'Alleen de desktop-app drukt zonder dialoog af: hier toont de browser zijn afdrukvenster.'
        : "Only the desktop app prints without a dialog: here the browser's print dialog is shown.",
    );
  };
  const choice = (): SlipPrintChoice => {
    const paper = preferences.get(PREFERENCE_KEYS.paper);
    return {
      printer: preferences.get(PREFERENCE_KEYS.printer),
      paper: SLIP_PAPERS.find((known) => known === paper) ?? DEFAULT_SLIP_PAPER,
    };
  };

  const handlers: PrintHandlers = {
    'print:printers': async () => ({ printers: await portOrFail().printers() }),
    'print:choice': async () => choice(),
    'print:choose': async (change) => {
      if (change.printer !== undefined) preferences.set(PREFERENCE_KEYS.printer, change.printer);
      if (change.paper !== undefined) preferences.set(PREFERENCE_KEYS.paper, change.paper);
      return choice();
    },
    'print:slip': async (_input, caller): Promise<SlipPrintAnswer> => {
      const printer = portOrFail();
      // The plan's rules load with the first slip printed, not at the desk's start.
      const { slipPrintPlan } = await import('./slip-print-plan.ts');
      const plan = slipPrintPlan(choice(), await printer.printers());
      const result = await printer.print(caller, plan.options);
      const outcome = result.success
        ? plan.options.silent
          ? 'printed'
          : 'dialog'
        : CANCELLED_REASON.test(result.failureReason)
          ? 'cancelled'
          : undefined;
      if (!outcome) {
        throw new BridgeFailure(
          'internal',
          dutch()
            ? `De bon is niet afgedrukt: ${result.failureReason || 'onbekende fout van het printsysteem'}.`
            : `The slip was not printed: ${result.failureReason || 'unknown print system failure'}.`,
        );
      }
      return { outcome, printer: plan.options.deviceName ?? null, missingPrinter: plan.missingPrinter };
    },
  };
  return { handlers };
}
