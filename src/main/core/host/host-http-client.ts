// The one HTTP layer for all host traffic, tokens included: time-outs, the optional extra CA file (added to
// the system roots, for a TLS-inspecting proxy or the emulator) and the proxy: the standard variables
// (HTTPS_PROXY, HTTP_PROXY, NO_PROXY) win, else the system's choice where the shell can ask it
// (proxy-choice.ts).
import type * as UndiciModule from 'undici';
import { readFile } from 'node:fs/promises';
import tls from 'node:tls';
import type { Dispatcher } from 'undici';
import type { Readable } from 'node:stream';
import {
  ANSWER_MAX_BYTES,
  DEFAULT_MINIMUM_RATE,
  ERROR_ANSWER_KEPT_BYTES,
  type AnswerKind,
  type MinimumRate,
} from './answer-limits.ts';
import { AnswerTooLargeError, AnswerTooSlowError, readBoundedBody } from './bounded-body.ts';
import { chooseProxy, type ProxyChoice, type SystemProxyResolver } from './proxy-choice.ts';

type Undici = typeof UndiciModule;
/**
 * Loaded on the first host call, or earlier by the desk's warm-up (host-libraries.ts): commands that never
 * reach the host start without it.
 */
let undici: Promise<Undici> | undefined;
export const loadUndici = (): Promise<Undici> => (undici ??= import('undici'));

export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;

export interface HostRequest {
  method: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  body?: string;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** What kind of answer this is, for its byte limit (answer-limits.ts); the largest when not given. */
  answer?: AnswerKind;
  /** A lower byte limit than the kind's (the sync's policy; tests of an oversized answer). */
  maxBytes?: number;
  /** The slowest the body may come; DEFAULT_MINIMUM_RATE when not given (tests pass their own). */
  minimumRate?: MinimumRate;
}

export interface HostResponse {
  status: number;
  headers: Record<string, string>;
  /** The body as text, decoded from `bytes` when first read. */
  readonly body: string;
  /** The body as received (the page receiver scans a page's records in these bytes). */
  readonly bytes?: Uint8Array<ArrayBuffer>;
}

/** An answer as HostHttpClient received it: its bytes are always there. */
export type ReceivedResponse = HostResponse & { readonly bytes: Uint8Array<ArrayBuffer> };

/**
 * What sends a request and receives its answer: HostHttpClient, or the page receiver, which receives a
 * sync's pages on a thread of its own (catalog-page-receiver.ts, started by catalog-sync-worker-client.ts).
 */
export interface HostTransport {
  send(hostRequest: HostRequest): Promise<HostResponse>;
}

/** A response whose text is decoded only if asked for. */
function responseOf(
  status: number,
  headers: Record<string, string>,
  bytes: Uint8Array<ArrayBuffer>,
): ReceivedResponse {
  let text: string | undefined;
  return {
    status,
    headers,
    bytes,
    get body() {
      return (text ??= new TextDecoder().decode(bytes));
    },
  };
}

/** No answer from the host: refused, reset, TLS failure or time-out. The request may or may not have run. */
export class HostNetworkError extends Error {
  override name = 'HostNetworkError';
  readonly timedOut: boolean;
  constructor(message: string, options: { cause?: unknown; timedOut?: boolean } = {}) {
    super(message, { cause: options.cause });
    this.timedOut = options.timedOut ?? false;
  }
}

/**
 * How the client picks a proxy: from the variables of `env` (default process.env) and else the system's
 * resolver; or one choice made elsewhere (the sync's page receiver, on a thread that cannot ask the system).
 */
export type ProxyOptions =
  { env?: NodeJS.ProcessEnv; resolveSystem?: SystemProxyResolver | undefined } | { fixed: ProxyChoice };

/** A system's answer is asked again after this long: a laptop moves between networks. */
const PROXY_CHOICE_KEPT_MS = 60_000;

export class HostHttpClient implements HostTransport {
  readonly #undici: Undici;
  readonly #tls: { ca?: string[] };
  readonly #proxy: ProxyOptions;
  readonly #timeoutMs: number;
  /** A dispatcher per proxy (and one for direct), made on first use. */
  readonly #dispatchers = new Map<string, Dispatcher>();
  readonly #choices = new Map<string, { at: number; choice: Promise<ProxyChoice> }>();

  private constructor(library: Undici, tls: { ca?: string[] }, proxy: ProxyOptions, timeoutMs: number) {
    this.#undici = library;
    this.#tls = tls;
    this.#proxy = proxy;
    this.#timeoutMs = timeoutMs;
  }

