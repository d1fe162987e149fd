import { describe, expect, it } from 'vitest';
import { SOURCE_COUNTER_VISIT } from '../../src/shared/contract/fixed-values.ts';
import {
  emptyQuoteDraft,
  emptyLine,
  numberFromText,
  quotePayloadFromDraft,
  quoteDraftFromPayload,
  draftHasContent,
} from '../../src/shared/contract/request-drafts.ts';
import {
  accountRequestSchema,
  isCalendarDate,
  quoteRequestSchema,
  type QuoteRequestInput,
} from '../../src/shared/contract/request-schemas.ts';
import { fieldErrors, setValidationLanguage } from '../../src/shared/validation.ts';

const base = { privacyAccepted: true, privacyConsentVersion: 'pv1', source: 'fair' };

describe('request schemas: the contract’s limits, refused and never cut', () => {
  it('types requestId and privacyConsentVersion as text: a number there does not compile, and is refused', () => {
    const payload: QuoteRequestInput = {
      privacyAccepted: true,
      // @ts-expect-error privacyConsentVersion is text in the contract (checked by `npm run typecheck`)
      privacyConsentVersion: 42,
      // @ts-expect-error requestId is text in the contract
      requestId: 7,
    };
    expect(quoteRequestSchema.safeParse(payload).success).toBe(false);
  });

  it('uppercases code fields as the host stores them, and keeps text as typed', () => {
    const parsed = quoteRequestSchema.parse({
      ...base,
      countryCode: ' nl ',
      contactName: 'Jan de Vries',
      quoteRequestLines: [{ itemNo: 'hea200', variantCode: 'l6000', quantity: 2 }],
    });
    expect(parsed).toMatchObject({
      privacyConsentVersion: 'PV1',
      countryCode: 'NL',
      contactName: 'Jan de Vries',
    });
    expect(parsed.quoteRequestLines?.[0]).toMatchObject({ itemNo: 'HEA200', variantCode: 'L6000' });
  });

  it('names every bad field with what to do, in Dutch and English', () => {
    const bad = {
      ...base,
      privacyAccepted: false,
      source: SOURCE_COUNTER_VISIT,
      remarks: 'x'.repeat(2049),
      requestedDeliveryDate: '2026-02-29',
      quoteRequestLines: [{ itemNo: 'HEA200' }, { lineRemarks: 'zagen' }],
    };
    setValidationLanguage('nl');
    try {
      expect(fieldErrors(quoteRequestSchema.safeParse(bad).error!)).toEqual({
        privacyAccepted: 'de klant moet akkoord gaan met de privacyverklaring: vink het vakje aan',
        remarks: 'is langer dan 2048 tekens: maak het korter',
        requestedDeliveryDate: 'moet een datum zijn, zoals 2026-03-31',
        'quoteRequestLines.0.quantity': 'ontbreekt: typ hoeveel',
        'quoteRequestLines.1.itemNo':
          'is leeg: typ een artikelnummer, of een omschrijving voor een vrije tekstregel',
        assistedBy: 'ontbreekt: kies de medewerker aan de balie',
      });
    } finally {
      setValidationLanguage('en');
    }
    expect(fieldErrors(quoteRequestSchema.safeParse(bad).error!).assistedBy).toBe(
      'is missing: choose the employee at the counter',
    );
  });

  it('asks for the delivery address when delivering, and refuses assistedBy outside a counter visit', () => {
    const errors = fieldErrors(
      quoteRequestSchema.safeParse({
        ...base,
        deliveryMethod: 'Delivery',
        useShipToAddress: true,
        assistedBy: 'Kees',
      }).error!,
    );
    expect(Object.keys(errors).sort()).toEqual(['assistedBy', 'shipToAddress', 'shipToCity']);
  });

  it('a counter visit with no lines is refused at the lines: it would become an empty sales order', () => {
    const visit = { ...base, source: SOURCE_COUNTER_VISIT, assistedBy: 'Anja' };
    for (const lines of [undefined, []]) {
      const errors = fieldErrors(quoteRequestSchema.safeParse({ ...visit, quoteRequestLines: lines }).error!);
      expect(errors).toEqual({ quoteRequestLines: 'are missing: a counter visit needs at least one line' });
    }
    const oneLine = [{ itemNo: 'HEA200', quantity: 1 }];
    expect(quoteRequestSchema.safeParse({ ...visit, quoteRequestLines: oneLine }).success).toBe(true);
    // A fair's quote request may ask for a call back without lines.
    expect(quoteRequestSchema.safeParse({ ...base, quoteRequestLines: [] }).success).toBe(true);
  });

  it('checks calendar dates the way the host does', () => {
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(isCalendarDate('1700-01-01')).toBe(false);
    expect(isCalendarDate('15-09-2026')).toBe(false);
  });

  it('an account request needs an e-mail address that looks like one', () => {
    const missing = fieldErrors(accountRequestSchema.safeParse({ ...base, source: 'x' }).error!);
    expect(missing.email).toMatch(/missing: type the e-mail address/);
    const wrong = fieldErrors(accountRequestSchema.safeParse({ ...base, email: 'piet.nl' }).error!);
    expect(wrong.email).toMatch(/is not an e-mail address/);
    expect(
      accountRequestSchema.safeParse({ ...base, email: 'piet@bouw.nl', existingCustomer: 'Yes' }).success,
    ).toBe(true);
  });
});

