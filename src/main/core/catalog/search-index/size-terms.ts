// The catalog's own search index: for each term, the sizes it is found in, as runs of consecutive size
// ids. A sync gathers it while it stages the sizes and writes one row per term at the end, and one per
// two-character beginning of the terms (what a letter being typed asks for). It replaced an FTS5 table
// whose rows and merge were two fifths of a sync's work (docs/catalog.md, "The search index").
//
// A term's sizes are written as runs: for each run, varint(gap) then varint(length - 1), where the gap is
// the run's first id minus the end of the run before it (one past its last id; 0 before the first run).
// An item's sizes get consecutive ids, so the dozen terms every size takes from its item cost a run per
// item, not an id per size.
import { BEGINNING_LENGTH, indexTerm, type MatchPart, type MatchToken } from './search-text.ts';

/** Bytes of one block of a term's runs in the pool while a sync gathers them. */
const BLOCK_BYTES = 32;
/** Blocks per page of the pool (256 KB): pages are added, never copied. */
const BLOCKS_PER_PAGE = 1 << 13;
/** The last 4 bytes of a block link it to the next; the last block's, how many of its bytes are used. */
const BLOCK_DATA_BYTES = BLOCK_BYTES - 4;
const NONE = 0xffffffff;
const WORDS_PER_BLOCK = BLOCK_BYTES / 4;
const LINK_WORD = BLOCK_DATA_BYTES / 4;

/** Bytes of a varint. */
const varintBytes = (value: number) =>
  value < 0x80 ? 1 : value < 0x4000 ? 2 : value < 0x200000 ? 3 : value < 0x10000000 ? 4 : 5;

function writeVarint(value: number, out: Uint8Array, at: number): number {
  while (value >= 0x80) {
    out[at++] = (value & 0x7f) | 0x80;
    value >>>= 7;
  }
  out[at++] = value;
  return at;
}

/** A growable Uint32Array. */
class Numbers {
  values: Uint32Array;
  constructor(initial: number, fill = 0) {
    this.values = new Uint32Array(initial).fill(fill);
  }
  ensure(index: number, fill = 0): void {
    if (index < this.values.length) return;
    // Half again, not twice: at 158,000 terms five such lists were 7 MB with doubling.
    const grown = new Uint32Array(Math.max(index + 1, Math.ceil(this.values.length * 1.5))).fill(fill);
    grown.set(this.values);
    this.values = grown;
  }
}

/** Calls `run(first, end)` for each run of `sizes` (end exclusive), in id order. */
export function forEachRun(sizes: Uint8Array, run: (first: number, end: number) => void): void {
  let at = 0;
  let end = 0;
  while (at < sizes.length) {
    let gap = 0;
    let shift = 0;
    let byte: number;
    do {
      byte = sizes[at++]!;
      gap += (byte & 0x7f) * 2 ** shift;
      shift += 7;
    } while (byte & 0x80);
    let length = 0;
    shift = 0;
    do {
      byte = sizes[at++]!;
      length += (byte & 0x7f) * 2 ** shift;
      shift += 7;
    } while (byte & 0x80);
    const first = end + gap;
    end = first + length + 1;
    run(first, end);
  }
}

/**
 * A set of size ids, one bit each. Sized for the catalog's highest id, and grown if a term has a higher
 * one (a search reads its terms in several statements, and another process may swap the catalog between
 * them: the search then answers from a mix, as it would have, rather than fail).
 */
