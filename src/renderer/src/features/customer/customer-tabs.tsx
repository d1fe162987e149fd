// The signed-in customer's tabs, each loaded when first shown and refreshable: requests, quotes (with
// acceptance for a Buyer), orders, shipments, the lines of one document, and documents in the app's viewer.
import { useEffect, useMemo, useRef, useState } from 'react';
import {
  PORTAL_DOCUMENT_FIELDS,
  PORTAL_LINE_FIELDS,
  PORTAL_ORDER_FIELDS,
  PORTAL_QUOTE_FIELDS,
  PORTAL_REQUEST_FIELDS,
  PORTAL_SHIPMENT_FIELDS,
  PRINT_DOCUMENT_TYPES,
  ROLE_BUYER,
  localDate,
  quoteAcceptable,
  STEEL_UNITS,
  type AcceptQuoteAnswer,
  type PortalDocumentLine,
  type PortalDocumentRow,
  type PortalQuoteRow,
  type PrintDocumentType,
  type SteelQuantities,
} from '../../../../shared/contract/portal-objects.ts';
import { useAppStore } from '../../store/use-app-store.ts';
import { formatAmount } from '../../request-form/line-format.ts';
import { formatDateTime } from '../../components/date-time-format.ts';
import { ProblemBanner } from '../../components/message-details.tsx';
import { bridgeProblem } from '../../components/problem-text.ts';
import { useT } from '../../i18n/i18n.ts';
import { PortalTable, portalColumns, type Column } from './portal-columns.tsx';
import { CUSTOMER_TABS, type CustomerTab, type DocumentLines } from './customer-slice.ts';
import { OrderAgainDialog, type CustomerFormTarget, type OrderAgainOutcome } from './order-again.tsx';
import { MAX_QUOTE_LINES } from '../../../../shared/contract/request-schemas.ts';

export function CustomerTabs({ target }: { target: CustomerFormTarget }) {
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
      <div className="tabs">
        {/* Only tabs inside the tablist (ARIA); refresh and the loading note sit beside it. */}
        <div className="customer-tabs__list" role="tablist" aria-label={t('customer.tab.label')}>
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
        </div>
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
      {error ? <ProblemBanner problem={bridgeProblem(t, error)} /> : null}
      <div className="customer-tabs__body" role="tabpanel" aria-label={t(`customer.tab.${tab}`)}>
        <TabBody tab={tab} target={target} />
      </div>
      <LinkOutcomes />
      <PdfViewer />
    </div>
  );
}

function TabBody({ tab, target }: { tab: CustomerTab; target: CustomerFormTarget }) {
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
      return <LinesTable target={target} />;
    case 'documents':
      return <DocumentsTable />;
  }
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

const ACTIONS = 'customer-table__actions';

function RequestsTable() {
  const t = useT();
  const rows = useAppStore((state) => state.portalData.requests);
  if (!rows) return null;
  return (
    <PortalTable rows={rows} rowKey={(row) => row.no} columns={portalColumns(PORTAL_REQUEST_FIELDS, t)} />
  );
}

