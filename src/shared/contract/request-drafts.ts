// Forms in progress (drafts) and how they become payloads. A draft holds what the user typed, as typed
// (numbers as text, limits not yet enforced: nothing is cut, the form shows what is wrong); it is saved
// continuously so that it survives a reload, a crash or a restart. Only a payload is ever queued.
import { z } from 'zod';
import { formatNumber, parseNumberInput } from '../locale/number-input.ts';
import type { UiLanguage } from '../settings.ts';
import { lineDescription, pickedLineFor, type CatalogItemDetail } from './catalog-search.ts';
import type { PickedCatalogLine } from './picked-line.ts';
import type { DeliveryAddress } from './portal-objects.ts';
import {
  LINE_DIMENSIONS,
  LINE_UNITS,
  dimensionToSend,
  tradeDefaultUnit,
  unitCode,
  type LineCatalogFacts,
  type LineUnit,
  type UnitCodes,
} from './request-lines.ts';
import { DELIVERY_DELIVERY } from './fixed-values.ts';
import {
  ACCOUNT_REQUEST_FIELDS,
  QUOTE_HEADER_FIELDS,
  QUOTE_LINE_FIELDS,
  QUOTE_LINES_KEY,
  draftKeys,
  normalizeField,
  sectionKeys,
  type DraftFields,
  type DraftKey,
  type FieldSpec,
  type FieldTable,
  type QuoteLineKey,
} from './request-fields.ts';
import {
  MAX_QUOTE_LINES,
  QUOTE_LINE_NUMBER_KEYS,
  type AccountRequestInput,
  type QuoteRequestInput,
} from './request-schemas.ts';

/** The forms whose drafts are kept: the counter's quote, the fair's quote and the fair's account request. */
export const DRAFT_TARGETS = ['counter', 'fair', 'account'] as const;
export type DraftTarget = (typeof DRAFT_TARGETS)[number];

/** Orders put aside (parked, or found unfinished on opening) that the employee resumes or discards. */
export const PARKED_DRAFTS_MAX = 20;
/**
 * Unfinished forms found on opening are put aside even when PARKED_DRAFTS_MAX is reached (the employee did
 * not ask for it, and nothing may be lost); beyond this many the draft stays in its form instead.
 */
export const PARKED_DRAFTS_HARD_MAX = 50;

/** Longest text a draft field keeps: far above every contract limit, so over-long input stays visible. */
export const DRAFT_TEXT_MAX = 10_000;
const draftText = z.string().max(DRAFT_TEXT_MAX);
const measure = z.number().min(0).max(1_000_000_000);

/**
 * What the local catalog said about a line's item number when it was picked or checked: known (with the
 * facts units and lengths need), unknown to the catalog synced at syncedAt, refused (blocked), or no
 * catalog synced at all. Never sent.
 */
export const LINE_CATALOG_STATES = ['known', 'unknown', 'refused', 'noCatalog'] as const;
export type LineCatalogState = (typeof LINE_CATALOG_STATES)[number];
export const LINE_REFUSALS = ['', 'blocked', 'salesBlocked', 'sizeBlocked'] as const;
export type LineRefusal = (typeof LINE_REFUSALS)[number];

/** What a draft's zod schema holds for a key (every key has a default, so an older saved draft still reads). */
type DraftSchemaOf<S extends FieldSpec> = S extends { kind: 'boolean' }
  ? z.ZodDefault<z.ZodBoolean>
  : S extends { kind: 'choice'; values: readonly (infer V extends string)[] }
    ? z.ZodDefault<z.ZodType<V>>
    : z.ZodDefault<z.ZodString>;

/** The zod shape of a table's draft keys: text as typed (limits not enforced yet), Booleans, fixed values. */
export function draftShape<F extends FieldTable>(fields: F): { [K in DraftKey<F>]: DraftSchemaOf<F[K]> } {
  const shape: Record<string, z.ZodType> = {};
  for (const key of draftKeys(fields)) {
    const spec: FieldSpec = fields[key] ?? { kind: 'text', section: 'context' };
    if (spec.kind === 'boolean') shape[key] = z.boolean().default(false);
    else if (spec.kind === 'choice' && spec.values)
      shape[key] = z.enum(spec.values).default(spec.initial ?? spec.values[0]);
    else shape[key] = draftText.default('');
  }
  return shape as { [K in DraftKey<F>]: DraftSchemaOf<F[K]> };
}

