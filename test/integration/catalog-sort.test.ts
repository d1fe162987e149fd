// The catalog's results in a person's chosen order, over a catalog synchronized from the emulator: by
// designation as people read numbers (HEA 200 before HEA 1000), by dimension, by stock (most first); the
// order kept with the filters, over a search as well as browsing, and the export in the same order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogSizeRow } from '../../src/shared/contract/catalog-search.ts';
import {
  catalogSearchSchema,
  type CatalogSearchInput,
} from '../../src/shared/contract/catalog-search-query.ts';
import { syncedEmulatorCatalog, type SyncedCatalog } from '../support/synced-catalog.ts';

let catalog: SyncedCatalog;

beforeAll(async () => {
  catalog = await syncedEmulatorCatalog({ variants: 3000, seed: 'sort' });
});

afterAll(async () => {
  await catalog?.close();
});

/** Every row of a search through the bridge handler, page by page as the screen reads them. */
async function all(input: CatalogSearchInput): Promise<CatalogSizeRow[]> {
  const rows: CatalogSizeRow[] = [];
  for (let offset = 0; ; offset += 500) {
    const page = await catalog.core.handlers['catalog:search'](
      catalogSearchSchema.parse({ ...input, offset, limit: 500 }),
    );
    rows.push(...page.rows);
    if (page.rows.length < 500) return rows;
  }
}

const reading = new Intl.Collator('nl', { numeric: true, sensitivity: 'base' });
const key = (row: CatalogSizeRow) => `${row.itemNo}/${row.variantCode}`;

function inOrder<T>(rows: T[], compare: (left: T, right: T) => number): boolean {
  return rows.every((row, index) => index === 0 || compare(rows[index - 1]!, row) <= 0);
}

describe('catalog sort', () => {
  it('by designation: numbers by value, then the size by its length', async () => {
    const rows = await all({ query: '', categoryCode: 'BEAM', sort: 'designation' });
    expect(rows.length).toBeGreaterThan(50);
    expect(
      inOrder(
        rows,
        (left, right) =>
          reading.compare(left.itemDescription, right.itemDescription) || left.lengthMm - right.lengthMm,
      ),
    ).toBe(true);
    // The same sizes as the category order, only in another order.
    const unsorted = await all({ query: '', categoryCode: 'BEAM' });
    expect(rows.map(key).sort()).toEqual(unsorted.map(key).sort());
    expect(rows.map(key)).not.toEqual(unsorted.map(key));
    const hea = rows.map((row) => row.itemDescription).filter((text) => /^HEA \d+ /.test(text));
    const sizes = hea.map((text) => Number(/^HEA (\d+)/.exec(text)![1]));
    expect(inOrder(sizes, (left, right) => left - right)).toBe(true);
  });

  it('by dimension and by stock, kept with the in-stock filter and over a search', async () => {
    const byLength = await all({ query: '', categoryCode: 'BEAM', inStock: true, sort: 'dimension' });
    expect(byLength.every((row) => row.inventory > 0)).toBe(true);
    expect(inOrder(byLength, (left, right) => left.lengthMm - right.lengthMm)).toBe(true);

    const byStock = await all({ query: 'hea ', sort: 'stock' });
    const relevance = await all({ query: 'hea ' });
    expect(byStock.length).toBe(relevance.length);
    expect(byStock.map(key).sort()).toEqual(relevance.map(key).sort());
    expect(inOrder(byStock, (left, right) => right.inventory - left.inventory)).toBe(true);
  });

  it('the export follows the order shown', async () => {
    const query = catalogSearchSchema.parse({ query: '', categoryCode: 'BEAM', sort: 'stock' });
    const exported = [...catalog.core.catalog.mainThreadSearch().exportBatches(query, 100)].flat();
    const shown = await all({ query: '', categoryCode: 'BEAM', sort: 'stock' });
    expect(exported.map(key)).toEqual(shown.map(key));
  });
});
