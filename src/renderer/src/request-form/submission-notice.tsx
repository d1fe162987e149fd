import type { OutboxItemView } from '../../../shared/bridge/outbox-calls.ts';
import type { AccountRequestInput, QuoteRequestInput } from '../../../shared/contract/request-schemas.ts';
import { QUOTE_LINES_KEY } from '../../../shared/contract/request-fields.ts';
import { DEFAULT_UNIT_CODES } from '../../../shared/contract/request-lines.ts';
import { useAppStore } from '../store/use-app-store.ts';
import { useT } from '../i18n/i18n.ts';
import { linesSummary } from './line-format.ts';

interface SubmissionNoticeProps {
  item: OutboxItemView;
  /** What was sent: a quote's lines are repeated with their units ("3 stuks HEA200"). */
  payload?: QuoteRequestInput | AccountRequestInput | undefined;
  texts: { queued: string; delivered: string; attention: string };
  action?: { label: string; hint?: string; run(): void } | undefined;
}

/** The confirmation after a submit: queued at once, then the request number as soon as it is delivered. */
export function SubmissionNotice({ item, payload, texts, action }: SubmissionNoticeProps) {
  const t = useT();
  const language = useAppStore((state) => state.language);
  const units = useAppStore((state) => state.settingsView?.settings.units) ?? DEFAULT_UNIT_CODES;
  const lines = payload && QUOTE_LINES_KEY in payload ? (payload[QUOTE_LINES_KEY] ?? []) : [];
  const tone = item.state === 'delivered' ? 'ok' : item.state === 'needsAttention' ? 'error' : 'info';
  const text =
    item.state === 'delivered'
      ? texts.delivered
      : item.state === 'needsAttention'
        ? texts.attention
        : texts.queued;
  return (
    <div
      className={`banner banner--${tone} submission-notice`}
      role="status"
      aria-live="polite"
      data-state={item.state}
    >
      <span>
        {text}
        {lines.length ? (
          <span className="submission-notice__lines">
            {t('counter.confirm.lines', { lines: linesSummary(t, lines, units, language) })}
          </span>
        ) : null}
      </span>
      {action ? (
        <button type="button" className="button" onClick={action.run}>
          {action.label}
          {action.hint ? <kbd>{action.hint}</kbd> : null}
        </button>
      ) : null}
    </div>
  );
}
