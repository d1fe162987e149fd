// The two voaRequests actions, called as the contract says (docs/contract.md), and every answer classified.
// POST {baseUrl}/ODataV4/voaRequests_Create…Request?company=<GUID> with { "payload": "<JSON string>" }; the
// answer's value is a JSON string holding { "number": … } (parsed twice).
import { DUPLICATE_REQUEST_MARKER } from '../../../shared/contract/fixed-values.ts';
import {
  ACTION_COMPANY_PARAMETER,
  REQUEST_ACTIONS,
  REQUEST_NUMBER_KEY,
  REQUEST_PAYLOAD_PARAMETER,
  type RequestKind,
} from '../../../shared/contract/request-fields.ts';
import type { RequestPayload } from '../../../shared/contract/request-schemas.ts';
import type { Settings } from '../../../shared/settings.ts';
import type { AnswerClass } from './answer-classes.ts';
import { ONE_ATTEMPT, systemClock, type CallResult, type HostClock } from './host-policy.ts';
import { hostErrorMessage, hostWordsOf, type VoaHost } from './voa-host.ts';

export type DeliveryOutcome =
  /** Stored by the host. `duplicate`: stored earlier under this requestId ([VOA-DUBBEL]). */
  | { kind: 'delivered'; number: string | null; duplicate: boolean }
  /**
   * HTTP 400 (or another status a resend will not change): the host refused this request and stored
   * nothing; a person must look at it. `message` is the whole account (with the status when it was not
   * 400), `hostWords` the host's own words alone, when it sent any.
   */
  | { kind: 'refused'; message: string; hostWords: string | undefined }
  /** Nothing can be sent until a person acts (credentials, permissions, company, settings). */
  | { kind: 'blocked'; message: string }
  /** HTTP 429: nothing was processed; wait this long. */
  | { kind: 'throttled'; retryAfterMs: number; message: string }
  /** No answer, a time-out or a 5xx: the host may or may not have stored it. Resend the same requestId. */
  | { kind: 'unknown'; message: string; reachedHost: boolean };

export class VoaRequestsClient {
  readonly #host: VoaHost;
  readonly #settings: () => Settings;
  readonly #clock: HostClock;

  constructor(options: { host: VoaHost; settings: () => Settings; clock?: HostClock }) {
    this.#host = options.host;
    this.#settings = options.settings;
    this.#clock = options.clock ?? systemClock;
  }

  async deliver(
    kind: RequestKind,
    payload: RequestPayload,
    options: { timeoutMs?: number } = {},
  ): Promise<DeliveryOutcome> {
    const companyId = this.#settings().host.companyId;
    const url = `${REQUEST_ACTIONS[kind]}?${ACTION_COMPANY_PARAMETER}=${encodeURIComponent(companyId)}`;
    const result = await this.#host.call(
      'website',
      'requestCreate',
      {
        method: 'POST',
        url,
        json: { [REQUEST_PAYLOAD_PARAMETER]: JSON.stringify(payload) },
        ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
      },
      // One attempt per delivery: the outbox is the durable queue that schedules the next one (with the
      // host policy's backoff, from the item's own count of attempts), so the call itself never waits.
      { limits: ONE_ATTEMPT, maxThrottledWaits: 0, clock: this.#clock },
    );
    return deliveryOutcome(result, String(payload.requestId ?? ''));
  }
}