export class SizeSet {
  words: Uint32Array;
  constructor(maxId: number) {
    this.words = new Uint32Array((maxId >>> 5) + 1);
  }
  #fit(lastWord: number): void {
    if (lastWord < this.words.length) return;
    const grown = new Uint32Array(Math.max(lastWord + 1, this.words.length * 2));
    grown.set(this.words);
    this.words = grown;
  }
  /** Adds ids first to end - 1. */
  addRange(first: number, end: number): void {
    if (first >= end) return;
    const last = end - 1;
    const firstWord = first >>> 5;
    const lastWord = last >>> 5;
    this.#fit(lastWord);
    const words = this.words;
    const head = ~0 << (first & 31);
    const tail = ~0 >>> (31 - (last & 31));
    if (firstWord === lastWord) {
      words[firstWord]! |= head & tail;
      return;
    }
    words[firstWord]! |= head;
    words.fill(~0, firstWord + 1, lastWord);
    words[lastWord]! |= tail;
  }
  addRuns(sizes: Uint8Array): void {
    forEachRun(sizes, (first, end) => this.addRange(first, end));
  }
  or(other: SizeSet): void {
    const others = other.words;
    this.#fit(others.length - 1);
    const words = this.words;
    for (let index = 0; index < others.length; index++) words[index]! |= others[index]!;
  }
  and(other: SizeSet): void {
    const words = this.words;
    const others = other.words;
    const both = Math.min(words.length, others.length);
    for (let index = 0; index < both; index++) words[index]! &= others[index]!;
    words.fill(0, both);
  }
  /** Ids after `after`, ascending, at most `max`. */
  ids(after: number, max: number): number[] {
    const found: number[] = [];
    const words = this.words;
    const start = after + 1;
    for (let word = start >>> 5; word < words.length && found.length < max; word++) {
      let bits = words[word]!;
      if (word === start >>> 5) bits &= ~0 << (start & 31);
      while (bits && found.length < max) {
        const low = bits & -bits;
        found.push((word << 5) + 31 - Math.clz32(low));
        bits ^= low;
      }
    }
    return found;
  }
  count(): number {
    let count = 0;
    for (let bits of this.words) for (; bits; count++) bits &= bits - 1;
    return count;
  }
  /** The set's ids as runs, in the format above: measured, then written (no list of the runs). */
  encode(): Uint8Array {
    let bytes = 0;
    this.#forEachRun((gap, lengthLess1) => (bytes += varintBytes(gap) + varintBytes(lengthLess1)));
    const out = new Uint8Array(bytes);
    let at = 0;
    this.#forEachRun((gap, lengthLess1) => (at = writeVarint(lengthLess1, out, writeVarint(gap, out, at))));
    return out;
  }

  /** Calls `run(gap, length - 1)` for each run of the set's ids, as the format writes them. */
  #forEachRun(run: (gap: number, lengthLess1: number) => void): void {
    const words = this.words;
    let end = 0;
    let first = -1;
    let last = -2;
    const extend = (from: number, to: number) => {
      if (from === last + 1) {
        last = to;
        return;
      }
      if (first >= 0) {
        run(first - end, last - first);
        end = last + 1;
      }
      first = from;
      last = to;
    };
    for (let word = 0; word < words.length; word++) {
      let bits = words[word]!;
      if (bits === 0) continue;
      if (bits === 0xffffffff) {
        extend(word << 5, (word << 5) + 31);
        continue;
      }
      // Each stretch of set bits in the word at once: from its lowest bit up to the first clear bit above.
      while (bits) {
        const from = 31 - Math.clz32(bits & -bits);
        const above = ~(bits | ((1 << from) - 1)) >>> 0;
        const to = above === 0 ? 32 : 31 - Math.clz32(above & -above);
        extend((word << 5) + from, (word << 5) + to - 1);
        bits = to === 32 ? 0 : (bits & ~((1 << to) - 1)) >>> 0;
      }
    }
    if (first >= 0) run(first - end, last - first);
  }
}

/**
 * Gathers the sizes of each term while a sync stages them, in id order, in a pool of small blocks (no
 * array of every posting, no copies as it grows: at 500,000 sizes about 10 MB), and writes them out at the
 * end in term order.
 */
export class SizeTermsWriter {
  readonly #numbers = new Map<string, number>();
  readonly #terms: string[] = [];
  /**
   * Per term: its open run (its gap is in the pool already, its length not yet), and its first and last
   * block. A tail block's link word holds how many of its bytes are used.
   */
  readonly #runFirst = new Numbers(1 << 14);
  readonly #runEnd = new Numbers(1 << 14);
  readonly #headBlock = new Numbers(1 << 14, NONE);
  readonly #tailBlock = new Numbers(1 << 14, NONE);
  /** Per term: the mark of the last item that has it. */
  readonly #itemMark = new Numbers(1 << 14);
  #lastMark = 0;
  readonly #pages: Uint8Array[] = [];
  /** The same pages as 32-bit words: the links between blocks. */
  readonly #pageWords: Uint32Array[] = [];
  #blocks = 0;
  #maxId = 0;
  readonly #scratch = new Uint8Array(10);

