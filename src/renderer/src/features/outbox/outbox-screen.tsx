// The outbox: every request with its state, requestId, number, attempts, last error and next attempt;
// filters; retry now, correct and resend (same requestId), discard after a confirmation. Live via events.
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { OutboxItemDetail, OutboxItemView } from '../../../../shared/bridge/outbox-calls.ts';
import type { RequestLinkView } from '../../../../shared/bridge/portal-calls.ts';
import { ROLE_BUYER } from '../../../../shared/contract/portal-objects.ts';
import {
  accountDraftFromPayload,
  accountPayloadFromDraft,
  quoteDraftFromPayload,
  quotePayloadFromDraft,
  type AccountDraft,
  type QuoteDraft,
} from '../../../../shared/contract/request-drafts.ts';
import {
  accountRequestSchema,
  quoteRequestSchema,
  type AccountRequestInput,
  type QuoteLinePayload,
  type QuoteRequestInput,
} from '../../../../shared/contract/request-schemas.ts';
import { DEFAULT_UNIT_CODES } from '../../../../shared/contract/request-lines.ts';
import { useAppStore } from '../../store/use-app-store.ts';
import { AccountForm } from '../../request-form/account-form.tsx';
import { ErrorSummary } from '../../request-form/error-summary.tsx';
import { QuoteForm } from '../../request-form/quote-form.tsx';
import { check, formPaths, type FieldErrors } from '../../request-form/form-verdict.ts';
import { draftWithEntry, newLineKey } from '../../request-form/draft-entry.ts';
import { TextField } from '../../components/text-field.tsx';
import { formatDateTime } from '../../components/date-time-format.ts';
import { MessageDetails, ProblemBanner } from '../../components/message-details.tsx';
import { bridgeProblem, erpWords, type ShownProblem } from '../../components/problem-text.ts';
import type { BridgeError, BridgeResult } from '../../../../shared/bridge/define.ts';
import { lineMeasuresText, quantityWithUnit } from '../../request-form/line-format.ts';
import { useT, type Translate } from '../../i18n/i18n.ts';
import { OUTBOX_FILTERS } from './outbox-slice.ts';
import { HeldRequestsBanner } from './held-requests-banner.tsx';
import { OutboxExport } from './outbox-export.tsx';
import './outbox.css';

type FilterName = keyof typeof OUTBOX_FILTERS;
const FILTER_NAMES = Object.keys(OUTBOX_FILTERS) as FilterName[];

