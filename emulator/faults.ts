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
const match = matchSchema.optional();

/** When a fault is decided, and the calls it may hit. */
interface FaultBehaviour {
  /**
   * beforeCall: decides the call's answer before it is processed; afterStore: a voaRequests answer after
   * its request was stored; latency: adds its delay; portal: asked for by a voaPortal procedure by name.
   */
  readonly when: 'beforeCall' | 'afterStore' | 'latency' | 'portal';
  /** A fixed target for kinds that only make sense for one, else by the rule's `match` (default: api). */
  readonly target: CallTarget | 'byMatch';
  /** The answer's status and Retry-After when the rule sets none. */
  readonly answer?: { readonly status: number; readonly retryAfterSeconds?: number };
  /**
   * How a fault that fired strikes: by its answer (the default; `answer` gives its status), by closing the
   * connection before any answer, or halfway through a catalog page's body.
   */
  readonly strikes?: FaultStrike;
}

export type FaultStrike = 'answer' | 'connection' | 'midBody';

function fault<const K extends string, const S extends z.ZodRawShape, const B extends FaultBehaviour>(
  kind: K,
  shape: S,
  behaviour: B,
) {
  return { kind, schema: z.strictObject({ kind: z.literal(kind), ...shape, ...selection }), ...behaviour };
}

/** Every fault kind, declared once: the keys its rule may carry and how it behaves. */
const FAULT_KINDS = [
  fault(
    'status429',
    { match, retryAfterSeconds },
    {
      when: 'beforeCall',
      target: 'byMatch',
      answer: { status: 429, retryAfterSeconds: 1 },
    },
  ),
  fault(
    'status5xx',
    { match, status: serverErrorStatus },
    {
      when: 'beforeCall',
      target: 'byMatch',
      answer: { status: 500 },
    },
  ),
  fault(
    'status5xxAfterStore',
    { status: serverErrorStatus },
    {
      when: 'afterStore',
      target: 'requests',
      answer: { status: 500 },
    },
  ),
  fault(
    'latency',
    { match, ms: z.number().int().min(0).max(600_000) },
    { when: 'latency', target: 'byMatch' },
  ),
  fault('drop', { match }, { when: 'beforeCall', target: 'byMatch', strikes: 'connection' }),
  fault('dropAfterStore', {}, { when: 'afterStore', target: 'requests', strikes: 'connection' }),
  fault('dropMidBody', {}, { when: 'beforeCall', target: 'catalog', strikes: 'midBody' }),
  fault('malformedRecord', {}, { when: 'beforeCall', target: 'catalog', strikes: 'midBody' }),
  // voaPortal shares the requests' target: the portal runs on the same API as voaRequests.
  fault('sessionConflict', {}, { when: 'portal', target: 'requests' }),
  fault('reportFailure', {}, { when: 'portal', target: 'requests' }),
  fault('archiveFailure', {}, { when: 'portal', target: 'requests' }),
  fault(
    'tokenDown',
    { status: serverErrorStatus, retryAfterSeconds },
    {
      when: 'beforeCall',
      target: 'token',
      answer: { status: 503, retryAfterSeconds: 1 },
    },
  ),
] as const;

type FaultDeclaration = (typeof FAULT_KINDS)[number];

const ruleSchema = z.discriminatedUnion('kind', [
  FAULT_KINDS[0].schema,
  ...FAULT_KINDS.slice(1).map((declaration) => declaration.schema),
]);

export type FaultRule = z.infer<typeof ruleSchema>;
export type FaultKind = FaultDeclaration['kind'];
export type PortalFaultKind = Extract<FaultDeclaration, { when: 'portal' }>['kind'];

const behaviourOf = (kind: FaultKind): FaultBehaviour =>
  FAULT_KINDS.find((declaration) => declaration.kind === kind) ?? FAULT_KINDS[0];

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
  const { target } = behaviourOf(rule.kind);
  if (target !== 'byMatch') return [target];
  const matched = ('match' in rule ? rule.match : undefined) ?? 'api';
  if (matched === 'all') return ['token', 'catalog', 'requests'];
  if (matched === 'api') return ['catalog', 'requests'];
  return [matched];
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
  strikes: FaultStrike;
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

function firedFrom(rule: FaultRule): FiredFault {
  const { answer, strikes = 'answer' } = behaviourOf(rule.kind);
  if (!answer) return { kind: rule.kind, strikes };
  const status = 'status' in rule ? rule.status : undefined;
  const retryAfter = 'retryAfterSeconds' in rule ? rule.retryAfterSeconds : undefined;
  return {
    kind: rule.kind,
    strikes,
    status: status ?? answer.status,
    ...(answer.retryAfterSeconds !== undefined
      ? { retryAfterSeconds: retryAfter ?? answer.retryAfterSeconds }
      : {}),
  };
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

  function firstFiring(chosen: (rule: FaultRule) => boolean, target: CallTarget): FiredFault | null {
    for (const state of states) {
      if (chosen(state.rule) && state.targets.includes(target) && fires(state)) return firedFrom(state.rule);
    }
    return null;
  }
  const decided = (when: FaultBehaviour['when']) => (rule: FaultRule) => behaviourOf(rule.kind).when === when;

  return {
    spec,
    beforeCall(target) {
      let latencyMs = 0;
      for (const state of states) {
        if (state.rule.kind === 'latency' && state.targets.includes(target) && fires(state))
          latencyMs += state.rule.ms;
      }
      return { latencyMs, fault: firstFiring(decided('beforeCall'), target) };
    },
    afterStore() {
      return firstFiring(decided('afterStore'), 'requests');
    },
    portal(kind) {
      return firstFiring((rule) => rule.kind === kind, 'requests') !== null;
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
