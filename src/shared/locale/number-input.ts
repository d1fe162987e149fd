// Numbers as people type them in the UI language: in Dutch `1.000` is a thousand and `2,5` two and a
// half, in English `1,000` and `2.5`. Whatever the OS or browser locale. Pure: results are values or an
// error kind with an example of the right form; the renderer turns kinds into its own messages.
import type { UiLanguage } from '../settings.ts';

interface NumberNotation {
  decimal: string;
  group: string;
  /** Shown when nothing better can be suggested: grouping and decimals in this language. */
  example: string;
}

export const NUMBER_NOTATION: Readonly<Record<UiLanguage, NumberNotation>> = {
  nl: { decimal: ',', group: '.', example: '1.250,5' },
  en: { decimal: '.', group: ',', example: '1,250.5' },
};

export const NUMBER_INPUT_ERRORS = [
  /** Nothing typed. */
  'empty',
  /** Letters or other characters that belong in no number. */
  'notANumber',
  /** Separators that do not fit the language: `1.000,5,3`, `2.5` in Dutch, `1,00` in English. */
  'ambiguous',
  'negative',
  'zero',
  /** More decimals than the field keeps. */
  'tooManyDecimals',
  /** More than 15 significant digits: beyond what is kept exactly. */
  'tooLarge',
  /**
   * A separator followed by exactly three digits with nothing else to tell (`1,000` in Dutch, `1.000` in
   * English): a decimal in this language, a thousand in the other. Asked, never guessed.
   */
  'twoReadings',
] as const;
export type NumberInputError = (typeof NUMBER_INPUT_ERRORS)[number];

export type NumberInput =
  | { ok: true; value: number }
  | {
      ok: false;
      error: NumberInputError;
      /** The right form in the UI language: the value meant, where it can be told, else a general one. */
      example: string;
      /** For twoReadings: the number as this language reads it, and as the other one does. */
      readings?: [number, number];
    };

export interface NumberInputOptions {
  /** 0 is refused unless allowed. */
  allowZero?: boolean;
  /** Negative numbers are refused unless allowed. */
  allowNegative?: boolean;
  /** Decimals kept; more are refused (default: no limit beyond 15 significant digits). */
  maxDecimals?: number;
}

const SIGNIFICANT_DIGITS_MAX = 15;
/** Spaces people use to group thousands: space, no-break space, narrow no-break space. */
const SPACES = /[ \u00a0\u202f]/g;

/** The number's digits and sign, or why the text is not a number in this notation. */
function readDigits(
  body: string,
  notation: NumberNotation,
): { integer: string; fraction: string } | 'notANumber' | 'ambiguous' {
  const { decimal, group } = notation;
  if (!/^[\d.,]+$/.test(body) || !/\d/.test(body)) return 'notANumber';
  const parts = body.split(decimal);
  if (parts.length > 2) return 'ambiguous';
  const [integer = '', fraction = ''] = parts;
  if (!/^\d*$/.test(fraction)) return 'ambiguous';
  if (!integer.includes(group)) return /^\d*$/.test(integer) ? { integer, fraction } : 'ambiguous';
  // Grouped: one to three digits, then groups of exactly three.
  const groups = integer.split(group);
  const wellGrouped =
    /^\d{1,3}$/.test(groups[0] ?? '') && groups.slice(1).every((digits) => /^\d{3}$/.test(digits));
  return wellGrouped ? { integer: groups.join(''), fraction } : 'ambiguous';
}

/**
 * Reads a number typed in the UI language. Spaces may group thousands; a leading + or - (or the minus
 * sign) is a sign. A text that means a number only in the other language's notation (`2.5` in Dutch) is
 * refused as ambiguous, with the number written the right way as the example.
 */
