// settings.json in the profile's data directory: non-secret, human-readable, written atomically.
import { randomUUID } from 'node:crypto';
import { mkdir, open, readFile, rename } from 'node:fs/promises';
import path from 'node:path';
import {
  DEFAULT_SETTINGS,
  settingsSchema,
  type Settings,
  type SettingsPatch,
} from '../../../shared/settings.ts';

export const SETTINGS_FILE = 'settings.json';

export class SettingsStore {
  readonly file: string;
  #current: Settings;
  /** Set when settings.json could not be read; the unreadable file was kept beside it. */
  readonly loadProblem: string | undefined;

  private constructor(file: string, current: Settings, loadProblem?: string) {
    this.file = file;
    this.#current = current;
    this.loadProblem = loadProblem;
  }

  static async open(dataDir: string): Promise<SettingsStore> {
    const file = path.join(dataDir, SETTINGS_FILE);
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT')
        return new SettingsStore(file, structuredClone(DEFAULT_SETTINGS));
      throw error;
    }
    try {
      const stored = JSON.parse(text) as Record<string, unknown>;
      // Keys added by later versions fall back to their defaults.
      const merged = {
        ...DEFAULT_SETTINGS,
        ...stored,
        host: { ...DEFAULT_SETTINGS.host, ...(stored.host as object) },
      };
      return new SettingsStore(file, settingsSchema.parse(merged));
    } catch (error) {
      const kept = `${file}.unreadable-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      await rename(file, kept);
      return new SettingsStore(
        file,
        structuredClone(DEFAULT_SETTINGS),
        `settings.json could not be read (${(error as Error).message.split('\n')[0]}); it was kept as ${path.basename(kept)} and defaults are in use.`,
      );
    }
  }

  get current(): Settings {
    return structuredClone(this.#current);
  }

  /** Applies a validated patch: each group given replaces the stored one field by field. */
  async update(patch: SettingsPatch): Promise<Settings> {
    const next: Settings = {
      ...this.#current,
      ...patch,
      host: { ...this.#current.host, ...patch.host },
      applications: {
        website: { ...this.#current.applications.website, ...patch.applications?.website },
        sync: { ...this.#current.applications.sync, ...patch.applications?.sync },
      },
    };
    const valid = settingsSchema.parse(next);
    await writeFileAtomically(this.file, `${JSON.stringify(valid, null, 2)}\n`);
    this.#current = valid;
    return this.current;
  }
}

/** Write, flush, rename: a crash leaves the old file or the new one, never a torn one. */
export async function writeFileAtomically(file: string, content: string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${randomUUID()}.tmp`;
  const handle = await open(temporary, 'w', 0o600);
  try {
    await handle.writeFile(content, 'utf8');
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temporary, file);
}