/** `slipReprint` is the counter's "print slip again", placed in each row by the app frame. */
export function OutboxScreen({ slipReprint }: { slipReprint?: (item: OutboxItemView) => ReactNode } = {}) {
  const t = useT();
  const items = useAppStore((state) => state.outboxItems);
  const status = useAppStore((state) => state.outboxStatus);
  const filter = useAppStore((state) => state.outboxFilter);
  const loadOutbox = useAppStore((state) => state.loadOutbox);
  const startPortal = useAppStore((state) => state.portalStart);
  const links = useAppStore((state) => state.portalLinks);
  const flushOutbox = useAppStore((state) => state.flushOutbox);
  const retryOutboxItem = useAppStore((state) => state.retryOutboxItem);
  const discardOutboxItem = useAppStore((state) => state.discardOutboxItem);
  const outboxItem = useAppStore((state) => state.outboxItem);
  const [filterName, setFilterName] = useState<FilterName>('all');
  const [search, setSearch] = useState(filter.search);
  const [correcting, setCorrecting] = useState<OutboxItemDetail | undefined>();
  const [message, setMessage] = useState<ShownProblem | undefined>();
  const now = useNow(items.some((item) => item.state === 'queued') || Boolean(status?.throttledUntil));
  const throttledUntil =
    status?.throttledUntil && Date.parse(status.throttledUntil) > now ? status.throttledUntil : null;

  useEffect(() => {
    void loadOutbox({ states: OUTBOX_FILTERS[filterName], search });
  }, [filterName, search, loadOutbox]);
  // The link outcomes of fair requests sent for a signed-in Buyer, kept live by the customer desk's events.
  useEffect(() => startPortal(), [startPortal]);
  const linkOf = new Map(links.map((link) => [link.requestId, link]));

  const act = async (call: Promise<BridgeResult<unknown>>) => {
    const result = await call;
    setMessage(result.ok ? undefined : bridgeProblem(t, result.error));
  };
  const sendNow = () => act(flushOutbox());

  // Several requests held up by the same cause (Refuse Requests was on, a permission was missing) are
  // retried together once the cause is fixed, instead of one by one.
  const sameReason = new Map<string, OutboxItemView[]>();
  for (const item of items) {
    if (item.state !== 'needsAttention' || !item.lastError || item.unreadable) continue;
    const reason = reasonOf(item.hostWords ?? '');
    sameReason.set(reason, [...(sameReason.get(reason) ?? []), item]);
  }
  const groups = [...sameReason.entries()].filter(([, group]) => group.length > 1);
  const retryAll = async (group: OutboxItemView[]) => {
    const failed: { requestId: string; error: BridgeError }[] = [];
    for (const item of group) {
      const result = await retryOutboxItem(item.id);
      if (!result.ok) failed.push({ requestId: item.requestId, error: result.error });
    }
    const first = failed[0];
    setMessage(
      first && {
        text: bridgeProblem(t, first.error).text,
        details: failed.map(({ requestId, error }) => `${requestId}: ${error.message}`).join('\n'),
      },
    );
  };

  return (
    <div className="screen outbox">
      <header className="screen__header">
        <h1>{t('outbox.title')}</h1>
        <p className="screen__intro">{t('outbox.intro')}</p>
      </header>
      {status?.paused ? (
        <div className="banner banner--error" role="alert">
          <strong>{t('outbox.paused.title')}:</strong> {t('outbox.paused.reason')}{' '}
          <MessageDetails details={status.paused.reason} />{' '}
          <button type="button" className="button" onClick={() => void sendNow()}>
            {t('outbox.paused.resume')}
          </button>
        </div>
      ) : status?.connection === 'offline' ? (
        <p className="banner banner--warning" role="status">
          {t('outbox.offline.note')}
        </p>
      ) : throttledUntil ? (
        <p className="banner banner--warning" role="status">
          {t('outbox.throttled.note', { when: relative(t, throttledUntil, now) })}
        </p>
      ) : null}
      {status?.held ? <HeldRequestsBanner held={status.held} onProblem={setMessage} /> : null}
      {message ? <ProblemBanner problem={message} /> : null}

      {groups.map(([reason, group]) => (
        <div key={reason} className="banner banner--warning retry-group" role="status">
          <span>
            {t('outbox.sameReason', { count: group.length })} {refusalWords(t, group[0]!)}
          </span>
          <button type="button" className="button" onClick={() => void retryAll(group)}>
            {t('outbox.retryAll', { count: group.length })}
          </button>
        </div>
      ))}

      {correcting ? (
        <CorrectPanel
          item={correcting}
          onDone={(error) => {
            if (!error) setCorrecting(undefined);
            setMessage(error);
          }}
        />
      ) : null}

      <section className="panel">
        <div className="outbox-toolbar">
          <fieldset className="segmented" aria-label={t('outbox.filter.label')}>
            <legend>{t('outbox.filter.label')}</legend>
            {FILTER_NAMES.map((name) => (
              <label key={name} className="segmented__option">
                <input
                  type="radio"
                  name="outbox-filter"
                  checked={filterName === name}
                  onChange={() => setFilterName(name)}
                />
                <span>
                  {t(`outbox.filter.${name}`)}
                  {name !== 'all' && status ? ` (${countFor(name, status.counts)})` : ''}
                </span>
              </label>
            ))}
          </fieldset>
          <TextField
            label={t('outbox.filter.search')}
            hint={t('outbox.filter.searchHint')}
            value={search}
            type="search"
            onChange={setSearch}
          />
          <button type="button" className="button button--primary" onClick={() => void sendNow()}>
            {t('outbox.sendNow')}
          </button>
          <OutboxExport />
        </div>
        {items.length === 0 ? (
          <p className="placeholder">{t('outbox.empty')}</p>
        ) : (
          // The list is where work starts on this screen (Alt+4): focusable, and ↑/↓ move through its rows.
          <table
            className="outbox-table"
            tabIndex={0}
            aria-label={t('outbox.title')}
            data-work-start
            onKeyDown={moveThroughRows}
          >
            <thead>
              <tr>
                <th>{t('outbox.column.state')}</th>
                <th>{t('outbox.column.request')}</th>
                <th>{t('outbox.column.customer')}</th>
                <th>{t('outbox.column.number')}</th>
                <th>{t('outbox.column.attempts')}</th>
                <th>{t('outbox.column.lastError')}</th>
                <th>{t('outbox.column.nextAttempt')}</th>
                <th>{t('outbox.column.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <OutboxRow
                  key={item.id}
                  item={item}
                  link={linkOf.get(item.requestId)}
                  now={now}
                  paused={Boolean(status?.paused)}
                  offline={status?.connection === 'offline'}
                  throttledUntil={throttledUntil}
                  reprint={slipReprint?.(item)}
                  onRetry={() => act(retryOutboxItem(item.id))}
                  onDiscard={() => act(discardOutboxItem(item.id))}
                  onCorrect={async () => {
                    const detail = await outboxItem(item.id);
                    if (detail.ok) setCorrecting(detail.value);
                    else setMessage(bridgeProblem(t, detail.error));
                  }}
                />
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}

/** ↑ and ↓ move the cursor from row to row of the list (and into it from the list itself). */
function moveThroughRows(event: KeyboardEvent<HTMLTableElement>): void {
  if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
  const rows = [...event.currentTarget.querySelectorAll<HTMLTableRowElement>('tbody > tr[tabindex]')];
  const current = rows.findIndex((row) => row === document.activeElement);
  const next = event.key === 'ArrowDown' ? Math.min(current + 1, rows.length - 1) : Math.max(current - 1, 0);
  const row = rows[next];
  if (!row) return;
  event.preventDefault();
  row.focus();
}

/**
 * The reason of a host message without what differs per call (its correlation id, any other GUID), so
 * that one cause refused on several requests reads as one reason.
 */
function reasonOf(message: string): string {
  return message
    .replace(/\s*correlation\s*id\s*[:=]?\s*[0-9a-f-]{8,}\.?/gi, '')
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '…')
    .trim();
}

/**
 * Why the host refused a request: its own words, marked as the ERP's; the core's account (with the HTTP
 * status when it was not 400) stays for the details.
 */
function refusalWords(t: Translate, item: OutboxItemView): string {
  if (item.unreadable) return t('outbox.lastError.unreadable');
  return item.hostWords ? erpWords(t, item.hostWords).text : t('outbox.lastError.refusedWithoutWords');
}

/**
 * Why an item is not (yet) delivered, by its state: a refused request shows the ERP's own words; a
 * request still being retried says so; the core's English account stays behind the details toggle.
 */
function LastError({ item, paused }: { item: OutboxItemView; paused: boolean }) {
  const t = useT();
  if (!item.lastError) return null;
  const text = item.heldFor
    ? t('outbox.lastError.held')
    : item.state === 'needsAttention'
      ? refusalWords(t, item)
      : item.state === 'delivered'
        ? t('outbox.lastError.deliveredNote')
        : item.state === 'discarded'
          ? [t('outbox.lastError.discarded'), item.hostWords && erpWords(t, item.hostWords).text]
              .filter(Boolean)
              .join(' ')
          : t(paused ? 'outbox.lastError.paused' : 'outbox.lastError.retrying');
  return (
    <>
      {text} <MessageDetails details={item.lastError} />
    </>
  );
}

function countFor(name: FilterName, counts: Record<string, number>): number {
  return (OUTBOX_FILTERS[name] as OutboxItemView['state'][]).reduce(
    (sum, state) => sum + (counts[state] ?? 0),
    0,
  );
}

/** Re-renders every second while something waits, so "next attempt in 12 s" counts down. */
function useNow(ticking: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!ticking) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [ticking]);
  return now;
}

/** The later of two moments (ISO), either possibly absent. */
function later(one: string | null, other: string | null): string | null {
  if (!one || !other) return one ?? other;
  return Date.parse(one) >= Date.parse(other) ? one : other;
}

function relative(t: Translate, at: string | null, now: number): string {
  if (!at) return '';
  const seconds = Math.round((Date.parse(at) - now) / 1000);
  if (seconds <= 0) return t('outbox.now');
  return seconds < 120
    ? t('outbox.inSeconds', { count: seconds })
    : t('outbox.inMinutes', { count: Math.round(seconds / 60) });
}

const BADGES: Record<OutboxItemView['state'], string> = {
  queued: 'badge--muted',
  sending: 'badge--warn',
  delivered: 'badge--ok',
  needsAttention: 'badge--bad',
  discarded: 'badge--muted',
};

function OutboxRow({
  item,
  link,
  now,
  paused,
  offline,
  throttledUntil,
  reprint,
  onRetry,
  onDiscard,
  onCorrect,
}: {
  item: OutboxItemView;
  link: RequestLinkView | undefined;
  now: number;
  /** The queue is paused: a waiting request's next attempt is the person's retry, not a time. */
  paused: boolean;
  /**
   * No answer from the ERP: nothing goes before one request, probing, gets an answer, so a waiting request's
   * next attempt is the ERP's return, not a time (its own due time may well have passed).
   */
  offline: boolean;
  /** The host asked the queue to wait until then: no request is tried before it. */
  throttledUntil: string | null;
  reprint: ReactNode;
  onRetry(): void;
  onDiscard(): void;
  onCorrect(): void;
}) {
  const t = useT();
  const language = useAppStore((state) => state.language);
  const [confirming, setConfirming] = useState(false);
  const keep = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (confirming) keep.current?.focus();
  }, [confirming]);
  const open = item.state === 'queued' || item.state === 'needsAttention';
  // A held request goes nowhere on a retry: the banner's confirmation is what sends it.
  const retryable = open && !item.heldFor;
  const who =
    [item.summary.companyName, item.summary.contactName].filter(Boolean).join(' · ') || item.summary.email;
  return (
    <tr tabIndex={-1} data-request-id={item.requestId} data-state={item.heldFor ? 'held' : item.state}>
      <td>
        {item.heldFor ? (
          <span className="badge badge--warn" title={t('outbox.heldFor', { baseUrl: item.heldFor })}>
            {t('outbox.state.held')}
          </span>
        ) : (
          <span className={`badge ${BADGES[item.state]}`}>{t(`outbox.state.${item.state}`)}</span>
        )}
      </td>
      <td>
        <div>{t(`outbox.kind.${item.kind}`)}</div>
        <div className="mono">{item.requestId}</div>
        <div className="field__hint">
          {formatDateTime(item.createdAt, language)}
          {item.summary.source ? ` · ${item.summary.source}` : ''}
        </div>
      </td>
      <td>
        <div>{who || '–'}</div>
        {link ? <LinkOutcome link={link} /> : null}
        {item.kind === 'quote' ? <RequestLines item={item} /> : null}
      </td>
      <td className="mono">
        {item.number ?? (item.state === 'delivered' ? t('requestForm.noNumber') : '–')}
      </td>
      <td>{item.attempts}</td>
      <td className="error-text">
        <LastError item={item} paused={paused} />
      </td>
      <td>
        {item.heldFor
          ? t('outbox.heldFor', { baseUrl: item.heldFor })
          : item.state !== 'queued'
            ? ''
            : paused
              ? t('outbox.next.paused')
              : offline
                ? t('outbox.next.offline')
                : relative(t, later(item.nextAttemptAt, throttledUntil), now)}
      </td>
      <td>
        {confirming ? (
          <div className="confirm-inline" role="alertdialog" aria-label={t('outbox.discard')}>
            <span>{t('outbox.discard.confirm', { requestId: item.requestId })}</span>
            <span className="outbox-actions">
              <button type="button" className="button button--danger" onClick={onDiscard}>
                {t('outbox.discard.yes')}
              </button>
              <button ref={keep} type="button" className="button" onClick={() => setConfirming(false)}>
                {t('outbox.discard.no')}
              </button>
            </span>
          </div>
        ) : (
          <span className="outbox-actions">
            {retryable && !item.unreadable ? (
              <button type="button" className="button" onClick={onRetry}>
                {t('outbox.retry')}
              </button>
            ) : null}
            {item.state === 'needsAttention' && !item.unreadable ? (
              <button type="button" className="button" onClick={onCorrect}>
                {t('outbox.correct')}
              </button>
            ) : null}
            {open ? (
              <button type="button" className="button button--quiet" onClick={() => setConfirming(true)}>
                {t('outbox.discard')}
              </button>
            ) : null}
            {reprint}
          </span>
        )}
      </td>
    </tr>
  );
}

