// Dev/test only, never packaged: serves the built renderer and carries the bridge over loopback HTTP, so
// that Playwright (and anyone without the Electron binary) runs the real renderer against the real core.
// Calls need the per-run token; only loopback is bound, and Host/Origin are checked against DNS rebinding.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { dispatchBridgeCall, type BridgeCore } from '../core/bridge/dispatch.ts';
import { contentTypeOf, staticFileFor } from '../shell/static-files.ts';
import {
  BRIDGE_CALL_PATH,
  BRIDGE_EVENTS_PATH,
  BRIDGE_SCRIPT_PATH,
  BRIDGE_TOKEN_HEADER,
} from './bridge-paths.ts';
import { appLog } from '../core/log/app-log.ts';

/** Largest bridge call body accepted; real calls are a few kilobytes. */
export const MAX_CALL_BODY_BYTES = 1024 * 1024;

export interface BrowserShellOptions {
  core: BridgeCore;
  /** out/ of `npm run build`: renderer/ and shell/ below it. */
  buildDir: string;
  port?: number;
  token?: string;
}

export interface RunningBrowserShell {
  /** Open this in a browser: it carries the token. */
  url: string;
  origin: string;
  port: number;
  token: string;
  close(): Promise<void>;
}

export async function startBrowserShell(options: BrowserShellOptions): Promise<RunningBrowserShell> {
  const token = options.token ?? randomBytes(24).toString('base64url');
  const rendererDir = path.join(options.buildDir, 'renderer');
  const bridgeScript = path.join(options.buildDir, 'shell', 'voa-bridge.js');
  const eventStreams = new Set<http.ServerResponse>();
  let allowedHosts: string[] = [];

  const unsubscribe = options.core.events.subscribe((name, payload) => {
    const frame = `data: ${JSON.stringify({ name, payload })}\n\n`;
    for (const stream of eventStreams) stream.write(frame);
  });

  const server = http.createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      appLog.error('browser shell: a request failed', error);
      if (!response.headersSent) send(response, 500, 'text/plain; charset=utf-8', 'internal error');
      else response.end();
    });
  });

  function tokenMatches(candidate: string | null | undefined): boolean {
    if (!candidate) return false;
    const a = Buffer.from(candidate);
    const b = Buffer.from(token);
    return a.length === b.length && timingSafeEqual(a, b);
  }

  async function handle(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    if (!allowedHosts.includes(request.headers.host ?? ''))
      return send(response, 421, 'text/plain', 'wrong host');
    const url = new URL(request.url ?? '/', `http://${request.headers.host}`);
    const origin = request.headers.origin;
    if (origin !== undefined && !allowedHosts.some((host) => origin === `http://${host}`)) {
      return send(response, 403, 'text/plain', 'cross-origin requests are refused');
    }

    if (url.pathname.startsWith(`${BRIDGE_CALL_PATH}/`) && request.method === 'POST') {
      if (!tokenMatches(request.headers[BRIDGE_TOKEN_HEADER] as string | undefined)) {
        return sendJson(response, 401, {
          ok: false,
          error: { code: 'unknown-call', message: 'Missing or wrong bridge token.' },
        });
      }
      const body = await readBody(request, MAX_CALL_BODY_BYTES);
      if (body === undefined) {
        return sendJson(response, 413, {
          ok: false,
          error: { code: 'invalid-input', message: `The call is larger than ${MAX_CALL_BODY_BYTES} bytes.` },
        });
      }
      let input: unknown;
      try {
        input = body.length ? JSON.parse(body) : {};
      } catch {
        return sendJson(response, 200, {
          ok: false,
          error: { code: 'invalid-input', message: 'The call body is not valid JSON.' },
        });
      }
      let channel: string;
      try {
        channel = decodeURIComponent(url.pathname.slice(BRIDGE_CALL_PATH.length + 1));
      } catch {
        return sendJson(response, 400, {
          ok: false,
          error: { code: 'unknown-call', message: 'The call name is not a valid URL path.' },
        });
      }
      return sendJson(response, 200, await dispatchBridgeCall(options.core.handlers, channel, input));
    }

    if (url.pathname === BRIDGE_EVENTS_PATH && request.method === 'GET') {
      if (!tokenMatches(url.searchParams.get('token')))
        return send(response, 401, 'text/plain', 'missing or wrong bridge token');
      response.writeHead(200, {
        'content-type': 'text/event-stream',
        'cache-control': 'no-store',
        connection: 'keep-alive',
      });
      response.write(': connected\n\n');
      eventStreams.add(response);
      request.on('close', () => eventStreams.delete(response));
      return;
    }

    if (request.method !== 'GET') return send(response, 405, 'text/plain', 'method not allowed');
    if (url.pathname === BRIDGE_SCRIPT_PATH) return sendFile(response, bridgeScript);
    if (url.pathname === '/' || url.pathname === '/index.html') {
      // A page load (a reload) starts the desk afresh: it ends the administrator unlock, as in Electron.
      // Only the desk's own page load, with the token: any other page can make a browser GET this
      // address, and a GET without the token changes nothing.
      // The page drops the token from its address once it has it, so a reload of the desk's own page
      // brings it back as a same-site cookie the first load set; another site's page never sends it.
      const fromUrl = url.searchParams.get('token');
      if (tokenMatches(fromUrl) || tokenMatches(pageCookie(request.headers.cookie)))
        await dispatchBridgeCall(options.core.handlers, 'admin:lock', {});
      const html = await readFile(path.join(rendererDir, 'index.html'), 'utf8');
      // A deferred classic script runs before the renderer's module script (both in document order, once
      // the page is parsed): window.voa exists when the app starts, and the renderer's own scripts are
      // fetched while the bridge's is, instead of after it.
      const withBridge = html.replace(
        '<head>',
        `<head>\n    <script defer src="${BRIDGE_SCRIPT_PATH}"></script>`,
      );
      if (tokenMatches(fromUrl))
        response.setHeader('set-cookie', `${PAGE_COOKIE}=${token}; HttpOnly; SameSite=Strict; Path=/`);
      return send(response, 200, contentTypeOf('index.html'), withBridge);
    }
    const lookup = staticFileFor(rendererDir, url.pathname);
    if (lookup.kind === 'bad-request') return send(response, 400, 'text/plain', 'bad request');
    if (lookup.kind === 'not-found') return send(response, 404, 'text/plain', 'not found');
    return sendFile(response, lookup.file);
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  allowedHosts = [`127.0.0.1:${port}`, `localhost:${port}`];
  const origin = `http://127.0.0.1:${port}`;
  return {
    url: `${origin}/?token=${token}`,
    origin,
    port,
    token,
    close: () =>
      new Promise<void>((resolve) => {
        unsubscribe();
        for (const stream of eventStreams) stream.end();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** The cookie that tells a reload of the desk's own page (HttpOnly, same-site only). */
const PAGE_COOKIE = 'voa-desk-page';

/** The page cookie's value in a Cookie header, if it has one. */
function pageCookie(header: string | undefined): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === PAGE_COOKIE) return value.join('=');
  }
  return undefined;
}

function send(response: http.ServerResponse, status: number, type: string, body: string | Buffer): void {
  response.writeHead(status, {
    'content-type': type,
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
  });
  response.end(body);
}

function sendJson(response: http.ServerResponse, status: number, value: unknown): void {
  send(response, status, 'application/json; charset=utf-8', JSON.stringify(value));
}

async function sendFile(response: http.ServerResponse, file: string): Promise<void> {
  try {
    const content = await readFile(file);
    send(response, 200, contentTypeOf(file), content);
  } catch {
    send(response, 404, 'text/plain', 'not found');
  }
}

/** The body as text, or undefined when it is larger than `limit` (the rest is read and dropped). */
function readBody(request: http.IncomingMessage, limit: number): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
    });
    request.on('end', () => resolve(size > limit ? undefined : Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}