/** A table's draft fields as a new form starts: empty text, false, a choice's initial value. */
export function emptyFields<F extends FieldTable>(fields: F): DraftFields<F> {
  const empty: Record<string, string | boolean> = {};
  for (const key of draftKeys(fields)) {
    const spec: FieldSpec = fields[key] ?? { kind: 'text', section: 'context' };
    empty[key] = spec.kind === 'boolean' ? false : spec.kind === 'choice' ? (spec.initial ?? '') : '';
  }
  return empty as DraftFields<F>;
}

/** The header keys a signed-in customer's portal data can fill (details, a registered address). */
export const PORTAL_FILLED_KEYS = [
  'companyName',
  'vatRegistrationNo',
  'address',
  'address2',
  'postCode',
  'city',
  'countryCode',
  'phoneNo',
  'email',
  'deliveryMethod',
  'useShipToAddress',
  'shipToName',
  'shipToAddress',
  'shipToAddress2',
  'shipToPostCode',
  'shipToCity',
  'shipToCountryCode',
  'shipToCode',
] as const satisfies readonly DraftKey<typeof QUOTE_HEADER_FIELDS>[];
export type PortalFilledKey = (typeof PORTAL_FILLED_KEYS)[number];

/**
 * The schemas main reads a draft with, a stored one or one from the bridge, built on their first use: the
 * renderer, which never parses a draft, does not build them as the counter starts.
 */
function buildDraftSchemas() {
  const lineCatalog = z.strictObject({
    state: z.enum(LINE_CATALOG_STATES),
    /** The item number this verdict is about: typing another number makes it stale. */
    itemNo: draftText,
    syncedAt: draftText,
    refusal: z.enum(LINE_REFUSALS),
    baseUnit: draftText,
    priceUnit: draftText,
    standardLengthMm: measure,
    standardWidthMm: measure,
    standardThicknessMm: measure,
    /** The item's second description (treatment, finish): shown on the line, part of what is sold. */
    treatment: draftText.default(''),
    /** The size has no standard length (cut to length, `OPMAAT`): the line must say how long. */
    cutToLength: z.boolean().default(false),
  });

  const line = z.strictObject({
    /** Identifies the line in the form (React key, live merging); never sent. */
    key: z.string().min(1).max(64),
    ...draftShape(QUOTE_LINE_FIELDS),
    /** The unit the employee chose (unitOfMeasureCode holds its code); empty for a code typed elsewhere. */
    unit: z.enum(LINE_UNITS).or(z.literal('')).default(''),
    /** True once the employee chose the unit by hand: a cut length then no longer switches it to pieces. */
    unitChosen: z.boolean().default(false),
    catalog: lineCatalog.optional(),
  });

  const portalMark = z.strictObject({
    /** The customer whose data it is. */
    customerNo: z.string().max(20),
    keys: z.array(z.enum(PORTAL_FILLED_KEYS)).max(PORTAL_FILLED_KEYS.length),
    /** The line naming the customer that "use customer details" added to the remarks; '' when none. */
    remarkLine: draftText,
    /** Keys of lines copied from one of the customer's documents. */
    lineKeys: z.array(z.string().min(1).max(64)).max(MAX_QUOTE_LINES),
  });

  const quote = z.strictObject({
    ...draftShape(QUOTE_HEADER_FIELDS),
    lines: z.array(line).max(MAX_QUOTE_LINES),
    /** The line being typed in the entry row, not yet added. */
    entry: line,
    /** Present while the form holds a signed-in customer's portal data. */
    portal: portalMark.optional(),
  });

  const account = z.strictObject(draftShape(ACCOUNT_REQUEST_FIELDS));
  return { lineCatalog, line, portalMark, quote, account };
}
type DraftSchemas = ReturnType<typeof buildDraftSchemas>;
let draftSchemasBuilt: DraftSchemas | undefined;

export function draftSchemas(): DraftSchemas {
  return (draftSchemasBuilt ??= buildDraftSchemas());
}

