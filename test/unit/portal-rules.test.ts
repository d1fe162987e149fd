// The customer desk's own rules, without a host: sign-in code normalization as the host does it, the IP
// hash, the retry rule of each of the fifteen procedures, and defensive reading of the double-encoded answers.
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { AnswerClass } from '../../src/main/core/host/answer-classes.ts';
import { portalCallKind, verdict } from '../../src/main/core/host/host-policy.ts';
import {
  listAnswer,
  objectAnswer,
  readAcceptance,
  readLines,
  readQuotes,
  readRequests,
} from '../../src/main/core/portal/portal-answers.ts';
import { ipHash, newIpHashKey, workstationAddress } from '../../src/main/core/portal/portal-session.ts';
import {
  isPlausibleSignInCode,
  localDate,
  normalizeSignInCode,
  quoteAcceptable,
  sanitizeFileName,
} from '../../src/shared/contract/portal-objects.ts';
import {
  PORTAL_ACTING_PROCEDURES,
  PORTAL_READING_PROCEDURES,
} from '../../src/shared/contract/portal-procedures.ts';

describe('sign-in code normalization', () => {
  it.each([
    ['abcde-fghjk', 'ABCDEFGHJK'],
    [' 7K2QX  9PM4R ', '7K2QX9PM4R'],
    ['7k2qx-9pm4r', '7K2QX9PM4R'],
    ['OO1II-LLOOO', '0011111000'],
    ['a-b c\t-d', 'ABCD'],
  ])('reads %j as %j', (typed, expected) => {
    expect(normalizeSignInCode(typed)).toBe(expected);
  });

  it('reads O as 0 and I and L as 1, so every letter left is in the alphabet', () => {
    expect(normalizeSignInCode('oIl')).toBe('011');
    expect(isPlausibleSignInCode('7k2qo-9pm4l')).toBe(true);
    expect(isPlausibleSignInCode('7K2QX-9PM4')).toBe(false);
    expect(isPlausibleSignInCode('7K2QX-9PM4U')).toBe(false);
  });
});

describe('IP hash', () => {
  it('is HMAC-SHA256 over the address under the key, as 64 lowercase hex characters', () => {
    const key = newIpHashKey();
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(newIpHashKey()).not.toBe(key);
    const hash = ipHash(key, '192.168.1.20');
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).toBe(createHmac('sha256', key).update('192.168.1.20').digest('hex'));
    expect(ipHash(key, '192.168.1.20')).toBe(hash);
    expect(ipHash(key, '192.168.1.21')).not.toBe(hash);
    expect(ipHash(newIpHashKey(), '192.168.1.20')).not.toBe(hash);
  });

  it("takes the workstation's external IPv4 address, else IPv6, else loopback", () => {
    const entry = (address: string, family: 'IPv4' | 'IPv6', internal: boolean) => ({
      address,
      family,
      internal,
    });
    expect(
      workstationAddress({
        lo: [entry('127.0.0.1', 'IPv4', true)],
        eth0: [entry('fe80::1', 'IPv6', false), entry('10.0.0.7', 'IPv4', false)],
      }),
    ).toBe('10.0.0.7');
    expect(workstationAddress({ eth0: [entry('2001:db8::7', 'IPv6', false)] })).toBe('2001:db8::7');
    expect(workstationAddress({ lo: [entry('127.0.0.1', 'IPv4', true)] })).toBe('127.0.0.1');
  });
});

describe('retry policy per procedure', () => {
  const limits = { backoff: { baseMs: 100, maxMs: 1000 } };
  const context = { now: 0, random: () => 0.5 };
  const decide = (procedure: Parameters<typeof portalCallKind>[0], answer: AnswerClass, conflicts = 0) =>
    verdict(
      portalCallKind(procedure),
      answer,
      { attempts: 1, tokenRefreshed: false, conflicts },
      limits,
      context,
    ).do;

  it.each(PORTAL_READING_PROCEDURES)(
    '%s is retried on network errors, time-outs and 5xx, and once on 409',
    (procedure) => {
      expect(decide(procedure, 'noAnswer')).toBe('retry');
      expect(decide(procedure, 'serverError')).toBe('retry');
      expect(decide(procedure, 'conflict', 1)).toBe('retry');
      expect(decide(procedure, 'conflict', 2)).toBe('giveUp');
      expect(decide(procedure, 'throttled')).toBe('wait');
      expect(decide(procedure, 'ok')).toBe('accept');
    },
  );

  it.each(PORTAL_ACTING_PROCEDURES)('%s is never retried after a failure without an answer', (procedure) => {
    expect(decide(procedure, 'noAnswer')).toBe('giveUp');
    expect(decide(procedure, 'serverError')).toBe('giveUp');
    expect(decide(procedure, 'conflict', 1)).toBe('giveUp');
    // A 429 processed nothing: waiting it out is safe for every call.
    expect(decide(procedure, 'throttled')).toBe('wait');
  });

  it('covers exactly the fifteen procedures', () => {
    expect(new Set([...PORTAL_READING_PROCEDURES, ...PORTAL_ACTING_PROCEDURES]).size).toBe(15);
    expect([...PORTAL_ACTING_PROCEDURES].sort()).toEqual(
      ['AcceptQuote', 'LinkRequest', 'RequestCode', 'SignIn', 'SignOut'].sort(),
    );
  });
});

