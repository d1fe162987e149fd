// Numbers and dates typed in the UI language: examples from the counter, and properties that hold for
// every number and every date (fast-check).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DATE_INPUT_ERRORS,
  DATE_NOTATION,
  formatDate,
  parseDateInput,
} from '../../src/shared/locale/date-input.ts';
import {
  NUMBER_INPUT_ERRORS,
  formatNumber,
  formatUnderstood,
  parseNumberInput,
} from '../../src/shared/locale/number-input.ts';
import { UI_LANGUAGES } from '../../src/shared/settings.ts';

describe('numbers in the UI language', () => {
  it('reads Dutch: a point groups thousands, a comma is the decimal sign', () => {
    expect(parseNumberInput('1.000', 'nl')).toEqual({ ok: true, value: 1000 });
    expect(parseNumberInput('2,5', 'nl')).toEqual({ ok: true, value: 2.5 });
    expect(parseNumberInput('1.250.000,75', 'nl')).toEqual({ ok: true, value: 1250000.75 });
    expect(parseNumberInput(' 12 500 ', 'nl')).toEqual({ ok: true, value: 12500 });
    expect(parseNumberInput(',5', 'nl')).toEqual({ ok: true, value: 0.5 });
  });

  it('reads English: a comma groups thousands, a point is the decimal sign', () => {
    expect(parseNumberInput('1,000', 'en')).toEqual({ ok: true, value: 1000 });
    expect(parseNumberInput('2.5', 'en')).toEqual({ ok: true, value: 2.5 });
    expect(parseNumberInput('1,250,000.75', 'en')).toEqual({ ok: true, value: 1250000.75 });
  });

  it('asks instead of guessing when one separator is followed by exactly three digits: a decimal or a thousand', () => {
    expect(parseNumberInput('1,000', 'nl')).toMatchObject({
      ok: false,
      error: 'twoReadings',
      readings: [1, 1000],
    });
    expect(parseNumberInput('12,500', 'nl')).toMatchObject({ ok: false, readings: [12.5, 12500] });
    expect(parseNumberInput('1.000', 'en')).toMatchObject({
      ok: false,
      error: 'twoReadings',
      readings: [1, 1000],
    });
    expect(parseNumberInput('-1,250', 'nl', { allowNegative: true })).toMatchObject({
      readings: [-1.25, -1250],
    });
    // Nothing else is in doubt: a leading 0, other digit counts, or grouping that says which is which.
    expect(parseNumberInput('0,500', 'nl')).toEqual({ ok: true, value: 0.5 });
    expect(parseNumberInput('1,5', 'nl')).toEqual({ ok: true, value: 1.5 });
    expect(parseNumberInput('1,2500', 'nl')).toEqual({ ok: true, value: 1.25 });
    expect(parseNumberInput('1.000,000', 'nl')).toEqual({ ok: true, value: 1000 });
    expect(parseNumberInput('1234,500', 'nl')).toEqual({ ok: true, value: 1234.5 });
  });

  it('refuses separators that do not fit, with the right form as the example', () => {
    expect(parseNumberInput('1.000,5,3', 'nl')).toEqual({
      ok: false,
      error: 'ambiguous',
      example: '1.250,5',
    });
    expect(parseNumberInput('1,000.5.3', 'en')).toEqual({
      ok: false,
      error: 'ambiguous',
      example: '1,250.5',
    });
    // written the English way in the Dutch UI (and the other way round): the value meant, written right
    expect(parseNumberInput('2.5', 'nl')).toEqual({ ok: false, error: 'ambiguous', example: '2,5' });
    expect(parseNumberInput('1,000.5', 'nl')).toEqual({ ok: false, error: 'ambiguous', example: '1.000,5' });
    expect(parseNumberInput('2,5', 'en')).toEqual({ ok: false, error: 'ambiguous', example: '2.5' });
    expect(parseNumberInput('10.00', 'nl')).toMatchObject({ ok: false, error: 'ambiguous' });
  });

  it('gives 0, negative numbers, text and too many decimals each their own error', () => {
    expect(parseNumberInput('0', 'nl')).toMatchObject({ ok: false, error: 'zero' });
    expect(parseNumberInput('0,00', 'nl')).toMatchObject({ ok: false, error: 'zero' });
    expect(parseNumberInput('-5', 'nl')).toEqual({ ok: false, error: 'negative', example: '5' });
    expect(parseNumberInput('−2,5', 'nl')).toEqual({ ok: false, error: 'negative', example: '2,5' });
    expect(parseNumberInput('', 'en')).toMatchObject({ ok: false, error: 'empty' });
    expect(parseNumberInput('  ', 'en')).toMatchObject({ ok: false, error: 'empty' });
    expect(parseNumberInput('12a', 'en')).toMatchObject({ ok: false, error: 'notANumber' });
    expect(parseNumberInput('1e5', 'en')).toMatchObject({ ok: false, error: 'notANumber' });
    expect(parseNumberInput('2,5551', 'nl', { maxDecimals: 2 })).toEqual({
      ok: false,
      error: 'tooManyDecimals',
      example: '2,56',
    });
    expect(parseNumberInput('1234567890123456', 'en')).toMatchObject({ ok: false, error: 'tooLarge' });
  });

  it('takes 0 and negative numbers where the field allows them', () => {
    expect(parseNumberInput('0', 'nl', { allowZero: true })).toEqual({ ok: true, value: 0 });
    expect(parseNumberInput('-0', 'nl', { allowZero: true })).toEqual({ ok: true, value: 0 });
    expect(parseNumberInput('-1.000,5', 'nl', { allowNegative: true })).toEqual({ ok: true, value: -1000.5 });
  });

  it('shows the value as understood without grouping, so it cannot be misread', () => {
    expect(formatUnderstood(1000, 'nl')).toBe('= 1000');
    expect(formatUnderstood(2.5, 'nl')).toBe('= 2,5');
    expect(formatUnderstood(2.5, 'en')).toBe('= 2.5');
    expect(formatNumber(1250000.75, 'nl')).toBe('1.250.000,75');
    expect(formatNumber(1250000.75, 'en')).toBe('1,250,000.75');
    expect(formatNumber(-0.5, 'en')).toBe('-0.5');
  });
});

