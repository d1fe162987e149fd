// What a request's text fields become before they are sent: no invisible characters in any of them, and
// code fields as the host stores them (uppercase, trimmed; VAT numbers and country codes compact).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasInvisible, withoutInvisible } from '../../src/shared/invisible-characters.ts';
import {
  accountPayloadFromDraft,
  emptyAccountDraft,
  emptyQuoteDraft,
  quotePayloadFromDraft,
} from '../../src/shared/contract/request-drafts.ts';
import {
  ACCOUNT_REQUEST_FIELDS,
  QUOTE_HEADER_FIELDS,
  normalizeCode,
  normalizeField,
} from '../../src/shared/contract/request-fields.ts';
import { accountRequestSchema, quoteRequestSchema } from '../../src/shared/contract/request-schemas.ts';

/** The characters the brief names, written out independently of the implementation's pattern. */
const BIDI = [0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069];
const ZERO_WIDTH = [0x200b, 0x200c, 0x200d, 0xfeff, 0x2060];
const CONTROLS = [
  ...Array.from({ length: 0x20 }, (_, i) => i),
  0x7f,
  ...Array.from({ length: 0x20 }, (_, i) => 0x80 + i),
];
const SPACING = ['\t', '\n', '\r', '\v', '\f', '\u0085'];
const silent = [...BIDI, ...ZERO_WIDTH, ...CONTROLS]
  .map((code) => String.fromCodePoint(code))
  .filter((character) => !SPACING.includes(character));
const invisible = fc.constantFrom(...silent);
/** Visible text: letters of several scripts, digits, punctuation, spaces, emoji. */
const visible = fc.string({
  maxLength: 40,
  unit: fc.oneof(
    fc.constantFrom(..."aZ09 .,-/'&éßøĳ€ŁДשׁمحمد中文".split('')),
    fc.constantFrom('🙂', '👍🏽', '𝔸'),
  ),
});
/** A visible text with invisible characters put between its characters, and the visible text alone. */
const interleaved = fc
  .tuple(visible, fc.array(fc.tuple(fc.nat(), invisible), { maxLength: 8 }))
  .map(([text, inserts]) => {
    const characters = [...text];
    for (const [at, character] of inserts) characters.splice(at % (characters.length + 1), 0, character);
    return { dirty: characters.join(''), clean: text };
  });
const anyText = fc.string({
  unit: fc.oneof(fc.string({ minLength: 1, maxLength: 1 }), invisible, fc.constantFrom(...SPACING)),
});

const isInvisible = (character: string) =>
  silent.includes(character) ||
  SPACING.includes(character) ||
  [0x200e, 0x200f, 0x061c].includes(character.codePointAt(0) ?? 0);

describe('invisible characters', () => {
  it('are all removed, and nothing visible is lost or reordered', () => {
    fc.assert(
      fc.property(interleaved, ({ dirty, clean }) => {
        expect(withoutInvisible(dirty)).toBe(clean);
        expect(hasInvisible(dirty)).toBe(dirty !== clean);
      }),
    );
  });

  it('never survive, in any text, single-line or multi-line; cleaning twice changes nothing', () => {
    fc.assert(
      fc.property(anyText, fc.boolean(), (text, multiline) => {
        const cleaned = withoutInvisible(text, multiline);
        for (const character of cleaned) {
          if (multiline && character === '\n') continue;
          expect(isInvisible(character), `U+${character.codePointAt(0)?.toString(16)}`).toBe(false);
        }
        expect(withoutInvisible(cleaned, multiline)).toBe(cleaned);
        expect(hasInvisible(cleaned, multiline)).toBe(false);
      }),
    );
  });

  it('a tab or line break keeps words apart; a text area keeps its line breaks', () => {
    expect(withoutInvisible('Staalhandel\tDe Vries\r\nB.V.')).toBe('Staalhandel De Vries B.V.');
    expect(withoutInvisible('Zagen op 2350\r\nniet ontbramen\u200b', true)).toBe(
      'Zagen op 2350\nniet ontbramen',
    );
    expect(withoutInvisible('\u202eACME\u202c \u2066B.V.\u2069')).toBe('ACME B.V.');
  });
});

