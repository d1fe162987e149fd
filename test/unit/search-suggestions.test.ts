// The queries one slip away from a query that found nothing: a digit too many, two digits swapped, a
// letter off in a word the catalog knows; numbers first, and a bound on how many are tried.
import { describe, expect, it } from 'vitest';
import { queriesOneSlipAway } from '../../src/main/core/catalog/search/search-suggestions.ts';

const words = new Set(['hea', 'ipe', 'koker', 'balk']);
const isWord = (word: string) => words.has(word);

describe('search suggestions: one slip away', () => {
  it('a number loses one digit or has two neighbours swapped, never a leading zero', () => {
    const slips = queriesOneSlipAway('hea 2040', isWord);
    expect(slips).toContain('hea 240');
    expect(slips).toContain('hea 204');
    expect(slips).toContain('hea 2400');
    expect(slips).not.toContain('hea 040');
  });

  it('a word the catalog does not know is mended to one it knows, one letter off', () => {
    expect(queriesOneSlipAway('hae 200', isWord)).toContain('hea 200');
    expect(queriesOneSlipAway('koler 100', isWord)).toContain('koker 100');
    expect(queriesOneSlipAway('ipee 200', isWord)).toContain('ipe 200');
    // A known word is left as it is: only its numbers are mended.
    expect(queriesOneSlipAway('hea 2000', isWord).every((query) => query.startsWith('hea '))).toBe(true);
  });

  it('letters run into digits keep their letters; dimensions written together are mended one by one', () => {
    expect(queriesOneSlipAway('HEA2000', isWord)).toContain('HEA200');
    expect(queriesOneSlipAway('koker 100x100x50', isWord)).toContain('koker 100x100x5');
    expect(queriesOneSlipAway('koker 100*10', isWord)).toContain('koker 10*10');
  });

  it('tries numbers before words, each query once, and at most a bounded number', () => {
    const slips = queriesOneSlipAway('hae 2000', isWord);
    expect(slips.indexOf('hae 200')).toBeLessThan(slips.indexOf('hea 2000'));
    expect(new Set(slips).size).toBe(slips.length);
    expect(queriesOneSlipAway('1234567890 9876543210 1234567890', isWord).length).toBeLessThanOrEqual(80);
  });
});
