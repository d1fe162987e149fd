import { describe, expect, it } from 'vitest';
import { compareKeys, generateCatalog, keyOf, type SeededCatalog } from '../../emulator/catalog-generator.ts';

const view = { steel: true, language: 'nl' } as const;

function rows(catalog: SeededCatalog, page: 'voaItems' | 'voaVariants') {
  const table = catalog.tables[page];
  return Array.from({ length: table.count }, (_, index) => table.rowAt(index, view));
}

describe('seeded catalog generator', () => {
  it('the same seed and size give the same catalog', () => {
    const first = generateCatalog({ seed: 'demo', variants: 2000 });
    const second = generateCatalog({ seed: 'demo', variants: 2000 });
    expect(rows(second, 'voaItems')).toEqual(rows(first, 'voaItems'));
    expect(rows(second, 'voaVariants')).toEqual(rows(first, 'voaVariants'));
  });

  it('another seed gives another catalog', () => {
    const first = rows(generateCatalog({ seed: 1, variants: 500 }), 'voaItems');
    const second = rows(generateCatalog({ seed: 2, variants: 500 }), 'voaItems');
    expect(second).not.toEqual(first);
  });

  it.each([100, 12_345, 500_000])('produces exactly %i variants', (variants) => {
    const catalog = generateCatalog({ seed: 1, variants });
    expect(catalog.counts.variants).toBe(variants);
    expect(catalog.tables.voaVariants.count).toBe(variants);
    expect(catalog.counts.items).toBeGreaterThan(variants / 8);
    expect(catalog.counts.items).toBeLessThan(variants);
  });

  it('rows are in strict key order, so keys are unique and paging by key is exact', () => {
    const catalog = generateCatalog({ seed: 3, variants: 5000 });
    for (const page of [
      'voaItems',
      'voaVariants',
      'voaCategories',
      'voaProfiles',
      'voaGrades',
      'voaItemTypes',
    ] as const) {
      const table = catalog.tables[page];
      for (let index = 1; index < table.count; index++) {
        const previous = keyOf(table.definition, table.rowAt(index - 1, view));
        const current = keyOf(table.definition, table.rowAt(index, view));
        expect(compareKeys(previous, current), `${page} ${index}`).toBe(-1);
      }
    }
  });

  it('every variant belongs to an item of the catalog', () => {
    const catalog = generateCatalog({ seed: 4, variants: 3000 });
    const itemNumbers = new Set(rows(catalog, 'voaItems').map((row) => row['No']));
    for (const variant of rows(catalog, 'voaVariants')) expect(itemNumbers.has(variant['ItemNo'])).toBe(true);
  });

  it('holds a realistic steel assortment: beams, tubes, angles, flats, plates and sheet in the usual grades', () => {
    const catalog = generateCatalog({ seed: 1, variants: 5000 });
    const items = rows(catalog, 'voaItems');
    const profiles = new Set(items.map((row) => row['DXItemProfileCodeDMX']));
    for (const profile of [
      'HEA',
      'HEB',
      'IPE',
      'UNP',
      'CHS',
      'SHS',
      'RHS',
      'LEQ',
      'FLAT',
      'PLATE',
      'SHEETCR',
    ]) {
      expect(profiles.has(profile), profile).toBe(true);
    }
    const grades = new Set(items.map((row) => row['DXQualityCodeDMX']));
    expect(grades.has('S235JR')).toBe(true);
    expect(grades.has('S355J2')).toBe(true);
    expect(items.some((row) => row['Description'] === 'HEA 200 balk S235JR')).toBe(true);
    expect(items.some((row) => row['Blocked'] === true)).toBe(true);
    expect(items.some((row) => row['SalesBlocked'] === true)).toBe(true);
    const variants = rows(catalog, 'voaVariants');
    expect(variants.some((row) => (row['DXThickness'] as number) > 0 && (row['DXWidth'] as number) > 0)).toBe(
      true,
    );
    expect(variants.some((row) => (row['DXExtraLength'] as number) > 0)).toBe(true);
    expect(variants.some((row) => row['DXRemainingInventory'] === 0)).toBe(true);
    expect(variants.some((row) => row['Blocked'] === true)).toBe(true);
  });

  it('categories form a hyphenated hierarchy whose leaves carry the items', () => {
    const catalog = generateCatalog({ seed: 1, variants: 1000 });
    const categoryTable = catalog.tables.voaCategories;
    const codes = Array.from(
      { length: categoryTable.count },
      (_, index) => categoryTable.rowAt(index, view)['Code'] as string,
    );
    expect(codes).toEqual(
      expect.arrayContaining([
        'BEAM',
        'BEAM-HEA',
        'BEAM-HEB',
        'BEAM-IPE',
        'BEAM-UNP',
        'TUBE',
        'PLATE',
        'SHEET',
      ]),
    );
    for (const item of rows(catalog, 'voaItems')) {
      expect(codes).toContain(item['ItemCategoryCode']);
      expect(item['ItemCategoryCode']).toContain('-');
    }
  });
});
