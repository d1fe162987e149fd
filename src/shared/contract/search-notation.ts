// How steel is written, read the same way for the catalog's index and for what a person types: `HEA200`,
// `HEA 200` and `hea-200`; `10mm`, `10 mm` and `10`; `100x100x5`, `100 x 100 x 5` and `100*100*5`;
// `2,0` and `2`; English and Dutch shape words. Pure: the index (main) and the renderer share it.

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

const NUMBER = /^\d+(?:d\d+)?$/;

export function isNumberToken(token: string): boolean {
  return NUMBER.test(token);
}

/** One spelling per value: "2d0" is "2", "2d50" is "2d5" (descriptions write "2,0", people type "2"). */
export function canonicalNumber(token: string): string {
  const [whole, fraction = ''] = token.split('d');
  const trimmed = fraction.replace(/0+$/, '');
  return trimmed ? `${whole}d${trimmed}` : (whole ?? token);
}

/** Units people add after a size; the catalog's numbers are millimetres, and "6 m" lengths are words. */
export const SIZE_UNITS = ['mm', 'cm', 'm', 'mtr', 'meter', 'kg'] as const;

/**
 * Shape and treatment words a counter uses in either language, and the Dutch words the catalog's
 * descriptions, second descriptions and category names use for them. Any spelling in `words` finds what
 * `index` finds (as prefixes). A treatment named (`galv`, `verzinkt`) also brings its items forward
 * (search-rank.ts): an item's treatment is part of what is sold.
 */
export const SHAPE_WORDS: readonly { words: readonly string[]; index: readonly string[] }[] = [
  { words: ['plaat', 'platen', 'plate', 'plates', 'sheet', 'sheets'], index: ['plaat'] },
  {
    words: ['koker', 'kokers', 'kokerprofiel', 'kokerprofielen', 'tube', 'tubes', 'rhs', 'shs'],
    index: ['koker'],
  },
  { words: ['buis', 'buizen', 'pijp', 'pijpen', 'pipe', 'pipes'], index: ['buis', 'buizen'] },
  { words: ['hoekstaal', 'hoeklijn', 'hoeklijnen', 'angle', 'angles'], index: ['hoekstaal'] },
  { words: ['balk', 'balken', 'beam', 'beams'], index: ['balk'] },
  { words: ['strip', 'strips', 'flat', 'flats', 'platstaal'], index: ['platstaal', 'strip'] },
  {
    words: ['verzinkt', 'gegalvaniseerd', 'galv', 'galvanised', 'galvanized', 'zinc'],
    index: ['verzinkt'],
  },
  { words: ['gestraald', 'gegrond', 'blasted', 'primed', 'shotblasted'], index: ['gestraald'] },
  { words: ['gebeitst', 'geolied', 'pickled', 'oiled'], index: ['gebeitst'] },
];

/** Typed prefixes shorter than this are not read as the start of a shape word ("pl" is too vague). */
const SHAPE_PREFIX_MIN = 3;

/** Index tokens any of which matches; with `prefix`, each matches as the start of a token. */
export interface QueryTerm {
  tokens: string[];
  prefix: boolean;
}

/** A number as typed, for ranking: `prefix` while it is still being typed (no space after it yet). */
export interface QueryNumber {
  value: string;
  prefix: boolean;
}

/**
 * One thing the person typed (a word, a number, a designation such as `hea200`). It matches a size when
 * one of its alternatives does; an alternative is a list of terms that must all match.
 */
export interface QueryPart {
  alternatives: QueryTerm[][];
  /** The words in it (lowercase, with the shape words they stand for), matched as prefixes. */
  words: string[];
  /** The number in it, if any. */
  number: QueryNumber | undefined;
  /** Letters run into digits as typed (`hea200`, `s355`, `dc01`): a code, or a designation and size. */
  joined: string | undefined;
  /** A shape word (`plate`, `koker`): it names a kind of product, never a code. */
  shape: boolean;
}

export interface SteelQuery {
  parts: QueryPart[];
  /** Tokens as typed (normalized), for exact item numbers and codes. */
  tokens: string[];
  /** The whole query as a code: for exact item numbers. */
  exact: string;
}

function numberTerm(token: string, prefix: boolean): QueryTerm {
  if (prefix) return { tokens: [token], prefix: true };
  const canonical = canonicalNumber(token);
  const spellings = new Set([token, canonical]);
  if (!canonical.includes('d')) spellings.add(`${canonical}d0`);
  return { tokens: [...spellings], prefix: false };
}

/** The index words of the shape words a word is (or, while it is typed, the start of). */
function shapeIndexWords(word: string, typing: boolean): string[] {
  return SHAPE_WORDS.filter((group) =>
    group.words.some(
      (spelling) =>
        spelling === word || (typing && word.length >= SHAPE_PREFIX_MIN && spelling.startsWith(word)),
    ),
  ).flatMap((group) => group.index);
}

/** A word part: the word itself and, for a shape word, the words the catalog uses for it. */
function wordPart(word: string, typing: boolean): Pick<QueryPart, 'words' | 'shape'> {
  const shapes = shapeIndexWords(word, typing);
  return { words: [...new Set([word, ...shapes])], shape: shapes.length > 0 };
}

const isUnit = (letters: string, typing: boolean) =>
  SIZE_UNITS.some((unit) => unit === letters || (typing && unit.startsWith(letters)));

/**
 * Reads a typed query. Words match as prefixes (people type the start of "gelijkzijdig"); a number
 * matches exactly once it is complete, so "HEA 200 6000 " does not find 20000 mm lengths, and as a
 * prefix while it is being typed (the last token, no space after it yet), so the list narrows with each
 * key. A unit after a number is dropped; letters run into digits are read both as one code and as a
 * designation with a size (`hea200` is `hea 200`, `s355` still finds S355J2).
 */
export function readSteelQuery(query: string): SteelQuery {
  const tokens = searchTokens(query);
  const stillTyping = !/\s$/.test(query);
  const parts: QueryPart[] = [];
  const numberPart = (token: string, prefix: boolean): QueryPart => ({
    alternatives: [[numberTerm(token, prefix)]],
    words: [],
    number: { value: canonicalNumber(token), prefix },
    joined: undefined,
    shape: false,
  });
  tokens.forEach((token, index) => {
    const typing = stillTyping && index === tokens.length - 1;
    if (isNumberToken(token)) {
      parts.push(numberPart(token, typing));
      return;
    }
    // "10 mm", "hea200 mm": a unit after a number is not searched for.
    if (/\d$/.test(tokens[index - 1] ?? '') && isUnit(token, typing)) return;
    const withUnit = /^(\d+(?:d\d+)?)(\p{L}+)$/u.exec(token);
    if (withUnit && isUnit(withUnit[2] ?? '', typing)) {
      parts.push(numberPart(withUnit[1] ?? '', false));
      return;
    }
    const designation = /^(\p{L}+)(\d+(?:d\d+)?)$/u.exec(token);
    if (designation) {
      const letters = wordPart(designation[1] ?? '', false);
      const value = designation[2] ?? '';
      parts.push({
        alternatives: [
          [{ tokens: [token], prefix: true }],
          [{ tokens: letters.words, prefix: true }, numberTerm(value, typing)],
        ],
        ...letters,
        number: { value: canonicalNumber(value), prefix: typing },
        joined: token,
      });
      return;
    }
    const word = wordPart(token, typing);
    parts.push({
      alternatives: [[{ tokens: word.words, prefix: true }]],
      ...word,
      number: undefined,
      joined: undefined,
    });
  });
  return { parts, tokens, exact: query.trim().toUpperCase() };
}
