import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import type { EmulatorSettings, EmulatorState } from './emulator-state.ts';
import { FaultSpecError, parseFaultSpec, type FaultPlan, type FaultSpec } from './faults.ts';
import { readBody } from './http-body.ts';
import { HostError } from './odata-errors.ts';
import { syncPermissionSetNames } from './host-server.ts';
import { catalogPageNames } from './catalog-generator.ts';

/**
 * The admin API: what the host stored and what mail it would have sent, the call log, faults and setup.
 * It sits behind a secret path segment, never behind an OData token, so neither application can reach it.
 */
export interface AdminContext {
  state: EmulatorState;
  initialSettings: EmulatorSettings;
  initialFaults: FaultSpec;
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
});

function adminError(status: number, message: string): HostError {
  return new HostError(status, status === 404 ? 'NotFound' : 'BadRequest', message);
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

/** Resident set size now and at its peak (VmHWM), for the bench. */
function processMemory(): { pid: number; rssMb: number; peakRssMb: number | null } {
  const rssMb = Math.round((process.memoryUsage.rss() / 1024 / 1024) * 10) / 10;
  let peakRssMb: number | null = null;
  try {
    const match = /^VmHWM:\s+(\d+)\s+kB/m.exec(readFileSync('/proc/self/status', 'utf8'));
    if (match?.[1]) peakRssMb = Math.round((Number(match[1]) / 1024) * 10) / 10;
  } catch {
    // Not Linux: only the current figure is known.
  }
  return { pid: process.pid, rssMb, peakRssMb };
}

export function createAdminHandler(context: AdminContext) {
  const { state } = context;

  function reset(): void {
    state.settings = { ...context.initialSettings };
    state.requests.quote.length = 0;
    state.requests.account.length = 0;
    state.numbersByRequestId.quote.clear();
    state.numbersByRequestId.account.clear();
    state.mail.length = 0;
    state.calls.length = 0;
    context.replaceFaults(context.initialFaults);
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
      case 'POST /reset':
        reset();
        return { reset: true };
      case 'GET /faults':
        return context.currentFaults().describe();
      case 'POST /faults': {
        let spec: FaultSpec;
        try {
          spec = parseFaultSpec(await readJson(request));
        } catch (error) {
          if (error instanceof FaultSpecError) throw adminError(400, error.message);
          throw error;
        }
        context.replaceFaults(spec);
        return context.currentFaults().describe();
      }
      case 'GET /settings':
        return state.settings;
      case 'POST /settings': {
        const parsed = settingsSchema.safeParse(await readJson(request));
        if (!parsed.success) {
          throw adminError(
            400,
            parsed.error.issues
              .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
              .join('; '),
          );
        }
        for (const [key, value] of Object.entries(parsed.data)) {
          if (value !== undefined) (state.settings as unknown as Record<string, unknown>)[key] = value;
        }
        return state.settings;
      }
      case 'GET /process':
        return processMemory();
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
