// Payload keys of voaRequests, declared once each (docs/contract.md, "voaRequests: quote and account
// requests"): kind, maximum length, whether the host refuses a request without it, the form section it
// sits in and the message key of its label. The payload schemas (request-schemas.ts), the draft types,
// empty drafts and the mapping between drafts and payloads (request-drafts.ts) and the forms' field lists
// are all generated from these tables, so a new key is one line here plus its label (docs/requests.md,
// "Adding a contract field"). The host silently truncates longer text; VOA Desk never lets that happen
// (limits are enforced before a request is queued).
import { withoutInvisible } from '../invisible-characters.ts';
import {
  DELIVERY_METHODS,
  DELIVERY_PICKUP,
  EXISTING_CUSTOMER_VALUES,
  type ExistingCustomer,
} from './fixed-values.ts';

/**
 * text: free text; code: stored uppercase by the host; email and phone: text typed as such; date:
 * YYYY-MM-DD; choice: one of the contract's fixed values; boolean and number: JSON values.
 */
export type FieldKind = 'text' | 'code' | 'email' | 'phone' | 'date' | 'choice' | 'boolean' | 'number';

/**
 * Where a key lives. `context` keys are never typed into a form: the outbox (requestId), Settings
 * (privacyConsentVersion), the screen (source, assistedBy) fill them, or nobody does (ipHash). The others
 * are kept in the draft and name the part of the form that shows them.
 */
export type FieldSection =
  | 'context'
  | 'customer'
  | 'address'
  | 'existingCustomer'
  | 'delivery'
  | 'shipTo'
  | 'remarks'
  | 'consent'
  | 'line';

export interface FieldSpec {
  readonly kind: FieldKind;
  /** Maximum length in characters of text, code, e-mail and phone fields. */
  readonly maxLength?: number;
  /** The host refuses the request without it (its own message in request-schemas.ts). */
  readonly required?: boolean;
  readonly section: FieldSection;
  /** Message key of the field's label in the renderer's catalogs; none for a key nobody types. */
  readonly label?: string;
  /** Message key of a hint under the field. */
  readonly hint?: string;
  /** A code without spaces, dots or hyphens (VAT numbers, country codes). */
  readonly compact?: boolean;
  /** A text area: its line breaks are kept. */
  readonly multiline?: boolean;
  /** The values suggested while typing (the form's datalists). */
  readonly suggestions?: 'languages' | 'countries';
  /** Sent only for a delivery, or only for a delivery to another address than the billing address. */
  readonly sentFor?: 'delivery' | 'otherAddress';
  /** Spans two columns of the form's grid. */
  readonly wide?: boolean;
  /** A choice's fixed values and the one a new draft starts with. */
  readonly values?: readonly [string, ...string[]];
  readonly initial?: string;
}

type Extras = Omit<FieldSpec, 'kind' | 'maxLength' | 'values' | 'initial'>;

const text = <N extends number, const E extends Extras>(maxLength: N, extras: E) =>
  ({ kind: 'text', maxLength, ...extras }) as const;
/** Code fields are stored uppercase by the host, so VOA Desk uppercases them as the user types. */
const code = <N extends number, const E extends Extras>(maxLength: N, extras: E) =>
  ({ kind: 'code', maxLength, ...extras }) as const;
const email = <N extends number, const E extends Extras>(maxLength: N, extras: E) =>
  ({ kind: 'email', maxLength, ...extras }) as const;
const phone = <N extends number, const E extends Extras>(maxLength: N, extras: E) =>
  ({ kind: 'phone', maxLength, ...extras }) as const;
const bool = <const E extends Extras>(extras: E) => ({ kind: 'boolean', ...extras }) as const;
const num = <const E extends Extras>(extras: E) => ({ kind: 'number', ...extras }) as const;
const date = <const E extends Extras>(extras: E) => ({ kind: 'date', ...extras }) as const;
const choice = <const V extends readonly [string, ...string[]], const E extends Extras>(
  values: V,
  initial: V[number],
  extras: E,
) => ({ kind: 'choice', values, initial, ...extras }) as const;

const CONTEXT = { section: 'context' } as const;

// Rows both requests share, by the contract's "Request payloads": the same key, length and meaning.
/** Keys no form shows: the outbox, Settings and the screen fill them. */
const REQUEST_CONTEXT = {
  requestId: code(64, CONTEXT),
  privacyConsentVersion: code(20, { required: true, section: 'context', label: 'requestForm.form.privacy' }),
  ipHash: text(64, CONTEXT),
  source: text(50, { section: 'context', label: 'fair.event' }),
} as const;

