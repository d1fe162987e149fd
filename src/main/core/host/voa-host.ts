// Calls to the host's OData endpoints for one application: the URL under {baseUrl}/ODataV4, a token for
// that application, and the headers the contract (docs/contract.md) asks for (a fixed Accept-Language from
// settings, so messages and captions do not depend on the machine's locale).
import type { ApplicationName, Settings } from '../../../shared/settings.ts';
import type { HostHttpClient, HostResponse, HostTransport } from './host-http-client.ts';
import type { ProxyChoice } from './proxy-choice.ts';
import { callHost, type CallKind, type CallOptions, type CallResult } from './host-policy.ts';
import type { TokenProvider } from './token-provider.ts';
import { cutHostWords, type AnswerKind, type MinimumRate } from './answer-limits.ts';

export interface VoaHostRequest {
  method: 'GET' | 'POST';
  /** Absolute (an @odata.nextLink) or relative to {baseUrl}/ODataV4/. */
  url: string;
  /** JSON body for actions. */
  json?: unknown;
  timeoutMs?: number;
  signal?: AbortSignal;
  /**
   * Sends it and receives the answer instead of the HTTP client: a sync's page receiver
   * (catalog-page-receiver.ts), so that a page's megabytes never reach the main thread. The token, the
   * headers and the policy stay here.
   */
  via?: HostTransport;
  /** The answer's kind for its byte limit (answer-limits.ts), when not the one the kind of call implies. */
  answer?: AnswerKind;
  /** A lower byte limit than the answer kind's. */
  maxBytes?: number;
  /** The slowest an answer may come (tests of a trickling host pass their own). */
  minimumRate?: MinimumRate;
}

const ANSWER_OF_CALL: Record<CallKind, AnswerKind> = {
  catalogRead: 'catalogPage',
  requestCreate: 'requestAnswer',
  portalRead: 'portalAnswer',
  portalAction: 'portalAnswer',
};

export class VoaHost {
  readonly #http: () => Promise<HostHttpClient>;
  readonly #tokens: TokenProvider;
  readonly #settings: () => Settings;
  readonly #onAnswer: ((kind: CallKind, application: ApplicationName) => void) | undefined;

  constructor(options: {
    http: () => Promise<HostHttpClient>;
    tokens: TokenProvider;
    settings: () => Settings;
    /** Every HTTP answer of a call, even a refusal: the host is reachable (the header says by what). */
    onAnswer?: (kind: CallKind, application: ApplicationName) => void;
  }) {
    this.#http = options.http;
    this.#tokens = options.tokens;
    this.#settings = options.settings;
    this.#onAnswer = options.onAnswer;
  }

  /** The proxy a request to `url` goes through now (Test connection names it; the sync's receiver uses it). */
  async proxyFor(url: string): Promise<ProxyChoice> {
    return (await this.#http()).proxyFor(url);
  }

  odataUrl(relative: string, settings = this.#settings()): string {
    return `${settings.host.baseUrl}/ODataV4/${relative}`;
  }

  /**
   * One call under the host policy (host-policy.ts): the 401 refresh, 429 waits and retries as the kind
   * of call and the limits allow. Returns the last answer with the policy's verdict on it.
   */
  call(
    application: ApplicationName,
    kind: CallKind,
    request: VoaHostRequest,
    options: Omit<CallOptions, 'kind' | 'send' | 'refreshToken' | 'signal'>,
  ): Promise<CallResult> {
    let lastToken: string | undefined;
    return callHost({
      ...options,
      kind,
      ...(request.signal ? { signal: request.signal } : {}),
      send: async () => {
        const { response, token } = await this.#sendOnce(application, kind, request);
        lastToken = token;
        this.#onAnswer?.(kind, application);
        return response;
      },
      refreshToken: () => this.#tokens.forget(application, lastToken),
    });
  }

  async #sendOnce(
    application: ApplicationName,
    kind: CallKind,
    request: VoaHostRequest,
  ): Promise<{ response: HostResponse; token: string }> {
    // The settings as the token provider reads them in this same step: its secret is checked against
    // this base URL, so a settings save while the token is fetched cannot send the token elsewhere.
    const settings = this.#settings();
    const token = await this.#tokens.accessToken(application);
    const http = request.via ?? (await this.#http());
    const headers: Record<string, string> = {
      authorization: `Bearer ${token}`,
      accept: 'application/json',
      'accept-language': settings.host.language || 'nl-NL',
    };
    if (request.json !== undefined) headers['content-type'] = 'application/json';
    const response = await http.send({
      method: request.method,
      url: /^https:\/\//i.test(request.url) ? request.url : this.odataUrl(request.url, settings),
      headers,
      ...(request.json !== undefined ? { body: JSON.stringify(request.json) } : {}),
      ...(request.timeoutMs ? { timeoutMs: request.timeoutMs } : {}),
      ...(request.signal ? { signal: request.signal } : {}),
      ...(request.minimumRate ? { minimumRate: request.minimumRate } : {}),
      ...(request.maxBytes ? { maxBytes: request.maxBytes } : {}),
      answer: request.answer ?? ANSWER_OF_CALL[kind],
    });
    return { response, token };
  }
}

/**
 * The host's own words for an answer that was not ok, when it sent any: its error message, or its text.
 * None for an empty body, where hostErrorMessage falls back to "HTTP nnn".
 */
export function hostWordsOf(response: HostResponse): string | undefined {
  return response.body.trim() ? hostErrorMessage(response) : undefined;
}

/**
 * The host's message in an error body: Business Central answers { "error": { "code", "message" } }. Cut
 * to HOST_WORDS_MAX_CHARS here, where the host's words enter, before anything stores or shows them.
 */
export function hostErrorMessage(response: HostResponse): string {
  try {
    const parsed = JSON.parse(response.body) as { error?: { message?: unknown } };
    if (typeof parsed.error?.message === 'string') return cutHostWords(parsed.error.message);
  } catch {
    // Not JSON, or only its start was kept (answer-limits.ts): the message's start, else the raw text.
    const start = /^\s*\{\s*"error"\s*:\s*\{[^]*?"message"\s*:\s*"((?:[^"\\]|\\.)*)/.exec(response.body);
    if (start?.[1]) return cutHostWords(start[1].replace(/\\(.)/g, '$1'));
  }
  return response.body.trim().slice(0, 500) || `HTTP ${response.status}`;
}