/** What one voaRequests call means for the queued request: the policy's verdict, in the outbox's terms. */
export function deliveryOutcome(result: CallResult, requestId: string): DeliveryOutcome {
  if ('error' in result) {
    return result.answer === 'noAnswer'
      ? { kind: 'unknown', message: result.error.message, reachedHost: false }
      : { kind: 'blocked', message: result.error.message };
  }
  const { response, answer, verdict } = result;
  if (answer === 'ok') {
    const number = numberFromEnvelope(response.body);
    if (number) return { kind: 'delivered', number, duplicate: false };
    // 200 means the procedure ran, but an answer without a number is not one we can trust (a proxy's
    // page, a cut body): resend; a stored request answers [VOA-DUBBEL] with its number.
    return {
      kind: 'unknown',
      message: `The host answered HTTP 200 without a request number: ${response.body.slice(0, 200)}`,
      reachedHost: true,
    };
  }
  const message = hostErrorMessage(response);
  const { status } = response;
  if (answer === 'hostError') {
    // The marker, never the translated sentence, says this requestId was stored before: that is success.
    if (message.includes(DUPLICATE_REQUEST_MARKER)) {
      return { kind: 'delivered', number: numberFromDuplicateMessage(message, requestId), duplicate: true };
    }
    return { kind: 'refused', message, hostWords: hostWordsOf(response) };
  }
  if (verdict.do === 'wait') {
    return {
      kind: 'throttled',
      retryAfterMs: verdict.ms,
      message: `The host is busy (HTTP 429): ${message}`,
    };
  }
  if (verdict.do === 'pause')
    return { kind: 'blocked', message: BLOCKED_MESSAGES[answer]?.(message) ?? message };
  if (verdict.do === 'retry') {
    return { kind: 'unknown', message: `The host failed (HTTP ${status}): ${message}`, reachedHost: true };
  }
  // Any other answer (405, 409, 415, …): the call was not accepted, and sending it again will not change that.
  return { kind: 'refused', message: `HTTP ${status}: ${message}`, hostWords: hostWordsOf(response) };
}

/** What the website application's owner can do about an answer that pauses the outbox. */
const BLOCKED_MESSAGES: Partial<Record<AnswerClass, (message: string) => string>> = {
  tokenRefused: (message) =>
    `The host refused the website application's token (HTTP 401): ${message}. Check the website client id and secret in Settings, and that the app is registered in the ERP (Repair Permissions).`,
  forbidden: (message) =>
    `The website application lacks a permission in the ERP (HTTP 403): ${message}. Ask the ERP administrator to run Repair Permissions in the VOA setup.`,
  notFound: (message) =>
    `The host does not know voaRequests or the company (HTTP 404): ${message}. Check the base URL and the company id in Settings.`,
};

/** The value of the OData envelope is itself a JSON string: { "value": "{\"number\":\"WEB000123\"}" }. */
export function numberFromEnvelope(body: string): string | null {
  try {
    const envelope = JSON.parse(body) as { value?: unknown };
    if (typeof envelope.value !== 'string') return null;
    const result = JSON.parse(envelope.value) as Record<string, unknown>;
    const number = result[REQUEST_NUMBER_KEY];
    return typeof number === 'string' && number.trim() !== '' ? number.trim() : null;
  } catch {
    return null;
  }
}

/**
 * The stored request's number from a [VOA-DUBBEL] message. The sentence is translated and number series
 * are set per company, so no pattern is assumed: the number is the word nearest before the marker (or,
 * failing that, after it) that holds a digit and is not our own requestId or the host's correlation id.
 */
export function numberFromDuplicateMessage(message: string, requestId: string): string | null {
  const withoutCorrelation = message.replace(/\s*CorrelationId:.*$/is, '');
  const markerAt = withoutCorrelation.indexOf(DUPLICATE_REQUEST_MARKER);
  const before = withoutCorrelation.slice(0, Math.max(0, markerAt));
  const after = withoutCorrelation.slice(markerAt + DUPLICATE_REQUEST_MARKER.length);
  const candidates = (text: string) =>
    text
      .split(/\s+/)
      .map((word) => word.replace(/^["'«“‘([]+|["'»”’)\]:;,.!?]+$/g, ''))
      .filter((word) => /\d/.test(word) && word.length <= 20)
      .filter((word) => word.toUpperCase() !== requestId.toUpperCase())
      .filter((word) => !/^[0-9a-f]{8}-[0-9a-f]{4}-/i.test(word));
  return candidates(before).at(-1) ?? candidates(after).at(0) ?? null;
}
