import type { SeededCatalog } from './catalog-generator.ts';
import { hashText } from './seeded-hash.ts';

/**
 * What the host holds behind voaPortal: customers, portal users, ship-to addresses, sales documents (live
 * and archived), posted documents, the steel document archive and the web requests already linked to
 * customers. Seeded from the catalog's seed, with document lines drawn from the seeded catalog, so every
 * case the procedure rules distinguish exists in a fresh emulator. Dates are relative to the start date, so
 * validity dates are "past" and "future" on any day. Each row exists because a rule distinguishes it:
 *
 * - 10000 Bouwbedrijf De Vries B.V.: allowed; every document case below; a credit-memo layout on its card.
 *   Users koper@devries.example (Buyer), kijker@devries.example (Viewer; English account request, so
 *   English code mail), oud@devries.example (inactive), vertrokken@devries.example (anonymized).
 * - 20000 Northern Steel Works Ltd: allowed, English (mail language), weight type Trade; "another
 *   customer's" documents and ship-to YARD2; 1,000 newest archive rows of a hidden category before 20
 *   allowed ones. Users buyer@northernsteel.example (Buyer), stagiair@northernsteel.example (stored role
 *   Approver, reported as Viewer).
 * - 30000 Geblokkeerd Staal B.V.: blocked for all, no access (inkoop@geblokkeerd.example).
 * - 40000 Privacy Metaal B.V.: privacy blocked, no access (inkoop@privacymetaal.example).
 * - 50000 Verzendstop Constructie B.V.: blocked for shipping only, keeps access (inkoop@verzendstop.example);
 *   inkoop@tweeklanten.example is linked to 30000, 50000 and 60000 and signs in to 50000, the lowest allowed.
 * - 60000 Groot Staalbouw N.V.: enough rows for every limit: 230 requests (some anonymized or spam), 110 live
 *   and 20 archived quotes, 101 live and 10 archived orders, 110 shipments, an order with 520 item lines,
 *   1,100 archive rows of which the newest 250 are shown (200 returned). User
 *   "  Inkoop@GrootStaalbouw.Example " stored with capitals and spaces.
 *
 * Customer 10000's documents: live quotes Open, Released (valid), Released with a past valid-until date,
 * Released with only a steel due date in the past and one in the future, one already accepted, Pending
 * Approval (status ""), one without lines (nothing to print) and one with comment lines only; a live quote
 * that also has an archived version; archive-only quotes with three versions (1 and 2 released), with two
 * versions never released, and one that became an order; live orders (from an archived quote, from a live
 * quote, completely shipped) and archive-only orders (one fully and one partly shipped by posted shipment
 * lines); shipments, invoices and a credit memo; ship-to addresses WERF1 and MAGAZIJN; archive rows of every
 * category, plus a None category row and a Vendor row that never show; nine requests with every status, a
 * counter-visit order number, an anonymized and a spam request. The company's report selections cover
 * quotes, orders, shipments and invoices; credit memos print only through a customer's layout.
 *
 * Document lines with the steel extension carry pieces, meters and kilograms with unit PCS, KG or MTR and the
 * customer's weightType; without it, quantity in the leading unit and unitOfMeasureCode PCS, M or KG. The
 * live order made from a live quote (customer's reference BOUW-2026-17, half shipped, a note for the
 * customer) has a first line whose weight the host does not know: its quantityKg, outstandingKg and shippedKg
 * keys are left out (a missing key is unknown, 0 is zero); its last item line is a size the catalog refuses
 * (of a blocked item, else a sales-blocked one, else a blocked size), for "order again".
 */

export type CustomerBlocked = '' | 'Ship' | 'Invoice' | 'All';
export type WeightType = '' | 'Theoretical' | 'Trade' | 'GermanTrade';
/** Document kinds Document prints, by their parameter value. */
export const reportKinds = ['quote', 'order', 'shipment', 'invoice', 'creditMemo'] as const;
export type ReportKind = (typeof reportKinds)[number];

export interface PortalCustomer {
  no: string;
  name: string;
  blocked: CustomerBlocked;
  privacyBlocked: boolean;
  /** Host language code (NLD, ENU, …): the sign-in code mail's language when the user has none. */
  languageCode: string;
  weightType: WeightType;
  vatRegistrationNo: string;
  address: string;
  address2: string;
  postCode: string;
  city: string;
  country: string;
  phoneNo: string;
  email: string;
  /** Report kinds with a document layout on the customer card (used before the report selections). */
  documentLayouts: ReportKind[];
  purpose: string;
}

