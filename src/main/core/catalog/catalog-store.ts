// The local catalog: reads and search on the live tables, and the run log. One connection serves both the
// searches and the sync's writes (which go to staging tables in short transactions), so a search never
// waits for a lock, and never sees a half-written catalog.
import type { DatabaseSync, SQLInputValue, StatementSync } from 'node:sqlite';
import {
  SEARCH_LIMIT_MAX,
  SEARCH_RANKED_MAX,
  SYNC_FAILURE_REASONS,
  emptyPageKindCounts,
  type CatalogFacets,
  type CatalogItemDetail,
  type CatalogSearchQuery,
  type CatalogSort,
  type CatalogSearchResult,
  type CatalogSizeRow,
  type CatalogStats,
  type PageKindCounts,
  type SyncChange,
  type SyncChangeCounts,
  type SyncChanges,
  type SyncFailureInfo,
  type SyncHolder,
  type SyncOutcome,
  type SyncRunSummary,
  type SyncTrigger,
} from '../../../shared/contract/catalog-search.ts';
import { STEEL_PAGES } from '../../../shared/contract/catalog-pages.ts';
import { openDatabase } from '../db/sqlite.ts';
import { CATALOG_TABLES, STAGING_PREFIX, catalogMigrations } from './catalog-schema.ts';
import { readSteelQuery, type SteelQuery } from '../../../shared/contract/search-notation.ts';
import {
  WritingReader,
  needsWriting,
  rankCandidates,
  type RankCandidate,
  type TextWriting,
} from './search-rank.ts';
import { matchParts, matchText, type MatchPart } from './search-text.ts';
import { matchingSizes, type SizeSet, type SizeTermSource } from './size-terms.ts';
import { SUGGESTIONS_MAX, queriesOneSlipAway } from './search-suggestions.ts';
import { sortedSizeIds } from './search-order.ts';
import { SizeColumns, TermIndex, type ColumnFilter } from './search-columns.ts';

/** Bytes of catalog.db read through a memory map: a 500,000-size catalog and its staged successor. */
const CATALOG_MMAP_BYTES = 1 << 30;

/** Page caches in KB: the sync's writer's, and a reader's (which reads mostly through the memory map). */
const SYNC_PAGE_CACHE_KB = 4096;
const READ_PAGE_CACHE_KB = 16384;

/** Changes kept per subject and kind; the counts are always complete. */
export const CHANGES_KEPT_PER_KIND = 1000;

const SIZE_COLUMNS = `
  s.id, s.item_no, s.variant_code, coalesce(i.description, '') AS item_description,
  coalesce(i.description2, '') AS item_description2, s.description, s.description2,
  coalesce(i.category_code, '') AS category_code, s.profile_code, s.grade_code,
  coalesce(i.base_unit, '') AS base_unit, coalesce(i.price_unit, '') AS price_unit, s.length, s.width,
  s.thickness, s.extra_length, s.format_type, s.inventory, s.item_blocked, s.sales_blocked, s.size_blocked`;

interface SizeRecord {
  id: number;
  item_no: string;
  variant_code: string;
  item_description: string;
  item_description2: string;
  description: string;
  description2: string;
  category_code: string;
  profile_code: string;
  grade_code: string;
  base_unit: string;
  price_unit: string;
  length: number;
  width: number;
  thickness: number;
  extra_length: number;
  format_type: string;
  inventory: number;
  item_blocked: number;
  sales_blocked: number;
  size_blocked: number;
}

interface RunRecord {
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
}

/** A match as #rank reads it (as an array); the extra length is left out on purpose (search-rank.ts). */
type RankRecord = [
  id: number,
  itemNo: string,
  variantCode: string,
  profileCode: string,
  gradeCode: string,
  inventory: number,
  anyBlocked: number,
  description: string,
  thicknessMm: number,
  widthMm: number,
  lengthMm: number,
];

/** Distinct texts whose writing is kept between searches. */
const WRITINGS_KEPT_MAX = 100_000;

/** A long prefix standing for more index terms than this is searched as a prefix after all. */
const PREFIX_TERMS_MAX = 20;

/** Main-thread time per slice of loading the in-memory columns: less than a frame. */
const LOAD_SLICE_MS = 4;

/** Matches taken from the matching set at a time while filters leave fewer than the ranking takes. */
const MATCHES_PER_READ = SEARCH_RANKED_MAX + 1;

interface SearchFilters {
  where: string[];
  params: SQLInputValue[];
  columns: ColumnFilter;
}

