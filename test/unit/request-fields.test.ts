// One declaration per contract key: the payload schemas, drafts, empty drafts, the mapping both ways, the
// forms' field lists and the labels all come from the tables in request-fields.ts.
import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import {
  draftFields,
  draftSchemas,
  draftShape,
  emptyAccountDraft,
  emptyFields,
  emptyQuoteDraft,
  payloadFields,
  type AccountDraft,
  type QuoteDraft,
} from '../../src/shared/contract/request-drafts.ts';
import {
  ACCOUNT_REQUEST_FIELDS,
  QUOTE_HEADER_FIELDS,
  QUOTE_LINE_FIELDS,
  QUOTE_LINES_KEY,
  draftKeys,
  sectionKeys,
  type DraftFields,
  type FieldSection,
  type FieldSpec,
} from '../../src/shared/contract/request-fields.ts';
import {
  accountRequestSchema,
  fieldsFrom,
  quoteLineSchema,
  quoteRequestSchema,
} from '../../src/shared/contract/request-schemas.ts';

/** The sections each form shows (quote-form.tsx, account-form.tsx, remarks-and-consent.tsx). */
const QUOTE_FORM_SECTIONS: FieldSection[] = [
  'customer',
  'address',
  'delivery',
  'shipTo',
  'remarks',
  'consent',
];
const ACCOUNT_FORM_SECTIONS: FieldSection[] = [
  'customer',
  'existingCustomer',
  'address',
  'remarks',
  'consent',
];

const TABLES = [
  { name: 'quote', fields: QUOTE_HEADER_FIELDS, schema: quoteRequestSchema, sections: QUOTE_FORM_SECTIONS },
  {
    name: 'account',
    fields: ACCOUNT_REQUEST_FIELDS,
    schema: accountRequestSchema,
    sections: ACCOUNT_FORM_SECTIONS,
  },
] as const;

type Catalog = { en: Record<string, string>; nl: Record<string, string> };
/**
 * The renderer's message tables by feature, loaded at run time: their types pull in the DOM, which this
 * Node project does not have (the forms' t(spec.label) calls check label keys at compile time).
 */
async function catalogs(): Promise<Record<string, Catalog>> {
  const renderer = '../../src/renderer/src';
  const load = async (path: string, name: string): Promise<Catalog> =>
    ((await import(`${renderer}/${path}`)) as Record<string, Catalog>)[name] ?? { en: {}, nl: {} };
  return {
    requestForm: await load('request-form/request-form-messages.ts', 'requestFormMessages'),
    counter: await load('features/counter/counter-messages.ts', 'counterMessages'),
    fair: await load('features/fair/fair-messages.ts', 'fairMessages'),
  };
}

function message(tables: Record<string, Catalog>, key: string, language: 'en' | 'nl'): string | undefined {
  const dot = key.indexOf('.');
  return tables[key.slice(0, dot)]?.[language][key.slice(dot + 1)];
}

