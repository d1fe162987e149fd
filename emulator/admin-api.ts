import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { stockKey, type EmulatorSettings, type EmulatorState } from './emulator-state.ts';
import { FaultSpecError, parseFaultSpec, type FaultPlan, type FaultSpec } from './faults.ts';
import { readBody } from './http-body.ts';
import { HostError } from './odata-errors.ts';
import { syncPermissionSetNames } from './host-server.ts';
import { catalogPageNames, type SeededCatalog } from './catalog-generator.ts';
import { findRow } from './catalog-pages.ts';
import type { EmulatorClock } from './emulator-clock.ts';
import { portalSettingsSchema } from './portal-settings.ts';
import { resetPortalState } from './portal-state.ts';

/**
 * The admin API: what the host stored and what mail it would have sent, the call log, faults and setup.
 * It sits behind a secret path segment, never behind an OData token, so neither application can reach it.
 */
export interface AdminContext {
  state: EmulatorState;
  /** The catalog served now. */
  catalog: () => SeededCatalog;
  /** Serves the catalog of this seed and size, seeding it (and the portal's data drawn from it) if new. */
  useCatalog: (choice: CatalogChoice) => void;
  /** What the emulator started with: a reset returns to it, except where the reset names another. */
  initialCatalog: CatalogChoice;
  initialSettings: EmulatorSettings;
  initialFaults: FaultSpec;
  clock: EmulatorClock;
  currentFaults: () => FaultPlan;
  replaceFaults: (spec: FaultSpec) => void;
}

const settingsSchema = z.strictObject({
  refuseRequests: z.boolean().optional(),
  quoteNextNumber: z.string().regex(/\d/, 'must contain a digit').max(20).optional(),
  accountNextNumber: z.string().regex(/\d/, 'must contain a digit').max(20).optional(),
  steel: z.boolean().optional(),
  pageSize: z.number().int().min(1).max(100_000).optional(),
  tokenLifetimeSeconds: z.number().int().min(1).max(86_400).optional(),
  sendConfirmationMail: z.boolean().optional(),
  sendNotificationMail: z.boolean().optional(),
  insideSalesEmail: z.string().optional(),
  syncPermissionSets: z.array(z.enum(syncPermissionSetNames)).optional(),
  refusedSyncPages: z.array(z.enum(catalogPageNames)).optional(),
  ...portalSettingsSchema,
});

/** Which seeded catalog is served. */
export interface CatalogChoice {
  seed: string;
  variants: number;
}

/**
 * A reset's body: the start state of an emulator started with these options (`--variants`, `--seed`,
 * `--no-steel`, `--page-size`, `--faults`), each left out meaning the one it did start with. One emulator
 * then serves tests that need different hosts, without a restart between them.
 */
const resetSchema = z.strictObject({
  variants: z.number().int().min(1).max(1_000_000).optional(),
  seed: z.union([z.string().min(1).max(100), z.number().int()]).optional(),
  steel: z.boolean().optional(),
  pageSize: z.number().int().min(1).max(100_000).optional(),
  faults: z.unknown().optional(),
});

const portalUserSchema = z.strictObject({
  email: z.string().min(1).max(80),
  customerNo: z.string().min(1).max(20),
  role: z.string().max(20).optional(),
  active: z.boolean().optional(),
});

const portalCustomerSchema = z.strictObject({
  no: z.string().min(1).max(20),
  blocked: z.enum(['', 'Ship', 'Invoice', 'All']).optional(),
  privacyBlocked: z.boolean().optional(),
});

/** Goods in or out of one size: its remaining inventory from now on (the seeded figure until then). */
const stockSchema = z.strictObject({
  itemNo: z.string().min(1).max(20),
  code: z.string().min(1).max(10),
  remainingInventory: z.number().finite().min(-1_000_000_000).max(1_000_000_000),
});

const clockSchema = z.strictObject({
  advanceSeconds: z
    .number()
    .int()
    .min(0)
    .max(10 * 365 * 86_400),
});

function adminError(status: number, message: string): HostError {
  return new HostError(status, status === 404 ? 'NotFound' : 'BadRequest', message);
}

/** A fault specification from an admin body; one the emulator cannot read is a 400 that says why. */
function faultSpecOf(value: unknown, prefix = ''): FaultSpec {
  try {
    return parseFaultSpec(value);
  } catch (error) {
    if (error instanceof FaultSpecError) throw adminError(400, `${prefix}${error.message}`);
    throw error;
  }
}

function sendAdminJson(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body, null, 2);
  response.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
  });
  response.end(text);
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  const text = await readBody(request, 10 * 1024 * 1024);
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    throw adminError(400, 'The body is not valid JSON.');
  }
}

