// What goes into the full-text index for a size, and how a typed query becomes an FTS5 expression. Both
// sides pass through the same normalization (src/shared/contract/search-notation.ts), so "10x1500",
// "1,5" and "S355J2+N" are found as typed.
import {
  normalizeSearchText,
  readSteelQuery,
  searchTokens,
  type QueryTerm,
  type SteelQuery,
} from '../../../shared/contract/search-notation.ts';

export { normalizeSearchText, searchTokens };

// ---- index side ---------------------------------------------------------------------------------------

/** A dimension in millimetres as it is indexed and typed: 6000, 1d5. */
export function dimensionToken(value: number): string {
  if (!Number.isFinite(value) || value <= 0) return '';
  return normalizeSearchText(String(Math.round(value * 1000) / 1000));
}

// ---- query side ---------------------------------------------------------------------------------------

/**
 * Prefix lengths the full-text index keeps; a longer prefix is looked up in the index's vocabulary, and a
 * shorter one (a letter or digit being typed) is asked as the term itself or any indexed prefix it starts.
 * A 1-character prefix index cost about a tenth of the staging's CPU (docs/bench-history.md), for the same
 * sizes.
 */
export const INDEXED_PREFIX_MIN = 2;
export const INDEXED_PREFIX_MAX = 4;

/** The `prefix='…'` option of the full-text table: every length from INDEXED_PREFIX_MIN to the max. */
export const INDEXED_PREFIX_LENGTHS = Array.from(
  { length: INDEXED_PREFIX_MAX - INDEXED_PREFIX_MIN + 1 },
  (_, index) => INDEXED_PREFIX_MIN + index,
).join(' ');

/**
 * The exact index terms a long prefix stands for, or undefined to search it as a prefix after all (too
 * many terms); an empty list when no term starts so.
 */
export type PrefixExpander = (prefix: string) => string[] | undefined;

/**
 * The distinct INDEXED_PREFIX_MIN-character beginnings of the index's terms that start with a shorter
 * prefix (`h` → `ha`, `he`, `hk`): with the term itself, the same sizes as the prefix.
 */
export type PrefixWidener = (prefix: string) => string[];

/**
 * What the index knows of a token: whether some term is it (or, for a prefix, starts with it). Tokens
 * outside a-z and 0-9 are never asked: FTS5 folds their diacritics, the vocabulary holds them folded.
 */
export type TermKnown = (token: string, prefix: boolean) => boolean;

/** An index token to match: the term itself, or (prefix) every term starting with it. */
interface MatchToken {
  text: string;
  prefix: boolean;
}

/** Any of its tokens matches. */
type MatchTerm = MatchToken[];
/** All of its terms match. */
type MatchAlternative = MatchTerm[];
/** One of its alternatives matches. */
type MatchPart = MatchAlternative[];

const ASCII_TOKEN = /^[a-z0-9]+$/;

/**
 * The distinct `length`-character beginnings of the terms longer than `prefix` that start with it, walked
 * through a sorted vocabulary by `termAfter(text, inclusive)`: its first term after `text` (or at it). One
 * read per beginning, not per term: a letter starts tens of thousands of terms but a few beginnings.
 */
export function termBeginnings(
  prefix: string,
  length: number,
  termAfter: (text: string, inclusive: boolean) => string | undefined,
): string[] {
  const found: string[] = [];
  let term = termAfter(prefix, true);
  while (term?.startsWith(prefix)) {
    const characters = [...term];
    if (characters.length < length) {
      term = termAfter(term, false);
      continue;
    }
    const beginning = characters.slice(0, length).join('');
    found.push(beginning);
    // Past every term with this beginning: a jump past the highest character, then a step over any term
    // that an order of UTF-16 units sorts after the jump.
    term = termAfter(`${beginning}\u{10FFFF}`, false);
    while (term?.startsWith(beginning)) term = termAfter(term, false);
  }
  return found;
}

/** The index's own vocabulary, where the query has it: each left out where it does not. */
export interface IndexVocabulary {
  expand?: PrefixExpander;
  known?: TermKnown;
  widen?: PrefixWidener;
}