/** Numbers with up to three decimals, as quantities and dimensions have. */
const decimalNumber = fc
  .tuple(fc.integer({ min: -999_999_999, max: 999_999_999 }), fc.integer({ min: 0, max: 999 }))
  // one division of whole thousandths: the double nearest the decimal, as reading "1,648" gives
  .map(([whole, thousandths]) => (Math.sign(whole || 1) * (Math.abs(whole) * 1000 + thousandths)) / 1000);
const language = fc.constantFrom(...UI_LANGUAGES);
const options = { allowZero: true, allowNegative: true };

describe('numbers: properties', () => {
  it('reads back every number it writes, grouped or not, in both languages', () => {
    fc.assert(
      fc.property(decimalNumber, language, fc.boolean(), (value, lang, grouping) => {
        const written = formatNumber(value, lang, { grouping });
        expect(parseNumberInput(written, lang, options)).toEqual({
          ok: true,
          value: value === 0 ? 0 : value,
        });
      }),
    );
  });

  it('reads a grouped number written for the other language as ambiguous, never as another value', () => {
    fc.assert(
      fc.property(decimalNumber, language, (value, lang) => {
        const other = lang === 'nl' ? 'en' : 'nl';
        const written = formatNumber(value, other);
        const read = parseNumberInput(written, lang, options);
        // Refused as ambiguous with the value meant as the example, or read as that value; the one text
        // both notations read, differently, is a last group of exactly three digits ("1.000" is a
        // thousand in Dutch and one in English): the value as understood beside the field shows which.
        if (read.ok && /[.,]/.test(written)) {
          const fraction = written.split(/[.,]/).at(-1) ?? '';
          expect(fraction.length === 3 || read.value === value).toBe(true);
        } else if (!read.ok && read.error === 'twoReadings') {
          // "1.000" read in English: one of the two readings offered is the value meant.
          expect(read.readings).toContain(value === 0 ? 0 : value);
        } else if (!read.ok) {
          expect(read.error).toBe('ambiguous');
          expect(parseNumberInput(read.example, lang, options)).toEqual({
            ok: true,
            value: value === 0 ? 0 : value,
          });
        } else expect(read.value).toBe(value === 0 ? 0 : value);
      }),
    );
  });

  it('never throws, and answers with a value or one of its error kinds', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(...'0123456789.,-+ ax\u00a0'.split('')) }),
        language,
        (text, lang) => {
          const read = parseNumberInput(text, lang);
          if (read.ok) expect(Number.isFinite(read.value) && read.value > 0).toBe(true);
          else expect(NUMBER_INPUT_ERRORS).toContain(read.error);
        },
      ),
    );
  });
});

