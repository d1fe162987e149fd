// The browser shell has no updater: this stand-in lets Settings' updates be seen and tested there, through
// the core's real decisions (update-controller.ts). VOA_DESK_SHELL_UPDATE names a build the "folder" offers
// (a version, optionally with `;app.db=N;catalog.db=M`, its declared schema versions); without it the
// folder has nothing newer. "Restart now" cannot restart a browser tab: it is logged, nothing is installed.
import type { UpdaterPort } from '../core/updates/update-controller.ts';
import { SCHEMA_VENDOR_KEY, type OfferedUpdate } from '../core/updates/update-rules.ts';
import { appLog } from '../core/log/app-log.ts';

export function standInUpdater(offer: string | undefined, currentVersion: string): UpdaterPort {
  const offered = offerOf(offer);
  return {
    configure: () => {},
    check: async () =>
      offered ? { available: true, offered } : { available: false, offered: { version: currentVersion } },
    download: async (onProgress) => onProgress(100),
    setInstallOnQuit: () => {},
    restartAndInstall: () =>
      appLog.info('browser shell: "restart now" asked; a browser tab cannot restart into an update'),
  };
}

function offerOf(text: string | undefined): OfferedUpdate | undefined {
  if (!text) return undefined;
  const [version = '', ...parts] = text.split(';');
  const schemas = Object.fromEntries(
    parts.map((part) => part.split('=')).map(([name, value]) => [name, Number(value)]),
  );
  return parts.length ? { version, vendor: { [SCHEMA_VENDOR_KEY]: schemas } } : { version };
}
