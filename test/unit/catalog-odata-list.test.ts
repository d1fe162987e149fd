import { MessageChannel, receiveMessageOnPort } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import {
  ODataListError,
  OVERSIZED_FIELD_KEPT_BYTES,
  RECORD_PARSED_WHOLE_MAX_BYTES,
  odataList,
  ownedBytes,
  scanODataList,
  type ODataListBounds,
} from '../../src/main/core/catalog/sync/odata-list.ts';

/** A page's records read from its bytes, as the receiver scans them and the catalog worker reads them. */
const readBytes = (bytes: Uint8Array) => odataList(bytes, scanODataList(bytes));
/** A page as the host sends it: UTF-8 bytes. */
const readODataList = (text: string) => readBytes(new TextEncoder().encode(text));

describe('OData list: records read a batch at a time', () => {
  it('finds every record and the next link, wherever the link stands', () => {
    const text = JSON.stringify({
      '@odata.context': "https://host/$metadata#Company('x')/voaItems",
      '@odata.nextLink': "https://host/ODataV4/Company('A ''t B')/voaItems?$skiptoken='10'",
      value: [
        { No: '1', Description: 'brace } and ] in "quotes" \\ backslash', Blocked: false },
        { No: '2', Description: 'ünïcode ✓', Nested: { a: [1, { b: 2 }] } },
        { No: '3', Description: '', Blocked: true },
      ],
    });
    const list = readODataList(text);
    expect(list.count).toBe(3);
    expect(list.nextLink).toBe("https://host/ODataV4/Company('A ''t B')/voaItems?$skiptoken='10'");
    const batches = [...list.batches(2)];
    expect(batches.map((batch) => batch.map((row) => row.No))).toEqual([['1', '2'], ['3']]);
    expect(batches[0]![0]!.Description).toBe('brace } and ] in "quotes" \\ backslash');
    expect(batches[0]![1]!.Nested).toEqual({ a: [1, { b: 2 }] });
  });

  it('reads a last page (no link), an empty page, whitespace, and skips records that are not objects', () => {
    const list = readODataList(
      ' {\n "value" : [ 1, {"No":"a"} , null, "x", {"No":"b"} ] , "other": [ {"x":1} ] } ',
    );
    expect(list.nextLink).toBeUndefined();
    expect([...list.batches(10)].flat().map((row) => row.No)).toEqual(['a', 'b']);
    expect(readODataList('{"value":[]}').count).toBe(0);
  });

  it('reads a page that starts with a byte order mark, and characters of several bytes at a batch edge', () => {
    const text = JSON.stringify({
      value: [
        { No: '1', Description: 'Ø 20 — ✓' },
        { No: '2', Description: '€' },
      ],
    });
    const list = readBytes(new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(text)]));
    expect([...list.batches(1)].map((batch) => batch[0]!.Description)).toEqual(['Ø 20 — ✓', '€']);
  });

  it('refuses an answer without a list or cut off in the middle', () => {
    expect(() => readODataList('{"error":{"message":"x"}}')).toThrow(ODataListError);
    expect(() => readODataList('[1,2]')).toThrow(ODataListError);
    expect(() => readODataList('{"value":[{"No":"1"},{"No":"2')).toThrow(ODataListError);
    expect(() => readODataList('{"value":[{"No":"1"},')).toThrow(ODataListError);
    expect(() => readODataList('{"value":[{"No":"1"}]')).toThrow(ODataListError);
  });

  it('a record that is not JSON in a well-formed list is refused when its batch is read', () => {
    const list = readODataList('{"value":[{"No":"1"},{"No":"2","Stock":NaN},{"No":"3"}]}');
    expect(list.count).toBe(3);
    const batches = list.batches(1);
    expect(batches.next().value).toEqual([{ No: '1' }]);
    expect(() => batches.next()).toThrow(/A record in the list is not JSON/);
  });

  it('a page scanned on one thread reads the same records on another, its buffers moved, not copied', () => {
    const text = JSON.stringify({
      value: [{ No: '1', Description: 'Ø 20 — ✓' }, { No: '2' }],
      '@odata.nextLink': 'https://host/next',
    });
    const bytes = ownedBytes(new Uint8Array(new TextEncoder().encode(text)));
    const bounds = scanODataList(bytes);
    const { port1, port2 } = new MessageChannel();
    port1.postMessage({ bytes, ...bounds }, [bytes.buffer, bounds.starts.buffer, bounds.ends.buffer]);
    // Moved: this side's buffers are detached.
    expect(bytes.byteLength).toBe(0);
    expect(bounds.starts.length).toBe(0);
    const moved = receiveMessageOnPort(port2)?.message as ODataListBounds & { bytes: Uint8Array };
    port1.close();
    const list = odataList(moved.bytes, moved);
    expect(list.nextLink).toBe('https://host/next');
    expect([...list.batches(10)].flat()).toEqual([{ No: '1', Description: 'Ø 20 — ✓' }, { No: '2' }]);
  });

  it('a page in a buffer shared with others is copied before its buffer is moved', () => {
    // A small Buffer is a view into Node's pool, which other Buffers share.
    const pooled = Buffer.from('{"value":[{"No":"1"}]}');
    expect(pooled.byteLength).toBeLessThan(pooled.buffer.byteLength);
    const own = ownedBytes(new Uint8Array(pooled.buffer, pooled.byteOffset, pooled.byteLength));
    expect(own.buffer).not.toBe(pooled.buffer);
    expect(own.buffer.byteLength).toBe(pooled.byteLength);
    expect(new TextDecoder().decode(own)).toBe('{"value":[{"No":"1"}]}');
    const fresh = new Uint8Array(8);
    expect(ownedBytes(fresh)).toBe(fresh);
  });

  it('a written page gives its bytes back at once: nothing of it is held after release, twice is harmless', () => {
    const bytes = ownedBytes(new TextEncoder().encode('{"value":[{"No":"1"},{"No":"2"}]}'));
    const bounds = scanODataList(bytes);
    const list = odataList(bytes, bounds);
    expect([...list.batches(1)].flat()).toEqual([{ No: '1' }, { No: '2' }]);
    list.release();
    expect(bytes.byteLength).toBe(0);
    expect(bytes.buffer.byteLength).toBe(0);
    expect(bounds.starts.length).toBe(0);
    expect(bounds.ends.length).toBe(0);
    expect([...list.batches(1)]).toEqual([]);
    list.release();
  });
});

