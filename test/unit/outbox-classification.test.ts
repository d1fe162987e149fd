import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { appMigrations } from '../../src/main/core/db/app-migrations.ts';
import { migrate } from '../../src/main/core/db/sqlite.ts';
import type { HostResponse } from '../../src/main/core/host/host-http-client.ts';
import { callHost } from '../../src/main/core/host/host-policy.ts';
import {
  deliveryOutcome,
  numberFromDuplicateMessage,
  numberFromEnvelope,
} from '../../src/main/core/host/voa-requests-client.ts';
import { newRequestId } from '../../src/main/core/outbox/request-id.ts';

const answer = (status: number, body: unknown, headers: Record<string, string> = {}) => ({
  status,
  headers,
  body: typeof body === 'string' ? body : JSON.stringify(body),
});
const hostError = (message: string) => ({ error: { code: 'Application_DialogException', message } });
const NOW = Date.parse('2026-03-01T10:00:00Z');

/** One voaRequests call that the host answers with `response` every time, as the outbox makes it. */
async function classifyAnswer(response: HostResponse, requestId: string) {
  const result = await callHost({
    kind: 'requestCreate',
    send: async () => response,
    refreshToken: () => {},
    limits: { maxAttempts: 1, backoff: { baseMs: 0, maxMs: 0 } },
    maxThrottledWaits: 0,
    clock: {
      now: () => NOW,
      sleep: () => Promise.reject(new Error('a delivery never waits inside the call')),
    },
  });
  return deliveryOutcome(result, requestId);
}

describe('voaRequests answers, classified as the service reference says', () => {
  it('reads the number from the envelope, parsing its value a second time', async () => {
    expect(numberFromEnvelope(JSON.stringify({ value: JSON.stringify({ number: 'WEB000123' }) }))).toBe(
      'WEB000123',
    );
    expect(await classifyAnswer(answer(200, { value: '{"number":"Q-2026/17"}' }), 'VD-1')).toEqual({
      kind: 'delivered',
      number: 'Q-2026/17',
      duplicate: false,
    });
  });

  it('a 200 without a number is an unknown outcome, resent under the same requestId', async () => {
    expect((await classifyAnswer(answer(200, '<html>proxy</html>'), 'VD-1')).kind).toBe('unknown');
    expect((await classifyAnswer(answer(200, { value: '' }), 'VD-1')).kind).toBe('unknown');
  });

  it('[VOA-DUBBEL] is delivered, with the stored number taken from the message in any language', async () => {
    const english =
      'This submission has already been accepted under number WEB000042. [VOA-DUBBEL]  CorrelationId:  4f1c2b7e-0d2a-4c3b-9a55-1b2c3d4e5f60.';
    expect(await classifyAnswer(answer(400, hostError(english)), 'VD-01ABC')).toEqual({
      kind: 'delivered',
      number: 'WEB000042',
      duplicate: true,
    });
    expect(
      numberFromDuplicateMessage(
        '[VOA-DUBBEL] Deze inzending is al aangenomen onder nummer "OFF-2026-0007".',
        'VD-X1',
      ),
    ).toBe('OFF-2026-0007');
    expect(
      numberFromDuplicateMessage('Request VD-01HZ9 was stored as 2026/0042 [VOA-DUBBEL]', 'VD-01HZ9'),
    ).toBe('2026/0042');
    expect(numberFromDuplicateMessage('Already accepted. [VOA-DUBBEL]', 'VD-1')).toBeNull();
  });

  it('another 400 needs attention with the host’s message; 401/403/404 block the queue; 429 waits', async () => {
    expect(
      await classifyAnswer(
        answer(400, hostError('Een aanvraag kan niet worden aangenomen zonder akkoord')),
        'VD-1',
      ),
    ).toEqual({
      kind: 'refused',
      message: 'Een aanvraag kan niet worden aangenomen zonder akkoord',
      hostWords: 'Een aanvraag kan niet worden aangenomen zonder akkoord',
    });
    for (const status of [401, 403, 404]) {
      const outcome = await classifyAnswer(answer(status, hostError('voaRequests Execute')), 'VD-1');
      expect(outcome.kind).toBe('blocked');
      expect((outcome as { message: string }).message).toMatch(/Settings|Repair Permissions/);
    }
    expect(
      await classifyAnswer(answer(429, hostError('busy'), { 'retry-after': '7' }), 'VD-1'),
    ).toMatchObject({ kind: 'throttled', retryAfterMs: 7000 });
    expect(await classifyAnswer(answer(503, hostError('down')), 'VD-1')).toMatchObject({
      kind: 'unknown',
      reachedHost: true,
    });
    // 409 belongs to portal sessions; on a request it is not something a resend changes.
    expect((await classifyAnswer(answer(409, hostError('conflict')), 'VD-1')).kind).toBe('refused');
  });

  it('another status is refused too: the account names the status, the host’s words stand alone', async () => {
    expect(await classifyAnswer(answer(415, hostError('Mediatype niet ondersteund')), 'VD-1')).toEqual({
      kind: 'refused',
      message: 'HTTP 415: Mediatype niet ondersteund',
      hostWords: 'Mediatype niet ondersteund',
    });
    // No words at all: the account says the status, and there are no words to quote.
    expect(await classifyAnswer(answer(405, ''), 'VD-1')).toEqual({
      kind: 'refused',
      message: 'HTTP 405: HTTP 405',
      hostWords: undefined,
    });
  });
});

describe('app.db migration 6', () => {
  it('gives requests refused before it their host words, without the "HTTP nnn: " prefix', () => {
    const db = new DatabaseSync(':memory:');
    migrate(db, appMigrations.slice(0, 5));
    const insert = db.prepare(
      `INSERT INTO outbox_item (request_id, kind, payload, state, last_error, next_attempt_at, created_at, updated_at)
       VALUES (?, 'quote', '{}', ?, ?, 0, '', '')`,
    );
    insert.run('VD-415', 'needsAttention', 'HTTP 415: Mediatype niet ondersteund');
    insert.run('VD-400', 'needsAttention', 'Zonder akkoord geen aanvraag');
    insert.run('VD-Q', 'queued', 'HTTP 503: down');
    migrate(db, appMigrations);
    expect(db.prepare('SELECT request_id, last_host_words FROM outbox_item ORDER BY id').all()).toEqual([
      { request_id: 'VD-415', last_host_words: 'Mediatype niet ondersteund' },
      { request_id: 'VD-400', last_host_words: 'Zonder akkoord geen aanvraag' },
      { request_id: 'VD-Q', last_host_words: null },
    ]);
    db.close();
  });
});

describe('requestId', () => {
  it('is VD- and a ULID: 29 characters, uppercase already, time-ordered, and different each time', () => {
    const a = newRequestId(NOW);
    const b = newRequestId(NOW + 1);
    expect(a).toMatch(/^VD-[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(a.toUpperCase()).toBe(a);
    expect(a.length).toBeLessThanOrEqual(64);
    expect(a.slice(0, 13) < b.slice(0, 13)).toBe(true);
    expect(new Set(Array.from({ length: 1000 }, () => newRequestId(NOW))).size).toBe(1000);
  });
});
