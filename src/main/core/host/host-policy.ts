// The one policy for every call to the host: what an answer means, whether and when a call is tried
// again, and when only a person can help. The rules are the contract's (docs/contract.md, "HTTP status codes",
// "Retry rules", "Errors of voaRequests"), written once per kind of call; the catalog sync, the outbox and
// the portal ask this module instead of reading status codes themselves. Modelled on Signal Desktop's
// handleCommonJobRequestError and findRetryAfterTimeFromError. The clock and the random source are
// injected, so tests decide what time it is and never wait for the wall clock.
import { isReadingProcedure, type PortalProcedure } from '../../../shared/contract/portal-procedures.ts';
import { HostNetworkError, type HostResponse } from './host-http-client.ts';
import { HostNotConfiguredError, TokenRefusedError } from './token-provider.ts';
import { classifyStatus, type AnswerClass, type StatusClass } from './answer-classes.ts';

/**
 * The kinds of call, by what a repeat may do on the host:
 * - `catalogRead`: GET of a catalog page; reading only, so every failure without an answer is retried.
 * - `requestCreate`: CreateQuoteRequest and CreateAccountRequest; retried only with the same requestId
 *   (the host answers a repeat with [VOA-DUBBEL] and the stored number).
 * - `portalRead`: the voaPortal reading procedures; network error, time-out and 5xx retried, 409 once.
 * - `portalAction`: RequestCode, SignIn, SignOut, LinkRequest and AcceptQuote; never retried automatically.
 * A 429 is retried for every kind: the host processed nothing.
 */
export type CallKind = 'catalogRead' | 'requestCreate' | 'portalRead' | 'portalAction';

export interface CallRules {
  /** After a network error, a time-out or a 5xx (the call may have run): try again or not. */
  retryWithoutAnswer: boolean;
  /** The call must carry the same idempotency key when it is tried again. */
  sameRequestId: boolean;
  /** HTTP 409 (two calls with one session token updated the same row): how many times to try again. */
  conflictRetries: number;
}

export const CALL_RULES: Readonly<Record<CallKind, Readonly<CallRules>>> = {
  catalogRead: { retryWithoutAnswer: true, sameRequestId: false, conflictRetries: 0 },
  requestCreate: { retryWithoutAnswer: true, sameRequestId: true, conflictRetries: 0 },
  portalRead: { retryWithoutAnswer: true, sameRequestId: false, conflictRetries: 1 },
  portalAction: { retryWithoutAnswer: false, sameRequestId: false, conflictRetries: 0 },
};

/** A failure thrown instead of an answer, classified; anything else is a fault of VOA Desk and rethrown. */
export function classifyThrown(error: unknown): 'noAnswer' | 'noToken' {
  if (error instanceof HostNetworkError) return 'noAnswer';
  if (error instanceof TokenRefusedError || error instanceof HostNotConfiguredError) return 'noToken';
  throw error;
}

/** Used when a 429 carries no usable Retry-After. */
export const DEFAULT_RETRY_AFTER_MS = 5_000;
/** The one cap on a Retry-After: no caller sleeps longer on one header. */
export const MAX_RETRY_AFTER_MS = 10 * 60_000;

/** Retry-After as delay-seconds or as an HTTP date, capped; missing or unreadable gives the default. */
export function retryAfterMs(header: string | undefined, now: number): number {
  const trimmed = header?.trim();
  if (!trimmed) return DEFAULT_RETRY_AFTER_MS;
  let ms: number;
  if (/^\d+(\.\d+)?$/.test(trimmed)) ms = Math.round(Number(trimmed) * 1000);
  else {
    const at = Date.parse(trimmed);
    if (Number.isNaN(at)) return DEFAULT_RETRY_AFTER_MS;
    ms = at - now;
  }
  return Math.min(MAX_RETRY_AFTER_MS, Math.max(0, ms));
}

export interface Backoff {
  /** Delay before the second attempt; doubles per attempt up to maxMs. */
  baseMs: number;
  maxMs: number;
}

/**
 * Exponential backoff with equal jitter: half the delay fixed, half random, so clients that failed
 * together spread out but none retries at once. `attempt` is the number of attempts made so far (1+).
 */
export function backoffMs(attempt: number, backoff: Backoff, random: () => number): number {
  const exponent = Math.min(Math.max(attempt - 1, 0), 30);
  const delay = Math.min(backoff.maxMs, backoff.baseMs * 2 ** exponent);
  return Math.round(delay / 2 + (delay / 2) * random());
}

/** Where a call stands after one answer: the policy's verdict. */
export type Verdict =
  /** A final answer the caller reads (2xx, 400, or a status that will not change). */
  | { do: 'accept' }
  /** 401 for the first time: the token is dropped and the call sent once more, now. */
  | { do: 'refreshToken' }
  /** 429: wait this long, then send again; it costs no attempt. */
  | { do: 'wait'; ms: number }
  /** Failed without a trustworthy answer; the kind allows a retry after this backoff (if attempts remain). */
  | { do: 'retry'; ms: number }
  /** Failed, and the kind forbids an automatic retry: for a call that changes data, the outcome is unknown. */
  | { do: 'giveUp' }
  /** Only a person can fix this (credentials, permissions, published services, company): stop the queue. */
  | { do: 'pause' };

/** What has happened so far in one call, for the verdict on the next answer. */
export interface CallHistory {
  /** Attempts made, this one included (429s not counted). */
  attempts: number;
  /** A 401 already led to a fresh token. */
  tokenRefreshed: boolean;
  /** 409 answers so far, this one included. */
  conflicts: number;
}