export type LineCatalog = z.infer<DraftSchemas['lineCatalog']>;
export type DraftLine = z.infer<DraftSchemas['line']>;
/**
 * What in a form came from the signed-in customer's portal data: it stays the customer's, edited or not,
 * and leaves the form when the session ends any way but sending. Never written to disk
 * ({@link withoutPortalValues} runs before every draft is stored).
 */
export type PortalMark = z.infer<DraftSchemas['portalMark']>;
export type QuoteDraft = z.infer<DraftSchemas['quote']>;
export type AccountDraft = z.infer<DraftSchemas['account']>;

/** A header text field of the quote form. */
export type QuoteDraftTextKey = {
  [K in DraftKey<typeof QUOTE_HEADER_FIELDS>]: QuoteDraft[K] extends string
    ? (typeof QUOTE_HEADER_FIELDS)[K]['kind'] extends 'choice'
      ? never
      : K
    : never;
}[DraftKey<typeof QUOTE_HEADER_FIELDS>];

/** The delivery address text that a registered address (its shipToCode) fills in. */
const SHIP_TO_TEXT_KEYS: ReadonlySet<QuoteDraftTextKey> = new Set(sectionKeys(QUOTE_HEADER_FIELDS, 'shipTo'));

/** A signed-in Buyer's registered address chosen for delivery: its text fills the form, its code goes along. */
export function withRegisteredAddress(
  draft: QuoteDraft,
  address: DeliveryAddress,
  customerNo: string,
): QuoteDraft {
  const registered = {
    shipToName: address.name,
    shipToAddress: address.address,
    shipToAddress2: address.address2,
    shipToPostCode: address.postCode,
    shipToCity: address.city,
    shipToCountryCode: address.country,
    shipToCode: address.code,
  };
  return withPortalValues(draft, customerNo, {
    ...withNormalizedFields(QUOTE_HEADER_FIELDS, registered),
    deliveryMethod: DELIVERY_DELIVERY,
    useShipToAddress: true,
  });
}

/** The draft with values from a customer's portal data marked as theirs (added to any earlier mark). */
export function withPortalValues(
  draft: QuoteDraft,
  customerNo: string,
  values: Partial<Pick<QuoteDraft, PortalFilledKey>>,
  extra: { remarkLine?: string; lineKeys?: readonly string[] } = {},
): QuoteDraft {
  const earlier = draft.portal?.customerNo === customerNo ? draft.portal : undefined;
  const filled = new Set<PortalFilledKey>(earlier?.keys ?? []);
  for (const key of PORTAL_FILLED_KEYS) if (values[key] !== undefined) filled.add(key);
  const lineKeys = new Set([...(earlier?.lineKeys ?? []), ...(extra.lineKeys ?? [])]);
  // A mark of another customer means that customer's values are still here: they go first.
  const base = draft.portal && !earlier ? withoutPortalValues(draft) : draft;
  return {
    ...base,
    ...values,
    portal: {
      customerNo,
      keys: PORTAL_FILLED_KEYS.filter((key) => filled.has(key)),
      remarkLine: extra.remarkLine ?? earlier?.remarkLine ?? '',
      lineKeys: [...lineKeys].slice(0, MAX_QUOTE_LINES),
    },
  };
}

/**
 * The draft without anything that came from a customer's portal data: marked header keys back to how a new
 * form starts, the customer's remark line out of the remarks (the whole remarks when that line was edited,
 * as nobody can tell the customer's words from the employee's any more), lines copied from the customer's
 * documents removed. What the employee typed elsewhere stays.
 */
export function withoutPortalValues(draft: QuoteDraft): QuoteDraft {
  const mark = draft.portal;
  if (!mark) return draft;
  const { portal: mine, ...rest } = draft;
  void mine;
  const empty = emptyFields(QUOTE_HEADER_FIELDS);
  const cleared: Record<string, string | boolean> = {};
  for (const key of mark.keys) cleared[key] = empty[key];
  let remarks = draft.remarks;
  if (mark.remarkLine) {
    const lines = remarks.split('\n');
    remarks = lines.includes(mark.remarkLine)
      ? lines.filter((line) => line !== mark.remarkLine).join('\n')
      : '';
  }
  const copied = new Set(mark.lineKeys);
  const entry = copied.has(draft.entry.key) ? emptyLine(draft.entry.key) : draft.entry;
  return {
    ...rest,
    ...cleared,
    remarks,
    lines: draft.lines.filter((line) => !copied.has(line.key)),
    entry,
  };
}