describe('dates in the UI language', () => {
  it('reads day first in both languages, with any separator, and gives YYYY-MM-DD', () => {
    for (const text of ['1-12-2026', '01-12-2026', '1/12/2026', '1.12.2026', ' 1 12 2026 ', '2026-12-01'])
      for (const lang of UI_LANGUAGES)
        expect(parseDateInput(text, lang)).toEqual({ ok: true, value: '2026-12-01' });
  });

  it('shows dates in the UI language', () => {
    expect(formatDate('2026-12-01', 'nl')).toBe('01-12-2026');
    expect(formatDate('2026-12-01', 'en')).toBe('01/12/2026');
    expect(DATE_NOTATION.nl.pattern).toBe('dd-mm-jjjj');
    expect(formatDate('not a date', 'nl')).toBe('not a date');
  });

  it('refuses impossible dates and other forms, with an example whose day cannot be taken for a month', () => {
    expect(parseDateInput('31-02-2026', 'nl')).toEqual({
      ok: false,
      error: 'impossible',
      example: '24-12-2026',
    });
    expect(parseDateInput('29-02-2026', 'nl')).toMatchObject({ ok: false, error: 'impossible' });
    expect(parseDateInput('29-02-2028', 'nl')).toEqual({ ok: true, value: '2028-02-29' });
    expect(parseDateInput('29-02-2100', 'nl')).toMatchObject({ ok: false, error: 'impossible' });
    expect(parseDateInput('12/13/2026', 'en')).toEqual({
      ok: false,
      error: 'impossible',
      example: '24/12/2026',
    });
    expect(parseDateInput('1-12-26', 'nl')).toMatchObject({ ok: false, error: 'format' });
    expect(parseDateInput('1 december 2026', 'nl')).toMatchObject({ ok: false, error: 'format' });
    expect(parseDateInput('', 'en')).toMatchObject({ ok: false, error: 'empty' });
  });
});

describe('dates: properties', () => {
  const day = fc.date({
    min: new Date('1900-01-01T00:00:00Z'),
    max: new Date('2199-12-31T00:00:00Z'),
    noInvalidDate: true,
  });
  const isoOf = (date: Date) => date.toISOString().slice(0, 10);

  it('reads back every date it shows, in both languages', () => {
    fc.assert(
      fc.property(day, language, (date, lang) => {
        const iso = isoOf(date);
        expect(parseDateInput(formatDate(iso, lang), lang)).toEqual({ ok: true, value: iso });
      }),
    );
  });

  it('accepts a day-month-year exactly when the calendar has that day', () => {
    fc.assert(
      fc.property(
        // month ends and century years are where calendars go wrong
        fc.oneof(fc.integer({ min: 1, max: 31 }), fc.integer({ min: 28, max: 31 })),
        fc.oneof(fc.integer({ min: 1, max: 12 }), fc.constant(2)),
        fc.oneof(fc.integer({ min: 1900, max: 2199 }), fc.constantFrom(1900, 2000, 2024, 2100)),
        language,
        (d, m, y, lang) => {
          const read = parseDateInput(`${d}-${m}-${y}`, lang);
          const calendar = new Date(Date.UTC(y, m - 1, d));
          const exists = calendar.getUTCDate() === d && calendar.getUTCMonth() === m - 1;
          if (exists) expect(read).toEqual({ ok: true, value: isoOf(calendar) });
          else expect(read).toMatchObject({ ok: false, error: 'impossible' });
        },
      ),
    );
  });

  it('never throws on any text', () => {
    fc.assert(
      fc.property(fc.string(), language, (text, lang) => {
        const read = parseDateInput(text, lang);
        if (!read.ok) expect(DATE_INPUT_ERRORS).toContain(read.error);
      }),
    );
  });
});
