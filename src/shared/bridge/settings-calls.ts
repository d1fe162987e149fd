import { z } from 'zod';
import { APPLICATIONS, settingsPatchSchema, type ApplicationName, type Settings } from '../settings.ts';
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
const applicationInput = z.object({ application: z.enum(APPLICATIONS) }).strict();

export const settingsCalls = {
  'app:info': defineCall<AppInfo>()(noInput),
  'settings:get': defineCall<SettingsView>()(noInput),
  'settings:save': defineCall<SettingsView>()(settingsPatchSchema),
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
