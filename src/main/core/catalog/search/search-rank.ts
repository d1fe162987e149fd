// The order of a text search's matches. Each size gets a match class from what was typed: an exact
// designation or dimension before a prefix of one, a prefix before anything else; within a class, an
// item that is all that was asked for before one that adds a treatment nobody typed (galvanised, blasted
// and primed), then sizes in stock before sizes without; blocked sizes after everything that can be picked.
import {
  canonicalNumber,
  isNumberToken,
  searchTokens,
  type QueryNumber,
  type QueryPart,
  type SteelQuery,
} from '../../../../shared/contract/search-notation.ts';

/** Match classes, best first. The exact item number is a class of its own, before all of them. */
export const MATCH_CLASS = { itemNumber: 0, exact: 1, prefix: 2, other: 3 } as const;
const CLASS_COUNT = 4;

/** The words (lowercase) and numbers of a text, numbers as often as it writes them. */
export interface TextWriting {
  words: ReadonlySet<string>;
  numbers: readonly string[];
}

/**
 * An item as the ranking sees it: its codes, and the words and numbers of its description (which carries
 * the designation: `HEA 200 balk`, `Plaat 10 mm`), read only when a size's own text does not settle
 * the comparison: a broad search of 5,000 sizes can span 5,000 items.
 */
export class ItemWriting {
  /** Profile and grade code, lowercase and whole (`s355j2+n`). */
  readonly codes: readonly string[];
  /**
   * The words of the item's second description (`thermisch`, `verzinkt`): a treatment, finish or
   * execution. Part of what is sold, so an item that has one is not what a query without it asks for.
   */
  readonly treatment: readonly string[];
  readonly #read: () => TextWriting;
  #text: TextWriting | undefined;

  constructor(codes: readonly string[], read: () => TextWriting, treatment: readonly string[] = []) {
    this.codes = codes;
    this.#read = read;
    this.treatment = treatment;
  }

  get text(): TextWriting {
    return (this.#text ??= this.#read());
  }
}

/** A match to rank: its item, its own text (`Lengte 6 m`, `Formaat 2000 x 1000 mm`), its fields. */
export interface RankCandidate {
  id: number;
  itemNo: string;
  item: ItemWriting;
  own: TextWriting;
  /** The size code, lowercase. */
  variantCode: string;
  /**
   * Candidates with the same number here have the same codes, texts, size code and dimensions, so the
   * same match class: it is worked out once for them (search-columns.ts numbers them). Optional.
   */
  writtenAs?: number;
  thicknessMm: number;
  widthMm: number;
  lengthMm: number;
  inventory: number;
  blocked: boolean;
}

/** The words and numbers a text is written with. */
export function textWriting(text: string): TextWriting {
  const words = new Set<string>();
  const numbers: string[] = [];
  for (const token of searchTokens(text)) {
    if (isNumberToken(token)) numbers.push(canonicalNumber(token));
    else words.add(token);
  }
  return { words, numbers };
}

/**
 * An item's writing: its codes, its treatment's words, and its description with the treatment and the
 * codes, read from `read` when first asked. `description` is empty where only codes are compared.
 */
export function itemWriting(
  description: string,
  profileCode: string,
  gradeCode: string,
  read: (text: string) => TextWriting,
  treatment = '',
): ItemWriting {
  const codes = [profileCode, gradeCode].filter(Boolean).map((code) => code.toLowerCase());
  const treatmentWords = treatment ? [...read(treatment).words] : [];
  const text = description ? `${description} ${treatment} ${codes.join(' ')}` : codes.join(' ');
  return new ItemWriting(codes, () => read(text), treatmentWords);
}

/**
 * Reads what matches are written with, each distinct text once, and only when asked. The texts' writings
 * may be kept from search to search (`texts`).
 */
export class WritingReader {
  readonly #texts: Map<string, TextWriting>;

  constructor(texts = new Map<string, TextWriting>()) {
    this.#texts = texts;
  }

