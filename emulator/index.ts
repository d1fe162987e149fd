import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createAdminHandler, type CatalogChoice } from './admin-api.ts';
import { prepareTlsMaterial } from './certificate-authority.ts';
import { generateCatalog, type CatalogCounts, type SeededCatalog } from './catalog-generator.ts';
import { createEmulatorClock } from './emulator-clock.ts';
import { createEmulatorState, type EmulatorSettings, type EmulatorState } from './emulator-state.ts';
import { defaultPortalSettings } from './portal-settings.ts';
import { createPortalState } from './portal-state.ts';
import { seededCustomers, type PortalData } from './portal-data.ts';
import { createFaultPlan, parseFaultSpec, type FaultPlan, type FaultSpec } from './faults.ts';
import { createHostRequestHandler, syncPermissionSetNames, type HostSite } from './host-server.ts';
import { createIdentityProvider, type ApplicationRegistration } from './identity-provider.ts';

export { generateCatalog, catalogPageDefinitions, catalogPageNames } from './catalog-generator.ts';
export type {
  CatalogCounts,
  CatalogPageName,
  CatalogRow,
  RowView,
  SeededCatalog,
} from './catalog-generator.ts';
export type { FaultRule, FaultSpec } from './faults.ts';
export type { EmulatorSettings, RecordedCall, RecordedMail, StoredRequest } from './emulator-state.ts';
export { duplicateMarker } from './host-messages.ts';

export interface EmulatorOptions {
  /** Port on 127.0.0.1; 0 (the default) picks a free one. */
  port?: number;
  /** Number of item variants in the seeded catalog (100 to 1,000,000). */
  variants?: number;
  seed?: string | number;
  /** Server-driven page size; Business Central's default maximum is 20,000. */
  pageSize?: number;
  /** Whether the steel extension is installed (default true). */
  steel?: boolean;
  /** Fault specification, as an object, JSON text, or `@file`. */
  faults?: FaultSpec | string;
  companyName?: string;
  tokenLifetimeSeconds?: number;
  /**
   * Where the CA and the identities (tenant, company id, client secrets) are kept. Reused when present,
   * so a client configured once keeps working across restarts. Default: a temporary directory removed on stop.
   */
  stateDir?: string;
  environment?: string;
  /** Log lines (default: stderr). */
  log?: (line: string) => void;
  /**
   * Hears each host request as it arrives, before it is answered (in-process tests: what the client
   * asked for, and when, against what it has done so far).
   */
  onRequest?: (method: string, path: string) => void;
}

export interface EmulatorClientCredentials {
  clientId: string;
  clientSecret: string;
}

/** The readiness line: everything a client needs to reach the emulator. */
export interface EmulatorInfo {
  baseUrl: string;
  authUrl: string;
  tenant: string;
  environment: string;
  apiResource: string;
  companyName: string;
  companyId: string;
  website: EmulatorClientCredentials;
  sync: EmulatorClientCredentials;
  caFile: string;
  adminUrl: string;
  pid: number;
  seed: string;
  steel: boolean;
  pageSize: number;
  catalog: CatalogCounts;
  /** Seeded portal users to sign in with: a Buyer and a Viewer of the same customer. */
  portalUsers: { buyer: string; viewer: string };
}

export interface RunningEmulator {
  info: EmulatorInfo;
  /** Row counts of the catalog being served, for assertions. */
  readonly expectedCatalog: CatalogCounts;
  /** The catalog being served (a reset may seed another), to compute expected rows. */
  readonly catalog: SeededCatalog;
  /** PEM of the CA that signed the server certificate. */
  caCertificate: string;
  /** Live host state (settings, stored requests, mail, calls), for in-process tests. */
  state: EmulatorState;
  stop(): Promise<void>;
}

export const defaultCompanyName = "Staalhandel 't Gooi B.V.";
export const defaultPageSize = 20_000;
export const defaultVariants = 5_000;
/** The API resource of Business Central online; the token scope is `{apiResource}/.default`. */
export const businessCentralApiResource = 'https://api.businesscentral.dynamics.com';

interface StoredIdentity {
  tenant: string;
  companyId: string;
  website: EmulatorClientCredentials;
  sync: EmulatorClientCredentials;
  adminKey: string;
}

const identityFileName = 'emulator-identity.json';

function newSecret(): string {
  // Entra secrets are 40 characters of letters, digits and a few symbols.
  return randomBytes(30).toString('base64').replaceAll('+', '~').replaceAll('/', '_');
}

/**
 * The identities are kept in `--state-dir` so a configured client keeps working across restarts. Without
 * one they live in memory only: the client secrets then never touch the disk (the demo relies on that).
 */
async function loadOrCreateIdentity(stateDir: string | undefined): Promise<StoredIdentity> {
  const path = stateDir === undefined ? undefined : join(stateDir, identityFileName);
  if (path !== undefined && existsSync(path))
    return JSON.parse(await readFile(path, 'utf8')) as StoredIdentity;
  const identity: StoredIdentity = {
    tenant: randomUUID(),
    companyId: randomUUID(),
    website: { clientId: randomUUID(), clientSecret: newSecret() },
    sync: { clientId: randomUUID(), clientSecret: newSecret() },
    adminKey: randomBytes(16).toString('hex'),
  };
  if (path !== undefined) await writeFile(path, `${JSON.stringify(identity, null, 2)}\n`, { mode: 0o600 });
  return identity;
}

function demoPortalUsers(data: PortalData): EmulatorInfo['portalUsers'] {
  const emailOf = (role: string): string =>
    data.users.find(
      (user) => user.customerNo === seededCustomers.allowed && user.role === role && user.active,
    )?.email ?? '';
  return { buyer: emailOf('Buyer'), viewer: emailOf('Viewer') };
}