/**
 * Whether a fair request sent for a signed-in Buyer was linked to that customer, and why not. "Link to
 * customer" is offered only while that same customer is signed in as a Buyer; it is one LinkRequest, by hand.
 */
function LinkOutcome({ link }: { link: RequestLinkView }) {
  const t = useT();
  const signedIn = useAppStore((state) => state.portal.customer);
  const linkNow = useAppStore((state) => state.portalLink);
  const [busy, setBusy] = useState(false);
  const canLink =
    link.state === 'notLinked' && signedIn?.role === ROLE_BUYER && signedIn.customerNo === link.customerNo;
  const text = t(`outbox.link.${link.state}`, {
    customerNo: link.customerNo,
    reason: link.reason ? t(`customer.linkReason.${link.reason}`) : '',
  });
  return (
    <div className={`link-outcome link-outcome--${link.state}`} data-link-state={link.state}>
      <span>{text}</span>
      {canLink ? (
        <button
          type="button"
          className="button button--small"
          disabled={busy}
          onClick={async () => {
            setBusy(true);
            await linkNow(link.requestId);
            setBusy(false);
          }}
        >
          {t('customer.linkNow')}
        </button>
      ) : null}
    </div>
  );
}

/** A quote's line count, opening to its lines with quantity and unit ("3 stuks") and any cut. */
function RequestLines({ item }: { item: OutboxItemView }) {
  const t = useT();
  const language = useAppStore((state) => state.language);
  const units = useAppStore((state) => state.settingsView?.settings.units) ?? DEFAULT_UNIT_CODES;
  const outboxItem = useAppStore((state) => state.outboxItem);
  const [lines, setLines] = useState<QuoteLinePayload[] | undefined>();
  const count =
    item.summary.lineCount === 1
      ? t('outbox.linesOne')
      : t('outbox.lines', { count: item.summary.lineCount });
  if (item.summary.lineCount === 0) return <div className="field__hint">{count}</div>;
  return (
    <details
      className="request-lines"
      onToggle={async (event) => {
        if (!event.currentTarget.open || lines) return;
        const detail = await outboxItem(item.id);
        if (detail.ok && 'quoteRequestLines' in detail.value.payload)
          setLines((detail.value.payload.quoteRequestLines ?? []) as QuoteLinePayload[]);
      }}
    >
      <summary className="field__hint">{count}</summary>
      {lines ? (
        <ol className="request-lines__list">
          {lines.map((line, index) => (
            <li key={index}>
              {[
                quantityWithUnit(t, line.quantity, line.unitOfMeasureCode, units, language),
                line.itemNo,
                line.variantCode,
                line.description,
                lineMeasuresText(t, line, language),
                line.lineRemarks,
              ]
                .filter(Boolean)
                .join(' · ')}
            </li>
          ))}
        </ol>
      ) : null}
    </details>
  );
}