/** A form of either kind without the portal data it holds (an account request's form holds none). */
export function anyDraftWithoutPortalValues(draft: AnyDraft): AnyDraft {
  return 'lines' in draft ? withoutPortalValues(draft) : draft;
}

/**
 * A header field typed by hand. Once the text of a registered delivery address is edited it no longer is
 * that address, so its shipToCode is dropped: inside sales would otherwise convert to the registered one.
 */
export function withTypedText(draft: QuoteDraft, key: QuoteDraftTextKey, value: string): QuoteDraft {
  const typed = { ...draft, [key]: value };
  return SHIP_TO_TEXT_KEYS.has(key) && value !== draft[key] ? { ...typed, shipToCode: '' } : typed;
}

/**
 * Text fields as they will be sent ({@link normalizeField}): what the employee typed, shown normalized when
 * they leave the field. Normalizing is not editing, so a registered address keeps its shipToCode.
 */
export function withNormalizedFields<F extends FieldTable, T extends Partial<Record<keyof F, unknown>>>(
  fields: F,
  draft: T,
): T {
  const normalized: Record<string, unknown> = { ...draft };
  for (const [key, value] of Object.entries(draft)) {
    const spec = fields[key];
    if (spec && typeof value === 'string' && spec.kind !== 'choice')
      normalized[key] = normalizeField(spec, value);
  }
  return normalized as T;
}

export type DraftFor<T extends DraftTarget> = T extends 'account' ? AccountDraft : QuoteDraft;
export type AnyDraft = QuoteDraft | AccountDraft;

export function emptyLine(key: string): DraftLine {
  return { key, ...emptyFields(QUOTE_LINE_FIELDS), unit: '', unitChosen: false };
}

export function emptyQuoteDraft(entryKey: string): QuoteDraft {
  return { ...emptyFields(QUOTE_HEADER_FIELDS), lines: [], entry: emptyLine(entryKey) };
}

export function emptyAccountDraft(): AccountDraft {
  return emptyFields(ACCOUNT_REQUEST_FIELDS);
}

/** The catalog facts of a picked size or item, kept on its line. */
export function catalogOfPicked(picked: PickedCatalogLine, syncedAt: string): LineCatalog {
  return {
    state: 'known',
    itemNo: picked.itemNo,
    syncedAt,
    refusal: '',
    baseUnit: picked.baseUnit,
    priceUnit: picked.priceUnit,
    standardLengthMm: picked.lengthMm,
    standardWidthMm: picked.widthMm,
    standardThicknessMm: picked.thicknessMm,
    treatment: picked.treatment,
    cutToLength: picked.cutToLength,
  };
}

/** Whether a line is a cut: a length typed other than the size's own, or a size that has no standard length. */
export function lineIsCut(line: DraftLine, language?: UiLanguage): boolean {
  const catalog = currentCatalog(line);
  if (catalog?.state === 'known' && catalog.cutToLength) return true;
  const facts = catalog?.state === 'known' ? catalog : undefined;
  const hasSize = line.variantCode.trim() !== '';
  return LINE_DIMENSIONS.some((dimension) => {
    const sent = dimensionToSend(dimension, numberFromText(line[dimension], language), facts, hasSize);
    return facts !== undefined && hasSize && sent !== undefined && sent > 0;
  });
}

/**
 * The line with the unit a cut is counted in: pieces sawn to a length. Only while nobody chose the unit
 * by hand: a choice made on the line stays.
 */
export function withCutUnit(line: DraftLine, codes: UnitCodes, language?: UiLanguage): DraftLine {
  if (line.unitChosen || line.unit === 'pieces' || !lineIsCut(line, language)) return line;
  return { ...line, unit: 'pieces', unitOfMeasureCode: codes.pieces };
}

