// The catalog's search, on the search worker's connection: a query read as steel notation, matched
// against the search index (search-index/), ranked (search-rank.ts) and windowed. The index and what
// ranking reads of each size are loaded into memory in slices between searches (search-columns.ts);
// until then the same is read from SQLite.
import type { DatabaseSync, SQLInputValue, StatementSync } from 'node:sqlite';
import {
  SEARCH_LIMIT_MAX,
  SEARCH_RANKED_MAX,
  type CatalogSort,
  type CatalogSearchResult,
  type CatalogSizeRow,
} from '../../../../shared/contract/catalog-search.ts';
import type { CatalogSearchQuery } from '../../../../shared/contract/catalog-search-query.ts';
import { readSteelQuery, type SteelQuery } from '../../../../shared/contract/search-notation.ts';
import {
  Lru,
  SIZE_COLUMNS,
  sizeRow,
  type CatalogConnection,
  type GenerationWatch,
  type SizeRecord,
  type StoredFacets,
} from '../store/index.ts';
import {
  matchParts,
  matchText,
  matchingSizes,
  type MatchPart,
  type SizeSet,
  type SizeTermSource,
} from '../search-index/index.ts';
import {
  WritingReader,
  itemWriting,
  needsWriting,
  type ItemWriting,
  rankCandidates,
  type RankCandidate,
  type TextWriting,
} from './search-rank.ts';
import { SUGGESTIONS_MAX, queriesOneSlipAway } from './search-suggestions.ts';
import { sortedSizeIds } from './search-order.ts';
import { SizeColumns, TermIndex, type ColumnFilter } from './search-columns.ts';

/**
 * A match as #rank reads it (as an array); the extra length is left out on purpose (search-rank.ts). The
 * profile and grade are the item's (a sync writes them to its sizes): read once per item.
 */
type RankRecord = [
  id: number,
  itemNo: string,
  variantCode: string,
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

/** More than the distinct parts of how the ranked matches are written: at most one of each per match. */
const WRITING_PART_MAX = SEARCH_RANKED_MAX + 2;

/** The number of `value` among `numbers`, numbering it if it is new. */
function numberOf<T>(numbers: Map<T, number>, value: T): number {
  let number = numbers.get(value);
  if (number === undefined) numbers.set(value, (number = numbers.size));
  return number;
}

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

/**
 * An item as ranking reads it before the columns load (its description, treatment or second description,
 * profile and grade), and what ranking makes of that, worked out once per catalog rather than once per
 * search: a broad search spans up to 5,000 items, and each key typed searches mostly the same ones again.
 */
class KnownItem {
  readonly #texts: readonly [description: string, treatment: string, profileCode: string, gradeCode: string];
  /** By whether the description is compared (1) or only the codes (0). */
  readonly #writings: [ItemWriting | undefined, ItemWriting | undefined] = [undefined, undefined];
  readonly #keys: [string | undefined, string | undefined] = [undefined, undefined];

  constructor(description: string, treatment: string, profileCode: string, gradeCode: string) {
    this.#texts = [description, treatment, profileCode, gradeCode];
  }

  writing(withText: boolean, read: (text: string) => TextWriting): ItemWriting {
    const [description, treatment, profileCode, gradeCode] = this.#texts;
    return (this.#writings[+withText] ??= itemWriting(
      withText ? description : '',
      profileCode,
      gradeCode,
      read,
      treatment,
    ));
  }

  /** What ranking compares of the item, as one key: items written alike share their sizes' match classes. */
  key(withText: boolean): string {
    const [description, treatment, profileCode, gradeCode] = this.#texts;
    return (this.#keys[+withText] ??=
      `${withText ? description : ''}\u0000${treatment}\u0000${profileCode}\u0000${gradeCode}`);
  }
}

/** An item a match names and the catalog's items lack: found by its number alone. */
const UNKNOWN_ITEM = new KnownItem('', '', '', '');

interface RankedIds {
  ids: Int32Array;
  capped: boolean;
}

export class CatalogSearch {
  readonly #connection: CatalogConnection;
  readonly #db: DatabaseSync;
  readonly #generation: GenerationWatch;
  readonly #ranked = new Lru<RankedIds>(16);
  readonly #counts = new Lru<number>(32);
  /** The search's statements, compiled once: typing runs them on every key. */
  readonly #searchStatements = new Lru<StatementSync>(32);
  #facets: StoredFacets | undefined;
  /** What ranking reads of each size, and the index's terms, once loaded (search-columns.ts). */
  #columns: SizeColumns | undefined;
  #terms: TermIndex | undefined;
  #load: ColumnLoad | undefined;
  #columnsEnabled = true;
  /** What the catalog's texts are written with, read once per catalog rather than once per search. */
  #writings = new Map<string, TextWriting>();
  /**
   * Items' description and treatment as read from SQLite before the columns load: each key typed
   * searches mostly the same items again, and an item's row costs a seek by its text key (a third of
   * such a search without this). Dropped once the columns hold them.
   */
  #itemTexts = new Map<string, KnownItem>();

