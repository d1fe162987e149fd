// How a typed query is read (steel notation) and how matches are ordered, without a database: the
// store-level behaviour is in catalog-store.test.ts and the relevance suite.
import { describe, expect, it } from 'vitest';
import {
  MATCH_CLASS,
  WritingReader,
  itemWriting,
  rankCandidates,
  type RankCandidate,
} from '../../src/main/core/catalog/search/search-rank.ts';
import { matchExpression } from '../../src/main/core/catalog/search-index/search-text.ts';
import { canonicalNumber, readSteelQuery } from '../../src/shared/contract/search-notation.ts';

const expression = (query: string) => matchExpression(readSteelQuery(query));

describe('reading steel notation', () => {
  it('reads letters run into digits as one code or as a designation with its size', () => {
    expect(expression('HEA200 ')).toBe('("hea200"* OR ("hea"* AND ("200" OR "200d0")))');
    expect(expression('hea-200 ')).toBe('"hea"* AND ("200" OR "200d0")');
  });

  it('drops a unit after a number, which completes the number', () => {
    expect(expression('plaat 10mm')).toBe(expression('plaat 10 mm'));
    expect(expression('plaat 10 mm')).toBe(expression('plaat 10 '));
    expect(expression('plaat 10 m')).toBe(expression('plaat 10 '));
    expect(expression('ipe 180 6m')).toBe(expression('ipe 180 6 '));
    // "m" alone is a word; only after a number is it a unit
    expect(expression('m')).toBe('"m"*');
  });

  it('reads x, × and * between numbers as separators, with or without spaces', () => {
    const reference = expression('koker 100 100 5 ');
    for (const typed of [
      'koker 100x100x5 ',
      'koker 100 x 100 x 5 ',
      'koker 100*100*5 ',
      'KOKER 100×100×5 mm',
    ])
      expect(expression(typed)).toBe(reference);
  });

  it('matches a complete number in its ",0" spelling too, and the number being typed as a prefix', () => {
    expect(expression('buis 88,9 4 ')).toBe('("buis"* OR "buizen"*) AND "88d9" AND ("4" OR "4d0")');
    expect(expression('hea 20')).toBe('"hea"* AND "20"*');
    expect(canonicalNumber('2d50')).toBe('2d5');
    expect(canonicalNumber('2d0')).toBe('2');
    expect(canonicalNumber('200')).toBe('200');
  });

  it('lets English and Dutch shape words reach the words the catalog uses', () => {
    expect(expression('plate')).toBe('("plate"* OR "plaat"*)');
    expect(expression('tube')).toBe('("tube"* OR "koker"*)');
    expect(expression('pipe')).toBe('("pipe"* OR "buis"* OR "buizen"*)');
    expect(expression('angle')).toBe('("angle"* OR "hoekstaal"*)');
    expect(expression('beam')).toBe('("beam"* OR "balk"*)');
    expect(expression('strip')).toBe('("strip"* OR "platstaal"*)');
    // while typed, the start of a shape word (three letters or more) reaches it too
    expect(expression('pip')).toBe('("pip"* OR "buis"* OR "buizen"*)');
    expect(expression('pi')).toBe('"pi"*');
  });

  it('leaves out a part that another part implies: the same sizes, fewer doclists to merge', () => {
    // "50" starts with 5: a size with 50 has the 5 being typed
    expect(expression('angle 50x50x5')).toBe('("angle"* OR "hoekstaal"*) AND ("50" OR "50d0")');
    expect(expression('koker 100x100 ')).toBe('"koker"* AND ("100" OR "100d0")');
    expect(expression('S355J2H koker 100x100')).toBe('"s355j2h"* AND "koker"* AND ("100" OR "100d0")');
    // both ways of reading HEA200 start with hea
    expect(expression('HEA200 hea')).toBe('("hea200"* OR ("hea"* AND ("200" OR "200d0")))');
    expect(expression('100 10')).toBe('("100" OR "100d0")');
    // neither implies the other
    expect(expression('hea 20')).toBe('"hea"* AND "20"*');
    expect(expression('10 100')).toBe('("10" OR "10d0") AND "100"*');
  });

  it('leaves out terms the index lacks, and matches nothing when a part has none left', () => {
    const index = new Set(['buis', 'buizen', '4', '88d9']);
    const known = (token: string, prefix: boolean) =>
      [...index].some((term) => (prefix ? term.startsWith(token) : term === token));
    const withIndex = (query: string) => matchExpression(readSteelQuery(query), { known });
    expect(withIndex('buis 88,9 4 ')).toBe('("buis"* OR "buizen"*) AND "88d9" AND "4"');
    expect(withIndex('pipe 4 ')).toBe('("buis"* OR "buizen"*) AND "4"');
    expect(withIndex('buis 5 ')).toBeUndefined();
    // diacritics are folded on both sides: the index holds `cafe`, and `café` typed asks for it
    expect(withIndex('buis café')).toBeUndefined();
    index.add('cafeteria');
    expect(withIndex('buis café')).toBe('("buis"* OR "buizen"*) AND "cafe"*');
  });

  it('asks a letter or digit being typed as the term itself or the 2-character prefixes it starts', () => {
    const index = ['2', '200', '20d5', '2500', 'balk', 'buis', 'hea', 'hea200', 'heb'];
    const known = (token: string, prefix: boolean) =>
      index.some((term) => (prefix ? term.startsWith(token) : term === token));
    const widen = (prefix: string) => [
      ...new Set(
        index.filter((term) => term.startsWith(prefix) && term.length > 1).map((term) => term.slice(0, 2)),
      ),
    ];
    const withIndex = (query: string) => matchExpression(readSteelQuery(query), { known, widen });
    expect(withIndex('b')).toBe('("ba"* OR "bu"*)');
    expect(withIndex('hea 2')).toBe('"hea"* AND ("2" OR "20"* OR "25"*)');
    // a part implied by another stays left out: "200" starts with 2
    expect(withIndex('200x2')).toBe('"200"');
    expect(withIndex('q')).toBeUndefined();
    // a complete word of one letter is the term alone, as before
    expect(withIndex('hea 2 ')).toBe('"hea"* AND "2"');
  });
});