export interface PortalUser {
  /** As stored: compared lowercase with surrounding spaces removed. */
  email: string;
  customerNo: string;
  /** Buyer or Viewer; any other stored value is reported as Viewer. */
  role: string;
  active: boolean;
  anonymized: boolean;
  /** languageCode of the account request the user came from, or empty. */
  accountRequestLanguage: string;
  purpose: string;
}

export interface ShipToAddress {
  customerNo: string;
  code: string;
  name: string;
  address: string;
  address2: string;
  postCode: string;
  city: string;
  country: string;
}

export type DocumentUnit = 'PCS' | 'KG' | 'MTR';

export interface DocumentLine {
  lineNo: number;
  /** Only Item lines are ever returned; Comment lines exist to be left out. */
  type: 'Item' | 'Comment';
  itemNo: string;
  description: string;
  variantCode: string;
  formatDescription: string;
  profile: string;
  grade: string;
  /** Which of the three steel quantities leads. */
  unit: DocumentUnit;
  pieces: number;
  meters: number;
  kg: number;
  weightType: WeightType;
  /** Share of the line shipped so far (live order lines; shipments carry their own quantities). */
  shippedShare: number;
  /** Steel quantities the host does not know for this line: their keys are left out of the answer. */
  unknownQuantities?: DocumentUnit[];
}

export type SalesStatus = 'Open' | 'Released' | 'Pending Approval';

export interface SalesDocument {
  kind: 'quote' | 'order';
  no: string;
  customerNo: string;
  systemId: string;
  documentDate: string;
  /** Quote Valid Until Date, or empty. */
  validUntil: string;
  /** The steel extension's quote due date, or empty. */
  steelDueDate: string;
  externalDocumentNo: string;
  /** The Your Reference field: the request number on quotes made from a web request. */
  yourReference: string;
  status: SalesStatus;
  /** Note written for the customer. */
  comment: string;
  /** Internal work description: never returned. */
  workDescription: string;
  /** Orders: the quote they came from. */
  quoteNo: string;
  requestedDeliveryDate: string;
  promisedDeliveryDate: string;
  completelyShipped: boolean;
  amountIncludingVat: number;
  currencyCode: string;
  lines: DocumentLine[];
}

export interface ArchivedVersion extends SalesDocument {
  version: number;
  /** Links the steel document archive knows: the order a quote became, the quote an order came from. */
  archiveOrderNo: string;
  archiveQuoteNo: string;
}

export interface PostedDocument {
  kind: 'shipment' | 'invoice' | 'creditMemo';
  no: string;
  customerNo: string;
  systemId: string;
  postingDate: string;
  orderNo: string;
  invoiceNo: string;
  externalDocumentNo: string;
  shipTo: { name: string; postCode: string; city: string };
  /** Shipment lines point at the order line they ship. */
  lines: (DocumentLine & { orderLineNo: number })[];
}

export type ArchiveCategoryKind =
  | 'SalesQuote'
  | 'SalesOrder'
  | 'SalesInvoice'
  | 'SalesCreditMemo'
  | 'Proforma'
  | 'Waybill'
  | 'WarehouseShipment'
  | 'None';

export interface ArchiveRecord {
  id: string;
  fileName: string;
  relationType: 'Customer' | 'Vendor';
  relationNo: string;
  /** The kind its archive category is set up with; None is never shown. */
  categoryKind: ArchiveCategoryKind;
  documentNo: string;
  archiveDate: string;
  recordCreatedDate: string;
  orderNo: string;
  invoiceNo: string;
  creditMemoNo: string;
}

export type RequestStatus = 'New' | 'InProgress' | 'Converted' | 'Rejected' | 'OnHold';

/** A web request received before the emulator started, already linked to its customer. */
export interface SeededRequest {
  number: string;
  customerNo: string;
  receivedAt: string;
  status: RequestStatus;
  quoteNo: string;
  lineCount: number;
  anonymized: boolean;
  spam: boolean;
}

