// Which terms a size is found by: its item's (number, descriptions, category code, the names of its
// category and every one above it, profile and grade with their names) and its own (code, descriptions,
// format, dimensions). A sync gathers them as it stages the sizes; gatherSizeTerms gathers them from a
// catalog's tables (a catalog synchronized before the index existed).
import type { DatabaseSync } from 'node:sqlite';
import { BatchedInsert, ROWS_PER_INSERT } from '../store/batched-insert.ts';
import { STEEL_PAGES } from '../../../../shared/contract/catalog-pages.ts';
import type { PlacedCategory } from '../store/index.ts';
import { dimensionToken, searchTokens } from './search-text.ts';
import { SizeTermsWriter } from './size-terms.ts';

/** A bound on the writings whose terms are kept: a catalog writes its sizes a few thousand ways. */
const WRITINGS_KEPT_MAX = 20_000;

/** Rows of the index written per transaction at the end. */
const TERM_ROWS_PER_STEP = 20_000;

/** The terms a size takes from its item, and the mark that tells them from its own. */
export interface ItemTerms {
  terms: number[];
  mark: number;
}

/** What of an item its sizes are found by. */
export interface ItemWords {
  description: string;
  description2: string;
  categoryCode: string;
  profileCode: string;
  gradeCode: string;
}

/** What of a size is its own to be found by. */
export interface SizeWords {
  code: string;
  description: string;
  description2: string;
  formatType: string;
  length: number;
  width: number;
  thickness: number;
  extraLength: number;
}

export class CatalogTerms {
  readonly #index = new SizeTermsWriter();
  readonly #categories: ReadonlyMap<string, Pick<PlacedCategory, 'description' | 'parentCode'>>;
  readonly #steelDescription: (page: string, code: string) => string;
  readonly #termsOfPlace = new Map<string, number[]>();
  readonly #termsOfWriting = new Map<string, number[]>();
  readonly #dimensionTerms = new Map<number, number>();

  /**
   * `categories` by code; `steelDescription` answers a profile's or grade's name, as the steel pages read
   * so far have it.
   */
  constructor(
    categories: ReadonlyMap<string, Pick<PlacedCategory, 'description' | 'parentCode'>>,
    steelDescription: (page: string, code: string) => string,
  ) {
    this.#categories = categories;
    this.#steelDescription = steelDescription;
  }

