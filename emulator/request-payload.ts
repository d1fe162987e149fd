/**
 * The payload tables of voaRequests, as the service reference gives them, and the reading rules the host
 * applies to a payload: missing or null is empty, text is cut to the field length, code fields are
 * uppercased, options fall back to their default, and lines are numbered 10000, 20000, ...
 */

export type RequestKind = 'quote' | 'account';

type FieldType =
  | { type: 'text'; maxLength: number }
  /** A Code field of the host: uppercase, without leading or trailing spaces. */
  | { type: 'code'; maxLength: number }
  | { type: 'number' }
  | { type: 'boolean' }
  | { type: 'date' }
  | { type: 'option'; values: readonly string[]; otherwise: string };

type FieldDefinition = FieldType & { key: string };

const text = (key: string, maxLength: number): FieldDefinition => ({ key, type: 'text', maxLength });
const code = (key: string, maxLength: number): FieldDefinition => ({ key, type: 'code', maxLength });
const number = (key: string): FieldDefinition => ({ key, type: 'number' });
const boolean = (key: string): FieldDefinition => ({ key, type: 'boolean' });

export const quoteRequestFields: readonly FieldDefinition[] = [
  code('requestId', 64),
  boolean('privacyAccepted'),
  code('privacyConsentVersion', 20),
  text('contactName', 100),
  text('email', 100),
  text('companyName', 100),
  text('vatRegistrationNo', 20),
  text('phoneNo', 30),
  text('customerReference', 35),
  code('languageCode', 10),
  text('address', 100),
  text('address2', 50),
  code('postCode', 20),
  text('city', 30),
  code('countryCode', 10),
  { key: 'deliveryMethod', type: 'option', values: ['Pickup', 'Delivery'], otherwise: 'Pickup' },
  code('shipToCode', 10),
  boolean('useShipToAddress'),
  text('shipToName', 100),
  text('shipToAddress', 100),
  text('shipToAddress2', 50),
  code('shipToPostCode', 20),
  text('shipToCity', 30),
  code('shipToCountryCode', 10),
  { key: 'requestedDeliveryDate', type: 'date' },
  text('remarks', 2048),
  text('ipHash', 64),
  text('source', 50),
  text('assistedBy', 50),
];

export const quoteRequestLineFields: readonly FieldDefinition[] = [
  code('itemNo', 20),
  code('variantCode', 10),
  code('profileCode', 30),
  code('qualityCode', 20),
  text('description', 100),
  number('quantity'),
  code('unitOfMeasureCode', 10),
  number('lengthMm'),
  number('widthMm'),
  number('thicknessMm'),
  text('lineRemarks', 250),
];

export const accountRequestFields: readonly FieldDefinition[] = [
  code('requestId', 64),
  boolean('privacyAccepted'),
  code('privacyConsentVersion', 20),
  text('email', 100),
  text('contactName', 100),
  text('jobTitle', 50),
  text('companyName', 100),
  text('vatRegistrationNo', 20),
  text('phoneNo', 30),
  text('address', 100),
  text('address2', 50),
  code('postCode', 20),
  text('city', 30),
  code('countryCode', 10),
  { key: 'existingCustomer', type: 'option', values: ['Yes', 'No', 'Unknown'], otherwise: 'Unknown' },
  code('statedCustomerNo', 20),
  code('languageCode', 10),
  text('remarks', 2048),
  text('ipHash', 64),
  text('source', 50),
];

export const quoteRequestLinesKey = 'quoteRequestLines';

export type StoredValue = string | number | boolean;
export type StoredFields = Record<string, StoredValue>;
export type StoredLine = { lineNo: number } & StoredFields;

/** A payload as the host reads it, before any rule about its content is checked. */
export interface ReadPayload {
  fields: StoredFields;
  lines: StoredLine[];
}

export type ExpectedJsonType = 'text' | 'number' | 'boolean';

/** A value of the wrong JSON type; `lineNumber` is the 1-based position among the stored lines. */
export class PayloadTypeError extends Error {
  readonly key: string;
  readonly expected: ExpectedJsonType;
  readonly lineNumber: number | undefined;