const CUSTOMER = {
  contactName: text(100, { section: 'customer', label: 'requestForm.form.contactName' }),
  companyName: text(100, { section: 'customer', label: 'requestForm.form.companyName' }),
  phoneNo: phone(30, { section: 'customer', label: 'requestForm.form.phoneNo' }),
  vatRegistrationNo: code(20, {
    section: 'customer',
    label: 'requestForm.form.vatRegistrationNo',
    compact: true,
  }),
  languageCode: code(10, {
    section: 'customer',
    label: 'requestForm.form.languageCode',
    hint: 'requestForm.form.languageHint',
    suggestions: 'languages',
  }),
} as const;

const BILLING_ADDRESS = {
  address: text(100, { section: 'address', label: 'requestForm.form.address' }),
  address2: text(50, { section: 'address', label: 'requestForm.form.address2' }),
  postCode: code(20, { section: 'address', label: 'requestForm.form.postCode' }),
  city: text(30, { section: 'address', label: 'requestForm.form.city' }),
  countryCode: code(10, {
    section: 'address',
    label: 'requestForm.form.countryCode',
    hint: 'requestForm.form.countryHint',
    suggestions: 'countries',
    compact: true,
  }),
} as const;

const REMARKS_AND_CONSENT = {
  remarks: text(2048, { section: 'remarks', label: 'requestForm.form.remarks', multiline: true }),
  privacyAccepted: bool({ required: true, section: 'consent', label: 'requestForm.form.privacy' }),
} as const;

/** Header keys of a quote request, in the order the form shows them (the host ignores key order). */
export const QUOTE_HEADER_FIELDS = {
  ...REQUEST_CONTEXT,
  assistedBy: text(50, { section: 'context', label: 'counter.employee' }),
  contactName: CUSTOMER.contactName,
  companyName: CUSTOMER.companyName,
  phoneNo: CUSTOMER.phoneNo,
  email: email(100, { section: 'customer', label: 'requestForm.form.email' }),
  customerReference: text(35, { section: 'customer', label: 'requestForm.form.customerReference' }),
  vatRegistrationNo: CUSTOMER.vatRegistrationNo,
  languageCode: CUSTOMER.languageCode,
  ...BILLING_ADDRESS,
  deliveryMethod: choice(DELIVERY_METHODS, DELIVERY_PICKUP, {
    section: 'delivery',
    label: 'requestForm.form.deliveryMethod',
  }),
  useShipToAddress: bool({ section: 'delivery', label: 'requestForm.form.shipTo', sentFor: 'delivery' }),
  shipToName: text(100, {
    section: 'shipTo',
    label: 'requestForm.form.shipToName',
    sentFor: 'otherAddress',
    wide: true,
  }),
  shipToAddress: text(100, {
    section: 'shipTo',
    label: 'requestForm.form.shipToAddress',
    sentFor: 'otherAddress',
  }),
  shipToAddress2: text(50, {
    section: 'shipTo',
    label: 'requestForm.form.shipToAddress2',
    sentFor: 'otherAddress',
  }),
  shipToPostCode: code(20, {
    section: 'shipTo',
    label: 'requestForm.form.shipToPostCode',
    sentFor: 'otherAddress',
  }),
  shipToCity: text(30, { section: 'shipTo', label: 'requestForm.form.shipToCity', sentFor: 'otherAddress' }),
  shipToCountryCode: code(10, {
    section: 'shipTo',
    label: 'requestForm.form.shipToCountryCode',
    suggestions: 'countries',
    compact: true,
    sentFor: 'otherAddress',
  }),
  // A signed-in Buyer's registered address, chosen in the customer panel; sent with the address text
  // (a shipToCode is honoured only after LinkRequest), never typed.
  shipToCode: code(10, { section: 'delivery', sentFor: 'otherAddress' }),
  // "ophaaldatum" for a pickup, "leverdatum" for a delivery: the form labels it by the method.
  requestedDeliveryDate: date({ section: 'delivery', label: 'requestForm.form.requestedDeliveryDate' }),
  ...REMARKS_AND_CONSENT,
} as const satisfies Record<string, FieldSpec>;

/** The array of line objects in a quote request. */
export const QUOTE_LINES_KEY = 'quoteRequestLines';

const LINE = { section: 'line' } as const;

/** Keys of a quote request line; the lines editor shows them with its own layout. */
export const QUOTE_LINE_FIELDS = {
  itemNo: code(20, { ...LINE, label: 'requestForm.line.itemNo' }),
  variantCode: code(10, { ...LINE, label: 'requestForm.line.variantCode' }),
  profileCode: code(30, { ...LINE, label: 'requestForm.line.profileCode' }),
  qualityCode: code(20, { ...LINE, label: 'requestForm.line.qualityCode' }),
  description: text(100, { ...LINE, label: 'requestForm.line.description' }),
  quantity: num({ ...LINE, label: 'requestForm.line.quantity' }),
  unitOfMeasureCode: code(10, { ...LINE, label: 'requestForm.line.unitOfMeasureCode' }),
  lengthMm: num({ ...LINE, label: 'requestForm.line.lengthMm' }),
  widthMm: num({ ...LINE, label: 'requestForm.line.widthMm' }),
  thicknessMm: num({ ...LINE, label: 'requestForm.line.thicknessMm' }),
  lineRemarks: text(250, { ...LINE, label: 'requestForm.line.lineRemarks' }),
} as const satisfies Record<string, FieldSpec>;