/** Loading the in-memory columns: the next slice, and who waits for the end. */
interface ColumnLoad {
  timer: NodeJS.Immediate | undefined;
  /** Someone waits for the end: the load keeps the process alive (otherwise it never does). */
  awaited: boolean;
  steps: Generator<void, void, void>;
  settle: () => void;
  loaded: Promise<void>;
}

interface RankedIds {
  ids: Int32Array;
  capped: boolean;
}

export interface StoredFacets extends CatalogFacets {
  sizes: number;
}

function sizeRow(record: SizeRecord): CatalogSizeRow {
  return {
    itemNo: record.item_no,
    variantCode: record.variant_code,
    itemDescription: record.item_description,
    itemDescription2: record.item_description2,
    description: record.description,
    description2: record.description2,
    categoryCode: record.category_code,
    profileCode: record.profile_code,
    gradeCode: record.grade_code,
    baseUnit: record.base_unit,
    priceUnit: record.price_unit,
    lengthMm: record.length,
    widthMm: record.width,
    thicknessMm: record.thickness,
    extraLengthMm: record.extra_length,
    formatType: record.format_type,
    inventory: record.inventory,
    itemBlocked: record.item_blocked === 1,
    salesBlocked: record.sales_blocked === 1,
    sizeBlocked: record.size_blocked === 1,
  };
}

/** A stored failure read back; a reason this version does not know reads as `internal`. */
function storedFailure(json: string): SyncFailureInfo {
  const stored = JSON.parse(json) as Partial<Record<keyof SyncFailureInfo, unknown>>;
  const reason = SYNC_FAILURE_REASONS.find((known) => known === stored.reason) ?? 'internal';
  return {
    reason,
    hostWords: typeof stored.hostWords === 'string' ? stored.hostWords : undefined,
    missingSettings: Array.isArray(stored.missingSettings)
      ? stored.missingSettings.filter((key): key is string => typeof key === 'string')
      : undefined,
  };
}

export function runSummary(record: RunRecord): SyncRunSummary {
  return {
    id: record.id,
    trigger: record.trigger as SyncTrigger,
    startedAt: record.started_at,
    finishedAt: record.finished_at ?? undefined,
    outcome: record.outcome as SyncOutcome,
    message: record.message,
    pages: record.pages,
    rows: { ...emptyPageKindCounts(), ...(JSON.parse(record.rows_json) as Partial<PageKindCounts>) },
    durationMs: record.duration_ms,
    steel: record.steel === null ? undefined : record.steel === 1,
    changes: record.changes_json ? (JSON.parse(record.changes_json) as SyncChangeCounts) : undefined,
    refusedSteelPages: JSON.parse(record.refused_steel_pages) as string[],
    damagedCatalogMovedTo: record.damaged_moved_to ?? undefined,
    failure: record.failure_json ? storedFailure(record.failure_json) : undefined,
  };
}

/** A small least-recently-used cache: the renderer asks for window after window of the same search. */
class Lru<V> {
  readonly #max: number;
  readonly #map = new Map<string, V>();
  constructor(max: number) {
    this.#max = max;
  }
  get(key: string): V | undefined {
    const value = this.#map.get(key);
    if (value !== undefined) {
      this.#map.delete(key);
      this.#map.set(key, value);
    }
    return value;
  }
  set(key: string, value: V): void {
    this.#map.delete(key);
    this.#map.set(key, value);
    if (this.#map.size > this.#max) this.#map.delete(this.#map.keys().next().value as string);
  }
  clear(): void {
    this.#map.clear();
  }
}

export class CatalogStore {
  readonly db: DatabaseSync;
  readonly #ranked = new Lru<RankedIds>(16);
  readonly #counts = new Lru<number>(32);
  /** The search's statements, compiled once: typing runs them on every key. */
  readonly #searchStatements = new Lru<StatementSync>(32);
  #facets: StoredFacets | undefined;
  #generationSeen: string | undefined;
  /** What ranking reads of each size, and the index's terms, once loaded (search-columns.ts). */
  #columns: SizeColumns | undefined;
  #terms: TermIndex | undefined;
  #load: ColumnLoad | undefined;
  #columnsEnabled = true;
  /** What the catalog's texts are written with, read once per catalog rather than once per search. */
  #writings = new Map<string, TextWriting>();

  constructor(db: DatabaseSync) {
    this.db = db;
    // Nothing is cached yet: whatever is cached from now on belongs to the generation live now.
    this.#generationSeen = this.meta('generation');
  }

