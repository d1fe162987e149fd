// Payload keys of voaRequests with their types and maximum lengths, as in the contract (docs/contract.md)
// ("Quote request header keys", "Quote request line keys", "Account request keys"). The host silently
// truncates longer text; VOA Desk never lets that happen (limits are enforced before a request is queued).

export type FieldKind = 'text' | 'code' | 'boolean' | 'number' | 'date' | 'choice';

export interface FieldSpec {
  readonly kind: FieldKind;
  /** Maximum length in characters for text and code fields. */
  readonly maxLength?: number;
}

const text = <N extends number>(maxLength: N) => ({ kind: 'text', maxLength }) as const;
/** Code fields are stored uppercase by the host, so VOA Desk uppercases them as the user types. */
const code = <N extends number>(maxLength: N) => ({ kind: 'code', maxLength }) as const;
const bool = { kind: 'boolean' } as const;
const num = { kind: 'number' } as const;

export const QUOTE_HEADER_FIELDS = {
  requestId: code(64),
  privacyAccepted: bool,
  privacyConsentVersion: code(20),
  contactName: text(100),
  email: text(100),
  companyName: text(100),
  vatRegistrationNo: text(20),
  phoneNo: text(30),
  customerReference: text(35),
  languageCode: code(10),
  address: text(100),
  address2: text(50),
  postCode: code(20),
  city: text(30),
  countryCode: code(10),
  deliveryMethod: { kind: 'choice' } as const,
  shipToCode: code(10),
  useShipToAddress: bool,
  shipToName: text(100),
  shipToAddress: text(100),
  shipToAddress2: text(50),
  shipToPostCode: code(20),
  shipToCity: text(30),
  shipToCountryCode: code(10),
  requestedDeliveryDate: { kind: 'date' } as const,
  remarks: text(2048),
  ipHash: text(64),
  source: text(50),
  assistedBy: text(50),
} as const satisfies Record<string, FieldSpec>;

/** The array of line objects in a quote request. */
export const QUOTE_LINES_KEY = 'quoteRequestLines';

export const QUOTE_LINE_FIELDS = {
  itemNo: code(20),
  variantCode: code(10),
  profileCode: code(30),
  qualityCode: code(20),
  description: text(100),
  quantity: num,
  unitOfMeasureCode: code(10),
  lengthMm: num,
  widthMm: num,
  thicknessMm: num,
  lineRemarks: text(250),
} as const satisfies Record<string, FieldSpec>;

export const ACCOUNT_REQUEST_FIELDS = {
  requestId: code(64),
  privacyAccepted: bool,
  privacyConsentVersion: code(20),
  email: text(100),
  contactName: text(100),
  jobTitle: text(50),
  companyName: text(100),
  vatRegistrationNo: text(20),
  phoneNo: text(30),
  address: text(100),
  address2: text(50),
  postCode: code(20),
  city: text(30),
  countryCode: code(10),
  existingCustomer: { kind: 'choice' } as const,
  statedCustomerNo: code(20),
  languageCode: code(10),
  remarks: text(2048),
  ipHash: text(64),
  source: text(50),
} as const satisfies Record<string, FieldSpec>;

export type QuoteHeaderKey = keyof typeof QUOTE_HEADER_FIELDS;
export type QuoteLineKey = keyof typeof QUOTE_LINE_FIELDS;
export type AccountRequestKey = keyof typeof ACCOUNT_REQUEST_FIELDS;

/**
 * Uppercase as the host stores a code: character by character, leaving a character whose uppercase is
 * longer (ß → SS) as it is, so a code never outgrows its field.
 */
export function toCodeCase(text: string): string {
  let result = '';
  for (const character of text) {
    const upper = character.toUpperCase();
    result += upper.length === character.length ? upper : character;
  }
  return result;
}

/** The two voaRequests actions: `voaRequests_<procedure>`. */
export const REQUEST_ACTIONS = {
  quote: 'voaRequests_CreateQuoteRequest',
  account: 'voaRequests_CreateAccountRequest',
} as const;
export type RequestKind = keyof typeof REQUEST_ACTIONS;

/** Name of the single string parameter of both actions. */
export const REQUEST_PAYLOAD_PARAMETER = 'payload';
/** Query parameter that addresses the company of an action (its GUID). */
export const ACTION_COMPANY_PARAMETER = 'company';
/** Key of the parsed action result that holds the request number. */
export const REQUEST_NUMBER_KEY = 'number';