/** Keys of an account request, in the order the form shows them. */
export const ACCOUNT_REQUEST_FIELDS = {
  ...REQUEST_CONTEXT,
  email: email(100, { required: true, section: 'customer', label: 'requestForm.account.email' }),
  contactName: CUSTOMER.contactName,
  jobTitle: text(50, { section: 'customer', label: 'requestForm.account.jobTitle' }),
  phoneNo: CUSTOMER.phoneNo,
  companyName: CUSTOMER.companyName,
  vatRegistrationNo: CUSTOMER.vatRegistrationNo,
  languageCode: CUSTOMER.languageCode,
  existingCustomer: choice(EXISTING_CUSTOMER_VALUES, 'Unknown' satisfies ExistingCustomer, {
    section: 'existingCustomer',
    label: 'requestForm.account.existingCustomer',
  }),
  statedCustomerNo: code(20, {
    section: 'existingCustomer',
    label: 'requestForm.account.statedCustomerNo',
    hint: 'requestForm.account.statedCustomerNoHint',
  }),
  ...BILLING_ADDRESS,
  ...REMARKS_AND_CONSENT,
} as const satisfies Record<string, FieldSpec>;

export type QuoteHeaderKey = keyof typeof QUOTE_HEADER_FIELDS;
export type QuoteLineKey = keyof typeof QUOTE_LINE_FIELDS;
export type AccountRequestKey = keyof typeof ACCOUNT_REQUEST_FIELDS;
export type FieldTable = Readonly<Record<string, FieldSpec>>;

/** The keys of a table a draft holds: everything but the context keys. */
export type DraftKey<F extends FieldTable> = {
  [K in keyof F & string]: F[K]['section'] extends 'context' ? never : K;
}[keyof F & string];

/** What a draft holds for a key: text as typed (numbers and dates too), a Boolean, or a fixed value. */
export type DraftValue<S extends FieldSpec> = S extends { kind: 'boolean' }
  ? boolean
  : S extends { kind: 'choice'; values: readonly (infer V)[] }
    ? V
    : string;

/** A draft's fields, generated from a table. */
export type DraftFields<F extends FieldTable> = { -readonly [K in DraftKey<F>]: DraftValue<F[K]> };

/** The keys of one form section, in the table's order. */
export type SectionKey<F extends FieldTable, S extends FieldSection> = {
  [K in keyof F & string]: F[K]['section'] extends S ? K : never;
}[keyof F & string];

/** The keys of a table's section, in the order the form shows them. */
export function sectionKeys<F extends FieldTable, S extends FieldSection>(
  fields: F,
  section: S,
): SectionKey<F, S>[] {
  return Object.keys(fields).filter((key): key is SectionKey<F, S> => fields[key]?.section === section);
}

/** The keys of a table a draft holds. */
export function draftKeys<F extends FieldTable>(fields: F): DraftKey<F>[] {
  return Object.keys(fields).filter((key): key is DraftKey<F> => fields[key]?.section !== 'context');
}

/** The kinds whose value is text the user types. */
export function isTextKind(kind: FieldKind): boolean {
  return kind === 'text' || kind === 'code' || kind === 'email' || kind === 'phone';
}

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

/**
 * A code as the host stores it ("Code fields are stored in uppercase"; parameters it compares are trimmed
 * and uppercased): no invisible characters, no surrounding spaces, uppercase, one space between parts
 * ("1234 AB"). A compact code (VAT number, country code) has no spaces, dots or hyphens at all:
 * "nl 8195.12.345 b01" is NL819512345B01.
 */
export function normalizeCode(text: string, compact = false): string {
  const clean = withoutInvisible(text).trim();
  return toCodeCase(compact ? clean.replace(/[\s.-]+/gu, '') : clean.replace(/\s+/gu, ' '));
}

/**
 * A typed value as it is sent: invisible characters removed from every text field, and codes normalized.
 * Surrounding spaces go as well (the host trims nothing but codes, and an empty value is left out).
 */
export function normalizeField(spec: FieldSpec, value: string): string {
  if (spec.kind === 'code') return normalizeCode(value, spec.compact === true);
  return withoutInvisible(value, spec.multiline === true).trim();
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
