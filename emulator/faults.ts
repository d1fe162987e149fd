import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { hashText } from './seeded-hash.ts';

/**
 * Faults on request. One specification format serves both `--faults SPEC` and `POST {adminUrl}/faults`:
 *
 *   { "rules": [ { "kind": "status429", "count": 3, "retryAfterSeconds": 1 },
 *                { "kind": "drop", "share": 0.2, "match": "catalog" } ],
 *     "refuseRequests": false }
 *
 * A rule without count or share fires on every matching call; with count on the next N; with share on
 * that fraction, drawn from a generator seeded per rule, so the same calls meet the same faults.
 */

export type CallTarget = 'token' | 'catalog' | 'requests';

const matchSchema = z.enum(['token', 'catalog', 'requests', 'api', 'all']);
export type FaultMatch = z.infer<typeof matchSchema>;

const selection = {
  count: z.number().int().min(1).optional(),
  share: z.number().min(0).max(1).optional(),
  seed: z.union([z.string(), z.number()]).optional(),
};

const retryAfterSeconds = z.number().int().min(0).max(3600).optional();
const serverErrorStatus = z.number().int().min(500).max(599).optional();

const ruleSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('status429'),
    match: matchSchema.optional(),
    retryAfterSeconds,
    ...selection,
  }),
  z.strictObject({
    kind: z.literal('status5xx'),
    match: matchSchema.optional(),
    status: serverErrorStatus,
    ...selection,
  }),
  z.strictObject({ kind: z.literal('status5xxAfterStore'), status: serverErrorStatus, ...selection }),
  z.strictObject({
    kind: z.literal('latency'),
    match: matchSchema.optional(),
    ms: z.number().int().min(0).max(600_000),
    ...selection,
  }),
  z.strictObject({ kind: z.literal('drop'), match: matchSchema.optional(), ...selection }),
  z.strictObject({ kind: z.literal('dropAfterStore'), ...selection }),
  z.strictObject({ kind: z.literal('dropMidBody'), ...selection }),
  z.strictObject({ kind: z.literal('malformedRecord'), ...selection }),
  z.strictObject({ kind: z.literal('sessionConflict'), ...selection }),
  z.strictObject({ kind: z.literal('reportFailure'), ...selection }),
  z.strictObject({ kind: z.literal('archiveFailure'), ...selection }),
  z.strictObject({
    kind: z.literal('tokenDown'),
    status: serverErrorStatus,
    retryAfterSeconds,
    ...selection,
  }),
]);

export type FaultRule = z.infer<typeof ruleSchema>;
export type FaultKind = FaultRule['kind'];
export type PortalFaultKind = 'sessionConflict' | 'reportFailure' | 'archiveFailure';

export const faultSpecSchema = z.strictObject({
  rules: z.array(ruleSchema).default([]),
  refuseRequests: z.boolean().optional(),
});

export type FaultSpec = z.infer<typeof faultSpecSchema>;

export class FaultSpecError extends Error {}

/** Reads a specification from JSON text, or from a file when the text is `@path`. */
export function parseFaultSpec(input: string | unknown): FaultSpec {
  let value: unknown = input;
  if (typeof input === 'string') {
    const text = input.startsWith('@') ? readFileSync(input.slice(1), 'utf8') : input;
    try {
      value = JSON.parse(text);
    } catch {
      throw new FaultSpecError('The fault specification is not valid JSON.');
    }
  }
  const parsed = faultSpecSchema.safeParse(value);
  if (!parsed.success) {
    const detail = parsed.error.issues
      .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
      .join('; ');
    throw new FaultSpecError(`The fault specification is not valid: ${detail}`);
  }
  return parsed.data;
}

/** The targets a rule applies to; kinds that only make sense for one target are fixed to it. */
function targetsOf(rule: FaultRule): readonly CallTarget[] {
  switch (rule.kind) {
    case 'status5xxAfterStore':
    case 'dropAfterStore':
      return ['requests'];
    case 'dropMidBody':
    case 'malformedRecord':
      return ['catalog'];
    case 'sessionConflict':
    case 'reportFailure':
    case 'archiveFailure':
      return ['requests'];
    case 'tokenDown':
      return ['token'];
    default: {
      const match = rule.match ?? 'api';
      if (match === 'all') return ['token', 'catalog', 'requests'];
      if (match === 'api') return ['catalog', 'requests'];
      return [match];
    }
  }
}

