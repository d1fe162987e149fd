// What ranking reads of every size, and the search index (size-terms.ts), held in memory for one catalog
// generation. Reading 5,000 matches' rows from SQLite on every key typed was most of a broad search at
// 500,000 sizes (a B-tree lookup per match); from these columns a match costs a few array reads. Loaded
// in slices between other work (catalog-search.ts), so no search waits for it; until then, and after a
// swap until it is loaded again, searches read the rows from SQLite with the same result.
import type { DatabaseSync, SQLInputValue } from 'node:sqlite';
import {
  itemWriting,
  textWriting,
  type ItemWriting,
  type RankCandidate,
  type TextWriting,
} from './search-rank.ts';
import { compareText, type SizeTermSource } from '../search-index/index.ts';

/** Flags of a size. */
const BLOCKED = 1;
const IN_STOCK = 2;

/** Writings kept between searches, for a catalog of many thousands of distinct texts and items. */
const WRITINGS_KEPT_MAX = 200_000;

/** The writing of a size whose texts ranking does not read. */
const NO_WRITING = textWriting('');

/** Rows read per slice: a few milliseconds of the main thread's time. */
const ROWS_PER_SLICE = 10_000;

/**
 * The rows of a table in key order, a slice at a time, each slice its own short read: nothing keeps a
 * read transaction open between slices, so a search in between sees a swap at once (the loader notices
 * the new generation and starts again: catalog-search.ts).
 */
function* slicesOf<Row extends unknown[]>(
  db: DatabaseSync,
  sql: string,
  first: SQLInputValue,
): Generator<Row[], void, void> {
  const statement = db.prepare(sql);
  statement.setReturnArrays(true);
  let after = first;
  for (;;) {
    const rows = statement.all(after, ROWS_PER_SLICE) as unknown as Row[];
    if (rows.length > 0) yield rows;
    if (rows.length < ROWS_PER_SLICE) return;
    after = rows[rows.length - 1]![0] as SQLInputValue;
  }
}

/** Each distinct string once, numbered. */
class Interned {
  readonly strings: string[] = [];
  readonly #numbers = new Map<string, number>();
  number(text: string): number {
    let number = this.#numbers.get(text);
    if (number === undefined) {
      number = this.strings.length;
      this.strings.push(text);
      this.#numbers.set(text, number);
    }
    return number;
  }
  find(text: string): number | undefined {
    return this.#numbers.get(text);
  }
}

/** What ranking compares of a size beyond its item number, stock and blocking. */
type SizeWritten = Pick<
  RankCandidate,
  'item' | 'own' | 'variantCode' | 'thicknessMm' | 'widthMm' | 'lengthMm'
>;

/** A match from the columns: its writing is read when ranking first asks for it. */
class ColumnCandidate implements RankCandidate {
  readonly id: number;
  readonly itemNo: string;
  readonly writtenAs: number;
  readonly inventory: number;
  readonly blocked: boolean;
  readonly #columns: SizeColumns;
  readonly #withText: boolean;
  #written: SizeWritten | undefined;

  constructor(
    columns: SizeColumns,
    fields: Pick<RankCandidate, 'id' | 'itemNo' | 'inventory' | 'blocked'> & { writtenAs: number },
    withText: boolean,
  ) {
    this.#columns = columns;
    this.id = fields.id;
    this.itemNo = fields.itemNo;
    this.writtenAs = fields.writtenAs;
    this.inventory = fields.inventory;
    this.blocked = fields.blocked;
    this.#withText = withText;
  }

  get #writing(): SizeWritten {
    return (this.#written ??= this.#columns.written(this.id, this.#withText));
  }
  get item() {
    return this.#writing.item;
  }
  get own() {
    return this.#writing.own;
  }
  get variantCode() {
    return this.#writing.variantCode;
  }
  get thicknessMm() {
    return this.#writing.thicknessMm;
  }
  get widthMm() {
    return this.#writing.widthMm;
  }
  get lengthMm() {
    return this.#writing.lengthMm;
  }
}

/** The search filters as the columns apply them (catalog-search.ts#filters is the SQL form). */
export interface ColumnFilter {
  categoryRange?: { from: number; to: number };
  profileCode?: string;
  gradeCode?: string;
  inStock?: boolean;
  blocked?: 'include' | 'exclude' | 'only';
}

