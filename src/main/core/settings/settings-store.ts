// settings.json in the profile's data directory: non-secret, human-readable, written atomically.
import { randomUUID } from 'node:crypto';
import { mkdir, open, readFile, rename, unlink } from 'node:fs/promises';
import path from 'node:path';
import {
  DEFAULT_SETTINGS,
  settingsSchema,
  type ApplicationName,
  type Settings,
  type SettingsPatch,
} from '../../../shared/settings.ts';
import { withPolicy, type MachinePolicy } from '../../../shared/machine-policy.ts';

export const SETTINGS_FILE = 'settings.json';

export class SettingsStore {
  readonly file: string;
  #current: Settings;
  /** settings.json as this process last read or wrote it: the version a save is based on. */
  #fileText: string | undefined;
  /** Set when settings.json could not be read; the unreadable file was kept beside it. */
  readonly loadProblem: string | undefined;

  private constructor(file: string, current: Settings, fileText: string | undefined, loadProblem?: string) {
    this.file = file;
    this.#current = current;
    this.#fileText = fileText;
    this.loadProblem = loadProblem;
  }

  static async open(dataDir: string): Promise<SettingsStore> {
    const file = path.join(dataDir, SETTINGS_FILE);
    const text = await readIfPresent(file);
    if (text === undefined) return new SettingsStore(file, structuredClone(DEFAULT_SETTINGS), undefined);
    try {
      return new SettingsStore(file, parseSettings(text), text);
    } catch (error) {
      const kept = `${file}.unreadable-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      await rename(file, kept);
      return new SettingsStore(
        file,
        structuredClone(DEFAULT_SETTINGS),
        undefined,
        `settings.json could not be read (${(error as Error).message.split('\n')[0]}); it was kept as ${path.basename(kept)} and defaults are in use.`,
      );
    }
  }

  get current(): Settings {
    return structuredClone(withPolicy(this.#current, this.#policy));
  }

  #policy: MachinePolicy | undefined;

  /** The machine policy's values, in force over the desk's own from now on (settings.json keeps its own). */
  applyMachinePolicy(policy: MachinePolicy | undefined): void {
    this.#policy = policy;
  }

  /**
   * Applies a validated patch: each group given replaces the stored one field by field. The save is based
   * on the file as this process last read or wrote it; when someone else (the CLI while the app runs) has
   * written it since, the two are merged field by field: a field this patch leaves as it was takes the
   * other writer's value, and a field both changed differently refuses the whole save (SettingsConflictError).
   */
  async update(patch: SettingsPatch): Promise<Settings> {
    const ours = applyPatch(this.#current, patch);
    const onDisk = await readIfPresent(this.file);
    let next = ours;
    if (onDisk !== this.#fileText) {
      const theirs = onDisk === undefined ? structuredClone(DEFAULT_SETTINGS) : parseSettings(onDisk);
      try {
        next = mergeFieldByField(this.#current, ours, theirs);
      } catch (error) {
        // Refused: from now on this process knows the other writer's version, so the next save builds on it.
        this.#current = theirs;
        this.#fileText = onDisk;
        throw error;
      }
    }
    const valid = settingsSchema.parse(next);
    const text = `${JSON.stringify(valid, null, 2)}\n`;
    await writeFileAtomically(this.file, text);
    this.#current = valid;
    this.#fileText = text;
    return this.current;
  }
}

function parseSettings(text: string): Settings {
  const stored = JSON.parse(text) as Record<string, unknown>;
  // Keys added by later versions fall back to their defaults.
  return settingsSchema.parse({
    ...DEFAULT_SETTINGS,
    ...stored,
    host: { ...DEFAULT_SETTINGS.host, ...(stored.host as object) },
  });
}

function applyPatch(current: Settings, patch: SettingsPatch): Settings {
  return {
    ...current,
    ...patch,
    host: { ...current.host, ...patch.host },
    applications: {
      website: { ...current.applications.website, ...patch.applications?.website },
      sync: { ...current.applications.sync, ...patch.applications?.sync },
    },
  };
}

async function readIfPresent(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** Another writer changed the same field to something else since this process read the file. */
export class SettingsConflictError extends Error {
  override name = 'SettingsConflictError';
  readonly fields: string[];
  constructor(fields: string[]) {
    super(`Settings were changed elsewhere meanwhile (${fields.join(', ')}); nothing was saved.`);
    this.fields = fields;
  }
}

/** The fields a settings file is merged by: each host field, each client id, and every other key whole. */
function settingsFields(settings: Settings): Map<string, unknown> {
  const fields = new Map<string, unknown>();
  for (const [key, value] of Object.entries(settings.host)) fields.set(`host.${key}`, value);
  for (const [name, application] of Object.entries(settings.applications))
    fields.set(`applications.${name}.clientId`, application.clientId);
  for (const [key, value] of Object.entries(settings))
    if (key !== 'host' && key !== 'applications') fields.set(key, value);
  return fields;
}

function mergeFieldByField(base: Settings, ours: Settings, theirs: Settings): Settings {
  const baseFields = settingsFields(base);
  const ourFields = settingsFields(ours);
  const theirFields = settingsFields(theirs);
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  const conflicts: string[] = [];
  const merged = structuredClone(theirs) as Settings & Record<string, unknown>;
  for (const [field, ourValue] of ourFields) {
    const baseValue = baseFields.get(field);
    const theirValue = theirFields.get(field);
    if (same(ourValue, baseValue) || same(ourValue, theirValue)) continue;
    if (!same(theirValue, baseValue)) {
      conflicts.push(field);
      continue;
    }
    const [group, name, leaf] = field.split('.') as [string, string?, string?];
    if (group === 'host' && name) (merged.host as Record<string, unknown>)[name] = ourValue;
    else if (group === 'applications' && name && leaf)
      merged.applications[name as ApplicationName] = { clientId: ourValue as string };
    else merged[group] = ourValue;
  }
  if (conflicts.length) throw new SettingsConflictError(conflicts);
  return merged;
}

/** The disk (or the user's quota) is full: nothing was written, the previous file is as it was. */
export class DiskFullError extends Error {
  override name = 'DiskFullError';
}

/** Write, flush, rename: a crash leaves the old file or the new one, never a torn one. */
export async function writeFileAtomically(file: string, content: string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${randomUUID()}.tmp`;
  try {
    const handle = await open(temporary, 'w', 0o600);
    try {
      await handle.writeFile(content, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, file);
  } catch (error) {
    // Never leave a partial temporary file behind; the previous file is untouched until the rename.
    await unlink(temporary).catch(() => {});
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOSPC' || code === 'EDQUOT')
      throw new DiskFullError(`The disk is full: ${path.basename(file)} was not written.`, { cause: error });
    throw error;
  }
}
