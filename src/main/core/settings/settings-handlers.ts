import type { SecretBinding, SecretsStatus, SettingsView } from '../../../shared/bridge/settings-calls.ts';
import { adminKeysOf, type ApplicationName } from '../../../shared/settings.ts';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { CoreServices } from '../core-module.ts';
import { BridgeFailure } from '../bridge/bridge-failure.ts';
import { DiskFullError, SettingsConflictError } from './settings-store.ts';
import type { BridgeHandlers } from '../bridge/dispatch.ts';
import { ADMINISTRATOR_CALLER, type BridgeCaller } from '../bridge/bridge-caller.ts';
import { testConnection } from './connection-test.ts';
import { refuseLockedChanges } from './policy-locks.ts';

type SettingsHandlers = Pick<
  BridgeHandlers,
  | 'app:info'
  | 'settings:get'
  | 'settings:save'
  | 'settings:chooseCaFile'
  | 'secrets:set'
  | 'secrets:clear'
  | 'settings:testConnection'
  | 'admin:status'
  | 'admin:unlock'
  | 'admin:lock'
  | 'admin:setPin'
  | 'admin:removePin'
>;

/**
 * Sets the extra CA file: from the CLI, or from the desktop shell's file chooser, never from a path a
 * renderer sent. The file must hold a PEM certificate; an empty name removes the setting.
 */
export async function setExtraCaFile(
  core: Pick<CoreServices, 'settings' | 'policy'>,
  file: string,
): Promise<void> {
  const absolute = file.trim() ? path.resolve(file.trim()) : '';
  refuseLockedChanges(
    core.policy,
    core.settings.current,
    { host: { caFile: absolute } },
    core.settings.current.uiLanguage === 'nl',
  );
  if (absolute) {
    let pem: string;
    try {
      pem = await readFile(absolute, 'utf8');
    } catch (error) {
      throw new BridgeFailure('invalid-input', `${absolute} cannot be read: ${(error as Error).message}`, {
        'host.caFile': 'cannot be read',
      });
    }
    if (!pem.includes('-----BEGIN CERTIFICATE-----'))
      throw new BridgeFailure('invalid-input', `${absolute} holds no PEM certificate.`, {
        'host.caFile': 'holds no PEM certificate',
      });
  }
  await core.settings.update({ host: { caFile: absolute } });
}

export async function secretsStatus(core: Pick<CoreServices, 'vault'>): Promise<SecretsStatus> {
  const statusOf = async (application: ApplicationName): Promise<SecretsStatus[ApplicationName]> => {
    let binding: SecretBinding = 'not-set';
    try {
      binding = await core.vault.binding(application);
    } catch {
      // No keychain: nothing can be set; the keychain status tells why.
    }
    return { set: binding !== 'not-set', binding };
  };
  // Spelled out, not built in a loop: a new application is then a compile error here, not a missing key.
  return { website: await statusOf('website'), sync: await statusOf('sync') };
}

export async function settingsView(
  core: Pick<CoreServices, 'settings' | 'vault' | 'policy'>,
): Promise<SettingsView> {
  const [secrets, keychain] = await Promise.all([secretsStatus(core), core.vault.status()]);
  return {
    settings: core.settings.current,
    secrets,
    keychain,
    policy: core.policy,
    fileProblem: core.settings.fileProblem,
  };
}

/**
 * Runs a settings write and turns the store's refusals into answers in the user's language: a full disk
 * (nothing written, the previous file kept) and a conflict with another writer (the CLI while the app runs).
 */