export class SizeColumns {
  readonly #texts = new Interned();
  readonly #itemNos: string[] = [];
  readonly #itemDescriptions: number[] = [];
  /** Each item's second description (its treatment), interned like the descriptions. */
  readonly #itemTreatments: number[] = [];
  readonly #itemByNo = new Map<string, number>();
  #item = new Int32Array(0);
  #own = new Int32Array(0);
  #variantCode = new Int32Array(0);
  #profile = new Int32Array(0);
  #grade = new Int32Array(0);
  #category = new Int32Array(0);
  #thickness = new Float64Array(0);
  #width = new Float64Array(0);
  #length = new Float64Array(0);
  #flags = new Uint8Array(0);
  /** Sizes with the same number here are written the same for ranking (RankCandidate.writtenAs). */
  #writtenAs = new Int32Array(0);
  /** Writings read so far, by text number and by item (search-rank.ts). */
  #textWritings: (TextWriting | undefined)[] = [];
  #itemWritings: (ItemWriting | undefined)[] = [];
  #itemCodeWritings: (ItemWriting | undefined)[] = [];
  #writingsKept = 0;

  /** Whether a size with this id exists (ids are the size table's rowids). */
  has(id: number): boolean {
    return id >= 0 && id < this.#item.length && this.#item[id]! >= 0;
  }

  /**
   * A size as ranking reads it: what decides its bucket at once, its texts and dimensions (`written`)
   * only when ranking asks, which is for one size of each way of being written (`writtenAs`).
   */
  candidate(id: number, withText: boolean): RankCandidate {
    const flags = this.#flags[id]!;
    const fields = {
      id,
      itemNo: this.#itemNos[this.#item[id]!]!,
      writtenAs: this.#writtenAs[id]!,
      inventory: (flags & IN_STOCK) !== 0 ? 1 : 0,
      blocked: (flags & BLOCKED) !== 0,
    };
    return new ColumnCandidate(this, fields, withText);
  }

  /**
   * What ranking compares of a size. Without `withText` (codes alone were typed) its texts and dimensions
   * are left empty, as search-rank.ts compares only codes then. Each text's and item's writing is read
   * once per catalog generation (at most WRITINGS_KEPT_MAX, then read again).
   */
  written(id: number, withText: boolean): SizeWritten {
    return {
      item: this.#itemWriting(this.#item[id]!, id, withText),
      own: withText ? this.#textWriting(this.#own[id]!) : NO_WRITING,
      variantCode: this.#texts.strings[this.#variantCode[id]!]!,
      thicknessMm: withText ? this.#thickness[id]! : 0,
      widthMm: withText ? this.#width[id]! : 0,
      lengthMm: withText ? this.#length[id]! : 0,
    };
  }

  #textWriting(text: number): TextWriting {
    let writing = this.#textWritings[text];
    if (!writing) {
      if (this.#writingsKept++ >= WRITINGS_KEPT_MAX) this.#forgetWritings();
      writing = this.#textWritings[text] = textWriting(this.#texts.strings[text]!);
    }
    return writing;
  }

