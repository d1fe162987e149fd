// The two voaRequests actions, called as the service reference says, and every answer classified.
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
import { HostNetworkError, type HostResponse } from './host-http-client.ts';
import { HostNotConfiguredError, TokenRefusedError } from './token-provider.ts';
import { hostErrorMessage, type VoaHost } from './voa-host.ts';

export type DeliveryOutcome =
  /** Stored by the host. `duplicate`: stored earlier under this requestId ([VOA-DUBBEL]). */
  | { kind: 'delivered'; number: string | null; duplicate: boolean }
  /** HTTP 400: the host refused this request and stored nothing; a person must look at it. */
  | { kind: 'refused'; message: string }
  /** Nothing can be sent until a person acts (credentials, permissions, company, settings). */
  | { kind: 'blocked'; message: string }
  /** HTTP 429: nothing was processed; wait this long. */
  | { kind: 'throttled'; retryAfterMs: number; message: string }
  /** No answer, a time-out or a 5xx: the host may or may not have stored it. Resend the same requestId. */
  | { kind: 'unknown'; message: string; reachedHost: boolean };

/** Used when a 429 carries no usable Retry-After. */
export const DEFAULT_RETRY_AFTER_MS = 5_000;
/** A Retry-After longer than this is read as this: the queue must not sleep for days on one header. */
export const MAX_RETRY_AFTER_MS = 60 * 60_000;

export class VoaRequestsClient {
  readonly #host: VoaHost;
  readonly #settings: () => Settings;

  constructor(options: { host: VoaHost; settings: () => Settings }) {
    this.#host = options.host;
    this.#settings = options.settings;
  }

  async deliver(
    kind: RequestKind,
    payload: RequestPayload,
    options: { timeoutMs?: number; now?: () => number } = {},
  ): Promise<DeliveryOutcome> {
    const companyId = this.#settings().host.companyId;
    const url = `${REQUEST_ACTIONS[kind]}?${ACTION_COMPANY_PARAMETER}=${encodeURIComponent(companyId)}`;
    const send = () =>
      this.#host.send('website', {
        method: 'POST',
        url,
        json: { [REQUEST_PAYLOAD_PARAMETER]: JSON.stringify(payload) },
        ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
      });
    let response: HostResponse;
    try {
      response = await send();
      // A cached token the host no longer accepts (rotated keys, revoked early): nothing ran, and VoaHost
      // has dropped the token, so one more call with a fresh one tells whether the credentials are wrong.
      if (response.status === 401) response = await send();
    } catch (error) {
      return classifyFailure(error);
    }
    return classifyAnswer(response, String(payload.requestId ?? ''), (options.now ?? Date.now)());
  }
}

/** A call that got no HTTP answer from the host. */
export function classifyFailure(error: unknown): DeliveryOutcome {
  if (error instanceof HostNetworkError) {
    return { kind: 'unknown', message: error.message, reachedHost: false };
  }
  if (error instanceof TokenRefusedError || error instanceof HostNotConfiguredError) {
    return { kind: 'blocked', message: error.message };
  }
  throw error;
}

/** Every HTTP answer of a voaRequests action, classified by the service reference's rules. */
export function classifyAnswer(response: HostResponse, requestId: string, now: number): DeliveryOutcome {
  const { status } = response;
  if (status === 200) {
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
  if (status === 400) {
    // The marker, never the translated sentence, says this requestId was stored before: that is success.
    if (message.includes(DUPLICATE_REQUEST_MARKER)) {
      return { kind: 'delivered', number: numberFromDuplicateMessage(message, requestId), duplicate: true };
    }
    return { kind: 'refused', message };
  }
  if (status === 401) {
    return {
      kind: 'blocked',
      message: `The host refused the website application's token (HTTP 401): ${message}. Check the website client id and secret in Settings, and that the app is registered in the ERP (Repair Permissions).`,
    };
  }
  if (status === 403) {
    return {
      kind: 'blocked',
      message: `The website application lacks a permission in the ERP (HTTP 403): ${message}. Ask the ERP administrator to run Repair Permissions in the VOA setup.`,
    };
  }
  if (status === 404) {
    return {
      kind: 'blocked',
      message: `The host does not know voaRequests or the company (HTTP 404): ${message}. Check the base URL and the company id in Settings.`,
    };
  }
  if (status === 429) {
    return {
      kind: 'throttled',
      retryAfterMs: retryAfterMs(response.headers['retry-after'], now),
      message: `The host is busy (HTTP 429): ${message}`,
    };
  }
  if (status >= 500 || status === 408) {
    return { kind: 'unknown', message: `The host failed (HTTP ${status}): ${message}`, reachedHost: true };
  }
  // Any other answer (405, 415, …): the call was not accepted, and sending it again will not change that.
  return { kind: 'refused', message: `HTTP ${status}: ${message}` };
}

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

/** Retry-After as seconds or as an HTTP date; missing or unreadable gives the default. */
export function retryAfterMs(header: string | undefined, now: number): number {
  if (!header) return DEFAULT_RETRY_AFTER_MS;
  const trimmed = header.trim();
  let ms: number;
  if (/^\d+$/.test(trimmed)) ms = Number(trimmed) * 1000;
  else {
    const at = Date.parse(trimmed);
    if (Number.isNaN(at)) return DEFAULT_RETRY_AFTER_MS;
    ms = at - now;
  }
  return Math.min(MAX_RETRY_AFTER_MS, Math.max(0, ms));
}