/**
 * A draft line from a size picked in the catalog: the quantity is left for the user (1 to start with), the
 * unit is the one remembered for the item on this workstation or the trade's default, and the measures
 * are left empty, which sends the size's standard (lengthMm 0): a typed measure is a cut.
 */
export function lineFromPicked(
  key: string,
  picked: PickedCatalogLine,
  options: {
    codes: UnitCodes;
    remembered?: LineUnit | undefined;
    syncedAt?: string | undefined;
  },
): DraftLine {
  const catalog = catalogOfPicked(picked, options.syncedAt ?? '');
  // A size sawn to length is counted in pieces, whatever the item's other sizes are counted in.
  const unit = catalog.cutToLength ? 'pieces' : (options.remembered ?? tradeDefaultUnit(picked));
  return {
    ...emptyLine(key),
    itemNo: picked.itemNo,
    variantCode: picked.variantCode,
    profileCode: picked.profileCode,
    qualityCode: picked.qualityCode,
    description: picked.description,
    quantity: '1',
    unit,
    unitOfMeasureCode: unitCode(unit, options.codes, catalog),
    catalog,
  };
}

/**
 * A line after its item number was looked up in the local catalog: description, profile and grade filled
 * where empty; the size filled when the item has exactly one (or the typed size code is one of its sizes);
 * the unit set to the remembered or the trade's default unless the employee chose one; a blocked item or
 * size marked refused with the reason.
 */
export function lineWithCatalogItem(
  line: DraftLine,
  detail: CatalogItemDetail,
  options: { codes: UnitCodes; remembered?: LineUnit | undefined; steel?: boolean | undefined },
): DraftLine {
  const sizes = detail.sizes.filter((size) => size.variantCode !== '');
  const typedSize = line.variantCode.trim().toUpperCase();
  const size = typedSize
    ? sizes.find((candidate) => candidate.variantCode.toUpperCase() === typedSize)
    : sizes.length === 1
      ? sizes[0]
      : undefined;
  const refusal: LineRefusal = detail.blocked
    ? 'blocked'
    : detail.salesBlocked
      ? 'salesBlocked'
      : size?.sizeBlocked
        ? 'sizeBlocked'
        : '';
  const picked = size ? pickedLineFor(size, options.steel ?? false) : undefined;
  const catalog: LineCatalog = {
    state: refusal ? 'refused' : 'known',
    itemNo: line.itemNo.trim(),
    syncedAt: detail.syncedAt ?? '',
    refusal,
    baseUnit: detail.baseUnit,
    priceUnit: detail.priceUnit,
    standardLengthMm: size?.lengthMm ?? 0,
    standardWidthMm: size?.widthMm ?? 0,
    standardThicknessMm: size?.thicknessMm ?? 0,
    treatment: detail.description2.trim(),
    cutToLength: picked?.cutToLength ?? false,
  };
  const unit = line.unitChosen
    ? line.unit
    : catalog.cutToLength
      ? 'pieces'
      : line.unit ||
        options.remembered ||
        tradeDefaultUnit(size ?? { lengthMm: 0, widthMm: 0, thicknessMm: 0 });
  const fill = (typed: string, found: string | undefined) => (typed.trim() ? typed : (found ?? ''));
  const itemText = lineDescription({ item: detail.description, treatment: detail.description2, size: '' });
  const checked: DraftLine = {
    ...line,
    variantCode: size?.variantCode ?? line.variantCode,
    description: fill(line.description, picked?.description ?? itemText),
    profileCode: fill(line.profileCode, picked?.profileCode || detail.profile?.code),
    qualityCode: fill(line.qualityCode, picked?.qualityCode || detail.grade?.code),
    unit,
    unitOfMeasureCode:
      unit === line.unit && line.unit
        ? line.unitOfMeasureCode
        : unitCode(unit || 'pieces', options.codes, catalog),
    catalog,
  };
  return withCutUnit(checked, options.codes);
}

