// Points a test profile at a running host emulator: host connection, both applications' client ids and
// secrets (into the real keychain), the extra CA file, and the counter/fair settings requests need.
// Works on an open core, or on a data directory through the CLI (as a person would configure it).
import type { EmulatorInfo } from '../../emulator/index.ts';
import type { VoaCore } from '../../src/main/core/voa-core.ts';
import type { SettingsPatch } from '../../src/shared/settings.ts';
import { runCli } from './processes.ts';

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
    // Through the handlers, as the Settings screen does: they emit settings:changed for listeners.
    await target.handlers['settings:save'](patch);
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