  /** Searches rank from in-memory columns unless `columns` is off (the main thread's fallback). */
  constructor(connection: CatalogConnection, { columns = true }: { columns?: boolean } = {}) {
    this.#connection = connection;
    this.#db = connection.database();
    // Nothing is cached yet: whatever is cached from now on belongs to the generation live now.
    this.#generation = connection.watchGeneration();
    this.#columnsEnabled = columns;
  }

  /** Stops loading the columns; the connection is its owner's to close. */
  close(): void {
    this.#stopLoading();
  }

  /**
   * Resolves once searches rank from the in-memory columns (loading them if need be); searches before
   * that read the same from SQLite. For tests and the bench: the app never waits for it.
   */
  searchColumnsLoaded(): Promise<void> {
    // "Loaded" means the live catalog's columns, not those of a catalog a swap has since replaced.
    this.invalidateIfReplaced();
    if (!this.#columnsEnabled || (this.#columns && this.#terms)) return Promise.resolve();
    const load = this.#startLoading();
    load.awaited = true;
    load.timer?.ref();
    return load.loaded;
  }

  /** Starts loading the columns, if they are on and not loaded, without waiting for them. */
  warmUp(): void {
    this.invalidateIfReplaced();
    if (this.#columnsEnabled && !(this.#columns && this.#terms)) this.#startLoading();
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
    const generation = this.#connection.generation();
    let columns: SizeColumns | undefined;
    let terms: TermIndex | undefined;
    const steps = (function* (db: DatabaseSync) {
      yield* TermIndex.load(db, (loaded) => (terms = loaded));
      yield* SizeColumns.load(db, (loaded) => (columns = loaded));
    })(this.#db);
    let settle = () => {};
    const loaded = new Promise<void>((resolve) => (settle = resolve));
    const load: ColumnLoad = { timer: undefined, awaited: false, steps, settle, loaded };
    const next = () => {
      const timer = setImmediate(step);
      load.timer = load.awaited ? timer : timer.unref();
    };
    const finish = () => {
      this.#load = undefined;
      if (columns && terms && this.#connection.generation() === generation) {
        this.#columns = columns;
        this.#terms = terms;
        this.#itemTexts = new Map();
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
   * Drops the caches when another connection (a sync in another process) replaced the live catalog:
   * each swap writes a new generation.
   */
  invalidateIfReplaced(): void {
    if (this.#generation.replaced()) this.invalidate();
  }

  /**
   * The live catalog was replaced: cached rankings, counts and facets belong to the old one. What is
   * cached from now on belongs to the generation now live, so invalidateIfReplaced keeps it: it used to
   * drop the in-memory columns loaded after a sync in this process at the first search after it (the
   * searches then read SQLite while the columns loaded all over again).
   */
  invalidate(): void {
    this.#generation.accept();
    this.forgetResults();
    this.#facets = undefined;
    this.#columns = undefined;
    this.#terms = undefined;
    this.#writings = new Map();
    this.#itemTexts = new Map();
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
      const range = this.#db
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

  /** When the last sync's catalog was synced (the stock's date). */
  syncedAt(): string | undefined {
    return this.#connection.syncedAt();
  }

  /** Whether the last sync found the steel extension (stock known), undefined before a first sync. */
  steel(): boolean | undefined {
    return this.#connection.steel();
  }

  search(query: CatalogSearchQuery): CatalogSearchResult {
    const started = performance.now();
    // A swap since the last search (in the sync worker, or another process's) is seen at once.
    this.invalidateIfReplaced();
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
      syncedAt: this.#connection.syncedAt(),
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
          this.#db.prepare(`SELECT count(*) AS n FROM size s ${where}`).get(...filters.params) as {
            n: number;
          }
        ).n;
        this.#counts.set(filterKey, total);
      }
      if (query.sort && query.sort !== 'relevance') {
        const ordered = this.#sorted(query.sort, filterKey, filters);
        return result(this.#window(ordered, query), total, false);
      }
      // Ids first (the index alone), then the rows of this window: an offset never joins skipped rows.
      const ids = this.#db
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
      ordered = { ids: sortedSizeIds(this.#db, sort, filters, ranked?.ids), capped: ranked?.capped ?? false };
      this.#ranked.set(sortKey, ordered);
    }
    return ordered;
  }

  /** Whether a first page of results has nothing in stock (where stock is known: the steel extension). */
  #noneInStock(rows: readonly CatalogSizeRow[]): boolean {
    return this.#connection.steel() === true && rows.length > 0 && rows.every((row) => !(row.inventory > 0));
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
    this.invalidateIfReplaced();
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
    const next = this.#db.prepare(
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
    return { ids: rankCandidates(parsed, candidates, this.#connection.steel() === true), capped };
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
    const where = filters.where.length ? `WHERE ${filters.where.join(' AND ')}` : '';
    // The ids as the outer loop, in the order given (json_each walks its array in rowid order, which
    // the ORDER BY asks for without a sort): one seek by rowid per id. `s.id IN (json_each)` built and
    // sorted a list of the ids first, for every batch. The item's description is read once per item
    // below, not joined to each of up to 5,000 sizes.
    const statement = this.#searchStatement(
      `SELECT s.id, s.item_no, s.variant_code, s.inventory, s.any_blocked,
         ${withText ? 's.description, s.thickness, s.width, s.length' : `'', 0, 0, 0`}
       FROM json_each(?) j CROSS JOIN size s ON s.id = j.value
       ${where}
       ORDER BY j.rowid LIMIT ?`,
    );
    // Arrays, not objects: up to 5,001 rows of nine columns.
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
    const itemTexts = this.#itemTextsOf(rows);
    const reader = this.#writingReader();
    // Sizes written alike (everything ranking compares but the item number, stock and blocking, as
    // search-columns.ts numbers them) share a match class, worked out once: a broad search's 5,000
    // matches are written a few dozen ways. Each part is numbered (fewer than WRITING_PART_MAX of each
    // among the matches), and the numbers looked up in pairs: a string key of the parts cost a quarter
    // of such a search, more than the classes it spared.
    const itemWritings = new Map<string, number>();
    const owns = new Map<TextWriting, number>();
    const codes = new Map<string, number>();
    const thicknesses = new Map<number, number>();
    const widths = new Map<number, number>();
    const lengths = new Map<number, number>();
    const writings = new Map<number, Map<number, Map<number, number>>>();
    let writingCount = 0;
    let itemNo: string | undefined;
    let item: ItemWriting | undefined;
    let itemWrittenAs = 0;
    const candidates: RankCandidate[] = [];
    for (const [
      id,
      no,
      variantCode,
      inventory,
      anyBlocked,
      description,
      thicknessMm,
      widthMm,
      lengthMm,
    ] of rows) {
      // A match's sizes come one after another.
      if (no !== itemNo || !item) {
        itemNo = no;
        const known = itemTexts.get(no) ?? UNKNOWN_ITEM;
        item = known.writing(withText, reader.text);
        itemWrittenAs = numberOf(itemWritings, known.key(withText));
      }
      const own = reader.text(description);
      const code = variantCode.toLowerCase();
      const byItem = numberOf(owns, own) * WRITING_PART_MAX + itemWrittenAs;
      const byCode = numberOf(codes, code) * WRITING_PART_MAX + numberOf(thicknesses, thicknessMm);
      const bySize = numberOf(widths, widthMm) * WRITING_PART_MAX + numberOf(lengths, lengthMm);
      let ofItem = writings.get(byItem);
      if (!ofItem) writings.set(byItem, (ofItem = new Map()));
      let ofCode = ofItem.get(byCode);
      if (!ofCode) ofItem.set(byCode, (ofCode = new Map()));
      let writtenAs = ofCode.get(bySize);
      if (writtenAs === undefined) ofCode.set(bySize, (writtenAs = writingCount++));
      candidates.push({
        id,
        itemNo: no,
        item,
        own,
        variantCode: code,
        writtenAs,
        thicknessMm,
        widthMm,
        lengthMm,
        inventory,
        blocked: anyBlocked === 1,
      });
    }
    return candidates;
  }

  /** The description and treatment of the matches' items, each item once (a match's sizes share them). */
  #itemTextsOf(rows: readonly RankRecord[]): Map<string, KnownItem> {
    const known = this.#itemTexts;
    if (known.size > WRITINGS_KEPT_MAX) known.clear();
    const missing = new Set<string>();
    for (const row of rows) if (!known.has(row[1])) missing.add(row[1]);
    if (missing.size === 0) return known;
    const found = this.#searchStatement(
      `SELECT no, description, coalesce(description2, ''), profile_code, grade_code
       FROM item WHERE no IN (SELECT value FROM json_each(?))`,
    );
    found.setReturnArrays(true);
    for (const [no, description, treatment, profileCode, gradeCode] of found.all(
      JSON.stringify([...missing]),
    ) as unknown as [string, string, string, string, string][])
      known.set(no, new KnownItem(description, treatment, profileCode, gradeCode));
    return known;
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
      statement = this.#db.prepare(sql);
      this.#searchStatements.set(sql, statement);
    }
    return statement;
  }

  #rowsByIds(ids: number[]): CatalogSizeRow[] {
    if (!ids.length) return [];
    const records = this.#searchStatement(
      `SELECT ${SIZE_COLUMNS} FROM size s LEFT JOIN item i ON i.no = s.item_no
       WHERE s.id IN (SELECT value FROM json_each(?))`,
    ).all(JSON.stringify(ids)) as SizeRecord[];
    const byId = new Map(records.map((record) => [record.id, record]));
    return ids.flatMap((id) => {
      const record = byId.get(id);
      return record ? [sizeRow(record)] : [];
    });
  }

  /** The stored facets: their profile and grade codes decide whether ranking reads the texts. */
  facets(): StoredFacets {
    return (this.#facets ??= this.#connection.facets());
  }
}