function QuotesTable() {
  const t = useT();
  const list = useAppStore((state) => state.portalData.quotes);
  const buyer = useAppStore((state) => state.portal.customer?.role === ROLE_BUYER);
  const [accepting, setAccepting] = useState<PortalQuoteRow | null>(null);
  const [outcome, setOutcome] = useState<{ no: string; answer: AcceptQuoteAnswer } | null>(null);
  const showTab = useAppStore((state) => state.portalShowTab);
  const language = useAppStore((state) => state.language);
  if (!list) return null;
  const today = localDate(new Date());
  // The total weight exists with the steel extension only: without it the column is left out.
  const steel = list.rows.some((row) => row.totalWeightKg !== null);
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
      <PortalTable
        rows={list.rows}
        rowKey={(row) => `${row.no}-${row.documentDate}`}
        columns={[
          ...portalColumns(PORTAL_QUOTE_FIELDS, t, {
            cells: {
              totalWeightKg: (row) =>
                row.totalWeightKg === null
                  ? t('customer.unknownQuantity')
                  : t('customer.weightKg', { value: formatAmount(row.totalWeightKg, language) }),
            },
            leftOut: steel ? [] : ['totalWeightKg'],
          }),
          {
            className: ACTIONS,
            cell: (row) => (
              <>
                <LinesButton documentType="quote" documentNo={row.no} />
                {buyer && quoteAcceptable(row, today) ? (
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
                ) : buyer && row.status === 'Released' && !row.accepted ? (
                  <span className="customer-panel__note">{t('customer.acceptExpired')}</span>
                ) : null}
              </>
            ),
          },
        ]}
      />
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
  const language = useAppStore((state) => state.language);
  // The moment of the acceptance in this workstation's local time, written as the UI language writes it.
  const at = formatDateTime(answer.acceptedAt, language) || '–';
  const kind =
    answer.outcome === 'recorded' || answer.outcome === 'already'
      ? 'banner--ok'
      : answer.outcome === 'unknown'
        ? 'banner--warning'
        : 'banner--error';
  return (
    <div className={`banner ${kind}`} role="alert">
      {t(`customer.outcome.${answer.outcome}`, { no, at })}
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
      <PortalTable
        rows={list.rows}
        rowKey={(row) => row.no}
        columns={[
          ...portalColumns(PORTAL_ORDER_FIELDS, t),
          { className: ACTIONS, cell: (row) => <LinesButton documentType="order" documentNo={row.no} /> },
        ]}
      />
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
      <PortalTable
        rows={list.rows}
        rowKey={(row) => row.no}
        columns={[
          ...portalColumns(PORTAL_SHIPMENT_FIELDS, t),
          { className: ACTIONS, cell: (row) => <LinesButton documentType="shipment" documentNo={row.no} /> },
        ]}
      />
    </>
  );
}

/** A quantity written as the UI language writes numbers ("9.632,8" in Dutch), with its unit code. */
function Amount({ value, unit }: { value: number; unit: string }) {
  const language = useAppStore((state) => state.language);
  return <>{`${formatAmount(value, language)} ${unit}`}</>;
}

/** Three separate steel quantities, the leading one marked; never summed. */
function SteelAmounts({ amounts, unit }: { amounts: SteelQuantities; unit: string }) {
  const t = useT();
  const language = useAppStore((state) => state.language);
  const parts = [
    {
      value: amounts.pieces,
      text: 'customer.pieces',
      unknown: 'customer.unknownPieces',
      unit: STEEL_UNITS.pieces,
    },
    {
      value: amounts.meters,
      text: 'customer.meters',
      unknown: 'customer.unknownMeters',
      unit: STEEL_UNITS.meters,
    },
    { value: amounts.kg, text: 'customer.kg', unknown: 'customer.unknownKg', unit: STEEL_UNITS.kilograms },
  ] as const;
  // A missing key means the host does not know the quantity: "unknown", never blank or 0.
  return (
    <span className="steel-amounts">
      {parts.map((part) => (
        <span
          key={part.unit}
          className={part.unit === unit ? 'steel-amounts__lead' : undefined}
          title={part.unit === unit ? t('customer.leading') : undefined}
        >
          {part.value === null
            ? t(part.unknown)
            : t(part.text, { value: formatAmount(part.value, language) })}
          {part.unit === unit ? ' ◆' : ''}
        </span>
      ))}
    </span>
  );
}

function quantityCell(line: PortalDocumentLine) {
  if (line.steel) return <SteelAmounts amounts={line.steel.quantity} unit={line.steel.unit} />;
  return line.quantity === null ? (
    <UnknownQuantity />
  ) : (
    <Amount value={line.quantity} unit={line.unitOfMeasureCode} />
  );
}

function UnknownQuantity() {
  const t = useT();
  return <>{t('customer.unknownQuantity')}</>;
}

/** Shipped so far, on live order lines only, as the host gives it (never computed here). */
function shippedCell(line: PortalDocumentLine) {
  if (line.steel) {
    return line.steel.shipped ? <SteelAmounts amounts={line.steel.shipped} unit={line.steel.unit} /> : '';
  }
  return line.quantityShipped === null ? (
    ''
  ) : (
    <Amount value={line.quantityShipped} unit={line.unitOfMeasureCode} />
  );
}

function outstandingCell(line: PortalDocumentLine) {
  if (line.steel) {
    return line.steel.outstanding ? (
      <SteelAmounts amounts={line.steel.outstanding} unit={line.steel.unit} />
    ) : (
      ''
    );
  }
  return line.outstandingQuantity === null ? (
    ''
  ) : (
    <Amount value={line.outstandingQuantity} unit={line.unitOfMeasureCode} />
  );
}