/** A line whose item number the local catalog does not know, or that went as typed with no catalog. */
export function lineWithoutCatalogItem(line: DraftLine, syncedAt: string | undefined): DraftLine {
  return {
    ...line,
    catalog: {
      state: syncedAt ? 'unknown' : 'noCatalog',
      itemNo: line.itemNo.trim(),
      syncedAt: syncedAt ?? '',
      refusal: '',
      baseUnit: '',
      priceUnit: '',
      standardLengthMm: 0,
      standardWidthMm: 0,
      standardThicknessMm: 0,
      treatment: '',
      cutToLength: false,
    },
  };
}

/** Whether a line holds anything worth keeping (a unit chosen alone is not). */
export function lineHasContent(line: DraftLine): boolean {
  return (Object.keys(QUOTE_LINE_FIELDS) as QuoteLineKey[]).some(
    (key) => key !== 'unitOfMeasureCode' && line[key].trim() !== '',
  );
}

/** Whether the user has typed anything into a draft (fixed choices alone do not count). */
export function draftHasContent(draft: AnyDraft): boolean {
  if ('lines' in draft) {
    if (draft.lines.length || lineHasContent(draft.entry)) return true;
  }
  return Object.entries(draft).some(([key, value]) => {
    if (key === 'deliveryMethod' || key === 'existingCustomer') return false;
    return typeof value === 'string' ? value.trim() !== '' : value === true;
  });
}

/**
 * Typed text as a number. In a UI language, as people write numbers in it (`1.000` is a thousand in Dutch,
 * docs/input.md "Numbers"); without one, digits with a decimal comma or point ("2,5", "2.5"). Empty is
 * undefined; text that is not a number is NaN, which the schema refuses with a message (never dropped).
 */
export function numberFromText(text: string, language?: UiLanguage): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  if (language) {
    // 0 and negatives pass through as numbers: the schema and the number field say what is wrong.
    const read = parseNumberInput(trimmed, language, { allowZero: true, allowNegative: true });
    return read.ok ? read.value : Number.NaN;
  }
  if (!/^\d+([.,]\d+)?$/.test(trimmed)) return Number.NaN;
  return Number(trimmed.replace(',', '.'));
}

/** Only keys with a value: optional keys are omitted, never sent empty or null. */
function withValues(fields: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined || value === '') continue;
    out[key] = value;
  }
  return out;
}

/**
 * A table's keys as sent, in the table's order: context keys from the context, the rest from the draft,
 * text normalized ({@link normalizeField}: no invisible characters, codes as the host stores them), a key
 * that applies only to a delivery (or a delivery elsewhere) only then, and nothing empty.
 */
export function payloadFields<F extends FieldTable>(
  fields: F,
  draft: Readonly<Record<string, unknown>>,
  context: Readonly<Record<string, unknown>>,
  sentFor: ReadonlySet<NonNullable<FieldSpec['sentFor']>> = new Set(),
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, spec] of Object.entries(fields) as [string, FieldSpec][]) {
    if (spec.sentFor && !sentFor.has(spec.sentFor)) continue;
    const value = spec.section === 'context' ? context[key] : draft[key];
    out[key] = typeof value === 'string' && spec.kind !== 'choice' ? normalizeField(spec, value) : value;
  }
  return withValues(out);
}

/** A payload's values back into a table's draft fields: text as text, Booleans, known fixed values. */
export function draftFields<F extends FieldTable>(
  fields: F,
  payload: Readonly<Record<string, unknown>>,
): DraftFields<F> {
  const draft: Record<string, string | boolean> = emptyFields(fields);
  for (const key of draftKeys(fields)) {
    const spec: FieldSpec = fields[key] ?? { kind: 'text', section: 'context' };
    const value = payload[key];
    if (spec.kind === 'boolean') draft[key] = value === true;
    else if (spec.kind === 'choice') {
      if (typeof value === 'string' && spec.values?.includes(value)) draft[key] = value;
    } else if (value !== undefined && value !== null) draft[key] = String(value);
  }
  return draft as DraftFields<F>;
}

/** The catalog facts that decide a line's lengths: only while they are about the number on the line. */
export function currentCatalog(line: DraftLine): LineCatalog | undefined {
  return line.catalog && line.catalog.itemNo === line.itemNo.trim() ? line.catalog : undefined;
}

/**
 * The code a line's unit sends: pieces, meters and kilograms as the company's codes of today; the item's
 * base or price unit as kept on the line. A line on which nobody chose a unit counts pieces, the unit the
 * entry row shows.
 */
