// Points a test profile at a running host emulator: host connection, both applications' client ids and
// secrets (into the real keychain), the extra CA file, and the counter/fair settings requests need.
// Works on an open core, or on a data directory through the CLI (as a person would configure it).
import { setExtraCaFile } from '../../src/main/core/settings/settings-handlers.ts';
import type { VoaCore } from '../../src/main/core/voa-core.ts';
import type { SettingsPatch } from '../../src/shared/settings.ts';
import { runCli, spawnWithReadyLine } from './processes.ts';

/**
 * What a client needs of the emulator's readiness line (a structural subset of its EmulatorInfo, declared
 * here so that browser-side test code does not type-check the emulator's Node internals).
 */
export interface EmulatorInfo {
  baseUrl: string;
  authUrl: string;
  tenant: string;
  apiResource: string;
  companyName: string;
  companyId: string;
  website: { clientId: string; clientSecret: string };
  sync: { clientId: string; clientSecret: string };
  caFile: string;
  adminUrl: string;
}

export interface EmulatorProfileOptions {
  /** Accept-Language sent to the host (default nl-NL, as a Dutch counter would). */
  language?: string;
  counterEmployees?: string[];
  sourceLabels?: string[];
  privacyConsentVersion?: string;
  /** Store this as the website secret instead of the real one (to test a refused secret). */
  websiteSecret?: string;
}

export const TEST_COUNTER_EMPLOYEES = ['Anja de Vries', 'Kees Bakker'];
export const TEST_SOURCE_LABELS = ['Technische Unie beurs 2026', 'Staaldagen Gorinchem'];
export const TEST_PRIVACY_CONSENT_VERSION = 'PV2026-01';

export function emulatorSettingsPatch(
  info: EmulatorInfo,
  options: EmulatorProfileOptions = {},
): SettingsPatch {
  return {
    host: {
      baseUrl: info.baseUrl,
      authUrl: info.authUrl,
      tenant: info.tenant,
      apiResource: info.apiResource,
      companyName: info.companyName,
      companyId: info.companyId,
      language: options.language ?? 'nl-NL',
      caFile: info.caFile,
    },
    applications: { website: { clientId: info.website.clientId }, sync: { clientId: info.sync.clientId } },
    counterEmployees: options.counterEmployees ?? TEST_COUNTER_EMPLOYEES,
    sourceLabels: options.sourceLabels ?? TEST_SOURCE_LABELS,
    privacyConsentVersion: options.privacyConsentVersion ?? TEST_PRIVACY_CONSENT_VERSION,
  };
}

/** Configures an open core, or a profile's data directory through the CLI. */
export async function configureProfileForEmulator(
  target: VoaCore | { dataDir: string; profile: string },
  info: EmulatorInfo,
  options: EmulatorProfileOptions = {},
): Promise<void> {
  const patch = emulatorSettingsPatch(info, options);
  const websiteSecret = options.websiteSecret ?? info.website.clientSecret;
  if ('settings' in target) {
    // Through the handlers, as the Settings screen does: they emit settings:changed for listeners. The CA
    // file goes the trusted way (as `config set --ca-file` does): a renderer can never name one.
    const { caFile, ...host } = patch.host ?? {};
    await target.handlers['settings:save']({ ...patch, host });
    await setExtraCaFile(target, caFile ?? '');
    await target.handlers['secrets:set']({ application: 'website', secret: websiteSecret });
    await target.handlers['secrets:set']({ application: 'sync', secret: info.sync.clientSecret });
    return;
  }
  const base = ['--data-dir', target.dataDir, '--profile', target.profile];
  const host = patch.host ?? {};
  const configArgs = [
    ...['--base-url', host.baseUrl, '--auth-url', host.authUrl, '--tenant', host.tenant],
    ...['--api-resource', host.apiResource, '--company-name', host.companyName],
    ...['--company-id', host.companyId, '--language', host.language, '--ca-file', host.caFile],
    ...['--privacy-consent-version', patch.privacyConsentVersion],
    ...(patch.counterEmployees ?? []).flatMap((name) => ['--counter-employee', name]),
    ...(patch.sourceLabels ?? []).flatMap((label) => ['--source-label', label]),
  ] as string[];
  const steps: [string[], string | undefined][] = [
    [[...base, 'config', 'set', ...configArgs], undefined],
    [[...base, 'secret', 'set', 'website', '--client-id', info.website.clientId], `${websiteSecret}\n`],
    [[...base, 'secret', 'set', 'sync', '--client-id', info.sync.clientId], `${info.sync.clientSecret}\n`],
  ];
  for (const [args, stdin] of steps) {
    const run = await runCli(args, stdin === undefined ? {} : { stdin });
    if (run.code !== 0) throw new Error(`cli ${args.slice(4).join(' ')} failed (${run.code}): ${run.stderr}`);
  }
}

export interface EmulatorProcess {
  info: EmulatorInfo;
  /** GET (or POST with a body) on the admin API, trusting the emulator's CA. */
  admin<T = unknown>(path: string, body?: unknown): Promise<T>;
  stop(): Promise<void>;
}

/**
 * The emulator as its own process (`npm run emulator`), as a person runs it. A state directory of the
 * caller's keeps the CA and identities, so it can be stopped and started again on the same port.
 */
export async function startEmulatorProcess(options: {
  stateDir: string;
  port?: number;
  variants?: number;
  /** Further emulator flags (`--seed`, `--page-size`, `--faults`, …). */
  args?: string[];
}): Promise<EmulatorProcess> {
  const args = ['--state-dir', options.stateDir, '--variants', String(options.variants ?? 200)];
  if (options.port) args.push('--port', String(options.port));
  args.push(...(options.args ?? []));
  const running = await spawnWithReadyLine<EmulatorInfo>('emulator/cli.ts', args);
  const { readFile } = await import('node:fs/promises');
  const { Agent, fetch } = await import('undici');
  const agent = new Agent({ connect: { ca: await readFile(running.ready.caFile, 'utf8') } });
  return {
    info: running.ready,
    async admin<T>(path: string, body?: unknown): Promise<T> {
      const response = await fetch(`${running.ready.adminUrl}${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        dispatcher: agent,
      });
      if (!response.ok) throw new Error(`admin ${path}: HTTP ${response.status} ${await response.text()}`);
      return (await response.json()) as T;
    },
    async stop() {
      if (agent.closed) return;
      await agent.close();
      await running.stop();
    },
  };
}

/** A request as the emulator stored it (admin API), with the keys the tests look at. */
export interface StoredRequestView {
  number: string;
  requestId: string;
  [key: string]: unknown;
  quoteRequestLines?: Record<string, unknown>[];
}
