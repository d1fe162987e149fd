import { parseArgs } from 'node:util';
import type { SettingsSaveInput } from '../../shared/bridge/settings-calls.ts';
import { bridgeErrorFrom } from '../core/bridge/dispatch.ts';
import { setExtraCaFile } from '../core/settings/settings-handlers.ts';
import { APPLICATIONS, type ApplicationName } from '../../shared/settings.ts';
import {
  EXIT_INVALID_INPUT,
  EXIT_OK,
  callCore,
  reportFailure,
  type CliCommand,
  type CliContext,
} from './cli-context.ts';

export const configShow: CliCommand = {
  name: 'config show',
  usage: 'config show [--json]',
  async run(context) {
    const result = await callCore(context, 'settings:get', {});
    if (!result.ok) return reportFailure(context, result);
    const { settings, secrets, keychain, policy } = result.value;
    if (context.json) {
      context.stdout.write(
        `${JSON.stringify({ dataDir: context.core.location.dataDir, profile: context.core.location.profile, settings, secrets, keychain, policy }, null, 2)}\n`,
      );
      return EXIT_OK;
    }
    const line = (label: string, value: string) =>
      context.stdout.write(`${label.padEnd(24)}${value || '(not set)'}\n`);
    line('profile', context.core.location.profile);
    line('data directory', context.core.location.dataDir);
    line('base URL', settings.host.baseUrl);
    line('auth URL', settings.host.authUrl);
    line('tenant', settings.host.tenant);
    line('API resource', settings.host.apiResource);
    line('company name', settings.host.companyName);
    line('company id', settings.host.companyId);
    line('host language', settings.host.language);
    line('extra CA file', settings.host.caFile);
    for (const application of APPLICATIONS) {
      line(`${application} client id`, settings.applications[application].clientId);
      line(`${application} secret`, secrets[application].set ? 'set (in the OS keychain)' : '');
    }
    line('counter employees', settings.counterEmployees.join(', '));
    line('privacy consent version', settings.privacyConsentVersion);
    line('source labels', settings.sourceLabels.join(', '));
    line('catalog sync window', `${settings.catalogSyncTime}-${settings.catalogSyncWindowEnd}`);
    line('retention (days)', String(settings.retentionDays));
    line('unit pieces', settings.units.pieces);
    line('unit meters', settings.units.meters);
    line('unit kilograms', settings.units.kilograms);
    if (!keychain.available) context.stdout.write(`\nkeychain: ${keychain.problem ?? 'not available'}\n`);
    if (policy.state === 'active')
      context.stdout.write(
        `\nmachine policy ${policy.file} locks: ${policy.locked.join(', ') || '(nothing)'}\n`,
      );
    if (policy.state === 'invalid')
      context.stdout.write(`\nmachine policy ${policy.file} is INVALID: ${policy.problem}\n`);
    return EXIT_OK;
  },
};

export const configSet: CliCommand = {
  name: 'config set',
  usage:
    'config set [--base-url U] [--auth-url U] [--tenant T] [--api-resource R] [--company-name N] [--company-id GUID]\n' +
    '           [--language L] [--ca-file F] [--website-client-id ID] [--sync-client-id ID]\n' +
    '           [--privacy-consent-version V] [--counter-employee NAME]... [--source-label LABEL]...\n' +
    '           [--catalog-sync-time HH:MM] [--catalog-sync-window-end HH:MM] [--retention-days N] [--ui-language nl|en]\n' +
    '           [--unit-pieces CODE] [--unit-meters CODE] [--unit-kilograms CODE]',
  async run(context, args) {
    const { values } = parseArgs({
      args,
      strict: true,
      options: {
        'base-url': { type: 'string' },
        'auth-url': { type: 'string' },
        tenant: { type: 'string' },
        'api-resource': { type: 'string' },
        'company-name': { type: 'string' },
        'company-id': { type: 'string' },
        language: { type: 'string' },
        'ca-file': { type: 'string' },
        'website-client-id': { type: 'string' },
        'sync-client-id': { type: 'string' },
        'privacy-consent-version': { type: 'string' },
        'counter-employee': { type: 'string', multiple: true },
        'source-label': { type: 'string', multiple: true },
        'catalog-sync-time': { type: 'string' },
        'catalog-sync-window-end': { type: 'string' },
        'retention-days': { type: 'string' },
        'ui-language': { type: 'string' },
        'unit-pieces': { type: 'string' },
        'unit-meters': { type: 'string' },
        'unit-kilograms': { type: 'string' },
      },
    });
    const host = definedOnly({
      baseUrl: values['base-url'],
      authUrl: values['auth-url'],
      tenant: values.tenant,
      apiResource: values['api-resource'],
      companyName: values['company-name'],
      companyId: values['company-id'],
      language: values.language,
    });
    const patch: Record<string, unknown> = definedOnly({
      privacyConsentVersion: values['privacy-consent-version'],
      counterEmployees: values['counter-employee'],
      sourceLabels: values['source-label'],
      catalogSyncTime: values['catalog-sync-time'],
      catalogSyncWindowEnd: values['catalog-sync-window-end'],
      retentionDays: values['retention-days'] === undefined ? undefined : Number(values['retention-days']),
      uiLanguage: values['ui-language'],
    });
    if (Object.keys(host).length) patch.host = host;
    const applications = definedOnly({
      website:
        values['website-client-id'] === undefined ? undefined : { clientId: values['website-client-id'] },
      sync: values['sync-client-id'] === undefined ? undefined : { clientId: values['sync-client-id'] },
    });
    if (Object.keys(applications).length) patch.applications = applications;
    const units = definedOnly({
      pieces: values['unit-pieces'],
      meters: values['unit-meters'],
      kilograms: values['unit-kilograms'],
    });
    if (Object.keys(units).length) {
      // Settings saves the three codes as one group: the codes not named keep their current value.
      const current = await callCore(context, 'settings:get', {});
      if (!current.ok) return reportFailure(context, current);
      patch.units = { ...current.value.settings.units, ...units };
    }
    const caFile = values['ca-file'];
    if (!Object.keys(patch).length && caFile === undefined) {
      context.stderr.write(`error: nothing to set\nusage: ${this.usage}\n`);
      return EXIT_INVALID_INPUT;
    }
    let result = await callCore(context, 'settings:save', patch as SettingsSaveInput);
    if (!result.ok) return reportFailure(context, result);
    if (caFile !== undefined) {
      // The CLI is run by the person at the machine: it may name the CA file, a renderer never can.
      try {
        await setExtraCaFile(context.core, caFile);
      } catch (error) {
        return reportFailure(context, { ok: false, error: bridgeErrorFrom(error, 'config set') });
      }
      result = await callCore(context, 'settings:get', {});
      if (!result.ok) return reportFailure(context, result);
    }
    context.stdout.write(
      context.json
        ? `${JSON.stringify({ ok: true, settings: result.value.settings })}\n`
        : 'settings saved\n',
    );
    return EXIT_OK;
  },
};

