// The signed-in customer's tabs, each loaded when first shown and refreshable: requests, quotes (with
// acceptance for a Buyer), orders, shipments, the lines of one document, and documents in the app's viewer.
import { useEffect, useMemo, useRef, useState } from 'react';
import {
  PRINT_DOCUMENT_TYPES,
  ROLE_BUYER,
  STEEL_UNITS,
  type AcceptQuoteAnswer,
  type PortalDocumentLine,
  type DocumentStatus,
  type PortalQuoteRow,
  type RequestStatus,
  type PrintDocumentType,
  type SteelQuantities,
} from '../../../../shared/contract/portal-objects.ts';
import { useAppStore } from '../../app/app-store.ts';
import { useT, type Translate } from '../../i18n/i18n.ts';
import { CUSTOMER_TABS, type CustomerTab } from './customer-slice.ts';

export function CustomerTabs() {
  const t = useT();
  const tab = useAppStore((state) => state.portalTab);
  const showTab = useAppStore((state) => state.portalShowTab);
  const loading = useAppStore((state) => state.portalLoading);
  const error = useAppStore((state) => state.portalError);

  useEffect(() => {
    void showTab(useAppStore.getState().portalTab);
  }, [showTab]);

  return (
    <div className="customer-tabs">
      <div className="tabs" role="tablist" aria-label={t('customer.tab.label')}>
        {CUSTOMER_TABS.map((candidate) => (
          <button
            key={candidate}
            type="button"
            role="tab"
            className="tab"
            aria-selected={tab === candidate}
            onClick={() => void showTab(candidate)}
          >
            {t(`customer.tab.${candidate}`)}
          </button>
        ))}
        {tab !== 'lines' ? (
          <button
            type="button"
            className="button button--small button--quiet"
            onClick={() => void showTab(tab, true)}
          >
            {t('customer.refresh')}
          </button>
        ) : null}
        {loading ? <span className="customer-tabs__loading">{t('customer.loading')}</span> : null}
      </div>
      {error ? (
        <p className="banner banner--error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="customer-tabs__body" role="tabpanel" aria-label={t(`customer.tab.${tab}`)}>
        <TabBody tab={tab} />
      </div>
      <LinkOutcomes />
      <PdfViewer />
    </div>
  );
}

function TabBody({ tab }: { tab: CustomerTab }) {
  switch (tab) {
    case 'requests':
      return <RequestsTable />;
    case 'quotes':
      return <QuotesTable />;
    case 'orders':
      return <OrdersTable />;
    case 'shipments':
      return <ShipmentsTable />;
    case 'lines':
      return <LinesTable />;
    case 'documents':
      return <DocumentsTable />;
  }
}

/** A status as the screen says it; a value this version does not know reads "status unknown", never New. */
function statusText(t: Translate, status: RequestStatus | DocumentStatus): string {
  return t(`customer.status.${status}`);
}

function Empty() {
  const t = useT();
  return <p className="customer-panel__note">{t('customer.empty')}</p>;
}

function Truncated({ truncated }: { truncated: boolean }) {
  const t = useT();
  return truncated ? <p className="banner banner--warning">{t('customer.truncated')}</p> : null;
}

function LinesButton({
  documentType,
  documentNo,
}: {
  documentType: 'quote' | 'order' | 'shipment';
  documentNo: string;
}) {
  const t = useT();
  const load = useAppStore((state) => state.portalLoadLines);
  return (
    <button
      type="button"
      className="button button--small"
      aria-label={`${t('customer.showLines')} ${documentNo}`}
      onClick={() => void load(documentType, documentNo)}
    >
      {t('customer.showLines')}
    </button>
  );
}

function RequestsTable() {
  const t = useT();
  const rows = useAppStore((state) => state.portalData.requests);
  if (!rows) return null;
  if (!rows.length) return <Empty />;
  return (
    <table className="customer-table">
      <thead>
        <tr>
          <th>{t('customer.col.no')}</th>
          <th>{t('customer.col.received')}</th>
          <th>{t('customer.col.status')}</th>
          <th>{t('customer.col.linked')}</th>
          <th>{t('customer.col.lines')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.no}>
            <td>{row.no}</td>
            <td>{row.receivedAt.slice(0, 16).replace('T', ' ')}</td>
            <td>{statusText(t, row.status)}</td>
            <td>{row.quoteNo || '–'}</td>
            <td>{row.lines ?? '–'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function QuotesTable() {
  const t = useT();
  const list = useAppStore((state) => state.portalData.quotes);
  const buyer = useAppStore((state) => state.portal.customer?.role === ROLE_BUYER);
  const [accepting, setAccepting] = useState<PortalQuoteRow | null>(null);
  const [outcome, setOutcome] = useState<{ no: string; answer: AcceptQuoteAnswer } | null>(null);
  const showTab = useAppStore((state) => state.portalShowTab);
  if (!list) return null;
  return (
    <>
      <Truncated truncated={list.truncated} />
      {outcome ? (
        <AcceptOutcome
          no={outcome.no}
          answer={outcome.answer}
          onRefresh={() => void showTab('quotes', true)}
        />
      ) : null}
      {accepting ? (
        <AcceptDialog
          quote={accepting}
          onClose={(answer) => {
            if (answer) setOutcome({ no: accepting.no, answer });
            // The list shows the acceptance as the host now has it.
            if (answer?.outcome === 'recorded' || answer?.outcome === 'already') void showTab('quotes', true);
            setAccepting(null);
          }}
        />
      ) : null}
      {list.rows.length ? (
        <table className="customer-table">
          <thead>
            <tr>
              <th>{t('customer.col.no')}</th>
              <th>{t('customer.col.date')}</th>
              <th>{t('customer.col.status')}</th>
              <th>{t('customer.col.validUntil')}</th>
              <th>{t('customer.col.accepted')}</th>
              <th>{t('customer.col.note')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {list.rows.map((row) => (
              <tr key={`${row.no}-${row.documentDate}`}>
                <td>{row.no}</td>
                <td>{row.documentDate}</td>
                <td>{statusText(t, row.status)}</td>
                <td>{row.validUntil || '–'}</td>
                <td>{row.accepted ? t('customer.yes') : t('customer.no')}</td>
                <td className="customer-table__note">{row.comment}</td>
                <td className="customer-table__actions">
                  <LinesButton documentType="quote" documentNo={row.no} />
                  {buyer && row.status === 'Released' && !row.accepted ? (
                    <button
                      type="button"
                      className="button button--small"
                      aria-label={`${t('customer.accept')} ${row.no}`}
                      onClick={() => {
                        setOutcome(null);
                        setAccepting(row);
                      }}
                    >
                      {t('customer.accept')}
                    </button>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <Empty />
      )}
    </>
  );
}

function AcceptDialog({
  quote,
  onClose,
}: {
  quote: PortalQuoteRow;
  onClose(answer: AcceptQuoteAnswer | null): void;
}) {
  const t = useT();
  const accept = useAppStore((state) => state.portalAccept);
  const [busy, setBusy] = useState(false);
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => cancel.current?.focus(), []);
  return (
    <div
      className="customer-dialog"
      role="alertdialog"
      aria-modal="true"
      aria-labelledby="accept-title"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !busy) onClose(null);
      }}
    >
      <h3 id="accept-title">{t('customer.acceptTitle', { no: quote.no })}</h3>
      <p>{t('customer.acceptBody', { lines: quote.lines ?? '–', validUntil: quote.validUntil || '–' })}</p>
      <div className="form-actions">
        <button
          type="button"
          className="button button--primary"
          disabled={busy}
          onClick={async () => {
            setBusy(true);
            // Once: AcceptQuote is never sent again by the app, whatever happens.
            onClose(await accept(quote.no));
          }}
        >
          {t('customer.acceptConfirm')}
        </button>
        <button ref={cancel} type="button" className="button" disabled={busy} onClick={() => onClose(null)}>
          {t('customer.cancel')}
        </button>
      </div>
    </div>
  );
}

function AcceptOutcome({
  no,
  answer,
  onRefresh,
}: {
  no: string;
  answer: AcceptQuoteAnswer;
  onRefresh(): void;
}) {
  const t = useT();
  const kind =
    answer.outcome === 'recorded' || answer.outcome === 'already'
      ? 'banner--ok'
      : answer.outcome === 'unknown'
        ? 'banner--warning'
        : 'banner--error';
  return (
    <div className={`banner ${kind}`} role="alert">
      {t(`customer.outcome.${answer.outcome}`, { no, at: answer.acceptedAt || '–' })}
      {answer.outcome === 'unknown' ? (
        <button type="button" className="button button--small" onClick={onRefresh}>
          {t('customer.refreshQuotes')}
        </button>
      ) : null}
    </div>
  );
}

function OrdersTable() {
  const t = useT();
  const list = useAppStore((state) => state.portalData.orders);
  if (!list) return null;
  return (
    <>
      <Truncated truncated={list.truncated} />
      {list.rows.length ? (
        <table className="customer-table">
          <thead>
            <tr>
              <th>{t('customer.col.no')}</th>
              <th>{t('customer.col.date')}</th>
              <th>{t('customer.col.requested')}</th>
              <th>{t('customer.col.promised')}</th>
              <th>{t('customer.col.status')}</th>
              <th>{t('customer.col.shipped')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {list.rows.map((row) => (
              <tr key={row.no}>
                <td>{row.no}</td>
                <td>{row.orderDate}</td>
                <td>{row.requestedDeliveryDate || '–'}</td>
                <td>{row.promisedDeliveryDate || '–'}</td>
                <td>{statusText(t, row.status)}</td>
                <td>{row.completelyShipped ? t('customer.yes') : t('customer.no')}</td>
                <td className="customer-table__actions">
                  <LinesButton documentType="order" documentNo={row.no} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <Empty />
      )}
    </>
  );
}

function ShipmentsTable() {
  const t = useT();
  const list = useAppStore((state) => state.portalData.shipments);
  if (!list) return null;
  return (
    <>
      <Truncated truncated={list.truncated} />
      {list.rows.length ? (
        <table className="customer-table">
          <thead>
            <tr>
              <th>{t('customer.col.no')}</th>
              <th>{t('customer.col.delivery')}</th>
              <th>{t('customer.col.order')}</th>
              <th>{t('customer.col.to')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {list.rows.map((row) => (
              <tr key={row.no}>
                <td>{row.no}</td>
                <td>{row.deliveryDate}</td>
                <td>{row.orderNo || '–'}</td>
                <td>{[row.shipTo.name, row.shipTo.postCode, row.shipTo.city].filter(Boolean).join(', ')}</td>
                <td className="customer-table__actions">
                  <LinesButton documentType="shipment" documentNo={row.no} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <Empty />
      )}
    </>
  );
}

/** Three separate steel quantities, the leading one marked; never summed. */
function SteelAmounts({ amounts, unit }: { amounts: SteelQuantities; unit: string }) {
  const t = useT();
  const parts = [
    { value: amounts.pieces, text: 'customer.pieces', unit: STEEL_UNITS.pieces },
    { value: amounts.meters, text: 'customer.meters', unit: STEEL_UNITS.meters },
    { value: amounts.kg, text: 'customer.kg', unit: STEEL_UNITS.kilograms },
  ] as const;
  return (
    <span className="steel-amounts">
      {parts
        .filter((part) => part.value !== null)
        .map((part) => (
          <span
            key={part.unit}
            className={part.unit === unit ? 'steel-amounts__lead' : undefined}
            title={part.unit === unit ? t('customer.leading') : undefined}
          >
            {t(part.text, { value: part.value ?? '' })}
            {part.unit === unit ? ' ◆' : ''}
          </span>
        ))}
    </span>
  );
}

function quantityCell(line: PortalDocumentLine) {
  if (line.steel) return <SteelAmounts amounts={line.steel.quantity} unit={line.steel.unit} />;
  return line.quantity === null ? '–' : `${line.quantity} ${line.unitOfMeasureCode}`;
}

function outstandingCell(line: PortalDocumentLine) {
  if (line.steel) {
    return line.steel.outstanding ? (
      <SteelAmounts amounts={line.steel.outstanding} unit={line.steel.unit} />
    ) : (
      ''
    );
  }
  return line.outstandingQuantity === null ? '' : `${line.outstandingQuantity} ${line.unitOfMeasureCode}`;
}

function LinesTable() {
  const t = useT();
  const data = useAppStore((state) => state.portalData.lines);
  if (!data) return <p className="customer-panel__note">{t('customer.linesPick')}</p>;
  const type = t(`customer.docType.${data.documentType}`);
  const live = data.lines?.some((line) => line.outstandingQuantity !== null || line.steel?.outstanding);
  return (
    <>
      <h3 className="customer-panel__subtitle">{t('customer.linesOf', { type, no: data.documentNo })}</h3>
      {data.lines?.length ? (
        <table className="customer-table">
          <thead>
            <tr>
              <th>{t('customer.col.item')}</th>
              <th>{t('customer.col.description')}</th>
              <th>{t('customer.col.size')}</th>
              <th>{t('customer.col.quantity')}</th>
              {live ? <th>{t('customer.col.outstanding')}</th> : null}
            </tr>
          </thead>
          <tbody>
            {data.lines.map((line, index) => (
              <tr key={line.lineNo ?? index}>
                <td>{line.itemNo}</td>
                <td>{line.description}</td>
                <td>{line.steel?.formatDescription || line.format}</td>
                <td>{quantityCell(line)}</td>
                {live ? <td>{outstandingCell(line)}</td> : null}
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="customer-panel__note">{t('customer.linesNone')}</p>
      )}
    </>
  );
}

const isPrintable = (value: string): value is PrintDocumentType =>
  (PRINT_DOCUMENT_TYPES as readonly string[]).includes(value);

function DocumentsTable() {
  const t = useT();
  const rows = useAppStore((state) => state.portalData.documents);
  const open = useAppStore((state) => state.portalOpenDocument);
  const [none, setNone] = useState<string | null>(null);
  if (!rows) return null;
  if (!rows.length) return <Empty />;
  return (
    <>
      {none ? (
        <p className="banner banner--warning" role="alert">
          {t('customer.noPrintable')}
        </p>
      ) : null}
      <table className="customer-table">
        <thead>
          <tr>
            <th>{t('customer.col.document')}</th>
            <th>{t('customer.col.category')}</th>
            <th>{t('customer.col.date')}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const printable = row.source === 'report' && isPrintable(row.reportType) ? row.reportType : null;
            return (
              <tr key={row.id || `${row.category}-${row.documentNo}`}>
                <td>{row.documentNo || row.fileName}</td>
                <td>{row.category}</td>
                <td>{row.date}</td>
                <td className="customer-table__actions">
                  {printable ? (
                    <button
                      type="button"
                      className="button button--small"
                      aria-label={`${t('customer.open')} ${row.fileName}`}
                      onClick={async () => {
                        setNone(null);
                        if ((await open(printable, row.documentNo)) === 'none') setNone(row.documentNo);
                      }}
                    >
                      {t('customer.open')}
                    </button>
                  ) : (
                    <span className="customer-panel__note">{t('customer.archiveOutOfScope')}</span>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </>
  );
}

/** The PDF in the app's own viewer, with print and save under the host's file name, sanitized in main. */
function PdfViewer() {
  const t = useT();
  const pdf = useAppStore((state) => state.portalPdf);
  const close = useAppStore((state) => state.portalClosePdf);
  const frame = useRef<HTMLIFrameElement>(null);
  const url = useMemo(() => {
    if (!pdf) return null;
    const bytes = Uint8Array.from(atob(pdf.base64), (char) => char.charCodeAt(0));
    return URL.createObjectURL(new Blob([bytes], { type: 'application/pdf' }));
  }, [pdf]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  if (!pdf || !url) return null;
  return (
    <div
      className="customer-dialog customer-viewer"
      role="dialog"
      aria-modal="true"
      aria-label={pdf.fileName}
      onKeyDown={(event) => {
        if (event.key === 'Escape') close();
      }}
    >
      <div className="customer-viewer__bar">
        <strong>{t('customer.viewerTitle', { fileName: pdf.fileName })}</strong>
        <button
          type="button"
          className="button button--small"
          onClick={() => frame.current?.contentWindow?.print()}
        >
          {t('customer.print')}
        </button>
        <a className="button button--small" href={url} download={pdf.fileName}>
          {t('customer.save')}
        </a>
        <button type="button" className="button button--small" autoFocus onClick={close}>
          {t('customer.close')}
        </button>
      </div>
      <iframe ref={frame} className="customer-viewer__frame" title={pdf.fileName} src={url} />
    </div>
  );
}

function LinkOutcomes() {
  const t = useT();
  const links = useAppStore((state) => state.portalLinks);
  const customerNo = useAppStore((state) => state.portal.customer?.customerNo);
  const link = useAppStore((state) => state.portalLink);
  const shown = links.filter((entry) => entry.customerNo === customerNo).slice(0, 10);
  if (!shown.length) return null;
  return (
    <div className="customer-links">
      <h3 className="customer-panel__subtitle">{t('customer.linksTitle')}</h3>
      <ul>
        {shown.map((entry) => (
          <li key={entry.requestId}>
            {entry.number ?? entry.requestId}: {t(`customer.linkState.${entry.state}`)}
            {entry.reason ? ` (${t(`customer.linkReason.${entry.reason}`)})` : ''}
            {entry.state === 'notLinked' ? (
              <button
                type="button"
                className="button button--small"
                onClick={() => void link(entry.requestId)}
              >
                {t('customer.linkNow')}
              </button>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
