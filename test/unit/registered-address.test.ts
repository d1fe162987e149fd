// A registered delivery address in the quote draft: its code goes along only while the text is its own.
import { describe, expect, it } from 'vitest';
import type { DeliveryAddress } from '../../src/shared/contract/portal-objects.ts';
import {
  emptyQuoteDraft,
  quotePayloadFromDraft,
  withRegisteredAddress,
  withTypedText,
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
const chosen = withRegisteredAddress(emptyQuoteDraft('entry'), WAREHOUSE);

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
