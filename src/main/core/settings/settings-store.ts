// settings.json in the profile's data directory: non-secret, human-readable, written atomically.
import { randomUUID } from 'node:crypto';
import { copyFile, mkdir, open, readFile, rename, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { z } from 'zod';
import {
  DEFAULT_SETTINGS,
  settingsSchemas,
  type ApplicationName,
  type HostConnection,
  type Settings,
  type SettingsPatch,
} from '../../../shared/settings.ts';
import { withPolicy, type MachinePolicy } from '../../../shared/machine-policy.ts';
import type { SettingsFileProblem } from '../../../shared/bridge/settings-calls.ts';
import { isJsonObject } from '../../../shared/json-object.ts';

export const SETTINGS_FILE = 'settings.json';

export class SettingsStore {
  readonly file: string;
  #current: Settings;
  /** settings.json as this process last read or wrote it: the version a save is based on. */
  #fileText: string | undefined;
  /**
   * Set when settings.json did not read whole at start: the settings back at their defaults (none named:
   * the whole file), and the copy of the file as it was.
   */
  readonly fileProblem: SettingsFileProblem | undefined;

  private constructor(
    file: string,
    current: Settings,
    fileText: string | undefined,
    fileProblem?: SettingsFileProblem,
  ) {
    this.file = file;
    this.#current = current;
    this.#fileText = fileText;
    this.fileProblem = fileProblem;
  }

  /** The problem in words, for the log and the CLI. */
  get loadProblem(): string | undefined {
    const problem = this.fileProblem;
    if (!problem) return undefined;
    return problem.fields.length
      ? `settings.json: ${problem.fields.map((field) => `${field.name}: ${field.problem}`).join('; ')}. These are back at their defaults; the file as it was is kept as ${problem.keptAs}.`
      : `settings.json could not be read (${problem.reason}); it was kept as ${problem.keptAs} and defaults are in use.`;
  }

  static async open(dataDir: string): Promise<SettingsStore> {
    const file = path.join(dataDir, SETTINGS_FILE);
    const text = await readIfPresent(file);
    if (text === undefined) return new SettingsStore(file, structuredClone(DEFAULT_SETTINGS), undefined);
    const kept = `${file}.unreadable-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    let read: ReadSettings;
    try {
      read = readSettings(text);
    } catch (error) {
      await rename(file, kept);
      return new SettingsStore(file, structuredClone(DEFAULT_SETTINGS), undefined, {
        fields: [],
        reason: (error as Error).message.split('\n')[0] ?? '',
        keptAs: path.basename(kept),
      });
    }
    if (!read.fellBack.length) return new SettingsStore(file, read.settings, text);
    // Some values did not read (another version's, a hand edit): the rest are in use, and the file as it
    // was is kept beside it, since the next save writes the defaults in their place.
    await copyFile(file, kept);
    return new SettingsStore(file, read.settings, text, {
      fields: read.fellBack,
      reason: '',
      keptAs: path.basename(kept),
    });
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
  /**
   * settings.json as another writer left it, or undefined when it is no JSON object now (damaged while
   * this process ran): kept beside it, and this process's version is saved in its place.
   */
  async #otherWriters(onDisk: string): Promise<Settings | undefined> {
    try {
      return readSettings(onDisk).settings;
    } catch {
      await copyFile(this.file, `${this.file}.unreadable-${new Date().toISOString().replace(/[:.]/g, '-')}`);
      return undefined;
    }
  }

  async update(patch: SettingsPatch): Promise<Settings> {
    const ours = applyPatch(this.#current, patch);
    const onDisk = await readIfPresent(this.file);
    let next = ours;
    if (onDisk !== this.#fileText) {
      const theirs =
        onDisk === undefined ? structuredClone(DEFAULT_SETTINGS) : await this.#otherWriters(onDisk);
      if (theirs) {
        try {
          next = mergeFieldByField(this.#current, ours, theirs);
        } catch (error) {
          // Refused: from now on this process knows the other writer's version, so the next save builds on it.
          this.#current = theirs;
          this.#fileText = onDisk;
          throw error;
        }
      }
    }
    const valid = settingsSchemas().settings.parse(next);
    const text = `${JSON.stringify(valid, null, 2)}\n`;
    await writeFileAtomically(this.file, text);
    this.#current = valid;
    this.#fileText = text;
    return this.current;
  }
}

interface ReadSettings {
  settings: Settings;
  /** Each value that did not read and is back at its default, with why. */
  fellBack: SettingsFileProblem['fields'];
}

/**
 * settings.json read back. A key it lacks (written before the key existed) takes its default; a value that
 * does not read takes its default too, alone: the connection's fields one by one, every other setting as a
 * whole. Throws only when the text is no JSON object.
 */
function readSettings(text: string): ReadSettings {
  const stored: unknown = JSON.parse(text);
  if (!isJsonObject(stored)) throw new Error('it holds no JSON object');
  const host = isJsonObject(stored.host) ? stored.host : {};
  const merged = { ...DEFAULT_SETTINGS, ...stored, host: { ...DEFAULT_SETTINGS.host, ...host } };
  const whole = settingsSchemas().settings.safeParse(merged);
  if (whole.success) return { settings: whole.data, fellBack: [] };

  const fellBack: ReadSettings['fellBack'] = [];
  const readOr = <T>(name: string, schema: z.ZodType<T>, value: unknown, otherwise: T): T => {
    const read = schema.safeParse(value);
    if (read.success) return read.data;
    fellBack.push({ name, problem: read.error.issues[0]?.message ?? 'does not read' });
    return structuredClone(otherwise);
  };
  const schemas = settingsSchemas();
  const shape = schemas.settings.shape;
  const hostShape = schemas.hostConnection.shape;
  const hostRead = (field: keyof HostConnection) =>
    readOr(`host.${field}`, hostShape[field], merged.host[field], DEFAULT_SETTINGS.host[field]);
  return {
    settings: {
      host: {
        baseUrl: hostRead('baseUrl'),
        authUrl: hostRead('authUrl'),
        tenant: hostRead('tenant'),
        apiResource: hostRead('apiResource'),
        companyName: hostRead('companyName'),
        companyId: hostRead('companyId'),
        language: hostRead('language'),
        caFile: hostRead('caFile'),
      },
      applications: readOr(
        'applications',
        shape.applications,
        merged.applications,
        DEFAULT_SETTINGS.applications,
      ),
      counterEmployees: readOr(
        'counterEmployees',
        shape.counterEmployees,
        merged.counterEmployees,
        DEFAULT_SETTINGS.counterEmployees,
      ),
      privacyConsentVersion: readOr(
        'privacyConsentVersion',
        shape.privacyConsentVersion,
        merged.privacyConsentVersion,
        DEFAULT_SETTINGS.privacyConsentVersion,
      ),
      sourceLabels: readOr(
        'sourceLabels',
        shape.sourceLabels,
        merged.sourceLabels,
        DEFAULT_SETTINGS.sourceLabels,
      ),
      units: readOr('units', shape.units, merged.units, DEFAULT_SETTINGS.units),
      uiLanguage: readOr('uiLanguage', shape.uiLanguage, merged.uiLanguage, DEFAULT_SETTINGS.uiLanguage),
      catalogSyncTime: readOr(
        'catalogSyncTime',
        shape.catalogSyncTime,
        merged.catalogSyncTime,
        DEFAULT_SETTINGS.catalogSyncTime,
      ),
      catalogSyncWindowEnd: readOr(
        'catalogSyncWindowEnd',
        shape.catalogSyncWindowEnd,
        merged.catalogSyncWindowEnd,
        DEFAULT_SETTINGS.catalogSyncWindowEnd,
      ),
      portalIdleMinutes: readOr(
        'portalIdleMinutes',
        shape.portalIdleMinutes,
        merged.portalIdleMinutes,
        DEFAULT_SETTINGS.portalIdleMinutes,
      ),
      retentionDays: readOr(
        'retentionDays',
        shape.retentionDays,
        merged.retentionDays,
        DEFAULT_SETTINGS.retentionDays,
      ),
    },
    fellBack,
  };
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
