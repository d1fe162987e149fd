// The one host policy: answers classified, Retry-After read, backoff bounded, and the retry rules of the
// service reference per kind of call. A ManualClock stands in for time: it jumps to the end of each sleep
// and lists it, so nothing here waits for the wall clock.
import { describe, expect, it } from 'vitest';
import { HostNetworkError, type HostResponse } from '../../src/main/core/host/host-http-client.ts';
import {
  backoffMs,
  callHost,
  DEFAULT_RETRY_AFTER_MS,
  MAX_RETRY_AFTER_MS,
  portalCallKind,
  retryAfterMs,
  verdict,
  type CallKind,
  type CallOptions,
} from '../../src/main/core/host/host-policy.ts';
import { classifyStatus, type AnswerClass } from '../../src/main/core/host/answer-classes.ts';
import { TokenRefusedError } from '../../src/main/core/host/token-provider.ts';
import { ManualClock } from '../support/manual-clock.ts';

const NOW = Date.parse('2026-03-01T10:00:00Z');
const BACKOFF = { baseMs: 1000, maxMs: 8000 };

const answer = (status: number, headers: Record<string, string> = {}): HostResponse => ({
  status,
  headers,
  body: status === 200 ? '{"value":"ok"}' : '{"error":{"message":"no"}}',
});
const offline = () => new HostNetworkError('https://host refused the connection');

/** A host that gives the listed answers in turn (an Error is thrown instead of answered). */
function scriptedCall(
  kind: CallKind,
  script: (HostResponse | Error)[],
  overrides: Partial<CallOptions> = {},
) {
  const clock = new ManualClock(NOW);
  let sends = 0;
  let refreshes = 0;
  const call = callHost({
    kind,
    send: async () => {
      const next = script[Math.min(sends++, script.length - 1)] as HostResponse | Error;
      if (next instanceof Error) throw next;
      return next;
    },
    refreshToken: () => refreshes++,
    limits: { backoff: BACKOFF, maxAttempts: 5 },
    maxThrottledWaits: 3,
    clock,
    random: () => 0.5,
    ...overrides,
  });
  return {
    clock,
    result: clock.run(call),
    get sends() {
      return sends;
    },
    get refreshes() {
      return refreshes;
    },
  };
}

describe('host policy: answers', () => {
  it('classifies every status the reference lists', () => {
    const classes = Object.fromEntries(
      [200, 204, 400, 401, 403, 404, 405, 408, 409, 415, 429, 500, 502, 503].map((status) => [
        status,
        classifyStatus(status),
      ]),
    );
    expect(classes).toEqual({
      200: 'ok',
      204: 'ok',
      400: 'hostError',
      401: 'tokenRefused',
      403: 'forbidden',
      404: 'notFound',
      405: 'unexpected',
      408: 'serverError',
      409: 'conflict',
      415: 'unexpected',
      429: 'throttled',
      500: 'serverError',
      502: 'serverError',
      503: 'serverError',
    });
  });

  it('reads Retry-After as seconds or an HTTP date, with one cap and one default', () => {
    expect(retryAfterMs('3', NOW)).toBe(3000);
    expect(retryAfterMs(' 1.5 ', NOW)).toBe(1500);
    expect(retryAfterMs(new Date(NOW + 10_000).toUTCString(), NOW)).toBe(10_000);
    expect(retryAfterMs(new Date(NOW - 10_000).toUTCString(), NOW)).toBe(0);
    expect(retryAfterMs('999999', NOW)).toBe(MAX_RETRY_AFTER_MS);
    expect(retryAfterMs(new Date(NOW + 86_400_000).toUTCString(), NOW)).toBe(MAX_RETRY_AFTER_MS);
    expect(retryAfterMs(undefined, NOW)).toBe(DEFAULT_RETRY_AFTER_MS);
    expect(retryAfterMs('', NOW)).toBe(DEFAULT_RETRY_AFTER_MS);
    expect(retryAfterMs('soon', NOW)).toBe(DEFAULT_RETRY_AFTER_MS);
  });

  it('backs off exponentially with equal jitter, capped', () => {
    expect(backoffMs(1, BACKOFF, () => 0)).toBe(500);
    expect(backoffMs(1, BACKOFF, () => 1)).toBe(1000);
    expect(backoffMs(3, BACKOFF, () => 0)).toBe(2000);
    expect(backoffMs(3, BACKOFF, () => 1)).toBe(4000);
    expect(backoffMs(10, BACKOFF, () => 1)).toBe(8000);
    expect(backoffMs(10_000, BACKOFF, () => 0.5)).toBe(6000);
  });

  it('follows the retry rules of the reference for each kind of call', () => {
    const answers: AnswerClass[] = [
      'ok',
      'hostError',
      'unexpected',
      'throttled',
      'tokenRefused',
      'forbidden',
      'notFound',
      'noToken',
      'conflict',
      'serverError',
      'noAnswer',
    ];
    const table = (kind: CallKind, history = { attempts: 1, tokenRefreshed: false, conflicts: 1 }) =>
      Object.fromEntries(
        answers.map((answer) => [
          answer,
          verdict(
            kind,
            answer,
            history,
            { backoff: BACKOFF },
            { now: NOW, random: () => 0, retryAfterHeader: '2' },
          ).do,
        ]),
      );
    const common = {
      ok: 'accept',
      hostError: 'accept',
      unexpected: 'accept',
      throttled: 'wait',
      tokenRefused: 'refreshToken',
      forbidden: 'pause',
      notFound: 'pause',
      noToken: 'pause',
    };
    // Per kind: what follows a 409, a 5xx and no answer at all (columns of docs/architecture.md's table).
    const rows: [CallKind, string, string, string][] = [
      ['catalogRead', 'giveUp', 'retry', 'retry'],
      ['requestCreate', 'giveUp', 'retry', 'retry'],
      ['portalRead', 'retry', 'retry', 'retry'],
      ['portalAction', 'giveUp', 'giveUp', 'giveUp'],
    ];
    for (const [kind, conflict, serverError, noAnswer] of rows)
      expect(table(kind), kind).toEqual({ ...common, conflict, serverError, noAnswer });
    // 409 is retried once only; a second 401 after a fresh token means the credentials are wrong.
    expect(table('portalRead', { attempts: 2, tokenRefreshed: true, conflicts: 2 })).toMatchObject({
      conflict: 'giveUp',
      tokenRefused: 'pause',
    });
  });

  it('sorts the fifteen portal procedures into reading and acting calls', () => {
    expect(portalCallKind('MyQuotes')).toBe('portalRead');
    expect(portalCallKind('Document')).toBe('portalRead');
    for (const procedure of ['RequestCode', 'SignIn', 'SignOut', 'LinkRequest', 'AcceptQuote'] as const)
      expect(portalCallKind(procedure)).toBe('portalAction');
  });
});

