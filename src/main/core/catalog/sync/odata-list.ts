// An OData list answer ({ "value": [ … ], "@odata.nextLink": "…" }) read a batch of records at a time.
// One JSON.parse of a 20,000-record page builds every record at once and doubles the page in memory;
// here the page's bytes are scanned once for record boundaries and each batch is decoded and parsed when
// it is written, so only the page's bytes and one batch of records are alive together. The bytes are
// scanned as they came, not as a text: a byte loop is two to three times as fast as one over the decoded
// text, and UTF-8 never uses the bytes of JSON's structural characters inside a multi-byte character.

export class ODataListError extends Error {
  override name = 'ODataListError';
}

export interface ODataList {
  /** The next page, or undefined on the last one. */
  nextLink: string | undefined;
  count: number;
  /** Records in order, `size` at a time; records that are not objects are skipped. */
  batches(size: number): Generator<Record<string, unknown>[]>;
  /**
   * Frees the page's bytes at once; the list is unreadable after. Left to the garbage collector, a page
   * written over several transactions has outlived the young generation, and its bytes waited for the
   * next full collection: 20 to 40 MB of written pages were still held at a sync's peak.
   */
  release(): void;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const COMMA = 0x2c;
const COLON = 0x3a;
const SPACE = 0x20;
/** UTF-8's byte order mark, which a decoder drops: a page may start with it. */
const BYTE_ORDER_MARK = [0xef, 0xbb, 0xbf];

const utf8 = new TextDecoder();

/** Index just past the string that starts at `start` (a quote). */
function endOfString(bytes: Uint8Array, start: number): number {
  for (let index = start + 1; index < bytes.length; index++) {
    const code = bytes[index];
    if (code === BACKSLASH) index++;
    else if (code === QUOTE) return index + 1;
  }
  throw new ODataListError('The answer ends inside a string.');
}

function skipSpace(bytes: Uint8Array, index: number): number {
  while (index < bytes.length && (bytes[index] as number) <= SPACE) index++;
  return index;
}

/** Index just past the JSON value that starts at or after `start` (whitespace skipped). */
function endOfValue(bytes: Uint8Array, start: number): number {
  let index = skipSpace(bytes, start);
  const first = bytes[index];
  if (first === QUOTE) return endOfString(bytes, index);
  if (first === OPEN_BRACE || first === OPEN_BRACKET) {
    let depth = 0;
    for (; index < bytes.length; index++) {
      const code = bytes[index];
      if (code === QUOTE) index = endOfString(bytes, index) - 1;
      else if (code === OPEN_BRACE || code === OPEN_BRACKET) depth++;
      else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
        depth--;
        if (depth === 0) return index + 1;
      }
    }
    throw new ODataListError('The answer ends inside an object or array.');
  }
  // number, true, false, null
  while (index < bytes.length) {
    const code = bytes[index] as number;
    if (code === COMMA || code === CLOSE_BRACE || code === CLOSE_BRACKET || code <= SPACE) break;
    index++;
  }
  return index;
}

/** The JSON value between two indexes, decoded and parsed. */
const parsed = (bytes: Uint8Array, start: number, end: number): unknown =>
  JSON.parse(utf8.decode(bytes.subarray(start, end)));

/**
 * A record longer than this is read field by field (`shallowRecord`) instead of with JSON.parse. A record
 * of the contract's properties is well under a kilobyte; a hostile host's 5 MB field, or an array nested
 * millions deep (JSON.parse builds every level: about 250 MB for 2.5 million), is not parsed whole.
 */
export const RECORD_PARSED_WHOLE_MAX_BYTES = 16 * 1024;
/** Of a field of an oversized record, no more than this is decoded: far above any length the contract names. */
export const OVERSIZED_FIELD_KEPT_BYTES = 4 * 1024;

/** Index where a string's contents may be cut at or before `cut` without splitting an escape or a character. */
function safeCut(bytes: Uint8Array, contentStart: number, cut: number): number {
  // Back off to the start of a UTF-8 character (continuation bytes are 10xxxxxx).
  while (cut > contentStart && ((bytes[cut] as number) & 0xc0) === 0x80) cut--;
  // An escape (\n, \uXXXX) that would run past the cut is left out whole.
  for (let at = cut - 1; at >= Math.max(contentStart, cut - 6); at--) {
    if (bytes[at] !== BACKSLASH) continue;
    let run = 1;
    while (at - run >= contentStart && bytes[at - run] === BACKSLASH) run++;
    if (run % 2 === 0) break; // an escaped backslash ends before the cut
    const length = bytes[at + 1] === 0x75 /* u */ ? 6 : 2;
    if (at + length > cut) cut = at;
    break;
  }
  return cut;
}

/**
 * An oversized record's top-level fields: strings cut to OVERSIZED_FIELD_KEPT_BYTES, objects and arrays
 * (which no contract property is) read as null, numbers and literals as they are. Memory stays within the
 * record's own bytes, whatever its depth or length.
 */
