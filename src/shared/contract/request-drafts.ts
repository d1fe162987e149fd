// Forms in progress (drafts) and how they become payloads. A draft holds what the user typed, as typed
// (numbers as text, limits not yet enforced: nothing is cut, the form shows what is wrong); it is saved
// continuously so that it survives a reload, a crash or a restart. Only a payload is ever queued.
import { z } from 'zod';
import type { PickedCatalogLine } from './picked-line.ts';
import {
  DELIVERY_DELIVERY,
  DELIVERY_METHODS,
  DELIVERY_PICKUP,
  EXISTING_CUSTOMER_VALUES,
  type ExistingCustomer,
} from './fixed-values.ts';

/** The answer a form starts with when nobody said whether the person is a customer. */
export const EXISTING_CUSTOMER_DEFAULT: ExistingCustomer = 'Unknown';
import { QUOTE_LINES_KEY } from './request-fields.ts';
import {
  QUOTE_LINE_NUMBER_KEYS,
  type AccountRequestInput,
  type QuoteRequestInput,
} from './request-schemas.ts';

/** The forms whose drafts are kept: the counter's quote, the fair's quote and the fair's account request. */
export const DRAFT_TARGETS = ['counter', 'fair', 'account'] as const;
export type DraftTarget = (typeof DRAFT_TARGETS)[number];

/** Longest text a draft field keeps: far above every contract limit, so over-long input stays visible. */
export const DRAFT_TEXT_MAX = 10_000;
const draftText = z.string().max(DRAFT_TEXT_MAX);

export const draftLineSchema = z.strictObject({
  /** Identifies the line in the form (React key, live merging); never sent. */
  key: z.string().min(1).max(64),
  itemNo: draftText,
  variantCode: draftText,
  profileCode: draftText,
  qualityCode: draftText,
  description: draftText,
  quantity: draftText,
  unitOfMeasureCode: draftText,
  lengthMm: draftText,
  widthMm: draftText,
  thicknessMm: draftText,
  lineRemarks: draftText,
});
export type DraftLine = z.infer<typeof draftLineSchema>;

const customerShape = {
  contactName: draftText,
  email: draftText,
  companyName: draftText,
  vatRegistrationNo: draftText,
  phoneNo: draftText,
  languageCode: draftText,
  address: draftText,
  address2: draftText,
  postCode: draftText,
  city: draftText,
  countryCode: draftText,
  remarks: draftText,
  privacyAccepted: z.boolean(),
};

export const quoteDraftSchema = z.strictObject({
  ...customerShape,
  customerReference: draftText,
  deliveryMethod: z.enum(DELIVERY_METHODS),
  shipToName: draftText,
  shipToAddress: draftText,
  shipToAddress2: draftText,
  shipToPostCode: draftText,
  shipToCity: draftText,
  shipToCountryCode: draftText,
  /** A signed-in Buyer's registered address chosen in the customer panel; sent beside the address text. */
  shipToCode: draftText.default(''),
  requestedDeliveryDate: draftText,
  lines: z.array(draftLineSchema).max(2000),
  /** The line being typed in the entry row, not yet added. */
  entry: draftLineSchema,
});
export type QuoteDraft = z.infer<typeof quoteDraftSchema>;

export const accountDraftSchema = z.strictObject({
  ...customerShape,
  jobTitle: draftText,
  existingCustomer: z.enum(EXISTING_CUSTOMER_VALUES),
  statedCustomerNo: draftText,
});
export type AccountDraft = z.infer<typeof accountDraftSchema>;

export type DraftFor<T extends DraftTarget> = T extends 'account' ? AccountDraft : QuoteDraft;
export type AnyDraft = QuoteDraft | AccountDraft;

export function emptyLine(key: string): DraftLine {
  return {
    key,
    itemNo: '',
    variantCode: '',
    profileCode: '',
    qualityCode: '',
    description: '',
    quantity: '',
    unitOfMeasureCode: '',
    lengthMm: '',
    widthMm: '',
    thicknessMm: '',
    lineRemarks: '',
  };
}