  /**
   * `forSync` for the sync's writer: no memory map and a small page cache (below). Searches and the main
   * thread's reads read through the memory map.
   */
  static open(file: string, { forSync = false }: { forSync?: boolean } = {}): CatalogStore {
    const db = openDatabase(file, catalogMigrations, 'normal');
    // The sync's writer appends rows in id order and looks items up in key order: 4 MB of page cache
    // (SQLite's default is 2 MB) serve it. It had 16 MB for the pages of the FTS5 index it wrote; without
    // that index, 16 MB only added to the syncing process's peak (docs/bench-history.md, "Peak RSS").
    db.exec(`PRAGMA cache_size = -${forSync ? SYNC_PAGE_CACHE_KB : READ_PAGE_CACHE_KB}`);
    // Reads through a memory map: a search touches thousands of size rows scattered over the file, and
    // reading them from the OS page cache without a copy per page halves a broad search's row fetch at
    // 500,000 sizes (docs/catalog.md, "What a search costs"). Every page read that way stays in the
    // process's resident set (file-backed) while the map is open, though: the sync's writer reads most of
    // the new catalog in its changes and swap, which added 70 to 90 MB to the syncing process's peak at
    // 500,000 sizes (docs/bench-history.md), so it reads through its page cache instead.
    if (!forSync) db.exec(`PRAGMA mmap_size = ${CATALOG_MMAP_BYTES}`);
    return new CatalogStore(db);
  }

  close(): void {
    this.#stopLoading();
    if (this.db.isOpen) this.db.close();
  }

  /**
   * Resolves once searches rank from the in-memory columns (loading them if need be); searches before
   * that read the same from SQLite. For tests and the bench: the app never waits for it.
   */
  searchColumnsLoaded(): Promise<void> {
    if (!this.#columnsEnabled || (this.#columns && this.#terms)) return Promise.resolve();
    const load = this.#startLoading();
    load.awaited = true;
    load.timer?.ref();
    return load.loaded;
  }

  /** Whether searches rank from the in-memory columns now (rather than reading SQLite). */
  searchColumnsReady(): boolean {
    return this.#columns !== undefined && this.#terms !== undefined;
  }

  /** Off: searches read SQLite only (tests compare both ways of reading; the app never turns it off). */
  setSearchColumnsEnabled(enabled: boolean): void {
    this.#columnsEnabled = enabled;
    if (!enabled) this.invalidate();
  }

  /** Loads the columns in slices of LOAD_SLICE_MS between other work; again when a swap interrupts it. */
  #startLoading(): ColumnLoad {
    if (this.#load) return this.#load;
    const generation = this.meta('generation');
    let columns: SizeColumns | undefined;
    let terms: TermIndex | undefined;
    const steps = (function* (db: DatabaseSync) {
      yield* TermIndex.load(db, (loaded) => (terms = loaded));
      yield* SizeColumns.load(db, (loaded) => (columns = loaded));
    })(this.db);
    let settle = () => {};
    const loaded = new Promise<void>((resolve) => (settle = resolve));
    const load: ColumnLoad = { timer: undefined, awaited: false, steps, settle, loaded };
    const next = () => {
      const timer = setImmediate(step);
      load.timer = load.awaited ? timer : timer.unref();
    };
    const finish = () => {
      this.#load = undefined;
      if (columns && terms && this.meta('generation') === generation) {
        this.#columns = columns;
        this.#terms = terms;
        settle();
      } else {
        // A swap while loading: what was read may mix two catalogs.
        const again = this.#startLoading();
        again.awaited = load.awaited;
        void again.loaded.then(settle);
      }
    };
    const step = () => {
      load.timer = undefined;
      const started = performance.now();
      try {
        while (performance.now() - started < LOAD_SLICE_MS) if (steps.next().done) return finish();
      } catch {
        // The catalog could not be read (closed, or replaced under the reader): searches keep reading
        // SQLite, and the next search tries again.
        this.#load = undefined;
        return settle();
      }
      next();
    };
    next();
    this.#load = load;
    return load;
  }

  #stopLoading(): void {
    const load = this.#load;
    if (!load) return;
    this.#load = undefined;
    if (load.timer) clearImmediate(load.timer);
    load.steps.return();
    load.settle();
  }