  /** An item's distinct terms (`item` undefined: an item the pages lack, found by its number alone). */
  item(itemNo: string, item: ItemWords | undefined): ItemTerms {
    const index = this.#index;
    const mark = index.newItem();
    const terms: number[] = [];
    for (const token of searchTokens(item ? `${itemNo} ${item.description} ${item.description2}` : itemNo)) {
      const term = index.number(token);
      if (index.markItemTerm(term, mark)) terms.push(term);
    }
    if (item)
      for (const term of this.#placeTerms(item.categoryCode, item.profileCode, item.gradeCode))
        if (index.markItemTerm(term, mark)) terms.push(term);
    return { terms, mark };
  }

  /**
   * The terms of an item's category code, its category and every one above it (so "balken" finds every
   * HEA, HEB and IPE), its profile and its grade with their names. Thousands of items share each such
   * place, so each is tokenized once rather than once per item.
   */
  #placeTerms(categoryCode: string, profileCode: string, gradeCode: string): number[] {
    const words: string[] = [categoryCode];
    for (
      let current = this.#categories.get(categoryCode);
      current;
      current = this.#categories.get(current.parentCode)
    )
      words.push(current.description);
    words.push(profileCode, this.#steelDescription(STEEL_PAGES.profiles, profileCode));
    words.push(gradeCode, this.#steelDescription(STEEL_PAGES.grades, gradeCode));
    const place = words.join(' ');
    let terms = this.#termsOfPlace.get(place);
    if (!terms) {
      terms = searchTokens(place).map((token) => this.#index.number(token));
      if (this.#termsOfPlace.size >= WRITINGS_KEPT_MAX) this.#termsOfPlace.clear();
      this.#termsOfPlace.set(place, terms);
    }
    return terms;
  }

  /**
   * A size's own distinct terms, none of its item's: its code, texts and format, then its dimensions. Sizes
   * of different items are written alike ("06000 Lengte 6 m Walslengte", "2000X1000") and measure alike,
   * so each writing and each dimension is tokenized once.
   */
  own(item: ItemTerms, size: SizeWords): number[] {
    const index = this.#index;
    const writing = `${size.code} ${size.description} ${size.description2} ${size.formatType}`;
    let written = this.#termsOfWriting.get(writing);
    if (!written) {
      written = [...new Set(searchTokens(writing))].map((token) => index.number(token));
      if (this.#termsOfWriting.size >= WRITINGS_KEPT_MAX) this.#termsOfWriting.clear();
      this.#termsOfWriting.set(writing, written);
    }
    const own: number[] = [];
    for (const term of written) if (!index.isItemTerm(term, item.mark)) own.push(term);
    for (const value of [size.length, size.width, size.thickness, size.extraLength]) {
      if (!(value > 0)) continue;
      let term = this.#dimensionTerms.get(value);
      if (term === undefined) {
        const token = dimensionToken(value);
        term = token ? index.number(token) : -1;
        if (this.#dimensionTerms.size >= WRITINGS_KEPT_MAX) this.#dimensionTerms.clear();
        this.#dimensionTerms.set(value, term);
      }
      if (term < 0 || own.includes(term) || index.isItemTerm(term, item.mark)) continue;
      own.push(term);
    }
    return own;
  }

  /** Size `id` (ids ascending) has its item's terms and `own`. */
  add(id: number, item: ItemTerms, own: readonly number[]): void {
    for (const term of item.terms) this.#index.add(term, id);
    for (const term of own) this.#index.add(term, id);
  }

  /**
   * Writes the index into `${prefix}size_term` and `${prefix}size_beginning` (empty): each step of the
   * generator writes up to TERM_ROWS_PER_STEP rows, so a caller can commit between them.
   */
  write(db: DatabaseSync, prefix: string): Generator<void, void, void> {
    // No more sizes: what tokenizing kept goes before the rows are written.
    this.#termsOfPlace.clear();
    this.#termsOfWriting.clear();
    this.#dimensionTerms.clear();
    const inserts = {
      term: new RowsInsert(db, `${prefix}size_term`),
      beginning: new RowsInsert(db, `${prefix}size_beginning`),
    };
    const index = this.#index;
    return (function* () {
      for (const step of index.finish(
        (table, key, sizes) => inserts[table].add(key, sizes),
        TERM_ROWS_PER_STEP,
      )) {
        inserts.term.flush();
        inserts.beginning.flush();
        yield step;
      }
      inserts.term.flush();
      inserts.beginning.flush();
    })();
  }
}

/**
 * The index's rows, ROWS_PER_INSERT to a statement run. A row's sizes are copied into one buffer, reused
 * from batch to batch (the statement copies what it binds): a buffer of their own for each of 158,000
 * rows made 20 MB of garbage at the end of a sync.
 */
class RowsInsert {
  readonly #insert: BatchedInsert;
  #bytes = new Uint8Array(64 * 1024);
  #used = 0;
  constructor(db: DatabaseSync, table: string) {
    this.#insert = new BatchedInsert(db, `INSERT INTO ${table}`, ['term', 'sizes']);
  }
  /** `sizes` is the writer's until the call returns. */
  add(term: string, sizes: Uint8Array): void {
    if (this.#used + sizes.length > this.#bytes.length) {
      // A larger buffer; the rows waiting keep the one they point into.
      this.#bytes = new Uint8Array(Math.max(this.#bytes.length * 2, sizes.length));
      this.#used = 0;
    }
    const copy = this.#bytes.subarray(this.#used, this.#used + sizes.length);
    copy.set(sizes);
    this.#used += sizes.length;
    this.#insert.values.push(term, copy);
    if (this.#insert.rows === ROWS_PER_INSERT) this.flush();
  }
  flush(): void {
    this.#insert.flush();
    this.#used = 0;
  }
}

/** Sizes read at a time while an index is gathered from a catalog's tables; `between` runs after each. */
const SIZES_GATHERED_AT_ONCE = 10_000;

/**
 * The index of the live catalog, gathered from its tables: for a catalog synchronized before the index
 * existed (catalog-schema.ts, migration 5). About as long as the index's part of a sync. Read in the
 * caller's transaction, a slice of sizes at a time; `between` runs after each slice and answers false to
 * stop (then nothing is gathered). The caller writes what was gathered (`write`).
 */
export async function gatherSizeTerms(
  db: DatabaseSync,
  between: () => Promise<boolean>,
): Promise<CatalogTerms | undefined> {
  const categories = new Map(
    (
      db.prepare('SELECT code, description, parent_code AS parentCode FROM category').all() as {
        code: string;
        description: string;
        parentCode: string;
      }[]
    ).map((row) => [row.code, row]),
  );
  const steel = new Map<string, string>();
  for (const row of db.prepare('SELECT page, key, description FROM steel_row').all() as {
    page: string;
    key: string;
    description: string;
  }[])
    steel.set(`${row.page}\u0000${row.key}`, row.description);
  const gather = new CatalogTerms(categories, (page, code) => steel.get(`${page}\u0000${code}`) ?? '');
  const itemOf = db.prepare(
    `SELECT description, description2, category_code AS categoryCode, profile_code AS profileCode,
       grade_code AS gradeCode FROM item WHERE no = ?`,
  );
  const sizes = db.prepare(
    `SELECT id, item_no AS itemNo, variant_code AS code, description, description2, format_type AS formatType,
       length, width, thickness, extra_length AS extraLength FROM size WHERE id > ? ORDER BY id
     LIMIT ${SIZES_GATHERED_AT_ONCE}`,
  );
  let itemNo: string | undefined;
  let item: ItemTerms | undefined;
  for (let after = 0; ;) {
    let read = 0;
    for (const size of sizes.iterate(after) as Iterable<SizeWords & { id: number; itemNo: string }>) {
      if (size.itemNo !== itemNo || !item) {
        itemNo = size.itemNo;
        item = gather.item(itemNo, itemOf.get(itemNo) as ItemWords | undefined);
      }
      gather.add(size.id, item, gather.own(item, size));
      after = size.id;
      read++;
    }
    if (!(await between())) return undefined;
    if (read < SIZES_GATHERED_AT_ONCE) return gather;
  }
}
