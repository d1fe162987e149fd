import type { SecretBinding, SecretsStatus, SettingsView } from '../../../shared/bridge/settings-calls.ts';
import { APPLICATIONS } from '../../../shared/settings.ts';
import type { VoaCore } from '../voa-core.ts';
import type { BridgeHandlers } from '../bridge/dispatch.ts';

type SettingsHandlers = Pick<
  BridgeHandlers,
  'app:info' | 'settings:get' | 'settings:save' | 'secrets:set' | 'secrets:clear'
>;

export async function secretsStatus(core: VoaCore): Promise<SecretsStatus> {
  const status = {} as SecretsStatus;
  for (const application of APPLICATIONS) {
    let binding: SecretBinding = 'not-set';
    try {
      binding = await core.vault.binding(application);
    } catch {
      // No keychain: nothing can be set; the keychain status tells why.
    }
    status[application] = { set: binding !== 'not-set', binding };
  }
  return status;
}

export async function settingsView(core: VoaCore): Promise<SettingsView> {
  const [secrets, keychain] = await Promise.all([secretsStatus(core), core.vault.status()]);
  return { settings: core.settings.current, secrets, keychain };
}

export function settingsHandlers(core: VoaCore): SettingsHandlers {
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
      await core.settings.update(patch);
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
