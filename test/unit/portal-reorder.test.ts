// "Order again": a customer's document line as a new form line, its quantity and the catalog's verdict.
import { describe, expect, it } from 'vitest';
import type { CatalogItemDetail } from '../../src/shared/contract/catalog-search.ts';
import type { PortalDocumentLine } from '../../src/shared/contract/portal-objects.ts';
import { lineFromDocumentLine, reorderQuantity } from '../../src/shared/contract/portal-reorder.ts';

const CODES = { pieces: 'ST', meters: 'M', kilograms: 'KG' };
const steelLine = (unit: string, kg: number | null = 755.6): PortalDocumentLine => ({
  lineNo: 10000,
  itemNo: '100025',
  description: 'Plaat 40 mm S235JR',
  format: 'F2500',
  quantity: null,
  unitOfMeasureCode: '',
  outstandingQuantity: null,
  quantityShipped: null,
  steel: {
    profile: 'PLAAT',
    grade: 'S235JR',
    formatDescription: 'Formaat 2500 x 1250 mm',
    unit,
    weightType: 'Theoretical',
    quantity: { pieces: 8, meters: 20, kg },
    outstanding: null,
    shipped: null,
  },
});
const plainLine: PortalDocumentLine = {
  ...steelLine('PCS'),
  steel: null,
  quantity: 2.5,
  unitOfMeasureCode: 'm',
};
const detail = (blocked: boolean): CatalogItemDetail => ({
  itemNo: '100025',
  description: 'Plaat 40 mm',
  description2: '',
  baseUnit: 'KG',
  priceUnit: 'KG',
  categoryCode: 'PLAAT',
  categoryPath: [],
  profile: { code: 'PLAAT', description: 'Plaat' },
  grade: { code: 'S235JR', description: 'S235JR' },
  blocked,
  salesBlocked: false,
  sizes: [
    {
      itemNo: '100025',
      variantCode: 'F2500',
      itemDescription: 'Plaat 40 mm',
      itemDescription2: '',
      description: 'Formaat 2500 x 1250 mm',
      description2: '',
      categoryCode: 'PLAAT',
      profileCode: 'PLAAT',
      gradeCode: 'S235JR',
      baseUnit: 'KG',
      priceUnit: 'KG',
      lengthMm: 2500,
      widthMm: 1250,
      thicknessMm: 40,
      extraLengthMm: 0,
      formatType: '',
      inventory: 3,
      itemBlocked: blocked,
      salesBlocked: false,
      sizeBlocked: false,
    },
  ],
  syncedAt: '2026-11-27T02:00:00Z',
});

describe('order again', () => {
  it.each([
    ['PCS', 8, 'pieces', 'ST'],
    ['MTR', 20, 'meters', 'M'],
    ['KG', 755.6, 'kilograms', 'KG'],
  ] as const)(
    'with the steel extension, leading %s: %s in the company’s code',
    (unit, value, lineUnit, code) => {
      expect(reorderQuantity(steelLine(unit), CODES)).toEqual({
        value,
        unit: lineUnit,
        unitOfMeasureCode: code,
      });
    },
  );

  it('a leading quantity the host does not know is left for the employee, never 0', () => {
    expect(reorderQuantity(steelLine('KG', null), CODES).value).toBeNull();
    const line = lineFromDocumentLine('k', steelLine('KG', null), undefined, {
      codes: CODES,
      language: 'nl',
      syncedAt: undefined,
    });
    expect(line.quantity).toBe('');
  });

  it('without the extension, quantity and unitOfMeasureCode, written as Dutch users type numbers', () => {
    const line = lineFromDocumentLine('k', plainLine, undefined, {
      codes: CODES,
      language: 'nl',
      syncedAt: '',
    });
    expect(line).toMatchObject({
      quantity: '2,5',
      unit: 'meters',
      unitOfMeasureCode: 'M',
      variantCode: 'F2500',
    });
    expect(line.catalog?.state).toBe('noCatalog');
  });

  it('matches the item and size in the local catalog, and flags a blocked item or an unknown one', () => {
    const options = { codes: CODES, language: 'en', syncedAt: '2026-11-27T02:00:00Z' } as const;
    const known = lineFromDocumentLine('a', steelLine('PCS'), detail(false), options);
    expect(known).toMatchObject({ itemNo: '100025', variantCode: 'F2500', quantity: '8', unit: 'pieces' });
    expect(known.catalog).toMatchObject({ state: 'known', standardLengthMm: 2500 });
    const blocked = lineFromDocumentLine('b', steelLine('PCS'), detail(true), options);
    expect(blocked.catalog).toMatchObject({ state: 'refused', refusal: 'blocked' });
    const unknown = lineFromDocumentLine('c', steelLine('PCS'), undefined, options);
    expect(unknown.catalog?.state).toBe('unknown');
  });
});
