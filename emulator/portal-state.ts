import { createHash } from 'node:crypto';
import type { SeededCatalog } from './catalog-generator.ts';
import {
  seedPortalData,
  type PortalCustomer,
  type PortalData,
  type PortalUser,
  type SalesDocument,
} from './portal-data.ts';

export interface SignInCode {
  /** The address, normalized (lowercase, trimmed). */
  email: string;
  salt: string;
  /** SHA-256 of salt and the normalized code: the code itself is never kept. */
  hash: string;
  createdAt: number;
  expiresAt: number;
  state: 'open' | 'used' | 'expired';
  attempts: number;
  ipHash: string;
}

export interface PortalSession {
  /** SHA-256 of the token, hex: the token itself is never kept. */
  tokenHash: string;
  /** The portal user's address as stored, and the customer the session took. */
  email: string;
  customerNo: string;
  createdAt: number;
  /** Sliding end, written at most once a minute. */
  expiresAt: number;
  lastWrittenAt: number;
  revokedAt: number | null;
  ipHash: string;
}

/** An acceptance as AcceptQuote records it, with every field the reference lists. */
export interface RecordedAcceptance {
  quoteNo: string;
  customerNo: string;
  email: string;
  acceptedAt: string;
  ipHash: string;
  documentDate: string;
  amountIncludingVat: number;
  currencyCode: string;
  lines: number;
  latestArchiveVersion: number;
  linesFingerprint: string;
}

export interface PortalState {
  data: PortalData;
  /** Customers and portal users as they are now: the admin API can block, deactivate and add. */
  customers: PortalCustomer[];
  users: PortalUser[];
  codes: SignInCode[];
  sessions: PortalSession[];
  acceptances: RecordedAcceptance[];
  /** Quotes whose acceptance is being recorded right now. */
  acceptancesInProgress: Set<string>;
}

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** Counts, fingerprints and versions an acceptance records about its quote. */
export function acceptanceOf(
  data: PortalData,
  quote: SalesDocument,
  email: string,
  acceptedAt: string,
  ipHash: string,
): RecordedAcceptance {
  const itemLines = quote.lines.filter((line) => line.type === 'Item');
  const versions = data.quoteArchive
    .filter((version) => version.no === quote.no)
    .map((version) => version.version);
  return {
    quoteNo: quote.no,
    customerNo: quote.customerNo,
    email,
    acceptedAt,
    ipHash: ipHash.slice(0, 64),
    documentDate: quote.documentDate,
    amountIncludingVat: quote.amountIncludingVat,
    currencyCode: quote.currencyCode,
    lines: itemLines.length,
    latestArchiveVersion: Math.max(0, ...versions),
    linesFingerprint: sha256Hex(
      JSON.stringify(
        itemLines.map((line) => [line.itemNo, line.variantCode, line.pieces, line.meters, line.kg]),
      ),
    ),
  };
}

/** The portal as seeded: users as at start, no codes or sessions, the seeded acceptances only. */
export function createPortalState(catalog: SeededCatalog, start: Date): PortalState {
  const data = seedPortalData(catalog, start);
  const state: PortalState = {
    data,
    customers: [],
    users: [],
    codes: [],
    sessions: [],
    acceptances: [],
    acceptancesInProgress: new Set(),
  };
  resetPortalState(state);
  return state;
}

export function resetPortalState(state: PortalState): void {
  state.customers = state.data.customers.map((customer) => ({ ...customer }));
  state.users = state.data.users.map((user) => ({ ...user }));
  state.codes = [];
  state.sessions = [];
  state.acceptancesInProgress.clear();
  state.acceptances = state.data.acceptedQuotes.flatMap((accepted) => {
    const quote = state.data.quotes.find((candidate) => candidate.no === accepted.quoteNo);
    return quote ? [acceptanceOf(state.data, quote, accepted.email, accepted.acceptedAt, '')] : [];
  });
}
