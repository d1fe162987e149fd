// Which proxy host traffic takes, against the emulator over real HTTPS and two real local CONNECT proxies:
// the proxy variables win; without them the system's answer (Electron's session.resolveProxy in the
// desktop app, a PAC script's "PROXY host:port" or "DIRECT") is used, for tokens, calls and the sync's
// page receiver alike; Test connection names the proxy.
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../emulator/index.ts';
import { HostHttpClient, HostNetworkError } from '../../src/main/core/host/host-http-client.ts';
import { VoaCore } from '../../src/main/core/voa-core.ts';
import { configureProfileForEmulator } from '../support/emulator-profile.ts';
import { createTestProfile, type TestProfile } from '../support/processes.ts';

/** A forwarding proxy that answers CONNECT only (all host traffic is https), and records each tunnel. */
interface ConnectProxy {
  url: string;
  address: string;
  tunnels: string[];
  close(): Promise<void>;
}

async function startConnectProxy(): Promise<ConnectProxy> {
  const tunnels: string[] = [];
  const server: Server = createServer((_request, response) => response.writeHead(405).end());
  server.on('connect', (request, client, head) => {
    tunnels.push(request.url ?? '');
    const [host, port] = (request.url ?? '').split(':');
    const upstream = connect(Number(port), host, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    address: `127.0.0.1:${port}`,
    tunnels,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

const PROXY_VARIABLES = ['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy', 'NO_PROXY', 'no_proxy'];
const savedVariables = new Map<string, string | undefined>();

let emulator: RunningEmulator;
let folder: string;
let caFile: string;
let systemProxy: ConnectProxy;
let variablesProxy: ConnectProxy;
let hostAddress: string;
const clients: HostHttpClient[] = [];

beforeAll(async () => {
  // The machine's own proxy variables would decide these tests instead of the cases' own.
  for (const name of PROXY_VARIABLES) {
    savedVariables.set(name, process.env[name]);
    delete process.env[name];
  }
  folder = await mkdtemp(path.join(os.tmpdir(), 'voa-proxy-'));
  emulator = await startEmulator({ variants: 200, log: () => {}, stateDir: folder });
  caFile = path.join(folder, 'emulator-ca.pem');
  await writeFile(caFile, emulator.caCertificate);
  hostAddress = new URL(emulator.info.baseUrl).host;
  [systemProxy, variablesProxy] = await Promise.all([startConnectProxy(), startConnectProxy()]);
});

afterEach(async () => {
  for (const client of clients.splice(0)) await client.close();
  systemProxy.tunnels.length = 0;
  variablesProxy.tunnels.length = 0;
});

afterAll(async () => {
  await Promise.all([systemProxy?.close(), variablesProxy?.close()]);
  await emulator?.stop();
  await rm(folder, { recursive: true, force: true });
  for (const [name, value] of savedVariables) if (value !== undefined) process.env[name] = value;
});

async function client(options: { env?: NodeJS.ProcessEnv; pac?: string }): Promise<HostHttpClient> {
  const created = await HostHttpClient.create({
    caFile,
    proxy: {
      env: options.env ?? {},
      ...(options.pac === undefined ? {} : { resolveSystem: async () => options.pac as string }),
    },
  });
  clients.push(created);
  return created;
}

/** Any answer of the emulator: the point is which way the request went. */
const probe = (http: HostHttpClient) =>
  http.send({ method: 'GET', url: `${emulator.info.baseUrl}/ODataV4/` });

describe('host traffic and the proxy', () => {
  it('goes through the proxy the system names (a PAC answer), tunnelled with CONNECT', async () => {
    const http = await client({ pac: `PROXY ${systemProxy.address}; DIRECT` });
    const answer = await probe(http);
    expect(answer.status).toBeGreaterThan(0);
    expect(systemProxy.tunnels).toEqual([hostAddress]);
    expect(await http.proxyFor(emulator.info.baseUrl)).toEqual({
      kind: 'proxy',
      url: systemProxy.url,
      source: 'system',
    });
  });

  it('the variables win over the system: HTTPS_PROXY is used, and NO_PROXY goes direct', async () => {
    const pac = `PROXY ${systemProxy.address}`;
    await probe(await client({ env: { HTTPS_PROXY: variablesProxy.url }, pac }));
    expect(variablesProxy.tunnels).toEqual([hostAddress]);
    expect(systemProxy.tunnels).toEqual([]);
    const bypassed = await client({
      env: { HTTPS_PROXY: variablesProxy.url, NO_PROXY: new URL(emulator.info.baseUrl).hostname },
      pac,
    });
    expect((await probe(bypassed)).status).toBeGreaterThan(0);
    expect(variablesProxy.tunnels).toEqual([hostAddress]);
    expect(systemProxy.tunnels).toEqual([]);
    expect(await bypassed.proxyFor(emulator.info.baseUrl)).toEqual({ kind: 'direct', source: 'variables' });
  });

  it('goes direct when the system says DIRECT, or when nothing can be asked and no variable is set', async () => {
    const direct = await client({ pac: 'DIRECT' });
    expect((await probe(direct)).status).toBeGreaterThan(0);
    expect(await direct.proxyFor(emulator.info.baseUrl)).toEqual({ kind: 'direct', source: 'system' });
    const plain = await client({});
    expect((await probe(plain)).status).toBeGreaterThan(0);
    expect(await plain.proxyFor(emulator.info.baseUrl)).toEqual({ kind: 'direct', source: 'none' });
    expect(systemProxy.tunnels).toEqual([]);
    expect(variablesProxy.tunnels).toEqual([]);
  });

  it('says so when the system offers only a proxy it cannot use (SOCKS)', async () => {
    const socks = await client({ pac: 'SOCKS5 127.0.0.1:1080' });
    const failure = await probe(socks).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(HostNetworkError);
    expect((failure as Error).message).toMatch(/only HTTP\(S\) proxies are supported/);
    expect((failure as Error).message).toContain('SOCKS5 127.0.0.1:1080');
  });
});

describe('the desk behind a system proxy', () => {
  let profile: TestProfile | undefined;
  let core: VoaCore | undefined;

  afterEach(async () => {
    await core?.close();
    await profile?.dispose();
  });

  it('takes tokens, Test connection and the whole catalog sync through it, and Test connection names it', async () => {
    profile = await createTestProfile();
    const asked: string[] = [];
    core = await VoaCore.open({
      location: { profile: profile.profile, dataDir: profile.dataDir },
      shell: 'browser',
      version: 'test',
      resolveSystemProxy: async (url) => {
        asked.push(new URL(url).origin);
        return `PROXY ${systemProxy.address}`;
      },
    });
    await configureProfileForEmulator(core, emulator.info);
    const test = await core.handlers['settings:testConnection']({});
    expect(test.checks.map((check) => check.outcome)).toEqual(['works', 'works']);
    expect(test.routes).toEqual([
      {
        origin: new URL(emulator.info.baseUrl).origin,
        choice: { kind: 'proxy', url: systemProxy.url, source: 'system' },
      },
    ]);
    const tunnelsBeforeSync = systemProxy.tunnels.length;
    expect(tunnelsBeforeSync).toBeGreaterThan(0);
    const run = await core.catalog.syncNow('manual');
    expect(run.outcome).toBe('succeeded');
    // The sync's pages come through the page receiver's own connection, tunnelled as well.
    expect(systemProxy.tunnels.length).toBeGreaterThan(tunnelsBeforeSync);
    expect(new Set(systemProxy.tunnels)).toEqual(new Set([hostAddress]));
    expect(asked.length).toBeGreaterThan(0);
  });
});
