// Non-secret settings of VOA Desk: the host connection, the two applications' client ids, the counter's
// employees, the privacy consent version and the trade-fair source labels. Secrets never appear here.
import { z } from 'zod';
import { RESERVED_SOURCES } from './contract/fixed-values.ts';
import { QUOTE_HEADER_FIELDS, QUOTE_LINE_FIELDS, toCodeCase } from './contract/request-fields.ts';
import { DEFAULT_UNIT_CODES } from './contract/request-lines.ts';
import { localized } from './validation.ts';

export const UI_LANGUAGES = ['nl', 'en'] as const;
export type UiLanguage = (typeof UI_LANGUAGES)[number];

/** Longest text a settings field accepts where the contract sets no limit (URLs, paths, names). */
export const SETTINGS_TEXT_MAX = 2048;

const GUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

// msal-node accepts only https authorities, and the host is only ever reached over TLS.
function isHttpsUrl(value: string): boolean {
  return /^https:\/\/[^\s/?#@]+(\/[^\s?#]*)?$/i.test(value);
}

export const APPLICATIONS = ['website', 'sync'] as const;
export type ApplicationName = (typeof APPLICATIONS)[number];

export const ADMIN_PIN_MIN_LENGTH = 4;
export const ADMIN_PIN_MAX_LENGTH = 12;

/**
 * The settings' schemas, built on their first use: main checks stored settings, a patch and a PIN against
 * them, the Settings screen a form; the counter, which checks none, does not build them as it starts.
 */
function buildSettingsSchemas() {
  const httpsUrl = z
    .string()
    .trim()
    .max(SETTINGS_TEXT_MAX)
    .refine(
      (value) => value === '' || isHttpsUrl(value),
      localized({ en: 'must be an https:// URL', nl: 'moet een https://-URL zijn' }),
    )
    .transform((value) => value.replace(/\/+$/, ''));

  const shortText = (max: number) => z.string().trim().max(max);

  const hostConnection = z.object({
    baseUrl: httpsUrl,
    authUrl: httpsUrl,
    tenant: shortText(200),
    apiResource: shortText(SETTINGS_TEXT_MAX),
    companyName: shortText(200),
    companyId: z
      .string()
      .trim()
      .refine(
        (value) => value === '' || GUID.test(value),
        localized({
          en: 'must be a GUID like 3f2504e0-4f89-11d3-9a0c-0305e82c3301',
          nl: 'moet een GUID zijn, zoals 3f2504e0-4f89-11d3-9a0c-0305e82c3301',
        }),
      ),
    /** Sent as Accept-Language on every host call: it fixes the language of messages and captions. */
    language: shortText(35),
    /** Extra CA certificate (PEM) trusted for host traffic, for a TLS-inspecting proxy or the emulator. */
    caFile: shortText(SETTINGS_TEXT_MAX),
  });

  const clientId = shortText(200);

  /** A company unit code: a code field of the request line (uppercase, at most its length, not empty). */
  const unitCodeSetting = z
    .string()
    .trim()
    .overwrite(toCodeCase)
    .min(
      1,
      localized({
        en: "must not be empty: type the company's unit code",
        nl: 'mag niet leeg zijn: typ de eenheidscode van het bedrijf',
      }),
    )
    .max(
      QUOTE_LINE_FIELDS.unitOfMeasureCode.maxLength,
      localized({
        en: `is longer than ${QUOTE_LINE_FIELDS.unitOfMeasureCode.maxLength} characters: a unit code is shorter`,
        nl: `is langer dan ${QUOTE_LINE_FIELDS.unitOfMeasureCode.maxLength} tekens: een eenheidscode is korter`,
      }),
    );

  /** The company's codes for pieces, meters and kilograms (defaults PCS, M, KG). */
  const unitCodes = z.strictObject({
    pieces: unitCodeSetting,
    meters: unitCodeSetting,
    kilograms: unitCodeSetting,
  });

  const sourceLabel = shortText(QUOTE_HEADER_FIELDS.source.maxLength)
    .min(1, localized({ en: 'must not be empty', nl: 'mag niet leeg zijn' }))
    .refine(
      (label) => !RESERVED_SOURCES.some((reserved) => reserved.toLowerCase() === label.toLowerCase()),
      localized({
        en: `cannot be ${RESERVED_SOURCES.join(' or ')}: the ERP gives those values a meaning of their own (a counter visit, a portal request)`,
        nl: `mag niet ${RESERVED_SOURCES.join(' of ')} zijn: die waarden betekenen iets voor het ERP (een baliebezoek, een portaalaanvraag)`,
      }),
    );

  /** A local time of day, HH:MM on the 24-hour clock. */
  const clockTime = z
    .string()
    .regex(
      /^([01]\d|2[0-3]):[0-5]\d$/,
      localized({ en: 'must be a time like 02:30', nl: 'moet een tijd zijn, zoals 02:30' }),
    );

  const settings = z.object({
    host: hostConnection,
    applications: z.object({
      website: z.object({ clientId }),
      sync: z.object({ clientId }),
    }),
    /** Names offered at the counter; the chosen one is sent as assistedBy. */
    counterEmployees: z
      .array(
        shortText(QUOTE_HEADER_FIELDS.assistedBy.maxLength).min(
          1,
          localized({ en: 'must not be empty', nl: 'mag niet leeg zijn' }),
        ),
      )
      .max(200),
    privacyConsentVersion: shortText(QUOTE_HEADER_FIELDS.privacyConsentVersion.maxLength).transform(
      toCodeCase,
    ),
    /** Trade-fair events; the chosen label is sent as source. */
    sourceLabels: z.array(sourceLabel).max(200),
    /** Company codes of the units a line can be counted in. */
    units: unitCodes,
    uiLanguage: z.enum(UI_LANGUAGES),
    /**
     * The nightly catalog sync starts between this local time (HH:MM) and catalogSyncWindowEnd, at a moment
     * of this desk's own, so a fleet does not fetch the catalog at the same minute.
     */
    catalogSyncTime: clockTime,
    /** The end of the sync window; the same time as catalogSyncTime is no window (that exact time). */
    catalogSyncWindowEnd: clockTime,
    /** A signed-in portal customer is signed out after this many minutes without use (shared counter). */
    portalIdleMinutes: z
      .number()
      .int(localized({ en: 'must be whole minutes', nl: 'moet een heel aantal minuten zijn' }))
      .min(1, localized({ en: 'must be at least 1 minute', nl: 'moet minstens 1 minuut zijn' }))
      .max(120, localized({ en: 'must be at most 120 minutes', nl: 'mag hoogstens 120 minuten zijn' })),
    /** Delivered requests lose their personal data this many days after delivery. */
    retentionDays: z
      .number()
      .int(localized({ en: 'must be whole days', nl: 'moet een heel aantal dagen zijn' }))
      .min(1, localized({ en: 'must be at least 1 day', nl: 'moet minstens 1 dag zijn' }))
      .max(3650, localized({ en: 'must be at most 3650 days', nl: 'mag hoogstens 3650 dagen zijn' })),
  });

  /** A partial update as sent by the Settings screen or `config set`: each group replaced as given. */
  const settingsPatch = z
    .object({
      host: hostConnection.partial(),
      applications: z.object({
        website: z.object({ clientId }).optional(),
        sync: z.object({ clientId }).optional(),
      }),
      counterEmployees: settings.shape.counterEmployees,
      privacyConsentVersion: settings.shape.privacyConsentVersion,
      sourceLabels: settings.shape.sourceLabels,
      units: unitCodes,
      uiLanguage: settings.shape.uiLanguage,
      catalogSyncTime: settings.shape.catalogSyncTime,
      catalogSyncWindowEnd: settings.shape.catalogSyncWindowEnd,
      portalIdleMinutes: settings.shape.portalIdleMinutes,
      retentionDays: settings.shape.retentionDays,
    })
    .partial()
    .strict();

  /** The administrator's PIN: digits only, so it is typed the same on every keyboard layout. */
  const adminPin = z.string().regex(
    new RegExp(`^\\d{${ADMIN_PIN_MIN_LENGTH},${ADMIN_PIN_MAX_LENGTH}}$`),
    localized({
      en: `must be ${ADMIN_PIN_MIN_LENGTH} to ${ADMIN_PIN_MAX_LENGTH} digits`,
      nl: `moet uit ${ADMIN_PIN_MIN_LENGTH} tot ${ADMIN_PIN_MAX_LENGTH} cijfers bestaan`,
    }),
  );

  return { hostConnection, unitCodes, settings, settingsPatch, adminPin };
}
type SettingsSchemas = ReturnType<typeof buildSettingsSchemas>;
let settingsSchemasBuilt: SettingsSchemas | undefined;

export function settingsSchemas(): SettingsSchemas {
  return (settingsSchemasBuilt ??= buildSettingsSchemas());
}

export type HostConnection = z.infer<SettingsSchemas['hostConnection']>;
export type Settings = z.infer<SettingsSchemas['settings']>;
export type SettingsPatch = z.infer<SettingsSchemas['settingsPatch']>;

/**
 * What is always the same for Business Central online, so a fresh profile starts with it: the identity
 * provider's authority host (Microsoft Entra ID) and the API resource tokens are requested for. The service
 * reference leaves them as the placeholders {auth_url} and {api_resource} (docs/contract.md, "Two
 * applications"); these are Business Central's own values (docs/admin.md).
 */
export const BUSINESS_CENTRAL_DEFAULTS = {
  authUrl: 'https://login.microsoftonline.com',
  apiResource: 'https://api.businesscentral.dynamics.com',
} as const;

export const DEFAULT_SETTINGS: Settings = {
  host: {
    baseUrl: '',
    authUrl: BUSINESS_CENTRAL_DEFAULTS.authUrl,
    tenant: '',
    apiResource: BUSINESS_CENTRAL_DEFAULTS.apiResource,
    companyName: '',
    companyId: '',
    language: 'nl-NL',
    caFile: '',
  },
  applications: { website: { clientId: '' }, sync: { clientId: '' } },
  counterEmployees: [],
  privacyConsentVersion: '',
  sourceLabels: [],
  units: { ...DEFAULT_UNIT_CODES },
  uiLanguage: 'nl',
  catalogSyncTime: '02:00',
  catalogSyncWindowEnd: '04:00',
  portalIdleMinutes: 5,
  retentionDays: 30,
};

/**
 * The settings counter staff may change without the administrator's PIN: their own choices (the names
 * offered at the counter, the trade-fair events, the UI language). Everything else is the administrator's.
 */
export const STAFF_SETTING_KEYS = ['counterEmployees', 'sourceLabels', 'uiLanguage'] as const;
export type StaffSettingKey = (typeof STAFF_SETTING_KEYS)[number];

/** The keys of a patch that only an unlocked administrator may save. */
export function adminKeysOf(patch: Record<string, unknown>): string[] {
  return Object.keys(patch).filter(
    (key) => patch[key] !== undefined && !(STAFF_SETTING_KEYS as readonly string[]).includes(key),
  );
}

/** Nothing names the host yet: the first run of a profile, which opens the setup guide. */
export function needsSetup(settings: Settings): boolean {
  return settings.host.baseUrl === '' && settings.host.tenant === '';
}

/** How a missing client secret is named beside missingHostSettings' keys (the secret lives in the keychain). */
export function clientSecretKey(application: ApplicationName): string {
  return `applications.${application}.clientSecret`;
}

/** What is missing before VOA Desk can talk to the host for an application. */
export function missingHostSettings(settings: Settings, application: ApplicationName): string[] {
  const missing: string[] = [];
  const host = settings.host;
  if (!host.baseUrl) missing.push('host.baseUrl');
  if (!host.authUrl) missing.push('host.authUrl');
  if (!host.tenant) missing.push('host.tenant');
  if (!host.apiResource) missing.push('host.apiResource');
  if (application === 'sync' && !host.companyName) missing.push('host.companyName');
  if (application === 'website' && !host.companyId) missing.push('host.companyId');
  if (!settings.applications[application].clientId) missing.push(`applications.${application}.clientId`);
  return missing;
}
