// A hostile (or just broken) host for security tests: an HTTPS listener with a certificate from the
// emulator's own CA (so VOA Desk trusts it as it trusts the emulator) that passes every request on to the
// emulator, its own address written over the emulator's in every answer, unless the test's `misbehave`
// takes the request: an endless page, a next-page loop, a trickling body, a huge field or error text.
import https from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { prepareTlsMaterial } from '../../emulator/certificate-authority.ts';

export interface HostileRequest {
  method: string;
  /** Path and query, as received. */
  url: string;
  body: string;
}

/** Answers a request itself (true), or leaves it to the emulator (false). */
export type Misbehaviour = (request: HostileRequest, response: ServerResponse) => boolean;

export interface HostileHost {
  origin: string;
  /** The base URL to put in Settings: the emulator's, on this listener. */
  baseUrl: string;
  /** Every request received, in order. */
  received: HostileRequest[];
  misbehave: Misbehaviour | undefined;
  close(): Promise<void>;
}

export async function startHostileHost(
  stateDir: string,
  emulator: { baseUrl: string; caFile: string },
): Promise<HostileHost> {
  const tls = await prepareTlsMaterial(stateDir);
  const upstream = new URL(emulator.baseUrl).origin;
  const received: HostileRequest[] = [];
  const host: HostileHost = {
    origin: '',
    baseUrl: '',
    received,
    misbehave: undefined,
    close: async () => {},
  };
  const server = https.createServer(
    { key: tls.serverKeyPem, cert: tls.serverCertificatePem },
    (request: IncomingMessage, response: ServerResponse) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const seen = {
          method: request.method ?? 'GET',
          url: request.url ?? '/',
          body: Buffer.concat(chunks).toString('utf8'),
        };
        received.push(seen);
        // A client that gave up must not make the listener throw.
        response.on('error', () => {});
        if (host.misbehave?.(seen, response)) return;
        void forward(seen, request, response);
      });
    },
  );

  async function forward(seen: HostileRequest, request: IncomingMessage, response: ServerResponse) {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers))
      if (typeof value === 'string' && !['host', 'content-length', 'connection'].includes(name))
        headers[name] = value;
    const answer = await new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
      const outgoing = https.request(
        `${upstream}${seen.url}`,
        { method: seen.method, headers, ca: tls.caCertificatePem },
        (incoming) => {
          const parts: Buffer[] = [];
          incoming.on('data', (part: Buffer) => parts.push(part));
          incoming.on('end', () =>
            resolve({
              status: incoming.statusCode ?? 502,
              type: String(incoming.headers['content-type'] ?? 'application/json'),
              body: Buffer.concat(parts).toString('utf8'),
            }),
          );
          incoming.on('error', reject);
        },
      );
      outgoing.on('error', reject);
      outgoing.end(seen.body);
    }).catch((error: Error) => ({ status: 502, type: 'text/plain', body: error.message }));
    response.writeHead(answer.status, { 'content-type': answer.type });
    response.end(answer.body.replaceAll(upstream, host.origin));
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  host.origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  host.baseUrl = emulator.baseUrl.replace(upstream, host.origin);
  host.close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return host;
}

/** Writes `chunk` again and again until the client stops reading: a body without end. */
export function endlessBody(response: ServerResponse, start: string, chunk: string): void {
  response.writeHead(200, { 'content-type': 'application/json' });
  response.write(start);
  const more = () => {
    while (!response.destroyed && response.write(chunk));
    if (!response.destroyed) response.once('drain', more);
  };
  response.on('close', () => response.removeAllListeners('drain'));
  more();
}

/** A catalog page request for `page` (voaCategories, voaItems, …) of the host's company. */
export const isCatalogPage = (url: string, page: string): boolean =>
  url.includes(`/${page}`) && url.includes('ODataV4/Company');

/**
 * The catalog cases the security tests and the bench share: each one misbehaves on one kind of page,
 * the way a broken proxy or an attacker does. A case keeps what it needs (timers, held answers) and
 * `stop()` lets go of it.
 */
export const HOSTILE_CATALOG_CASES = {
  /** A categories page without end. */
  endlessPage: () =>
    misbehaviourOn('voaCategories', (_url, response) =>
      endlessBody(response, '{"value":[', '{"Code":"X","Description":"' + 'y'.repeat(8000) + '"},'),
    ),
  /** A next-page link to the page itself. */
  nextLinkToItself: (host: HostileHost) =>
    misbehaviourOn('voaCategories', (url, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          value: [{ Code: 'LOOP', Description: 'Loop' }],
          '@odata.nextLink': `${host.origin}${url}`,
        }),
      );
    }),
  /** Next-page links that go round three distinct pages. */
  nextLinksInACircle: (host: HostileHost) =>
    misbehaviourOn('voaCategories', (url, response) => {
      const page = Number(new URL(url, host.origin).searchParams.get('round') ?? '0');
      const next = new URL(url, host.origin);
      next.searchParams.set('round', String((page + 1) % 3));
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({ value: [{ Code: `R${page}`, Description: 'Round' }], '@odata.nextLink': next.href }),
      );
    }),
  /** A new next page every time, without end; `served` counts them. */
  endlessNextPages: (host: HostileHost) => {
    const state = { served: 0 };
    return Object.assign(
      misbehaviourOn('voaCategories', (url, response) => {
        state.served += 1;
        const next = new URL(url, host.origin);
        next.searchParams.set('page', String(state.served));
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({
            value: [{ Code: `P${state.served}`, Description: 'Page' }],
            '@odata.nextLink': next.href,
          }),
        );
      }),
      { served: () => state.served },
    );
  },
  /** An items page that comes one space every 20 ms. */
  tricklingPage: () => {
    const timers = new Set<NodeJS.Timeout>();
    return Object.assign(
      misbehaviourOn('voaItems', (_url, response) => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.write('{"value":[');
        const timer = setInterval(() => response.write(' '), 20);
        timers.add(timer);
        response.on('close', () => {
          clearInterval(timer);
          timers.delete(timer);
        });
      }),
      { stop: () => timers.forEach(clearInterval) },
    );
  },
  /** Two items whose descriptions are 5 MB long or nested 2.5 million arrays deep. */
  hugeFields: () =>
    misbehaviourOn('voaItems', (_url, response) => {
      // Written by hand: JSON.stringify would itself overflow on an array nested 2.5 million deep.
      const nested = '['.repeat(2_500_000) + ']'.repeat(2_500_000);
      const item = (no: string, description: string, description2: string) =>
        `{"No":"${no}","Description":${description},"Description2":${description2},"BaseUnitofMeasure":"PCS",` +
        `"DXPriceUOMSalesDMX":"KG","ItemCategoryCode":"BEAM","DXItemProfileCodeDMX":"HEA","DXQualityCodeDMX":"S235",` +
        `"Blocked":false,"SalesBlocked":false}`;
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        `{"value":[${item('HUGE1', nested, `"${'Ä'.repeat(5 * 1024 * 1024)}"`)},${item('HUGE2', `"${'staal '.repeat(900_000)}"`, nested)}]}`,
      );
    }),
} as const;

export type HostileCatalogCase = keyof typeof HOSTILE_CATALOG_CASES;

function misbehaviourOn(
  page: string,
  answer: (url: string, response: ServerResponse) => void,
): Misbehaviour & { stop(): void } {
  const misbehaviour: Misbehaviour = ({ url }, response) => {
    if (!isCatalogPage(url, page)) return false;
    answer(url, response);
    return true;
  };
  return Object.assign(misbehaviour, { stop: () => {} });
}
