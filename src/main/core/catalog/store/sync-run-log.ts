// The sync run log on the main thread's connection: each run's start, end, outcome and counts, what
// changed with a successful one, who holds the data directory's sync lock, and the clean-up after a
// crash. The run's success is written by the sync worker's swap, in the swap's transaction.
import type { DatabaseSync } from 'node:sqlite';
import {
  SYNC_FAILURE_REASONS,
  SYNC_OUTCOMES,
  SYNC_TRIGGERS,
  type PageKindCounts,
  type SyncChange,
  type SyncChanges,
  type SyncFailureInfo,
  type SyncHolder,
  type SyncOutcome,
  type SyncRunSummary,
  type SyncTrigger,
} from '../../../../shared/contract/catalog-search.ts';
import { CATALOG_META, type CatalogConnection } from './catalog-connection.ts';
import { CATALOG_TABLES, STAGING_PREFIX } from './catalog-schema.ts';
import {
  storedChangeCounts,
  storedPageCounts,
  storedRecord,
  storedSyncHolder,
  storedTexts,
} from './stored-json.ts';

/** Changes kept per subject and kind; the counts are always complete. */
export const CHANGES_KEPT_PER_KIND = 1000;

type RunRecord = {
  id: number;
  trigger: string;
  started_at: string;
  finished_at: string | null;
  outcome: string;
  message: string;
  pages: number;
  rows_json: string;
  duration_ms: number;
  steel: number | null;
  changes_json: string | null;
  refused_steel_pages: string;
  damaged_moved_to: string | null;
  failure_json: string | null;
};

/** A stored failure read back; a reason this version does not know reads as `internal`. */
function storedFailure(json: string): SyncFailureInfo {
  const stored = storedRecord(json);
  const reason = SYNC_FAILURE_REASONS.find((known) => known === stored.reason) ?? 'internal';
  return {
    reason,
    hostWords: typeof stored.hostWords === 'string' ? stored.hostWords : undefined,
    missingSettings: Array.isArray(stored.missingSettings)
      ? stored.missingSettings.filter((key): key is string => typeof key === 'string')
      : undefined,
  };
}

/** A run as the log holds it; a value of another shape reads as its kind's empty value (stored-json.ts). */
export function runSummary(record: RunRecord): SyncRunSummary {
  return {
    id: record.id,
    trigger: SYNC_TRIGGERS.find((known) => known === record.trigger) ?? 'manual',
    startedAt: record.started_at,
    finishedAt: record.finished_at ?? undefined,
    outcome: SYNC_OUTCOMES.find((known) => known === record.outcome) ?? 'failed',
    message: record.message,
    pages: record.pages,
    rows: storedPageCounts(record.rows_json),
    durationMs: record.duration_ms,
    steel: record.steel === null ? undefined : record.steel === 1,
    changes: storedChangeCounts(record.changes_json),
    refusedSteelPages: storedTexts(record.refused_steel_pages),
    damagedCatalogMovedTo: record.damaged_moved_to ?? undefined,
    failure: record.failure_json ? storedFailure(record.failure_json) : undefined,
  };
}

export class SyncRunLog {
  readonly #connection: CatalogConnection;
  readonly #db: DatabaseSync;

  constructor(connection: CatalogConnection) {
    this.#connection = connection;
    this.#db = connection.database();
  }

  /**
   * After a crash: staging tables are dropped and a run left "running" is marked as interrupted. Only
   * while holding the sync lock (CatalogSyncLock): otherwise the "crash" may be another process's sync.
   */
  recoverAfterCrash(): void {
    for (const table of CATALOG_TABLES) this.#db.exec(`DROP TABLE IF EXISTS "${STAGING_PREFIX}${table}"`);
    this.#db
      .prepare(
        `UPDATE sync_run SET outcome = 'failed', finished_at = coalesce(finished_at, ?),
           message = 'VOA Desk stopped during this sync; the catalog before it was kept.', failure_json = ?
         WHERE outcome = 'running'`,
      )
      .run(
        new Date().toISOString(),
        JSON.stringify({ reason: 'interrupted' } satisfies Partial<SyncFailureInfo>),
      );
  }

