// The customer signed in at this desk. The session token lives in this object's memory only: it never goes
// to the renderer, a file, a log, the keychain or the outbox. A shared counter forgets the customer on
// sign-out, the next customer, idle time, session expiry and quit; each ends with SignOut (answer ignored,
// never retried) and a `portal:changed` event that clears the renderer.
import { createHmac, randomBytes } from 'node:crypto';
import { networkInterfaces } from 'node:os';
import type {
  CodeRequested,
  PortalRead,
  PortalSessionView,
  SessionEndReason,
  SignInAnswer,
} from '../../../shared/bridge/portal-calls.ts';
import type { PortalProcedure } from '../../../shared/contract/portal-procedures.ts';
import {
  DEFAULT_CODE_WAIT_SECONDS,
  normalizeSignInCode,
  type PortalCustomer,
  type PortalDetails,
} from '../../../shared/contract/portal-objects.ts';
import { objectAnswer, readDetails, readSession } from './portal-answers.ts';
import type { PortalClient, PortalParameters } from './portal-client.ts';
import { rememberSecret } from '../log/log-redaction.ts';

/** HMAC-SHA256 of the workstation's address under this installation's key: 64 lowercase hex characters. */
export function ipHash(key: string, address: string): string {
  return createHmac('sha256', key).update(address).digest('hex');
}

/** A fresh installation key: 32 random bytes, hex. */
export function newIpHashKey(): string {
  return randomBytes(32).toString('hex');
}

/**
 * The workstation's own address: the first external IPv4 address, else the first external IPv6, else
 * loopback. The host only uses the hash to recognise abuse, so a stable value per workstation is what counts.
 */
export function workstationAddress(
  interfaces: Record<string, readonly InterfaceAddress[] | undefined> = networkInterfaces(),
): string {
  const all = Object.values(interfaces).flatMap((list) => list ?? []);
  const external = all.filter((entry) => !entry.internal);
  return external.find((entry) => entry.family === 'IPv4')?.address ?? external[0]?.address ?? '127.0.0.1';
}

/** The part of os.networkInterfaces() an address is chosen from. */
export interface InterfaceAddress {
  address: string;
  family: string;
  internal: boolean;
}

export interface PortalSessionOptions {
  client: PortalClient;
  /** The IP hash sent with RequestCode, SignIn and AcceptQuote. */
  ipHash(): Promise<string>;
  idleMs(): number;
  /** The wait between two codes for one address (the host's setting is not readable: its default). */
  codeWaitMs?(): number;
  onChange(view: PortalSessionView): void;
  now?: () => number;
  /**
   * The connection the calls go to now (connection-binding.ts). A session belongs to the connection it was
   * signed in on: once this changes, it is forgotten without a call, so its token never reaches another host.
   */
  connection?: () => string | null;
}

interface Signed {
  token: string;
  customer: PortalCustomer;
  details: PortalDetails | null;
  signedInAt: number;
  connection: string | null;
}

export class PortalSession {
  readonly #options: PortalSessionOptions;
  readonly #now: () => number;
  #signed: Signed | undefined;
  #ended: PortalSessionView['ended'] = null;
  /** Counts changes of the view: a shell shows the newest whichever way it arrives. */
  #revision = 0;
  #idleTimer: ReturnType<typeof setTimeout> | undefined;
  #expiryTimer: ReturnType<typeof setTimeout> | undefined;
  /** Per address (lowercase): when RequestCode was last sent. */
  #codeSentAt = new Map<string, number>();

  constructor(options: PortalSessionOptions) {
    this.#options = options;
    this.#now = options.now ?? Date.now;
  }

  get customer(): PortalCustomer | null {
    return this.#signed?.customer ?? null;
  }

  get signedInAt(): number | null {
    return this.#signed?.signedInAt ?? null;
  }

  view(): PortalSessionView {
    return {
      customer: this.#signed?.customer ?? null,
      details: this.#signed?.details ?? null,
      ended: this.#signed ? null : this.#ended,
      revision: this.#revision,
    };
  }