/**
 * Resident set size now and at its peak (VmHWM), and the CPU time spent so far, for the bench: a sync's
 * CPU is counted with the emulator's beside it, since both share the machine's cores.
 */
function processFigures(): { pid: number; rssMb: number; peakRssMb: number | null; cpuSeconds: number } {
  const rssMb = Math.round((process.memoryUsage.rss() / 1024 / 1024) * 10) / 10;
  let peakRssMb: number | null = null;
  try {
    const match = /^VmHWM:\s+(\d+)\s+kB/m.exec(readFileSync('/proc/self/status', 'utf8'));
    if (match?.[1]) peakRssMb = Math.round((Number(match[1]) / 1024) * 10) / 10;
  } catch {
    // Not Linux: only the current figure is known.
  }
  const { user, system } = process.cpuUsage();
  return { pid: process.pid, rssMb, peakRssMb, cpuSeconds: (user + system) / 1e6 };
}

export function createAdminHandler(context: AdminContext) {
  const { state } = context;

  function reset(changes: z.infer<typeof resetSchema>): void {
    const faults =
      changes.faults === undefined ? context.initialFaults : faultSpecOf(changes.faults, 'faults: ');
    state.settings = {
      ...context.initialSettings,
      ...(changes.steel === undefined ? {} : { steel: changes.steel }),
      ...(changes.pageSize === undefined ? {} : { pageSize: changes.pageSize }),
    };
    state.requests.quote.length = 0;
    state.requests.account.length = 0;
    state.numbersByRequestId.quote.clear();
    state.numbersByRequestId.account.clear();
    state.mail.length = 0;
    state.calls.length = 0;
    state.stock.clear();
    context.clock.reset();
    context.useCatalog({
      seed: String(changes.seed ?? context.initialCatalog.seed),
      variants: changes.variants ?? context.initialCatalog.variants,
    });
    context.replaceFaults(faults);
    resetPortalState(state.portal);
  }

  function parsed<T>(schema: z.ZodType<T>, value: unknown): T {
    const result = schema.safeParse(value);
    if (!result.success) {
      throw adminError(
        400,
        result.error.issues
          .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
          .join('; '),
      );
    }
    return result.data;
  }

  function portalUsers(): object[] {
    const { customers } = state.portal;
    return state.portal.users.map((user) => ({
      email: user.email,
      customerNo: user.customerNo,
      customerName: customers.find((customer) => customer.no === user.customerNo)?.name ?? '',
      role: user.role,
      active: user.active,
      anonymized: user.anonymized,
      purpose: user.purpose,
    }));
  }

  /** Sessions as the host stores them: a prefix of the token's hash, never the token. */
  function portalSessions(): object[] {
    const now = context.clock.now().getTime();
    const maximumAgeMs = state.settings.maximumSessionAgeHours * 3_600_000;
    return state.portal.sessions.map((session) => {
      const end = Math.min(session.expiresAt, session.createdAt + maximumAgeMs);
      return {
        tokenHashPrefix: session.tokenHash.slice(0, 12),
        email: session.email,
        customerNo: session.customerNo,
        state: session.revokedAt !== null ? 'revoked' : now >= end ? 'expired' : 'active',
        createdAt: new Date(session.createdAt).toISOString(),
        expiresAt: new Date(end).toISOString(),
        ipHash: session.ipHash,
      };
    });
  }

  function portalCodes(): object[] {
    const now = context.clock.now().getTime();
    return state.portal.codes.map((code) => ({
      email: code.email,
      state: code.state === 'open' && now >= code.expiresAt ? 'expired' : code.state,
      attempts: code.attempts,
      createdAt: new Date(code.createdAt).toISOString(),
      expiresAt: new Date(code.expiresAt).toISOString(),
      ipHash: code.ipHash,
    }));
  }

  async function route(request: IncomingMessage, path: string): Promise<unknown> {
    const method = request.method ?? 'GET';
    const route = `${method} ${path.replace(/\/+$/, '') || '/'}`;
    switch (route) {
      case 'GET /':
        return {
          endpoints: [
            'GET /requests/quote',
            'GET /requests/account',
            'GET /mail',
            'GET /calls',
            'POST /reset',
            'GET /faults',
            'POST /faults',
            'GET /settings',
            'POST /settings',
            'GET /process',
            'GET /clock',
            'POST /clock',
            'POST /catalog/stock',
            'GET /portal/users',
            'POST /portal/users',
            'GET /portal/customers',
            'POST /portal/customers',
            'GET /portal/sessions',
            'GET /portal/codes',
            'GET /portal/acceptances',
          ],
        };
      case 'GET /requests/quote':
        return { requests: state.requests.quote };
      case 'GET /requests/account':
        return { requests: state.requests.account };
      case 'GET /mail':
        return { mail: state.mail };
      case 'GET /calls':
        return { calls: state.calls };
      case 'POST /reset': {
        reset(parsed(resetSchema, await readJson(request)));
        const catalog = context.catalog();
        return {
          reset: true,
          seed: catalog.seed,
          steel: state.settings.steel,
          pageSize: state.settings.pageSize,
          catalog: catalog.counts,
        };
      }
      case 'GET /faults':
        return context.currentFaults().describe();
      case 'POST /faults': {
        context.replaceFaults(faultSpecOf(await readJson(request)));
        return context.currentFaults().describe();
      }
      case 'GET /settings':
        return state.settings;
      case 'POST /settings': {
        const changes = parsed(settingsSchema, await readJson(request));
        for (const [key, value] of Object.entries(changes)) {
          if (value !== undefined) (state.settings as unknown as Record<string, unknown>)[key] = value;
        }
        return state.settings;
      }
      case 'GET /process':
        return processFigures();
      case 'GET /clock':
        return { now: context.clock.now().toISOString(), offsetSeconds: context.clock.offsetSeconds() };
      case 'POST /clock': {
        const { advanceSeconds } = parsed(clockSchema, await readJson(request));
        context.clock.advance(advanceSeconds);
        return { now: context.clock.now().toISOString(), offsetSeconds: context.clock.offsetSeconds() };
      }
      case 'POST /catalog/stock': {
        const change = parsed(stockSchema, await readJson(request));
        const view = { steel: true, language: 'nl' as const };
        const row = findRow(context.catalog().tables.voaVariants, view, [change.itemNo, change.code]);
        if (!row) throw adminError(404, `No size ${change.itemNo} ${change.code} in the seeded catalog.`);
        state.stock.set(stockKey(change.itemNo, change.code), change.remainingInventory);
        return {
          itemNo: change.itemNo,
          code: change.code,
          seededRemainingInventory: row.DXRemainingInventory,
          remainingInventory: change.remainingInventory,
        };
      }
      case 'GET /portal/users':
        return { users: portalUsers() };
      case 'POST /portal/users': {
        const change = parsed(portalUserSchema, await readJson(request));
        const { customers } = state.portal;
        if (!customers.some((customer) => customer.no === change.customerNo)) {
          throw adminError(400, `customerNo: no customer ${change.customerNo}.`);
        }
        // A portal user is one address for one customer; addresses compare lowercase and trimmed.
        const key = change.email.trim().toLowerCase();
        const existing = state.portal.users.find(
          (user) => user.email.trim().toLowerCase() === key && user.customerNo === change.customerNo,
        );
        if (existing) {
          if (change.role !== undefined) existing.role = change.role;
          if (change.active !== undefined) existing.active = change.active;
        } else {
          state.portal.users.push({
            email: change.email,
            customerNo: change.customerNo,
            role: change.role ?? 'Viewer',
            active: change.active ?? true,
            anonymized: false,
            accountRequestLanguage: '',
            purpose: 'created through the admin API',
          });
        }
        return { users: portalUsers() };
      }
      case 'GET /portal/customers':
        return { customers: state.portal.customers };
      case 'POST /portal/customers': {
        const change = parsed(portalCustomerSchema, await readJson(request));
        const customer = state.portal.customers.find((candidate) => candidate.no === change.no);
        if (!customer) throw adminError(400, `no: no customer ${change.no}.`);
        if (change.blocked !== undefined) customer.blocked = change.blocked;
        if (change.privacyBlocked !== undefined) customer.privacyBlocked = change.privacyBlocked;
        return { customers: state.portal.customers };
      }
      case 'GET /portal/sessions':
        return { sessions: portalSessions() };
      case 'GET /portal/codes':
        return { codes: portalCodes() };
      case 'GET /portal/acceptances':
        return {
          acceptances: state.portal.acceptances,
          inProgress: [...state.portal.acceptancesInProgress],
        };
      default:
        throw adminError(404, `No admin endpoint ${route}.`);
    }
  }

  return async (request: IncomingMessage, response: ServerResponse, path: string): Promise<void> => {
    try {
      sendAdminJson(response, 200, await route(request, path));
    } catch (error) {
      if (error instanceof HostError) {
        sendAdminJson(response, error.status, { error: { code: error.code, message: error.message } });
        return;
      }
      throw error;
    }
  };
}
