import type {
  CatalogPageDefinition,
  CatalogPropertyDefinition,
  CatalogRow,
  CatalogValue,
} from './catalog-generator.ts';
import { HostError } from './odata-errors.ts';

/**
 * The query options a catalog page understands: $select, a $filter subset (eq, ne, and, or and
 * parentheses over the page's properties) and the $skiptoken of a next link. Any other system query
 * option is refused rather than silently ignored, so a client never believes it was honoured.
 */
export interface CatalogQuery {
  /** Selected properties in page order; all properties when $select is absent. */
  properties: readonly CatalogPropertyDefinition[];
  filter: ((row: CatalogRow) => boolean) | undefined;
  /** Key values of the last row of the previous page. */
  skipToken: string[] | undefined;
  /** $select and $filter as received, carried into the next link. */
  selectText: string | undefined;
  filterText: string | undefined;
  /**
   * The key values a filter of only `eq` comparisons joined by `and` fixes (`ItemNo eq 'X' and Code eq
   * 'Y'`), in key order, when it fixes every key property: the one row is then found by its key, as
   * the host finds it by its primary key instead of reading the table.
   */
  keyValues: string[] | undefined;
}

function queryError(message: string): HostError {
  return new HostError(400, 'BadRequest_NotFound', message);
}

const edmTypes = { string: 'Edm.String', number: 'Edm.Decimal', boolean: 'Edm.Boolean' } as const;

function unknownProperty(definition: CatalogPageDefinition, name: string): HostError {
  return queryError(`Could not find a property named '${name}' on type 'NAV.${definition.name}'.`);
}

type Token =
  | { kind: 'string'; value: string; position: number }
  | { kind: 'number'; value: number; position: number }
  | { kind: 'word'; value: string; position: number }
  | { kind: 'open' | 'close' | 'comma'; position: number };

function tokenize(text: string, optionName: string): Token[] {
  const tokens: Token[] = [];
  let position = 0;
  while (position < text.length) {
    const character = text[position] as string;
    if (/\s/.test(character)) {
      position++;
    } else if (character === '(' || character === ')' || character === ',') {
      tokens.push({ kind: character === '(' ? 'open' : character === ')' ? 'close' : 'comma', position });
      position++;
    } else if (character === "'") {
      // OData string literal: a quote inside is written as two quotes.
      let value = '';
      let cursor = position + 1;
      for (;;) {
        if (cursor >= text.length)
          throw queryError(`Unterminated string literal at position ${position} in '${text}'.`);
        if (text[cursor] === "'") {
          if (text[cursor + 1] === "'") {
            value += "'";
            cursor += 2;
            continue;
          }
          break;
        }
        value += text[cursor];
        cursor++;
      }
      tokens.push({ kind: 'string', value, position });
      position = cursor + 1;
    } else {
      const match = /^(-?\d+(?:\.\d+)?(?![\w.])|[A-Za-z_][A-Za-z0-9_]*)/.exec(text.slice(position));
      if (!match?.[0]) throw queryError(`Syntax error at position ${position} in ${optionName} '${text}'.`);
      const word = match[0];
      tokens.push(
        /^-?\d/.test(word)
          ? { kind: 'number', value: Number(word), position }
          : { kind: 'word', value: word, position },
      );
      position += word.length;
    }
  }
  return tokens;
}

type Predicate = (row: CatalogRow) => boolean;

interface ParsedFilter {
  predicate: Predicate;
  /** Property → value of each `eq`, when the filter is nothing but `eq`s joined by `and`. */
  equalities: Map<string, CatalogValue> | undefined;
}