  constructor(key: string, expected: ExpectedJsonType, lineNumber?: number) {
    super(`The value of ${key} is not of type ${expected}`);
    this.key = key;
    this.expected = expected;
    this.lineNumber = lineNumber;
  }
}

/** Error of the host's own date evaluation. */
export class PayloadDateError extends Error {
  readonly value: string;

  constructor(value: string) {
    super(`Not a date: ${value}`);
    this.value = value;
  }
}

function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // The host's dates run from 1753 (SQL Server's datetime floor) to 9999.
  if (year < 1753) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * The host uppercases a code character by character: a character whose uppercase is longer (ß → SS) stays
 * as it is, so a code never outgrows its field.
 */
export function upperCaseKeepingLength(text: string): string {
  let result = '';
  for (const character of text) {
    const upper = character.toUpperCase();
    result += upper.length === character.length ? upper : character;
  }
  return result;
}

function readField(definition: FieldDefinition, raw: unknown, lineNumber: number | undefined): StoredValue {
  // Rule 1: a missing key and a JSON null both mean empty.
  const missing = raw === undefined || raw === null;
  switch (definition.type) {
    case 'text':
    case 'code': {
      if (missing) return '';
      if (typeof raw !== 'string') throw new PayloadTypeError(definition.key, 'text', lineNumber);
      // Rule 2: longer text is silently cut to the field length; rule 3: code fields are uppercase.
      const cut = raw.slice(0, definition.maxLength);
      return definition.type === 'code' ? upperCaseKeepingLength(cut).trim() : cut;
    }
    case 'number':
      if (missing) return 0;
      if (typeof raw !== 'number' || !Number.isFinite(raw))
        throw new PayloadTypeError(definition.key, 'number', lineNumber);
      return raw;
    case 'boolean':
      if (missing) return false;
      // The reference: privacyAccepted "not true" is refused with its own message, whatever the value is.
      if (definition.key === 'privacyAccepted' && typeof raw !== 'boolean') return false;
      if (typeof raw !== 'boolean') throw new PayloadTypeError(definition.key, 'boolean', lineNumber);
      return raw;
    case 'date':
      if (missing) return '';
      if (typeof raw !== 'string') throw new PayloadTypeError(definition.key, 'text', lineNumber);
      return raw;
    case 'option':
      // Any value that is not one of the options (including a missing one) becomes the default.
      return typeof raw === 'string' && definition.values.includes(raw) ? raw : definition.otherwise;
  }
}

function readFields(
  definitions: readonly FieldDefinition[],
  source: Record<string, unknown>,
  lineNumber?: number,
): StoredFields {
  const fields: StoredFields = {};
  for (const definition of definitions) {
    fields[definition.key] = readField(definition, source[definition.key], lineNumber);
  }
  return fields;
}

export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Reads a parsed payload object. Keys the host sets itself (number, status, received timestamp,
 * customer, reviewer, rejection reason) are not in the tables, so a payload can never set them.
 */
export function readPayload(kind: RequestKind, payload: Record<string, unknown>): ReadPayload {
  const fields = readFields(kind === 'quote' ? quoteRequestFields : accountRequestFields, payload);
  const lines: StoredLine[] = [];
  if (kind === 'quote') {
    const rawLines = payload[quoteRequestLinesKey];
    // Missing or not an array: no lines; elements that are not objects are skipped.
    if (Array.isArray(rawLines)) {
      for (const element of rawLines) {
        if (!isJsonObject(element)) continue;
        const lineNumber = lines.length + 1;
        lines.push({
          lineNo: lineNumber * 10000,
          ...readFields(quoteRequestLineFields, element, lineNumber),
        });
      }
    }
  }
  return { fields, lines };
}

/** The requested delivery date must be empty or a real date in YYYY-MM-DD form. */
export function checkRequestedDeliveryDate(fields: StoredFields): void {
  const value = fields['requestedDeliveryDate'];
  if (typeof value === 'string' && value !== '' && !isCalendarDate(value)) throw new PayloadDateError(value);
}

/** Parses the payload string; anything but a JSON object counts as not valid JSON. */
export function parsePayloadObject(payload: string): Record<string, unknown> | undefined {
  try {
    const parsed: unknown = JSON.parse(payload);
    return isJsonObject(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}
