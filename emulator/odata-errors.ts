import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';

/** Headers Business Central puts on every OData v4 JSON answer. */
export const odataJsonHeaders = {
  'Content-Type': 'application/json; odata.metadata=minimal; odata.streaming=true',
  'OData-Version': '4.0',
} as const;

/**
 * An error as Business Central reports it: `{ "error": { "code", "message" } }`, the message ending in
 * the correlation id the host appends for its telemetry.
 */
export class HostError extends Error {
  readonly status: number;
  readonly code: string;
  readonly headers: Readonly<Record<string, string>>;

  constructor(status: number, code: string, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.headers = headers;
  }
}

export function hostErrorBody(code: string, message: string): string {
  return JSON.stringify({ error: { code, message: `${message}  CorrelationId:  ${randomUUID()}.` } });
}

export function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  response.writeHead(status, { ...odataJsonHeaders, 'Content-Length': Buffer.byteLength(text), ...headers });
  response.end(text);
}

export function sendHostError(response: ServerResponse, error: HostError): void {
  sendJson(response, error.status, hostErrorBody(error.code, error.message), { ...error.headers });
}
