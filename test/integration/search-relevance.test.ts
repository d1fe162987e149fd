// The relevance suite: queries typed the way counter staff type them (Dutch and English, spacing and
// case as it comes, units, x and *), each with what must come first or what the top 5 must be, over the
// emulator's seeded catalog synchronized into a real profile. docs/catalog.md describes the rules.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPickable, type CatalogSizeRow } from '../../src/shared/contract/catalog-search.ts';
import { syncedEmulatorCatalog, type SyncedCatalog } from '../support/synced-catalog.ts';
import { RELEVANCE_CASES, SUGGESTION_CASES, type RelevanceCase } from './search-relevance-cases.ts';

let catalog: SyncedCatalog;

beforeAll(async () => {
  catalog = await syncedEmulatorCatalog({ variants: 20_000, seed: 'relevance' });
});

afterAll(async () => {
  await catalog?.close();
});

function firstFailure(rows: CatalogSizeRow[], relevance: RelevanceCase): string | undefined {
  if (rows.length === 0) return 'nothing found';
  const top = rows.slice(0, 5);
  if (relevance.first && !relevance.first.test(rows[0]!)) return `first is not ${relevance.first.says}`;
  const wrong = relevance.top5 ? top.findIndex((row) => !relevance.top5!.test(row)) : -1;
  if (wrong >= 0) return `row ${wrong + 1} is not ${relevance.top5!.says}`;
  // Enter picks the first row: it can be picked whenever anything found can.
  if (rows.some(isPickable) && !isPickable(rows[0]!)) return 'first row is blocked';
  const firstBlocked = rows.findIndex((row) => !isPickable(row));
  if (firstBlocked >= 0 && rows.slice(firstBlocked).some(isPickable))
    return 'a blocked size before one that can be picked';
  // What the checks ask for is in stock somewhere: the first is one of those in stock. A treatment nobody
  // asked for weighs more than stock: a treated size in stock does not count against a plain first row.
  const wanted = relevance.first ?? relevance.top5;
  const asFirst = (row: CatalogSizeRow) => row.itemDescription2 === rows[0]!.itemDescription2;
  if (
    wanted &&
    rows.some((row) => wanted.test(row) && isPickable(row) && row.inventory > 0 && asFirst(row)) &&
    !(rows[0]!.inventory > 0)
  )
    return 'first row has no stock while a size that fits has';
  return undefined;
}

const describeRow = (row: CatalogSizeRow) =>
  `${row.itemNo}/${row.variantCode} ${row.itemDescription} | ${row.description} | stock ${row.inventory}${isPickable(row) ? '' : ' | blocked'}`;

