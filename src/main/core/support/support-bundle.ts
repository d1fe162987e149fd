// A picture of one desk for support, as one zip: the logs and crash dumps, the versions, the settings
// (which hold no secret: those live in the OS keychain), the outbox by state with each last error's code
// and time, and the sync log with the catalog's counts. No payload, no customer's name or contact detail,
// no secret and no token goes in: the logs are redacted when written, the outbox part reads no payload,
// and every text that comes from a host passes the log redaction once more.
import { readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import type { Zippable } from 'fflate';
import type { SecretsStatus } from '../../../shared/bridge/settings-calls.ts';
import type { CatalogStats, SyncRunSummary } from '../../../shared/contract/catalog-search.ts';
import type { Settings } from '../../../shared/settings.ts';
import type { PolicyView } from '../../../shared/machine-policy.ts';
import { crashDumpsDirOf } from '../data-dir.ts';
import { logsDirOf } from '../log/app-log.ts';
import { redactForLog, redactText } from '../log/log-redaction.ts';
import type { RuntimeVersions } from '../log/runtime-versions.ts';

export interface SupportBundleSources {
  dataDir: string;
  versions: RuntimeVersions & { shell: string };
  settings: Settings;
  secrets: SecretsStatus | { unavailable: string };
  /** The machine policy as read at start (what it locks, or why it cannot be used). */
  policy: PolicyView;
  appDb: DatabaseSync;
  catalogStats: () => Promise<CatalogStats>;
  syncRuns: (limit: number) => Promise<SyncRunSummary[]>;
  now?: () => Date;
}

/** The sync log's runs in the bundle: a month of nightly syncs and some manual ones. */
const SYNC_RUNS_IN_BUNDLE = 60;
/** A dump folder can grow; the newest dumps are the ones support asks for. */
const CRASH_DUMPS_IN_BUNDLE = 20;

export interface OutboxSummary {
  byState: { state: string; count: number; lastChangeAt: string | null }[];
  /** The most recent errors: what kind of error and when, never its text or the request's payload. */
  lastErrors: { requestId: string; state: string; attempts: number; code: string; at: string }[];
}

/** What kind of error an outbox item last had, from its stored account (never the account itself). */
export function errorCodeOf(lastError: string, hostWords: string | null): string {
  const status = /\bHTTP (\d{3})\b/.exec(lastError)?.[1];
  if (hostWords) return status ? `refused-http-${status}` : 'refused';
  if (status) return `http-${status}`;
  if (/time-?out|timed out/i.test(lastError)) return 'timeout';
  if (/could not (be )?reach|network|ECONN|ENOTFOUND|EAI_AGAIN|certificate|TLS/i.test(lastError))
    return 'network';
  if (/secret|credential|token|AADSTS/i.test(lastError)) return 'credentials';
  if (/VOA Desk could not send/i.test(lastError)) return 'internal';
  return 'other';
}

export function outboxSummary(db: DatabaseSync): OutboxSummary {
  const byState = db
    .prepare(
      'SELECT state, count(*) AS count, max(updated_at) AS lastChangeAt FROM outbox_item GROUP BY state ORDER BY state',
    )
    .all() as { state: string; count: number; lastChangeAt: string | null }[];
  const errors = db
    .prepare(
      `SELECT request_id, state, attempts, last_error, last_host_words, updated_at FROM outbox_item
       WHERE last_error IS NOT NULL AND last_error != '' ORDER BY updated_at DESC LIMIT 50`,
    )
    .all() as {
    request_id: string;
    state: string;
    attempts: number;
    last_error: string;
    last_host_words: string | null;
    updated_at: string;
  }[];
  return {
    byState: byState.map((row) => ({ state: row.state, count: row.count, lastChangeAt: row.lastChangeAt })),
    lastErrors: errors.map((row) => ({
      requestId: row.request_id,
      state: row.state,
      attempts: row.attempts,
      code: errorCodeOf(row.last_error, row.last_host_words),
      at: row.updated_at,
    })),
  };
}

async function filesBelow(dir: string): Promise<{ file: string; relative: string; mtimeMs: number }[]> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true, recursive: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const files = [];
  for (const entry of entries.filter((found) => found.isFile())) {
    const file = path.join(entry.parentPath, entry.name);
    try {
      files.push({
        file,
        relative: path.relative(dir, file).split(path.sep).join('/'),
        mtimeMs: (await stat(file)).mtimeMs,
      });
    } catch {
      // Rotated away between the listing and the look.
    }
  }
  return files;
}

const json = (value: unknown) => new TextEncoder().encode(`${JSON.stringify(value, null, 2)}\n`);

/** The bundle's entries by name. */
export async function supportBundleEntries(
  sources: SupportBundleSources,
): Promise<Record<string, Uint8Array>> {
  const entries: Record<string, Uint8Array> = {};
  const now = (sources.now ?? (() => new Date()))();
  entries['versions.json'] = json({ ...sources.versions, bundleCreatedAt: now.toISOString() });
  entries['settings.json'] = json({
    settings: sources.settings,
    secrets: sources.secrets,
    policy: sources.policy,
  });
  entries['outbox.json'] = json(outboxSummary(sources.appDb));
  const runs = await sources.syncRuns(SYNC_RUNS_IN_BUNDLE);
  const stats = await sources.catalogStats();
  // A sync's message can quote the host; the same redaction as the log's runs over it.
  entries['catalog.json'] = json(
    redactForLog({ counts: stats.counts, sizes: stats.sizes, steel: stats.steel, syncedAt: stats.syncedAt }),
  );
  entries['sync-log.json'] = json(
    runs.map((run) => ({ ...run, message: redactText(run.message) })).map((run) => redactForLog(run)),
  );
  for (const log of await filesBelow(logsDirOf(sources.dataDir))) {
    const content = await readFile(log.file).catch(() => undefined);
    if (content) entries[`logs/${log.relative}`] = content;
  }
  const dumps = (await filesBelow(crashDumpsDirOf(sources.dataDir)))
    .sort((a, b) => b.mtimeMs - a.mtimeMs)
    .slice(0, CRASH_DUMPS_IN_BUNDLE);
  for (const dump of dumps) {
    const content = await readFile(dump.file).catch(() => undefined);
    if (content) entries[`crash-dumps/${dump.relative}`] = content;
  }
  return entries;
}

/** Writes the zip whole or not at all (a temporary file renamed into place). */
export async function writeSupportBundle(
  sources: SupportBundleSources,
  file: string,
): Promise<{ file: string; entries: number; bytes: number }> {
  const entries = await supportBundleEntries(sources);
  const zippable: Zippable = {};
  for (const [name, content] of Object.entries(entries)) zippable[name] = [content, { level: 6 }];
  // Loaded on the first bundle: nothing else needs a zip writer, and the core's start should not wait for it.
  const { zipSync } = await import('fflate');
  const zip = zipSync(zippable);
  const temporary = `${file}.${process.pid}.partial`;
  try {
    await writeFile(temporary, zip, { mode: 0o600 });
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  return { file, entries: Object.keys(entries).length, bytes: zip.byteLength };
}

/** voa-desk-support-<profile>-20261127-1530.zip */
export function supportBundleFileName(profile: string, now = new Date()): string {
  const stamp = now.toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-');
  return `voa-desk-support-${profile}-${stamp}.zip`;
}