export const secretSet: CliCommand = {
  name: 'secret set',
  usage:
    'secret set website|sync --client-id ID   (the secret is read from standard input, never from arguments)',
  async run(context, args) {
    const { values, positionals } = parseArgs({
      args,
      strict: true,
      allowPositionals: true,
      options: { 'client-id': { type: 'string' } },
    });
    const application = positionals[0];
    if (!isApplication(application) || positionals.length !== 1) {
      context.stderr.write(`error: name the application: website or sync\nusage: ${this.usage}\n`);
      return EXIT_INVALID_INPUT;
    }
    if (values['client-id'] !== undefined) {
      const saved = await callCore(context, 'settings:save', {
        applications: { [application]: { clientId: values['client-id'] } },
      });
      if (!saved.ok) return reportFailure(context, saved);
    }
    const secret = await readSecret(context);
    const result = await callCore(context, 'secrets:set', { application, secret });
    if (!result.ok) return reportFailure(context, result);
    context.stdout.write(
      context.json
        ? `${JSON.stringify({ ok: true, application, set: true })}\n`
        : `${application} secret stored in the OS keychain\n`,
    );
    return EXIT_OK;
  },
};

export const secretClear: CliCommand = {
  name: 'secret clear',
  usage: 'secret clear website|sync',
  async run(context, args) {
    const application = args[0];
    if (!isApplication(application) || args.length !== 1) {
      context.stderr.write(`error: name the application: website or sync\nusage: ${this.usage}\n`);
      return EXIT_INVALID_INPUT;
    }
    const result = await callCore(context, 'secrets:clear', { application });
    if (!result.ok) return reportFailure(context, result);
    context.stdout.write(
      context.json
        ? `${JSON.stringify({ ok: true, application, set: false })}\n`
        : `${application} secret removed\n`,
    );
    return EXIT_OK;
  },
};

function isApplication(value: string | undefined): value is ApplicationName {
  return APPLICATIONS.includes(value as ApplicationName);
}

const CTRL_C = String.fromCharCode(3);

/** One line from standard input (piped or typed); a typed secret is not echoed. */
async function readSecret(context: CliContext): Promise<string> {
  const input = context.stdin as NodeJS.ReadStream;
  if (input.isTTY) {
    context.stderr.write('client secret (input hidden): ');
    input.setRawMode(true);
  }
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of input) {
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
      chunks.push(buffer);
      const typed = buffer.toString('utf8');
      if (input.isTTY && (typed.includes('\r') || typed.includes('\n') || typed.includes(CTRL_C))) break;
    }
  } finally {
    if (input.isTTY) {
      input.setRawMode(false);
      context.stderr.write('\n');
      input.pause();
    }
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.includes(CTRL_C)) throw new Error('cancelled');
  return text.split(/\r?\n/)[0] ?? '';
}

function definedOnly<T extends Record<string, unknown>>(object: T): Partial<T> {
  return Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined)) as Partial<T>;
}