  /** RequestCode once. Inside the wait time nothing is sent: the host would do nothing either. */
  async requestCode(email: string): Promise<CodeRequested> {
    const address = email.trim().toLowerCase();
    const waitMs = this.#options.codeWaitMs?.() ?? DEFAULT_CODE_WAIT_SECONDS * 1000;
    const waitUntil = (this.#codeSentAt.get(address) ?? -Infinity) + waitMs;
    if (waitUntil > this.#now()) return { sent: false, nextCodeAt: new Date(waitUntil).toISOString() };
    const sentAt = this.#now();
    // Taken before the call, so a second press while it is on its way sends nothing.
    this.#codeSentAt.set(address, sentAt);
    try {
      // The answer is always true and says nothing about the address: it is not read.
      await this.#options.client.call('RequestCode', {
        email: email.trim(),
        ipHash: await this.#options.ipHash(),
      });
    } catch (error) {
      // Not sent, or not known to be: the person may ask again at once (the host ignores a code asked for
      // twice inside its own wait time).
      if (this.#codeSentAt.get(address) === sentAt) this.#codeSentAt.delete(address);
      throw error;
    }
    return { sent: true, nextCodeAt: new Date(sentAt + waitMs).toISOString() };
  }

  /** SignIn; an empty answer means the code was not accepted, without saying why. */
  async signIn(email: string, code: string): Promise<SignInAnswer> {
    const connection = this.#connection();
    const value = await this.#options.client.call('SignIn', {
      email: email.trim(),
      code: normalizeSignInCode(code),
      ipHash: await this.#options.ipHash(),
    });
    const token = typeof value === 'string' ? value.trim() : '';
    if (!token) return { signedIn: false };
    rememberSecret(token);
    // A new customer at the desk: whoever was signed in before is signed out first.
    if (this.#signed) await this.end('nextCustomer');
    if (this.#connection() !== connection) return { signedIn: false };
    const session = objectAnswer(await this.#options.client.call('ReadSession', { token }));
    if (this.#connection() !== connection) return { signedIn: false };
    if (!session) {
      // Signed in and gone at once (access revoked in between): the same as a refused code to the desk.
      this.#signOutQuietly(token);
      return { signedIn: false };
    }
    const details = objectAnswer(await this.#options.client.call('MyDetails', { token }));
    this.#signed = {
      token,
      customer: readSession(session),
      details: details ? readDetails(details) : null,
      signedInAt: this.#now(),
      connection,
    };
    this.#ended = null;
    this.#touch();
    this.#scheduleExpiry();
    this.#changed();
    return { signedIn: true, session: this.view() };
  }

  /** ReadSession, as the contract asks for every portal page view; an empty answer ends the session. */
  async refresh(): Promise<PortalSessionView> {
    if (!this.#signed) return this.view();
    const read = await this.read('ReadSession', {}, (value) => {
      const answer = objectAnswer(value);
      return answer ? readSession(answer) : null;
    });
    if (read.state === 'ok' && this.#signed) {
      this.#signed.customer = read.value;
      this.#scheduleExpiry();
      this.#changed();
    }
    return this.view();
  }

  /**
   * One reading call with the token. `decode` reads the envelope's value and gives null for an empty
   * answer. An empty answer that can only mean "no valid session" ends the session; where it may also mean
   * "not found, not yours, not allowed", ReadSession decides, and `whenEmpty` is the answer if it is valid.
   */
  async read<T>(
    procedure: PortalProcedure,
    parameters: Omit<PortalParameters, 'token'>,
    decode: (value: unknown) => T | null,
    whenEmpty?: () => T,
  ): Promise<PortalRead<T>> {
    const signed = this.#boundSession();
    if (!signed) return { state: 'ended', reason: this.#ended?.reason ?? 'signedOut' };
    const value = await this.#options.client.call(procedure, { ...parameters, token: signed.token });
    if (this.#signed !== signed) return { state: 'ended', reason: this.#ended?.reason ?? 'signedOut' };
    const decoded = decode(value);
    if (decoded !== null) {
      this.#touch();
      return { state: 'ok', value: decoded };
    }
    if (whenEmpty && this.#boundSession() === signed) {
      const session = objectAnswer(await this.#options.client.call('ReadSession', { token: signed.token }));
      if (session && this.#signed === signed) {
        this.#touch();
        return { state: 'ok', value: whenEmpty() };
      }
    }
    await this.end('expired');
    return { state: 'ended', reason: 'expired' };
  }

  /** LinkRequest once with the token; never retried. False is an answer, not an error. */
  async link(requestId: string): Promise<boolean | 'ended'> {
    const signed = this.#boundSession();
    if (!signed) return 'ended';
    const value = await this.#options.client.call('LinkRequest', { token: signed.token, requestId });
    return value === true;
  }

  /** AcceptQuote once with the token and the IP hash; the caller reads the answer. */
  async accept(quoteNo: string): Promise<unknown> {
    const signed = this.#boundSession();
    if (!signed) return 'ended';
    this.#touch();
    return this.#options.client.call('AcceptQuote', {
      token: signed.token,
      quoteNo,
      ipHash: await this.#options.ipHash(),
    });
  }

  /** Someone is using the desk: the idle time starts again. */
  activity(): boolean {
    if (this.#signed) this.#touch();
    return this.#signed !== undefined;
  }

  /** Forgets the customer now and sends SignOut; its answer (always true) is not read, and never retried. */
  async end(reason: SessionEndReason): Promise<PortalSessionView> {
    const signed = this.#boundSession();
    if (!signed) return this.view();
    this.#signed = undefined;
    this.#ended = { reason, at: new Date(this.#now()).toISOString() };
    this.#clearTimers();
    this.#changed();
    await this.#signOutQuietly(signed.token);
    return this.view();
  }

  /**
   * Ends the session without a call when the connection changed since sign-in (a SignOut would carry the
   * token to the new host). True when it did.
   */
  endIfConnectionChanged(): boolean {
    return this.#signed !== undefined && this.#boundSession() === undefined;
  }

  /** The signed-in session while the connection is still the one it was signed in on; else it is forgotten. */
  #boundSession(): Signed | undefined {
    const signed = this.#signed;
    if (!signed || signed.connection === this.#connection()) return signed;
    this.#signed = undefined;
    this.#ended = { reason: 'connectionChanged', at: new Date(this.#now()).toISOString() };
    this.#clearTimers();
    this.#changed();
    return undefined;
  }

  #connection(): string | null {
    return this.#options.connection?.() ?? null;
  }

  async #signOutQuietly(token: string): Promise<void> {
    try {
      await this.#options.client.call('SignOut', { token });
    } catch {
      // The customer is forgotten here whatever the host says; the session also ends by its own expiry.
    }
  }

  #touch(): void {
    clearTimeout(this.#idleTimer);
    const idleMs = this.#options.idleMs();
    this.#idleTimer = setTimeout(() => void this.end('idle').catch(() => {}), idleMs);
    this.#idleTimer.unref?.();
  }

  /** When the host says the session ends if unused, ask again (the host's clock decides). */
  #scheduleExpiry(): void {
    clearTimeout(this.#expiryTimer);
    const expiresAt = Date.parse(this.#signed?.customer.expiresAt ?? '');
    if (Number.isNaN(expiresAt)) return;
    const delay = Math.min(Math.max(expiresAt - this.#now(), 5_000), 2 ** 31 - 1);
    this.#expiryTimer = setTimeout(() => void this.refresh().catch(() => {}), delay);
    this.#expiryTimer.unref?.();
  }

  #clearTimers(): void {
    clearTimeout(this.#idleTimer);
    clearTimeout(this.#expiryTimer);
    this.#idleTimer = undefined;
    this.#expiryTimer = undefined;
  }

  #changed(): void {
    this.#revision += 1;
    this.#options.onChange(this.view());
  }
}