function checkRange(name: string, value: number, minimum: number, maximum: number): number {
  if (!Number.isInteger(value) || value < minimum || value > maximum) {
    throw new RangeError(`${name} must be a whole number from ${minimum} to ${maximum}, not ${value}.`);
  }
  return value;
}

export async function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const variants = checkRange('variants', options.variants ?? defaultVariants, 1, 1_000_000);
  const pageSize = checkRange('pageSize', options.pageSize ?? defaultPageSize, 1, 100_000);
  const tokenLifetimeSeconds = checkRange(
    'tokenLifetimeSeconds',
    options.tokenLifetimeSeconds ?? 3599,
    1,
    86_400,
  );
  const port = checkRange('port', options.port ?? 0, 0, 65_535);
  const seed = String(options.seed ?? 1);
  const companyName = options.companyName ?? defaultCompanyName;
  const environment = options.environment ?? 'Production';
  const initialFaults = options.faults === undefined ? parseFaultSpec({}) : parseFaultSpec(options.faults);

  const ownsStateDir = options.stateDir === undefined;
  const stateDir =
    options.stateDir === undefined
      ? await mkdtemp(join(tmpdir(), 'voa-emulator-'))
      : resolve(options.stateDir);
  await mkdir(stateDir, { recursive: true });

  const [tls, identity] = await Promise.all([
    prepareTlsMaterial(stateDir),
    loadOrCreateIdentity(ownsStateDir ? undefined : stateDir),
  ]);
  let catalog = generateCatalog({ seed, variants });

  const initialSettings: EmulatorSettings = {
    refuseRequests: initialFaults.refuseRequests ?? false,
    quoteNextNumber: 'WEB000001',
    accountNextNumber: 'ACC000001',
    steel: options.steel ?? true,
    pageSize,
    ...defaultPortalSettings,
    tokenLifetimeSeconds,
    sendConfirmationMail: true,
    sendNotificationMail: true,
    insideSalesEmail: 'verkoop@staalhandel.example',
    syncPermissionSets: [...syncPermissionSetNames],
    refusedSyncPages: [],
  };
  const clock = createEmulatorClock();
  const state = createEmulatorState(initialSettings, createPortalState(catalog, clock.now()));
  let faultPlan: FaultPlan = createFaultPlan(initialFaults, seed);
  const replaceFaults = (spec: FaultSpec): void => {
    faultPlan = createFaultPlan(spec, catalog.seed);
    if (spec.refuseRequests !== undefined) state.settings.refuseRequests = spec.refuseRequests;
  };
  const useCatalog = (choice: CatalogChoice): void => {
    if (choice.seed === catalog.seed && choice.variants === catalog.counts.variants) return;
    catalog = generateCatalog(choice);
    state.portal = createPortalState(catalog, clock.now());
  };

  const applications: ApplicationRegistration[] = [
    { name: 'website', ...identity.website },
    { name: 'sync', ...identity.sync },
  ];

  const adminPathPrefix = `/admin/${identity.adminKey}`;
  const handleAdmin = createAdminHandler({
    state,
    catalog: () => catalog,
    useCatalog,
    initialCatalog: { seed, variants },
    initialSettings,
    initialFaults,
    clock,
    currentFaults: () => faultPlan,
    replaceFaults,
  });

  // The request handler is attached once the port, and with it every URL the host announces, is known.
  const server = createServer({ key: tls.serverKeyPem, cert: tls.serverCertificatePem });
  // Idle connections stay open a minute, not Node's 5 s: a client on a starved machine reused one in the
  // moment the server closed it and met a reset (seen in a stress run). The app's host client handles such
  // a reset as any network failure, under its host policy; the tests' admin calls have no retry.
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolveListen, rejectListen) => {
    server.once('error', rejectListen);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', rejectListen);
      resolveListen();
    });
  });
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const site: HostSite = {
    origin,
    tenant: identity.tenant,
    environment,
    apiResource: businessCentralApiResource,
    companyName,
    companyId: identity.companyId,
    baseUrl: `${origin}/v2.0/${identity.tenant}/${environment}`,
    authUrl: origin,
  };
  const identityProvider = createIdentityProvider({
    authUrl: origin,
    tenant: identity.tenant,
    apiResource: businessCentralApiResource,
    applications,
    tokenLifetimeSeconds: () => state.settings.tokenLifetimeSeconds,
  });
  server.on(
    'request',
    createHostRequestHandler({
      site,
      identity: identityProvider,
      catalog: () => catalog,
      state,
      clock,
      faults: () => faultPlan,
      adminPathPrefix,
      handleAdmin,
      log,
      onRequest: options.onRequest ?? (() => {}),
    }),
  );

  const info: EmulatorInfo = {
    baseUrl: site.baseUrl,
    authUrl: origin,
    tenant: identity.tenant,
    environment,
    apiResource: businessCentralApiResource,
    companyName,
    companyId: identity.companyId,
    website: identity.website,
    sync: identity.sync,
    caFile: tls.caFile,
    adminUrl: `${origin}${adminPathPrefix}`,
    pid: process.pid,
    seed,
    steel: initialSettings.steel,
    pageSize,
    catalog: catalog.counts,
    portalUsers: demoPortalUsers(state.portal.data),
  };

  let stopped: Promise<void> | undefined;
  return {
    info,
    get expectedCatalog() {
      return catalog.counts;
    },
    get catalog() {
      return catalog;
    },
    caCertificate: tls.caCertificatePem,
    state,
    stop() {
      stopped ??= (async () => {
        await new Promise<void>((resolveClose) => {
          server.close(() => resolveClose());
          server.closeAllConnections();
        });
        if (ownsStateDir) await rm(stateDir, { recursive: true, force: true });
      })();
      return stopped;
    },
  };
}