export interface PortalData {
  customers: PortalCustomer[];
  users: PortalUser[];
  shipTos: ShipToAddress[];
  quotes: SalesDocument[];
  orders: SalesDocument[];
  quoteArchive: ArchivedVersion[];
  orderArchive: ArchivedVersion[];
  posted: PostedDocument[];
  archive: ArchiveRecord[];
  requests: SeededRequest[];
  /** Report selections of the company: kinds that print without a layout on the customer card. */
  reportSelections: ReportKind[];
  /** Acceptances already recorded before start: quote number and moment. */
  acceptedQuotes: { quoteNo: string; acceptedAt: string; email: string }[];
}

/** Customer numbers of the seeded cases, for tests and docs. */
export const seededCustomers = {
  allowed: '10000',
  englishSpeaking: '20000',
  blockedAll: '30000',
  privacyBlocked: '40000',
  blockedShip: '50000',
  limits: '60000',
} as const;

const day = 24 * 60 * 60 * 1000;

export function dateOffset(start: Date, days: number): string {
  return new Date(start.getTime() + days * day).toISOString().slice(0, 10);
}

/** A GUID drawn from the seed, so system ids are the same on every run. */
function seededGuid(seed: string, salt: string): string {
  const hex = [0, 1, 2, 3]
    .map((part) => hashText(`${seed}:${salt}:${part}`).toString(16).padStart(8, '0'))
    .join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

function customer(
  no: string,
  name: string,
  purpose: string,
  extra: Partial<PortalCustomer> = {},
): PortalCustomer {
  return {
    no,
    name,
    blocked: '',
    privacyBlocked: false,
    languageCode: 'NLD',
    weightType: 'Theoretical',
    vatRegistrationNo: `NL${String(hashText(no) % 1_000_000_000).padStart(9, '0')}B01`,
    address: 'Industrieweg 12',
    address2: '',
    postCode: '1234 AB',
    city: 'Hilversum',
    country: 'NL',
    phoneNo: '035-1234567',
    email: `administratie@klant${no}.example`,
    documentLayouts: [],
    purpose,
    ...extra,
  };
}

function user(
  email: string,
  customerNo: string,
  role: string,
  purpose: string,
  extra: Partial<PortalUser> = {},
): PortalUser {
  return {
    email,
    customerNo,
    role,
    active: true,
    anonymized: false,
    accountRequestLanguage: '',
    purpose,
    ...extra,
  };
}

export function seedPortalData(catalog: SeededCatalog, start: Date): PortalData {
  const seed = catalog.seed;
  const on = (days: number): string => dateOffset(start, days);
  const variants = catalog.tables.voaVariants;
  const items = catalog.tables.voaItems;
  const view = { steel: true, language: 'nl' } as const;
  let draws = 0;
  const unit = (): number => hashText(`${seed}:portal:${draws++}`) / 0x100000000;

  /** Item lines from seeded sizes, with a comment line now and then that portal answers leave out. */
  function linesFor(
    count: number,
    weightType: WeightType,
    shippedShare = 0,
    comments = true,
  ): DocumentLine[] {
    const lines: DocumentLine[] = [];
    for (let index = 0; index < count; index++) {
      const variant = variants.rowAt(Math.floor(unit() * variants.count), view);
      const item = items.rowAt(Number(variant['ItemNo']) - 100000, view);
      const lengthM = Number(variant['DXLength']) / 1000 || 6;
      const pieces = 1 + Math.floor(unit() * 20);
      const meters = Math.round(pieces * lengthM * 100) / 100;
      const kg = Math.round(meters * (5 + unit() * 80) * 10) / 10;
      const leading: DocumentUnit = item['BaseUnitofMeasure'] === 'KG' ? 'KG' : unit() < 0.5 ? 'PCS' : 'MTR';
      lines.push({
        lineNo: (lines.length + 1) * 10000,
        type: 'Item',
        itemNo: String(variant['ItemNo']),
        description: String(item['Description']),
        variantCode: String(variant['Code']),
        formatDescription: String(variant['Description']),
        profile: String(item['DXItemProfileCodeDMX']),
        grade: String(item['DXQualityCodeDMX']),
        unit: leading,
        pieces,
        meters,
        kg,
        weightType,
        shippedShare,
      });
      if (comments && unit() < 0.15) lines.push(commentLine((lines.length + 1) * 10000));
    }
    return lines;
  }

  /**
   * A size the catalog refuses, in catalog order: of a blocked item, else of a sales-blocked one, else a
   * blocked size (a small catalog may have no blocked item). No seeded draw is used.
   */
  function blockedSize(): Partial<DocumentLine> | undefined {
    const rows = Array.from({ length: variants.count }, (_, index) => {
      const variant = variants.rowAt(index, view);
      return { variant, item: items.rowAt(Number(variant['ItemNo']) - 100000, view) };
    });
    const found =
      rows.find(({ item }) => item['Blocked'] === true) ??
      rows.find(({ item }) => item['SalesBlocked'] === true) ??
      rows.find(({ variant }) => variant['Blocked'] === true);
    if (!found) return undefined;
    const { variant, item } = found;
    return {
      itemNo: String(variant['ItemNo']),
      description: String(item['Description']),
      variantCode: String(variant['Code']),
      formatDescription: String(variant['Description']),
      profile: String(item['DXItemProfileCodeDMX']),
      grade: String(item['DXQualityCodeDMX']),
    };
  }

  function commentLine(lineNo: number): DocumentLine {
    return {
      lineNo,
      type: 'Comment',
      itemNo: '',
      description: 'Zagen volgens tekening',
      variantCode: '',
      formatDescription: '',
      profile: '',
      grade: '',
      unit: 'PCS',
      pieces: 0,
      meters: 0,
      kg: 0,
      weightType: '',
      shippedShare: 0,
    };
  }

  const customers: PortalCustomer[] = [
    customer(seededCustomers.allowed, 'Bouwbedrijf De Vries B.V.', 'allowed; every document case', {
      documentLayouts: ['creditMemo'],
      address: 'Havenstraat 4',
      address2: 'Unit 3',
      postCode: '3811 KK',
      city: 'Amersfoort',
    }),
    customer(
      seededCustomers.englishSpeaking,
      'Northern Steel Works Ltd',
      'allowed, English; another customer',
      {
        languageCode: 'ENU',
        weightType: 'Trade',
        country: 'GB',
        postCode: 'YO1 7HH',
        city: 'York',
      },
    ),
    customer(seededCustomers.blockedAll, 'Geblokkeerd Staal B.V.', 'blocked for all: no portal access', {
      blocked: 'All',
    }),
    customer(seededCustomers.privacyBlocked, 'Privacy Metaal B.V.', 'privacy blocked: no portal access', {
      privacyBlocked: true,
    }),
    customer(
      seededCustomers.blockedShip,
      'Verzendstop Constructie B.V.',
      'blocked for shipping only: keeps access',
      {
        blocked: 'Ship',
        weightType: '',
      },
    ),
    customer(seededCustomers.limits, 'Groot Staalbouw N.V.', 'allowed; enough rows to hit every limit', {
      weightType: 'GermanTrade',
      city: 'Rotterdam',
    }),
  ];

  const users: PortalUser[] = [
    user('koper@devries.example', seededCustomers.allowed, 'Buyer', 'Buyer of the allowed customer'),
    user(
      'kijker@devries.example',
      seededCustomers.allowed,
      'Viewer',
      'Viewer of the same customer; came from an English account request',
      {
        accountRequestLanguage: 'ENU',
      },
    ),
    user('oud@devries.example', seededCustomers.allowed, 'Buyer', 'inactive user', { active: false }),
    user('vertrokken@devries.example', seededCustomers.allowed, 'Buyer', 'anonymized user', {
      anonymized: true,
    }),
    user(
      'buyer@northernsteel.example',
      seededCustomers.englishSpeaking,
      'Buyer',
      'Buyer of another customer (English mail)',
    ),
    user('inkoop@geblokkeerd.example', seededCustomers.blockedAll, 'Buyer', 'customer blocked for all'),
    user('inkoop@privacymetaal.example', seededCustomers.privacyBlocked, 'Buyer', 'customer privacy blocked'),
    user(
      'inkoop@verzendstop.example',
      seededCustomers.blockedShip,
      'Buyer',
      'customer blocked for shipping only; keeps access',
    ),
    user(
      'inkoop@tweeklanten.example',
      seededCustomers.blockedAll,
      'Buyer',
      'one address, three customers: the lowest allowed (50000) wins',
    ),
    user(
      'inkoop@tweeklanten.example',
      seededCustomers.limits,
      'Buyer',
      'one address, three customers: the lowest allowed (50000) wins',
    ),
    user(
      'inkoop@tweeklanten.example',
      seededCustomers.blockedShip,
      'Viewer',
      'one address, three customers: the lowest allowed (50000) wins',
    ),
    user(
      '  Inkoop@GrootStaalbouw.Example ',
      seededCustomers.limits,
      'Buyer',
      'stored with capitals and spaces; the customer with every limit',
    ),
    user(
      'stagiair@northernsteel.example',
      seededCustomers.englishSpeaking,
      'Approver',
      'unknown stored role: reported as Viewer',
    ),
  ];

  const shipTos: ShipToAddress[] = [
    {
      customerNo: seededCustomers.allowed,
      code: 'WERF1',
      name: 'Bouwplaats Eemkwartier',
      address: 'Eemkade 1',
      address2: '',
      postCode: '3811 AA',
      city: 'Amersfoort',
      country: 'NL',
    },
    {
      customerNo: seededCustomers.allowed,
      code: 'MAGAZIJN',
      name: 'De Vries magazijn',
      address: 'Nijverheidsweg 20',
      address2: 'Poort 2',
      postCode: '3812 PL',
      city: 'Amersfoort',
      country: 'NL',
    },
    {
      customerNo: seededCustomers.englishSpeaking,
      code: 'YARD2',
      name: 'Northern yard 2',
      address: 'Foss Islands Road 8',
      address2: '',
      postCode: 'YO31 7UL',
      city: 'York',
      country: 'GB',
    },
    ...Array.from({ length: 3 }, (_, index) => ({
      customerNo: seededCustomers.limits,
      code: `PROJ${index + 1}`,
      name: `Project ${index + 1}`,
      address: `Kade ${index + 10}`,
      address2: '',
      postCode: '3011 AA',
      city: 'Rotterdam',
      country: 'NL',
    })),
  ];

  let quoteCounter = 0;
  let orderCounter = 0;
  let postedCounter = 0;
  const nextQuoteNo = (): string => `OFF24${String(++quoteCounter).padStart(5, '0')}`;
  const nextOrderNo = (): string => `VO24${String(++orderCounter).padStart(5, '0')}`;
  const postedPrefix = { shipment: 'VZ24', invoice: 'VF24', creditMemo: 'VCN24' } as const;
  const nextPostedNo = (kind: PostedDocument['kind']): string =>
    `${postedPrefix[kind]}${String(++postedCounter).padStart(5, '0')}`;

  function salesDocument(
    kind: 'quote' | 'order',
    customerNo: string,
    extra: Partial<SalesDocument> & { lineCount?: number; shippedShare?: number } = {},
  ): SalesDocument {
    const no = kind === 'quote' ? nextQuoteNo() : nextOrderNo();
    const weightType = customers.find((entry) => entry.no === customerNo)?.weightType ?? '';
    const { lineCount = 1 + Math.floor(unit() * 5), shippedShare = 0, ...fields } = extra;
    const lines = linesFor(lineCount, weightType, shippedShare);
    return {
      kind,
      no,
      customerNo,
      systemId: seededGuid(seed, no),
      documentDate: on(-10 - Math.floor(unit() * 60)),
      validUntil: kind === 'quote' ? on(30) : '',
      steelDueDate: '',
      externalDocumentNo: `PO-${hashText(no) % 100000}`,
      yourReference: '',
      status: 'Open',
      comment: '',
      workDescription: 'Intern: marge bewaken, klant betaalt laat',
      quoteNo: '',
      requestedDeliveryDate: kind === 'order' ? on(7) : '',
      promisedDeliveryDate: kind === 'order' ? on(9) : '',
      completelyShipped: shippedShare >= 1,
      amountIncludingVat: Math.round(lines.length * (200 + unit() * 5000) * 121) / 100,
      currencyCode: '',
      lines,
      ...fields,
    };
  }

  function archived(
    document: SalesDocument,
    version: number,
    extra: Partial<ArchivedVersion> = {},
  ): ArchivedVersion {
    return { ...document, version, archiveOrderNo: '', archiveQuoteNo: '', ...extra };
  }

  const quotes: SalesDocument[] = [];
  const orders: SalesDocument[] = [];
  const quoteArchive: ArchivedVersion[] = [];
  const orderArchive: ArchivedVersion[] = [];
  const posted: PostedDocument[] = [];

  function shipmentFor(order: SalesDocument, share: number, postingDate: string): PostedDocument {
    const shipTo = shipTos.find((entry) => entry.customerNo === order.customerNo);
    const no = nextPostedNo('shipment');
    return {
      kind: 'shipment',
      no,
      customerNo: order.customerNo,
      systemId: seededGuid(seed, no),
      postingDate,
      orderNo: order.no,
      invoiceNo: '',
      externalDocumentNo: order.externalDocumentNo,
      shipTo: {
        name: shipTo?.name ?? 'Afleveradres',
        postCode: shipTo?.postCode ?? '',
        city: shipTo?.city ?? '',
      },
      lines: order.lines
        .filter((line) => line.type === 'Item')
        .map((line) => ({
          ...line,
          pieces: Math.round(line.pieces * share),
          meters: Math.round(line.meters * share * 100) / 100,
          kg: Math.round(line.kg * share * 10) / 10,
          shippedShare: share,
          orderLineNo: line.lineNo,
        })),
    };
  }

  function postedDocument(
    kind: 'invoice' | 'creditMemo',
    order: SalesDocument,
    postingDate: string,
    invoiceNo = '',
  ): PostedDocument {
    const no = nextPostedNo(kind);
    return {
      kind,
      no,
      customerNo: order.customerNo,
      systemId: seededGuid(seed, no),
      postingDate,
      orderNo: kind === 'invoice' ? order.no : '',
      invoiceNo,
      externalDocumentNo: order.externalDocumentNo,
      shipTo: { name: '', postCode: '', city: '' },
      lines: order.lines
        .filter((line) => line.type === 'Item')
        .map((line) => ({ ...line, orderLineNo: line.lineNo })),
    };
  }

  // The allowed customer: one quote or order for each case of MyQuotes, MyOrders, DocumentLines and AcceptQuote.
  const allowed = seededCustomers.allowed;
  const convertedQuote = salesDocument('quote', allowed, { status: 'Released', yourReference: 'WEB000901' });
  const orderFromConverted = salesDocument('order', allowed, {
    quoteNo: convertedQuote.no,
    externalDocumentNo: 'BOUW-2026-17',
    comment: 'Tweede helft volgt in week 50',
    shippedShare: 0.5,
    status: 'Released',
  });
  quoteArchive.push(
    archived(convertedQuote, 1, { status: 'Open' }),
    archived(convertedQuote, 2, { archiveOrderNo: orderFromConverted.no }),
  );
  // Its first line's weight is not known to the host: DocumentLines leaves the kilogram keys out. Its last
  // item line is a size the catalog refuses since (blocked, sales-blocked or a blocked size): "order again"
  // flags it.
  const orderItemLines = orderFromConverted.lines.filter((line) => line.type === 'Item');
  const [firstOrderLine] = orderItemLines;
  if (firstOrderLine) firstOrderLine.unknownQuantities = ['KG'];
  const lastOrderLine = orderItemLines.length > 1 ? orderItemLines.at(-1) : undefined;
  const blocked = blockedSize();
  if (lastOrderLine && blocked) Object.assign(lastOrderLine, blocked);
  orders.push(orderFromConverted);
  const versioned = salesDocument('quote', allowed, { comment: 'Versie 3 is nog in bewerking' });
  quoteArchive.push(
    archived(versioned, 1, { status: 'Released', documentDate: on(-40) }),
    archived(versioned, 2, { status: 'Released', documentDate: on(-30), comment: 'Versie 2' }),
    archived(versioned, 3, { status: 'Open', documentDate: on(-20) }),
  );
  const neverReleased = salesDocument('quote', allowed);
  quoteArchive.push(
    archived(neverReleased, 1, { status: 'Open' }),
    archived(neverReleased, 2, { status: 'Open' }),
  );
  quotes.push(
    salesDocument('quote', allowed, { status: 'Open', comment: 'Levering in twee delen mogelijk' }),
    salesDocument('quote', allowed, {
      status: 'Released',
      yourReference: 'WEB000902',
      comment: 'Geldig zolang de voorraad strekt',
    }),
    salesDocument('quote', allowed, { status: 'Released' }),
    salesDocument('quote', allowed, { status: 'Released' }),
    salesDocument('quote', allowed, { status: 'Released', validUntil: on(-3) }),
    salesDocument('quote', allowed, { status: 'Released', validUntil: '', steelDueDate: on(-2) }),
    salesDocument('quote', allowed, { status: 'Released', validUntil: '', steelDueDate: on(20) }),
    salesDocument('quote', allowed, { status: 'Released' }),
    salesDocument('quote', allowed, { status: 'Pending Approval' }),
    salesDocument('quote', allowed, { status: 'Open', lineCount: 0 }),
    {
      ...salesDocument('quote', allowed, { status: 'Open', lineCount: 0 }),
      lines: [commentLine(10000), commentLine(20000)],
    },
  );
  // A live quote that also has archived versions: listed once, as live.
  const liveWithVersions = salesDocument('quote', allowed, { status: 'Released' });
  quotes.push(liveWithVersions);
  quoteArchive.push(archived(liveWithVersions, 1, { status: 'Released' }));
  const acceptedQuote = quotes[7] as SalesDocument;

  const openOrder = salesDocument('order', allowed, {
    quoteNo: (quotes[0] as SalesDocument).no,
    comment: 'Levering op afroep',
  });
  const shippedOrder = salesDocument('order', allowed, {
    status: 'Released',
    shippedShare: 1,
    completelyShipped: true,
  });
  orders.push(openOrder, shippedOrder);
  const archivedShipped = salesDocument('order', allowed, { status: 'Released', shippedShare: 1 });
  const archivedPartly = salesDocument('order', allowed, { status: 'Pending Approval', shippedShare: 0.5 });
  orderArchive.push(
    archived(archivedShipped, 1, { status: 'Open', completelyShipped: false }),
    archived(archivedShipped, 2, { completelyShipped: false, archiveQuoteNo: versioned.no }),
    archived(archivedPartly, 1, { completelyShipped: false }),
  );
  posted.push(
    shipmentFor(orderFromConverted, 0.5, on(-5)),
    shipmentFor(shippedOrder, 1, on(-4)),
    shipmentFor(archivedShipped, 1, on(-20)),
    shipmentFor(archivedPartly, 0.5, on(-15)),
  );
  const invoice = postedDocument('invoice', shippedOrder, on(-3));
  posted.push(
    invoice,
    postedDocument('invoice', archivedShipped, on(-19)),
    postedDocument('creditMemo', shippedOrder, on(-1), invoice.no),
  );

  // Another customer's documents, for "not yours" (same answer as "not found").
  const foreignQuote = salesDocument('quote', seededCustomers.englishSpeaking, { status: 'Released' });
  const foreignOrder = salesDocument('order', seededCustomers.englishSpeaking, { quoteNo: foreignQuote.no });
  quotes.push(foreignQuote);
  orders.push(foreignOrder);
  posted.push(shipmentFor(foreignOrder, 1, on(-2)), postedDocument('invoice', foreignOrder, on(-2)));
  quotes.push(salesDocument('quote', seededCustomers.blockedShip, { status: 'Released' }));

  // The customer with every limit: more than 100 quotes, orders and shipments, an order with over 500 lines.
  const limits = seededCustomers.limits;
  for (let index = 0; index < 110; index++) quotes.push(salesDocument('quote', limits, { lineCount: 1 }));
  for (let index = 0; index < 20; index++) {
    const gone = salesDocument('quote', limits, { status: 'Released', lineCount: 1 });
    quoteArchive.push(archived(gone, 1));
  }
  const bigOrder = salesDocument('order', limits, { lineCount: 520 });
  orders.push(bigOrder);
  for (let index = 0; index < 100; index++) {
    const order = salesDocument('order', limits, { lineCount: 1, shippedShare: 1, completelyShipped: true });
    orders.push(order);
    posted.push(shipmentFor(order, 1, on(-1 - Math.floor(index / 3))));
  }
  for (let index = 0; index < 10; index++) {
    const order = salesDocument('order', limits, { lineCount: 1, shippedShare: 1 });
    orderArchive.push(archived(order, 1, { completelyShipped: false }));
    posted.push(shipmentFor(order, 1, on(-40 - index)));
  }

  // The steel document archive: rows of every category, and rows that must never show.
  const archive: ArchiveRecord[] = [];
  let archiveCounter = 0;
  function archiveRecord(
    relationNo: string,
    categoryKind: ArchiveCategoryKind,
    daysAgo: number,
    extra: Partial<ArchiveRecord> = {},
  ): void {
    archiveCounter += 1;
    const documentNo = extra.documentNo ?? '';
    archive.push({
      id: seededGuid(seed, `archive:${archiveCounter}`),
      fileName: `${categoryKind} ${documentNo || archiveCounter}.pdf`,
      relationType: 'Customer',
      relationNo,
      categoryKind,
      documentNo,
      archiveDate: on(-daysAgo),
      recordCreatedDate: on(-daysAgo),
      orderNo: '',
      invoiceNo: '',
      creditMemoNo: '',
      ...extra,
    });
  }
  archiveRecord(allowed, 'SalesQuote', 30, { documentNo: convertedQuote.no, orderNo: orderFromConverted.no });
  archiveRecord(allowed, 'SalesOrder', 20, {
    documentNo: orderFromConverted.no,
    fileName: 'Orderbevestiging é 2024.pdf',
  });
  archiveRecord(allowed, 'SalesOrder', 19, { documentNo: archivedShipped.no });
  archiveRecord(allowed, 'WarehouseShipment', 18, {
    documentNo: (posted[0] as PostedDocument).no,
    orderNo: orderFromConverted.no,
  });
  archiveRecord(allowed, 'SalesInvoice', 3, {
    documentNo: invoice.no,
    orderNo: shippedOrder.no,
    fileName: `Factuur ${invoice.no}.PDF`,
  });
  archiveRecord(allowed, 'SalesCreditMemo', 1, { documentNo: 'VCN2400099', invoiceNo: invoice.no });
  archiveRecord(allowed, 'Proforma', 2, { documentNo: openOrder.no, fileName: 'Proforma.xlsx' });
  archiveRecord(allowed, 'Waybill', 4, { documentNo: foreignOrder.no, archiveDate: '' });
  archiveRecord(allowed, 'SalesOrder', 5, { documentNo: '', archiveDate: '', recordCreatedDate: '' });
  archiveRecord(allowed, 'None', 1, { fileName: 'Interne notitie.pdf' });
  archiveRecord(allowed, 'SalesInvoice', 1, { relationType: 'Vendor', fileName: 'Inkoopfactuur.pdf' });
  archiveRecord(seededCustomers.englishSpeaking, 'SalesQuote', 2, { documentNo: foreignQuote.no });
  // 250 allowed rows among the first 1,000 examined: the list stops at 200.
  for (let index = 0; index < 1100; index++) {
    archiveRecord(limits, index < 250 ? 'SalesInvoice' : 'None', Math.floor(index / 10), {
      documentNo: `VF24L${index}`,
    });
  }
  // 1,000 newest rows of a kind that is never shown: the 20 allowed rows behind them are not examined.
  for (let index = 0; index < 1020; index++) {
    archiveRecord(
      seededCustomers.englishSpeaking,
      index < 1000 ? 'None' : 'SalesInvoice',
      3 + Math.floor(index / 100),
    );
  }

  // Web requests already linked to their customer, some turned into quotes.
  const requests: SeededRequest[] = [];
  let requestCounter = 0;
  function request(customerNo: string, daysAgo: number, extra: Partial<SeededRequest> = {}): void {
    requestCounter += 1;
    requests.push({
      number: `WEB9${String(requestCounter).padStart(5, '0')}`,
      customerNo,
      receivedAt: new Date(start.getTime() - daysAgo * day - requestCounter * 1000).toISOString(),
      status: 'New',
      quoteNo: '',
      lineCount: 1 + (requestCounter % 4),
      anonymized: false,
      spam: false,
      ...extra,
    });
  }
  request(allowed, 40, { status: 'Converted', quoteNo: (quotes[1] as SalesDocument).no });
  request(allowed, 35, { status: 'Converted', quoteNo: convertedQuote.no });
  request(allowed, 30, { status: 'Converted', quoteNo: orderFromConverted.no });
  request(allowed, 20, { status: 'Rejected' });
  request(allowed, 10, { status: 'InProgress' });
  request(allowed, 5, { status: 'OnHold' });
  request(allowed, 4, { anonymized: true });
  request(allowed, 3, { spam: true });
  request(allowed, 2, { status: 'New', lineCount: 0 });
  for (let index = 0; index < 230; index++) {
    request(limits, index / 4, { anonymized: index % 23 === 0, spam: index % 29 === 0 });
  }

  return {
    customers,
    users,
    shipTos,
    quotes,
    orders,
    quoteArchive,
    orderArchive,
    posted,
    archive,
    requests,
    reportSelections: ['quote', 'order', 'shipment', 'invoice'],
    acceptedQuotes: [
      {
        quoteNo: acceptedQuote.no,
        acceptedAt: new Date(start.getTime() - 2 * day).toISOString(),
        email: 'koper@devries.example',
      },
    ],
  };
}