  readonly text = (text: string): TextWriting => {
    let writing = this.#texts.get(text);
    if (!writing) {
      writing = textWriting(text);
      this.#texts.set(text, writing);
    }
    return writing;
  };
}

/** Dimensions as the text would write them: a catalog has a few hundred distinct values. */
const dimensionNumbers = new Map<number, string>();
const DIMENSION_NUMBERS_KEPT_MAX = 10_000;

/** A dimension as the text would write it (canonicalNumber of its token), without the regexes. */
function dimensionNumber(valueMm: number): string {
  let number = dimensionNumbers.get(valueMm);
  if (number === undefined) {
    number = String(Math.round(valueMm * 1000) / 1000).replace('.', 'd');
    if (dimensionNumbers.size >= DIMENSION_NUMBERS_KEPT_MAX) dimensionNumbers.clear();
    dimensionNumbers.set(valueMm, number);
  }
  return number;
}

/**
 * The numbers a size is written with, as a pool the typed numbers are taken from: `100 x 100 x 5`
 * holds 100 twice; a dimension field counts where no text says it. The item's numbers join the pool
 * only when the size's own text and fields lack a typed number.
 */
class NumberPool {
  readonly #size: RankCandidate;
  readonly #remaining: string[];
  /** Dimension fields in the pool that the own text does not say (the item's text may). */
  readonly #fields: string[] = [];
  #withItem = false;

  constructor(size: RankCandidate) {
    this.#size = size;
    this.#remaining = [...size.own.numbers];
    for (const value of [size.thicknessMm, size.widthMm, size.lengthMm]) {
      if (!(value > 0)) continue;
      const number = dimensionNumber(value);
      if (!this.#remaining.includes(number)) {
        this.#remaining.push(number);
        this.#fields.push(number);
      }
    }
  }

  #addItem(): boolean {
    if (this.#withItem) return false;
    this.#withItem = true;
    for (const number of this.#size.item.text.numbers) {
      const field = this.#fields.indexOf(number);
      if (field >= 0) this.#fields.splice(field, 1);
      else this.#remaining.push(number);
    }
    return true;
  }

  #takeWhere(test: (value: string) => boolean): boolean {
    const index = this.#remaining.findIndex(test);
    if (index < 0) return false;
    this.#remaining.splice(index, 1);
    return true;
  }

