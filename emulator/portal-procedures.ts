import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { EmulatorClock } from './emulator-clock.ts';
import type { EmulatorState } from './emulator-state.ts';
import type { PortalFaultKind } from './faults.ts';
import { hostMessages } from './host-messages.ts';
import { HostError } from './odata-errors.ts';
import type {
  ArchivedVersion,
  ArchiveRecord,
  DocumentLine,
  DocumentUnit,
  PortalCustomer,
  PortalUser,
  PostedDocument,
  ReportKind,
  SalesDocument,
} from './portal-data.ts';
import { minimalPdf } from './portal-pdf.ts';
import { acceptanceOf, sha256Hex, type PortalSession } from './portal-state.ts';
import { mailLanguageOf } from './request-intake.ts';
import type { SessionLanguage } from './steel-assortment.ts';

/** The fifteen callable procedures of voaPortal and their parameters, all strings, names case-sensitive. */
export const portalParameters = {
  RequestCode: ['email', 'ipHash'],
  SignIn: ['email', 'code', 'ipHash'],
  ReadSession: ['token'],
  SignOut: ['token'],
  MyDetails: ['token'],
  MyDeliveryAddresses: ['token'],
  LinkRequest: ['token', 'requestId'],
  MyRequests: ['token'],
  MyQuotes: ['token'],
  MyOrders: ['token'],
  MyShipments: ['token'],
  DocumentLines: ['token', 'documentType', 'documentNo'],
  AcceptQuote: ['token', 'quoteNo', 'ipHash'],
  MyDocuments: ['token'],
  Document: ['token', 'documentType', 'documentNo'],
} as const satisfies Record<string, readonly string[]>;

export type PortalProcedure = keyof typeof portalParameters;

export function isPortalProcedure(name: string): name is PortalProcedure {
  return Object.hasOwn(portalParameters, name);
}

/** The sign-in code alphabet of the reference: no I, L, O or U. */
export const signInCodeAlphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const signInCodeLength = 10;
/** Language of inside sales: the last fallback for a sign-in code mail. */
const insideSalesLanguageCode = 'NLD';

const limits = {
  requests: 200,
  documentRows: 100,
  deliveryAddresses: 100,
  documentLines: 500,
  archiveDocuments: 200,
  archiveRowsExamined: 1000,
  reportRowsPerKind: 100,
  documentNumberLength: 20,
  requestIdLength: 64,
  tokenLength: 64,
  ipHashLength: 64,
} as const;

export interface PortalCallContext {
  state: EmulatorState;
  clock: EmulatorClock;
  language: SessionLanguage;
  companyName: string;
  /** Whether a portal fault (reportFailure, archiveFailure) fires at this point of the call. */
  faultFires: (kind: PortalFaultKind) => boolean;
}

/** A result as the envelope's value carries it: a string (JSON text or empty) or a Boolean. */
export type PortalValue = string | boolean;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Spaces and hyphens removed, uppercase, O read as 0, I and L as 1. */
export function normalizeSignInCode(code: string): string {
  return code.replace(/[\s-]/g, '').toUpperCase().replaceAll('O', '0').replace(/[IL]/g, '1');
}

function newSignInCode(): string {
  let code = '';
  for (let index = 0; index < signInCodeLength; index++)
    code += signInCodeAlphabet[randomInt(signInCodeAlphabet.length)];
  return code;
}

/** Document numbers are trimmed and uppercased; one longer than 20 characters counts as not found. */
function documentNumberOf(value: string): string | null {
  const number = value.trim().toUpperCase();
  return number === '' || number.length > limits.documentNumberLength ? null : number;
}

const byNumberDescending = (left: { no: string }, right: { no: string }): number =>
  left.no < right.no ? 1 : left.no > right.no ? -1 : 0;

const round = (value: number, decimals: number): number =>
  Math.round(value * 10 ** decimals) / 10 ** decimals;

const reportCategories: Record<ReportKind, string> = {
  quote: 'SalesQuote',
  order: 'SalesOrder',
  shipment: 'Waybill',
  invoice: 'SalesInvoice',
  creditMemo: 'SalesCreditMemo',
};

const printedTitles: Record<ReportKind, Record<SessionLanguage, string>> = {
  quote: { nl: 'Offerte', en: 'Sales quote' },
  order: { nl: 'Orderbevestiging', en: 'Order confirmation' },
  shipment: { nl: 'Pakbon', en: 'Shipment' },
  invoice: { nl: 'Factuur', en: 'Invoice' },
  creditMemo: { nl: 'Creditnota', en: 'Credit memo' },
};

