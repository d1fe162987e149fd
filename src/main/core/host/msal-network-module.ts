// msal-node's network calls go through VOA Desk's one HTTP layer, so the token endpoint gets the same
// CA, proxy and time-out handling as every other host call.
import type { INetworkModule, NetworkRequestOptions, NetworkResponse } from '@azure/msal-node';
import type { HostHttpClient } from './host-http-client.ts';

export class MsalNetworkModule implements INetworkModule {
  readonly #http: HostHttpClient;
  constructor(http: HostHttpClient) {
    this.#http = http;
  }

  sendGetRequestAsync<T>(
    url: string,
    options?: NetworkRequestOptions,
    timeout?: number,
  ): Promise<NetworkResponse<T>> {
    return this.#send<T>('GET', url, options, timeout);
  }

  sendPostRequestAsync<T>(url: string, options?: NetworkRequestOptions): Promise<NetworkResponse<T>> {
    return this.#send<T>('POST', url, options);
  }

  async #send<T>(
    method: 'GET' | 'POST',
    url: string,
    options?: NetworkRequestOptions,
    timeout?: number,
  ): Promise<NetworkResponse<T>> {
    const response = await this.#http.send({
      method,
      url,
      answer: 'token',
      ...(options?.headers ? { headers: options.headers } : {}),
      ...(options?.body !== undefined ? { body: options.body } : {}),
      ...(timeout ? { timeoutMs: timeout } : {}),
    });
    let body: unknown;
    try {
      body = response.body ? JSON.parse(response.body) : {};
    } catch {
      // msal reads error and error_description from the body; a non-JSON answer becomes one it can report.
      body = {
        error: 'invalid_response',
        error_description: `HTTP ${response.status}: ${response.body.slice(0, 200)}`,
      };
    }
    return { status: response.status, headers: response.headers, body: body as T };
  }
}
