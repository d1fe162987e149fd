// What goes into the full-text index for a size, and how a typed query becomes an FTS5 expression. Both
// sides pass through the same normalization, so "10x1500", "1,5" and "S355J2+N" are found as typed.

/** Decimal commas and points join the digits ("1,5" and "1.5" are one token); "10x1500" is two numbers. */
export function normalizeSearchText(text: string): string {
  return text
    .toLowerCase()
    .replace(/(\d)\s*[x×*]\s*(?=\d)/g, '$1 ')
    .replace(/(\d)[.,](?=\d)/g, '$1d');
}

/** Letters and digits, as FTS5's unicode61 tokenizer splits them. */
const TOKEN = /[\p{L}\p{N}]+/gu;

export function searchTokens(text: string): string[] {
  return normalizeSearchText(text).match(TOKEN) ?? [];
}

/** A dimension in millimetres as it is indexed and typed: 6000, 1d5. */
export function dimensionToken(value: number): string {
  if (!Number.isFinite(value) || value <= 0) return '';
  return normalizeSearchText(String(Math.round(value * 1000) / 1000));
}

export interface QueryTerm {
  token: string;
  prefix: boolean;
}

/** Prefix lengths the full-text index keeps; a longer prefix is looked up in the index's vocabulary. */
export const INDEXED_PREFIX_MAX = 4;

export function termExpression(term: QueryTerm): string {
  return term.prefix ? `"${term.token}"*` : `"${term.token}"`;
}

export interface ParsedQuery {
  /** FTS5 MATCH expression, or undefined when the query has no words (browse). */
  match: string | undefined;
  terms: QueryTerm[];
  tokens: string[];
  /** The whole query as a code: for exact item numbers and codes. */
  exact: string;
}

/**
 * Words match as prefixes (people type the start of "gelijkzijdig"); a number matches exactly once it is
 * complete, so "HEA 200 6000" does not find 20000 mm lengths. The last token matches as a prefix while
 * it is being typed (no space after it yet), so the list narrows with each key.
 */
export function parseSearchQuery(query: string): ParsedQuery {
  const tokens = searchTokens(query);
  const stillTyping = !/\s$/.test(query);
  const terms = tokens.map((token, index): QueryTerm => {
    const last = index === tokens.length - 1;
    const numeric = /^\d+(d\d+)?$/.test(token);
    return { token, prefix: !(numeric && !(last && stillTyping)) };
  });
  return {
    match: terms.length ? terms.map(termExpression).join(' ') : undefined,
    terms,
    tokens,
    exact: query.trim().toUpperCase(),
  };
}