  /** Takes the typed number out: exact when the size has it, prefix when one of its numbers starts so. */
  take(number: QueryNumber): number {
    const exact = (value: string) => value === number.value;
    if (this.#takeWhere(exact) || (this.#addItem() && this.#takeWhere(exact))) return MATCH_CLASS.exact;
    if (!number.prefix) return MATCH_CLASS.other;
    this.#addItem();
    return this.#takeWhere((value) => value.startsWith(number.value))
      ? MATCH_CLASS.prefix
      : MATCH_CLASS.other;
  }
}

/** 'exact' when a code of the size is the word, 'prefix' when one starts with it. */
function codeMatch(word: string, size: RankCandidate): number | undefined {
  const [first = '', second = ''] = size.item.codes;
  if (first === word || second === word || size.variantCode === word) return MATCH_CLASS.exact;
  if (first.startsWith(word) || second.startsWith(word) || size.variantCode.startsWith(word))
    return MATCH_CLASS.prefix;
  return undefined;
}

/** 'exact' when the text has one of the words, 'prefix' when it has a word starting so. */
function textMatch(words: readonly string[], text: TextWriting): number | undefined {
  if (words.some((word) => text.words.has(word))) return MATCH_CLASS.exact;
  for (const written of text.words)
    if (words.some((word) => written.startsWith(word))) return MATCH_CLASS.prefix;
  return undefined;
}

/** textMatch over a size's own text, then its item's if that does not settle it; each text once per part. */
class WordMatcher {
  readonly #words: readonly string[];
  readonly #byText = new Map<TextWriting, number | undefined>();
  constructor(words: readonly string[]) {
    this.#words = words;
  }
  #text(text: TextWriting): number | undefined {
    if (this.#byText.has(text)) return this.#byText.get(text);
    const level = textMatch(this.#words, text);
    this.#byText.set(text, level);
    return level;
  }
  match(size: RankCandidate): number | undefined {
    const own = this.#text(size.own);
    if (own === MATCH_CLASS.exact) return own;
    const item = this.#text(size.item.text);
    return item === undefined ? own : own === undefined ? item : Math.min(item, own);
  }
}

/**
 * How a part's words count, decided once per search: as a code when the word is (the start of) some
 * match's code (`HEA`, `S355J2`); as written when some matches are written with it (`plaat`, `koker`);
 * not at all when no match is (`breedflensbalk` names a profile, `constructiestaal` a grade).
 */
interface PartRole {
  part: QueryPart;
  role: 'code' | 'written' | 'none';
  words: WordMatcher;
}

function partRole(part: QueryPart, candidates: readonly RankCandidate[]): PartRole {
  const word = part.words[0];
  const words = new WordMatcher(part.words);
  if (word === undefined) return { part, role: 'none', words };
  if (!part.shape && candidates.some((size) => codeMatch(word, size) !== undefined))
    return { part, role: 'code', words };
  if (candidates.some((size) => words.match(size) !== undefined)) return { part, role: 'written', words };
  return { part, role: 'none', words };
}

function wordLevel({ part, role, words }: PartRole, size: RankCandidate): number | undefined {
  if (role === 'code') return codeMatch(part.words[0] ?? '', size) ?? MATCH_CLASS.other;
  if (role === 'written') return words.match(size) ?? MATCH_CLASS.other;
  return undefined;
}

/** Parts typed that a size does not match, counted up to this (more are as bad). */
const MISSES_COUNTED = 3;

/** A number as a value: `06000` (a size code as typed) is 6000 mm. */
function withoutLeadingZeros(number: QueryNumber): QueryNumber {
  const value = number.value.replace(/^0+(?=\d)/, '');
  return value === number.value ? number : { ...number, value };
}

/**
 * The class of one size, and how many parts typed it does not match at all. The class is the worst
 * over the parts typed. A number is exact when the size is written with it, a prefix when (still being
 * typed) it starts one of the size's numbers; letters run into digits are a code (`S355`) or a
 * designation with its size (`HEA200`), whichever matches better; digits alone are the size's code when
 * they are that exactly (`06000`). Among sizes of one class, one that misses fewer parts comes first: a
 * query naming every dimension of a size (`50 x 10 … 06000`) puts that size before one with another
 * dimension, even when some other part (a word no size is written with) matches neither.
 */
function matchClass(roles: readonly PartRole[], withNumbers: boolean, size: RankCandidate): number {
  const numbers = withNumbers ? new NumberPool(size) : undefined;
  let worst: number = MATCH_CLASS.exact;
  let misses = 0;
  for (const role of roles) {
    const { part } = role;
    const byWords = wordLevel(role, size);
    let level = byWords;
    if (part.number) {
      const asCode = codeMatch(part.joined ?? part.number.value, size);
      level =
        asCode === MATCH_CLASS.exact
          ? asCode
          : Math.min(
              part.joined ? (asCode ?? MATCH_CLASS.other) : MATCH_CLASS.other,
              Math.max(
                numbers?.take(withoutLeadingZeros(part.number)) ?? MATCH_CLASS.other,
                byWords ?? MATCH_CLASS.exact,
              ),
            );
    }
    if (level === MATCH_CLASS.other) misses++;
    if (level !== undefined && level > worst) worst = level;
  }
  return worst * (MISSES_COUNTED + 1) + Math.min(misses, MISSES_COUNTED);
}

/**
 * Whether an item adds a treatment nobody typed: it has one, and no word of the query is (the start of)
 * one of its words. `verzinkt`, `gestraald` and `galv` (a treatment word group, search-notation.ts) ask for one.
 */
function addsTreatment(item: ItemWriting, words: readonly string[]): boolean {
  return (
    item.treatment.length > 0 &&
    !item.treatment.some((written) => words.some((word) => written.startsWith(word)))
  );
}

/**
 * Whether ranking compares what was typed with the matches' texts: for numbers and for words that are
 * no profile or grade code. Codes alone (`hea`, `S355J2`, `h`) are compared with the codes only.
 */
export function needsWriting(query: SteelQuery, catalogCodes: readonly string[]): boolean {
  return query.parts.some(
    (part) =>
      part.number !== undefined ||
      (part.words[0] !== undefined &&
        (part.shape || !catalogCodes.some((code) => code.startsWith(part.words[0] ?? '')))),
  );
}

/**
 * Orders candidates (given in catalog order, which is kept within a class). `rankOnStock` is false when
 * the last sync found no steel extension: stock is then unknown, not zero.
 */
export function rankCandidates(
  query: SteelQuery,
  candidates: readonly RankCandidate[],
  rankOnStock: boolean,
): Int32Array {
  // Complete numbers take their match before a number still being typed takes a prefix of one.
  const parts = [...query.parts].sort(
    (left, right) => Number(left.number?.prefix ?? false) - Number(right.number?.prefix ?? false),
  );
  // A part's role depends on how candidates are written: one of each way is enough to decide it.
  const distinct: RankCandidate[] = [];
  const seen = new Set<number>();
  for (const size of candidates) {
    if (size.writtenAs !== undefined && seen.has(size.writtenAs)) continue;
    if (size.writtenAs !== undefined) seen.add(size.writtenAs);
    distinct.push(size);
  }
  const roles = parts.map((part) => partRole(part, distinct));
  const withNumbers = parts.some((part) => part.number !== undefined);
  // Only words that nothing is written with, and no numbers: every match is in the same class.
  const classify = withNumbers || roles.some((role) => role.role !== 'none');
  const itemNumbers = new Set(query.tokens.map((token) => token.toUpperCase()));
  itemNumbers.add(query.exact);
  const queryWords = query.parts.flatMap((part) => part.words);
  const treatmentAdded = new Map<ItemWriting, boolean>();
  const addsTreatmentOf = (size: RankCandidate) => {
    let adds = treatmentAdded.get(size.item);
    if (adds === undefined) {
      adds = addsTreatment(size.item, queryWords);
      treatmentAdded.set(size.item, adds);
    }
    return adds;
  };
  // Buckets: pickable before blocked, then by class and parts missed, then without a treatment nobody
  // typed before with one, then in stock before not.
  const classes = CLASS_COUNT * (MISSES_COUNTED + 1);
  const buckets: number[][] = Array.from({ length: 2 * classes * 2 * 2 }, () => []);
  const classOfWriting = new Map<number, number>();
  const classOf = (size: RankCandidate) => {
    if (size.writtenAs === undefined) return matchClass(roles, withNumbers, size);
    let matched = classOfWriting.get(size.writtenAs);
    if (matched === undefined) {
      matched = matchClass(roles, withNumbers, size);
      classOfWriting.set(size.writtenAs, matched);
    }
    return matched;
  };
  // A size's item number, compared once for the sizes of one item (they come one after another).
  let itemNo: string | undefined;
  let isItemNumber = false;
  for (const size of candidates) {
    if (size.itemNo !== itemNo) {
      itemNo = size.itemNo;
      isItemNumber = itemNumbers.has(itemNo.toUpperCase());
    }
    const matched = isItemNumber
      ? MATCH_CLASS.itemNumber
      : classify
        ? classOf(size)
        : MATCH_CLASS.exact * (MISSES_COUNTED + 1);
    const treated = !isItemNumber && addsTreatmentOf(size) ? 1 : 0;
    const noStock = rankOnStock && !(size.inventory > 0) ? 1 : 0;
    buckets[(size.blocked ? classes * 4 : 0) + matched * 4 + treated * 2 + noStock]!.push(size.id);
  }
  return Int32Array.from(buckets.flat());
}