function matchTerm(term: QueryTerm, { expand, known, widen }: IndexVocabulary) {
  const tokens: MatchTerm = [];
  const add = (text: string, prefix: boolean) => {
    if (tokens.some((token) => token.text === text && token.prefix === prefix)) return;
    // A term the index lacks matches nothing: left out, the full-text query merges one doclist less.
    if (known && ASCII_TOKEN.test(text) && !known(text, prefix)) return;
    tokens.push({ text, prefix });
  };
  for (const token of term.tokens) {
    if (!term.prefix) add(token, false);
    else if (widen && [...token].length < INDEXED_PREFIX_MIN) {
      add(token, false);
      for (const beginning of widen(token)) add(beginning, true);
    } else if (!expand || token.length <= INDEXED_PREFIX_MAX) add(token, true);
    else {
      const terms = expand(token);
      if (terms === undefined) add(token, true);
      else for (const expanded of terms) add(expanded, false);
    }
  }
  return tokens;
}

/** Every size with a term `token` stands for has one `other` stands for. */
const tokenImplies = (token: MatchToken, other: MatchToken) =>
  other.prefix ? token.text.startsWith(other.text) : !token.prefix && token.text === other.text;

/** Every size matching `term` matches `other`: each of its tokens implies one of other's. */
const termImplies = (term: MatchTerm, other: MatchTerm) =>
  term.every((token) => other.some((otherToken) => tokenImplies(token, otherToken)));

/** All of `alternative`'s terms matching implies all of `other`'s do. */
const alternativeImplies = (alternative: MatchAlternative, other: MatchAlternative) =>
  other.every((otherTerm) => alternative.some((term) => termImplies(term, otherTerm)));

/** Every size matching `part` matches `other`. */
const partImplies = (part: MatchPart, other: MatchPart) =>
  part.every((alternative) =>
    other.some((otherAlternative) => alternativeImplies(alternative, otherAlternative)),
  );

const quoted = (token: MatchToken) => `"${token.text}"${token.prefix ? '*' : ''}`;

function termText(term: MatchTerm): string {
  return term.length === 1 ? quoted(term[0]!) : `(${term.map(quoted).join(' OR ')})`;
}

function alternativeText(alternative: MatchAlternative): string {
  const terms = alternative.map(termText);
  return terms.length === 1 ? terms[0]! : `(${terms.join(' AND ')})`;
}

/**
 * The FTS5 MATCH expression of a read query: every part must match, a part through any of its
 * alternatives. Undefined when the query has no words (browse) or when a part can match nothing.
 *
 * The same sizes, fewer doclists to merge: a part that another part implies is left out (`50x50x5`
 * typed: `"50"` already has `"5"*`; `100x100` is one `"100"`), and with `known`, so are terms the index
 * lacks (`"200d0"`). FTS5 walks every doclist of an AND side by side up to the 5,001st match, so each
 * one left out is a doclist of up to hundreds of thousands of sizes not read (docs/catalog.md, "What a
 * search costs").
 */
export function matchExpression(query: SteelQuery, vocabulary: IndexVocabulary = {}): string | undefined {
  if (query.parts.length === 0) return undefined;
  const parts: MatchPart[] = [];
  for (const part of query.parts) {
    const alternatives: MatchPart = [];
    for (const alternative of part.alternatives) {
      const terms = alternative.map((term) => matchTerm(term, vocabulary));
      if (terms.some((term) => term.length === 0)) continue;
      alternatives.push(terms);
    }
    if (alternatives.length === 0) return undefined;
    parts.push(alternatives);
  }
  // A part implied by another is left out; of parts implying each other (the same), the first is kept.
  const kept = parts.filter(
    (part, index) =>
      !parts.some(
        (other, otherIndex) =>
          otherIndex !== index &&
          partImplies(other, part) &&
          (otherIndex < index || !partImplies(part, other)),
      ),
  );
  const texts = kept.map((part) => {
    const alternatives = part.map(alternativeText);
    return alternatives.length === 1 ? alternatives[0]! : `(${alternatives.join(' OR ')})`;
  });
  // Explicit AND: FTS5 does not take an implicit AND after a parenthesized group.
  return texts.join(' AND ');
}

export interface ParsedQuery extends SteelQuery {
  /** FTS5 MATCH expression without vocabulary lookups, or undefined when the query has no words. */
  match: string | undefined;
}

export function parseSearchQuery(query: string): ParsedQuery {
  const read = readSteelQuery(query);
  return { ...read, match: matchExpression(read) };
}
