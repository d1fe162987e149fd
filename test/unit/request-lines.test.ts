// Units, standard and cut lengths, catalog-checked item numbers and the submit rules of a quote line.
import { describe, expect, it } from 'vitest';
import {
  lineDescription,
  pickedLineFor,
  type CatalogItemDetail,
  type CatalogSizeRow,
} from '../../src/shared/contract/catalog-search.ts';
import {
  emptyLine,
  lineFromPicked,
  withCutUnit,
  linePayloadFromDraft,
  lineWithCatalogItem,
  lineWithoutCatalogItem,
} from '../../src/shared/contract/request-drafts.ts';
import {
  hasNoStandardLength,
  tradeDefaultUnit,
  unitForCode,
} from '../../src/shared/contract/request-lines.ts';
import {
  dateNeedsConfirmation,
  oneYearAfter,
  submitIssues,
} from '../../src/shared/contract/request-submit-rules.ts';
import { settingsSchemas } from '../../src/shared/settings.ts';
import { setValidationLanguage } from '../../src/shared/validation.ts';

const UNITS = { pieces: 'ST', meters: 'MTR', kilograms: 'KG' };

function size(overrides: Partial<CatalogSizeRow>): CatalogSizeRow {
  return {
    itemNo: 'HEA200',
    variantCode: '6M',
    itemDescription: 'HEA 200',
    itemDescription2: '',
    description: '6 m',
    description2: '',
    categoryCode: 'BALK',
    profileCode: 'HEA',
    gradeCode: 'S235JR',
    baseUnit: 'KG',
    priceUnit: 'M',
    lengthMm: 6000,
    widthMm: 0,
    thicknessMm: 0,
    extraLengthMm: 0,
    formatType: '',
    inventory: 3,
    itemBlocked: false,
    salesBlocked: false,
    sizeBlocked: false,
    ...overrides,
  };
}

function item(sizes: CatalogSizeRow[], overrides: Partial<CatalogItemDetail> = {}): CatalogItemDetail {
  return {
    itemNo: 'HEA200',
    description: 'HEA 200',
    description2: '',
    baseUnit: 'KG',
    priceUnit: 'M',
    categoryCode: 'BALK',
    categoryPath: [],
    profile: { code: 'HEA', description: 'HEA' },
    grade: { code: 'S235JR', description: 'S235JR' },
    blocked: false,
    salesBlocked: false,
    sizes,
    syncedAt: '2026-11-22T02:00:00.000Z',
    ...overrides,
  };
}

const picked = {
  itemNo: 'HEA200',
  variantCode: '6M',
  description: 'HEA 200, 6 m',
  treatment: '',
  profileCode: 'HEA',
  qualityCode: 'S235JR',
  baseUnit: 'KG',
  priceUnit: 'M',
  lengthMm: 6000,
  widthMm: 0,
  thicknessMm: 0,
  cutToLength: false,
};

/** A cut-to-length size: it has no standard length (DXLength 0 on a host with the steel extension). */
const opmaat = {
  ...picked,
  variantCode: 'OPMAAT',
  description: 'HEA 200, op lengte gezaagd',
  lengthMm: 0,
  cutToLength: true,
};

describe('units of a line', () => {
  it('a size with a length, or a plate with width and thickness, counts pieces; anything else the base unit', () => {
    expect(tradeDefaultUnit({ lengthMm: 6000, widthMm: 0, thicknessMm: 0 })).toBe('pieces');
    expect(tradeDefaultUnit({ lengthMm: 0, widthMm: 1500, thicknessMm: 10 })).toBe('pieces');
    expect(tradeDefaultUnit({ lengthMm: 0, widthMm: 50, thicknessMm: 0 })).toBe('base');
  });

  it('a picked 6 m size goes out as pieces in the company code, with lengthMm 0 (standard)', () => {
    const line = { ...lineFromPicked('a', picked, { codes: UNITS }), quantity: '3' };
    expect(line).toMatchObject({ unit: 'pieces', unitOfMeasureCode: 'ST', lengthMm: '' });
    expect(linePayloadFromDraft(line, UNITS)).toEqual({
      itemNo: 'HEA200',
      variantCode: '6M',
      description: 'HEA 200, 6 m',
      profileCode: 'HEA',
      qualityCode: 'S235JR',
      quantity: 3,
      unitOfMeasureCode: 'ST',
      lengthMm: 0,
      widthMm: 0,
      thicknessMm: 0,
    });
  });

  it('the unit remembered for the item wins over the trade default; the base and price unit send their codes', () => {
    const remembered = lineFromPicked('a', picked, { codes: UNITS, remembered: 'price' });
    expect(remembered).toMatchObject({ unit: 'price', unitOfMeasureCode: 'M' });
    expect(lineFromPicked('a', picked, { codes: UNITS, remembered: 'base' }).unitOfMeasureCode).toBe('KG');
    expect(unitForCode('mtr', UNITS)).toBe('meters');
  });

  it('a line on which nobody chose a unit counts pieces, in the code of today', () => {
    const line = { ...emptyLine('a'), itemNo: 'X1', quantity: '4' };
    expect(linePayloadFromDraft(line, UNITS).unitOfMeasureCode).toBe('ST');
  });
});

