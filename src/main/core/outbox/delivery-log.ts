// Every delivery attempt and its outcome, in the log: the requestId, the kind and what happened, never the
// payload (the logger's redaction still runs over the host's words).
import type { DeliveryOutcome } from '../host/voa-requests-client.ts';
import { appLog } from '../log/app-log.ts';
import type { ItemOutcome, OutboxItem } from './outbox-store.ts';

export function logDeliveryAttempt(item: OutboxItem, outcome: DeliveryOutcome, recorded: ItemOutcome): void {
  const details: Record<string, unknown> = {
    requestId: item.requestId,
    kind: item.kind,
    attempt: item.attempts + 1,
    outcome: outcome.kind,
    state: recorded.state,
  };
  if (outcome.kind === 'delivered') {
    appLog.info('delivered', { ...details, number: outcome.number, duplicate: outcome.duplicate });
    return;
  }
  details.reason = outcome.message;
  if (outcome.kind === 'throttled') details.retryAfterMs = outcome.retryAfterMs;
  if (outcome.kind === 'unknown') details.reachedHost = outcome.reachedHost;
  // A refusal or a block waits for a person: an error. A throttle or a network failure is retried.
  if (outcome.kind === 'refused' || outcome.kind === 'blocked')
    appLog.error('delivery refused', undefined, details);
  else appLog.warn('delivery not completed; it will be retried', details);
}