  /** The proxy a request to `url` goes through (Test connection names it). */
  proxyFor(url: string): Promise<ProxyChoice> {
    if ('fixed' in this.#proxy) return Promise.resolve(this.#proxy.fixed);
    const origin = originOf(url);
    const kept = this.#choices.get(origin);
    if (kept && Date.now() - kept.at < PROXY_CHOICE_KEPT_MS) return kept.choice;
    const choice = chooseProxy(url, {
      env: this.#proxy.env ?? process.env,
      resolveSystem: this.#proxy.resolveSystem,
    });
    this.#choices.set(origin, { at: Date.now(), choice });
    choice.catch(() => this.#choices.delete(origin));
    return choice;
  }

  #dispatcherFor(choice: ProxyChoice): Dispatcher {
    const key = choice.kind === 'direct' ? 'direct' : choice.url;
    let dispatcher = this.#dispatchers.get(key);
    if (!dispatcher) {
      const tls = this.#tls;
      dispatcher =
        choice.kind === 'direct'
          ? new this.#undici.Agent({ connect: tls })
          : new this.#undici.ProxyAgent({ uri: choice.url, connect: tls, requestTls: tls, proxyTls: tls });
      this.#dispatchers.set(key, dispatcher);
    }
    return dispatcher;
  }

  static async create(
    options: { caFile?: string; timeoutMs?: number; proxy?: ProxyOptions } = {},
  ): Promise<HostHttpClient> {
    let ca: string[] | undefined;
    if (options.caFile) {
      let pem: string;
      try {
        pem = await readFile(options.caFile, 'utf8');
      } catch (error) {
        throw new Error(
          `The extra CA file ${options.caFile} could not be read: ${(error as Error).message}`,
          { cause: error },
        );
      }
      if (!pem.includes('-----BEGIN CERTIFICATE-----')) {
        throw new Error(`The extra CA file ${options.caFile} holds no PEM certificate.`);
      }
      ca = [...tls.rootCertificates, pem];
    }
    const library = await loadUndici();
    return new HostHttpClient(
      library,
      ca ? { ca } : {},
      options.proxy ?? {},
      options.timeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS,
    );
  }

  async send(hostRequest: HostRequest): Promise<ReceivedResponse> {
    const timeoutMs = hostRequest.timeoutMs ?? this.#timeoutMs;
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = hostRequest.signal ? AbortSignal.any([hostRequest.signal, timeout]) : timeout;
    let choice: ProxyChoice;
    try {
      choice = await this.proxyFor(hostRequest.url);
    } catch (error) {
      throw new HostNetworkError((error as Error).message, { cause: error });
    }
    try {
      const response = await this.#undici.request(hostRequest.url, {
        method: hostRequest.method,
        headers: hostRequest.headers,
        body: hostRequest.body,
        dispatcher: this.#dispatcherFor(choice),
        signal,
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
      });
      const bytes = await readAnswer(response.statusCode, response.headers, response.body, hostRequest);
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(response.headers)) {
        if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
      }
      return responseOf(response.statusCode, headers, bytes);
    } catch (error) {
      if (hostRequest.signal?.aborted) throw hostRequest.signal.reason ?? error;
      if (error instanceof AnswerTooLargeError || error instanceof AnswerTooSlowError)
        throw new HostNetworkError(error.message, { cause: error });
      const timedOut = timeout.aborted;
      throw new HostNetworkError(
        timedOut
          ? `No answer from ${originOf(hostRequest.url)} within ${timeoutMs / 1000} s`
          : describeNetworkError(hostRequest.url, error),
        { cause: error, timedOut },
      );
    }
  }

  async close(): Promise<void> {
    await Promise.all([...this.#dispatchers.values()].map((dispatcher) => dispatcher.close()));
  }
}

const ANSWER_NAMES: Record<AnswerKind, string> = {
  catalogPage: 'a catalog page',
  portalAnswer: 'a portal answer',
  portalDocument: 'a portal document',
  requestAnswer: 'a request',
  liveStock: 'a live stock check',
  token: 'the identity provider',
};

/**
 * A success is read whole up to its kind's limit, or refused; of any other answer only the start is kept
 * (its status tells what happened). Both at least at the minimum rate.
 */
function readAnswer(
  status: number,
  headers: Record<string, string | string[] | undefined>,
  body: Readable,
  hostRequest: HostRequest,
): Promise<Uint8Array<ArrayBuffer>> {
  const kind = hostRequest.answer ?? 'catalogPage';
  const limit = Math.min(ANSWER_MAX_BYTES[kind], hostRequest.maxBytes ?? Infinity);
  const success = status >= 200 && status < 300;
  const declared = Number(headers['content-length']);
  return readBoundedBody(body, Number.isFinite(declared) ? declared : undefined, {
    maxBytes: success ? limit : Math.min(limit, ERROR_ANSWER_KEPT_BYTES),
    cut: !success,
    minimumRate: hostRequest.minimumRate ?? DEFAULT_MINIMUM_RATE,
    what: ANSWER_NAMES[kind],
  });
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}

function describeNetworkError(url: string, error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  const code = (error as { code?: string }).code ?? cause?.code;
  const origin = originOf(url);
  if (code === 'ECONNREFUSED') return `${origin} refused the connection`;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return `${origin} could not be found (DNS)`;
  if (code && /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|ERR_TLS/.test(code)) {
    return `The TLS certificate of ${origin} is not trusted (${code}). Behind a TLS-inspecting proxy, set its CA file in Settings.`;
  }
  return `${origin} could not be reached: ${cause?.message ?? (error as Error).message}`;
}
