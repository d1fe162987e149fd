// An OData list answer ({ "value": [ … ], "@odata.nextLink": "…" }) read a batch of records at a time.
// One JSON.parse of a 20,000-record page builds every record at once and doubles the page in memory;
// here the text is scanned once for record boundaries and each batch is parsed when it is written, so
// only the page's text and one batch of records are alive together.

export class ODataListError extends Error {
  override name = 'ODataListError';
}

export interface ODataList {
  /** The next page, or undefined on the last one. */
  nextLink: string | undefined;
  count: number;
  /** Records in order, `size` at a time; records that are not objects are skipped. */
  batches(size: number): Generator<Record<string, unknown>[]>;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const COMMA = 0x2c;
const COLON = 0x3a;

/** Index just past the string that starts at `start` (a quote). */
function endOfString(text: string, start: number): number {
  for (let index = start + 1; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === BACKSLASH) index++;
    else if (code === QUOTE) return index + 1;
  }
  throw new ODataListError('The answer ends inside a string.');
}

/** Index just past the JSON value that starts at or after `start` (whitespace skipped). */
function endOfValue(text: string, start: number): number {
  let index = start;
  while (index < text.length && text.charCodeAt(index) <= 0x20) index++;
  const first = text.charCodeAt(index);
  if (first === QUOTE) return endOfString(text, index);
  if (first === OPEN_BRACE || first === OPEN_BRACKET) {
    let depth = 0;
    for (; index < text.length; index++) {
      const code = text.charCodeAt(index);
      if (code === QUOTE) index = endOfString(text, index) - 1;
      else if (code === OPEN_BRACE || code === OPEN_BRACKET) depth++;
      else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
        depth--;
        if (depth === 0) return index + 1;
      }
    }
    throw new ODataListError('The answer ends inside an object or array.');
  }
  // number, true, false, null
  while (index < text.length) {
    const code = text.charCodeAt(index);
    if (code === COMMA || code === CLOSE_BRACE || code === CLOSE_BRACKET || code <= 0x20) break;
    index++;
  }
  return index;
}

function skipSpace(text: string, index: number): number {
  while (index < text.length && text.charCodeAt(index) <= 0x20) index++;
  return index;
}

export function readODataList(text: string): ODataList {
  let index = skipSpace(text, 0);
  if (text.charCodeAt(index) !== OPEN_BRACE) throw new ODataListError('The answer is not a JSON object.');
  index++;
  let nextLink: string | undefined;
  const starts: number[] = [];
  const ends: number[] = [];
  let sawValue = false;
  for (;;) {
    index = skipSpace(text, index);
    const code = text.charCodeAt(index);
    if (code === CLOSE_BRACE) break;
    if (code === COMMA) {
      index++;
      continue;
    }
    if (code !== QUOTE) throw new ODataListError('The answer is not valid JSON.');
    const keyEnd = endOfString(text, index);
    const key = JSON.parse(text.slice(index, keyEnd)) as string;
    index = skipSpace(text, keyEnd);
    if (text.charCodeAt(index) !== COLON) throw new ODataListError('The answer is not valid JSON.');
    index = skipSpace(text, index + 1);
    if (key === 'value') {
      if (text.charCodeAt(index) !== OPEN_BRACKET) throw new ODataListError('value is not a list.');
      sawValue = true;
      index++;
      for (;;) {
        index = skipSpace(text, index);
        const next = text.charCodeAt(index);
        if (next === CLOSE_BRACKET) {
          index++;
          break;
        }
        if (next === COMMA) {
          index++;
          continue;
        }
        if (Number.isNaN(next)) throw new ODataListError('The answer ends inside the list.');
        const end = endOfValue(text, index);
        if (next === OPEN_BRACE) {
          starts.push(index);
          ends.push(end);
        }
        index = end;
      }
    } else {
      const end = endOfValue(text, index);
      if (key === '@odata.nextLink') {
        const value: unknown = JSON.parse(text.slice(index, end));
        if (typeof value === 'string' && value) nextLink = value;
      }
      index = end;
    }
  }
  if (!sawValue) throw new ODataListError('The answer has no list of records (value).');
  return {
    nextLink,
    count: starts.length,
    *batches(size) {
      for (let first = 0; first < starts.length; first += size) {
        const last = Math.min(starts.length, first + size) - 1;
        // Records of a batch are consecutive in the text: parse them as one array.
        const records = JSON.parse(`[${text.slice(starts[first], ends[last])}]`) as unknown[];
        yield records.filter(
          (record): record is Record<string, unknown> => typeof record === 'object' && record !== null,
        );
      }
    },
  };
}
