// What voaPortal answers, as VOA Desk reads it (docs/contract.md, "Portal response objects", "Fixed
// values", "Portal sign-in with a one-time code"). The host's keys are written here once; main parses the
// double-encoded answers into these shapes and the renderer shows them. A fixed value this version does not
// know is read as `unknown`, never as a known one (an unknown outcome is never "recorded").

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
export interface PortalCustomer {
  email: string;
  customerNo: string;
  customerName: string;
  role: Known<PortalRole>;
  weightType: string;
  /** When the session ends if unused (the host's sliding expiry). */
  expiresAt: string;
}

export interface PortalDetails {
  company: string;
  vatRegistrationNo: string;
  address: string;
  address2: string;
  postCode: string;
  city: string;
  country: string;
  phoneNo: string;
  email: string;
  role: Known<PortalRole>;
}

export interface DeliveryAddress {
  code: string;
  name: string;
  address: string;
  address2: string;
  postCode: string;
  city: string;
  country: string;
}

export interface PortalRequestRow {
  no: string;
  receivedAt: string;
  status: RequestStatus;
  quoteNo: string;
  quoteNoStatus: LinkStatus;
  lines: number | null;
}

export interface PortalQuoteRow {
  no: string;
  documentDate: string;
  validUntil: string;
  yourReference: string;
  requestNo: string;
  status: DocumentStatus;
  lines: number | null;
  totalWeightKg: number | null;
  hasDocument: boolean;
  accepted: boolean;
  comment: string;
  orderNo: string;
  orderNoStatus: LinkStatus;
}

export interface PortalOrderRow {
  no: string;
  quoteNo: string;
  quoteNoStatus: LinkStatus;
  orderDate: string;
  requestedDeliveryDate: string;
  promisedDeliveryDate: string;
  yourReference: string;
  status: DocumentStatus;
  completelyShipped: boolean;
  lines: number | null;
  hasDocument: boolean;
  comment: string;
}

export interface PortalShipmentRow {
  no: string;
  deliveryDate: string;
  orderNo: string;
  orderNoStatus: LinkStatus;
  yourReference: string;
  shipTo: { name: string; postCode: string; city: string };
  lines: number | null;
  hasDocument: boolean;
}

/** A list with the host's `truncated` flag (more rows existed than the limit). */
export interface TruncatedList<T> {
  rows: T[];
  truncated: boolean;
}

/** Three separate steel quantities; a missing key is unknown (null), 0 is zero. Never summed. */
export interface SteelQuantities {
  pieces: number | null;
  meters: number | null;
  kg: number | null;
}

export interface PortalDocumentLine {
  lineNo: number | null;
  itemNo: string;
  description: string;
  format: string;
  /** Without the steel extension. */
  quantity: number | null;
  unitOfMeasureCode: string;
  outstandingQuantity: number | null;
  quantityShipped: number | null;
  /** With the steel extension (null without it). */
  steel: {
    profile: string;
    grade: string;
    formatDescription: string;
    /** Which of the three leads: PCS, KG, MTR, or another option name as sent. */
    unit: string;
    weightType: string;
    quantity: SteelQuantities;
    /** Live order lines only. */
    outstanding: SteelQuantities | null;
    shipped: SteelQuantities | null;
  } | null;
}

export interface PortalDocumentRow {
  id: string;
  /** Report rows print through Document; archive rows need the vendor download (out of scope). */
  source: 'report' | 'archive';
  reportType: string;
  fileName: string;
  contentType: string;
  category: string;
  documentNo: string;
  documentType: string;
  documentNoStatus: LinkStatus;
  date: string;
}

export interface PortalPdf {
  /** Safe as a file name on every desktop system. */
  fileName: string;
  contentType: string;
  base64: string;
}

export interface AcceptQuoteAnswer {
  /** `unknown` also after a network error or a failed call: whether it was recorded is not known. */
  outcome: AcceptOutcome;
  acceptedAt: string;
  /** True when no trustworthy answer came back (network error, time-out, 5xx). */
  answerMissing: boolean;
}

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