function LinesTable({ target }: { target: CustomerFormTarget }) {
  const t = useT();
  const data = useAppStore((state) => state.portalData.lines);
  const load = useAppStore((state) => state.portalLoadLines);
  // The lines the dialog was opened on: it shows only while exactly those are on screen, so a click on
  // another document's Lines (or any new answer) closes it and its choice can never apply to other lines.
  const [choosingFrom, setChoosingFrom] = useState<DocumentLines | null>(null);
  const [outcome, setOutcome] = useState<(OrderAgainOutcome & { no: string }) | null>(null);
  if (!data) return <p className="customer-panel__note">{t('customer.linesPick')}</p>;
  const type = t(`customer.docType.${data.documentType}`);
  const title = (
    <h3 className="customer-panel__subtitle">{t('customer.linesOf', { type, no: data.documentNo })}</h3>
  );
  if (data.state === 'reading') {
    return (
      <>
        {title}
        <p className="customer-panel__note" role="status">
          {t('customer.loading')}
        </p>
      </>
    );
  }
  if (data.state === 'failed') {
    return (
      <>
        {title}
        <p className="customer-panel__note">
          {t('customer.linesFailed', { type, no: data.documentNo })}{' '}
          <button
            type="button"
            className="button button--small"
            onClick={() => void load(data.documentType, data.documentNo)}
          >
            {t('customer.linesReadAgain')}
          </button>
        </p>
      </>
    );
  }
  const lines = data.lines;
  const live = lines?.some(
    (line) =>
      line.outstandingQuantity !== null ||
      line.quantityShipped !== null ||
      line.steel?.outstanding ||
      line.steel?.shipped,
  );
  const columns: Column<PortalDocumentLine>[] = portalColumns(PORTAL_LINE_FIELDS, t, {
    cells: {
      format: (line) => line.steel?.formatDescription || line.format,
      quantity: quantityCell,
      outstandingQuantity: outstandingCell,
      quantityShipped: shippedCell,
    },
    // Outstanding quantities exist on live order lines only.
    leftOut: live ? [] : ['outstandingQuantity', 'quantityShipped'],
  });
  return (
    <>
      {title}
      {lines?.length ? (
        <p className="customer-lines__actions">
          <button
            type="button"
            className="button button--small"
            onClick={() => {
              setOutcome(null);
              setChoosingFrom(data);
            }}
          >
            {t('customer.orderAgain')}
          </button>
        </p>
      ) : null}
      {outcome && outcome.no === data.documentNo ? (
        <p className="banner banner--ok" role="status">
          {t('customer.orderAgainAdded', { count: outcome.added, type, no: outcome.no })}
          {outcome.left
            ? ` ${t('customer.orderAgainFull', { count: outcome.left, max: MAX_QUOTE_LINES })}`
            : ''}
        </p>
      ) : null}
      {choosingFrom === data && lines?.length ? (
        <OrderAgainDialog
          key={`${data.documentType}:${data.documentNo}`}
          target={target}
          documentType={data.documentType}
          documentNo={data.documentNo}
          lines={lines}
          renderQuantity={quantityCell}
          onClose={(done) => {
            setChoosingFrom(null);
            if (done) setOutcome({ ...done, no: data.documentNo });
          }}
        />
      ) : null}
      {lines?.length ? (
        <PortalTable rows={lines} rowKey={(line, index) => String(line.lineNo ?? index)} columns={columns} />
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
  const [none, setNone] = useState(false);
  if (!rows) return null;
  const openCell = (row: PortalDocumentRow) => {
    const printable = row.source === 'report' && isPrintable(row.reportType) ? row.reportType : null;
    if (!printable) return <span className="customer-panel__note">{t('customer.archiveOutOfScope')}</span>;
    return (
      <button
        type="button"
        className="button button--small"
        aria-label={`${t('customer.open')} ${row.fileName}`}
        onClick={async () => {
          setNone(false);
          setNone((await open(printable, row.documentNo)) === 'none');
        }}
      >
        {t('customer.open')}
      </button>
    );
  };
  return (
    <>
      {none ? (
        <p className="banner banner--warning" role="alert">
          {t('customer.noPrintable')}
        </p>
      ) : null}
      <PortalTable
        rows={rows}
        rowKey={(row) => row.id || `${row.category}-${row.documentNo}`}
        columns={[
          ...portalColumns(PORTAL_DOCUMENT_FIELDS, t, {
            cells: { documentNo: (row) => row.documentNo || row.fileName },
          }),
          { className: ACTIONS, cell: openCell },
        ]}
      />
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
