// The schemas that decide whether a quote or account request may be queued, built from the field specs
// of request-fields.ts. The renderer checks them as the user types (messages in the UI language); main
// checks them again before a request is written to the outbox (it is the authority); the CLI's request
// files go through the same schemas. Limits are refused, never cut: the host would truncate silently.
import { z } from 'zod';
import { localized } from '../validation.ts';
import { DELIVERY_DELIVERY, SOURCE_COUNTER_VISIT } from './fixed-values.ts';
import {
  ACCOUNT_REQUEST_FIELDS,
  QUOTE_HEADER_FIELDS,
  QUOTE_LINE_FIELDS,
  QUOTE_LINES_KEY,
  isTextKind,
  normalizeField,
  type FieldSpec,
} from './request-fields.ts';
import { isJsonObject } from '../json-object.ts';

/** Largest quantity or dimension accepted: far above any real order, below where doubles lose digits. */
export const MAX_REQUEST_NUMBER = 1_000_000_000;
/** Lines in one quote request: the host has no limit; this keeps one request a reasonable size. */
export const MAX_QUOTE_LINES = 500;

const tooLong = (max: number) =>
  localized({
    en: `is longer than ${max} characters: shorten it`,
    nl: `is langer dan ${max} tekens: maak het korter`,
  });
const mustBeText = localized({ en: 'must be text', nl: 'moet tekst zijn' });
const mustBeYesNo = localized({ en: 'must be true or false', nl: 'moet waar of onwaar zijn' });
const mustBeNumber = localized({
  en: 'must be a number, e.g. 2 or 2.5',
  nl: 'moet een getal zijn, bijvoorbeeld 2 of 2,5',
});
const notNegative = localized({ en: 'must not be negative', nl: 'mag niet negatief zijn' });
const tooLarge = localized({ en: 'is too large', nl: 'is te groot' });

type Messages = { en: string; nl: string };

/** A string whose absence gets its own message (what to do), and whose wrong type says "must be text". */
function stringSchema(missing?: Messages) {
  if (!missing) return z.string(mustBeText);
  return z.string({
    error: (issue) => (issue.input === undefined ? localized(missing).error() : mustBeText.error()),
  });
}

/**
 * Text as it is queued, whatever sent it (the renderer is untrusted, a CLI file is typed by hand):
 * invisible characters removed and codes normalized as the host stores them (normalizeField), then
 * measured against the contract's length.
 */
function textSchema(spec: FieldSpec, missing?: Messages) {
  const max = spec.maxLength ?? Number.MAX_SAFE_INTEGER;
  return stringSchema(missing)
    .overwrite((value) => normalizeField(spec, value))
    .max(max, tooLong(max));
}

const numberSchema = z.number(mustBeNumber).min(0, notNegative).max(MAX_REQUEST_NUMBER, tooLarge);

/** A real calendar date as YYYY-MM-DD (the host's own date evaluation refuses anything else). */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1753) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const dateSchema = z
  .string(mustBeText)
  .refine(
    isCalendarDate,
    localized({ en: 'must be a date like 2026-03-31', nl: 'moet een datum zijn, zoals 2026-03-31' }),
  );

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const emailSchema = (spec: FieldSpec, missing?: Messages) =>
  textSchema(spec, missing).refine(
    (value) => value === '' || EMAIL.test(value),
    localized({
      en: 'is not an e-mail address: type it like name@example.com',
      nl: 'is geen e-mailadres: typ het als naam@voorbeeld.nl',
    }),
  );

const privacyAcceptedSchema = z.literal(
  true,
  localized({
    en: 'the customer must agree to the privacy statement: tick the box',
    nl: 'de klant moet akkoord gaan met de privacyverklaring: vink het vakje aan',
  }),
);

const requiredText = <S extends z.ZodType<string, string>>(schema: S, messages: Messages): S =>
  schema.refine((value) => value.trim() !== '', localized(messages));

const consentVersionMissing = {
  en: 'is missing: set the privacy consent version in Settings',
  nl: 'ontbreekt: vul de versie van de privacyverklaring in bij Instellingen',
};
const privacyConsentVersionSchema = requiredText(
  textSchema(QUOTE_HEADER_FIELDS.privacyConsentVersion, consentVersionMissing),
  consentVersionMissing,
);

const requestIdSchema = requiredText(textSchema(QUOTE_HEADER_FIELDS.requestId), {
  en: 'must not be empty: leave the key out to get a new requestId',
  nl: 'mag niet leeg zijn: laat de sleutel weg voor een nieuwe requestId',
});

