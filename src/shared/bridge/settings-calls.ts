import { z } from 'zod';
import { APPLICATIONS, settingsSchemas, type ApplicationName, type Settings } from '../settings.ts';
import { defineCall, defineEvent } from './define.ts';
import type { PolicyView } from '../machine-policy.ts';

/** Longest secret accepted: client secrets of identity providers are far shorter. */
export const SECRET_MAX_LENGTH = 1024;

export interface KeychainStatus {
  available: boolean;
  /** Why the keychain cannot be used, in words a person can act on. */
  problem?: string;
}

/**
 * A stored secret is bound to the connection settings it was entered with (authentication URL, tenant,
 * client id, API resource, base URL); after a change of any of them it must be entered again.
 */
export type SecretBinding = 'not-set' | 'bound' | 'enter-again';

/** The renderer learns whether a secret is set and usable, never the secret. */
export type SecretsStatus = Record<ApplicationName, { set: boolean; binding: SecretBinding }>;

export interface SettingsView {
  /** The settings in force: the machine policy's values in place of the desk's own where it sets them. */
  settings: Settings;
  secrets: SecretsStatus;
  keychain: KeychainStatus;
  /** The machine policy: none, in force (the fields it locks), or unusable (and why). */
  policy: PolicyView;
  /** What of settings.json did not read at start; undefined when it read whole. */
  fileProblem: SettingsFileProblem | undefined;
}

/** settings.json, not read whole at start: what went back to its default, and the copy of it as it was. */
export interface SettingsFileProblem {
  /** Each setting back at its default (`units`, `host.companyId`) and why; none: the whole file. */
  fields: { name: string; problem: string }[];
  /** Why the whole file did not read (no JSON); empty when fields are named. */
  reason: string;
  /** The file name of the copy beside settings.json. */
  keptAs: string;
}

export interface AppInfo {
  version: string;
  profile: string;
  dataDir: string;
  shell: 'electron' | 'browser';
}

/**
 * Where the administrator section stands for the calling window. The PIN's hash stays in main (in the OS
 * keychain); the renderer learns only whether one is set.
 */
export interface AdminStatus {
  /** No PIN set means the section is open to anyone at this workstation. */
  pinSet: boolean;
  /** This window may change connection settings now (always true without a PIN). */
  unlocked: boolean;
  /** After repeated wrong PINs, no PIN is tried for this long (ms); 0 when a PIN may be tried now. */
  retryInMs: number;
  /**
   * The machine policy's file when it requires a PIN: without one, nothing but setting a PIN is open, and
   * the PIN cannot be removed.
   */
  pinRequiredBy?: string;
}

/** The answer to a PIN: the status afterwards, and why it was refused. */
export interface PinAnswer extends AdminStatus {
  /** `wrong-pin`: not the PIN; `too-soon`: not tried, wait `retryInMs` after repeated wrong PINs. */
  refused?: 'wrong-pin' | 'too-soon';
}

/**
 * What a connection test found for one application. `works` is the only good outcome; every other one
 * names what to fix, and the renderer says it in the UI language.
 */
export type ConnectionOutcome =
  | 'works'
  /** Settings for this application are empty: `missing` names them. */
  | 'missing-settings'
  /** No client secret is stored for the application. */
  | 'secret-missing'
  /** The secret was stored for other connection settings: it must be entered again. */
  | 'secret-enter-again'
  /** The OS keychain cannot be reached. */
  | 'keychain-unavailable'
  /** The identity provider refused the client id or secret (or the tenant, or the API resource). */
  | 'token-refused'
  /** The identity provider could not be reached: authentication URL, network, proxy or CA file. */
  | 'auth-unreachable'
  /** The ERP could not be reached: base URL, network, proxy or CA file. */
  | 'host-unreachable'
  /** The ERP refused the token (401): the API resource or the tenant does not belong to this host. */
  | 'host-refused-token'
  /** 403: the application lacks the permission set for this service. */
  | 'forbidden'
  /** 404: the service is not published under that name, or the company is wrong. */
  | 'not-found'
  /** 429: the host is busy; try again later. */
  | 'throttled'
  /** 5xx: the host failed. */
  | 'server-error'
  /** Any other answer (400 and unexpected statuses): `detail` holds the host's words. */
  | 'unexpected';