describe('OData list: an oversized record is read field by field', () => {
  it('keeps its scalar fields, cuts long strings and reads nested values as null, between normal records', () => {
    const long = 'Ä'.repeat(RECORD_PARSED_WHOLE_MAX_BYTES);
    const nested = '['.repeat(100_000) + ']'.repeat(100_000);
    const text =
      `{"value":[{"No":"before"},` +
      `{"No":"HUGE","Description":"${long}","Deep":${nested},"Object":{"a":1},"Weight":12.5,"Blocked":true,"Note":null},` +
      `{"No":"after","Description":"short"}]}`;
    const [batch] = [...readODataList(text).batches(10)];
    expect(batch!.map((record) => record.No)).toEqual(['before', 'HUGE', 'after']);
    const huge = batch![1]!;
    // Two bytes a character: the cut keeps whole characters only.
    expect(huge.Description).toBe('Ä'.repeat(OVERSIZED_FIELD_KEPT_BYTES / 2));
    expect(huge.Deep).toBeNull();
    expect(huge.Object).toBeNull();
    expect(huge).toMatchObject({ Weight: 12.5, Blocked: true, Note: null });
    expect(batch![2]!.Description).toBe('short');
  });

  it('never cuts a string inside an escape sequence', () => {
    for (const escape of ['\\n', '\\u00e9', '\\\\', '\\"']) {
      for (let shift = 0; shift < 7; shift++) {
        const padding = 'x'.repeat(OVERSIZED_FIELD_KEPT_BYTES - shift);
        const value = padding + escape.repeat(4) + 'y'.repeat(RECORD_PARSED_WHOLE_MAX_BYTES);
        const [batch] = [...readODataList(`{"value":[{"No":"E","Description":"${value}"}]}`).batches(1)];
        const description = batch![0]!.Description as string;
        expect(description.startsWith(padding)).toBe(true);
        expect(description.length).toBeLessThanOrEqual(OVERSIZED_FIELD_KEPT_BYTES);
      }
    }
  });
});
