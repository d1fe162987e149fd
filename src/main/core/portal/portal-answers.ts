// Defensive reading of voaPortal answers. Objects and lists come as a JSON string inside the OData
// envelope's `value` and are parsed a second time; "no answer" is the empty string. Every object is read
// by its declaration (portal-objects.ts): unknown keys are ignored, a missing number is null (unknown,
// never 0), a missing text is empty, a fixed value this version does not know reads as `unknown`
// (docs/contract.md, "Versioning"), and the host's text is cut where it enters, at the length its words
// are cut everywhere (answer-limits.ts).
import {
  ACCEPTANCE_FIELDS,
  DELIVERY_ADDRESS_FIELDS,
  PORTAL_CUSTOMER_FIELDS,
  PORTAL_DETAILS_FIELDS,
  PORTAL_DOCUMENT_FIELDS,
  PORTAL_LINE_FIELDS,
  PORTAL_ORDER_FIELDS,
  PORTAL_PDF_FIELDS,
  PORTAL_QUOTE_FIELDS,
  PORTAL_REQUEST_FIELDS,
  PORTAL_SHIPMENT_FIELDS,
  sanitizeFileName,
  type AcceptOutcome,
  type DeliveryAddress,
  type PortalCustomer,
  type PortalDetails,
  type PortalDocumentLine,
  type PortalDocumentRow,
  type PortalOrderRow,
  type PortalPdf,
  type PortalQuoteRow,
  type PortalRequestRow,
  type PortalShipmentRow,
  type TruncatedList,
} from '../../../shared/contract/portal-objects.ts';
import {
  quantityKeys,
  type PortalFieldSpec,
  type PortalFieldTable,
  type PortalObject,
  type SteelQuantities,
} from '../../../shared/contract/portal-fields.ts';
import { HOST_WORDS_MAX_CHARS } from '../host/answer-limits.ts';
import { isJsonObject } from '../../../shared/json-object.ts';

type Json = Record<string, unknown>;

/** The envelope's value: a string, a Boolean, or undefined when the body is no envelope at all. */
export function envelopeValue(body: string): unknown {
  try {
    const envelope = JSON.parse(body) as unknown;
    return isJsonObject(envelope) ? envelope.value : undefined;
  } catch {
    return undefined;
  }
}

/** An object answer: the parsed object, or null for the empty answer (or one that is no object). */
export function objectAnswer(value: unknown): Json | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  try {
    const parsed = JSON.parse(value) as unknown;
    return isJsonObject(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/** MyRequests' list: "the name of the wrapper key (if any): not shown", so a bare array or any one array key. */
export function listAnswer(value: unknown, key: string): Json[] | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return null;
  }
  if (Array.isArray(parsed)) return parsed.filter(isJsonObject);
  if (!isJsonObject(parsed)) return null;
  const named = parsed[key];
  if (Array.isArray(named)) return named.filter(isJsonObject);
  const arrays = Object.values(parsed).filter(Array.isArray);
  return arrays.length === 1 ? (arrays[0] as unknown[]).filter(isJsonObject) : [];
}

/** A text key: '' when missing or not text; cut to HOST_WORDS_MAX_CHARS (a hostile host's endless name). */
const text = (row: Json, key: string): string => {
  const value = row[key];
  return typeof value === 'string' ? value.slice(0, HOST_WORDS_MAX_CHARS) : '';
};
const number = (row: Json, key: string): number | null => {
  const value = row[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
};

function quantitiesOf(row: Json, prefix: string): SteelQuantities | null {
  const keys = quantityKeys(prefix);
  const pieces = number(row, keys.pieces);
  const meters = number(row, keys.meters);
  const kg = number(row, keys.kg);
  return pieces === null && meters === null && kg === null ? null : { pieces, meters, kg };
}

function valueOf(spec: PortalFieldSpec, row: Json, key: string): unknown {
  switch (spec.kind) {
    case 'text':
    case 'date':
    case 'timestamp':
      return text(row, key);
    case 'payload':
      return typeof row[key] === 'string' ? row[key] : '';
    case 'number':
      return number(row, key);
    case 'flag':
      return row[key] === true;
    case 'choice': {
      const value = row[key];
      return typeof value === 'string' && spec.values.includes(value) ? value : spec.otherwise;
    }
    case 'object': {
      const inner = row[spec.from ?? key];
      return readFields(spec.fields, isJsonObject(inner) ? inner : {});
    }
    case 'section':
      return spec.presentWith.some((name) => name in row) ? readFields(spec.fields, row) : null;
    case 'quantities': {
      const read = quantitiesOf(row, spec.prefix);
      return read ?? (spec.always ? { pieces: null, meters: null, kg: null } : null);
    }
  }
}

/** One host object read by its declaration: every declared key, nothing else. */
export function readFields<F extends PortalFieldTable>(fields: F, row: Json): PortalObject<F> {
  const read: Record<string, unknown> = {};
  for (const [key, spec] of Object.entries(fields)) read[key] = valueOf(spec, row, key);
  // Each value was read by its own spec's kind, which is what PortalObject<F> says of that key.
  return read as PortalObject<F>;
}

/** The objects under `key` of an answer, each read by its declaration; no list reads as none. */
function readList<F extends PortalFieldTable>(answer: Json, key: string, fields: F): PortalObject<F>[] {
  const rows = Array.isArray(answer[key]) ? (answer[key] as unknown[]).filter(isJsonObject) : [];
  return rows.map((row) => readFields(fields, row));
}

function truncatedList<F extends PortalFieldTable>(
  answer: Json,
  key: string,
  fields: F,
): TruncatedList<PortalObject<F>> {
  return { rows: readList(answer, key, fields), truncated: answer.truncated === true };
}

export const readSession = (answer: Json): PortalCustomer => readFields(PORTAL_CUSTOMER_FIELDS, answer);
export const readDetails = (answer: Json): PortalDetails => readFields(PORTAL_DETAILS_FIELDS, answer);
export const readAddresses = (answer: Json): DeliveryAddress[] =>
  readList(answer, 'addresses', DELIVERY_ADDRESS_FIELDS);
export const readRequests = (rows: Json[]): PortalRequestRow[] =>
  rows.map((row) => readFields(PORTAL_REQUEST_FIELDS, row));
export const readQuotes = (answer: Json): TruncatedList<PortalQuoteRow> =>
  truncatedList(answer, 'quotes', PORTAL_QUOTE_FIELDS);
export const readOrders = (answer: Json): TruncatedList<PortalOrderRow> =>
  truncatedList(answer, 'orders', PORTAL_ORDER_FIELDS);
export const readShipments = (answer: Json): TruncatedList<PortalShipmentRow> =>
  truncatedList(answer, 'shipments', PORTAL_SHIPMENT_FIELDS);
export const readLines = (answer: Json): PortalDocumentLine[] =>
  readList(answer, 'lines', PORTAL_LINE_FIELDS);
export const readDocuments = (answer: Json): PortalDocumentRow[] =>
  readList(answer, 'documents', PORTAL_DOCUMENT_FIELDS);

export function readPdf(answer: Json): PortalPdf | null {
  const pdf = readFields(PORTAL_PDF_FIELDS, answer);
  if (!pdf.base64) return null;
  return {
    fileName: sanitizeFileName(pdf.fileName),
    contentType: pdf.contentType || 'application/pdf',
    base64: pdf.base64,
  };
}

export function readAcceptance(answer: Json | null): { outcome: AcceptOutcome; acceptedAt: string } {
  return readFields(ACCEPTANCE_FIELDS, answer ?? {});
}