// Searches (in the search worker) rank from in-memory columns once they are loaded, and read SQLite
// before that: both ways are held to every case.
describe.each([
  ['from the in-memory columns', true],
  ['read from SQLite', false],
] as const)('search relevance %s', (_, inMemory) => {
  beforeAll(async () => {
    await catalog.core.catalog.setSearchColumns(inMemory);
  });

  describe('queries as counter staff type them', () => {
    it(`has at least 60 queries (${RELEVANCE_CASES.length})`, () => {
      expect(RELEVANCE_CASES.length).toBeGreaterThanOrEqual(60);
    });

    it.each(RELEVANCE_CASES)('$query', async (relevance) => {
      const rows = await catalog.search({ query: relevance.query });
      const failure = firstFailure(rows, relevance);
      expect(failure, `${failure}:\n${rows.slice(0, 6).map(describeRow).join('\n')}`).toBeUndefined();
    });

    it('an exact item number puts that item first, typed or scanned with a space after it', async () => {
      const [itemNo] = [...catalog.items.keys()].filter((no) =>
        /^HEA 200 /.test(String(catalog.items.get(no)?.Description)),
      );
      expect(itemNo).toBeDefined();
      for (const query of [itemNo!, `${itemNo} `]) {
        const rows = await catalog.search({ query });
        expect(rows[0]?.itemNo).toBe(itemNo);
      }
    });
  });

  describe('a slip offers what was meant: found nothing, never picked by itself', () => {
    it.each(SUGGESTION_CASES)('$query offers $offers', async ({ query, offers }) => {
      const answer = await catalog.core.handlers['catalog:search']({ query, offset: 0, limit: 50 });
      expect(answer.total).toBe(0);
      expect(answer.suggestions).toContain(offers);
      const offered = await catalog.core.handlers['catalog:search']({ query: offers, offset: 0, limit: 5 });
      expect(offered.total).toBeGreaterThan(0);
    });

    it('a query that finds something is offered nothing', async () => {
      const answer = await catalog.core.handlers['catalog:search']({
        query: 'hea 200',
        offset: 0,
        limit: 50,
      });
      expect(answer.total).toBeGreaterThan(0);
      expect(answer.suggestions).toEqual([]);
    });
  });

  describe('the same item however it is written', () => {
    // The last number counts as complete after a space or a unit; while it is typed it is also a prefix.
    const spellings = [
      ['HEA200 ', 'HEA 200 ', 'hea-200 ', 'Hea 200 ', 'hea200 mm'],
      ['plaat 10mm', 'plaat 10 mm', 'PLAAT 10 ', 'plaat 10,0 mm'],
      [
        'koker 100x100x5 ',
        'koker 100 x 100 x 5 ',
        'koker 100*100*5 ',
        'KOKER 100X100X5 mm',
        'koker 100×100×5mm',
      ],
      ['buis 88,9x4 ', 'buis 88.9 x 4.0 ', 'buis 88,9*4,0mm'],
      ['plaat', 'plate', 'platen', 'plates'],
      ['koker', 'tube', 'kokers', 'tubes'],
      ['buis', 'pipe', 'buizen'],
      ['hoekstaal', 'angle', 'angles'],
      ['balk', 'beam', 'balken'],
      ['strip', 'flat', 'platstaal'],
    ];
    it.each(spellings.map((group) => [group.join(' = '), group] as const))('%s', async (_, group) => {
      const answers = await Promise.all(
        group.map((query) => catalog.core.handlers['catalog:search']({ query, offset: 0, limit: 50 })),
      );
      const [reference] = answers;
      expect(reference!.total).toBeGreaterThan(0);
      for (const answer of answers) {
        expect(answer.total).toBe(reference!.total);
        expect(answer.rows.map((row) => `${row.itemNo}/${row.variantCode}`)).toEqual(
          reference!.rows.map((row) => `${row.itemNo}/${row.variantCode}`),
        );
      }
    });
  });
});

// Until the search worker holds the index and columns, a search reads SQLite: it must answer exactly
// what the loaded search answers, for every query of the suite (and each prefix as it is typed).
describe('search relevance: read from SQLite, the same answers as from the in-memory columns', () => {
  const queries = [
    ...new Set(RELEVANCE_CASES.flatMap(({ query }) => [query, query.slice(0, Math.ceil(query.length / 2))])),
  ];
  const answers = async (inMemory: boolean) => {
    await catalog.core.catalog.setSearchColumns(inMemory);
    const found = [];
    for (const query of queries) {
      const { total, capped, rows, suggestions } = await catalog.core.handlers['catalog:search']({
        query,
        offset: 0,
        limit: 200,
      });
      found.push({
        query,
        total,
        capped,
        suggestions,
        rows: rows.map((row) => `${row.itemNo}/${row.variantCode}`),
      });
    }
    return found;
  };

  it(`${queries.length} queries: the same total, order and suggestions`, async () => {
    const fromColumns = await answers(true);
    const fromSql = await answers(false);
    expect(fromColumns.reduce((sum, answer) => sum + answer.rows.length, 0)).toBeGreaterThan(1000);
    for (const [index, expected] of fromColumns.entries())
      expect(fromSql[index], expected.query).toEqual(expected);
  });
});