export interface ApplicationCheck {
  application: ApplicationName;
  /** The harmless call made: a catalog page or a portal procedure, as the contract names it. */
  service: string;
  outcome: ConnectionOutcome;
  /** For `missing-settings`: the setting paths (host.baseUrl, applications.sync.clientId, …). */
  missing?: string[];
  /** The host's or the network's own words, for the details toggle; never a secret or a token. */
  detail?: string;
}

/**
 * How host traffic to an address goes: direct or through a proxy (its scheme, host and port, never its
 * credentials), and what chose it: the proxy variables, the system's settings (PAC included), or nothing.
 */
export type ProxyChoice =
  | { kind: 'direct'; source: 'variables' | 'system' | 'none' }
  | { kind: 'proxy'; url: string; source: 'variables' | 'system' };

/** The way to one of the host's addresses (the ERP, the identity provider), or why none could be chosen. */
export interface ProxyRoute {
  origin: string;
  choice?: ProxyChoice;
  problem?: string;
}

export interface ConnectionTestResult {
  checks: ApplicationCheck[];
  /** The proxy each of the host's addresses goes through, so a person sees which one was used. */
  routes: ProxyRoute[];
}

const noInput = z.object({}).strict();
const { settingsPatch, hostConnection, adminPin } = settingsSchemas();

/**
 * A settings save from a renderer (or the CLI's `config set`): everything but the extra CA file. A CA file
 * decides whom VOA Desk trusts with its secrets, so a renderer may never name one by path; it is set by
 * `config set --ca-file` or by the file chooser main opens for `settings:chooseCaFile`.
 */
export const settingsSaveInput = settingsPatch.extend({
  host: hostConnection.omit({ caFile: true }).partial().strict().optional(),
});
export type SettingsSaveInput = z.infer<typeof settingsSaveInput>;
const applicationInput = z.object({ application: z.enum(APPLICATIONS) }).strict();

export const settingsCalls = {
  'app:info': defineCall<AppInfo>()(noInput),
  'settings:get': defineCall<SettingsView>()(noInput),
  'settings:save': defineCall<SettingsView>()(settingsSaveInput),
  /**
   * Carries no path: main asks the person to choose the extra CA file in a dialog of its own (desktop app
   * only). Answers the settings as they are afterwards (unchanged when the choice was cancelled).
   */
  'settings:chooseCaFile': defineCall<SettingsView>()(noInput),
  /** Write-only: the secret goes into the OS keychain and never comes back out. */
  'secrets:set': defineCall<SecretsStatus>()(
    z
      .object({
        application: z.enum(APPLICATIONS),
        secret: z.string().min(1, 'must not be empty').max(SECRET_MAX_LENGTH),
      })
      .strict(),
  ),
  'secrets:clear': defineCall<SecretsStatus>()(applicationInput),
  /**
   * Gets a token for each application and makes one harmless call with it (docs/admin.md). Administrator
   * only, like every call above that changes or uses the connection.
   */
  'settings:testConnection': defineCall<ConnectionTestResult>()(noInput),
  'admin:status': defineCall<AdminStatus>()(noInput),
  /** Unlocks the administrator section for the calling window, until it locks again or times out. */
  'admin:unlock': defineCall<PinAnswer>()(z.object({ pin: z.string().max(100) }).strict()),
  /** Locks the administrator section for the calling window (the renderer calls it on leaving Settings). */
  'admin:lock': defineCall<AdminStatus>()(noInput),
  /** Sets the PIN; changing it needs the current one. The calling window stays unlocked. */
  'admin:setPin': defineCall<PinAnswer>()(
    z.object({ currentPin: z.string().max(100).optional(), newPin: adminPin }).strict(),
  ),
  /** Removes the PIN (the current one is needed): the section is open again. */
  'admin:removePin': defineCall<PinAnswer>()(z.object({ currentPin: z.string().max(100) }).strict()),
};

export const settingsEvents = {
  'settings:changed': defineEvent<SettingsView>(),
};

export type { ApplicationName };
