// What voaPortal answers, as VOA Desk reads it (docs/contract.md, "Portal response objects", "Fixed
// values", "Portal sign-in with a one-time code"). The host's keys are written here once, one row each
// (portal-fields.ts): the row gives the key's type, how main reads it defensively and, for the desk's
// lists, its column and label. A fixed value this version does not know is read as `unknown`, never as a
// known one (an unknown outcome is never "recorded").
import {
  choice,
  choiceOr,
  date,
  flag,
  number,
  object,
  payload,
  quantities,
  section,
  text,
  timestamp,
  type PortalObject,
} from './portal-fields.ts';

export type { SteelQuantities } from './portal-fields.ts';

/** Parameter names of the procedures: case-sensitive, every value a string. */
export const PORTAL_PARAMETERS = {
  email: 'email',
  code: 'code',
  ipHash: 'ipHash',
  token: 'token',
  requestId: 'requestId',
  quoteNo: 'quoteNo',
  documentType: 'documentType',
  documentNo: 'documentNo',
} as const;

export const PORTAL_ROLES = ['Buyer', 'Viewer'] as const;
export type PortalRole = (typeof PORTAL_ROLES)[number];
export const ROLE_BUYER: PortalRole = 'Buyer';

export const REQUEST_STATUSES = ['New', 'InProgress', 'Converted', 'Rejected'] as const;
export const DOCUMENT_STATUSES = ['Open', 'Released'] as const;
export const LINK_STATUSES = ['active', 'completed'] as const;
export const ACCEPT_OUTCOMES = ['recorded', 'already', 'expired', 'refused'] as const;
export const WEIGHT_TYPES = ['Theoretical', 'Trade', 'GermanTrade'] as const;
/** documentType of DocumentLines. */
export const LINE_DOCUMENT_TYPES = ['quote', 'order', 'shipment'] as const;
/** documentType of Document (and reportType of a report row). */
export const PRINT_DOCUMENT_TYPES = ['quote', 'order', 'shipment', 'invoice', 'creditMemo'] as const;
/** `source` of a MyDocuments report row; archive rows have none. */
export const DOCUMENT_SOURCE_REPORT = 'report';
/** The three steel units the reference website handles; any other unit is shown as the host sends it. */
export const STEEL_UNITS = { pieces: 'PCS', kilograms: 'KG', meters: 'MTR' } as const;

/** A known fixed value, or `unknown` for an empty or new one. */
export type Known<T extends string> = T | 'unknown';
export type RequestStatus = Known<(typeof REQUEST_STATUSES)[number]>;
export type DocumentStatus = Known<(typeof DOCUMENT_STATUSES)[number]>;
export type LinkStatus = Known<(typeof LINK_STATUSES)[number]>;
export type AcceptOutcome = Known<(typeof ACCEPT_OUTCOMES)[number]>;
export type LineDocumentType = (typeof LINE_DOCUMENT_TYPES)[number];
export type PrintDocumentType = (typeof PRINT_DOCUMENT_TYPES)[number];

/** Sign-in code: 10 characters of this alphabet, mailed as two groups of five joined by a hyphen. */
export const SIGN_IN_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const SIGN_IN_CODE_LENGTH = 10;
/** The host's default wait between two codes for one address (setting Sign-in Code Wait Time, seconds). */
export const DEFAULT_CODE_WAIT_SECONDS = 60;
export const SESSION_TOKEN_LENGTH = 64;
/** Longest document or quote number the host looks up; a longer one counts as not found. */
export const DOCUMENT_NO_MAX_LENGTH = 20;
export const PORTAL_EMAIL_MAX_LENGTH = 80;

/**
 * The host's normalization before it compares a code: spaces and hyphens removed, uppercase, O read as 0,
 * I and L read as 1. Applied before sending, so what the employee typed is what the host compares.
 */
export function normalizeSignInCode(typed: string): string {
  return typed
    .replace(/[\s-]+/g, '')
    .toUpperCase()
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
}

/** True when the normalized code can be a code at all: right length, only the alphabet's characters. */
export function isPlausibleSignInCode(typed: string): boolean {
  const code = normalizeSignInCode(typed);
  return code.length === SIGN_IN_CODE_LENGTH && [...code].every((c) => SIGN_IN_CODE_ALPHABET.includes(c));
}