  /** The number of a term (a token as searchTokens gives it), the same each time it is asked. */
  number(token: string): number {
    const known = this.#numbers.get(token);
    if (known !== undefined) return known;
    // A token with diacritics is its folded term's number, kept under both spellings.
    const term = indexTerm(token);
    if (term !== token) {
      const number = this.number(term);
      this.#numbers.set(token, number);
      return number;
    }
    const number = this.#terms.length;
    this.#terms.push(token);
    this.#numbers.set(token, number);
    for (const list of [this.#runFirst, this.#runEnd, this.#itemMark]) list.ensure(number);
    this.#headBlock.ensure(number, NONE);
    this.#tailBlock.ensure(number, NONE);
    return number;
  }

  /**
   * A mark for the terms of another item (its number, description, category, profile and grade), which
   * each of its sizes has: a size's own terms leave them out, so that no size is added to a term twice.
   */
  newItem(): number {
    return ++this.#lastMark;
  }

  /** Marks the term as the item's; false when it already was. */
  markItemTerm(term: number, mark: number): boolean {
    if (this.#itemMark.values[term] === mark) return false;
    this.#itemMark.values[term] = mark;
    return true;
  }

  isItemTerm(term: number, mark: number): boolean {
    return this.#itemMark.values[term] === mark;
  }

  /** Size `id` has the term: ids come in ascending order, each at most once per term. */
  add(term: number, id: number): void {
    if (id > this.#maxId) this.#maxId = id;
    const runEnd = this.#runEnd.values;
    // Ids start at 1, so an end of 0 is no open run.
    if (runEnd[term] === id) {
      runEnd[term] = id + 1;
      return;
    }
    // Two tokens of a size that fold to one term (`café`, `cafe`).
    if (runEnd[term] === id + 1) return;
    // The open run's length, then the new run's gap from its end (from 0 for a term's first run).
    let at = 0;
    const end = runEnd[term]!;
    if (end > 0) at = writeVarint(end - this.#runFirst.values[term]! - 1, this.#scratch, at);
    at = writeVarint(id - end, this.#scratch, at);
    for (let index = 0; index < at; index++) this.#put(term, this.#scratch[index]!);
    this.#runFirst.values[term] = id;
    runEnd[term] = id + 1;
  }

  /** Writes the length of the term's open run: its last. */
  #closeRun(term: number): void {
    const end = this.#runEnd.values[term]!;
    const at = writeVarint(end - this.#runFirst.values[term]! - 1, this.#scratch, 0);
    this.#runEnd.values[term] = 0;
    for (let index = 0; index < at; index++) this.#put(term, this.#scratch[index]!);
  }

  #put(term: number, byte: number): void {
    let block = this.#tailBlock.values[term]!;
    let used = block === NONE ? 0 : this.#link(block);
    if (block === NONE || used === BLOCK_DATA_BYTES) {
      const next = this.#newBlock();
      if (block === NONE) this.#headBlock.values[term] = next;
      else this.#setLink(block, next);
      block = next;
      used = 0;
      this.#tailBlock.values[term] = block;
    }
    this.#pages[(block / BLOCKS_PER_PAGE) | 0]![(block % BLOCKS_PER_PAGE) * BLOCK_BYTES + used] = byte;
    this.#setLink(block, used + 1);
  }

  #newBlock(): number {
    if (this.#blocks === this.#pages.length * BLOCKS_PER_PAGE) {
      const page = new Uint8Array(BLOCKS_PER_PAGE * BLOCK_BYTES);
      this.#pages.push(page);
      this.#pageWords.push(new Uint32Array(page.buffer));
    }
    const block = this.#blocks++;
    this.#setLink(block, 0);
    return block;
  }

  #setLink(block: number, next: number): void {
    this.#pageWords[(block / BLOCKS_PER_PAGE) | 0]![(block % BLOCKS_PER_PAGE) * WORDS_PER_BLOCK + LINK_WORD] =
      next;
  }

  #link(block: number): number {
    return this.#pageWords[(block / BLOCKS_PER_PAGE) | 0]![
      (block % BLOCKS_PER_PAGE) * WORDS_PER_BLOCK + LINK_WORD
    ]!;
  }

  /** Calls `visit(block, bytes used)` for each of a term's blocks, first to last. */
  #forEachBlock(term: number, visit: (block: number, used: number) => void): void {
    const tail = this.#tailBlock.values[term]!;
    if (tail === NONE) return;
    for (let block = this.#headBlock.values[term]!; ; block = this.#link(block)) {
      if (block === tail) return visit(block, this.#link(block));
      visit(block, BLOCK_DATA_BYTES);
    }
  }

  /** A term's runs, from its blocks. */
  #runsOf(term: number, into: Uint8Array): Uint8Array {
    let at = 0;
    this.#forEachBlock(term, (block, used) => {
      const page = this.#pages[(block / BLOCKS_PER_PAGE) | 0]!;
      const from = (block % BLOCKS_PER_PAGE) * BLOCK_BYTES;
      into.set(page.subarray(from, from + used), at);
      at += used;
    });
    return into.subarray(0, at);
  }

  /**
   * Writes each term's sizes in term order through `write('term', …)`, then each two-character beginning's
   * through `write('beginning', …)`; yields after every `rowsPerStep` rows, so that the caller can commit
   * and let its event loop turn. The writer is empty afterwards. `sizes` may be a view of a buffer the
   * next call reuses: a caller that keeps it copies it.
   */
  *finish(
    write: (table: 'term' | 'beginning', key: string, sizes: Uint8Array) => void,
    rowsPerStep: number,
  ): Generator<void, void, void> {
    // No more terms are numbered: the map from tokens goes before the rows are written.
    this.#numbers.clear();
    const terms = this.#terms;
    let longest = 0;
    for (let term = 0; term < terms.length; term++) {
      if (this.#runEnd.values[term]! > 0) this.#closeRun(term);
      let bytes = 0;
      this.#forEachBlock(term, (_, used) => (bytes += used));
      longest = Math.max(longest, bytes);
    }
    const scratch = new Uint8Array(longest);
    const sorted = terms.map((_, index) => index).sort((a, b) => compareText(terms[a]!, terms[b]!));
    let rows = 0;
    for (const term of sorted) {
      write('term', terms[term]!, this.#runsOf(term, scratch));
      if (++rows % rowsPerStep === 0) yield;
    }
    const set = new SizeSet(this.#maxId);
    for (let from = 0; from < sorted.length;) {
      const beginning = firstCharacters(terms[sorted[from]!]!, BEGINNING_LENGTH);
      if (beginning === undefined) {
        from++;
        continue;
      }
      set.words.fill(0);
      let to = from;
      for (; to < sorted.length && terms[sorted[to]!]!.startsWith(beginning); to++)
        set.addRuns(this.#runsOf(sorted[to]!, scratch));
      write('beginning', beginning, set.encode());
      if (++rows % rowsPerStep === 0) yield;
      from = to;
    }
    this.#pages.length = 0;
    this.#pageWords.length = 0;
  }
}

/**
 * UTF-16 code-unit order: SQLite's BINARY order of the keys for every character below U+E000 (all the
 * catalog's), so the rows go into the table's B-tree in key order.
 */
export const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The first `count` characters of `text`, or undefined when it has fewer. */
function firstCharacters(text: string, count: number): string | undefined {
  const characters = [...text.slice(0, count * 2)];
  return characters.length < count ? undefined : characters.slice(0, count).join('');
}

// ---- reading it -----------------------------------------------------------------------------------------

/** Where a search reads the index: the terms held in memory (search-columns.ts), or SQLite before that. */
export interface SizeTermSource {
  /** The highest size id of the catalog (0 when it is empty). */
  readonly maxId: number;
  /** The sizes of exactly this term. */
  term(text: string): Uint8Array | undefined;
  /** The sizes of each term that starts with `prefix`. */
  termsStartingWith(prefix: string): Iterable<Uint8Array>;
  /** The sizes of every term that starts with a two-character beginning. */
  beginning(text: string): Uint8Array | undefined;
}

/** A token's sizes: a term, or for a prefix every term it starts. */
function tokenSizes(token: MatchToken, source: SizeTermSource, into: SizeSet): void {
  if (!token.prefix) {
    const sizes = source.term(token.text);
    if (sizes) into.addRuns(sizes);
    return;
  }
  if ([...token.text].length === BEGINNING_LENGTH) {
    const sizes = source.beginning(token.text);
    if (sizes) into.addRuns(sizes);
    return;
  }
  for (const sizes of source.termsStartingWith(token.text)) into.addRuns(sizes);
}

/**
 * The sizes a query's parts match (search-text.ts, matchParts): each part's, and within a part any
 * alternative's, each of whose terms any token of matches.
 */
export function matchingSizes(parts: readonly MatchPart[], source: SizeTermSource): SizeSet {
  let all: SizeSet | undefined;
  for (const part of parts) {
    const partSizes = new SizeSet(source.maxId);
    for (const alternative of part) {
      let alternativeSizes: SizeSet | undefined;
      for (const term of alternative) {
        const termSizes = new SizeSet(source.maxId);
        for (const token of term) tokenSizes(token, source, termSizes);
        if (alternativeSizes) alternativeSizes.and(termSizes);
        else alternativeSizes = termSizes;
      }
      if (alternativeSizes) partSizes.or(alternativeSizes);
    }
    if (all) all.and(partSizes);
    else all = partSizes;
  }
  return all ?? new SizeSet(source.maxId);
}
