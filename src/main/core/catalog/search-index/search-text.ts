// What goes into the search index for a size, and what a typed query matches in it (size-terms.ts
// combines the sets). Both sides pass through the same normalization (src/shared/contract/
// search-notation.ts), so "10x1500", "1,5" and "S355J2+N" are found as typed.
import {
  normalizeSearchText,
  readSteelQuery,
  searchTokens,
  type QueryTerm,
  type SteelQuery,
} from '../../../../shared/contract/search-notation.ts';

export { normalizeSearchText, searchTokens };

// ---- index side ---------------------------------------------------------------------------------------

/** A dimension in millimetres as it is indexed and typed: 6000, 1d5. */
export function dimensionToken(value: number): string {
  if (!Number.isFinite(value) || value <= 0) return '';
  return normalizeSearchText(String(Math.round(value * 1000) / 1000));
}

/**
 * A token as the index keeps it: diacritics folded (`é` is `e`), as the FTS5 index before it did with
 * `remove_diacritics`, so a word typed with or without them finds the same sizes.
 */
export function indexTerm(token: string): string {
  return ASCII_ONLY.test(token) ? token : token.normalize('NFD').replace(/\p{M}/gu, '');
}

// eslint-disable-next-line no-control-regex -- ASCII is the range tested
const ASCII_ONLY = /^[\x00-\x7f]*$/;

// ---- query side ---------------------------------------------------------------------------------------

/**
 * The index keeps a row for each beginning of this many characters of its terms (size-terms.ts). A letter
 * or digit being typed is asked as the term itself or any beginning it starts; a longer prefix is looked
 * up among the terms.
 */
export const BEGINNING_LENGTH = 2;

/**
 * The exact index terms a long prefix stands for, or undefined to search it as a prefix after all (too
 * many terms); an empty list when no term starts so.
 */
export type PrefixExpander = (prefix: string) => string[] | undefined;

/**
 * The index's beginnings (BEGINNING_LENGTH characters) that start with a shorter prefix (`h` → `ha`,
 * `he`, `hk`): with the term itself, the same sizes as the prefix.
 */
export type PrefixWidener = (prefix: string) => string[];

/** What the index knows of a term: whether some term is it (or, for a prefix, starts with it). */
export type TermKnown = (token: string, prefix: boolean) => boolean;

/** An index token to match: the term itself, or (prefix) every term starting with it. */
export interface MatchToken {
  text: string;
  prefix: boolean;
}

/** Any of its tokens matches. */
export type MatchTerm = MatchToken[];
/** All of its terms match. */
export type MatchAlternative = MatchTerm[];
/** One of its alternatives matches. */
export type MatchPart = MatchAlternative[];

/** The index's own vocabulary, where the query has it: each left out where it does not. */
export interface IndexVocabulary {
  expand?: PrefixExpander;
  known?: TermKnown;
  widen?: PrefixWidener;
}

function matchTerm(term: QueryTerm, { expand, known, widen }: IndexVocabulary) {
  const tokens: MatchTerm = [];
  const add = (token: string, prefix: boolean) => {
    const text = indexTerm(token);
    if (tokens.some((token) => token.text === text && token.prefix === prefix)) return;
    // A term the index lacks matches nothing: left out, a set less to combine.
    if (known && !known(text, prefix)) return;
    tokens.push({ text, prefix });
  };
  for (const token of term.tokens) {
    if (!term.prefix) add(token, false);
    else if (widen && [...token].length < BEGINNING_LENGTH) {
      add(token, false);
      for (const beginning of widen(token)) add(beginning, true);
    } else if (!expand || [...token].length <= BEGINNING_LENGTH) add(token, true);
    else {
      const terms = expand(indexTerm(token));
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
 * What a read query matches: every part must match, a part through any of its alternatives. Undefined when
 * the query has no words (browse) or when a part can match nothing.
 *
 * The same sizes, fewer sets to combine: a part that another part implies is left out (`50x50x5` typed:
 * `"50"` already has `"5"*`; `100x100` is one `"100"`), and with `known`, so are terms the index lacks
 * (`"200d0"`).
 */
export function matchParts(query: SteelQuery, vocabulary: IndexVocabulary = {}): MatchPart[] | undefined {
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
  return parts.filter(
    (part, index) =>
      !parts.some(
        (other, otherIndex) =>
          otherIndex !== index &&
          partImplies(other, part) &&
          (otherIndex < index || !partImplies(part, other)),
      ),
  );
}

/**
 * The same as an FTS5 MATCH expression: the key a search's result is kept under, and the bench's bare FTS5
 * query over the same terms (its limit).
 */
export function matchExpression(query: SteelQuery, vocabulary: IndexVocabulary = {}): string | undefined {
  const parts = matchParts(query, vocabulary);
  return parts && matchText(parts);
}

/** Parts as an FTS5 MATCH expression. */
export function matchText(parts: readonly MatchPart[]): string {
  const texts = parts.map((part) => {
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