/** mulberry32: small, fast, and the same sequence for the same seed on every machine. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = state;
    mixed = Math.imul(mixed ^ (mixed >>> 15), mixed | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 0x100000000;
  };
}

/** A fault that fired on a call, with what the answer should carry. */
export interface FiredFault {
  kind: FaultKind;
  status?: number;
  retryAfterSeconds?: number;
}

interface RuleState {
  rule: FaultRule;
  targets: readonly CallTarget[];
  remaining: number | undefined;
  fired: number;
  random: () => number;
}

export interface FaultPlan {
  spec: FaultSpec;
  /** Added latency and the fault (if any) that decides a call, taken before the call is processed. */
  beforeCall(target: CallTarget): { latencyMs: number; fault: FiredFault | null };
  /** The fault (if any) that hits a voaRequests call after its request was stored. */
  afterStore(): FiredFault | null;
  /** Whether a voaPortal fault fires now: a 409 on a token call, a failing report or archive read. */
  portal(kind: PortalFaultKind): boolean;
  describe(): { rules: (FaultRule & { fired: number; remaining?: number })[]; refuseRequests?: boolean };
}

const outcomeKindsBeforeCall: ReadonlySet<FaultKind> = new Set([
  'status429',
  'status5xx',
  'drop',
  'dropMidBody',
  'malformedRecord',
  'tokenDown',
]);
const outcomeKindsAfterStore: ReadonlySet<FaultKind> = new Set(['status5xxAfterStore', 'dropAfterStore']);

function firedFrom(rule: FaultRule): FiredFault {
  switch (rule.kind) {
    case 'status429':
      return { kind: rule.kind, status: 429, retryAfterSeconds: rule.retryAfterSeconds ?? 1 };
    case 'status5xx':
    case 'status5xxAfterStore':
      return { kind: rule.kind, status: rule.status ?? 500 };
    case 'tokenDown':
      return { kind: rule.kind, status: rule.status ?? 503, retryAfterSeconds: rule.retryAfterSeconds ?? 1 };
    default:
      return { kind: rule.kind };
  }
}

export function createFaultPlan(spec: FaultSpec, emulatorSeed: string): FaultPlan {
  const states: RuleState[] = spec.rules.map((rule, index) => ({
    rule,
    targets: targetsOf(rule),
    remaining: rule.count,
    fired: 0,
    random: seededRandom(hashText(`${String(rule.seed ?? emulatorSeed)}:${index}`)),
  }));

  function fires(state: RuleState): boolean {
    if (state.remaining !== undefined && state.remaining <= 0) return false;
    if (state.rule.share !== undefined && state.random() >= state.rule.share) return false;
    if (state.remaining !== undefined) state.remaining -= 1;
    state.fired += 1;
    return true;
  }

  function firstFiring(kinds: ReadonlySet<FaultKind>, target: CallTarget): FiredFault | null {
    for (const state of states) {
      if (kinds.has(state.rule.kind) && state.targets.includes(target) && fires(state))
        return firedFrom(state.rule);
    }
    return null;
  }

  return {
    spec,
    beforeCall(target) {
      let latencyMs = 0;
      for (const state of states) {
        if (state.rule.kind === 'latency' && state.targets.includes(target) && fires(state))
          latencyMs += state.rule.ms;
      }
      return { latencyMs, fault: firstFiring(outcomeKindsBeforeCall, target) };
    },
    afterStore() {
      return firstFiring(outcomeKindsAfterStore, 'requests');
    },
    portal(kind) {
      return firstFiring(new Set([kind]), 'requests') !== null;
    },
    describe() {
      return {
        rules: states.map((state) => ({
          ...state.rule,
          fired: state.fired,
          ...(state.remaining !== undefined ? { remaining: state.remaining } : {}),
        })),
        ...(spec.refuseRequests !== undefined ? { refuseRequests: spec.refuseRequests } : {}),
      };
    },
  };
}
