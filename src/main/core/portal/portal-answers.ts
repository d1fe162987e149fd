// Defensive reading of voaPortal answers. Objects and lists come as a JSON string inside the OData
// envelope's `value` and are parsed a second time; "no answer" is the empty string. Unknown keys are
// ignored, a missing optional key is null, and a fixed value this version does not know reads as
// `unknown` (docs/contract.md, "Versioning").
import {
  ACCEPT_OUTCOMES,
  DOCUMENT_SOURCE_REPORT,
  DOCUMENT_STATUSES,
  LINK_STATUSES,
  PORTAL_ROLES,
  REQUEST_STATUSES,
  sanitizeFileName,
  type AcceptOutcome,
  type DeliveryAddress,
  type Known,
  type PortalCustomer,
  type PortalDetails,
  type PortalDocumentLine,
  type PortalDocumentRow,
  type PortalOrderRow,
  type PortalPdf,
  type PortalQuoteRow,
  type PortalRequestRow,
  type PortalShipmentRow,
  type SteelQuantities,
  type TruncatedList,
} from '../../../shared/contract/portal-objects.ts';

type Json = Record<string, unknown>;

/** The envelope's value: a string, a Boolean, or undefined when the body is no envelope at all. */
export function envelopeValue(body: string): unknown {
  try {
    const envelope = JSON.parse(body) as unknown;
    return isObject(envelope) ? envelope.value : undefined;
  } catch {
    return undefined;
  }
}

