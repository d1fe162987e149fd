// The scan rule (docs/input.md "Scanning"): what Enter in an item field does with the exact text typed,
// given what the catalog knows of the item it names. The picker and the entry row both decide with it.
import { describe, expect, it } from 'vitest';
import type { CatalogItemDetail, CatalogSizeRow } from '../../src/shared/contract/catalog-search.ts';
import { numberFromText } from '../../src/shared/contract/request-drafts.ts';
import { scanCodeParts, scanVerdict } from '../../src/shared/contract/scan-code.ts';

function size(itemNo: string, variantCode: string, blocked: Partial<CatalogSizeRow> = {}): CatalogSizeRow {
  return {
    itemNo,
    variantCode,
    itemDescription: 'HEA-balk',
    itemDescription2: '',
    description: `HEA 200 ${variantCode}`,
    description2: '',
    categoryCode: 'BALK',
    profileCode: 'HEA',
    gradeCode: 'S235JR',
    baseUnit: 'KG',
    priceUnit: 'KG',
    lengthMm: 6000,
    widthMm: 200,
    thicknessMm: 10,
    extraLengthMm: 0,
    formatType: '',
    inventory: 4,
    itemBlocked: false,
    salesBlocked: false,
    sizeBlocked: false,
    ...blocked,
  };
}

function item(
  itemNo: string,
  sizes: CatalogSizeRow[],
  blocked: Partial<CatalogItemDetail> = {},
): CatalogItemDetail {
  return {
    itemNo,
    description: 'HEA-balk',
    description2: '',
    baseUnit: 'KG',
    priceUnit: 'KG',
    categoryCode: 'BALK',
    categoryPath: [],
    profile: { code: 'HEA', description: 'HEA' },
    grade: undefined,
    blocked: false,
    salesBlocked: false,
    sizes,
    syncedAt: '2026-11-22T06:00:00Z',
    ...blocked,
  };
}

describe('scan rule', () => {
  it('reads an item number, optionally with a size code, trimmed and in any case', () => {
    expect(scanCodeParts('  100002 ')).toEqual({ itemNo: '100002', sizeCode: '' });
    expect(scanCodeParts('100002 s01')).toEqual({ itemNo: '100002', sizeCode: 'S01' });
    expect(scanCodeParts('100002/S01')).toEqual({ itemNo: '100002', sizeCode: 'S01' });
    expect(scanCodeParts('hea 200 s235')).toBeUndefined();
    expect(scanCodeParts('   ')).toBeUndefined();
  });

  it('an exact item with one size is that size; with several and none named, the item as a whole', () => {
    const one = item('100002', [size('100002', 'S01')]);
    expect(scanVerdict('100002', one)).toMatchObject({
      kind: 'line',
      itemLevel: false,
      row: { variantCode: 'S01' },
    });
    const several = item('100003', [size('100003', 'A'), size('100003', 'B')]);
    expect(scanVerdict('100003', several)).toMatchObject({
      kind: 'line',
      itemLevel: true,
      row: { variantCode: '' },
    });
    expect(scanVerdict('100003 b', several)).toMatchObject({ kind: 'line', row: { variantCode: 'B' } });
  });

  it('an exact code of a blocked item or size is refused with the reason', () => {
    const sizes = [size('100004', 'A'), size('100004', 'B', { sizeBlocked: true })];
    expect(scanVerdict('100004 B', item('100004', sizes))).toMatchObject({
      kind: 'refused',
      refusal: 'sizeBlocked',
    });
    const salesBlocked = item('100005', [size('100005', 'A', { salesBlocked: true })], {
      salesBlocked: true,
    });
    expect(scanVerdict('100005', salesBlocked)).toMatchObject({ kind: 'refused', refusal: 'salesBlocked' });
    const blocked = item('100006', [size('100006', 'A'), size('100006', 'B')], { blocked: true });
    expect(scanVerdict('100006', blocked)).toMatchObject({ kind: 'refused', refusal: 'blocked' });
  });

  it('anything else is a search: no such item, a size the item lacks, words, or nothing typed', () => {
    const one = item('100002', [size('100002', 'S01')]);
    expect(scanVerdict('100009', undefined)).toEqual({ kind: 'search' });
    expect(scanVerdict('100002 X9', one)).toEqual({ kind: 'search' });
    expect(scanVerdict('hea 200 s235', one)).toEqual({ kind: 'search' });
    expect(scanVerdict('1000021', one)).toEqual({ kind: 'search' });
    expect(scanVerdict('  ', one)).toEqual({ kind: 'empty' });
  });
});

describe('numbers typed in a form line go out as the UI language reads them', () => {
  it('reads 1.000 as a thousand in Dutch and 1,000 in English; other forms are refused, never misread', () => {
    expect(numberFromText('1.000', 'nl')).toBe(1000);
    expect(numberFromText('2,5', 'nl')).toBe(2.5);
    expect(numberFromText('1,000', 'en')).toBe(1000);
    expect(numberFromText('2.5', 'en')).toBe(2.5);
    expect(numberFromText('1.000,5,3', 'nl')).toBeNaN();
    expect(numberFromText('2.5', 'nl')).toBeNaN();
    expect(numberFromText('', 'nl')).toBeUndefined();
  });
});
