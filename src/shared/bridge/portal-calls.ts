// Bridge calls and events of the customer desk. The renderer sees the signed-in customer and
// their documents, never the session token: main keeps it in memory and adds it to every portal call.
import { z } from 'zod';
import {
  DOCUMENT_NO_MAX_LENGTH,
  LINE_DOCUMENT_TYPES,
  PORTAL_EMAIL_MAX_LENGTH,
  PRINT_DOCUMENT_TYPES,
  type AcceptQuoteAnswer,
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
} from '../contract/portal-objects.ts';
import { REQUEST_ID_MAX_LENGTH } from '../contract/fixed-values.ts';
import { defineCall, defineEvent } from './define.ts';

const noInput = z.object({}).strict();

/**
 * Why a customer's session ended: every one clears the customer from the screen. `connectionChanged`: the
 * host connection in Settings changed, so the session was forgotten without a word to the new host.
 */
export const SESSION_END_REASONS = [
  'signedOut',
  'nextCustomer',
  'idle',
  'expired',
  'reload',
  'quit',
  'connectionChanged',
] as const;
export type SessionEndReason = (typeof SESSION_END_REASONS)[number];

/** The desk's view of the portal session. */
export interface PortalSessionView {
  customer: PortalCustomer | null;
  details: PortalDetails | null;
  /** Set when the last session ended, until someone signs in again. */
  ended: { reason: SessionEndReason; at: string } | null;
  /**
   * Counts the session's changes since the core started. An answer and a `portal:changed` event may
   * arrive in either order; the screen keeps the newer, so a late answer never brings a customer back.
   */
  revision: number;
}

/** A read for the signed-in customer: the value, or the session had ended (the screen offers sign-in). */
export type PortalRead<T> = { state: 'ok'; value: T } | { state: 'ended'; reason: SessionEndReason };

export interface CodeRequested {
  /** RequestCode was sent now (false: the wait time for this address has not passed; nothing was sent). */
  sent: boolean;
  /** When "send a new code" may be pressed again (ISO). */
  nextCodeAt: string;
}

export type SignInAnswer = { signedIn: true; session: PortalSessionView } | { signedIn: false };

/** unknown: LinkRequest got no answer and the customer's requests have not told yet. */
export const LINK_STATES = ['pending', 'linked', 'notLinked', 'unknown'] as const;
export type LinkState = (typeof LINK_STATES)[number];

/** Why a request is not linked; the screen says it in the user's language. */
export const LINK_FAILURES = [
  /** LinkRequest answered false (not a Buyer any more, request already linked, or not found). */
  'refused',
  /** The customer's session ended before the request was delivered. */
  'sessionEnded',
  /** Another customer was signed in when the request was delivered. */
  'otherCustomer',
  /** LinkRequest got no answer: whether it is linked is unknown (never retried automatically). */
  'noAnswer',
  /** After no answer: the customer's complete request list (MyRequests) does not hold it as theirs. */
  'notInRequests',
] as const;
export type LinkFailure = (typeof LINK_FAILURES)[number];

/** The link outcome of a fair quote request sent while a Buyer was signed in: kept with the outbox item. */
export interface RequestLinkView {
  requestId: string;
  /** The host's request number, once delivered. */
  number: string | null;
  customerNo: string;
  state: LinkState;
  reason: LinkFailure | null;
  updatedAt: string;
}

const email = z
  .string()
  .trim()
  .min(1)
  .max(PORTAL_EMAIL_MAX_LENGTH)
  .regex(/^[^\s@]+@[^\s@]+$/, 'is not an e-mail address');
const documentNo = z.string().trim().min(1).max(DOCUMENT_NO_MAX_LENGTH);

export const portalCalls = {
  /** The current session as main knows it; calls ReadSession (a panel view) when someone is signed in. */
  'portal:session': defineCall<PortalSessionView>()(noInput),
  /** RequestCode once; never repeated automatically. */
  'portal:requestCode': defineCall<CodeRequested>()(z.object({ email }).strict()),
  /** SignIn with the code as typed (spaces, hyphens, O/0, I/L/1 are normalized as the host does). */
  'portal:signIn': defineCall<SignInAnswer>()(
    z.object({ email, code: z.string().trim().min(1).max(40) }).strict(),
  ),
  /**
   * SignOut (answer ignored) and forget the customer: sign out, the next customer, or a page that (re)loads
   * (the form's copy of the customer's data is gone with the old page, so the session goes too).
   */
  'portal:signOut': defineCall<PortalSessionView>()(
    z.object({ reason: z.enum(['signedOut', 'nextCustomer', 'reload']) }).strict(),
  ),
  /** The employee is using the desk: restarts the idle time. */
  'portal:activity': defineCall<{ signedIn: boolean }>()(noInput),
  'portal:addresses': defineCall<PortalRead<DeliveryAddress[] | null>>()(noInput),
  'portal:requests': defineCall<PortalRead<PortalRequestRow[]>>()(noInput),
  'portal:quotes': defineCall<PortalRead<TruncatedList<PortalQuoteRow>>>()(noInput),
  'portal:orders': defineCall<PortalRead<TruncatedList<PortalOrderRow>>>()(noInput),
  'portal:shipments': defineCall<PortalRead<TruncatedList<PortalShipmentRow>>>()(noInput),
  /** Item lines of one document; null when the host has no such document of this customer. */
  'portal:lines': defineCall<PortalRead<PortalDocumentLine[] | null>>()(
    z.object({ documentType: z.enum(LINE_DOCUMENT_TYPES), documentNo }).strict(),
  ),
  'portal:documents': defineCall<PortalRead<PortalDocumentRow[]>>()(noInput),
  /** The printed PDF; null: "no printable document available". */
  'portal:document': defineCall<PortalRead<PortalPdf | null>>()(
    z.object({ documentType: z.enum(PRINT_DOCUMENT_TYPES), documentNo }).strict(),
  ),
  /** AcceptQuote once, never retried; an unknown outcome is never shown as recorded. */
  'portal:acceptQuote': defineCall<PortalRead<AcceptQuoteAnswer>>()(
    z.object({ quoteNo: documentNo }).strict(),
  ),
  /** Link outcomes of requests sent while a Buyer was signed in, newest first. */
  'portal:links': defineCall<RequestLinkView[]>()(noInput),
  /** "Link to customer": LinkRequest once for a request that was not linked, by the signed-in Buyer. */
  'portal:link': defineCall<PortalRead<RequestLinkView>>()(
    z.object({ requestId: z.string().trim().min(1).max(REQUEST_ID_MAX_LENGTH) }).strict(),
  ),
};

export const portalEvents = {
  /** Someone signed in, or the session ended (the renderer clears every portal datum). */
  'portal:changed': defineEvent<PortalSessionView>(),
  'portal:linksChanged': defineEvent<RequestLinkView[]>(),
};