type OptionalSchemaFor<S extends FieldSpec> = S['kind'] extends 'boolean'
  ? z.ZodOptional<z.ZodBoolean>
  : S['kind'] extends 'number'
    ? z.ZodOptional<z.ZodNumber>
    : S extends { kind: 'choice'; values: readonly (infer V extends string)[] }
      ? z.ZodOptional<z.ZodType<V>>
      : z.ZodOptional<z.ZodString>;

/** "must be Pickup or Delivery": a choice's fixed values, spelled as the contract spells them. */
function choiceMessage(values: readonly string[]) {
  const list = (or: string) =>
    values.length > 1 ? `${values.slice(0, -1).join(', ')} ${or} ${values.at(-1)}` : (values[0] ?? '');
  return localized({ en: `must be ${list('or')}`, nl: `moet ${list('of')} zijn` });
}

/** Optional keys of a schema built field by field (the contract omits optional keys, never sends null). */
export function fieldsFrom<F extends Record<string, FieldSpec>, Skip extends keyof F = never>(
  fields: F,
  skip: readonly Skip[],
): { [K in Exclude<keyof F, Skip>]: OptionalSchemaFor<F[K]> } {
  const shape: Record<string, z.ZodType> = {};
  for (const [key, spec] of Object.entries(fields)) {
    if ((skip as readonly string[]).includes(key)) continue;
    if (spec.kind === 'email') shape[key] = emailSchema(spec).optional();
    else if (isTextKind(spec.kind)) shape[key] = textSchema(spec).optional();
    else if (spec.kind === 'boolean') shape[key] = z.boolean(mustBeYesNo).optional();
    else if (spec.kind === 'number') shape[key] = numberSchema.optional();
    else if (spec.kind === 'date') shape[key] = dateSchema.optional();
    else shape[key] = z.enum(spec.values ?? [''], choiceMessage(spec.values ?? [])).optional();
  }
  return shape as { [K in Exclude<keyof F, Skip>]: OptionalSchemaFor<F[K]> };
}

/** A message for a cross-field issue, in the language validation currently runs in. */
const say = (messages: { en: string; nl: string }) => ({ message: localized(messages).error() });