  /** The item of size `id`: its codes, and its description's writing with them when `withText`. */
  #itemWriting(item: number, id: number, withText: boolean): ItemWriting {
    const kept = withText ? this.#itemWritings : this.#itemCodeWritings;
    let writing = kept[item];
    if (!writing) {
      if (this.#writingsKept++ >= WRITINGS_KEPT_MAX) this.#forgetWritings();
      const texts = this.#texts.strings;
      const description = withText ? texts[this.#itemDescriptions[item]!]! : '';
      const profile = texts[this.#profile[id]!]!;
      const grade = texts[this.#grade[id]!]!;
      const treatment = texts[this.#itemTreatments[item]!]!;
      // The item's text (description and codes) is read once per item: no column holds it.
      writing = kept[item] = itemWriting(description, profile, grade, textWriting, treatment);
    }
    return writing;
  }

  #forgetWritings(): void {
    this.#writingsKept = 0;
    this.#textWritings.fill(undefined);
    this.#itemWritings.fill(undefined);
    this.#itemCodeWritings.fill(undefined);
  }

  /** A test of the filters over ids, or undefined when a code filtered on is in no size (nothing passes). */
  filter(filter: ColumnFilter): ((id: number) => boolean) | undefined {
    const tests: ((id: number) => boolean)[] = [];
    const { categoryRange, profileCode, gradeCode, inStock, blocked } = filter;
    if (categoryRange) {
      const category = this.#category;
      tests.push((id) => category[id]! >= categoryRange.from && category[id]! <= categoryRange.to);
    }
    for (const [code, column] of [
      [profileCode, this.#profile],
      [gradeCode, this.#grade],
    ] as const) {
      if (!code) continue;
      const wanted = this.#texts.find(code);
      if (wanted === undefined) return undefined;
      tests.push((id) => column[id] === wanted);
    }
    const flags = this.#flags;
    if (inStock) tests.push((id) => (flags[id]! & IN_STOCK) !== 0);
    if (blocked === 'exclude') tests.push((id) => (flags[id]! & BLOCKED) === 0);
    if (blocked === 'only') tests.push((id) => (flags[id]! & BLOCKED) !== 0);
    return (id) => this.has(id) && tests.every((test) => test(id));
  }

  /** Reads the live catalog, a slice of rows per step; the caller runs the steps between other work. */
  static *load(db: DatabaseSync, done: (columns: SizeColumns) => void): Generator<void, void, void> {
    const columns = new SizeColumns();
    const texts = columns.#texts;
    for (const slice of slicesOf<[string, string, string]>(
      db,
      `SELECT no, description, coalesce(description2, '') FROM item WHERE no > ? ORDER BY no LIMIT ?`,
      '',
    )) {
      for (const [no, description, treatment] of slice) {
        columns.#itemByNo.set(no, columns.#itemNos.length);
        columns.#itemNos.push(no);
        columns.#itemDescriptions.push(texts.number(description));
        columns.#itemTreatments.push(texts.number(treatment));
      }
      yield;
    }
    const { top } = db.prepare('SELECT coalesce(max(id), 0) AS top FROM size').get() as { top: number };
    const count = top + 1;
    columns.#item = new Int32Array(count).fill(-1);
    columns.#own = new Int32Array(count);
    columns.#variantCode = new Int32Array(count);
    columns.#profile = new Int32Array(count);
    columns.#grade = new Int32Array(count);
    columns.#category = new Int32Array(count);
    columns.#thickness = new Float64Array(count);
    columns.#width = new Float64Array(count);
    columns.#length = new Float64Array(count);
    columns.#flags = new Uint8Array(count);
    columns.#writtenAs = new Int32Array(count);
    // Everything ranking compares of a size but its item number, stock and blocking: a broad search's
    // 5,000 matches are written a few dozen ways (`Lengte 6 m` of one tube designation in one grade).
    const writings = new Map<string, number>();
    for (const slice of slicesOf<
      [number, string, string, string, string, string, number, number, number, number, number, number]
    >(
      db,
      `SELECT id, item_no, variant_code, profile_code, grade_code, description, thickness, width, length,
         inventory, any_blocked, category_position FROM size WHERE id > ? ORDER BY id LIMIT ?`,
      -1,
    )) {
      for (const row of slice) {
        const [id, itemNo, variantCode, profile, grade, description, thickness, width, length] = row;
        const [, , , , , , , , , inventory, anyBlocked, category] = row;
        // A size read after a swap may be beyond the size counted before it: the loader starts again.
        if (id >= count) return;
        let item = columns.#itemByNo.get(itemNo);
        if (item === undefined) {
          // An item the item table lacks (a sync never writes one): ranked with an empty description.
          item = columns.#itemNos.length;
          columns.#itemByNo.set(itemNo, item);
          columns.#itemNos.push(itemNo);
          columns.#itemDescriptions.push(texts.number(''));
          columns.#itemTreatments.push(texts.number(''));
        }
        columns.#item[id] = item;
        columns.#variantCode[id] = texts.number(variantCode.toLowerCase());
        columns.#profile[id] = texts.number(profile);
        columns.#grade[id] = texts.number(grade);
        columns.#own[id] = texts.number(description);
        columns.#thickness[id] = thickness;
        columns.#width[id] = width;
        columns.#length[id] = length;
        columns.#category[id] = category;
        columns.#flags[id] = (anyBlocked === 1 ? BLOCKED : 0) | (inventory > 0 ? IN_STOCK : 0);
        const writing = [
          columns.#itemDescriptions[item],
          columns.#itemTreatments[item],
          columns.#own[id],
          columns.#variantCode[id],
          columns.#profile[id],
          columns.#grade[id],
          thickness,
          width,
          length,
        ].join(' ');
        let writtenAs = writings.get(writing);
        if (writtenAs === undefined) {
          writtenAs = writings.size;
          writings.set(writing, writtenAs);
        }
        columns.#writtenAs[id] = writtenAs;
      }
      yield;
    }
    columns.#itemByNo.clear();
    // Filled up front (packed arrays), then set as searches read them.
    columns.#textWritings = new Array<TextWriting | undefined>(texts.strings.length).fill(undefined);
    columns.#itemWritings = new Array<ItemWriting | undefined>(columns.#itemNos.length).fill(undefined);
    columns.#itemCodeWritings = new Array<ItemWriting | undefined>(columns.#itemNos.length).fill(undefined);
    done(columns);
  }
}

/**
 * The search index's terms (size_term), sorted, with their sizes, and the sizes of each two-character
 * beginning (size_beginning): a long prefix becomes its exact terms by a binary search, a term the index
 * lacks is left out of the query, and a search reads no index row from SQLite. About 12 MB at 500,000
 * sizes: the runs of every term in one buffer.
 */
export class TermIndex implements SizeTermSource {
  readonly maxId: number;
  readonly #terms: string[];
  /** Each term's runs: bytes #offsets[i] to #offsets[i + 1] of #bytes, for the i-th term in order. */
  readonly #bytes: Uint8Array;
  readonly #offsets: Uint32Array;
  readonly #beginnings: Map<string, Uint8Array>;

  constructor(
    terms: string[],
    bytes: Uint8Array,
    offsets: Uint32Array,
    beginnings: Map<string, Uint8Array>,
    maxId: number,
  ) {
    // Sorted here by code unit, as the binary search compares: SQLite's order of the rows is by UTF-8
    // bytes, which differs for a few characters.
    const order = terms.map((_, index) => index).sort((a, b) => compareText(terms[a]!, terms[b]!));
    this.#terms = order.map((index) => terms[index]!);
    this.#offsets = new Uint32Array(terms.length + 1);
    let length = 0;
    for (const index of order) length += offsets[index + 1]! - offsets[index]!;
    this.#bytes = new Uint8Array(length);
    let at = 0;
    order.forEach((index, position) => {
      this.#offsets[position] = at;
      this.#bytes.set(bytes.subarray(offsets[index]!, offsets[index + 1]!), at);
      at += offsets[index + 1]! - offsets[index]!;
    });
    this.#offsets[terms.length] = at;
    this.#beginnings = beginnings;
    this.maxId = maxId;
  }

  /** The index of the first term at or after `text`. */
  #lowerBound(text: string): number {
    const terms = this.#terms;
    let low = 0;
    let high = terms.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (terms[middle]! < text) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  #sizesAt(index: number): Uint8Array {
    return this.#bytes.subarray(this.#offsets[index]!, this.#offsets[index + 1]!);
  }

  /** Whether the index has the term, or with `prefix` a term starting with it. */
  readonly has = (token: string, prefix: boolean): boolean => {
    const found = this.#terms[this.#lowerBound(token)];
    return found !== undefined && (prefix ? found.startsWith(token) : found === token);
  };

  term(text: string): Uint8Array | undefined {
    const index = this.#lowerBound(text);
    return this.#terms[index] === text ? this.#sizesAt(index) : undefined;
  }

  *termsStartingWith(prefix: string): Iterable<Uint8Array> {
    const terms = this.#terms;
    for (
      let index = this.#lowerBound(prefix);
      index < terms.length && terms[index]!.startsWith(prefix);
      index++
    )
      yield this.#sizesAt(index);
  }

  beginning(text: string): Uint8Array | undefined {
    return this.#beginnings.get(text);
  }

  /** Up to `max` terms starting with the prefix, in order. */
  startingWith(prefix: string, max: number): string[] {
    const terms = this.#terms;
    const found: string[] = [];
    for (let index = this.#lowerBound(prefix); index < terms.length && found.length < max; index++) {
      const term = terms[index]!;
      if (!term.startsWith(prefix)) break;
      found.push(term);
    }
    return found;
  }

  /** The index's beginnings that start with `prefix` (a letter or digit being typed). */
  beginningsStartingWith(prefix: string): string[] {
    return [...this.#beginnings.keys()].filter((beginning) => beginning.startsWith(prefix));
  }

  static *load(db: DatabaseSync, done: (index: TermIndex) => void): Generator<void, void, void> {
    const terms: string[] = [];
    let bytes = new Uint8Array(1 << 20);
    const offsets = [0];
    let length = 0;
    for (const slice of slicesOf<[string, Uint8Array]>(
      db,
      'SELECT term, sizes FROM size_term WHERE term > ? ORDER BY term LIMIT ?',
      '',
    )) {
      for (const [term, sizes] of slice) {
        if (length + sizes.length > bytes.length) {
          const grown = new Uint8Array(Math.max(bytes.length * 2, length + sizes.length));
          grown.set(bytes.subarray(0, length));
          bytes = grown;
        }
        bytes.set(sizes, length);
        length += sizes.length;
        terms.push(term);
        offsets.push(length);
      }
      yield;
    }
    const beginnings = new Map(
      (
        db.prepare('SELECT term, sizes FROM size_beginning').all() as { term: string; sizes: Uint8Array }[]
      ).map((row) => [row.term, row.sizes]),
    );
    const { maxId } = db.prepare('SELECT coalesce(max(id), 0) AS maxId FROM size').get() as { maxId: number };
    done(new TermIndex(terms, bytes, Uint32Array.from(offsets), beginnings, maxId));
  }
}
