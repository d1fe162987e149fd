import { Agent, fetch, type Headers } from 'undici';
import { startEmulator, type EmulatorOptions, type RunningEmulator } from '../../emulator/index.ts';

/**
 * A parsed response body. Tests assert on its shape with expect(), so it is deliberately loose: this is the
 * one place the suite gives up static typing, instead of casting at every assertion.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

/**
 * A client of the emulator as the app would be one: real HTTPS trusting only the emulator's CA,
 * tokens from the token endpoint, and the headers the app sends on every call.
 */
export interface HttpAnswer {
  status: number;
  headers: Headers;
  text: string;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  json: Json;
}

export type ApplicationName = 'website' | 'sync';

export interface CallOptions {
  method?: string;
  token?: string | null;
  language?: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface EmulatorTestClient {
  emulator: RunningEmulator;
  agent: Agent;
  call(url: string, options?: CallOptions): Promise<HttpAnswer>;
  token(application: ApplicationName): Promise<string>;
  requestToken(form: Record<string, string>, tenant?: string): Promise<HttpAnswer>;
  catalogUrl(page: string, query?: string): string;
  catalog(
    page: string,
    query?: string,
    options?: CallOptions & { application?: ApplicationName },
  ): Promise<HttpAnswer>;
  actionUrl(action: string, company?: string): string;
  createRequest(
    kind: 'quote' | 'account',
    payload: unknown,
    options?: CallOptions & { application?: ApplicationName },
  ): Promise<HttpAnswer>;
  admin(path: string, method?: string, body?: unknown): Promise<HttpAnswer>;
  /** Calls voaPortal_{procedure} as the website application; `value` is the envelope's value. */
  portal(
    procedure: string,
    parameters: Record<string, unknown>,
    options?: CallOptions & { application?: ApplicationName },
  ): Promise<HttpAnswer & { value: Json }>;
  stop(): Promise<void>;
}

/** A portal answer's value parsed a second time, as the reference asks for objects; '' stays ''. */
export function portalObject(answer: { value: Json }): Json {
  if (typeof answer.value !== 'string')
    throw new Error(`not a string value: ${JSON.stringify(answer.value)}`);
  return answer.value === '' ? '' : JSON.parse(answer.value);
}

export function escapeCompanyForUrl(name: string): string {
  return encodeURIComponent(name.replaceAll("'", "''"));
}

export async function startTestEmulator(options: EmulatorOptions = {}): Promise<EmulatorTestClient> {
  const emulator = await startEmulator({ variants: 200, log: () => {}, ...options });
  const agent = new Agent({ connect: { ca: emulator.caCertificate } });
  const { info } = emulator;
  const tokens = new Map<ApplicationName, string>();

  async function call(url: string, options: CallOptions = {}): Promise<HttpAnswer> {
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'Accept-Language': options.language ?? 'en-US',
      ...options.headers,
    };
    if (options.token) headers['Authorization'] = `Bearer ${options.token}`;
    if (options.body !== undefined) headers['Content-Type'] ??= 'application/json';
    const response = await fetch(url, {
      method: options.method ?? 'GET',
      headers,
      ...(options.body !== undefined ? { body: options.body } : {}),
      dispatcher: agent,
    });
    const text = await response.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: response.status, headers: response.headers, text, json };
  }

  async function requestToken(form: Record<string, string>, tenant = info.tenant): Promise<HttpAnswer> {
    return call(`${info.authUrl}/${tenant}/oauth2/v2.0/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });
  }

  async function token(application: ApplicationName): Promise<string> {
    const cached = tokens.get(application);
    if (cached) return cached;
    const credentials = info[application];
    const answer = await requestToken({
      grant_type: 'client_credentials',
      client_id: credentials.clientId,
      client_secret: credentials.clientSecret,
      scope: `${info.apiResource}/.default`,
    });
    if (answer.status !== 200) throw new Error(`token for ${application}: ${answer.status} ${answer.text}`);
    tokens.set(application, answer.json.access_token);
    return answer.json.access_token as string;
  }

  const catalogUrl = (page: string, query?: string): string =>
    `${info.baseUrl}/ODataV4/Company('${escapeCompanyForUrl(info.companyName)}')/${page}${query ? `?${query}` : ''}`;

  const actionUrl = (action: string, company = info.companyId): string =>
    `${info.baseUrl}/ODataV4/${action}?company=${encodeURIComponent(company)}`;

  return {
    emulator,
    agent,
    call,
    token,
    requestToken,
    catalogUrl,
    async catalog(page, query, options = {}) {
      return call(catalogUrl(page, query), { token: await token(options.application ?? 'sync'), ...options });
    },
    actionUrl,
    async createRequest(kind, payload, options = {}) {
      const action = kind === 'quote' ? 'voaRequests_CreateQuoteRequest' : 'voaRequests_CreateAccountRequest';
      return call(actionUrl(action), {
        method: 'POST',
        token: await token(options.application ?? 'website'),
        body: JSON.stringify({ payload: typeof payload === 'string' ? payload : JSON.stringify(payload) }),
        ...options,
      });
    },
    async admin(path, method = 'GET', body) {
      return call(`${info.adminUrl}${path}`, {
        method,
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
    },
    async portal(procedure, parameters, options = {}) {
      const answer = await call(actionUrl(`voaPortal_${procedure}`), {
        method: 'POST',
        token: await token(options.application ?? 'website'),
        body: JSON.stringify(parameters),
        ...options,
      });
      return { ...answer, value: answer.json?.value };
    },
    async stop() {
      await agent.close();
      await emulator.stop();
    },
  };
}