const emptyCustomer = {
  contactName: '',
  email: '',
  companyName: '',
  vatRegistrationNo: '',
  phoneNo: '',
  languageCode: '',
  address: '',
  address2: '',
  postCode: '',
  city: '',
  countryCode: '',
  remarks: '',
  privacyAccepted: false,
};

export function emptyQuoteDraft(entryKey: string): QuoteDraft {
  return {
    ...emptyCustomer,
    customerReference: '',
    deliveryMethod: DELIVERY_PICKUP,
    shipToName: '',
    shipToAddress: '',
    shipToAddress2: '',
    shipToPostCode: '',
    shipToCity: '',
    shipToCountryCode: '',
    shipToCode: '',
    requestedDeliveryDate: '',
    lines: [],
    entry: emptyLine(entryKey),
  };
}

export function emptyAccountDraft(): AccountDraft {
  return {
    ...emptyCustomer,
    jobTitle: '',
    existingCustomer: EXISTING_CUSTOMER_DEFAULT,
    statedCustomerNo: '',
  };
}

/** A draft line from a size picked in the catalog (the quantity is left for the user, 1 to start with). */
export function lineFromPicked(key: string, picked: PickedCatalogLine): DraftLine {
  const dimension = (value: number) => (value ? String(value) : '');
  return {
    ...emptyLine(key),
    itemNo: picked.itemNo,
    variantCode: picked.variantCode,
    profileCode: picked.profileCode,
    qualityCode: picked.qualityCode,
    description: picked.description,
    unitOfMeasureCode: picked.unitOfMeasureCode,
    quantity: '1',
    lengthMm: dimension(picked.lengthMm),
    widthMm: dimension(picked.widthMm),
    thicknessMm: dimension(picked.thicknessMm),
  };
}

/** Whether a line holds anything worth keeping. */
export function lineHasContent(line: DraftLine): boolean {
  return Object.entries(line).some(([key, value]) => key !== 'key' && value.trim() !== '');
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
 * Typed text as a number: digits with a decimal comma or point ("2,5", "2.5"). Empty is undefined; text
 * that is not a number is NaN, which the schema refuses with a message (never silently dropped).
 */
export function numberFromText(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  if (!/^\d+([.,]\d+)?$/.test(trimmed)) return Number.NaN;
  return Number(trimmed.replace(',', '.'));
}

/** Only keys with a value: optional keys are omitted, never sent empty or null. */
function withValues<T extends Record<string, unknown>>(fields: T): Partial<T> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (typeof value === 'string' && value.trim() === '') continue;
    out[key] = typeof value === 'string' ? value.trim() : value;
  }
  return out as Partial<T>;
}

export function linePayloadFromDraft(line: DraftLine): Record<string, unknown> {
  const { key: _key, ...fields } = line;
  const out: Record<string, unknown> = { ...fields };
  for (const key of QUOTE_LINE_NUMBER_KEYS) out[key] = numberFromText(line[key]);
  return withValues(out);
}

export interface QuoteContext {
  source: string;
  privacyConsentVersion: string;
  assistedBy?: string | undefined;
}

