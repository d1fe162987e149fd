// Valid submissions as the counter screen sends them, for tests that need one and do not test the form.
import { SOURCE_COUNTER_VISIT } from '../../src/shared/contract/fixed-values.ts';
import type { QuoteRequestInput } from '../../src/shared/contract/request-schemas.ts';
import { TEST_PRIVACY_CONSENT_VERSION } from './emulator-profile.ts';

export const sampleCounterVisit: QuoteRequestInput = {
  privacyAccepted: true,
  privacyConsentVersion: TEST_PRIVACY_CONSENT_VERSION,
  contactName: 'Jan Smit',
  companyName: 'Smit Metaalbouw',
  phoneNo: '06-12345678',
  deliveryMethod: 'Pickup',
  source: SOURCE_COUNTER_VISIT,
  assistedBy: 'Anja de Vries',
  quoteRequestLines: [{ itemNo: 'HEA200', quantity: 4, unitOfMeasureCode: 'PCS', lengthMm: 6000 }],
};
