// The fifteen voaPortal procedures, each called once through the host policy (host-policy.ts decides
// retries: reading procedures on network errors, time-outs and 5xx, 409 once; RequestCode, SignIn,
// SignOut, LinkRequest and AcceptQuote never). This module only builds the call and reads the answer.
import { ACTION_COMPANY_PARAMETER } from '../../../shared/contract/request-fields.ts';
import type { PortalProcedure } from '../../../shared/contract/portal-procedures.ts';
import { PORTAL_PARAMETERS as P } from '../../../shared/contract/portal-objects.ts';
import type { Settings } from '../../../shared/settings.ts';
import {
  ONE_ATTEMPT,
  portalCallKind,
  systemClock,
  type CallResult,
  type HostClock,
  type PolicyLimits,
} from '../host/host-policy.ts';
import { hostErrorMessage, type VoaHost } from '../host/voa-host.ts';
import { envelopeValue } from './portal-answers.ts';

/** The portal service's name prefix: actions are `voaPortal_{Procedure}`. */
export const PORTAL_SERVICE = 'voaPortal';

/** Why a portal call gave no answer to read. The message is safe to show; it never holds the token. */
export type PortalFailureKind =
  /** No trustworthy answer (network, time-out, 5xx, repeated 409): for an action, the outcome is unknown. */
  | 'noAnswer'
  /** The host raised an error (400; for Document: a report failed, naming the object). */
  | 'hostError'
  /** Only a person can fix this: credentials, permissions, published service or company. */
  | 'blocked';

export class PortalCallError extends Error {
  override name = 'PortalCallError';
  readonly kind: PortalFailureKind;
  readonly procedure: PortalProcedure;
  constructor(procedure: PortalProcedure, kind: PortalFailureKind, message: string) {
    super(message);
    this.kind = kind;
    this.procedure = procedure;
  }
}

/** A person is waiting at the counter: a few quick tries, not the outbox's patient schedule. */
export const PORTAL_READ_LIMITS: PolicyLimits = { maxAttempts: 3, backoff: { baseMs: 300, maxMs: 2_000 } };
/** A 429 processed nothing, so waiting it out is safe for every procedure; twice at most at the desk. */
const THROTTLED_WAITS = 2;
/** RequestCode takes at least 1.5 s by design; give every call room beyond that. */
const PORTAL_TIMEOUT_MS = 20_000;

export type PortalParameters = Partial<Record<keyof typeof P, string>>;

export class PortalClient {
  readonly #host: VoaHost;
  readonly #settings: () => Settings;
  readonly #clock: HostClock;
  /** Read limits; tests may shorten the backoff. */
  readLimits: PolicyLimits = PORTAL_READ_LIMITS;

  constructor(options: { host: VoaHost; settings: () => Settings; clock?: HostClock }) {
    this.#host = options.host;
    this.#settings = options.settings;
    this.#clock = options.clock ?? systemClock;
  }

  /**
   * Calls one procedure and returns the envelope's value (a string or a Boolean). Throws PortalCallError
   * when there is no answer to read.
   */
  async call(procedure: PortalProcedure, parameters: PortalParameters): Promise<unknown> {
    const kind = portalCallKind(procedure);
    const companyId = this.#settings().host.companyId;
    const body: Record<string, string> = {};
    for (const [name, value] of Object.entries(parameters)) body[P[name as keyof typeof P]] = value ?? '';
    const result = await this.#host.call(
      'website',
      kind,
      {
        method: 'POST',
        url: `${PORTAL_SERVICE}_${procedure}?${ACTION_COMPANY_PARAMETER}=${encodeURIComponent(companyId)}`,
        json: body,
        timeoutMs: PORTAL_TIMEOUT_MS,
        answer: procedure === 'Document' ? 'portalDocument' : 'portalAnswer',
      },
      {
        // An acting procedure gets one attempt: the policy gives up on any failure of it anyway.
        limits: kind === 'portalRead' ? this.readLimits : ONE_ATTEMPT,
        maxThrottledWaits: THROTTLED_WAITS,
        clock: this.#clock,
      },
    );
    return valueOrThrow(procedure, result);
  }
}

function valueOrThrow(procedure: PortalProcedure, result: CallResult): unknown {
  if ('error' in result) {
    throw new PortalCallError(
      procedure,
      result.answer === 'noAnswer' ? 'noAnswer' : 'blocked',
      result.error.message,
    );
  }
  const { response, answer, verdict } = result;
  if (answer === 'ok') {
    const value = envelopeValue(response.body);
    if (value === undefined) {
      // 200 without an envelope (a proxy's page, a cut body) is not an answer we can trust.
      throw new PortalCallError(procedure, 'noAnswer', `The host answered ${procedure} without a value.`);
    }
    return value;
  }
  const message = hostErrorMessage(response);
  if (answer === 'hostError') throw new PortalCallError(procedure, 'hostError', message);
  if (verdict.do === 'pause') {
    throw new PortalCallError(
      procedure,
      'blocked',
      `The host refused ${PORTAL_SERVICE}_${procedure} (HTTP ${response.status}): ${message}. Check the website application's settings and permissions.`,
    );
  }
  throw new PortalCallError(
    procedure,
    'noAnswer',
    `The host failed on ${procedure} (HTTP ${response.status}): ${message}`,
  );
}