describe('host policy: one call', () => {
  it('a 401 drops the token and sends once more; a second 401 pauses', async () => {
    const once = scriptedCall('requestCreate', [answer(401), answer(200)]);
    expect(await once.result).toMatchObject({ answer: 'ok', verdict: { do: 'accept' } });
    expect([once.sends, once.refreshes]).toEqual([2, 1]);

    const twice = scriptedCall('catalogRead', [answer(401), answer(401), answer(200)]);
    expect(await twice.result).toMatchObject({ answer: 'tokenRefused', verdict: { do: 'pause' } });
    expect([twice.sends, twice.refreshes]).toEqual([2, 1]);
  });

  it('a 429 waits Retry-After and costs no attempt, up to the allowed waits', async () => {
    const call = scriptedCall('portalAction', [answer(429, { 'retry-after': '7' }), answer(200)]);
    expect(await call.result).toMatchObject({ answer: 'ok' });
    expect(call.clock.slept).toEqual([7000]);

    const stubborn = scriptedCall('catalogRead', [answer(429)], { maxThrottledWaits: 2 });
    expect(await stubborn.result).toMatchObject({
      answer: 'throttled',
      verdict: { do: 'wait', ms: DEFAULT_RETRY_AFTER_MS },
    });
    expect(stubborn.sends).toBe(3);
    expect(stubborn.clock.slept).toEqual([DEFAULT_RETRY_AFTER_MS, DEFAULT_RETRY_AFTER_MS]);
  });

  it('a reading call is retried with backoff until it succeeds or its attempts are used', async () => {
    const waits: string[] = [];
    const recovers = scriptedCall('catalogRead', [answer(503), offline(), answer(200)], {
      onWait: ({ reason, ms, result }) => waits.push(`${reason} ${ms} after ${result.answer}`),
    });
    expect(await recovers.result).toMatchObject({ answer: 'ok' });
    expect(recovers.clock.slept).toEqual([750, 1500]);
    expect(waits).toEqual(['retry 750 after serverError', 'retry 1500 after noAnswer']);

    const down = scriptedCall('portalRead', [offline()], { limits: { backoff: BACKOFF, maxAttempts: 3 } });
    expect(await down.result).toMatchObject({ answer: 'noAnswer', verdict: { do: 'retry', ms: 3000 } });
    expect(down.sends).toBe(3);
  });

  it('an acting portal call is never repeated after an unknown outcome; a 409 on a read once', async () => {
    const action = scriptedCall('portalAction', [answer(503), answer(200)]);
    expect(await action.result).toMatchObject({ answer: 'serverError', verdict: { do: 'giveUp' } });
    expect(action.sends).toBe(1);

    const read = scriptedCall('portalRead', [answer(409)]);
    expect(await read.result).toMatchObject({ answer: 'conflict', verdict: { do: 'giveUp' } });
    expect(read.sends).toBe(2);
  });

  it('with one attempt a request leaves its next try to the durable queue', async () => {
    const call = scriptedCall('requestCreate', [answer(502)], {
      limits: { backoff: BACKOFF, maxAttempts: 1 },
    });
    expect(await call.result).toMatchObject({ answer: 'serverError', verdict: { do: 'retry', ms: 750 } });
    expect(call.sends).toBe(1);
    expect(call.clock.slept).toEqual([]);
  });

  it('no token is a pause, and nothing reaches the host', async () => {
    const call = scriptedCall('requestCreate', [new TokenRefusedError('website', 'invalid_client')]);
    expect(await call.result).toMatchObject({ answer: 'noToken', verdict: { do: 'pause' } });
  });

  it('a fault of VOA Desk itself is not a host answer: it is thrown', async () => {
    const call = scriptedCall('catalogRead', [new TypeError('bug')]);
    await expect(call.result).rejects.toThrow('bug');
  });

  it('stops waiting when the caller cancels', async () => {
    const controller = new AbortController();
    controller.abort(new Error('cancelled'));
    const call = scriptedCall('catalogRead', [answer(200)], { signal: controller.signal });
    await expect(call.result).rejects.toThrow('cancelled');
    expect(call.sends).toBe(0);
  });
});