const UNITS = { pieces: 'ST', meters: 'MTR', kilograms: 'KG' };

describe('drafts: what was typed becomes a payload', () => {
  it('reads decimal commas, omits empty keys, sends a free-text length as typed, and the delivery address only for another address', () => {
    expect(numberFromText('2,5')).toBe(2.5);
    expect(numberFromText(' 12 ')).toBe(12);
    expect(numberFromText('')).toBeUndefined();
    expect(numberFromText('2x')).toBeNaN();
    const draft = {
      ...emptyQuoteDraft('entry'),
      contactName: ' Jan ',
      shipToCity: 'Utrecht',
      requestedDeliveryDate: '2026-12-01',
      privacyAccepted: true,
      lines: [
        { ...emptyLine('a'), itemNo: 'HEA200', quantity: '2,5', unit: 'meters' as const, lengthMm: '6000' },
      ],
    };
    const payload = quotePayloadFromDraft(draft, {
      source: SOURCE_COUNTER_VISIT,
      privacyConsentVersion: 'PV1',
      assistedBy: 'Anja',
      units: UNITS,
    });
    expect(payload).toEqual({
      privacyAccepted: true,
      privacyConsentVersion: 'PV1',
      contactName: 'Jan',
      deliveryMethod: 'Pickup',
      requestedDeliveryDate: '2026-12-01',
      source: SOURCE_COUNTER_VISIT,
      assistedBy: 'Anja',
      quoteRequestLines: [{ itemNo: 'HEA200', quantity: 2.5, unitOfMeasureCode: 'MTR', lengthMm: 6000 }],
    });
    const billing = quotePayloadFromDraft(
      { ...draft, deliveryMethod: 'Delivery' },
      { source: 'x', privacyConsentVersion: 'PV1', units: UNITS },
    );
    expect(billing).toMatchObject({ useShipToAddress: false, requestedDeliveryDate: '2026-12-01' });
    expect(billing).not.toHaveProperty('shipToCity');
    const delivery = quotePayloadFromDraft(
      { ...draft, deliveryMethod: 'Delivery', useShipToAddress: true },
      { source: 'x', privacyConsentVersion: 'PV1', units: UNITS },
    );
    expect(delivery).toMatchObject({ useShipToAddress: true, shipToCity: 'Utrecht' });
    const back = quoteDraftFromPayload(delivery, 'entry', (index) => `line-${index}`);
    expect(back).toMatchObject({
      contactName: 'Jan',
      deliveryMethod: 'Delivery',
      useShipToAddress: true,
      shipToCity: 'Utrecht',
    });
    expect(back.lines[0]).toMatchObject({
      key: 'line-0',
      itemNo: 'HEA200',
      quantity: '2.5',
      unitOfMeasureCode: 'MTR',
    });
    expect(draftHasContent(emptyQuoteDraft('e'))).toBe(false);
    expect(draftHasContent(back)).toBe(true);
  });
});

describe('code fields', () => {
  it('are uppercased as the host stores them, never growing past their limit (ß stays)', () => {
    const parsed = quoteRequestSchema.parse({
      ...base,
      countryCode: 'de',
      quoteRequestLines: [{ itemNo: 'straße', quantity: 1 }],
    });
    expect(parsed.countryCode).toBe('DE');
    expect(parsed.quoteRequestLines?.[0]?.itemNo).toBe('STRAßE');
  });
});