function shallowRecord(bytes: Uint8Array, start: number, end: number): unknown {
  let index = skipSpace(bytes, start);
  if (bytes[index] !== OPEN_BRACE) return null;
  index++;
  const fields: string[] = [];
  for (;;) {
    index = skipSpace(bytes, index);
    const code = bytes[index];
    if (index >= end || code === CLOSE_BRACE) break;
    if (code === COMMA) {
      index++;
      continue;
    }
    if (code !== QUOTE) throw new ODataListError('A record in the list is not JSON: a name is not a string.');
    const keyEnd = endOfString(bytes, index);
    const key = utf8.decode(bytes.subarray(index, keyEnd));
    index = skipSpace(bytes, keyEnd);
    if (bytes[index] !== COLON)
      throw new ODataListError(`A record in the list is not JSON: no value of ${key}.`);
    const valueStart = skipSpace(bytes, index + 1);
    const valueEnd = endOfValue(bytes, valueStart);
    const first = bytes[valueStart];
    let value: string;
    if (first === OPEN_BRACE || first === OPEN_BRACKET) value = 'null';
    else if (first === QUOTE && valueEnd - valueStart > OVERSIZED_FIELD_KEPT_BYTES + 2) {
      const cut = safeCut(bytes, valueStart + 1, valueStart + 1 + OVERSIZED_FIELD_KEPT_BYTES);
      value = `"${utf8.decode(bytes.subarray(valueStart + 1, cut))}"`;
    } else value = utf8.decode(bytes.subarray(valueStart, valueEnd));
    fields.push(`${key}:${value}`);
    index = valueEnd;
  }
  return JSON.parse(`{${fields.join(',')}}`);
}

/** Where a page's records are in its bytes: what the receiving thread hands on with the bytes. */
export interface ODataListBounds {
  nextLink: string | undefined;
  /** Each record's first byte and the byte after its last, in order. */
  starts: Uint32Array<ArrayBuffer>;
  ends: Uint32Array<ArrayBuffer>;
}

/** A page's records read from its bytes and the bounds scanODataList found in them. */
export function odataList(bytes: Uint8Array, { nextLink, starts, ends }: ODataListBounds): ODataList {
  return {
    nextLink,
    count: starts.length,
    *batches(size) {
      for (let first = 0; first < starts.length; first += size) {
        const last = Math.min(starts.length, first + size) - 1;
        let records: unknown[];
        try {
          records = readBatch(bytes, starts, ends, first, last);
        } catch (error) {
          // The scan checks the list's outline only; a record's own JSON is checked here.
          if (!(error instanceof SyntaxError)) throw error;
          throw new ODataListError(`A record in the list is not JSON: ${error.message}`);
        }
        yield records.filter(
          (record): record is Record<string, unknown> => typeof record === 'object' && record !== null,
        );
      }
    },
    release() {
      for (const buffer of [bytes.buffer, starts.buffer, ends.buffer])
        if (buffer instanceof ArrayBuffer && !buffer.detached) buffer.transfer(0);
    },
  };
}

/** Records `first` to `last` of a page: consecutive ones parsed as one array, oversized ones alone. */
function readBatch(
  bytes: Uint8Array,
  starts: Uint32Array,
  ends: Uint32Array,
  first: number,
  last: number,
): unknown[] {
  const records: unknown[] = [];
  let runStart = first;
  const flush = (upTo: number) => {
    if (upTo < runStart) return;
    const text = utf8.decode(bytes.subarray(starts[runStart], ends[upTo]));
    for (const record of JSON.parse(`[${text}]`) as unknown[]) records.push(record);
  };
  for (let at = first; at <= last; at++) {
    if ((ends[at] as number) - (starts[at] as number) <= RECORD_PARSED_WHOLE_MAX_BYTES) continue;
    flush(at - 1);
    records.push(shallowRecord(bytes, starts[at] as number, ends[at] as number));
    runStart = at + 1;
  }
  flush(last);
  return records;
}

/**
 * A page's bytes in a buffer of their own, to be transferred to another thread: transferring a view's
 * buffer moves all of it, and a small Buffer is a view into a pool that other Buffers share.
 */
export function ownedBytes(bytes: Uint8Array<ArrayBuffer>): Uint8Array<ArrayBuffer> {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : bytes.slice();
}

/** Scans a page's bytes for its records' bounds and its next link. */
export function scanODataList(bytes: Uint8Array): ODataListBounds {
  const bom = BYTE_ORDER_MARK.every((code, at) => bytes[at] === code);
  let index = skipSpace(bytes, bom ? BYTE_ORDER_MARK.length : 0);
  if (bytes[index] !== OPEN_BRACE) throw new ODataListError('The answer is not a JSON object.');
  index++;
  let nextLink: string | undefined;
  const starts: number[] = [];
  const ends: number[] = [];
  let sawValue = false;
  for (;;) {
    index = skipSpace(bytes, index);
    const code = bytes[index];
    if (code === CLOSE_BRACE) break;
    if (code === COMMA) {
      index++;
      continue;
    }
    if (code !== QUOTE) throw new ODataListError('The answer is not valid JSON.');
    const keyEnd = endOfString(bytes, index);
    const key = parsed(bytes, index, keyEnd) as string;
    index = skipSpace(bytes, keyEnd);
    if (bytes[index] !== COLON) throw new ODataListError('The answer is not valid JSON.');
    index = skipSpace(bytes, index + 1);
    if (key === 'value') {
      if (bytes[index] !== OPEN_BRACKET) throw new ODataListError('value is not a list.');
      sawValue = true;
      index++;
      for (;;) {
        index = skipSpace(bytes, index);
        const next = bytes[index];
        if (next === CLOSE_BRACKET) {
          index++;
          break;
        }
        if (next === COMMA) {
          index++;
          continue;
        }
        if (next === undefined) throw new ODataListError('The answer ends inside the list.');
        const end = endOfValue(bytes, index);
        if (next === OPEN_BRACE) {
          starts.push(index);
          ends.push(end);
        }
        index = end;
      }
    } else {
      const end = endOfValue(bytes, index);
      if (key === '@odata.nextLink') {
        const value = parsed(bytes, index, end);
        if (typeof value === 'string' && value) nextLink = value;
      }
      index = end;
    }
  }
  if (!sawValue) throw new ODataListError('The answer has no list of records (value).');
  return { nextLink, starts: Uint32Array.from(starts), ends: Uint32Array.from(ends) };
}