describe('reading the answers', () => {
  it('treats the empty answer and a value that is no object as no answer', () => {
    expect(objectAnswer('')).toBeNull();
    expect(objectAnswer('  ')).toBeNull();
    expect(objectAnswer(true)).toBeNull();
    expect(objectAnswer('not json')).toBeNull();
    expect(objectAnswer('[1]')).toBeNull();
    expect(objectAnswer('{"a":1}')).toEqual({ a: 1 });
  });

  it('reads MyRequests as a bare array or under one wrapper key, and an unknown status as unknown', () => {
    const row = { no: 'WEB1', receivedAt: '2026-01-01T10:00:00.000Z', status: 'OnHold', lines: 2, extra: 1 };
    expect(listAnswer(JSON.stringify([row]), 'requests')).toHaveLength(1);
    expect(listAnswer(JSON.stringify({ requests: [row] }), 'requests')).toHaveLength(1);
    expect(listAnswer(JSON.stringify({ items: [row] }), 'requests')).toHaveLength(1);
    const [read] = readRequests([row, { ...row, status: '' }]);
    expect(read).toEqual({
      no: 'WEB1',
      receivedAt: '2026-01-01T10:00:00.000Z',
      status: 'unknown',
      quoteNo: '',
      quoteNoStatus: 'unknown',
      lines: 2,
    });
    expect(readRequests([{ ...row, status: 'Converted' }])[0]?.status).toBe('Converted');
  });

  it('never reads an unknown or missing outcome as recorded', () => {
    expect(readAcceptance({ outcome: 'recorded', acceptedAt: 'x' }).outcome).toBe('recorded');
    expect(readAcceptance({ outcome: 'Recorded' }).outcome).toBe('unknown');
    expect(readAcceptance({}).outcome).toBe('unknown');
    expect(readAcceptance(null).outcome).toBe('unknown');
  });

  it('keeps the truncated flag and reads missing Booleans as false', () => {
    const quotes = readQuotes({ quotes: [{ no: 'Q1', status: 'Cancelled' }], truncated: true });
    expect(quotes.truncated).toBe(true);
    expect(quotes.rows[0]).toMatchObject({
      no: 'Q1',
      status: 'unknown',
      accepted: false,
      hasDocument: false,
    });
  });

  it('keeps the three steel quantities apart, a missing one unknown and 0 as zero', () => {
    const [steel, plain] = readLines({
      lines: [
        {
          lineNo: 10000,
          itemNo: 'HEA200',
          quantityPieces: 4,
          quantityKg: 0,
          unit: 'PCS',
          outstandingPieces: 1,
        },
        { lineNo: 20000, itemNo: 'PL10', quantity: 3, unitOfMeasureCode: 'STK' },
      ],
    });
    expect(steel?.steel?.quantity).toEqual({ pieces: 4, meters: null, kg: 0 });
    expect(steel?.steel?.unit).toBe('PCS');
    expect(steel?.steel?.outstanding).toEqual({ pieces: 1, meters: null, kg: null });
    expect(steel?.steel?.shipped).toBeNull();
    expect(plain?.steel).toBeNull();
    expect(plain).toMatchObject({ quantity: 3, unitOfMeasureCode: 'STK', outstandingQuantity: null });
  });

  it('reads the steel section whenever any of its keys is there, and only then', () => {
    const lines = readLines({
      lines: [
        { lineNo: 10000, itemNo: 'HEA200', grade: 'S355J2' },
        { lineNo: 20000, itemNo: 'HEA200', shippedKg: 12.5 },
        { lineNo: 30000, itemNo: 'PL10', quantity: 3, unitOfMeasureCode: 'STK', outstandingQuantity: 1 },
      ],
    });
    expect(lines[0]?.steel).toMatchObject({
      grade: 'S355J2',
      quantity: { pieces: null, meters: null, kg: null },
    });
    expect(lines[1]?.steel?.shipped).toEqual({ pieces: null, meters: null, kg: 12.5 });
    expect(lines[2]?.steel).toBeNull();
  });

  it('sanitizes a document file name for saving', () => {
    expect(sanitizeFileName('SalesQuote Q/00:12*?.pdf')).toBe('SalesQuote Q_00_12_.pdf');
    expect(sanitizeFileName('Offerte Café 12.pdf')).toBe('Offerte Café 12.pdf');
    expect(sanitizeFileName('..')).toBe('document.pdf');
  });
});

describe('which quotes are offered for acceptance', () => {
  const released = { status: 'Released', accepted: false, validUntil: '2026-11-27' } as const;
  it.each([
    ['released, valid until today', released, true],
    ['released, validity passed yesterday', { ...released, validUntil: '2026-11-26' }, false],
    ['released, no validity date', { ...released, validUntil: '' }, true],
    ['open', { ...released, status: 'Open' }, false],
    ['status unknown', { ...released, status: 'unknown' }, false],
    ['already accepted', { ...released, accepted: true }, false],
  ] as const)('%s: %s', (_case, quote, offered) => {
    expect(quoteAcceptable(quote, '2026-11-27')).toBe(offered);
  });

  it('reads today in the local calendar, as the contract writes dates', () => {
    expect(localDate(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });
});