describe('ranking matches', () => {
  const reader = new WritingReader();
  let nextId = 1;
  const size = (
    description: string,
    fields: Partial<Omit<RankCandidate, 'item' | 'own'>> & { profile?: string; grade?: string } = {},
  ): RankCandidate => {
    const id = nextId++;
    return {
      id,
      itemNo: String(100000 + id),
      item: itemWriting(description, fields.profile ?? '', fields.grade ?? '', reader.text),
      own: reader.text('Lengte 6 m'),
      variantCode: '06000',
      thicknessMm: 0,
      widthMm: 0,
      lengthMm: 6000,
      inventory: 10,
      blocked: false,
      ...fields,
    };
  };
  const order = (query: string, candidates: RankCandidate[], rankOnStock = true) =>
    Array.from(rankCandidates(readSteelQuery(query), candidates, rankOnStock));

  it('puts an exact dimension before a prefix of one, and 10 as a thickness before 1000 as a width', () => {
    const fifty = size('Plaat 50 mm S235JR', { thicknessMm: 50, widthMm: 1000 });
    const one = size('Koudgewalste plaat 1 mm DC01', { thicknessMm: 1, widthMm: 1000 });
    const ten = size('Plaat 10 mm S235JR', { thicknessMm: 10, widthMm: 1500 });
    expect(order('plaat 10', [fifty, one, ten])).toEqual([ten.id, fifty.id, one.id]);
  });

  it('needs a repeated number twice: 100x100 is not a 100x50 tube', () => {
    const rectangular = size('Rechthoekige koker 100 x 50 x 4 mm S235JRH', { blocked: true });
    const square = size('Vierkante koker 100 x 100 x 5 mm S235JRH');
    const other = size('Rechthoekige koker 150 x 100 x 6 mm S235JRH');
    expect(order('koker 100x100', [rectangular, other, square])).toEqual([
      square.id,
      other.id,
      rectangular.id,
    ]);
  });

  it('ranks in stock first within a class, unless stock is unknown; blocked always last', () => {
    const empty = size('HEA 200 balk S235JR', { inventory: 0 });
    const blocked = size('HEA 200 balk S235JR', { blocked: true });
    const stocked = size('HEA 200 balk S235JR', { inventory: 5 });
    expect(order('hea 200 ', [blocked, empty, stocked])).toEqual([stocked.id, empty.id, blocked.id]);
    expect(order('hea 200 ', [blocked, empty, stocked], false)).toEqual([empty.id, stocked.id, blocked.id]);
  });

  it('compares codes whole: the exact grade before grades it starts', () => {
    const plus = size('Plaat 10 mm S355J2+N', { grade: 'S355J2+N' });
    const exact = size('Plaat 10 mm S355J2', { grade: 'S355J2' });
    expect(order('S355J2', [plus, exact])).toEqual([exact.id, plus.id]);
    expect(MATCH_CLASS.exact).toBeLessThan(MATCH_CLASS.prefix);
  });

  it('puts an exact item number before everything else', () => {
    const beam = size('HEA 200 balk S235JR');
    const numbered = size('IPE 200 balk S235JR', { inventory: 0 });
    expect(order(`${numbered.itemNo} `, [beam, numbered])[0]).toBe(numbered.id);
  });
});
