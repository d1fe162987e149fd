// The counter slip's printer and paper, chosen per workstation (each counter PC has its own printer) and
// saved at once. Only the desktop app lists printers: in a browser the print dialog chooses the printer.
import { useEffect, useState } from 'react';
import {
  SLIP_PAPERS,
  type PrinterView,
  type SlipPaper,
  type SlipPrintChoice,
} from '../../../../shared/bridge/print-calls.ts';
import { SegmentedField, SelectField } from '../../components/choice-field.tsx';
import { useT } from '../../i18n/i18n.ts';
import { useAppStore } from '../../store/use-app-store.ts';

/** The select's value for "no printer: ask in the print dialog". */
const ASK_EACH_TIME = '';

export function SlipPrinterSection() {
  const t = useT();
  const slipPrintChoice = useAppStore((state) => state.slipPrintChoice);
  const slipPrinters = useAppStore((state) => state.slipPrinters);
  const chooseSlipPrint = useAppStore((state) => state.chooseSlipPrint);
  const [choice, setChoice] = useState<SlipPrintChoice>();
  /** Undefined while loading; null where this shell has no printer list (the browser shell). */
  const [printers, setPrinters] = useState<PrinterView[] | null>();
  const [problem, setProblem] = useState<string>();

  useEffect(() => {
    let current = true;
    void Promise.all([slipPrintChoice(), slipPrinters()]).then(([chosen, listed]) => {
      if (!current) return;
      if (chosen.ok) setChoice(chosen.value);
      else setProblem(chosen.error.message);
      setPrinters(listed.ok ? listed.value.printers : null);
    });
    return () => {
      current = false;
    };
  }, [slipPrintChoice, slipPrinters]);

  const choose = async (change: { printer?: string | null; paper?: SlipPaper }) => {
    // Shown chosen at once (a radio button that waits for main looks unclicked); main's answer settles it.
    setChoice((shown) => shown && { ...shown, ...change });
    const answer = await chooseSlipPrint(change);
    if (answer.ok) {
      setChoice(answer.value);
      setProblem(undefined);
    } else setProblem(answer.error.message);
  };

  if (!choice || printers === undefined) return null;
  const missing =
    choice.printer !== null && printers !== null && !printers.some((each) => each.name === choice.printer);
  const printerOptions = [
    { value: ASK_EACH_TIME, label: t('settings.slip.askEachTime') },
    ...(printers ?? []).map((each) => ({ value: each.name, label: each.displayName || each.name })),
    ...(missing && choice.printer
      ? [{ value: choice.printer, label: t('settings.slip.printerMissing', { printer: choice.printer }) }]
      : []),
  ];
  return (
    <section className="panel" aria-labelledby="settings-slip">
      <h2 id="settings-slip">{t('settings.section.slip')}</h2>
      {printers === null ? (
        <p className="field__hint">{t('settings.slip.browserPrints')}</p>
      ) : (
        <SelectField
          label={t('settings.slip.printer')}
          name="slip-printer"
          value={choice.printer ?? ASK_EACH_TIME}
          hint={missing ? t('settings.slip.missingHint') : t('settings.slip.printerHint')}
          options={printerOptions}
          onChange={(printer) => void choose({ printer: printer === ASK_EACH_TIME ? null : printer })}
        />
      )}
      <SegmentedField<SlipPaper>
        label={t('settings.slip.paper')}
        name="slip-paper"
        value={choice.paper}
        options={SLIP_PAPERS.map((paper) => ({ value: paper, label: t(`settings.slip.paper.${paper}`) }))}
        onChange={(paper) => void choose({ paper })}
      />
      {problem ? (
        <p className="field__error" role="alert">
          {problem}
        </p>
      ) : null}
    </section>
  );
}
