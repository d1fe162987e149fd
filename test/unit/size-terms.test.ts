// The catalog's own search index: the runs format, the writer a sync gathers it with, and the sets a
// search combines, each against a plain model (arrays of ids) over generated cases.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { matchParts } from '../../src/main/core/catalog/search-index/search-text.ts';
import {
  SizeSet,
  SizeTermsWriter,
  forEachRun,
  matchingSizes,
  type SizeTermSource,
} from '../../src/main/core/catalog/search-index/size-terms.ts';
import { readSteelQuery } from '../../src/shared/contract/search-notation.ts';

const idsOf = (sizes: Uint8Array) => {
  const ids: number[] = [];
  forEachRun(sizes, (first, end) => {
    for (let id = first; id < end; id++) ids.push(id);
  });
  return ids;
};

const setOf = (ids: readonly number[], maxId: number) => {
  const set = new SizeSet(maxId);
  for (const id of ids) set.addRange(id, id + 1);
  return set;
};

/** Distinct ascending ids from 1 to max. */
const idLists = (max: number) =>
  fc.uniqueArray(fc.integer({ min: 1, max }), { maxLength: 300 }).map((ids) => ids.sort((a, b) => a - b));

/** Everything a writer wrote, by table and key. */
function written(writer: SizeTermsWriter) {
  const rows = { term: new Map<string, number[]>(), beginning: new Map<string, number[]>() };
  const steps = writer.finish((table, key, sizes) => rows[table].set(key, idsOf(sizes)), 3);
  while (!steps.next().done);
  return rows;
}

describe('size terms: runs of size ids', () => {
  it('a set written as runs reads back as the same ids, long runs and lone ids alike', () => {
    fc.assert(
      fc.property(idLists(5_000), (ids) => {
        expect(idsOf(setOf(ids, 5_000).encode())).toEqual(ids);
      }),
    );
    // Whole words of the bitset and runs that cross them.
    const ids = [...Array.from({ length: 200 }, (_, index) => index + 30), 1_000, 4_095, 4_096];
    expect(idsOf(setOf(ids, 5_000).encode())).toEqual(ids);
  });

  it('a range added to a set holds exactly its ids, and and/or/ids/count follow the sets', () => {
    fc.assert(
      fc.property(
        idLists(2_000),
        idLists(2_000),
        fc.integer({ min: 0, max: 1_999 }),
        (left, right, after) => {
          const both = setOf(left, 2_000);
          both.and(setOf(right, 2_000));
          expect(both.ids(-1, Infinity)).toEqual(left.filter((id) => right.includes(id)));
          const either = setOf(left, 2_000);
          either.or(setOf(right, 2_000));
          const union = [...new Set([...left, ...right])].sort((a, b) => a - b);
          expect(either.ids(-1, Infinity)).toEqual(union);
          expect(either.count()).toBe(union.length);
          expect(either.ids(after, 7)).toEqual(union.filter((id) => id > after).slice(0, 7));
        },
      ),
    );
    const ranged = new SizeSet(300);
    ranged.addRange(31, 97);
    expect(ranged.ids(-1, Infinity)).toEqual(Array.from({ length: 66 }, (_, index) => index + 31));
  });

  it('grows for an id beyond the highest it was made for (a catalog swapped between two reads)', () => {
    const small = setOf([3, 9], 10);
    small.addRange(500, 502);
    expect(small.ids(-1, Infinity)).toEqual([3, 9, 500, 501]);
    const other = setOf([9, 501, 900], 1_000);
    const both = setOf([3, 9, 500, 501], 10);
    both.and(other);
    expect(both.ids(-1, Infinity)).toEqual([9, 501]);
    const either = setOf([3], 10);
    either.or(other);
    expect(either.ids(-1, Infinity)).toEqual([3, 9, 501, 900]);
    const shorter = setOf([3, 900], 1_000);
    shorter.and(setOf([3], 10));
    expect(shorter.ids(-1, Infinity)).toEqual([3]);
  });
});

