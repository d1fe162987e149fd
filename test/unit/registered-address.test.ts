// A registered delivery address in the quote draft: its code goes along only while the text is its own.
import { describe, expect, it } from 'vitest';
import type { DeliveryAddress } from '../../src/shared/contract/portal-objects.ts';
import {
  emptyLine,
  emptyQuoteDraft,
  quotePayloadFromDraft,
  withPortalValues,
  withRegisteredAddress,
  withTypedText,
  withoutPortalValues,
} from '../../src/shared/contract/request-drafts.ts';

const WAREHOUSE: DeliveryAddress = {
  code: 'MAG-2',
  name: 'De Vries Staalbouw, magazijn',
  address: 'Havenweg 4',
  address2: '',
  postCode: '1234 AB',
  city: 'Zaandam',
  country: 'NL',
};
const CONTEXT = {
  source: 'Beurs',
  units: { pieces: 'PCS', meters: 'M', kilograms: 'KG' },
  privacyConsentVersion: 'V1',
};
const chosen = withRegisteredAddress(emptyQuoteDraft('entry'), WAREHOUSE, '10000');

describe('a registered delivery address in the draft', () => {
  it('fills the address text, chooses delivery to another address and sends its shipToCode', () => {
    expect(quotePayloadFromDraft(chosen, CONTEXT)).toMatchObject({
      deliveryMethod: 'Delivery',
      useShipToAddress: true,
      shipToName: WAREHOUSE.name,
      shipToAddress: 'Havenweg 4',
      shipToPostCode: '1234 AB',
      shipToCity: 'Zaandam',
      shipToCountryCode: 'NL',
      shipToCode: 'MAG-2',
    });
  });

  it.each([
    'shipToName',
    'shipToAddress',
    'shipToAddress2',
    'shipToPostCode',
    'shipToCity',
    'shipToCountryCode',
  ] as const)('drops the shipToCode once %s is edited by hand, and keeps the typed text', (key) => {
    const edited = withTypedText(chosen, key, `${chosen[key]}X`);
    const payload = quotePayloadFromDraft(edited, CONTEXT);
    expect(payload).not.toHaveProperty('shipToCode');
    expect(payload[key]).toBe(`${chosen[key]}X`);
  });

  it('keeps the shipToCode when another field is typed, or the address field is set to the same text', () => {
    expect(withTypedText(chosen, 'remarks', 'Graag voor 10 uur').shipToCode).toBe('MAG-2');
    expect(withTypedText(chosen, 'contactName', 'Piet').shipToCode).toBe('MAG-2');
    expect(withTypedText(chosen, 'shipToCity', 'Zaandam').shipToCode).toBe('MAG-2');
  });
});

describe("the customer's portal data in a form", () => {
  const REMARK = 'Aangemelde portaalklant: 10000 De Vries Staalbouw';
  const typed = {
    ...emptyQuoteDraft('entry'),
    contactName: 'Piet',
    remarks: 'Graag voor 10 uur',
    lines: [{ ...emptyLine('typed'), itemNo: 'HEA200', quantity: '2' }],
  };
  const filled = withRegisteredAddress(
    withPortalValues(
      { ...typed, remarks: `${typed.remarks}\n${REMARK}` },
      '10000',
      { email: 'inkoop@devries.example', phoneNo: '020 123 4567' },
      { remarkLine: REMARK },
    ),
    WAREHOUSE,
    '10000',
  );

  it('stays marked as the customer’s after the employee edits it, and leaves with the customer', () => {
    const edited = withTypedText(withTypedText(filled, 'email', 'piet@devries.example'), 'shipToCity', 'Urk');
    const left = withoutPortalValues(edited);
    expect(left).toMatchObject({
      contactName: 'Piet',
      remarks: 'Graag voor 10 uur',
      email: '',
      phoneNo: '',
      shipToAddress: '',
      shipToCity: '',
      shipToCode: '',
      useShipToAddress: false,
      deliveryMethod: 'Pickup',
    });
    expect(left.lines.map((line) => line.key)).toEqual(['typed']);
    expect(left.portal).toBeUndefined();
  });

  it('takes the whole remarks when the customer’s remark line was edited (whose words are whose is unknown)', () => {
    const edited = { ...filled, remarks: filled.remarks.replace('10000', '10001') };
    expect(withoutPortalValues(edited).remarks).toBe('');
  });

  it('removes lines copied from the customer’s documents, keeps typed ones', () => {
    const copied = withPortalValues(
      { ...filled, lines: [...filled.lines, { ...emptyLine('copied'), itemNo: 'IPE100', quantity: '1' }] },
      '10000',
      {},
      { lineKeys: ['copied'] },
    );
    expect(copied.portal?.keys).toContain('email');
    expect(withoutPortalValues(copied).lines.map((line) => line.key)).toEqual(['typed']);
  });

  it('a second customer’s data first takes the first customer’s out', () => {
    const second = withPortalValues(filled, '20000', { companyName: 'Northern Steel' });
    expect(second).toMatchObject({ companyName: 'Northern Steel', email: '', shipToCode: '' });
    expect(second.portal).toMatchObject({ customerNo: '20000', keys: ['companyName'], remarkLine: '' });
    expect(second.remarks).toBe('Graag voor 10 uur');
  });

  it('is never sent as a key of the request', () => {
    expect(quotePayloadFromDraft(filled, CONTEXT)).not.toHaveProperty('portal');
  });
});