/** Who is signed in (ReadSession and MyDetails), as the renderer may see it: never the token. */
export const PORTAL_CUSTOMER_FIELDS = {
  email: text(),
  customerNo: text(),
  customerName: text(),
  role: choice(PORTAL_ROLES),
  weightType: text(),
  /** When the session ends if unused (the host's sliding expiry). */
  expiresAt: timestamp(),
} as const;
export type PortalCustomer = PortalObject<typeof PORTAL_CUSTOMER_FIELDS>;

export const PORTAL_DETAILS_FIELDS = {
  company: text(),
  vatRegistrationNo: text(),
  address: text(),
  address2: text(),
  postCode: text(),
  city: text(),
  country: text(),
  phoneNo: text(),
  email: text(),
  role: choice(PORTAL_ROLES),
} as const;
export type PortalDetails = PortalObject<typeof PORTAL_DETAILS_FIELDS>;

export const DELIVERY_ADDRESS_FIELDS = {
  code: text(),
  name: text(),
  address: text(),
  address2: text(),
  postCode: text(),
  city: text(),
  country: text(),
} as const;
export type DeliveryAddress = PortalObject<typeof DELIVERY_ADDRESS_FIELDS>;

// The rows of the customer desk's lists. A labelled key is a column, in the order written here.

export const PORTAL_REQUEST_FIELDS = {
  no: text({ label: 'customer.col.no' }),
  receivedAt: timestamp({ label: 'customer.col.received' }),
  status: choice(REQUEST_STATUSES, { label: 'customer.col.status' }),
  quoteNo: text({ label: 'customer.col.linked', empty: 'dash' }),
  lines: number({ label: 'customer.col.lines' }),
  quoteNoStatus: choice(LINK_STATUSES),
} as const;
export type PortalRequestRow = PortalObject<typeof PORTAL_REQUEST_FIELDS>;

export const PORTAL_QUOTE_FIELDS = {
  no: text({ label: 'customer.col.no' }),
  documentDate: date({ label: 'customer.col.date' }),
  yourReference: text({ label: 'customer.col.reference', empty: 'dash' }),
  status: choice(DOCUMENT_STATUSES, { label: 'customer.col.status' }),
  validUntil: date({ label: 'customer.col.validUntil' }),
  /** With the steel extension only: without it the column is left out. */
  totalWeightKg: number({ label: 'customer.col.weight', amount: true }),
  accepted: flag({ label: 'customer.col.accepted' }),
  comment: text({ label: 'customer.col.note', note: true }),
  requestNo: text(),
  lines: number(),
  hasDocument: flag(),
  orderNo: text(),
  orderNoStatus: choice(LINK_STATUSES),
} as const;
export type PortalQuoteRow = PortalObject<typeof PORTAL_QUOTE_FIELDS>;

export const PORTAL_ORDER_FIELDS = {
  no: text({ label: 'customer.col.no' }),
  orderDate: date({ label: 'customer.col.date' }),
  yourReference: text({ label: 'customer.col.reference', empty: 'dash' }),
  quoteNo: text({ label: 'customer.col.quote', linkStatus: 'quoteNoStatus' }),
  requestedDeliveryDate: date({ label: 'customer.col.requested' }),
  promisedDeliveryDate: date({ label: 'customer.col.promised' }),
  status: choice(DOCUMENT_STATUSES, { label: 'customer.col.status' }),
  completelyShipped: flag({ label: 'customer.col.shipped' }),
  comment: text({ label: 'customer.col.note', note: true }),
  quoteNoStatus: choice(LINK_STATUSES),
  lines: number(),
  hasDocument: flag(),
} as const;
export type PortalOrderRow = PortalObject<typeof PORTAL_ORDER_FIELDS>;

export const PORTAL_SHIPMENT_FIELDS = {
  no: text({ label: 'customer.col.no' }),
  deliveryDate: date({ label: 'customer.col.delivery' }),
  orderNo: text({ label: 'customer.col.order', linkStatus: 'orderNoStatus' }),
  yourReference: text({ label: 'customer.col.reference', empty: 'dash' }),
  /** Drawn as its non-empty parts joined by commas. */
  shipTo: object(
    'shipToAddress',
    { name: text(), postCode: text(), city: text() },
    { label: 'customer.col.to' },
  ),
  orderNoStatus: choice(LINK_STATUSES),
  lines: number(),
  hasDocument: flag(),
} as const;
export type PortalShipmentRow = PortalObject<typeof PORTAL_SHIPMENT_FIELDS>;

