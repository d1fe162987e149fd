// Each fault kind is declared once in emulator/faults.ts: the keys its rule may carry, when it is decided
// and which calls it may hit. These are the decisions a plan takes from that one declaration.
import { describe, expect, it } from 'vitest';
import { createFaultPlan, parseFaultSpec, type FaultKind, type FaultStrike } from '../../emulator/faults.ts';

const planFor = (rule: Record<string, unknown>) =>
  createFaultPlan(parseFaultSpec({ rules: [rule] }), 'kinds');

describe('fault kinds, declared once', () => {
  type Target = 'token' | 'catalog' | 'requests';
  it.each<[FaultKind, Target, Target[], FaultStrike, number | undefined, number | undefined]>([
    ['status429', 'catalog', ['token'], 'answer', 429, 1],
    ['status5xx', 'requests', ['token'], 'answer', 500, undefined],
    ['drop', 'catalog', ['token'], 'connection', undefined, undefined],
    ['dropMidBody', 'catalog', ['requests', 'token'], 'midBody', undefined, undefined],
    ['malformedRecord', 'catalog', ['requests', 'token'], 'midBody', undefined, undefined],
    ['tokenDown', 'token', ['catalog', 'requests'], 'answer', 503, 1],
  ])(
    '%s decides a %s call before it is processed, never one of %j, and strikes by its %s',
    (kind, target, spared, strikes, status, retry) => {
      expect(planFor({ kind }).beforeCall(target).fault).toEqual({
        kind,
        strikes,
        ...(status !== undefined ? { status } : {}),
        ...(retry !== undefined ? { retryAfterSeconds: retry } : {}),
      });
      for (const other of spared) expect(planFor({ kind }).beforeCall(other).fault).toBeNull();
    },
  );

  it('a rule sets its own status and Retry-After over the kind’s', () => {
    expect(planFor({ kind: 'status429', retryAfterSeconds: 7 }).beforeCall('requests').fault).toEqual({
      kind: 'status429',
      strikes: 'answer',
      status: 429,
      retryAfterSeconds: 7,
    });
    expect(planFor({ kind: 'tokenDown', status: 502 }).beforeCall('token').fault?.status).toBe(502);
  });

  it.each<[FaultKind, FaultStrike]>([
    ['status5xxAfterStore', 'answer'],
    ['dropAfterStore', 'connection'],
  ])('%s strikes only after a request was stored, by its %s', (kind, strikes) => {
    const plan = planFor({ kind });
    expect(plan.beforeCall('requests').fault).toBeNull();
    expect(plan.afterStore()).toMatchObject({ kind, strikes });
  });

  it.each(['sessionConflict', 'reportFailure', 'archiveFailure'] as const)(
    '%s fires only when a portal procedure asks for it by name',
    (kind) => {
      const plan = planFor({ kind, count: 1 });
      expect(plan.beforeCall('requests').fault).toBeNull();
      expect(plan.afterStore()).toBeNull();
      expect(plan.portal(kind === 'sessionConflict' ? 'reportFailure' : 'sessionConflict')).toBe(false);
      expect(plan.portal(kind)).toBe(true);
      expect(plan.portal(kind)).toBe(false);
    },
  );

  it('latency adds its delay to the calls its match names, and decides nothing', () => {
    const plan = planFor({ kind: 'latency', ms: 250, match: 'catalog' });
    expect(plan.beforeCall('catalog')).toEqual({ latencyMs: 250, fault: null });
    expect(plan.beforeCall('requests')).toEqual({ latencyMs: 0, fault: null });
  });

  it('refuses a key the kind does not declare', () => {
    expect(() => parseFaultSpec({ rules: [{ kind: 'dropMidBody', status: 500 }] })).toThrow(/not valid/);
    expect(() => parseFaultSpec({ rules: [{ kind: 'meltdown' }] })).toThrow(/not valid/);
  });
});