describe('cut lengths: pieces sawn to a length', () => {
  it('a cut-to-length size counts pieces and never goes out as "the standard length"', () => {
    const line = {
      ...lineFromPicked('a', opmaat, { codes: UNITS, remembered: 'base' }),
      quantity: '2',
    };
    expect(line).toMatchObject({ unit: 'pieces', unitOfMeasureCode: 'ST' });
    expect(line.catalog?.cutToLength).toBe(true);
    expect(linePayloadFromDraft(line, UNITS)).not.toHaveProperty('lengthMm');
    expect(linePayloadFromDraft({ ...line, lengthMm: '3150' }, UNITS)).toMatchObject({
      quantity: 2,
      unitOfMeasureCode: 'ST',
      lengthMm: 3150,
    });
  });

  it('without the steel extension a length of 0 means nothing, so no size is taken for cut to length', () => {
    const row = size({ variantCode: 'OPMAAT', lengthMm: 0 });
    expect(pickedLineFor(row, true).cutToLength).toBe(true);
    expect(pickedLineFor(row, false).cutToLength).toBe(false);
    expect(hasNoStandardLength({ variantCode: '', lengthMm: 0 }, true)).toBe(false);
  });

  it('typing a cut length counts the line in pieces, unless the employee chose the unit by hand', () => {
    const inKilograms = {
      ...lineFromPicked('a', picked, { codes: UNITS, remembered: 'base' }),
      quantity: '2',
    };
    expect(inKilograms.unit).toBe('base');
    expect(withCutUnit({ ...inKilograms, lengthMm: '3150' }, UNITS)).toMatchObject({
      unit: 'pieces',
      unitOfMeasureCode: 'ST',
    });
    expect(withCutUnit({ ...inKilograms, lengthMm: '6000' }, UNITS).unit).toBe('base');
    const chosen = { ...inKilograms, unitChosen: true, lengthMm: '3150' };
    expect(withCutUnit(chosen, UNITS).unit).toBe('base');
  });

  it('an item number checked against the catalog takes the cut-to-length size and its unit too', () => {
    const line = lineWithCatalogItem(
      { ...emptyLine('a'), itemNo: 'HEA200', variantCode: 'OPMAAT', unit: 'base', quantity: '2' },
      item([size({}), size({ variantCode: 'OPMAAT', lengthMm: 0 })]),
      { codes: UNITS, steel: true },
    );
    expect(line).toMatchObject({ unit: 'pieces', unitOfMeasureCode: 'ST' });
    expect(line.catalog?.cutToLength).toBe(true);
  });
});

describe('the treatment is part of what is sold', () => {
  it('goes into the line description and onto the line, and is never what gives way to the 100 characters', () => {
    expect(
      lineDescription({ item: 'Balk HEA 200 S235JR', treatment: 'thermisch verzinkt', size: 'Lengte 6 m' }),
    ).toBe('Balk HEA 200 S235JR, thermisch verzinkt, Lengte 6 m');
    const long = lineDescription({
      item: 'X'.repeat(90),
      treatment: 'gestraald en gegrond',
      size: 'Lengte 12 m',
    });
    expect(long).toHaveLength(100);
    expect(long).toMatch(/…, gestraald en gegrond, Lengte 12 m$/);
    const treated = lineFromPicked('a', { ...picked, treatment: 'thermisch verzinkt' }, { codes: UNITS });
    expect(treated.catalog?.treatment).toBe('thermisch verzinkt');
  });
});

describe('lengths of a line', () => {
  it('a typed length other than the standard is a cut and goes out as typed; the standard typed is 0', () => {
    const line = lineFromPicked('a', picked, { codes: UNITS });
    expect(linePayloadFromDraft({ ...line, lengthMm: '2350' }, UNITS).lengthMm).toBe(2350);
    expect(linePayloadFromDraft({ ...line, lengthMm: '6000' }, UNITS).lengthMm).toBe(0);
  });

  it('a free-text line sends exactly the dimensions typed, and nothing when none were typed', () => {
    const line = {
      ...emptyLine('a'),
      description: 'Plaat op maat',
      quantity: '1',
      lengthMm: '1200',
      widthMm: '800',
    };
    const payload = linePayloadFromDraft(line, UNITS);
    expect(payload).toMatchObject({ lengthMm: 1200, widthMm: 800 });
    expect(payload).not.toHaveProperty('thicknessMm');
  });
});