export interface PolicyLimits {
  backoff: Backoff;
  /** Attempts one call may make on failures without an answer; 1 leaves the next try to the caller. */
  maxAttempts: number;
}

/** One attempt and no backoff: the caller decides whether and when to try again. */
export const ONE_ATTEMPT: PolicyLimits = { maxAttempts: 1, backoff: { baseMs: 0, maxMs: 0 } };

export function verdict(
  kind: CallKind,
  answer: AnswerClass,
  history: CallHistory,
  limits: Pick<PolicyLimits, 'backoff'>,
  context: { retryAfterHeader?: string | undefined; now: number; random: () => number },
): Verdict {
  const rules = CALL_RULES[kind];
  const retryLater = (): Verdict => ({
    do: 'retry',
    ms: backoffMs(history.attempts, limits.backoff, context.random),
  });
  switch (answer) {
    case 'ok':
    case 'hostError':
    case 'unexpected':
      return { do: 'accept' };
    case 'throttled':
      return { do: 'wait', ms: retryAfterMs(context.retryAfterHeader, context.now) };
    case 'tokenRefused':
      // A cached token the host no longer accepts (keys rotated, revoked early): nothing ran, so one call
      // with a fresh token is safe for every kind, and tells whether the credentials themselves are wrong.
      return history.tokenRefreshed ? { do: 'pause' } : { do: 'refreshToken' };
    case 'forbidden':
    case 'notFound':
    case 'noToken':
      return { do: 'pause' };
    case 'conflict':
      return history.conflicts <= rules.conflictRetries ? retryLater() : { do: 'giveUp' };
    case 'serverError':
    case 'noAnswer':
      return rules.retryWithoutAnswer ? retryLater() : { do: 'giveUp' };
  }
}

/** Time as the policy sees it; tests pass their own. */
export interface HostClock {
  now(): number;
  /** Resolves after `ms`, or rejects with the signal's reason when it aborts first. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export const systemClock: HostClock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const onAbort = () => {
        clearTimeout(timer);
        reject(signal?.reason);
      };
      const timer = setTimeout(
        () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
        Math.min(ms, 2 ** 31 - 1),
      );
      signal?.addEventListener('abort', onAbort, { once: true });
    }),
};

/** The last answer of a call and the policy's verdict on it. */
export type CallResult =
  | { answer: StatusClass; response: HostResponse; verdict: Verdict }
  | { answer: 'noAnswer' | 'noToken'; error: Error; verdict: Verdict };

export interface CallOptions {
  kind: CallKind;
  /** One attempt; throws HostNetworkError without an answer, a token error without a token. */
  send(): Promise<HostResponse>;
  /** Drops the token a 401 refused, so the next send asks the identity provider again. */
  refreshToken(): void;
  limits: PolicyLimits;
  /** 429 waits inside this call before it returns the 429 to the caller; 0 returns at once. */
  maxThrottledWaits: number;
  clock?: HostClock;
  random?: () => number;
  signal?: AbortSignal;
  /** Told before every wait, so a person can see why nothing moves. */
  onWait?(wait: { reason: 'throttled' | 'retry'; ms: number; result: CallResult }): void;
}

/**
 * Sends one call under the policy: refreshes the token once on 401, waits out 429s and retries with
 * backoff as far as the kind and the limits allow, and returns the last answer with the verdict on it.
 * A verdict of `retry` or `wait` in the result means the limits were reached with a retry still allowed:
 * a durable queue schedules it.
 */
export async function callHost(options: CallOptions): Promise<CallResult> {
  const clock = options.clock ?? systemClock;
  const random = options.random ?? Math.random;
  const history: CallHistory = { attempts: 0, tokenRefreshed: false, conflicts: 0 };
  let throttledWaits = 0;
  for (;;) {
    if (options.signal?.aborted) throw options.signal.reason;
    history.attempts++;
    let result: CallResult;
    try {
      const response = await options.send();
      const answer = classifyStatus(response.status);
      if (answer === 'conflict') history.conflicts++;
      result = {
        answer,
        response,
        verdict: verdict(options.kind, answer, history, options.limits, {
          retryAfterHeader: response.headers['retry-after'],
          now: clock.now(),
          random,
        }),
      };
    } catch (error) {
      if (options.signal?.aborted) throw options.signal.reason ?? error;
      const answer = classifyThrown(error);
      result = {
        answer,
        error: error as Error,
        verdict: verdict(options.kind, answer, history, options.limits, { now: clock.now(), random }),
      };
    }
    const next = result.verdict;
    if (next.do === 'refreshToken') {
      history.tokenRefreshed = true;
      history.attempts--; // the refused call did not run
      options.refreshToken();
      continue;
    }
    if (next.do === 'wait' && throttledWaits < options.maxThrottledWaits) {
      throttledWaits++;
      history.attempts--; // a throttled call did not run
      options.onWait?.({ reason: 'throttled', ms: next.ms, result });
      await clock.sleep(next.ms, options.signal);
      continue;
    }
    if (next.do === 'retry' && history.attempts < options.limits.maxAttempts) {
      options.onWait?.({ reason: 'retry', ms: next.ms, result });
      await clock.sleep(next.ms, options.signal);
      continue;
    }
    return result;
  }
}

/** The kind of a voaPortal call, for the portal to pass to callHost. */
export function portalCallKind(procedure: PortalProcedure): CallKind {
  return isReadingProcedure(procedure) ? 'portalRead' : 'portalAction';
}
