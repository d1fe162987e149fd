import type { SecretBinding, SecretsStatus, SettingsView } from '../../../shared/bridge/settings-calls.ts';
import type { ApplicationName } from '../../../shared/settings.ts';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { CoreServices } from '../core-module.ts';
import { BridgeFailure } from '../bridge/bridge-failure.ts';
import { DiskFullError, SettingsConflictError } from './settings-store.ts';
import type { BridgeHandlers } from '../bridge/dispatch.ts';

type SettingsHandlers = Pick<
  BridgeHandlers,
  'app:info' | 'settings:get' | 'settings:save' | 'settings:chooseCaFile' | 'secrets:set' | 'secrets:clear'
>;

/**
 * Sets the extra CA file: from the CLI, or from the desktop shell's file chooser, never from a path a
 * renderer sent. The file must hold a PEM certificate; an empty name removes the setting.
 */
export async function setExtraCaFile(core: Pick<CoreServices, 'settings'>, file: string): Promise<void> {
  const absolute = file.trim() ? path.resolve(file.trim()) : '';
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

export async function settingsView(core: Pick<CoreServices, 'settings' | 'vault'>): Promise<SettingsView> {
  const [secrets, keychain] = await Promise.all([secretsStatus(core), core.vault.status()]);
  return { settings: core.settings.current, secrets, keychain };
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
          ? 'De schijf is vol: de instellingen zijn niet opgeslagen en de vorige staan er nog ongewijzigd. Maak ruimte vrij en sla opnieuw op.'
          : 'The disk is full: the settings were not saved, and the previous ones are kept as they were. Free some space and save again.',
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
  'chooseCaFile' | 'events' | 'location' | 'settings' | 'shell' | 'vault' | 'version'
>;

export function settingsHandlers(core: SettingsServices): SettingsHandlers {
  const changed = async () => {
    const view = await settingsView(core);
    core.events.emit('settings:changed', view);
    return view;
  };
  return {
    'app:info': async () => ({
      version: core.version,
      profile: core.location.profile,
      dataDir: core.location.dataDir,
      shell: core.shell,
    }),
    'settings:get': () => settingsView(core),
    'settings:save': async (patch) => {
      await saveSettings(core, () => core.settings.update(patch), changed);
      return changed();
    },
    'settings:chooseCaFile': async () => {
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
    'secrets:set': async ({ application, secret }) => {
      await core.vault.set(application, secret);
      await changed();
      return secretsStatus(core);
    },
    'secrets:clear': async ({ application }) => {
      await core.vault.clear(application);
      await changed();
      return secretsStatus(core);
    },
  };
}