describe('code fields, as the host stores them', () => {
  it('post codes: trimmed, uppercase, one space between parts', () => {
    expect(normalizeField(QUOTE_HEADER_FIELDS.postCode, '  1234   ab ')).toBe('1234 AB');
    expect(normalizeField(QUOTE_HEADER_FIELDS.shipToPostCode, 'sw1a\u00a01aa')).toBe('SW1A 1AA');
  });

  it('VAT numbers and country codes: uppercase, no spaces, dots or hyphens', () => {
    expect(normalizeField(ACCOUNT_REQUEST_FIELDS.vatRegistrationNo, 'nl 8195.12.345 b01')).toBe(
      'NL819512345B01',
    );
    expect(normalizeField(QUOTE_HEADER_FIELDS.vatRegistrationNo, 'BE 0123-456-789')).toBe('BE0123456789');
    expect(normalizeField(QUOTE_HEADER_FIELDS.countryCode, ' n l ')).toBe('NL');
    expect(normalizeField(QUOTE_HEADER_FIELDS.shipToCountryCode, 'de\u200b')).toBe('DE');
  });

  it('any code: normalizing twice changes nothing, it is uppercase and trimmed, and never grows', () => {
    fc.assert(
      fc.property(anyText, fc.boolean(), (text, compact) => {
        const code = normalizeCode(text, compact);
        expect(normalizeCode(code, compact)).toBe(code);
        expect(code).toBe(code.trim());
        expect(code).not.toMatch(/\s\s/u);
        if (compact) expect(code).not.toMatch(/[\s.-]/u);
        expect(code.length).toBeLessThanOrEqual(text.length);
        expect(hasInvisible(code)).toBe(false);
      }),
    );
  });
});

describe('payloads: the mapping sends clean text, and main’s schemas clean what the renderer did not', () => {
  const context = {
    source: 'Beurs',
    units: { pieces: 'PCS', meters: 'M', kilograms: 'KG' },
    privacyConsentVersion: 'v1',
  };

  it('a quote draft with invisible characters in every text field is sent clean', () => {
    const draft = {
      ...emptyQuoteDraft('entry'),
      contactName: 'Jan\u200b de\u00ad Vries',
      companyName: '\u202eStaalbouw\u202c B.V.',
      vatRegistrationNo: 'nl 8195.12.345 b01',
      postCode: '1234  ab\ufeff',
      countryCode: 'nl\u2060',
      remarks: 'Graag\r\nvoor 10 uur\u2066',
      privacyAccepted: true,
    };
    const payload = quotePayloadFromDraft(draft, context);
    expect(payload).toMatchObject({
      contactName: 'Jan de\u00ad Vries',
      companyName: 'Staalbouw B.V.',
      vatRegistrationNo: 'NL819512345B01',
      postCode: '1234 AB',
      countryCode: 'NL',
      remarks: 'Graag\nvoor 10 uur',
      privacyConsentVersion: 'V1',
    });
    expect(quoteRequestSchema.parse(payload)).toMatchObject(payload);
  });

  it('an account payload typed with invisible characters (a CLI file, an untrusted renderer) is queued clean', () => {
    fc.assert(
      fc.property(interleaved, interleaved, (contact, company) => {
        const parsed = accountRequestSchema.parse({
          privacyAccepted: true,
          privacyConsentVersion: 'V1',
          email: 'jan\u200b@example.com',
          contactName: contact.dirty,
          companyName: company.dirty,
          countryCode: 'b\u202ee',
        });
        expect(parsed).toMatchObject({
          email: 'jan@example.com',
          countryCode: 'BE',
          contactName: contact.clean.trim(),
          companyName: company.clean.trim(),
        });
      }),
    );
  });

  it('an account draft keeps what was typed, cleaned', () => {
    const payload = accountPayloadFromDraft(
      {
        ...emptyAccountDraft(),
        email: ' jan@example.com\u200b',
        companyName: 'ACME\u200d',
        privacyAccepted: true,
      },
      { source: 'Beurs', privacyConsentVersion: 'V1' },
    );
    expect(payload).toMatchObject({
      email: 'jan@example.com',
      companyName: 'ACME',
      existingCustomer: 'Unknown',
    });
  });
});