/** An object answer: the parsed object, or null for the empty answer (or one that is no object). */
export function objectAnswer(value: unknown): Json | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  try {
    const parsed = JSON.parse(value) as unknown;
    return isObject(parsed) ? parsed : null;
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
  if (Array.isArray(parsed)) return parsed.filter(isObject);
  if (!isObject(parsed)) return null;
  const named = parsed[key];
  if (Array.isArray(named)) return named.filter(isObject);
  const arrays = Object.values(parsed).filter(Array.isArray);
  return arrays.length === 1 ? (arrays[0] as unknown[]).filter(isObject) : [];
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const text = (row: Json, key: string): string => (typeof row[key] === 'string' ? (row[key] as string) : '');
const number = (row: Json, key: string): number | null =>
  typeof row[key] === 'number' && Number.isFinite(row[key]) ? (row[key] as number) : null;
const flag = (row: Json, key: string): boolean => row[key] === true;

function known<T extends string>(values: readonly T[], value: unknown): Known<T> {
  return typeof value === 'string' && (values as readonly string[]).includes(value)
    ? (value as T)
    : 'unknown';
}

export function readSession(answer: Json): PortalCustomer {
  return {
    email: text(answer, 'email'),
    customerNo: text(answer, 'customerNo'),
    customerName: text(answer, 'customerName'),
    role: known(PORTAL_ROLES, answer.role),
    weightType: text(answer, 'weightType'),
    expiresAt: text(answer, 'expiresAt'),
  };
}

export function readDetails(answer: Json): PortalDetails {
  return {
    company: text(answer, 'company'),
    vatRegistrationNo: text(answer, 'vatRegistrationNo'),
    address: text(answer, 'address'),
    address2: text(answer, 'address2'),
    postCode: text(answer, 'postCode'),
    city: text(answer, 'city'),
    country: text(answer, 'country'),
    phoneNo: text(answer, 'phoneNo'),
    email: text(answer, 'email'),
    role: known(PORTAL_ROLES, answer.role),
  };
}

export function readAddresses(answer: Json): DeliveryAddress[] {
  const rows = Array.isArray(answer.addresses) ? answer.addresses.filter(isObject) : [];
  return rows.map((row) => ({
    code: text(row, 'code'),
    name: text(row, 'name'),
    address: text(row, 'address'),
    address2: text(row, 'address2'),
    postCode: text(row, 'postCode'),
    city: text(row, 'city'),
    country: text(row, 'country'),
  }));
}

export function readRequests(rows: Json[]): PortalRequestRow[] {
  return rows.map((row) => ({
    no: text(row, 'no'),
    receivedAt: text(row, 'receivedAt'),
    status: known(REQUEST_STATUSES, row.status),
    quoteNo: text(row, 'quoteNo'),
    quoteNoStatus: known(LINK_STATUSES, row.quoteNoStatus),
    lines: number(row, 'lines'),
  }));
}

function truncatedList<T>(answer: Json, key: string, read: (row: Json) => T): TruncatedList<T> {
  const rows = Array.isArray(answer[key]) ? (answer[key] as unknown[]).filter(isObject) : [];
  return { rows: rows.map(read), truncated: answer.truncated === true };
}

export function readQuotes(answer: Json): TruncatedList<PortalQuoteRow> {
  return truncatedList(answer, 'quotes', (row) => ({
    no: text(row, 'no'),
    documentDate: text(row, 'documentDate'),
    validUntil: text(row, 'validUntil'),
    yourReference: text(row, 'yourReference'),
    requestNo: text(row, 'requestNo'),
    status: known(DOCUMENT_STATUSES, row.status),
    lines: number(row, 'lines'),
    totalWeightKg: number(row, 'totalWeightKg'),
    hasDocument: flag(row, 'hasDocument'),
    accepted: flag(row, 'accepted'),
    comment: text(row, 'comment'),
    orderNo: text(row, 'orderNo'),
    orderNoStatus: known(LINK_STATUSES, row.orderNoStatus),
  }));
}

export function readOrders(answer: Json): TruncatedList<PortalOrderRow> {
  return truncatedList(answer, 'orders', (row) => ({
    no: text(row, 'no'),
    quoteNo: text(row, 'quoteNo'),
    quoteNoStatus: known(LINK_STATUSES, row.quoteNoStatus),
    orderDate: text(row, 'orderDate'),
    requestedDeliveryDate: text(row, 'requestedDeliveryDate'),
    promisedDeliveryDate: text(row, 'promisedDeliveryDate'),
    yourReference: text(row, 'yourReference'),
    status: known(DOCUMENT_STATUSES, row.status),
    completelyShipped: flag(row, 'completelyShipped'),
    lines: number(row, 'lines'),
    hasDocument: flag(row, 'hasDocument'),
    comment: text(row, 'comment'),
  }));
}

export function readShipments(answer: Json): TruncatedList<PortalShipmentRow> {
  return truncatedList(answer, 'shipments', (row) => {
    const shipTo = isObject(row.shipToAddress) ? row.shipToAddress : {};
    return {
      no: text(row, 'no'),
      deliveryDate: text(row, 'deliveryDate'),
      orderNo: text(row, 'orderNo'),
      orderNoStatus: known(LINK_STATUSES, row.orderNoStatus),
      yourReference: text(row, 'yourReference'),
      shipTo: { name: text(shipTo, 'name'), postCode: text(shipTo, 'postCode'), city: text(shipTo, 'city') },
      lines: number(row, 'lines'),
      hasDocument: flag(row, 'hasDocument'),
    };
  });
}

const steelKeys = (row: Json, prefix: 'quantity' | 'outstanding' | 'shipped'): SteelQuantities | null => {
  const pieces = number(row, `${prefix}Pieces`);
  const meters = number(row, `${prefix}Meters`);
  const kg = number(row, `${prefix}Kg`);
  return pieces === null && meters === null && kg === null ? null : { pieces, meters, kg };
};

export function readLines(answer: Json): PortalDocumentLine[] {
  const rows = Array.isArray(answer.lines) ? answer.lines.filter(isObject) : [];
  return rows.map((row) => {
    const quantity = steelKeys(row, 'quantity');
    // The steel keys are present whenever the field exists; without them this is a host without the extension.
    const steel =
      quantity || 'unit' in row || 'weightType' in row
        ? {
            profile: text(row, 'profile'),
            grade: text(row, 'grade'),
            formatDescription: text(row, 'formatDescription'),
            unit: text(row, 'unit'),
            weightType: text(row, 'weightType'),
            quantity: quantity ?? { pieces: null, meters: null, kg: null },
            outstanding: steelKeys(row, 'outstanding'),
            shipped: steelKeys(row, 'shipped'),
          }
        : null;
    return {
      lineNo: number(row, 'lineNo'),
      itemNo: text(row, 'itemNo'),
      description: text(row, 'description'),
      format: text(row, 'format'),
      quantity: number(row, 'quantity'),
      unitOfMeasureCode: text(row, 'unitOfMeasureCode'),
      outstandingQuantity: number(row, 'outstandingQuantity'),
      quantityShipped: number(row, 'quantityShipped'),
      steel,
    };
  });
}

export function readDocuments(answer: Json): PortalDocumentRow[] {
  const rows = Array.isArray(answer.documents) ? answer.documents.filter(isObject) : [];
  return rows.map((row) => ({
    id: text(row, 'id'),
    source: row.source === DOCUMENT_SOURCE_REPORT ? 'report' : 'archive',
    reportType: text(row, 'reportType'),
    fileName: text(row, 'fileName'),
    contentType: text(row, 'contentType'),
    category: text(row, 'category'),
    documentNo: text(row, 'documentNo'),
    documentType: text(row, 'documentType'),
    documentNoStatus: known(LINK_STATUSES, row.documentNoStatus),
    date: text(row, 'date'),
  }));
}

export function readPdf(answer: Json): PortalPdf | null {
  const base64 = text(answer, 'base64');
  if (!base64) return null;
  return {
    fileName: sanitizeFileName(text(answer, 'fileName')),
    contentType: text(answer, 'contentType') || 'application/pdf',
    base64,
  };
}

export function readAcceptance(answer: Json | null): { outcome: AcceptOutcome; acceptedAt: string } {
  if (!answer) return { outcome: 'unknown', acceptedAt: '' };
  return { outcome: known(ACCEPT_OUTCOMES, answer.outcome), acceptedAt: text(answer, 'acceptedAt') };
}
