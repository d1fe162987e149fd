// The slip of the last counter order, and "print again" for any delivered or queued counter order in the
// outbox (the app frame puts that button in the outbox's rows: features do not import each other).
import { useEffect, useState } from 'react';
import type { OutboxItemView } from '../../../../shared/bridge/outbox-calls.ts';
import { SOURCE_COUNTER_VISIT } from '../../../../shared/contract/fixed-values.ts';
import type { QuoteRequestInput } from '../../../../shared/contract/request-schemas.ts';
import { useT } from '../../i18n/i18n.ts';
import { useAppStore } from '../../store/use-app-store.ts';
import {
  CounterSlip,
  loadSlipExtras,
  useSlipPaper,
  type SlipContent,
  type SlipExtras,
} from './counter-slip.tsx';
import { printSlip, type SlipPrintNotice } from './print-slip.ts';

/** A counter order the warehouse may still need a slip for: on its way or delivered. */
export function isReprintable(item: OutboxItemView): boolean {
  return (
    item.kind === 'quote' &&
    item.summary.source === SOURCE_COUNTER_VISIT &&
    (item.state === 'queued' || item.state === 'sending' || item.state === 'delivered')
  );
}

/** The slip of a request, with its extras loaded; undefined while they load or without one. */
export function useSlipContent(
  item: OutboxItemView | undefined,
  payload: QuoteRequestInput | undefined,
): SlipContent | undefined {
  const lookUpCatalogItem = useAppStore((state) => state.lookUpCatalogItem);
  const [loaded, setLoaded] = useState<{ payload: QuoteRequestInput; extras: SlipExtras }>();
  useEffect(() => {
    if (!payload) return;
    let current = true;
    void loadSlipExtras(payload, lookUpCatalogItem).then((extras) => {
      if (current) setLoaded({ payload, extras });
    });
    return () => {
      current = false;
    };
  }, [payload, lookUpCatalogItem]);
  return item && payload && loaded?.payload === payload ? { item, payload, ...loaded.extras } : undefined;
}

export function SlipPrintStatus({ notice }: { notice: SlipPrintNotice | undefined }) {
  if (!notice) return null;
  return (
    <p className={`slip-print-status slip-print-status--${notice.tone}`} role="status">
      {notice.text}
    </p>
  );
}

/** "Print slip again" in an outbox row: loads the request, lays out its slip, prints it, and tidies up. */
export function ReprintSlipButton({ item }: { item: OutboxItemView }) {
  const t = useT();
  const paper = useSlipPaper();
  const outboxItem = useAppStore((state) => state.outboxItem);
  const lookUpCatalogItem = useAppStore((state) => state.lookUpCatalogItem);
  const printOnSlipPrinter = useAppStore((state) => state.printSlip);
  const [content, setContent] = useState<SlipContent>();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<SlipPrintNotice>();

  const load = async () => {
    setBusy(true);
    setNotice(undefined);
    const detail = await outboxItem(item.id);
    if (!detail.ok || !('quoteRequestLines' in detail.value.payload)) {
      setNotice({ tone: 'error', text: detail.ok ? t('counter.print.notAnOrder') : detail.error.message });
      setBusy(false);
      return;
    }
    const payload = detail.value.payload;
    setContent({ item: detail.value, payload, ...(await loadSlipExtras(payload, lookUpCatalogItem)) });
  };
  // Once the slip is in the page: print it, then take it out again.
  useEffect(() => {
    if (!content) return;
    void printSlip(printOnSlipPrinter, t).then((printed) => {
      setNotice(printed);
      setContent(undefined);
      setBusy(false);
    });
  }, [content, printOnSlipPrinter, t]);

  if (!isReprintable(item)) return null;
  return (
    <>
      <button type="button" className="button" disabled={busy} onClick={() => void load()}>
        {t('counter.print.again')}
      </button>
      <SlipPrintStatus notice={notice} />
      {content ? <CounterSlip content={content} paper={paper} /> : null}
    </>
  );
}