describe('size terms: the writer a sync gathers the index with', () => {
  it('writes each term with the sizes it was added for, in term order, and each beginning with the union', () => {
    const words = ['hea', 'heb', 'he', 'h', '200', '2000', 'balk', 'café'];
    fc.assert(
      fc.property(fc.array(fc.subarray(words.map((_, index) => index)), { maxLength: 60 }), (sizes) => {
        const writer = new SizeTermsWriter();
        const model = new Map<string, number[]>();
        sizes.forEach((terms, index) => {
          const id = index + 1;
          for (const term of terms) {
            const text = words[term]!.replace('é', 'e');
            writer.add(writer.number(words[term]!), id);
            model.set(text, [...(model.get(text) ?? []), id]);
          }
        });
        const rows = written(writer);
        expect(rows.term).toEqual(model);
        expect([...rows.term.keys()]).toEqual([...model.keys()].sort());
        const beginnings = new Map<string, number[]>();
        for (const [text, ids] of model)
          if (text.length >= 2) {
            const key = text.slice(0, 2);
            beginnings.set(
              key,
              [...new Set([...(beginnings.get(key) ?? []), ...ids])].sort((a, b) => a - b),
            );
          }
        expect(rows.beginning).toEqual(beginnings);
      }),
    );
  });

  it('folds diacritics, and takes a size once for two tokens that fold to one term', () => {
    const writer = new SizeTermsWriter();
    expect(writer.number('café')).toBe(writer.number('cafe'));
    writer.add(writer.number('café'), 4);
    writer.add(writer.number('cafe'), 4);
    writer.add(writer.number('cafe'), 5);
    expect(written(writer).term.get('cafe')).toEqual([4, 5]);
  });

  it("an item's terms leave a size's own out: the mark tells them apart", () => {
    const writer = new SizeTermsWriter();
    const hea = writer.number('hea');
    const first = writer.newItem();
    expect(writer.markItemTerm(hea, first)).toBe(true);
    expect(writer.markItemTerm(hea, first)).toBe(false);
    expect(writer.isItemTerm(hea, first)).toBe(true);
    expect(writer.isItemTerm(hea, writer.newItem())).toBe(false);
  });
});

describe('size terms: what a query matches', () => {
  /** A source over terms given as id lists, as the index in memory or in SQLite answers. */
  function source(terms: Record<string, number[]>, maxId: number): SizeTermSource {
    const encoded = (ids: readonly number[]) => setOf(ids, maxId).encode();
    const sorted = Object.keys(terms).sort();
    return {
      maxId,
      term: (text) => (terms[text] ? encoded(terms[text]) : undefined),
      termsStartingWith: (prefix) =>
        sorted.filter((text) => text.startsWith(prefix)).map((text) => encoded(terms[text]!)),
      beginning: (text) => {
        const ids = sorted.filter((term) => term.startsWith(text)).flatMap((term) => terms[term]!);
        return ids.length ? encoded([...new Set(ids)]) : undefined;
      },
    };
  }

  const catalog = source(
    {
      hea: [1, 2, 3],
      heb: [4],
      '200': [1, 4, 6],
      '2000': [5],
      balk: [1, 2, 3, 4],
      plaat: [5, 6],
      '10': [6],
    },
    10,
  );
  const found = (query: string) => {
    const parts = matchParts(readSteelQuery(query));
    return parts ? matchingSizes(parts, catalog).ids(-1, Infinity) : [];
  };

  it('every part must match, a word being typed as a prefix, a complete number exactly', () => {
    expect(found('hea 200')).toEqual([1]);
    expect(found('he 200')).toEqual([1, 4]);
    expect(found('200 ')).toEqual([1, 4, 6]);
    expect(found('200')).toEqual([1, 4, 5, 6]);
    expect(found('balk')).toEqual([1, 2, 3, 4]);
    expect(found('plaat 10')).toEqual([6]);
    expect(found('ipe')).toEqual([]);
  });
});