/** The payload a quote draft becomes; lines follow the form's order (the host numbers them 10000, 20000…). */
export function quotePayloadFromDraft(draft: QuoteDraft, context: QuoteContext): QuoteRequestInput {
  const delivery = draft.deliveryMethod === DELIVERY_DELIVERY;
  const payload = withValues({
    privacyAccepted: draft.privacyAccepted,
    privacyConsentVersion: context.privacyConsentVersion,
    contactName: draft.contactName,
    email: draft.email,
    companyName: draft.companyName,
    vatRegistrationNo: draft.vatRegistrationNo,
    phoneNo: draft.phoneNo,
    customerReference: draft.customerReference,
    languageCode: draft.languageCode,
    address: draft.address,
    address2: draft.address2,
    postCode: draft.postCode,
    city: draft.city,
    countryCode: draft.countryCode,
    deliveryMethod: draft.deliveryMethod,
    // The delivery address travels as text: a shipToCode is honoured only after LinkRequest.
    ...(delivery
      ? {
          useShipToAddress: true,
          shipToName: draft.shipToName,
          shipToAddress: draft.shipToAddress,
          shipToAddress2: draft.shipToAddress2,
          shipToPostCode: draft.shipToPostCode,
          shipToCity: draft.shipToCity,
          shipToCountryCode: draft.shipToCountryCode,
          // With the text, so inside sales can convert an unlinked request too (issue 13).
          shipToCode: draft.shipToCode,
          requestedDeliveryDate: draft.requestedDeliveryDate,
        }
      : {}),
    remarks: draft.remarks,
    source: context.source,
    assistedBy: context.assistedBy,
  });
  // Every line, even an emptied one (the schema says what to do with it): error paths match form rows.
  const lines = draft.lines.map(linePayloadFromDraft);
  return { ...payload, [QUOTE_LINES_KEY]: lines } as QuoteRequestInput;
}

export function accountPayloadFromDraft(draft: AccountDraft, context: QuoteContext): AccountRequestInput {
  return withValues({
    privacyAccepted: draft.privacyAccepted,
    privacyConsentVersion: context.privacyConsentVersion,
    email: draft.email,
    contactName: draft.contactName,
    jobTitle: draft.jobTitle,
    companyName: draft.companyName,
    vatRegistrationNo: draft.vatRegistrationNo,
    phoneNo: draft.phoneNo,
    address: draft.address,
    address2: draft.address2,
    postCode: draft.postCode,
    city: draft.city,
    countryCode: draft.countryCode,
    existingCustomer: draft.existingCustomer,
    statedCustomerNo: draft.statedCustomerNo,
    languageCode: draft.languageCode,
    remarks: draft.remarks,
    source: context.source,
  }) as AccountRequestInput;
}

/** A queued payload back into a form, for "correct and resend". */
export function quoteDraftFromPayload(
  payload: QuoteRequestInput,
  entryKey: string,
  lineKey: (index: number) => string,
): QuoteDraft {
  const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));
  const empty = emptyQuoteDraft(entryKey);
  const fields = Object.fromEntries(
    Object.keys(empty)
      .filter(
        (key) => key !== 'lines' && key !== 'entry' && key !== 'privacyAccepted' && key !== 'deliveryMethod',
      )
      .map((key) => [key, text((payload as Record<string, unknown>)[key])]),
  );
  const lines = (payload[QUOTE_LINES_KEY] ?? []).map((line, index) => {
    const draft = emptyLine(lineKey(index));
    for (const key of Object.keys(draft) as (keyof DraftLine)[]) {
      if (key !== 'key') draft[key] = text((line as Record<string, unknown>)[key]);
    }
    return draft;
  });
  return {
    ...empty,
    ...fields,
    privacyAccepted: payload.privacyAccepted === true,
    deliveryMethod: payload.deliveryMethod === DELIVERY_DELIVERY ? DELIVERY_DELIVERY : DELIVERY_PICKUP,
    lines,
  };
}

export function accountDraftFromPayload(payload: AccountRequestInput): AccountDraft {
  const empty = emptyAccountDraft();
  const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));
  const fields = Object.fromEntries(
    Object.keys(empty)
      .filter((key) => key !== 'privacyAccepted' && key !== 'existingCustomer')
      .map((key) => [key, text((payload as Record<string, unknown>)[key])]),
  );
  return {
    ...empty,
    ...fields,
    privacyAccepted: payload.privacyAccepted === true,
    existingCustomer: payload.existingCustomer ?? EXISTING_CUSTOMER_DEFAULT,
  };
}