  /** Who holds the data directory's sync lock, as its holder wrote down after taking it. */
  syncHolder(): SyncHolder | undefined {
    return storedSyncHolder(this.#connection.meta(CATALOG_META.syncHolder));
  }

  setSyncHolder(holder: SyncHolder): void {
    this.#connection.setMeta(CATALOG_META.syncHolder, JSON.stringify(holder));
  }

  /**
   * A catalog.db that could not be opened was moved aside and replaced by this empty one: an entry in the
   * run log, so that it shows on the sync bar, in the sync log and from the CLI until the next sync.
   */
  recordDamagedCatalog(movedTo: string, message: string): void {
    const now = new Date().toISOString();
    this.#db
      .prepare(
        `INSERT INTO sync_run (trigger, started_at, finished_at, outcome, message, damaged_moved_to)
         VALUES ('startup', ?, ?, 'failed', ?, ?)`,
      )
      .run(now, now, message, movedTo);
  }

  beginRun(trigger: SyncTrigger, startedAt: string): number {
    const result = this.#db
      .prepare(`INSERT INTO sync_run (trigger, started_at, outcome) VALUES (?, ?, 'running')`)
      .run(trigger, startedAt);
    return Number(result.lastInsertRowid);
  }

  /** Records the end of a run that did not replace the catalog (failed or cancelled). */
  endRun(
    id: number,
    outcome: Exclude<SyncOutcome, 'running' | 'succeeded'>,
    fields: {
      message: string;
      pages: number;
      rows: PageKindCounts;
      durationMs: number;
      steel: boolean | undefined;
      /** Why it failed (a failed run); undefined for a cancelled one. */
      failure: SyncFailureInfo | undefined;
    },
  ): void {
    this.#db
      .prepare(
        `UPDATE sync_run SET outcome = ?, finished_at = ?, message = ?, pages = ?, rows_json = ?,
           duration_ms = ?, steel = ?, failure_json = ? WHERE id = ?`,
      )
      .run(
        outcome,
        new Date().toISOString(),
        fields.message,
        fields.pages,
        JSON.stringify(fields.rows),
        Math.round(fields.durationMs),
        fields.steel === undefined ? null : fields.steel ? 1 : 0,
        fields.failure ? JSON.stringify(fields.failure) : null,
        id,
      );
  }

  run(id: number): SyncRunSummary | undefined {
    const record = this.#db.prepare('SELECT * FROM sync_run WHERE id = ?').get(id) as RunRecord | undefined;
    return record ? runSummary(record) : undefined;
  }

  runs(limit: number): SyncRunSummary[] {
    return (
      this.#db.prepare('SELECT * FROM sync_run ORDER BY id DESC LIMIT ?').all(limit) as RunRecord[]
    ).map(runSummary);
  }

  lastRun(): SyncRunSummary | undefined {
    const record = this.#db
      .prepare(`SELECT * FROM sync_run WHERE outcome != 'running' ORDER BY id DESC LIMIT 1`)
      .get() as RunRecord | undefined;
    return record ? runSummary(record) : undefined;
  }

  lastSuccess(): SyncRunSummary | undefined {
    const record = this.#db
      .prepare(`SELECT * FROM sync_run WHERE outcome = 'succeeded' ORDER BY id DESC LIMIT 1`)
      .get() as RunRecord | undefined;
    return record ? runSummary(record) : undefined;
  }

  changes(runId: number | undefined, limit: number): SyncChanges {
    const record = (
      runId === undefined
        ? this.#db
            .prepare(
              `SELECT * FROM sync_run WHERE outcome = 'succeeded' AND changes_json IS NOT NULL ORDER BY id DESC LIMIT 1`,
            )
            .get()
        : this.#db.prepare('SELECT * FROM sync_run WHERE id = ?').get(runId)
    ) as RunRecord | undefined;
    const run = record ? runSummary(record) : undefined;
    const changes = run
      ? (
          this.#db
            .prepare(
              `SELECT subject, kind, item_no, variant_code, description FROM sync_change
               WHERE run_id = ? ORDER BY subject, kind, item_no, variant_code LIMIT ?`,
            )
            .all(run.id, limit) as {
            subject: string;
            kind: string;
            item_no: string;
            variant_code: string;
            description: string;
          }[]
        ).map((row): SyncChange => ({
          subject: row.subject as SyncChange['subject'],
          kind: row.kind as SyncChange['kind'],
          itemNo: row.item_no,
          variantCode: row.variant_code,
          description: row.description,
        }))
      : [];
    return { run, counts: run?.changes, changes, keptPerKind: CHANGES_KEPT_PER_KIND };
  }
}
