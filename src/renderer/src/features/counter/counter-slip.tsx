// The slip printed for the customer at the counter: request number (or the reference while the number is
// on its way), date, pickup or delivery, and the lines. Only shown when printing.
import { createPortal } from 'react-dom';
import type { OutboxItemView } from '../../../../shared/bridge/outbox-calls.ts';
import { DELIVERY_DELIVERY } from '../../../../shared/contract/fixed-values.ts';
import { QUOTE_LINES_KEY } from '../../../../shared/contract/request-fields.ts';
import type { QuoteRequestInput } from '../../../../shared/contract/request-schemas.ts';
import { DEFAULT_UNIT_CODES } from '../../../../shared/contract/request-lines.ts';
import { useAppStore } from '../../store/use-app-store.ts';
import { formatDay, lineMeasuresText, quantityWithUnit } from '../../request-form/line-format.ts';
import { useT } from '../../i18n/i18n.ts';
import { localDay } from '../../components/date-time-format.ts';

export function CounterSlip({ item, payload }: { item: OutboxItemView; payload: QuoteRequestInput }) {
  const t = useT();
  const language = useAppStore((state) => state.language);
  const units = useAppStore((state) => state.settingsView?.settings.units) ?? DEFAULT_UNIT_CODES;
  const lines = payload[QUOTE_LINES_KEY] ?? [];
  const delivery = payload.deliveryMethod === DELIVERY_DELIVERY;
  const date = formatDay(localDay(new Date(item.createdAt)), language);
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
    <article className="print-slip" aria-label={t('counter.slip.title')}>
      <header>
        <h1>{t('counter.slip.title')}</h1>
        <dl>
          <dt>{t('counter.slip.number')}</dt>
          <dd className="print-slip__number">
            {item.number ?? t('counter.slip.numberPending', { requestId: item.requestId })}
          </dd>
          <dt>{t('counter.slip.date')}</dt>
          <dd>{date}</dd>
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
              ? ` (${t(delivery ? 'counter.slip.deliveryDate' : 'counter.slip.pickupDate', { date: formatDay(payload.requestedDeliveryDate, language) })})`
              : ''}
          </dd>
        </dl>
      </header>
      <table>
        <caption>{t('counter.slip.lines')}</caption>
        <thead>
          <tr>
            <th>#</th>
            <th>{t('requestForm.line.itemNo')}</th>
            <th>{t('requestForm.line.description')}</th>
            <th>{t('requestForm.line.variantCode')}</th>
            <th className="num">{t('requestForm.line.quantity')}</th>
            <th>{t('requestForm.line.lengthMm')}</th>
            <th>{t('requestForm.line.lineRemarks')}</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line, index) => (
            <tr key={index}>
              <td>{index + 1}</td>
              <td>{line.itemNo ?? ''}</td>
              <td>{line.description ?? ''}</td>
              <td>{line.variantCode ?? ''}</td>
              <td className="num">
                {quantityWithUnit(t, line.quantity, line.unitOfMeasureCode, units, language)}
              </td>
              <td>{lineMeasuresText(t, line, language)}</td>
              <td>{line.lineRemarks ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
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
