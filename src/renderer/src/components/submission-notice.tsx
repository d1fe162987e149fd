import type { OutboxItemView } from '../../../shared/bridge/outbox-calls.ts';

interface SubmissionNoticeProps {
  item: OutboxItemView;
  texts: { queued: string; delivered: string; attention: string };
  action?: { label: string; hint?: string; run(): void } | undefined;
}

/** The confirmation after a submit: queued at once, then the request number as soon as it is delivered. */
export function SubmissionNotice({ item, texts, action }: SubmissionNoticeProps) {
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
      <span>{text}</span>
      {action ? (
        <button type="button" className="button" onClick={action.run}>
          {action.label}
          {action.hint ? <kbd>{action.hint}</kbd> : null}
        </button>
      ) : null}
    </div>
  );
}