  /**
   * After a crash: staging tables are dropped and a run left "running" is marked as interrupted. Only
   * while holding the sync lock (CatalogSyncLock): otherwise the "crash" may be another process's sync.
   */
  recoverAfterCrash(): void {
    for (const table of CATALOG_TABLES) this.db.exec(`DROP TABLE IF EXISTS "${STAGING_PREFIX}${table}"`);
    this.db
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

  meta(key: string): string | undefined {
    // Read on every search (the generation, the sync time, steel): compiled once.
    const row = this.#searchStatement('SELECT value FROM meta WHERE key = ?').get(key) as
      { value: string } | undefined;
    return row?.value;
  }

  setMeta(key: string, value: string): void {
    this.db
      .prepare(
        'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
      )
      .run(key, value);
  }

  /** Who holds the data directory's sync lock, as its holder wrote down after taking it. */
  syncHolder(): SyncHolder | undefined {
    const value = this.meta('sync_holder');
    return value ? (JSON.parse(value) as SyncHolder) : undefined;
  }

  setSyncHolder(holder: SyncHolder): void {
    this.setMeta('sync_holder', JSON.stringify(holder));
  }

  syncedAt(): string | undefined {
    return this.meta('synced_at');
  }

  steel(): boolean | undefined {
    const value = this.meta('steel');
    return value === undefined ? undefined : value === '1';
  }

  /**
   * Drops the caches when another connection (a sync in another process) replaced the live catalog:
   * each swap writes a new generation.
   */
  invalidateIfReplaced(): void {
    const generation = this.meta('generation');
    if (generation === this.#generationSeen) return;
    this.#generationSeen = generation;
    this.invalidate();
  }

  /**
   * The live catalog was replaced: cached rankings, counts and facets belong to the old one. What is
   * cached from now on belongs to the generation now live, so invalidateIfReplaced keeps it: it used to
   * drop the in-memory columns loaded after a sync in this process at the first search after it (the
   * searches then read SQLite while the columns loaded all over again).
   */
  invalidate(): void {
    if (this.db.isOpen) this.#generationSeen = this.meta('generation');
    this.forgetResults();
    this.#facets = undefined;
    this.#columns = undefined;
    this.#terms = undefined;
    this.#writings = new Map();
    this.#stopLoading();
  }

  /** Drops cached rankings and counts only (the bench ranks every search afresh this way). */
  forgetResults(): void {
    this.#ranked.clear();
    this.#counts.clear();
  }

  // ---- search ---------------------------------------------------------------------------------------

  #filters(query: CatalogSearchQuery): SearchFilters | undefined {
    const where: string[] = [];
    const params: SQLInputValue[] = [];
    const columns: ColumnFilter = {
      profileCode: query.profileCode,
      gradeCode: query.gradeCode,
      inStock: query.inStock,
      blocked: query.blocked,
    };
    if (query.categoryCode) {
      const range = this.db
        .prepare('SELECT position, subtree_end FROM category WHERE code = ?')
        .get(query.categoryCode) as { position: number; subtree_end: number } | undefined;
      if (!range) return undefined;
      where.push('s.category_position BETWEEN ? AND ?');
      params.push(range.position, range.subtree_end);
      columns.categoryRange = { from: range.position, to: range.subtree_end };
    }
    if (query.profileCode) {
      where.push('s.profile_code = ?');
      params.push(query.profileCode);
    }
    if (query.gradeCode) {
      where.push('s.grade_code = ?');
      params.push(query.gradeCode);
    }
    if (query.inStock) where.push('s.inventory > 0');
    if (query.blocked === 'exclude') where.push('s.any_blocked = 0');
    if (query.blocked === 'only') where.push('s.any_blocked = 1');
    return { where, params, columns };
  }

  search(query: CatalogSearchQuery): CatalogSearchResult {
    const started = performance.now();
    const parsed = readSteelQuery(query.query);
    const filters = this.#filters(query);
    const result = (rows: CatalogSizeRow[], total: number, capped: boolean): CatalogSearchResult => ({
      rows,
      offset: query.offset,
      total,
      capped,
      // A query that finds nothing, or nothing in stock, is offered what it may have meant.
      suggestions:
        query.offset === 0 && parsed.parts.length > 0 && (total === 0 || this.#noneInStock(rows))
          ? this.#suggestions(query.query)
          : [],
      syncedAt: this.syncedAt(),
      tookMs: Math.round((performance.now() - started) * 100) / 100,
    });
    if (!filters) return result([], 0, false);
    const filterKey = JSON.stringify([
      query.categoryCode,
      query.profileCode,
      query.gradeCode,
      query.inStock,
      query.blocked,
    ]);

    if (parsed.parts.length === 0) {
      // Browse: the whole catalog (or a filtered part) in category-tree order, counted exactly.
      const where = filters.where.length ? `WHERE ${filters.where.join(' AND ')}` : '';
      let total = this.#counts.get(filterKey);
      if (total === undefined) {
        total = (
          this.db.prepare(`SELECT count(*) AS n FROM size s ${where}`).get(...filters.params) as { n: number }
        ).n;
        this.#counts.set(filterKey, total);
      }
      if (query.sort && query.sort !== 'relevance') {
        const ordered = this.#sorted(query.sort, filterKey, filters);
        return result(this.#window(ordered, query), total, false);
      }
      // Ids first (the index alone), then the rows of this window: an offset never joins skipped rows.
      const ids = this.db
        .prepare(`SELECT s.id FROM size s ${where} ORDER BY s.category_position, s.id LIMIT ? OFFSET ?`)
        .all(...filters.params, query.limit, query.offset) as { id: number }[];
      return result(this.#rowsByIds(ids.map((row) => row.id)), total, false);
    }

    const parts = matchParts(parsed, {
      expand: this.#expandPrefix,
      known: this.#terms?.has,
      widen: this.#widenPrefix,
    });
    if (parts === undefined) return result([], 0, false);
    const key = `${matchText(parts)}\u0000${query.query.trim()}\u0000${filterKey}`;
    let ranked = this.#ranked.get(key);
    if (!ranked) {
      ranked = this.#rank(parsed, parts, filters);
      this.#ranked.set(key, ranked);
    }
    const ordered =
      !query.sort || query.sort === 'relevance' ? ranked : this.#sorted(query.sort, key, filters, ranked);
    return result(this.#window(ordered, query), ranked.ids.length, ranked.capped);
  }

  #window(ordered: RankedIds, query: CatalogSearchQuery): CatalogSizeRow[] {
    return this.#rowsByIds(Array.from(ordered.ids.subarray(query.offset, query.offset + query.limit)));
  }

  /** The results in a person's chosen order (search-order.ts), kept like a ranking. */
  #sorted(sort: Exclude<CatalogSort, 'relevance'>, key: string, filters: SearchFilters, ranked?: RankedIds) {
    const sortKey = `${key}\u0000sort:${sort}`;
    let ordered = this.#ranked.get(sortKey);
    if (!ordered) {
      ordered = { ids: sortedSizeIds(this.db, sort, filters, ranked?.ids), capped: ranked?.capped ?? false };
      this.#ranked.set(sortKey, ordered);
    }
    return ordered;
  }

  /** Whether a first page of results has nothing in stock (where stock is known: the steel extension). */
  #noneInStock(rows: readonly CatalogSizeRow[]): boolean {
    return this.steel() === true && rows.length > 0 && rows.every((row) => !(row.inventory > 0));
  }

  /** The queries one slip away from `text` that find something, most likely first (search-suggestions.ts). */
  #suggestions(text: string): string[] {
    const source = this.#terms ?? this.#termsInSql();
    const vocabulary = { expand: this.#expandPrefix, known: this.#terms?.has, widen: this.#widenPrefix };
    const found: string[] = [];
    for (const variant of queriesOneSlipAway(text, (word) => source.term(word) !== undefined)) {
      const parts = matchParts(readSteelQuery(`${variant} `), vocabulary);
      if (parts && matchingSizes(parts, source).ids(-1, 1).length > 0) found.push(variant);
      if (found.length === SUGGESTIONS_MAX) break;
    }
    return found;
  }

  /**
   * Every size a search finds, in the order the screen shows them, a batch at a time (an export). Browsing
   * walks the category order by key, so the 500,000th size costs what the first does.
   */
  *exportBatches(query: CatalogSearchQuery, batchSize = 1000): Generator<CatalogSizeRow[]> {
    const filters = this.#filters(query);
    if (!filters) return;
    // A search, or results in a chosen order: the screen's own pages, in its order.
    if (readSteelQuery(query.query).parts.length || (query.sort ?? 'relevance') !== 'relevance') {
      for (let offset = 0; ; offset += SEARCH_LIMIT_MAX) {
        const page = this.search({ ...query, offset, limit: SEARCH_LIMIT_MAX });
        if (page.rows.length) yield page.rows;
        if (page.rows.length < SEARCH_LIMIT_MAX) return;
      }
    }
    const where = filters.where.length ? `${filters.where.join(' AND ')} AND ` : '';
    const next = this.db.prepare(
      `SELECT s.id, s.category_position AS position FROM size s
       WHERE ${where}(s.category_position, s.id) > (?, ?)
       ORDER BY s.category_position, s.id LIMIT ?`,
    );
    let after: [number, number] = [Number.MIN_SAFE_INTEGER, 0];
    for (;;) {
      const ids = next.all(...filters.params, ...after, batchSize) as { id: number; position: number }[];
      const last = ids.at(-1);
      if (!last) return;
      yield this.#rowsByIds(ids.map((row) => row.id));
      if (ids.length < batchSize) return;
      after = [last.position, last.id];
    }
  }

  /**
   * At most SEARCH_RANKED_MAX matches are ranked, the first in id order that pass the filters;
   * search-rank.ts orders them by what each size is written with (texts repeat from size to size, so each
   * is read once).
   */
  #rank(parsed: SteelQuery, parts: readonly MatchPart[], filters: SearchFilters): RankedIds {
    const facets = this.facets();
    // Texts cost a third of a broad search: read only when what was typed is compared with them.
    const withText = needsWriting(
      parsed,
      [...facets.profiles, ...facets.grades].map((facet) => facet.code.toLowerCase()),
    );
    const columns = this.#columns;
    if (!columns && this.#columnsEnabled) this.#startLoading();
    const sizes = matchingSizes(parts, this.#terms ?? this.#termsInSql());
    const candidates = columns
      ? this.#candidatesInMemory(columns, sizes, filters.columns, withText)
      : this.#candidatesFromSql(sizes, filters, withText);
    const capped = candidates.length > SEARCH_RANKED_MAX;
    if (capped) candidates.length = SEARCH_RANKED_MAX;
    // Stock is unknown, not zero, where the last sync found no steel extension.
    return { ids: rankCandidates(parsed, candidates, this.steel() === true), capped };
  }

  #writingReader(): WritingReader {
    // Distinct texts are a few per item at most; a bound all the same, for a catalog of many thousands.
    if (this.#writings.size > WRITINGS_KEPT_MAX) this.#writings.clear();
    return new WritingReader(this.#writings);
  }

  /** The search index read from SQLite, before it is held in memory (search-columns.ts, TermIndex). */
  #termsInSql(): SizeTermSource {
    const term = this.#searchStatement('SELECT sizes FROM size_term WHERE term = ?');
    const range = this.#searchStatement('SELECT sizes FROM size_term WHERE term >= ? AND term < ?');
    const beginning = this.#searchStatement('SELECT sizes FROM size_beginning WHERE term = ?');
    const { maxId } = this.#searchStatement('SELECT coalesce(max(id), 0) AS maxId FROM size').get() as {
      maxId: number;
    };
    const sizes = (row: unknown) => (row as { sizes: Uint8Array } | undefined)?.sizes;
    return {
      maxId,
      term: (text) => sizes(term.get(text)),
      *termsStartingWith(prefix) {
        for (const row of range.iterate(prefix, `${prefix}\u{10FFFF}`)) yield sizes(row)!;
      },
      beginning: (text) => sizes(beginning.get(text)),
    };
  }

  /** Up to SEARCH_RANKED_MAX + 1 matches that pass the filters, from the in-memory columns. */
  #candidatesInMemory(
    columns: SizeColumns,
    sizes: SizeSet,
    filter: ColumnFilter,
    withText: boolean,
  ): RankCandidate[] {
    const passes = columns.filter(filter);
    if (!passes) return [];
    const candidates: RankCandidate[] = [];
    for (let after = -1; candidates.length <= SEARCH_RANKED_MAX;) {
      const read = sizes.ids(after, MATCHES_PER_READ);
      for (const id of read) {
        if (!passes(id)) continue;
        candidates.push(columns.candidate(id, withText));
        if (candidates.length > SEARCH_RANKED_MAX) break;
      }
      if (read.length < MATCHES_PER_READ) break;
      after = read[read.length - 1]!;
    }
    return candidates;
  }

  /** The same as #candidatesInMemory, read from SQLite: before the columns are loaded. */
  #candidatesFromSql(sizes: SizeSet, filters: SearchFilters, withText: boolean): RankCandidate[] {
    const where = filters.where.length ? `AND ${filters.where.join(' AND ')}` : '';
    // The item's description is read once per item below, not joined to each of up to 5,000 sizes.
    const statement = this.#searchStatement(
      `SELECT s.id, s.item_no, s.variant_code, s.profile_code, s.grade_code, s.inventory, s.any_blocked,
         ${withText ? 's.description, s.thickness, s.width, s.length' : `'', 0, 0, 0`}
       FROM size s
       WHERE s.id IN (SELECT value FROM json_each(?)) ${where}
       ORDER BY s.id LIMIT ?`,
    );
    // Arrays, not objects: up to 5,001 rows of eleven columns.
    statement.setReturnArrays(true);
    const rows: RankRecord[] = [];
    for (let after = -1; rows.length <= SEARCH_RANKED_MAX;) {
      const ids = sizes.ids(after, MATCHES_PER_READ);
      if (ids.length === 0) break;
      const read = statement.all(
        JSON.stringify(ids),
        ...filters.params,
        SEARCH_RANKED_MAX + 1 - rows.length,
      ) as unknown as RankRecord[];
      rows.push(...read);
      if (ids.length < MATCHES_PER_READ) break;
      after = ids[ids.length - 1]!;
    }
    // The treatment counts even where only codes were typed: an item that adds one ranks after one that does not.
    const itemTexts = this.#itemTexts(rows);
    const reader = this.#writingReader();
    return rows.map(
      ([id, itemNo, variantCode, profileCode, gradeCode, inventory, anyBlocked, description, ...rest]) => {
        const [thicknessMm, widthMm, lengthMm] = rest;
        const [itemDescription = '', treatment = ''] = itemTexts.get(itemNo) ?? [];
        return {
          id,
          itemNo,
          item: reader.item(itemNo, withText ? itemDescription : '', profileCode, gradeCode, treatment),
          own: reader.text(description),
          variantCode: variantCode.toLowerCase(),
          thicknessMm,
          widthMm,
          lengthMm,
          inventory,
          blocked: anyBlocked === 1,
        };
      },
    );
  }