describe('item numbers checked against the local catalog', () => {
  it('a known item with one size fills description, profile, grade, size and the trade unit', () => {
    const line = lineWithCatalogItem({ ...emptyLine('a'), itemNo: 'HEA200' }, item([size({})]), {
      codes: UNITS,
    });
    expect(line).toMatchObject({
      variantCode: '6M',
      description: 'HEA 200, 6 m',
      profileCode: 'HEA',
      qualityCode: 'S235JR',
      unit: 'pieces',
      unitOfMeasureCode: 'ST',
    });
    expect(line.catalog).toMatchObject({ state: 'known', standardLengthMm: 6000 });
  });

  it('an item with several sizes leaves the size to choose; a blocked item or size is refused with the reason', () => {
    const several = lineWithCatalogItem(
      { ...emptyLine('a'), itemNo: 'HEA200' },
      item([size({}), size({ variantCode: '12M', lengthMm: 12000 })]),
      { codes: UNITS },
    );
    expect(several.variantCode).toBe('');
    expect(several.unit).toBe('base');
    const blocked = lineWithCatalogItem(
      { ...emptyLine('a'), itemNo: 'HEA200' },
      item([size({})], { salesBlocked: true }),
      {
        codes: UNITS,
      },
    );
    expect(blocked.catalog).toMatchObject({ state: 'refused', refusal: 'salesBlocked' });
    const sizeBlocked = lineWithCatalogItem(
      { ...emptyLine('a'), itemNo: 'HEA200', variantCode: '12M' },
      item([size({}), size({ variantCode: '12M', sizeBlocked: true })]),
      { codes: UNITS },
    );
    expect(sizeBlocked.catalog).toMatchObject({ state: 'refused', refusal: 'sizeBlocked' });
  });

  it('an unknown item is marked with the sync time; with no catalog the line goes as typed', () => {
    const unknown = lineWithoutCatalogItem(
      { ...emptyLine('a'), itemNo: 'NIEUW1', lengthMm: '2000' },
      '2026-11-22T02:00:00.000Z',
    );
    expect(unknown.catalog).toMatchObject({ state: 'unknown', syncedAt: '2026-11-22T02:00:00.000Z' });
    expect(linePayloadFromDraft({ ...unknown, variantCode: 'X' }, UNITS).lengthMm).toBe(2000);
    expect(lineWithoutCatalogItem({ ...emptyLine('a'), itemNo: 'X' }, undefined).catalog?.state).toBe(
      'noCatalog',
    );
  });
});

describe('submit rules', () => {
  it('pieces are whole numbers; a date in the past is refused; more than a year ahead asks first', () => {
    setValidationLanguage('nl');
    const issues = submitIssues(
      {
        privacyAccepted: true,
        privacyConsentVersion: 'PV1',
        requestedDeliveryDate: '2026-11-21',
        quoteRequestLines: [
          { itemNo: 'A', quantity: 2.5, unitOfMeasureCode: 'st' },
          { itemNo: 'B', quantity: 2.5, unitOfMeasureCode: 'MTR' },
        ],
      },
      { today: '2026-11-22', units: UNITS },
    );
    expect(Object.keys(issues)).toEqual(['requestedDeliveryDate', 'quoteRequestLines.0.quantity']);
    expect(issues.requestedDeliveryDate).toContain('ligt in het verleden');
    expect(issues['quoteRequestLines.0.quantity']).toContain('stuks zijn hele getallen');
    setValidationLanguage('en');
    expect(oneYearAfter('2026-11-22')).toBe('2027-11-22');
    const later = { privacyAccepted: true as const, privacyConsentVersion: 'PV1' };
    expect(dateNeedsConfirmation({ ...later, requestedDeliveryDate: '2027-11-23' }, '2026-11-22')).toBe(true);
    expect(dateNeedsConfirmation({ ...later, requestedDeliveryDate: '2027-11-22' }, '2026-11-22')).toBe(
      false,
    );
  });
});

describe('settings of units and source labels', () => {
  it('unit codes are code fields: uppercased, not empty, at most 10 characters', () => {
    expect(
      settingsSchemas().settingsPatch.parse({ units: { pieces: ' st ', meters: 'mtr', kilograms: 'kg' } })
        .units,
    ).toEqual(UNITS);
    const wrong = settingsSchemas().settingsPatch.safeParse({
      units: { pieces: '', meters: 'M'.repeat(11), kilograms: 'KG' },
    });
    expect(wrong.success).toBe(false);
    expect(wrong.error?.issues.map((issue) => issue.path.join('.'))).toEqual([
      'units.pieces',
      'units.meters',
    ]);
  });

  it('a source label cannot be counterVisit or portal, whatever the case', () => {
    for (const label of ['counterVisit', 'PORTAL']) {
      const verdict = settingsSchemas().settingsPatch.safeParse({ sourceLabels: ['Beurs', label] });
      expect(verdict.success).toBe(false);
      expect(verdict.error?.issues[0]?.message).toContain('counterVisit or portal');
    }
  });
});
