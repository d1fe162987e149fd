import { z } from 'zod';
import {
  APPLICATIONS,
  hostConnectionSchema,
  settingsPatchSchema,
  type ApplicationName,
  type Settings,
} from '../settings.ts';
import { defineCall, defineEvent } from './define.ts';

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
  settings: Settings;
  secrets: SecretsStatus;
  keychain: KeychainStatus;
}

export interface AppInfo {
  version: string;
  profile: string;
  dataDir: string;
  shell: 'electron' | 'browser';
}

const noInput = z.object({}).strict();

/**
 * A settings save from a renderer (or the CLI's `config set`): everything but the extra CA file. A CA file
 * decides whom VOA Desk trusts with its secrets, so a renderer may never name one by path; it is set by
 * `config set --ca-file` or by the file chooser main opens for `settings:chooseCaFile`.
 */
export const settingsSaveInput = settingsPatchSchema.extend({
  host: hostConnectionSchema.omit({ caFile: true }).partial().strict().optional(),
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
};

export const settingsEvents = {
  'settings:changed': defineEvent<SettingsView>(),
};

export type { ApplicationName };
