// Settings' about and support section: the versions, the log folder, the support bundle.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { AboutInfo, SavedSupportBundle } from '../../../shared/bridge/support-calls.ts';
import type { BridgeHandlers } from '../bridge/dispatch.ts';
import { BridgeFailure } from '../bridge/bridge-failure.ts';
import type { CoreModule, CoreServices } from '../core-module.ts';
import { NOT_BUILT } from '../build-info.ts';
import { appLog, logsDirOf } from '../log/app-log.ts';
import { runtimeVersions } from '../log/runtime-versions.ts';
import { settingsView } from '../settings/settings-handlers.ts';
import type { SupportBundleSources } from './support-bundle.ts';

// The bundle's writer loads when a bundle is saved, not at the desk's start.
const supportBundle = () => import('./support-bundle.ts');

type SupportHandlers = Pick<BridgeHandlers, 'support:about' | 'support:openLogFolder' | 'support:saveBundle'>;

/** What only the desktop shell can do; the browser shell and the CLI have neither. */
export interface SupportShell {
  /** Opens a folder in the OS's file manager; false when it could not. */
  openFolder?: (folder: string) => Promise<boolean>;
  /** Asks where to save the bundle (undefined when cancelled). */
  chooseBundleFile?: (suggestedName: string) => Promise<string | undefined>;
}

export type SupportServices = Pick<
  CoreServices,
  'location' | 'version' | 'shell' | 'settings' | 'vault' | 'appDb' | 'policy'
> & {
  handlers: Pick<BridgeHandlers, 'catalog:stats' | 'sync:runs'>;
};

/** Everything the bundle needs from a running core. */
export async function supportBundleSources(core: SupportServices): Promise<SupportBundleSources> {
  let secrets: SupportBundleSources['secrets'];
  try {
    secrets = (await settingsView(core)).secrets;
  } catch (error) {
    secrets = { unavailable: (error as Error).message };
  }
  return {
    dataDir: core.location.dataDir,
    versions: { ...runtimeVersions(core.version, core.location.profile), shell: core.shell },
    settings: core.settings.current,
    secrets,
    policy: core.policy,
    appDb: core.appDb,
    catalogStats: () => core.handlers['catalog:stats']({}),
    syncRuns: (limit) => core.handlers['sync:runs']({ limit }),
  };
}

/** Writes a support bundle to `file` and logs it (by size, never by content). */
export async function saveSupportBundle(core: SupportServices, file: string) {
  const { writeSupportBundle } = await supportBundle();
  const written = await writeSupportBundle(await supportBundleSources(core), file);
  appLog.info('support bundle saved', { file: written.file, entries: written.entries, bytes: written.bytes });
  return written;
}

export function createSupportModule(core: SupportServices, shell: SupportShell): CoreModule<SupportHandlers> {
  const dutch = () => core.settings.current.uiLanguage === 'nl';
  const about = (): AboutInfo => {
    const versions = runtimeVersions(core.version, core.location.profile);
    return {
      version: versions.voaDesk,
      buildDate: versions.buildDate === NOT_BUILT ? null : versions.buildDate,
      commit: versions.commit,
      electron: versions.electron,
      node: versions.node,
      os: versions.os,
      logsDir: logsDirOf(core.location.dataDir),
      desktop: Boolean(shell.openFolder),
    };
  };
  return {
    handlers: {
      'support:about': async () => about(),
      'support:openLogFolder': async () => {
        const folder = logsDirOf(core.location.dataDir);
        if (!shell.openFolder)
          throw new BridgeFailure(
            'not-available',
            dutch()
              ? `De logmap wordt geopend in de desktop-app. De logbestanden staan in ${folder}.`
              : `The log folder is opened in the desktop app. The log files are in ${folder}.`,
          );
        await mkdir(folder, { recursive: true });
        return { opened: await shell.openFolder(folder), folder };
      },
      'support:saveBundle': async (): Promise<SavedSupportBundle> => {
        const name = (await supportBundle()).supportBundleFileName(core.location.profile);
        let file: string | undefined;
        if (shell.chooseBundleFile) {
          file = await shell.chooseBundleFile(name);
          if (!file) return { saved: false, file: '', entries: 0, bytes: 0 };
        } else {
          const folder = path.join(core.location.dataDir, 'support');
          await mkdir(folder, { recursive: true });
          file = path.join(folder, name);
        }
        return { saved: true, ...(await saveSupportBundle(core, file)) };
      },
    },
  };
}