function parseFilter(definition: CatalogPageDefinition, text: string): ParsedFilter {
  const tokens = tokenize(text, '$filter');
  let cursor = 0;
  let equalities: Map<string, CatalogValue> | undefined = new Map();
  const peek = (): Token | undefined => tokens[cursor];
  const syntaxError = (token: Token | undefined): HostError =>
    queryError(`Syntax error at position ${token ? token.position : text.length} in $filter '${text}'.`);

  function parseOr(): Predicate {
    let left = parseAnd();
    for (let token = peek(); token?.kind === 'word' && token.value === 'or'; token = peek()) {
      cursor++;
      equalities = undefined;
      const right = parseAnd();
      const previous = left;
      left = (row) => previous(row) || right(row);
    }
    return left;
  }

  function parseAnd(): Predicate {
    let left = parsePrimary();
    for (let token = peek(); token?.kind === 'word' && token.value === 'and'; token = peek()) {
      cursor++;
      const right = parsePrimary();
      const previous = left;
      left = (row) => previous(row) && right(row);
    }
    return left;
  }

  function parsePrimary(): Predicate {
    const token = peek();
    if (token?.kind === 'open') {
      cursor++;
      equalities = undefined;
      const inner = parseOr();
      if (peek()?.kind !== 'close') throw syntaxError(peek());
      cursor++;
      return inner;
    }
    return parseComparison();
  }

  function parseComparison(): Predicate {
    const propertyToken = peek();
    if (propertyToken?.kind !== 'word') throw syntaxError(propertyToken);
    cursor++;
    const operator = peek();
    if (propertyToken.value === 'not' || peek()?.kind === 'open') {
      throw queryError(
        `The emulator supports only eq, ne, and, or and parentheses in $filter; '${propertyToken.value}' is not supported.`,
      );
    }
    const property = definition.properties.find((candidate) => candidate.name === propertyToken.value);
    if (!property) throw unknownProperty(definition, propertyToken.value);
    if (operator?.kind !== 'word') throw syntaxError(operator);
    if (operator.value !== 'eq' && operator.value !== 'ne') {
      throw queryError(
        `The emulator supports only eq, ne, and, or and parentheses in $filter; '${operator.value}' is not supported.`,
      );
    }
    cursor++;
    const literal = peek();
    cursor++;
    let value: CatalogValue;
    let literalType: keyof typeof edmTypes;
    if (literal?.kind === 'string') {
      value = literal.value;
      literalType = 'string';
    } else if (literal?.kind === 'number') {
      value = literal.value;
      literalType = 'number';
    } else if (literal?.kind === 'word' && (literal.value === 'true' || literal.value === 'false')) {
      value = literal.value === 'true';
      literalType = 'boolean';
    } else {
      throw syntaxError(literal);
    }
    if (literalType !== property.type) {
      throw queryError(
        `A binary operator with incompatible types was detected. Found operand types '${edmTypes[property.type]}' and '${edmTypes[literalType]}' for operator kind '${operator.value === 'eq' ? 'Equal' : 'NotEqual'}'.`,
      );
    }
    const name = property.name;
    if (operator.value === 'eq' && !equalities?.has(name)) equalities?.set(name, value);
    else equalities = undefined;
    // String comparison is exact and case-sensitive, as the host's filters on Code and Text fields are.
    return operator.value === 'eq' ? (row) => row[name] === value : (row) => row[name] !== value;
  }

  const predicate = parseOr();
  if (cursor < tokens.length) throw syntaxError(peek());
  return { predicate, equalities };
}

function parseSelect(definition: CatalogPageDefinition, text: string): CatalogPropertyDefinition[] {
  const names = text.split(',').map((name) => name.trim());
  if (names.includes('*')) return [...definition.properties];
  for (const name of names) {
    if (!definition.properties.some((candidate) => candidate.name === name))
      throw unknownProperty(definition, name);
  }
  return definition.properties.filter((candidate) => names.includes(candidate.name));
}

function parseSkipToken(definition: CatalogPageDefinition, text: string): string[] {
  const invalid = queryError(`The skip token '${text}' is not valid.`);
  let tokens: Token[];
  try {
    tokens = tokenize(text, '$skiptoken');
  } catch {
    throw invalid;
  }
  const values: string[] = [];
  tokens.forEach((token, index) => {
    const expectComma = index % 2 === 1;
    if (expectComma ? token.kind !== 'comma' : token.kind !== 'string') throw invalid;
    if (token.kind === 'string') values.push(token.value);
  });
  if (values.length !== definition.keyProperties.length || tokens.length !== values.length * 2 - 1)
    throw invalid;
  return values;
}

/** OData literal of key values, quotes doubled: the skip token of the next link. */
export function formatSkipToken(keyValues: readonly string[]): string {
  return keyValues.map((value) => `'${value.replaceAll("'", "''")}'`).join(',');
}

const supportedOptions = new Set(['$select', '$filter', '$skiptoken']);

export function parseCatalogQuery(
  definition: CatalogPageDefinition,
  searchParams: URLSearchParams,
): CatalogQuery {
  const seen = new Set<string>();
  for (const name of searchParams.keys()) {
    if (!name.startsWith('$')) continue;
    if (!supportedOptions.has(name)) {
      throw new HostError(
        400,
        'BadRequest_NotSupported',
        `The query option '${name}' is not supported by the emulator.`,
      );
    }
    if (seen.has(name))
      throw queryError(
        `Query option '${name}' was specified more than once, but it must be specified at most once.`,
      );
    seen.add(name);
  }
  const selectText = searchParams.get('$select') ?? undefined;
  const filterText = searchParams.get('$filter') ?? undefined;
  const skipTokenText = searchParams.get('$skiptoken') ?? undefined;
  const filter =
    filterText === undefined || filterText.trim() === '' ? undefined : parseFilter(definition, filterText);
  const equalities = filter?.equalities;
  const keyValues =
    equalities && definition.keyProperties.every((name) => equalities.has(name))
      ? definition.keyProperties.map((name) => String(equalities.get(name)))
      : undefined;
  return {
    properties: selectText === undefined ? definition.properties : parseSelect(definition, selectText),
    filter: filter?.predicate,
    skipToken: skipTokenText === undefined ? undefined : parseSkipToken(definition, skipTokenText),
    selectText,
    filterText,
    keyValues,
  };
}