async function saveSettings(
  core: Pick<CoreServices, 'settings'>,
  write: () => Promise<unknown>,
  changed: () => Promise<unknown>,
) {
  const dutch = core.settings.current.uiLanguage === 'nl';
  try {
    await write();
  } catch (error) {
    if (error instanceof DiskFullError) {
      throw new BridgeFailure(
        'disk-full',
        dutch
          ? `De schijf is vol: de instellingen zijn niet opgeslagen in ${core.settings.file} en de vorige staan er nog ongewijzigd. Maak ruimte vrij en sla opnieuw op.`
          : `The disk is full: the settings were not saved in ${core.settings.file}, and the previous ones are kept as they were. Free some space and save again.`,
      );
    }
    if (error instanceof SettingsConflictError) {
      // The store now holds the other writer's version: show it.
      await changed();
      const problem = dutch ? 'elders gewijzigd' : 'changed elsewhere';
      throw new BridgeFailure(
        'conflict',
        dutch
          ? `Deze instellingen zijn intussen elders gewijzigd (bijvoorbeeld met de CLI): ${error.fields.join(', ')}. Er is niets opgeslagen; het scherm toont nu de huidige waarden.`
          : `These settings were changed elsewhere meanwhile (for example with the CLI): ${error.fields.join(', ')}. Nothing was saved; the screen now shows the current values.`,
        Object.fromEntries(error.fields.map((field) => [field, problem])),
      );
    }
    throw error;
  }
}

/** The part of the core the settings handlers use. */
export type SettingsServices = Pick<
  CoreServices,
  | 'adminLock'
  | 'chooseCaFile'
  | 'events'
  | 'host'
  | 'location'
  | 'settings'
  | 'shell'
  | 'tokens'
  | 'vault'
  | 'version'
  | 'policy'
>;

export function settingsHandlers(core: SettingsServices): SettingsHandlers {
  const changed = async () => {
    const view = await settingsView(core);
    core.events.emit('settings:changed', view);
    return view;
  };
  // Called directly by code in this process (no bridge, no caller): the administrator.
  const admin = (caller: BridgeCaller = ADMINISTRATOR_CALLER) => core.adminLock.assertUnlocked(caller);
  return {
    'app:info': async () => ({
      version: core.version,
      profile: core.location.profile,
      dataDir: core.location.dataDir,
      shell: core.shell,
    }),
    'settings:get': () => settingsView(core),
    'settings:save': async (patch, caller) => {
      // Counter staff change their own choices freely; everything else waits for the administrator.
      if (adminKeysOf(patch).length) await admin(caller);
      refuseLockedChanges(
        core.policy,
        core.settings.current,
        patch,
        core.settings.current.uiLanguage === 'nl',
      );
      await saveSettings(core, () => core.settings.update(patch), changed);
      return changed();
    },
    'settings:chooseCaFile': async (_input, caller) => {
      await admin(caller);
      if (!core.chooseCaFile) {
        throw new BridgeFailure(
          'not-available',
          core.settings.current.uiLanguage === 'nl'
            ? 'Het extra CA-bestand wordt gekozen in de desktop-app, of ingesteld met `npm run cli -- config set --ca-file BESTAND`.'
            : 'The extra CA file is chosen in the desktop app, or set with `npm run cli -- config set --ca-file FILE`.',
        );
      }
      const chosen = await core.chooseCaFile();
      if (chosen !== undefined) await saveSettings(core, () => setExtraCaFile(core, chosen), changed);
      return changed();
    },
    'secrets:set': async ({ application, secret }, caller) => {
      await admin(caller);
      await core.vault.set(application, secret);
      await changed();
      return secretsStatus(core);
    },
    'secrets:clear': async ({ application }, caller) => {
      await admin(caller);
      await core.vault.clear(application);
      await changed();
      return secretsStatus(core);
    },
    'settings:testConnection': async (_input, caller) => {
      await admin(caller);
      return testConnection({
        settings: () => core.settings.current,
        vault: core.vault,
        tokens: core.tokens,
        host: core.host,
      });
    },
    'admin:status': (_input, caller = ADMINISTRATOR_CALLER) => core.adminLock.status(caller),
    'admin:unlock': ({ pin }, caller = ADMINISTRATOR_CALLER) => core.adminLock.unlock(caller, pin),
    'admin:lock': (_input, caller = ADMINISTRATOR_CALLER) => core.adminLock.lock(caller),
    'admin:setPin': ({ currentPin, newPin }, caller = ADMINISTRATOR_CALLER) =>
      core.adminLock.setPin(caller, currentPin, newPin),
    'admin:removePin': ({ currentPin }, caller = ADMINISTRATOR_CALLER) =>
      core.adminLock.removePin(caller, currentPin),
  };
}
