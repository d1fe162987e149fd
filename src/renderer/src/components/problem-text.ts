// A failure as the person at the desk reads it: a sentence in the UI language chosen by the failure's code
// (never by reading the core's English text), and the text for the details toggle.
import type { BridgeError } from '../../../shared/bridge/define.ts';
import { APPLICATIONS, clientSecretKey } from '../../../shared/settings.ts';
import type { MessageKey, Translate } from '../i18n/i18n.ts';

export interface ShownProblem {
  /** For the person at the desk, in the UI language. */
  text: string;
  /** For the details toggle: what main said, with its keys and ids. */
  details: string;
}

export function bridgeProblem(t: Translate, error: BridgeError): ShownProblem {
  const fields = error.fields ? Object.keys(error.fields) : [];
  const missing =
    error.code === 'not-configured' && fields.length ? ` ${missingSettingsText(t, fields)}` : '';
  return { text: `${t(`problem.code.${error.code}`)}${missing}`, details: error.message };
}

/**
 * The ERP's own words, without the correlation id it appends for its telemetry (which goes to the details):
 * shown as the host sent them, in its language, marked as the ERP's.
 */
export function erpWords(t: Translate, message: string): ShownProblem {
  const at = message.search(/\s*CorrelationId\s*:/i);
  const words = (at >= 0 ? message.slice(0, at) : message).trim().replace(/[.\s]+$/, '');
  return { text: t('problem.erpSays', { words: words || message }), details: message };
}

const HOST_SETTING_LABELS: Record<string, MessageKey> = {
  'host.baseUrl': 'settings.field.baseUrl',
  'host.authUrl': 'settings.field.authUrl',
  'host.tenant': 'settings.field.tenant',
  'host.apiResource': 'settings.field.apiResource',
  'host.companyName': 'settings.field.companyName',
  'host.companyId': 'settings.field.companyId',
};

/** "Missing in Settings: Base URL, Synchronization application: client secret." for setting keys. */
export function missingSettingsText(t: Translate, keys: readonly string[]): string {
  return t('problem.missingSettings', { settings: missingSettingLabels(t, keys) });
}

/** Setting keys (`host.baseUrl`) as Settings labels them (`Basis-URL`), joined. */
export function missingSettingLabels(t: Translate, keys: readonly string[]): string {
  const labels = keys.map((key) => {
    const host = HOST_SETTING_LABELS[key];
    if (host) return t(host);
    for (const app of APPLICATIONS) {
      const application = t(`settings.app.${app}`);
      if (key === `applications.${app}.clientId`) return t('problem.setting.clientId', { application });
      if (key === clientSecretKey(app)) return t('problem.setting.clientSecret', { application });
    }
    return key;
  });
  return labels.join(', ');
}