export function lineUnitCode(line: DraftLine, units: UnitCodes): string {
  if (line.unit === 'pieces' || line.unit === 'meters' || line.unit === 'kilograms') return units[line.unit];
  return line.unitOfMeasureCode.trim() || units.pieces;
}

export function linePayloadFromDraft(
  line: DraftLine,
  units: UnitCodes,
  language?: UiLanguage,
): Record<string, unknown> {
  const out = payloadFields(QUOTE_LINE_FIELDS, { ...line, unitOfMeasureCode: lineUnitCode(line, units) }, {});
  for (const key of QUOTE_LINE_NUMBER_KEYS) out[key] = numberFromText(line[key], language);
  const catalog = currentCatalog(line);
  const facts: LineCatalogFacts | undefined = catalog?.state === 'known' ? catalog : undefined;
  const hasSize = line.variantCode.trim() !== '';
  for (const dimension of LINE_DIMENSIONS) {
    out[dimension] = dimensionToSend(dimension, numberFromText(line[dimension], language), facts, hasSize);
  }
  return withValues(out);
}

export interface QuoteContext {
  source: string;
  /** The company's codes for pieces, meters and kilograms (Settings). */
  units: UnitCodes;
  privacyConsentVersion: string;
  assistedBy?: string | undefined;
  /** The UI language the numbers were typed in (`1.000` is a thousand in Dutch); see numberFromText. */
  language?: UiLanguage | undefined;
}

/**
 * The payload a quote draft becomes; lines follow the form's order (the host numbers them 10000, 20000…).
 * Delivery to the billing address sends useShipToAddress false and no address; another address travels
 * as text beside its shipToCode (honoured only after LinkRequest, so inside sales can convert an unlinked
 * request too). Pickup sends neither: the address stays in the draft for when the employee switches back.
 */
export function quotePayloadFromDraft(draft: QuoteDraft, context: QuoteContext): QuoteRequestInput {
  const delivery = draft.deliveryMethod === DELIVERY_DELIVERY;
  const sentFor = new Set<NonNullable<FieldSpec['sentFor']>>(
    delivery ? (draft.useShipToAddress ? ['delivery', 'otherAddress'] : ['delivery']) : [],
  );
  const payload = payloadFields(QUOTE_HEADER_FIELDS, draft, { ...context }, sentFor);
  // Every line, even an emptied one (the schema says what to do with it): error paths match form rows.
  const lines = draft.lines.map((line) => linePayloadFromDraft(line, context.units, context.language));
  const request: Record<string, unknown> = { ...payload, [QUOTE_LINES_KEY]: lines };
  return request as QuoteRequestInput;
}

export function accountPayloadFromDraft(
  draft: AccountDraft,
  context: Omit<QuoteContext, 'units'>,
): AccountRequestInput {
  return payloadFields(ACCOUNT_REQUEST_FIELDS, draft, { ...context }) as AccountRequestInput;
}

/** A queued payload back into a form, for "correct and resend". */
export function quoteDraftFromPayload(
  payload: QuoteRequestInput,
  entryKey: string,
  lineKey: (index: number) => string,
  /** Numbers are written as people type them in this UI language, so that they read back the same. */
  language?: UiLanguage,
): QuoteDraft {
  const lines = (payload[QUOTE_LINES_KEY] ?? []).map((line, index) => {
    const draft = { ...emptyLine(lineKey(index)), ...draftFields(QUOTE_LINE_FIELDS, line) };
    // Numbers read back as people type them in the UI language (2,5 in Dutch), so they parse the same.
    if (language)
      for (const key of QUOTE_LINE_NUMBER_KEYS) {
        const value = line[key];
        if (typeof value === 'number') draft[key] = formatNumber(value, language, { grouping: false });
      }
    return draft;
  });
  return { ...draftFields(QUOTE_HEADER_FIELDS, payload), lines, entry: emptyLine(entryKey) };
}

export function accountDraftFromPayload(payload: AccountRequestInput): AccountDraft {
  return draftFields(ACCOUNT_REQUEST_FIELDS, payload);
}