// Cross-field rules run even when single fields are wrong, so the form shows every problem at once.
const whenObject = {
  when: (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null,
};

const LINE_NUMBERS = ['quantity', 'lengthMm', 'widthMm', 'thicknessMm'] as const;

export const quoteLineSchema = z
  .strictObject(fieldsFrom(QUOTE_LINE_FIELDS, []))
  .superRefine((line, context) => {
    const itemNo = typeof line.itemNo === 'string' ? line.itemNo : '';
    const description = typeof line.description === 'string' ? line.description.trim() : '';
    if (!itemNo && !description) {
      context.addIssue({
        code: 'custom',
        path: ['itemNo'],
        ...say({
          en: 'is empty: type an item number, or a description for a free-text line',
          nl: 'is leeg: typ een artikelnummer, of een omschrijving voor een vrije tekstregel',
        }),
      });
    }
    if (itemNo && !(typeof line.quantity === 'number' && line.quantity > 0)) {
      context.addIssue({
        code: 'custom',
        path: ['quantity'],
        ...say({ en: 'is missing: type how many', nl: 'ontbreekt: typ hoeveel' }),
      });
    }
  }, whenObject);
export type QuoteLinePayload = z.output<typeof quoteLineSchema>;

const quoteShape = {
  ...fieldsFrom(QUOTE_HEADER_FIELDS, ['requestId', 'privacyAccepted', 'privacyConsentVersion']),
  requestId: requestIdSchema.optional(),
  privacyAccepted: privacyAcceptedSchema,
  privacyConsentVersion: privacyConsentVersionSchema,
  [QUOTE_LINES_KEY]: z
    .array(quoteLineSchema, localized({ en: 'must be a list of lines', nl: 'moet een lijst regels zijn' }))
    .max(
      MAX_QUOTE_LINES,
      localized({
        en: `has more than ${MAX_QUOTE_LINES} lines: split the request`,
        nl: `heeft meer dan ${MAX_QUOTE_LINES} regels: splits de aanvraag`,
      }),
    )
    .optional(),
};

/** A quote request in the contract's payload keys, as queued and as sent. */
export const quoteRequestSchema = z.strictObject(quoteShape).superRefine((request, context) => {
  const has = (key: string) => {
    const value = (request as Record<string, unknown>)[key];
    return typeof value === 'string' && value.trim() !== '';
  };
  const need = (key: string, messages: { en: string; nl: string }) => {
    if (!has(key)) context.addIssue({ code: 'custom', path: [key], ...say(messages) });
  };
  if (request.source === SOURCE_COUNTER_VISIT) {
    // A counter visit names the employee; it appears on the pickup order.
    need('assistedBy', {
      en: 'is missing: choose the employee at the counter',
      nl: 'ontbreekt: kies de medewerker aan de balie',
    });
    // The host turns a counter visit into a sales order with nobody checking it: one without lines
    // would be an empty order.
    if (!request[QUOTE_LINES_KEY]?.length) {
      context.addIssue({
        code: 'custom',
        path: [QUOTE_LINES_KEY],
        ...say({
          en: 'are missing: a counter visit needs at least one line',
          nl: 'ontbreken: een baliebezoek heeft minstens één regel nodig',
        }),
      });
    }
  } else if (has('assistedBy')) {
    context.addIssue({
      code: 'custom',
      path: ['assistedBy'],
      ...say({
        en: `is only for counter visits (source ${SOURCE_COUNTER_VISIT}): leave it out`,
        nl: `is alleen voor baliebezoeken (source ${SOURCE_COUNTER_VISIT}): laat het weg`,
      }),
    });
  }
  if (request.useShipToAddress) {
    need('shipToAddress', {
      en: 'is missing: type the street of the delivery address',
      nl: 'ontbreekt: typ de straat van het afleveradres',
    });
    need('shipToCity', {
      en: 'is missing: type the city of the delivery address',
      nl: 'ontbreekt: typ de plaats van het afleveradres',
    });
  } else if (request.deliveryMethod === DELIVERY_DELIVERY) {
    // Delivery without a separate address goes to the billing address, so that one must be there.
    need('address', {
      en: 'is missing: type the address to deliver to',
      nl: 'ontbreekt: typ het adres waar geleverd wordt',
    });
    need('city', {
      en: 'is missing: type the city to deliver to',
      nl: 'ontbreekt: typ de plaats van levering',
    });
  }
}, whenObject);
export type QuoteRequestInput = z.input<typeof quoteRequestSchema>;
export type QuoteRequestPayload = z.output<typeof quoteRequestSchema>;

const emailMissing = {
  en: 'is missing: type the e-mail address the person will sign in with',
  nl: 'ontbreekt: typ het e-mailadres waarmee de persoon gaat inloggen',
};

/** An account request in the contract's payload keys. */
export const accountRequestSchema = z.strictObject({
  ...fieldsFrom(ACCOUNT_REQUEST_FIELDS, ['requestId', 'privacyAccepted', 'privacyConsentVersion', 'email']),
  requestId: requestIdSchema.optional(),
  privacyAccepted: privacyAcceptedSchema,
  privacyConsentVersion: privacyConsentVersionSchema,
  email: requiredText(emailSchema(ACCOUNT_REQUEST_FIELDS.email, emailMissing), emailMissing),
});
export type AccountRequestInput = z.input<typeof accountRequestSchema>;
export type AccountRequestPayload = z.output<typeof accountRequestSchema>;

export const REQUEST_SCHEMAS = { quote: quoteRequestSchema, account: accountRequestSchema } as const;
export type RequestPayload = QuoteRequestPayload | AccountRequestPayload;

/** Numeric line keys, for code that turns typed text into numbers. */
export const QUOTE_LINE_NUMBER_KEYS = LINE_NUMBERS;

/**
 * A request file read as the host reads a payload ("Payload reading rules"): a JSON null means the same
 * as a missing key, text is trimmed, and empty text is no value. Everything else is left to the schemas,
 * which still refuse unknown keys, wrong types and text past its length (the host would cut it).
 */
export function payloadAsHostReads(value: unknown): unknown {
  if (!isJsonObject(value)) return value;
  const read: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    // Undefined rather than left out: an unknown key is still refused even when it holds null.
    if (field === null) read[key] = undefined;
    else if (typeof field === 'string') {
      const trimmed = field.trim();
      read[key] = trimmed === '' ? undefined : trimmed;
    } else if (key === QUOTE_LINES_KEY && Array.isArray(field)) {
      read[key] = field.map(payloadAsHostReads);
    } else read[key] = field;
  }
  return read;
}