/** A needs-attention request in its form, corrected and queued again under the same requestId. */
function CorrectPanel({ item, onDone }: { item: OutboxItemDetail; onDone(error?: ShownProblem): void }) {
  const t = useT();
  const resendOutboxItem = useAppStore((state) => state.resendOutboxItem);
  const language = useAppStore((state) => state.language);
  const original = item.payload as Record<string, unknown>;
  const [quote, setQuote] = useState<QuoteDraft | undefined>(() =>
    item.kind === 'quote'
      ? quoteDraftFromPayload(item.payload as QuoteRequestInput, newLineKey(), () => newLineKey(), language)
      : undefined,
  );
  const [account, setAccount] = useState<AccountDraft | undefined>(() =>
    item.kind === 'account' ? accountDraftFromPayload(item.payload as AccountRequestInput) : undefined,
  );
  const [bridgeErrors, setBridgeErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  // What the form does not show travels unchanged: source, employee, consent version, anything imported.
  const context = {
    source: String(original.source ?? ''),
    privacyConsentVersion: String(original.privacyConsentVersion ?? ''),
    assistedBy: typeof original.assistedBy === 'string' ? original.assistedBy : undefined,
  };
  const units = useAppStore((state) => state.settingsView?.settings.units) ?? DEFAULT_UNIT_CODES;
  const request:
    { kind: 'quote'; payload: QuoteRequestInput } | { kind: 'account'; payload: AccountRequestInput } = quote
    ? {
        kind: 'quote',
        payload: quotePayloadFromDraft(draftWithEntry(quote), { ...context, units, language }),
      }
    : { kind: 'account', payload: accountPayloadFromDraft(account as AccountDraft, context) };
  const payload = request.payload;
  const verdict = check(quote ? quoteRequestSchema : accountRequestSchema, payload);
  const errors = { ...verdict.errors, ...bridgeErrors };

  const resend = async () => {
    if (!verdict.value || busy) return;
    setBusy(true);
    const result = await resendOutboxItem({ id: item.id, ...request });
    setBusy(false);
    if (!result.ok) {
      setBridgeErrors(formPaths(result.error.fields));
      onDone(bridgeProblem(t, result.error));
      return;
    }
    onDone();
  };

  return (
    <section className="panel correct-panel" aria-labelledby="correct-title">
      <h2 id="correct-title">{t('outbox.correct.title', { requestId: item.requestId })}</h2>
      <p className="screen__intro">{t('outbox.correct.intro')}</p>
      {item.lastError ? (
        <p className="banner banner--error">
          {refusalWords(t, item)} <MessageDetails details={item.lastError} />
        </p>
      ) : null}
      {quote ? (
        <QuoteForm
          idPrefix="correct"
          draft={quote}
          errors={errors}
          privacyConsentVersion={context.privacyConsentVersion}
          onChange={(change) => setQuote((current) => change(current as QuoteDraft))}
        />
      ) : (
        <AccountForm
          idPrefix="correct"
          draft={account as AccountDraft}
          errors={errors}
          privacyConsentVersion={context.privacyConsentVersion}
          onChange={(change) => setAccount((current) => change(current as AccountDraft))}
        />
      )}
      <ErrorSummary errors={errors} kind={item.kind} />
      <div className="form-actions">
        <button
          type="button"
          className="button button--primary"
          disabled={!verdict.value || busy}
          onClick={() => void resend()}
        >
          {t('outbox.correct.send')}
        </button>
        <button type="button" className="button" onClick={() => onDone()}>
          {t('outbox.correct.cancel')}
        </button>
      </div>
    </section>
  );
}