/** A list with the host's `truncated` flag (more rows existed than the limit). */
export interface TruncatedList<T> {
  rows: T[];
  truncated: boolean;
}

/** The steel extension's keys of a document line; present whenever the field exists. */
const STEEL_LINE_FIELDS = {
  profile: text(),
  grade: text(),
  formatDescription: text(),
  /** Which of the three leads: PCS, KG, MTR, or another option name as sent. */
  unit: text(),
  weightType: text(),
  quantity: quantities('quantity', true),
  /** Live order lines only. */
  outstanding: quantities('outstanding', false),
  shipped: quantities('shipped', false),
} as const;

/**
 * A document line. Its quantity columns draw the steel quantities when the line has them, else the plain
 * quantity with its unit; outstanding and shipped quantities exist on live order lines only.
 */
export const PORTAL_LINE_FIELDS = {
  itemNo: text({ label: 'customer.col.item' }),
  description: text({ label: 'customer.col.description' }),
  format: text({ label: 'customer.col.size' }),
  /** Without the steel extension. */
  quantity: number({ label: 'customer.col.quantity' }),
  outstandingQuantity: number({ label: 'customer.col.outstanding' }),
  quantityShipped: number({ label: 'customer.col.shippedQty' }),
  lineNo: number(),
  unitOfMeasureCode: text(),
  /** With the steel extension (null without it). */
  steel: section(STEEL_LINE_FIELDS),
} as const;
export type PortalDocumentLine = PortalObject<typeof PORTAL_LINE_FIELDS>;

export const PORTAL_DOCUMENT_FIELDS = {
  documentNo: text({ label: 'customer.col.document' }),
  category: text({ label: 'customer.col.category' }),
  date: date({ label: 'customer.col.date' }),
  id: text(),
  /** Report rows print through Document; archive rows need the vendor download (out of scope). */
  source: choiceOr([DOCUMENT_SOURCE_REPORT], 'archive'),
  reportType: text(),
  fileName: text(),
  contentType: text(),
  documentType: text(),
  documentNoStatus: choice(LINK_STATUSES),
} as const;
export type PortalDocumentRow = PortalObject<typeof PORTAL_DOCUMENT_FIELDS>;

/** Document's answer, before main makes its file name safe (sanitizeFileName). */
export const PORTAL_PDF_FIELDS = {
  fileName: text(),
  contentType: text(),
  base64: payload(),
} as const;
export type PortalPdf = PortalObject<typeof PORTAL_PDF_FIELDS>;

export const ACCEPTANCE_FIELDS = {
  /** `unknown` also after a network error or a failed call: whether it was recorded is not known. */
  outcome: choice(ACCEPT_OUTCOMES),
  acceptedAt: timestamp(),
} as const;

export type AcceptQuoteAnswer = PortalObject<typeof ACCEPTANCE_FIELDS> & {
  /** True when no trustworthy answer came back (network error, time-out, 5xx). */
  answerMissing: boolean;
};

/** A date as the contract writes it (YYYY-MM-DD), in this workstation's local calendar. */
export function localDate(moment: Date): string {
  const two = (value: number) => String(value).padStart(2, '0');
  return `${moment.getFullYear()}-${two(moment.getMonth() + 1)}-${two(moment.getDate())}`;
}

/**
 * Whether a quote may be offered for acceptance: Released, not yet accepted, and its validity date (when
 * it has one) not passed: on its last valid day it can still be accepted.
 */
export function quoteAcceptable(
  quote: Pick<PortalQuoteRow, 'status' | 'accepted' | 'validUntil'>,
  today: string,
): boolean {
  if (quote.status !== 'Released' || quote.accepted) return false;
  return quote.validUntil === '' || quote.validUntil >= today;
}

/**
 * A file name safe for a header and every desktop file system: no path separators, control characters or
 * characters Windows refuses; accents kept; never empty, never a dot file.
 */
export function sanitizeFileName(name: string, fallback = 'document.pdf'): string {
  const cleaned = name
    .normalize('NFC')
    .replace(/[\p{Cc}<>:"/\\|?*]+/gu, '_')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[.\s]+|[.\s]+$/g, '');
  return (cleaned || fallback).slice(0, 150);
}