  /** The description and treatment of the matches' items, each item once (a match's sizes share them). */
  #itemTexts(rows: readonly RankRecord[]): Map<string, [string, string]> {
    const itemNos = [...new Set(rows.map((row) => row[1]))];
    const found = this.#searchStatement(
      `SELECT no, description, coalesce(description2, '') FROM item WHERE no IN (SELECT value FROM json_each(?))`,
    );
    found.setReturnArrays(true);
    return new Map(
      (found.all(JSON.stringify(itemNos)) as unknown as [string, string, string][]).map(
        ([no, description, treatment]) => [no, [description, treatment]],
      ),
    );
  }

  /**
   * A prefix longer than a beginning ("breedflens", "verzinkt"), looked up among the terms, becomes the
   * few exact terms it stands for (or stays a prefix when it stands for more than PREFIX_TERMS_MAX).
   */
  readonly #expandPrefix = (prefix: string): string[] | undefined => {
    const terms =
      this.#terms?.startingWith(prefix, PREFIX_TERMS_MAX + 1) ??
      (
        this.#searchStatement('SELECT term FROM size_term WHERE term >= ? AND term < ? LIMIT ?').all(
          prefix,
          `${prefix}\u{10FFFF}`,
          PREFIX_TERMS_MAX + 1,
        ) as { term: string }[]
      ).map((row) => row.term);
    return terms.length > PREFIX_TERMS_MAX ? undefined : terms;
  };

  /**
   * A letter or digit being typed as the index's beginnings it starts (`h`: `ha`, `he`, `hk`), which with
   * the term itself match the same sizes as the prefix.
   */
  readonly #widenPrefix = (prefix: string): string[] => {
    if (this.#terms) return this.#terms.beginningsStartingWith(prefix);
    return (
      this.#searchStatement('SELECT term FROM size_beginning WHERE term >= ? AND term < ?').all(
        prefix,
        `${prefix}\u{10FFFF}`,
      ) as { term: string }[]
    ).map((row) => row.term);
  };

  #searchStatement(sql: string): StatementSync {
    let statement = this.#searchStatements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.#searchStatements.set(sql, statement);
    }
    return statement;
  }

  #rowsByIds(ids: number[]): CatalogSizeRow[] {
    if (!ids.length) return [];
    const records = this.#searchStatement(
      `SELECT ${SIZE_COLUMNS} FROM size s LEFT JOIN item i ON i.no = s.item_no
       WHERE s.id IN (SELECT value FROM json_each(?))`,
    ).all(JSON.stringify(ids)) as unknown as SizeRecord[];
    const byId = new Map(records.map((record) => [record.id, record]));
    return ids.flatMap((id) => {
      const record = byId.get(id);
      return record ? [sizeRow(record)] : [];
    });
  }

  // ---- items, facets, stats -------------------------------------------------------------------------

  item(itemNo: string): CatalogItemDetail | undefined {
    const find = this.db.prepare('SELECT * FROM item WHERE no = ?');
    const item = (find.get(itemNo) ?? find.get(itemNo.toUpperCase())) as
      | {
          no: string;
          description: string;
          description2: string;
          base_unit: string;
          price_unit: string;
          category_code: string;
          profile_code: string;
          grade_code: string;
          blocked: number;
          sales_blocked: number;
        }
      | undefined;
    if (!item) return undefined;
    const sizes = this.db
      .prepare(
        `SELECT ${SIZE_COLUMNS} FROM size s LEFT JOIN item i ON i.no = s.item_no
         WHERE s.item_no = ? ORDER BY s.variant_code`,
      )
      .all(item.no) as unknown as SizeRecord[];
    const categoryPath: { code: string; description: string }[] = [];
    const categoryOf = this.db.prepare('SELECT code, description, parent_code FROM category WHERE code = ?');
    let code = item.category_code;
    for (let depth = 0; code && depth < 20; depth++) {
      const category = categoryOf.get(code) as
        { code: string; description: string; parent_code: string } | undefined;
      if (!category) break;
      categoryPath.unshift({ code: category.code, description: category.description });
      code = category.parent_code;
    }
    const steel = (page: string, key: string) => {
      if (!key) return undefined;
      const row = this.db
        .prepare('SELECT key, description FROM steel_row WHERE page = ? AND key = ?')
        .get(page, key) as { key: string; description: string } | undefined;
      return { code: key, description: row?.description ?? '' };
    };
    return {
      itemNo: item.no,
      description: item.description,
      description2: item.description2,
      baseUnit: item.base_unit,
      priceUnit: item.price_unit,
      categoryCode: item.category_code,
      categoryPath,
      profile: steel(STEEL_PAGES.profiles, item.profile_code),
      grade: steel(STEEL_PAGES.grades, item.grade_code),
      blocked: item.blocked === 1,
      salesBlocked: item.sales_blocked === 1,
      sizes: sizes.map(sizeRow),
      syncedAt: this.syncedAt(),
    };
  }

  /** Facets are computed by the sync before the swap and stored with the catalog. */
  facets(): StoredFacets {
    if (!this.#facets) {
      const stored = this.meta('facets');
      this.#facets = stored
        ? (JSON.parse(stored) as StoredFacets)
        : { categories: [], profiles: [], grades: [], sizes: 0 };
    }
    return this.#facets;
  }

  counts(): PageKindCounts {
    const stored = this.meta('counts');
    return { ...emptyPageKindCounts(), ...(stored ? (JSON.parse(stored) as Partial<PageKindCounts>) : {}) };
  }

  stats(): CatalogStats {
    return {
      counts: this.counts(),
      sizes: this.facets().sizes,
      steel: this.steel(),
      syncedAt: this.syncedAt(),
      lastSync: this.lastRun(),
    };
  }

  // ---- run log and changes --------------------------------------------------------------------------

  /**
   * A catalog.db that could not be opened was moved aside and replaced by this empty one: an entry in the
   * run log, so that it shows on the sync bar, in the sync log and from the CLI until the next sync.
   */
  recordDamagedCatalog(movedTo: string, message: string): void {
    const now = new Date().toISOString();
    this.db
      .prepare(
        `INSERT INTO sync_run (trigger, started_at, finished_at, outcome, message, damaged_moved_to)
         VALUES ('startup', ?, ?, 'failed', ?, ?)`,
      )
      .run(now, now, message, movedTo);
  }

  beginRun(trigger: SyncTrigger, startedAt: string): number {
    const result = this.db
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
    this.db
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
    const record = this.db.prepare('SELECT * FROM sync_run WHERE id = ?').get(id) as RunRecord | undefined;
    return record ? runSummary(record) : undefined;
  }

  runs(limit: number): SyncRunSummary[] {
    return (
      this.db.prepare('SELECT * FROM sync_run ORDER BY id DESC LIMIT ?').all(limit) as unknown as RunRecord[]
    ).map(runSummary);
  }

  lastRun(): SyncRunSummary | undefined {
    const record = this.db
      .prepare(`SELECT * FROM sync_run WHERE outcome != 'running' ORDER BY id DESC LIMIT 1`)
      .get() as RunRecord | undefined;
    return record ? runSummary(record) : undefined;
  }

  lastSuccess(): SyncRunSummary | undefined {
    const record = this.db
      .prepare(`SELECT * FROM sync_run WHERE outcome = 'succeeded' ORDER BY id DESC LIMIT 1`)
      .get() as RunRecord | undefined;
    return record ? runSummary(record) : undefined;
  }

  changes(runId: number | undefined, limit: number): SyncChanges {
    const record = (
      runId === undefined
        ? this.db
            .prepare(
              `SELECT * FROM sync_run WHERE outcome = 'succeeded' AND changes_json IS NOT NULL ORDER BY id DESC LIMIT 1`,
            )
            .get()
        : this.db.prepare('SELECT * FROM sync_run WHERE id = ?').get(runId)
    ) as RunRecord | undefined;
    const run = record ? runSummary(record) : undefined;
    const changes = run
      ? (
          this.db
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