const signInMail = {
  subject: { nl: 'Uw inlogcode', en: 'Your sign-in code' },
  body: {
    nl: (code: string, minutes: number) =>
      `Uw inlogcode voor het klantenportaal is ${code}.\n\nDe code is ${minutes} minuten geldig en werkt één keer.`,
    en: (code: string, minutes: number) =>
      `Your sign-in code for the customer portal is ${code}.\n\nThe code is valid for ${minutes} minutes and works once.`,
  },
} as const;

export function createPortalProcedures(context: PortalCallContext) {
  const { state, clock } = context;
  const portal = state.portal;
  const { data } = portal;
  const settings = state.settings;

  const nowMs = (): number => clock.now().getTime();
  const today = (): string => clock.now().toISOString().slice(0, 10);
  const archiveActive = (): boolean => settings.steel && settings.steelArchive;
  const reportSource = (): boolean => !archiveActive() && settings.portalDocumentsFromReports;
  const customerOf = (no: string): PortalCustomer | undefined =>
    portal.customers.find((entry) => entry.no === no);

  /** Portal access: customer exists, is not privacy blocked, is not blocked for all. */
  function customerAllowed(no: string): boolean {
    const customer = customerOf(no);
    return customer !== undefined && !customer.privacyBlocked && customer.blocked !== 'All';
  }

  function hasAccess(user: PortalUser): boolean {
    return user.active && !user.anonymized && customerAllowed(user.customerNo);
  }

  const roleOf = (user: PortalUser): 'Buyer' | 'Viewer' => (user.role === 'Buyer' ? 'Buyer' : 'Viewer');

  interface ValidSession {
    session: PortalSession;
    user: PortalUser;
    customer: PortalCustomer;
  }

  function sessionByToken(token: string): PortalSession | undefined {
    const trimmed = token.trim();
    if (trimmed.length !== limits.tokenLength) return undefined;
    const hash = sha256Hex(trimmed);
    return portal.sessions.find((session) => session.tokenHash === hash);
  }

  const sessionEnd = (session: PortalSession): number =>
    Math.min(session.expiresAt, session.createdAt + settings.maximumSessionAgeHours * 3_600_000);

  /**
   * Every token call: the token exists, is not revoked or expired, is within the maximum age, and the
   * portal user and customer still have access (else the session is revoked). The role is read here, every
   * time. A valid call moves the sliding expiry, written at most once a minute.
   */
  function validSession(token: string): ValidSession | null {
    const session = sessionByToken(token);
    if (!session || session.revokedAt !== null) return null;
    const now = nowMs();
    if (now >= sessionEnd(session)) return null;
    const user = portal.users.find(
      (candidate) =>
        normalizeEmail(candidate.email) === normalizeEmail(session.email) &&
        candidate.customerNo === session.customerNo,
    );
    const customer = customerOf(session.customerNo);
    if (!user || !customer || !hasAccess(user)) {
      session.revokedAt = now;
      return null;
    }
    if (now - session.lastWrittenAt >= 60_000) {
      session.expiresAt = now + settings.sessionDurationMinutes * 60_000;
      session.lastWrittenAt = now;
    }
    return { session, user, customer };
  }

  // ---- status of linked numbers -------------------------------------------------------------------

  const liveQuote = (customerNo: string, no: string): SalesDocument | undefined =>
    data.quotes.find((quote) => quote.no === no && quote.customerNo === customerNo);
  const liveOrder = (customerNo: string, no: string): SalesDocument | undefined =>
    data.orders.find((order) => order.no === no && order.customerNo === customerNo);

  /** Highest archived version of a document of this customer; quotes only count released versions. */
  function highestArchived(
    kind: 'quote' | 'order',
    customerNo: string,
    no: string,
  ): ArchivedVersion | undefined {
    const versions = (kind === 'quote' ? data.quoteArchive : data.orderArchive).filter(
      (version) =>
        version.no === no &&
        version.customerNo === customerNo &&
        (kind === 'order' || version.status === 'Released'),
    );
    return versions.sort((left, right) => right.version - left.version)[0];
  }

  /** active for a live quote of this customer, completed for a released quote in the archive, else empty. */
  function quoteNoStatus(customerNo: string, no: string): string {
    if (liveQuote(customerNo, no)) return 'active';
    return highestArchived('quote', customerNo, no) ? 'completed' : '';
  }

  function orderNoStatus(customerNo: string, no: string): string {
    if (liveOrder(customerNo, no)) return 'active';
    return highestArchived('order', customerNo, no) ? 'completed' : '';
  }

  const statusOf = (status: string): string => (status === 'Open' || status === 'Released' ? status : '');
  const itemLines = (lines: readonly DocumentLine[]): DocumentLine[] =>
    lines.filter((line) => line.type === 'Item');

  /** A report is set up for a kind through a layout on the customer card, else the report selections. */
  function reportSetUp(customer: PortalCustomer, kind: ReportKind): boolean {
    return customer.documentLayouts.includes(kind) || data.reportSelections.includes(kind);
  }

  /** hasDocument: Document would print it (report source, a report set up, and something to print). */
  const canPrint = (customer: PortalCustomer, kind: ReportKind, lines: readonly DocumentLine[]): boolean =>
    reportSource() && reportSetUp(customer, kind) && lines.length > 0;

  // ---- the procedures -----------------------------------------------------------------------------

  async function requestCode(email: string, ipHash: string): Promise<boolean> {
    // The floor runs alongside the work, so the answer never tells whether anything was done.
    const floor = sleep(settings.requestCodeMinimumMs);
    const address = normalizeEmail(email);
    const now = nowMs();
    const recipients = portal.users
      .filter((user) => normalizeEmail(user.email) === address && user.active && !user.anonymized)
      .sort(
        (left, right) =>
          Number(customerAllowed(right.customerNo)) - Number(customerAllowed(left.customerNo)) ||
          (left.customerNo < right.customerNo ? -1 : 1),
      );
    const recipient = recipients[0];
    const previous = portal.codes.filter((code) => code.email === address).at(-1);
    const waiting =
      previous !== undefined && now < previous.createdAt + settings.signInCodeWaitSeconds * 1000;
    if (recipient && address !== '' && !waiting) {
      const code = newSignInCode();
      const salt = randomBytes(16).toString('hex');
      portal.codes.push({
        email: address,
        salt,
        hash: sha256Hex(salt + code),
        createdAt: now,
        expiresAt: now + settings.signInCodeValidityMinutes * 60_000,
        state: 'open',
        attempts: 0,
        ipHash: ipHash.slice(0, limits.ipHashLength),
      });
      // The account request's language, else the customer's, else inside sales'.
      const language = mailLanguageOf(
        recipient.accountRequestLanguage ||
          customerOf(recipient.customerNo)?.languageCode ||
          insideSalesLanguageCode,
      );
      const mailed = `${code.slice(0, 5)}-${code.slice(5)}`;
      state.mail.push({
        kind: 'signInCode',
        to: recipient.email.trim(),
        language,
        code: mailed,
        subject: signInMail.subject[language],
        body: signInMail.body[language](mailed, settings.signInCodeValidityMinutes),
        recordedAt: new Date(now).toISOString(),
      });
    }
    await floor;
    return true;
  }

  function signIn(email: string, code: string, ipHash: string): string {
    const address = normalizeEmail(email);
    const now = nowMs();
    for (const candidate of portal.codes) {
      if (candidate.state === 'open' && now >= candidate.expiresAt) candidate.state = 'expired';
    }
    const open = portal.codes.filter(
      (candidate) => candidate.email === address && candidate.state === 'open',
    );
    const normalized = normalizeSignInCode(code);
    const match = open.find((candidate) => sha256Hex(candidate.salt + normalized) === candidate.hash);
    if (!match) {
      // An abuse trace on the newest open code, capped; never a lockout.
      const newest = open.at(-1);
      if (newest && newest.attempts < settings.maximumCodeAttempts) newest.attempts += 1;
      return '';
    }
    match.state = 'used';
    for (const other of open) if (other !== match) other.state = 'expired';
    // One address, several customers: the lowest customer number that is allowed in the portal.
    const user = portal.users
      .filter((candidate) => normalizeEmail(candidate.email) === address && hasAccess(candidate))
      .sort((left, right) => (left.customerNo < right.customerNo ? -1 : 1))[0];
    if (!user) return '';
    const token = `${randomUUID()}${randomUUID()}`.replaceAll('-', '').toUpperCase();
    portal.sessions.push({
      tokenHash: sha256Hex(token),
      email: user.email,
      customerNo: user.customerNo,
      createdAt: now,
      expiresAt: now + settings.sessionDurationMinutes * 60_000,
      lastWrittenAt: now,
      revokedAt: null,
      ipHash: ipHash.slice(0, limits.ipHashLength),
    });
    return token;
  }

  function signOut(token: string): boolean {
    const session = sessionByToken(token);
    if (session && session.revokedAt === null) session.revokedAt = nowMs();
    return true;
  }

  function readSession({ session, user, customer }: ValidSession): object {
    return {
      email: user.email.trim(),
      customerNo: customer.no,
      customerName: customer.name,
      role: roleOf(user),
      weightType: settings.steel ? customer.weightType : '',
      expiresAt: new Date(sessionEnd(session)).toISOString(),
    };
  }

  function myDetails({ user, customer }: ValidSession): object {
    return {
      company: customer.name,
      vatRegistrationNo: customer.vatRegistrationNo,
      address: customer.address,
      address2: customer.address2,
      postCode: customer.postCode,
      city: customer.city,
      country: customer.country,
      phoneNo: customer.phoneNo,
      email: user.email.trim(),
      role: roleOf(user),
    };
  }

  function myDeliveryAddresses({ customer }: ValidSession): object {
    return {
      addresses: data.shipTos
        .filter((address) => address.customerNo === customer.no)
        .slice(0, limits.deliveryAddresses)
        .map(({ code, name, address, address2, postCode, city, country }) => ({
          code,
          name,
          address,
          address2,
          postCode,
          city,
          country,
        })),
    };
  }

  function linkRequest({ customer }: ValidSession, requestId: string): boolean {
    const id = requestId.trim().toUpperCase();
    if (id === '' || id.length > limits.requestIdLength) return false;
    const request = state.requests.quote.find((candidate) => candidate['requestId'] === id);
    if (!request || request.customerNo !== '') return false;
    request.customerNo = customer.no;
    const shipToCode = String(request['shipToCode'] ?? '');
    const ownShipTo = data.shipTos.some(
      (address) => address.customerNo === customer.no && address.code === shipToCode,
    );
    if (!ownShipTo) request['shipToCode'] = '';
    request['source'] = 'portal';
    return true;
  }

  function myRequests({ customer }: ValidSession): object {
    const known = new Set(['New', 'InProgress', 'Converted', 'Rejected']);
    const linked = state.requests.quote
      .filter((request) => request.customerNo === customer.no)
      .map((request) => ({
        no: request.number,
        receivedAt: request.receivedAt,
        status: request.status,
        quoteNo: '',
        lines: request.quoteRequestLines?.length ?? 0,
      }));
    const seeded = data.requests
      .filter((request) => request.customerNo === customer.no && !request.anonymized && !request.spam)
      .map((request) => ({
        no: request.number,
        receivedAt: request.receivedAt,
        status: known.has(request.status) ? request.status : '',
        quoteNo: request.quoteNo,
        lines: request.lineCount,
      }));
    return {
      requests: [...linked, ...seeded]
        .sort((left, right) => (left.receivedAt < right.receivedAt ? 1 : -1))
        .slice(0, limits.requests)
        .map(({ quoteNo, ...row }) =>
          quoteNo === '' ? row : { ...row, quoteNo, quoteNoStatus: quoteNoStatus(customer.no, quoteNo) },
        ),
    };
  }

  /** Live documents of the customer first, then those only in the archive, at most 100 with truncated. */
  function liveThenArchived(kind: 'quote' | 'order', customerNo: string) {
    const live = (kind === 'quote' ? data.quotes : data.orders).filter(
      (entry) => entry.customerNo === customerNo,
    );
    const liveNumbers = new Set((kind === 'quote' ? data.quotes : data.orders).map((entry) => entry.no));
    const archivedNumbers = new Set(
      (kind === 'quote' ? data.quoteArchive : data.orderArchive)
        .filter((version) => version.customerNo === customerNo && !liveNumbers.has(version.no))
        .map((version) => version.no),
    );
    const archived = [...archivedNumbers].flatMap((no) => {
      const version = highestArchived(kind, customerNo, no);
      return version ? [version] : [];
    });
    const rows = [
      ...live.sort(byNumberDescending).map((document) => ({ document, archived: false })),
      ...archived.sort(byNumberDescending).map((document) => ({ document, archived: true })),
    ];
    return { rows: rows.slice(0, limits.documentRows), truncated: rows.length > limits.documentRows };
  }

  function validityDate(quote: SalesDocument): string {
    return quote.validUntil || (settings.steel ? quote.steelDueDate : '');
  }

  function myQuotes({ customer }: ValidSession): object {
    const { rows, truncated } = liveThenArchived('quote', customer.no);
    return {
      quotes: rows.map(({ document, archived }) => {
        const lines = itemLines(document.lines);
        const archiveOrderNo =
          archived && archiveActive() ? (document as ArchivedVersion).archiveOrderNo : '';
        return {
          no: document.no,
          documentDate: document.documentDate,
          validUntil: validityDate(document),
          yourReference: document.externalDocumentNo,
          requestNo: document.yourReference,
          status: statusOf(document.status),
          lines: lines.length,
          ...(settings.steel
            ? {
                totalWeightKg: round(
                  lines.reduce((sum, line) => sum + line.kg, 0),
                  1,
                ),
              }
            : {}),
          hasDocument: !archived && canPrint(customer, 'quote', document.lines),
          accepted: portal.acceptances.some((acceptance) => acceptance.quoteNo === document.no),
          ...(archived ? {} : { comment: document.comment }),
          ...(archiveOrderNo
            ? { orderNo: archiveOrderNo, orderNoStatus: orderNoStatus(customer.no, archiveOrderNo) }
            : {}),
        };
      }),
      truncated,
    };
  }

  const leadQuantity = (line: DocumentLine): number =>
    line.unit === 'PCS' ? line.pieces : line.unit === 'MTR' ? line.meters : line.kg;

  /** Archived orders: completely shipped when posted shipment lines cover every item line. */
  function shippedFromPostedLines(order: SalesDocument): boolean {
    const shipmentLines = data.posted
      .filter((document) => document.kind === 'shipment' && document.orderNo === order.no)
      .flatMap((document) => document.lines);
    return itemLines(order.lines).every((line) => {
      const shipped = shipmentLines
        .filter((shipmentLine) => shipmentLine.orderLineNo === line.lineNo)
        .reduce((sum, shipmentLine) => sum + leadQuantity(shipmentLine), 0);
      return shipped >= leadQuantity(line);
    });
  }

  function myOrders({ customer }: ValidSession): object {
    const { rows, truncated } = liveThenArchived('order', customer.no);
    return {
      orders: rows.map(({ document, archived }) => {
        const quoteNo = archived
          ? archiveActive()
            ? (document as ArchivedVersion).archiveQuoteNo
            : ''
          : document.quoteNo;
        return {
          no: document.no,
          ...(quoteNo ? { quoteNo, quoteNoStatus: quoteNoStatus(customer.no, quoteNo) } : {}),
          orderDate: document.documentDate,
          requestedDeliveryDate: document.requestedDeliveryDate,
          promisedDeliveryDate: document.promisedDeliveryDate,
          yourReference: document.externalDocumentNo,
          status: statusOf(document.status),
          completelyShipped: archived ? shippedFromPostedLines(document) : document.completelyShipped,
          lines: itemLines(document.lines).length,
          hasDocument: !archived && canPrint(customer, 'order', document.lines),
          ...(archived ? {} : { comment: document.comment }),
        };
      }),
      truncated,
    };
  }

  const postedOf = (customerNo: string, kind: PostedDocument['kind']): PostedDocument[] =>
    data.posted.filter((document) => document.kind === kind && document.customerNo === customerNo);

  function myShipments({ customer }: ValidSession): object {
    const shipments = postedOf(customer.no, 'shipment').sort((left, right) =>
      left.postingDate < right.postingDate
        ? 1
        : left.postingDate > right.postingDate
          ? -1
          : byNumberDescending(left, right),
    );
    return {
      shipments: shipments.slice(0, limits.documentRows).map((shipment) => ({
        no: shipment.no,
        deliveryDate: shipment.postingDate,
        orderNo: shipment.orderNo,
        orderNoStatus: orderNoStatus(customer.no, shipment.orderNo),
        yourReference: shipment.externalDocumentNo,
        shipToAddress: shipment.shipTo,
        lines: itemLines(shipment.lines).length,
        hasDocument: canPrint(customer, 'shipment', shipment.lines),
      })),
      truncated: shipments.length > limits.documentRows,
    };
  }

  function lineAnswer(line: DocumentLine, liveOrderLine: boolean): object {
    const base = {
      lineNo: line.lineNo,
      itemNo: line.itemNo,
      description: line.description,
      format: line.variantCode,
    };
    const shippedPieces = Math.round(line.pieces * line.shippedShare);
    const shippedMeters = round(line.meters * line.shippedShare, 2);
    const shippedKg = round(line.kg * line.shippedShare, 1);
    if (!settings.steel) {
      const quantity = leadQuantity(line);
      const shipped = line.unit === 'PCS' ? shippedPieces : line.unit === 'MTR' ? shippedMeters : shippedKg;
      return {
        ...base,
        quantity,
        unitOfMeasureCode: line.unit === 'MTR' ? 'M' : line.unit,
        ...(liveOrderLine
          ? { outstandingQuantity: round(quantity - shipped, 2), quantityShipped: shipped }
          : {}),
      };
    }
    const known = (unit: DocumentUnit) => !line.unknownQuantities?.includes(unit);
    const kept = (unit: DocumentUnit, keys: object): object => (known(unit) ? keys : {});
    return {
      ...base,
      ...(line.profile ? { profile: line.profile } : {}),
      ...(line.grade ? { grade: line.grade } : {}),
      ...(line.formatDescription ? { formatDescription: line.formatDescription } : {}),
      unit: line.unit,
      // A missing key means unknown (0 would mean zero).
      ...kept('PCS', { quantityPieces: line.pieces }),
      ...kept('MTR', { quantityMeters: line.meters }),
      ...kept('KG', { quantityKg: line.kg }),
      ...(line.weightType ? { weightType: line.weightType } : {}),
      ...(liveOrderLine
        ? {
            ...kept('PCS', { outstandingPieces: line.pieces - shippedPieces, shippedPieces }),
            ...kept('MTR', { outstandingMeters: round(line.meters - shippedMeters, 2), shippedMeters }),
            ...kept('KG', { outstandingKg: round(line.kg - shippedKg, 1), shippedKg }),
          }
        : {}),
    };
  }

  function documentLines({ customer }: ValidSession, documentType: string, documentNo: string): object | '' {
    const type = documentType.toLowerCase();
    const no = documentNumberOf(documentNo);
    if (no === null) return '';
    // Ownership first: only a document of this customer is ever read.
    let lines: DocumentLine[] | undefined;
    let liveOrderLines = false;
    if (type === 'quote') {
      lines = (liveQuote(customer.no, no) ?? highestArchived('quote', customer.no, no))?.lines;
    } else if (type === 'order') {
      const live = liveOrder(customer.no, no);
      liveOrderLines = live !== undefined;
      lines = (live ?? highestArchived('order', customer.no, no))?.lines;
    } else if (type === 'shipment') {
      lines = postedOf(customer.no, 'shipment').find((shipment) => shipment.no === no)?.lines;
    }
    if (!lines) return '';
    return {
      lines: itemLines(lines)
        .slice(0, limits.documentLines)
        .map((line) => lineAnswer(line, liveOrderLines)),
    };
  }

  async function acceptQuote(token: string, quoteNo: string, ipHash: string): Promise<object> {
    const refused = { outcome: 'refused', acceptedAt: '' };
    const valid = validSession(token);
    if (!valid || roleOf(valid.user) !== 'Buyer') return refused;
    const no = documentNumberOf(quoteNo);
    if (no === null) return refused;
    const quote = liveQuote(valid.customer.no, no);
    if (!quote || quote.status !== 'Released') return refused;
    const existing = portal.acceptances.find((acceptance) => acceptance.quoteNo === no);
    if (existing) return { outcome: 'already', acceptedAt: existing.acceptedAt };
    const validity = validityDate(quote);
    if (validity !== '' && validity < today()) return { outcome: 'expired', acceptedAt: '' };
    if (portal.acceptancesInProgress.has(no)) return { outcome: 'already', acceptedAt: '' };
    portal.acceptancesInProgress.add(no);
    try {
      if (settings.acceptanceRecordingMs > 0) await sleep(settings.acceptanceRecordingMs);
      const acceptedAt = clock.now().toISOString();
      portal.acceptances.push(acceptanceOf(data, quote, valid.user.email.trim(), acceptedAt, ipHash));
      recordAcceptanceMail(valid, quote, acceptedAt);
      return { outcome: 'recorded', acceptedAt };
    } finally {
      portal.acceptancesInProgress.delete(no);
    }
  }

  /** The mail job's confirmation to the customer and notification to inside sales. */
  function recordAcceptanceMail(
    { user, customer }: ValidSession,
    quote: SalesDocument,
    acceptedAt: string,
  ): void {
    const language = mailLanguageOf(customer.languageCode);
    state.mail.push(
      {
        kind: 'acceptanceConfirmation',
        quoteNo: quote.no,
        to: user.email.trim(),
        language,
        subject:
          language === 'nl'
            ? `Akkoord op offerte ${quote.no} ontvangen`
            : `Acceptance of quote ${quote.no} received`,
        body:
          language === 'nl'
            ? `Wij hebben uw akkoord op offerte ${quote.no} ontvangen. Binnendienst neemt contact met u op.`
            : `We have received your acceptance of quote ${quote.no}. Inside sales will contact you.`,
        recordedAt: acceptedAt,
      },
      {
        kind: 'acceptanceNotification',
        quoteNo: quote.no,
        to: settings.insideSalesEmail,
        language: 'nl',
        subject: `Offerte ${quote.no} geaccepteerd via het portaal`,
        body: [
          `Offerte: ${quote.no}`,
          `Klant: ${customer.no} ${customer.name}`,
          `Door: ${user.email.trim()}`,
        ].join('\n'),
        recordedAt: acceptedAt,
      },
    );
  }

  function archiveRows(customer: PortalCustomer): object[] {
    const dateOf = (record: ArchiveRecord): string => record.archiveDate || record.recordCreatedDate;
    const examined = data.archive
      .map((record, position) => ({ record, position }))
      .filter(({ record }) => record.relationNo === customer.no)
      .sort((left, right) =>
        dateOf(left.record) < dateOf(right.record)
          ? 1
          : dateOf(left.record) > dateOf(right.record)
            ? -1
            : right.position - left.position,
      )
      .slice(0, limits.archiveRowsExamined)
      .map(({ record }) => record);
    return examined
      .filter((record) => record.relationType === 'Customer' && record.categoryKind !== 'None')
      .slice(0, limits.archiveDocuments)
      .map((record) => {
        const documentType = confirmedDocumentType(customer, record);
        return {
          id: record.id,
          fileName: record.fileName,
          contentType: /\.pdf$/i.test(record.fileName) ? 'application/pdf' : 'application/octet-stream',
          category: record.categoryKind,
          documentNo: record.documentNo,
          documentType,
          ...(documentType === 'order'
            ? { documentNoStatus: orderNoStatus(customer.no, record.documentNo) }
            : {}),
          date: dateOf(record),
          ...(record.orderNo
            ? { orderNo: record.orderNo, orderNoStatus: orderNoStatus(customer.no, record.orderNo) }
            : {}),
          ...(record.invoiceNo ? { invoiceNo: record.invoiceNo } : {}),
          ...(record.creditMemoNo ? { creditMemoNo: record.creditMemoNo } : {}),
        };
      });
  }

  /** quote, order or shipment only once the number is confirmed as such a document of this customer. */
  function confirmedDocumentType(customer: PortalCustomer, record: ArchiveRecord): string {
    const no = record.documentNo;
    if (no === '') return '';
    switch (record.categoryKind) {
      case 'SalesQuote':
        return liveQuote(customer.no, no) || highestArchived('quote', customer.no, no) ? 'quote' : '';
      case 'SalesOrder':
        return orderNoStatus(customer.no, no) !== '' ? 'order' : '';
      case 'Waybill':
      case 'WarehouseShipment':
        return postedOf(customer.no, 'shipment').some((shipment) => shipment.no === no) ? 'shipment' : '';
      default:
        return '';
    }
  }

  interface Printable {
    kind: ReportKind;
    no: string;
    systemId: string;
    date: string;
    orderNo: string;
    invoiceNo: string;
    lines: DocumentLine[];
  }

  function printablesOf(customer: PortalCustomer, kind: ReportKind): Printable[] {
    const documents: Printable[] =
      kind === 'quote' || kind === 'order'
        ? (kind === 'quote' ? data.quotes : data.orders)
            .filter((document) => document.customerNo === customer.no)
            .map((document) => ({
              kind,
              no: document.no,
              systemId: document.systemId,
              date: document.documentDate,
              orderNo: '',
              invoiceNo: '',
              lines: document.lines,
            }))
        : postedOf(customer.no, kind).map((document) => ({
            kind,
            no: document.no,
            systemId: document.systemId,
            date: document.postingDate,
            orderNo: document.orderNo,
            invoiceNo: document.invoiceNo,
            lines: document.lines,
          }));
    return documents.sort(byNumberDescending);
  }

  function reportRows(customer: PortalCustomer): object[] {
    const kinds: ReportKind[] = ['quote', 'order', 'shipment', 'invoice', 'creditMemo'];
    return kinds
      .filter((kind) => reportSetUp(customer, kind))
      .flatMap((kind) =>
        printablesOf(customer, kind)
          .slice(0, limits.reportRowsPerKind)
          .map((document) => ({
            id: document.systemId,
            source: 'report',
            reportType: kind,
            fileName: `${reportCategories[kind]} ${document.no}.pdf`,
            contentType: 'application/pdf',
            category: reportCategories[kind],
            documentNo: document.no,
            documentType: kind === 'quote' || kind === 'order' || kind === 'shipment' ? kind : '',
            ...(kind === 'order' ? { documentNoStatus: 'active' } : {}),
            date: document.date,
            ...(document.orderNo
              ? { orderNo: document.orderNo, orderNoStatus: orderNoStatus(customer.no, document.orderNo) }
              : {}),
            ...(document.invoiceNo ? { invoiceNo: document.invoiceNo } : {}),
          })),
      );
  }

  function myDocuments({ customer }: ValidSession): object {
    // A failing archive read gives an empty list, never an error.
    if (archiveActive())
      return { documents: context.faultFires('archiveFailure') ? [] : archiveRows(customer) };
    if (settings.portalDocumentsFromReports) return { documents: reportRows(customer) };
    return { documents: [] };
  }

  function document({ customer }: ValidSession, documentType: string, documentNo: string): object | '' {
    if (!reportSource()) return '';
    const kind = ([...Object.keys(reportCategories)] as ReportKind[]).find(
      (candidate) => candidate.toLowerCase() === documentType.toLowerCase(),
    );
    const no = documentNumberOf(documentNo);
    if (!kind || no === null || !reportSetUp(customer, kind)) return '';
    // Quotes and orders must be live: printablesOf holds live sales documents only.
    const printable = printablesOf(customer, kind).find((candidate) => candidate.no === no);
    if (!printable || printable.lines.length === 0) return '';
    if (context.faultFires('reportFailure')) {
      throw new HostError(
        400,
        'Application_DialogException',
        hostMessages.reportFailed[context.language](kind),
      );
    }
    const title = `${printedTitles[kind][context.language]} ${printable.no}`;
    const pdf = minimalPdf(title, [
      context.companyName,
      `${customer.no} ${customer.name}`,
      `${printable.date}`,
      '',
      ...itemLines(printable.lines).map(
        (line) =>
          `${line.itemNo}  ${line.description}  ${line.variantCode}  ${line.pieces} x  ${line.meters} m  ${line.kg} kg`,
      ),
    ]);
    return {
      fileName: `${reportCategories[kind]} ${printable.no}.pdf`,
      contentType: 'application/pdf',
      base64: pdf.toString('base64'),
    };
  }

  const json = (value: object | ''): string => (value === '' ? '' : JSON.stringify(value));

  /** Runs one procedure; parameters were checked by name already. */
  return async function run(
    procedure: PortalProcedure,
    parameters: Readonly<Record<string, string>>,
  ): Promise<PortalValue> {
    const parameter = (name: string): string => parameters[name] ?? '';
    switch (procedure) {
      case 'RequestCode':
        return requestCode(parameter('email'), parameter('ipHash'));
      case 'SignIn':
        return signIn(parameter('email'), parameter('code'), parameter('ipHash'));
      case 'SignOut':
        return signOut(parameter('token'));
      case 'AcceptQuote':
        return json(await acceptQuote(parameter('token'), parameter('quoteNo'), parameter('ipHash')));
      case 'LinkRequest': {
        const valid = validSession(parameter('token'));
        return valid !== null && roleOf(valid.user) === 'Buyer' && linkRequest(valid, parameter('requestId'));
      }
      default:
        break;
    }
    const valid = validSession(parameter('token'));
    if (!valid) return '';
    switch (procedure) {
      case 'ReadSession':
        return json(readSession(valid));
      case 'MyDetails':
        return json(myDetails(valid));
      case 'MyDeliveryAddresses':
        return roleOf(valid.user) === 'Buyer' ? json(myDeliveryAddresses(valid)) : '';
      case 'MyRequests':
        return json(myRequests(valid));
      case 'MyQuotes':
        return json(myQuotes(valid));
      case 'MyOrders':
        return json(myOrders(valid));
      case 'MyShipments':
        return json(myShipments(valid));
      case 'DocumentLines':
        return json(documentLines(valid, parameter('documentType'), parameter('documentNo')));
      case 'MyDocuments':
        return json(myDocuments(valid));
      case 'Document':
        return json(document(valid, parameter('documentType'), parameter('documentNo')));
    }
    return '';
  };
}
