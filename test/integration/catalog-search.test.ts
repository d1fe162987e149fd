// Search relevance over a catalog synchronized from the emulator: item numbers, descriptions, profiles,
// grades and dimensions, each checked against the emulator's own rows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogRow } from '../../emulator/index.ts';
import type { VoaCore } from '../../src/main/core/voa-core.ts';
import type { CatalogSizeRow } from '../../src/shared/contract/catalog-search.ts';
import type { CatalogSearchInput } from '../../src/shared/contract/catalog-search-query.ts';
import { syncedEmulatorCatalog, type SyncedCatalog } from '../support/synced-catalog.ts';

let catalog: SyncedCatalog;
let core: VoaCore;
let items: Map<string, CatalogRow>;
let variants: CatalogRow[];

beforeAll(async () => {
  catalog = await syncedEmulatorCatalog({ variants: 6000, seed: 'search' });
  ({ core, items, variants } = catalog);
});

afterAll(async () => {
  await catalog?.close();
});

const search = (input: CatalogSearchInput): Promise<CatalogSizeRow[]> => catalog.search(input);
const key = (itemNo: unknown, code: unknown) => `${String(itemNo)}/${String(code)}`;
const expectedSizes = (test: (item: CatalogRow, size: CatalogRow) => boolean) =>
  variants
    .filter((size) => test(items.get(size.ItemNo as string)!, size))
    .map((size) => key(size.ItemNo, size.Code));

describe('catalog search: relevance over the emulator catalog', () => {
  it('an exact item number comes first, with all its sizes', async () => {
    const itemNo = [...items.keys()][123]!;
    const rows = await search({ query: itemNo });
    const sizes = expectedSizes((item) => item.No === itemNo);
    // in stock before not, blocked last: the item's sizes come first, in that order
    expect(
      rows
        .slice(0, sizes.length)
        .map((row) => key(row.itemNo, row.variantCode))
        .sort(),
    ).toEqual(sizes.sort());
  });

  it('descriptions: every size of every item described so, and nothing else', async () => {
    const rows = await search({ query: 'rechthoekige koker 120 60 ' });
    const expected = expectedSizes((item) =>
      /^Rechthoekige koker 120 x 60 x/.test(item.Description as string),
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(rows.map((row) => key(row.itemNo, row.variantCode)).sort()).toEqual(expected.sort());
  });

  it('profiles: the profile code and its description from voaProfiles', async () => {
    const byCode = await search({ query: 'HEB ' });
    expect(byCode.length).toBeGreaterThan(0);
    expect(byCode.every((row) => row.profileCode === 'HEB')).toBe(true);
    const byDescription = await search({ query: 'breedflensbalk' });
    expect(new Set(byDescription.map((row) => row.profileCode))).toEqual(new Set(['HEA', 'HEB']));
  });

  it('grades: the exact grade ranks before grades it is a prefix of', async () => {
    // (blocked sizes come after everything that can be picked, so they are left out here)
    const pickable = (item: CatalogRow, size: CatalogRow) =>
      !item.Blocked && !item.SalesBlocked && !size.Blocked;
    const exact = expectedSizes(
      (item, size) => item.DXQualityCodeDMX === 'S355J2' && pickable(item, size),
    ).length;
    const prefixed = expectedSizes(
      (item, size) => (item.DXQualityCodeDMX as string).startsWith('S355J2') && pickable(item, size),
    ).length;
    expect(prefixed).toBeGreaterThan(exact);
    const boundary = await search({ query: 'S355J2', offset: exact - 2, limit: 4, blocked: 'exclude' });
    expect(boundary.map((row) => row.gradeCode)).toEqual([
      'S355J2',
      'S355J2',
      expect.any(String),
      expect.any(String),
    ]);
    expect(
      boundary.slice(2).every((row) => row.gradeCode !== 'S355J2' && row.gradeCode.startsWith('S355J2')),
    ).toBe(true);
  });

  it('dimensions: a profile with a length', async () => {
    const rows = await search({ query: 'IPE 200 6000 ' });
    const expected = expectedSizes(
      (item, size) => (item.Description as string).startsWith('IPE 200 ') && size.DXLength === 6000,
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(rows.map((row) => key(row.itemNo, row.variantCode)).sort()).toEqual(expected.sort());
  });

  it('dimensions: a plate by thickness and width, typed as 10x1500', async () => {
    const sample = variants.find(
      (size) => items.get(size.ItemNo as string)!.ItemCategoryCode === 'PLATE-HR',
    )!;
    const [thickness, width] = [sample.DXThickness as number, sample.DXWidth as number];
    const rows = await search({ query: `plaat ${thickness}x${width} `, categoryCode: 'PLATE' });
    const expected = expectedSizes(
      (item, size) =>
        (item.ItemCategoryCode as string).startsWith('PLATE') &&
        size.DXThickness === thickness &&
        size.DXWidth === width,
    );
    expect(expected.length).toBeGreaterThan(0);
    // Every plate of that thickness and width is found; anything else found says the numbers in its text
    // (a "5/7 mm" checker plate for 7).
    expect(rows.map((row) => key(row.itemNo, row.variantCode))).toEqual(expect.arrayContaining(expected));
    for (const row of rows) {
      expect(row.widthMm === width || row.lengthMm === width).toBe(true);
      expect(
        row.thicknessMm === thickness || row.itemDescription.split(/[^\d]+/).includes(String(thickness)),
      ).toBe(true);
    }
  });

  it('the category tree and filters agree with the emulator', async () => {
    const facets = await core.handlers['catalog:facets']({});
    const beams = facets.categories.find((node) => node.code === 'BEAM')!;
    const expectedBeams = expectedSizes((item) => (item.ItemCategoryCode as string).startsWith('BEAM-'));
    expect(beams.sizes).toBe(expectedBeams.length);
    expect(beams.children.map((child) => child.code)).toEqual([
      'BEAM-HEA',
      'BEAM-HEB',
      'BEAM-IPE',
      'BEAM-UNP',
    ]);
    const result = await core.handlers['catalog:search']({
      query: '',
      categoryCode: 'BEAM',
      offset: 0,
      limit: 1,
    });
    expect(result.total).toBe(expectedBeams.length);
    const inStock = await core.handlers['catalog:search']({ query: '', inStock: true, offset: 0, limit: 1 });
    expect(inStock.total).toBe(variants.filter((size) => (size.DXRemainingInventory as number) > 0).length);
    const blocked = await core.handlers['catalog:search']({
      query: '',
      blocked: 'only',
      offset: 0,
      limit: 1,
    });
    expect(blocked.total).toBe(
      expectedSizes((item, size) => Boolean(item.Blocked || item.SalesBlocked || size.Blocked)).length,
    );
  });
});
