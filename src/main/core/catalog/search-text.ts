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

/** Prefix lengths the full-text index keeps; a longer prefix is looked up in the index's vocabulary. */
export const INDEXED_PREFIX_MAX = 4;

/**
 * The exact index terms a long prefix stands for, or undefined to search it as a prefix after all (too
 * many terms); an empty list when no term starts so.
 */
export type PrefixExpander = (prefix: string) => string[] | undefined;

const quoted = (token: string) => `"${token}"`;

function termExpression(term: QueryTerm, expand: PrefixExpander | undefined): string | undefined {
  const choices: string[] = [];
  for (const token of term.tokens) {
    if (!term.prefix) choices.push(quoted(token));
    else if (!expand || token.length <= INDEXED_PREFIX_MAX) choices.push(`${quoted(token)}*`);
    else {
      const terms = expand(token);
      if (terms === undefined) choices.push(`${quoted(token)}*`);
      else choices.push(...terms.map(quoted));
    }
  }
  if (choices.length === 0) return undefined;
  return choices.length === 1 ? choices[0] : `(${choices.join(' OR ')})`;
}

/**
 * The FTS5 MATCH expression of a read query: every part must match, a part through any of its
 * alternatives. Undefined when the query has no words (browse) or when a part can match nothing.
 */
export function matchExpression(query: SteelQuery, expand?: PrefixExpander): string | undefined {
  if (query.parts.length === 0) return undefined;
  const parts: string[] = [];
  for (const part of query.parts) {
    const alternatives: string[] = [];
    for (const alternative of part.alternatives) {
      const terms = alternative.map((term) => termExpression(term, expand));
      if (terms.some((term) => term === undefined)) continue;
      alternatives.push(terms.length === 1 ? terms[0]! : `(${terms.join(' AND ')})`);
    }
    if (alternatives.length === 0) return undefined;
    parts.push(alternatives.length === 1 ? alternatives[0]! : `(${alternatives.join(' OR ')})`);
  }
  // Explicit AND: FTS5 does not take an implicit AND after a parenthesized group.
  return parts.join(' AND ');
}

export interface ParsedQuery extends SteelQuery {
  /** FTS5 MATCH expression without vocabulary lookups, or undefined when the query has no words. */
  match: string | undefined;
}

export function parseSearchQuery(query: string): ParsedQuery {
  const read = readSteelQuery(query);
  return { ...read, match: matchExpression(read) };
}