describe('request fields: every key of a table reaches schema, draft and form', () => {
  it.each(TABLES)('$name: the payload schema has exactly the table’s keys', ({ fields, schema }) => {
    const shape = Object.keys(schema.shape).filter((key) => key !== QUOTE_LINES_KEY);
    expect(shape.sort()).toEqual(Object.keys(fields).sort());
  });

  it('quote lines: the line schema has exactly the table’s keys', () => {
    expect(Object.keys(quoteLineSchema.shape).sort()).toEqual(Object.keys(QUOTE_LINE_FIELDS).sort());
  });

  it.each(TABLES)(
    '$name: the draft holds every key a person types, and no context key',
    ({ name, fields }) => {
      const draft = name === 'quote' ? emptyQuoteDraft('entry') : emptyAccountDraft();
      const typed = Object.entries(fields)
        .filter(([, spec]) => spec.section !== 'context')
        .map(([key]) => key);
      const context = Object.entries(fields)
        .filter(([, spec]) => spec.section === 'context')
        .map(([key]) => key);
      for (const key of typed) expect(draft).toHaveProperty(key);
      for (const key of context) expect(draft).not.toHaveProperty(key);
      expect(context).toEqual(expect.arrayContaining(['requestId', 'privacyConsentVersion', 'source']));
    },
  );

  it.each(TABLES)('$name: every draft key is in a section the form shows', ({ fields, sections }) => {
    const shown = sections.flatMap((section) => sectionKeys(fields, section));
    expect(shown.sort()).toEqual([...draftKeys(fields)].sort());
  });

  it.each(TABLES)('$name: an empty draft is a valid draft', ({ name }) => {
    if (name === 'quote')
      expect(draftSchemas().quote.parse(emptyQuoteDraft('entry'))).toEqual(emptyQuoteDraft('entry'));
    else expect(draftSchemas().account.parse(emptyAccountDraft())).toEqual(emptyAccountDraft());
  });

  it('every label and hint in the tables exists in Dutch and English', async () => {
    const tables = await catalogs();
    const specs: FieldSpec[] = [QUOTE_HEADER_FIELDS, QUOTE_LINE_FIELDS, ACCOUNT_REQUEST_FIELDS].flatMap(
      (table) => Object.values(table),
    );
    const keys = specs.flatMap((spec) => [spec.label, spec.hint]).filter((key) => key !== undefined);
    expect(keys.length).toBeGreaterThan(40);
    for (const key of keys) {
      expect(message(tables, key, 'en'), key).toBeTruthy();
      expect(message(tables, key, 'nl'), key).toBeTruthy();
    }
  });

  it('every key a form shows has a label (only the registered address code is never typed)', () => {
    for (const { fields } of TABLES) {
      const specs: [string, FieldSpec][] = Object.entries(fields);
      const unlabelled = specs.filter(([, spec]) => spec.section !== 'context' && !spec.label);
      expect(unlabelled.map(([key]) => key)).toEqual(fields === QUOTE_HEADER_FIELDS ? ['shipToCode'] : []);
    }
  });

  it('the draft types are the tables’ keys', () => {
    expectTypeOf<keyof QuoteDraft>().toEqualTypeOf<
      | Exclude<
          keyof typeof QUOTE_HEADER_FIELDS,
          'requestId' | 'privacyConsentVersion' | 'ipHash' | 'source' | 'assistedBy'
        >
      | 'lines'
      | 'entry'
      | 'portal'
    >();
    expectTypeOf<keyof AccountDraft>().toEqualTypeOf<
      Exclude<
        keyof typeof ACCOUNT_REQUEST_FIELDS,
        'requestId' | 'privacyConsentVersion' | 'ipHash' | 'source'
      >
    >();
    expectTypeOf<QuoteDraft['deliveryMethod']>().toEqualTypeOf<'Pickup' | 'Delivery'>();
    expectTypeOf<AccountDraft['existingCustomer']>().toEqualTypeOf<'Yes' | 'No' | 'Unknown'>();
    expectTypeOf<QuoteDraft['useShipToAddress']>().toEqualTypeOf<boolean>();
    expectTypeOf<QuoteDraft['vatRegistrationNo']>().toEqualTypeOf<string>();
  });
});

describe('request fields: adding a key is one row in the table', () => {
  // What docs/requests.md ("Adding a contract field") asks for: one row (and its label).
  const WITH_WEBSITE = {
    ...ACCOUNT_REQUEST_FIELDS,
    websiteUrl: { kind: 'text', maxLength: 80, section: 'customer', label: 'requestForm.form.websiteUrl' },
    chamberOfCommerceNo: { kind: 'code', maxLength: 20, section: 'customer', compact: true },
  } as const satisfies Record<string, FieldSpec>;

  it('the new keys appear in the draft type, the draft schema, the empty draft and the form’s section', () => {
    expectTypeOf<DraftFields<typeof WITH_WEBSITE>>().toHaveProperty('websiteUrl').toEqualTypeOf<string>();
    expectTypeOf<DraftFields<typeof WITH_WEBSITE>>().toHaveProperty('chamberOfCommerceNo');
    const schema = z.strictObject(draftShape(WITH_WEBSITE));
    expect(Object.keys(schema.shape)).toEqual(expect.arrayContaining(['websiteUrl', 'chamberOfCommerceNo']));
    const empty = emptyFields(WITH_WEBSITE);
    expect(empty).toMatchObject({ websiteUrl: '', chamberOfCommerceNo: '', existingCustomer: 'Unknown' });
    expect(schema.parse(empty)).toEqual(empty);
    expect(sectionKeys(WITH_WEBSITE, 'customer')).toEqual(
      expect.arrayContaining(['websiteUrl', 'chamberOfCommerceNo']),
    );
  });

  it('the new keys are sent normalized, come back into a draft, and their limits are enforced', () => {
    const draft = {
      ...emptyFields(WITH_WEBSITE),
      email: 'jan@example.com',
      websiteUrl: ' staal\u200b.example ',
      chamberOfCommerceNo: ' 1234 56.78 ',
    };
    const payload = payloadFields(WITH_WEBSITE, draft, { privacyConsentVersion: 'v1', source: 'Beurs' });
    expect(payload).toMatchObject({ websiteUrl: 'staal.example', chamberOfCommerceNo: '12345678' });
    expect(draftFields(WITH_WEBSITE, payload)).toMatchObject({
      websiteUrl: 'staal.example',
      chamberOfCommerceNo: '12345678',
    });
    const schema = z.strictObject(fieldsFrom(WITH_WEBSITE, []));
    expect(schema.safeParse({ websiteUrl: 'x'.repeat(80) }).success).toBe(true);
    const tooLong = schema.safeParse({ websiteUrl: 'x'.repeat(81) });
    expect(tooLong.success).toBe(false);
    expect(tooLong.error?.issues[0]?.path).toEqual(['websiteUrl']);
    expect(schema.parse({ chamberOfCommerceNo: 'ab 12' }).chamberOfCommerceNo).toBe('AB12');
  });
});