export function parseNumberInput(
  text: string,
  language: UiLanguage,
  options: NumberInputOptions = {},
): NumberInput {
  const notation = NUMBER_NOTATION[language];
  const refuse = (error: NumberInputError, example = notation.example): NumberInput => ({
    ok: false,
    error,
    example,
  });
  const trimmed = text.trim().replace(/\u2212/g, '-');
  if (trimmed === '') return refuse('empty');
  const sign = /^[-+]/.test(trimmed) ? trimmed[0] : '';
  const body = trimmed
    .slice(sign ? 1 : 0)
    .trim()
    .replace(SPACES, notation.group);
  const digits = readDigits(body, notation);
  if (digits === 'notANumber') return refuse('notANumber');
  if (digits === 'ambiguous') {
    const other = NUMBER_NOTATION[language === 'nl' ? 'en' : 'nl'];
    const meant = readDigits(body, other);
    const example =
      typeof meant === 'object'
        ? formatNumber(Number(`${sign}${meant.integer || '0'}.${meant.fraction || '0'}`), language)
        : notation.example;
    return refuse('ambiguous', example);
  }
  const twoWays = twoReadings(body, notation);
  if (twoWays) {
    const [own, other] = twoWays.map((reading) => (sign === '-' ? -reading : reading)) as [number, number];
    return { ok: false, error: 'twoReadings', example: formatNumber(own, language), readings: [own, other] };
  }
  const significant = `${digits.integer}${digits.fraction}`.replace(/^0+/, '');
  if (significant.length > SIGNIFICANT_DIGITS_MAX) return refuse('tooLarge');
  const magnitude = Number(`${digits.integer || '0'}.${digits.fraction || '0'}`);
  const value = sign === '-' ? -magnitude : magnitude;
  if (magnitude === 0 && !options.allowZero) return refuse('zero');
  if (value < 0 && !options.allowNegative) return refuse('negative', formatNumber(magnitude, language));
  if (options.maxDecimals !== undefined && digits.fraction.replace(/0+$/, '').length > options.maxDecimals)
    return refuse('tooManyDecimals', formatNumber(roundTo(value, options.maxDecimals), language));
  return { ok: true, value: magnitude === 0 ? 0 : value };
}

/**
 * The two numbers a text can mean when its one separator is followed by exactly three digits and one to
 * three digits stand before it (`12,500`): a decimal in this language, a thousand in the other. People
 * write thousands in both notations, and a scale or a spreadsheet in the other language writes decimals
 * that way, so neither reading can be assumed. `0,500` is a decimal in either language.
 */
function twoReadings(body: string, notation: NumberNotation): [number, number] | undefined {
  const [integer = '', fraction = '', ...rest] = body.split(notation.decimal);
  if (rest.length || !/^[1-9]\d{0,2}$/.test(integer) || !/^\d{3}$/.test(fraction)) return undefined;
  return [Number(`${integer}.${fraction}`), Number(`${integer}${fraction}`)];
}

function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

export interface NumberFormatOptions {
  /** Group thousands (`1.000`); off for the value as understood, which must not look ambiguous. */
  grouping?: boolean;
  /** Decimals shown at most (rounded); trailing zeros are left out. Default 6. */
  maxDecimals?: number;
}

/** A number written in the UI language: `1.000,5` in Dutch, `1,000.5` in English. */
export function formatNumber(value: number, language: UiLanguage, options: NumberFormatOptions = {}): string {
  const { decimal, group } = NUMBER_NOTATION[language];
  const rounded = roundTo(Math.abs(value), options.maxDecimals ?? 6);
  const [integer = '0', fraction = ''] = rounded.toFixed(options.maxDecimals ?? 6).split('.');
  const trimmedFraction = fraction.replace(/0+$/, '');
  const grouped = options.grouping === false ? integer : integer.replace(/\B(?=(\d{3})+$)/g, group);
  const sign = value < 0 && rounded !== 0 ? '-' : '';
  const body = `${grouped}${trimmedFraction ? `${decimal}${trimmedFraction}` : ''}`;
  // `1,001` would be asked about when read back (a decimal, or a thousand?): `1,0010` is read one way only.
  return `${sign}${body}${twoReadings(body, NUMBER_NOTATION[language]) ? '0' : ''}`;
}

/** The value as understood, shown beside the field while typing: `= 1000`, `= 2,5`. */
export function formatUnderstood(value: number, language: UiLanguage): string {
  return `= ${formatNumber(value, language, { grouping: false })}`;
}
