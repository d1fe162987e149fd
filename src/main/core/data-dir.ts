// Where a profile keeps its state. The Electron shell passes app.getPath('userData'); the CLI and the
// browser shell use --data-dir, VOA_DESK_DATA_DIR, or the same folder Electron would use, so that the
// desktop app, the CLI and an OS-scheduled `sync` share one profile.
import { chmod, mkdir, readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export const PRODUCT_NAME = 'VOA Desk';
export const DEFAULT_PROFILE = 'default';
const PROFILE_PATTERN = /^[a-z0-9][a-z0-9._-]{0,63}$/i;

export interface ProfileLocation {
  profile: string;
  dataDir: string;
}

export function validateProfileName(profile: string): string {
  if (!PROFILE_PATTERN.test(profile)) {
    throw new Error(
      `Profile name "${profile}" is not valid: use 1 to 64 letters, digits, dots, dashes or underscores.`,
    );
  }
  return profile;
}

/** Electron's userData folder for this product, computed the way Electron does it. */
export function defaultUserDataDir(
  env: NodeJS.ProcessEnv = process.env,
  platform = process.platform,
): string {
  const home = os.homedir();
  if (platform === 'win32')
    return path.join(env.APPDATA ?? path.join(home, 'AppData', 'Roaming'), PRODUCT_NAME);
  if (platform === 'darwin') return path.join(home, 'Library', 'Application Support', PRODUCT_NAME);
  return path.join(env.XDG_CONFIG_HOME || path.join(home, '.config'), PRODUCT_NAME);
}

/**
 * The default profile lives in the userData folder itself; other profiles in `profiles/<name>` below it.
 * An explicit data directory wins over both.
 */
export function resolveProfileLocation(options: {
  dataDir?: string | undefined;
  profile?: string | undefined;
  env?: NodeJS.ProcessEnv;
  userDataDir?: string;
}): ProfileLocation {
  const env = options.env ?? process.env;
  const profile = validateProfileName(options.profile || env.VOA_DESK_PROFILE || DEFAULT_PROFILE);
  const explicit = options.dataDir || env.VOA_DESK_DATA_DIR;
  if (explicit) return { profile, dataDir: path.resolve(explicit) };
  const root = options.userDataDir ?? defaultUserDataDir(env);
  return { profile, dataDir: profile === DEFAULT_PROFILE ? root : path.join(root, 'profiles', profile) };
}

/** Where the desktop app's crash reporter keeps its dumps (local only; the support bundle takes them). */
export function crashDumpsDirOf(dataDir: string): string {
  return path.join(dataDir, 'crash-dumps');
}

/** settings.json, app.db, catalog.db and what VOA Desk keeps beside them (journals, kept copies). */
const OWN_FILES = /^(settings\.json|app\.db|catalog\.db)/;

/**
 * Creates the data directory if need be and keeps it private on Linux and macOS: the folder 0700, its files
 * 0600 (settings, app.db, catalog.db and their journals), also when an older version left them readable
 * to others. New files follow from the process's umask, which is set to 077 here for the same reason (a
 * shared counter PC: other accounts must not read customers' requests). Windows keeps the profile folder's
 * own ACLs.
 */
export async function prepareDataDir(dataDir: string, platform = process.platform): Promise<void> {
  if (platform === 'win32') {
    await mkdir(dataDir, { recursive: true });
    return;
  }
  process.umask(0o077);
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  await chmod(dataDir, 0o700);
  for (const entry of await readdir(dataDir, { withFileTypes: true })) {
    // Only VOA Desk's own files: a --data-dir may name a folder that holds other things too.
    if (entry.isFile() && OWN_FILES.test(entry.name)) await chmod(path.join(dataDir, entry.name), 0o600);
  }
}
