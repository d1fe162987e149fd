import { describe, expect, it } from 'vitest';
import {
  classifyAnswer,
  numberFromDuplicateMessage,
  numberFromEnvelope,
  retryAfterMs,
} from '../../src/main/core/host/voa-requests-client.ts';
import { newRequestId } from '../../src/main/core/outbox/request-id.ts';

const answer = (status: number, body: unknown, headers: Record<string, string> = {}) => ({
  status,
  headers,
  body: typeof body === 'string' ? body : JSON.stringify(body),
});
const hostError = (message: string) => ({ error: { code: 'Application_DialogException', message } });
const NOW = Date.parse('2026-03-01T10:00:00Z');

describe('voaRequests answers, classified as the service reference says', () => {
  it('reads the number from the envelope, parsing its value a second time', () => {
    expect(numberFromEnvelope(JSON.stringify({ value: JSON.stringify({ number: 'WEB000123' }) }))).toBe(
      'WEB000123',
    );
    expect(classifyAnswer(answer(200, { value: '{"number":"Q-2026/17"}' }), 'VD-1', NOW)).toEqual({
      kind: 'delivered',
      number: 'Q-2026/17',
      duplicate: false,
    });
  });

  it('a 200 without a number is an unknown outcome, resent under the same requestId', () => {
    expect(classifyAnswer(answer(200, '<html>proxy</html>'), 'VD-1', NOW).kind).toBe('unknown');
    expect(classifyAnswer(answer(200, { value: '' }), 'VD-1', NOW).kind).toBe('unknown');
  });

  it('[VOA-DUBBEL] is delivered, with the stored number taken from the message in any language', () => {
    const english =
      'This submission has already been accepted under number WEB000042. [VOA-DUBBEL]  CorrelationId:  4f1c2b7e-0d2a-4c3b-9a55-1b2c3d4e5f60.';
    expect(classifyAnswer(answer(400, hostError(english)), 'VD-01ABC', NOW)).toEqual({
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

  it('another 400 needs attention with the host’s message; 401/403/404 block the queue; 429 waits', () => {
    expect(
      classifyAnswer(
        answer(400, hostError('Een aanvraag kan niet worden aangenomen zonder akkoord')),
        'VD-1',
        NOW,
      ),
    ).toEqual({
      kind: 'refused',
      message: 'Een aanvraag kan niet worden aangenomen zonder akkoord',
    });
    for (const status of [401, 403, 404]) {
      const outcome = classifyAnswer(answer(status, hostError('voaRequests Execute')), 'VD-1', NOW);
      expect(outcome.kind).toBe('blocked');
      expect((outcome as { message: string }).message).toMatch(/Settings|Repair Permissions/);
    }
    expect(classifyAnswer(answer(429, hostError('busy'), { 'retry-after': '7' }), 'VD-1', NOW)).toMatchObject(
      { kind: 'throttled', retryAfterMs: 7000 },
    );
    expect(classifyAnswer(answer(503, hostError('down')), 'VD-1', NOW)).toMatchObject({
      kind: 'unknown',
      reachedHost: true,
    });
  });

  it('Retry-After as seconds or a date, never negative, capped, with a default', () => {
    expect(retryAfterMs('3', NOW)).toBe(3000);
    expect(retryAfterMs(new Date(NOW + 10_000).toUTCString(), NOW)).toBe(10_000);
    expect(retryAfterMs(new Date(NOW - 10_000).toUTCString(), NOW)).toBe(0);
    expect(retryAfterMs('999999', NOW)).toBe(60 * 60_000);
    expect(retryAfterMs(undefined, NOW)).toBe(5000);
    expect(retryAfterMs('soon', NOW)).toBe(5000);
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
