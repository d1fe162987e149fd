import type {
  AdminStatus,
  ConnectionTestResult,
  PinAnswer,
  SecretsStatus,
  SettingsView,
} from '../../../../shared/bridge/settings-calls.ts';
import type { BridgeError, BridgeResult } from '../../../../shared/bridge/define.ts';
import type { UpdateView } from '../../../../shared/bridge/update-calls.ts';
import type { CallInput } from '../../../../shared/bridge/api.ts';
import type { ApplicationName, SettingsPatch } from '../../../../shared/settings.ts';
import type { SliceCreator } from '../../app/app-store.ts';
import { readUnlessOvertaken, voa, type BridgeAnswer as Answer } from '../../bridge/voa.ts';

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
  /** Where the administrator section stands for this window; main decides, the screen only shows it. */
  adminStatus: AdminStatus | undefined;
  loadAdminStatus(): Promise<void>;
  unlockAdmin(pin: string): Promise<PinAnswer | BridgeError>;
  lockAdmin(): Promise<void>;
  setAdminPin(newPin: string, currentPin?: string): Promise<PinAnswer | BridgeError>;
  removeAdminPin(currentPin: string): Promise<PinAnswer | BridgeError>;
  testConnection(): Promise<ConnectionTestResult | BridgeError>;
  /** What runs here (version, build, commit, where the logs are), for About and support. */
  aboutDesk(): Answer<'support:about'>;
  openLogFolder(): Answer<'support:openLogFolder'>;
  /** Main asks where to save the support bundle; a closed dialog answers `saved: false`. */
  saveSupportBundle(): Answer<'support:saveBundle'>;
  /** This workstation's slip printer and paper. */
  slipPrintChoice(): Answer<'print:choice'>;
  /** The printers this machine offers; only the desktop app lists them. */
  slipPrinters(): Answer<'print:printers'>;
  chooseSlipPrint(change: CallInput<'print:choose'>): Answer<'print:choose'>;
  /**
   * Where updates stand: the policy's folder and channel, and what the desk is doing about them. Undefined
   * when an `updates:changed` event overtook the answer: the event is the newer news.
   */
  updateStatus(): Promise<Awaited<Answer<'updates:status'>> | undefined>;
  checkForUpdate(): Answer<'updates:check'>;
  /** Installs a downloaded update now, or answers which work it waits for. */
  restartIntoUpdate(): Answer<'updates:restart'>;
  /** Each new update state from main; returns the unsubscribe. */
  watchUpdates(onChange: (view: UpdateView) => void): () => void;
  /**
   * A delivery or a catalog sync started or ended (whether a restart must wait changes with them);
   * returns the unsubscribe.
   */
  watchDeskWork(onChange: () => void): () => void;
}

/** A bridge error, as opposed to an answer: the slice's calls return one or the other. */
export function isBridgeError(value: object): value is BridgeError {
  return 'code' in value && 'message' in value;
}

export const createSettingsSlice: SliceCreator<SettingsSlice> = (set, get) => {
  const withSecrets = (secrets: SecretsStatus) => {
    const view = get().settingsView;
    if (view) set({ settingsView: { ...view, secrets } });
  };
  /** A refusal because the unlock ran out meanwhile shows the lock again. */
  const failed = async (error: BridgeError): Promise<BridgeError> => {
    if (error.code === 'admin-locked') await get().loadAdminStatus();
    return error;
  };
  const pinCall = (result: BridgeResult<PinAnswer>): PinAnswer | BridgeError => {
    if (!result.ok) return result.error;
    const { refused: _refused, ...status } = result.value;
    set({ adminStatus: status });
    return result.value;
  };
  return {
    settingsView: undefined,
    applySettingsView(view) {
      set({ settingsView: view });
      // Always, also on the first load: the language drives validation messages too, not only the UI.
      get().setLanguage(view.settings.uiLanguage);
    },
    async loadSettings() {
      const result = await readUnlessOvertaken('settings:changed', () => voa.settings.get());
      if (result?.ok) get().applySettingsView(result.value);
    },
    async saveSettings(patch) {
      const result = await voa.settings.save(patch);
      if (!result.ok) return failed(result.error);
      get().applySettingsView(result.value);
      return undefined;
    },
    async chooseCaFile() {
      const result = await voa.settings.chooseCaFile();
      if (!result.ok) return failed(result.error);
      get().applySettingsView(result.value);
      return undefined;
    },
    async setSecret(application, secret) {
      const result = await voa.secrets.set({ application, secret });
      if (!result.ok) return failed(result.error);
      withSecrets(result.value);
      return undefined;
    },
    adminStatus: undefined,
    async loadAdminStatus() {
      const result = await voa.admin.status();
      if (result.ok) set({ adminStatus: result.value });
    },
    async unlockAdmin(pin) {
      return pinCall(await voa.admin.unlock({ pin }));
    },
    async lockAdmin() {
      const result = await voa.admin.lock();
      if (result.ok) set({ adminStatus: result.value });
    },
    async setAdminPin(newPin, currentPin) {
      return pinCall(await voa.admin.setPin(currentPin === undefined ? { newPin } : { newPin, currentPin }));
    },
    async removeAdminPin(currentPin) {
      return pinCall(await voa.admin.removePin({ currentPin }));
    },
    async testConnection() {
      const result = await voa.settings.testConnection();
      return result.ok ? result.value : failed(result.error);
    },
    async clearSecret(application) {
      const result = await voa.secrets.clear({ application });
      if (!result.ok) return failed(result.error);
      withSecrets(result.value);
      return undefined;
    },
    aboutDesk: () => voa.support.about(),
    openLogFolder: () => voa.support.openLogFolder(),
    saveSupportBundle: () => voa.support.saveBundle(),
    slipPrintChoice: () => voa.print.choice({}),
    slipPrinters: () => voa.print.printers({}),
    chooseSlipPrint: (change) => voa.print.choose(change),
    updateStatus: () => readUnlessOvertaken('updates:changed', () => voa.updates.status()),
    checkForUpdate: () => voa.updates.check(),
    restartIntoUpdate: () => voa.updates.restart(),
    watchUpdates: (onChange) => voa.on('updates:changed', onChange),
    watchDeskWork(onChange) {
      const offs = [
        voa.on('outbox:changed', onChange),
        voa.on('sync:progress', onChange),
        voa.on('sync:finished', onChange),
      ];
      return () => offs.forEach((off) => off());
    },
  };
};
