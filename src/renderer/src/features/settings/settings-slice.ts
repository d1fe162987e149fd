import type { SecretsStatus, SettingsView } from '../../../../shared/bridge/settings-calls.ts';
import type { BridgeError } from '../../../../shared/bridge/define.ts';
import type { ApplicationName, SettingsPatch } from '../../../../shared/settings.ts';
import type { SliceCreator } from '../../app/app-store.ts';
import { voa } from '../../bridge/voa.ts';

export interface SettingsSlice {
  settingsView: SettingsView | undefined;
  loadSettings(): Promise<void>;
  /** Saves and answers with the host's verdict; on failure nothing was changed. */
  saveSettings(patch: SettingsPatch): Promise<BridgeError | undefined>;
  /** Main opens its own file dialog: the renderer never names the CA file. */
  chooseCaFile(): Promise<BridgeError | undefined>;
  setSecret(application: ApplicationName, secret: string): Promise<BridgeError | undefined>;
  clearSecret(application: ApplicationName): Promise<BridgeError | undefined>;
  applySettingsView(view: SettingsView): void;
}

export const createSettingsSlice: SliceCreator<SettingsSlice> = (set, get) => {
  const withSecrets = (secrets: SecretsStatus) => {
    const view = get().settingsView;
    if (view) set({ settingsView: { ...view, secrets } });
  };
  return {
    settingsView: undefined,
    applySettingsView(view) {
      set({ settingsView: view });
      // Always, also on the first load: the language drives validation messages too, not only the UI.
      get().setLanguage(view.settings.uiLanguage);
    },
    async loadSettings() {
      const result = await voa.settings.get();
      if (result.ok) get().applySettingsView(result.value);
    },
    async saveSettings(patch) {
      const result = await voa.settings.save(patch);
      if (!result.ok) return result.error;
      get().applySettingsView(result.value);
      return undefined;
    },
    async chooseCaFile() {
      const result = await voa.settings.chooseCaFile();
      if (!result.ok) return result.error;
      get().applySettingsView(result.value);
      return undefined;
    },
    async setSecret(application, secret) {
      const result = await voa.secrets.set({ application, secret });
      if (!result.ok) return result.error;
      withSecrets(result.value);
      return undefined;
    },
    async clearSecret(application) {
      const result = await voa.secrets.clear({ application });
      if (!result.ok) return result.error;
      withSecrets(result.value);
      return undefined;
    },
  };
};
