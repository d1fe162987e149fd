// electron-updater's autoUpdater as the core's UpdaterPort. The shape below is the part of autoUpdater this
// uses (declared here, so the core needs neither Electron nor electron-updater to build and test); the
// desktop shell passes the real one.
import type { UpdateChannel } from '../../../shared/machine-policy.ts';
import { appLog } from '../log/app-log.ts';
import type { UpdaterPort } from './update-controller.ts';
import type { OfferedUpdate } from './update-rules.ts';

type ProgressListener = (progress: { percent: number }) => void;

/** The part of electron-updater's AppUpdater the desk uses. */
export interface AutoUpdaterLike {
  setFeedURL(options: { provider: 'generic'; url: string; channel?: string }): void;
  channel: string | null;
  allowDowngrade: boolean;
  autoDownload: boolean;
  autoInstallOnAppQuit: boolean;
  autoRunAppAfterInstall?: boolean;
  logger: {
    info(message?: unknown): void;
    warn(message?: unknown): void;
    error(message?: unknown): void;
  } | null;
  checkForUpdates(): Promise<{ isUpdateAvailable?: boolean; updateInfo: OfferedUpdate } | null>;
  downloadUpdate(): Promise<unknown>;
  quitAndInstall(isSilent?: boolean, isForceRunAfter?: boolean): void;
  on(event: 'download-progress', listener: ProgressListener): unknown;
  removeListener(event: 'download-progress', listener: ProgressListener): unknown;
}

/**
 * `updaterOf` gives electron-updater's autoUpdater, created at the first use (when the policy names a
 * folder). `beforeRestart` runs just before autoUpdater quits the app for "restart now": the shell then skips its
 * "requests not delivered yet" question (they are kept, and the desk is back in a moment).
 */
export function electronUpdaterPort(
  updaterOf: () => AutoUpdaterLike,
  beforeRestart: () => void,
): UpdaterPort {
  let created: AutoUpdaterLike | undefined;
  const updater = () => (created ??= updaterOf());
  return {
    configure(feed: { url: string; channel: UpdateChannel }) {
      const updater = created ?? updaterOf();
      created = updater;
      // The generic provider: electron-builder's update files (latest.yml, beta.yml, …) in an https folder.
      updater.setFeedURL({ provider: 'generic', url: feed.url, channel: feed.channel });
      // Setting the channel turns downgrades on; this desk never takes an older build (update-rules.ts).
      updater.channel = feed.channel;
      updater.allowDowngrade = false;
      // The core decides: it downloads what it accepts, and says at quit whether to install.
      updater.autoDownload = false;
      updater.autoInstallOnAppQuit = true;
      updater.logger = {
        info: (message) => appLog.info('electron-updater', { message: String(message) }),
        warn: (message) => appLog.warn('electron-updater', { message: String(message) }),
        error: (message) => appLog.warn('electron-updater error', { message: String(message) }),
      };
    },
    async check() {
      const result = await updater().checkForUpdates();
      if (!result) return undefined;
      return { available: result.isUpdateAvailable === true, offered: result.updateInfo };
    },
    async download(onProgress) {
      const listener: ProgressListener = (progress) => onProgress(progress.percent);
      updater().on('download-progress', listener);
      try {
        await updater().downloadUpdate();
      } finally {
        updater().removeListener('download-progress', listener);
      }
    },
    setInstallOnQuit(install) {
      updater().autoInstallOnAppQuit = install;
    },
    restartAndInstall() {
      beforeRestart();
      // Not silent (the installer shows its progress), and the desk starts again afterwards.
      updater().quitAndInstall(false, true);
    },
  };
}
