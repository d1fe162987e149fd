// The slip printed for the customer at the counter: request number (or the reference while the number is
// on its way) as text and as a QR code for the warehouse's scanner, date, pickup or delivery, and every
// line with its treatment, quantity and unit, and cut length. Only shown when printing; laid out for A4 or
// an 80 mm receipt roll (slip-printing.css names a page for each, and main prints on the same size).
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import type { OutboxItemView } from '../../../../shared/bridge/outbox-calls.ts';
import { DEFAULT_SLIP_PAPER, type SlipPaper } from '../../../../shared/bridge/print-calls.ts';
import type { CatalogItemDetail } from '../../../../shared/contract/catalog-search.ts';
import { DELIVERY_DELIVERY } from '../../../../shared/contract/fixed-values.ts';
import { QUOTE_LINES_KEY } from '../../../../shared/contract/request-fields.ts';
import type { QuoteRequestInput } from '../../../../shared/contract/request-schemas.ts';
import { DEFAULT_UNIT_CODES } from '../../../../shared/contract/request-lines.ts';
import type { BridgeAnswer } from '../../bridge/voa.ts';
import { useAppStore } from '../../store/use-app-store.ts';
import { useT } from '../../i18n/i18n.ts';
import { localDay } from '../../components/date-time-format.ts';
import { slipDay, slipLines } from './slip-lines.ts';
import { loadSlipQrEncoder, SlipQrCode, type SlipQrEncoder } from './slip-qr.tsx';
import './slip-printing.css';

export interface SlipContent {
  item: OutboxItemView;
  payload: QuoteRequestInput;
  /** The lines' items from the local catalog, by item number (for their treatment). */
  items: ReadonlyMap<string, CatalogItemDetail>;
  encodeQr: SlipQrEncoder;
}

/** What a slip needs besides its request, loaded together. */
export type SlipExtras = Pick<SlipContent, 'items' | 'encodeQr'>;

/**
 * The catalog items a request's lines name (an item not in the local catalog is left out) and the QR
 * code's encoder.
 */
export async function loadSlipExtras(
  payload: QuoteRequestInput,
  lookUp: (itemNo: string) => BridgeAnswer<'catalog:item'>,
): Promise<SlipExtras> {
  const numbers = new Set((payload[QUOTE_LINES_KEY] ?? []).flatMap((line) => line.itemNo ?? []));
  const [found, encodeQr] = await Promise.all([
    Promise.all([...numbers].map((itemNo) => lookUp(itemNo))),
    loadSlipQrEncoder(),
  ]);
  const items = new Map(
    found.flatMap((answer) => (answer.ok ? [[answer.value.itemNo, answer.value] as const] : [])),
  );
  return { items, encodeQr };
}

/** The paper this workstation prints the slip on (Settings), read when a slip is shown. */
export function useSlipPaper(): SlipPaper {
  const slipPrintChoice = useAppStore((state) => state.slipPrintChoice);
  const [paper, setPaper] = useState<SlipPaper>(DEFAULT_SLIP_PAPER);
  useEffect(() => {
    let current = true;
    void slipPrintChoice().then((answer) => {
      if (current && answer.ok) setPaper(answer.value.paper);
    });
    return () => {
      current = false;
    };
  }, [slipPrintChoice]);
  return paper;
}

export function CounterSlip({ content, paper }: { content: SlipContent; paper: SlipPaper }) {
  const t = useT();
  const language = useAppStore((state) => state.language);
  const units = useAppStore((state) => state.settingsView?.settings.units) ?? DEFAULT_UNIT_CODES;
  const { item, payload } = content;
  const lines = slipLines(t, payload[QUOTE_LINES_KEY] ?? [], { units, language, items: content.items });
  const delivery = payload.deliveryMethod === DELIVERY_DELIVERY;
  const reference = item.number ?? item.requestId;
  const address = [
    payload.shipToName,
    payload.shipToAddress,
    payload.shipToAddress2,
    [payload.shipToPostCode, payload.shipToCity].filter(Boolean).join(' '),
    payload.shipToCountryCode,
  ]
    .filter(Boolean)
    .join(', ');
  return createPortal(
    <article
      className={`print-slip print-slip--${paper}`}
      aria-label={t('counter.slip.title')}
      data-paper={paper}
      data-request-id={item.requestId}
    >
      <header className="print-slip__header">
        <div>
          <h1>{t('counter.slip.title')}</h1>
          <dl>
            <dt>{t('counter.slip.number')}</dt>
            <dd
              className={
                item.number ? 'print-slip__number' : 'print-slip__number print-slip__number--pending'
              }
            >
              {item.number ?? t('counter.slip.numberPending', { requestId: item.requestId })}
            </dd>
            <dt>{t('counter.slip.date')}</dt>
            <dd>{slipDay(localDay(new Date(item.createdAt)), language)}</dd>
            <dt>{t('counter.slip.customer')}</dt>
            <dd>
              {[payload.companyName, payload.contactName, payload.phoneNo].filter(Boolean).join(' · ') || '–'}
            </dd>
            <dt>{t('counter.slip.employee')}</dt>
            <dd>{payload.assistedBy ?? '–'}</dd>
            <dt>{delivery ? t('counter.slip.delivery') : t('counter.slip.handover')}</dt>
            <dd>
              {delivery ? address || t('counter.slip.billingAddress') : t('counter.slip.pickup')}
              {payload.requestedDeliveryDate
                ? ` (${t(delivery ? 'counter.slip.deliveryDate' : 'counter.slip.pickupDate', { date: slipDay(payload.requestedDeliveryDate, language) })})`
                : ''}
            </dd>
          </dl>
        </div>
        <figure className="print-slip__code">
          <SlipQrCode
            encode={content.encodeQr}
            text={reference}
            label={t(item.number ? 'counter.slip.qrNumber' : 'counter.slip.qrReference')}
          />
          <figcaption>{reference}</figcaption>
        </figure>
      </header>
      <h2 className="print-slip__caption">{t('counter.slip.lines')}</h2>
      {paper === 'a4' ? (
        <table className="print-slip__table">
          <thead>
            <tr>
              <th>#</th>
              <th>{t('counter.slip.item')}</th>
              <th>{t('counter.slip.treatment')}</th>
              <th className="num">{t('counter.slip.quantity')}</th>
              <th>{t('counter.slip.length')}</th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line, index) => (
              <tr key={index}>
                <td>{index + 1}</td>
                <td>
                  <div className="print-slip__item">{line.item}</div>
                  <div>{line.description}</div>
                  {line.remarks ? <div className="print-slip__remarks">{line.remarks}</div> : null}
                </td>
                <td>{line.treatment}</td>
                <td className="num">{line.quantity}</td>
                <td className="print-slip__cut">{line.cut}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <ol className="print-slip__list">
          {lines.map((line, index) => (
            <li key={index}>
              <div className="print-slip__item">
                {index + 1}. {line.item}
              </div>
              <div>{line.description}</div>
              {line.treatment ? <div>{line.treatment}</div> : null}
              <div className="print-slip__amount">
                {[line.quantity, line.cut].filter(Boolean).join(' · ')}
              </div>
              {line.remarks ? <div className="print-slip__remarks">{line.remarks}</div> : null}
            </li>
          ))}
        </ol>
      )}
      {payload.remarks ? (
        <p>
          <strong>{t('counter.slip.remarks')}:</strong> {payload.remarks}
        </p>
      ) : null}
      <footer>{t('counter.slip.footer')}</footer>
    </article>,
    document.body,
  );
}
