// Dates as people type them in the UI language, day first in both: `1-12-2026` in Dutch, `1/12/2026` in
// English, whatever the OS or browser locale; sent and stored as YYYY-MM-DD. Pure: results are a date
// or an error kind with an example; the renderer turns kinds into its own messages.
import type { UiLanguage } from '../settings.ts';

interface DateNotation {
  /** Separator when shown. Typed, any of - / . or a space is taken. */
  separator: string;
  /** The order as a field hint: `dd-mm-jjjj`, `dd/mm/yyyy`. */
  pattern: string;
}

/**
 * Day, month, year in both languages: English staff at a Dutch trader read and type dates next to
 * Dutch colleagues and documents, and one order means a date typed in one language is the same date
 * in the other (month first is what turned "1 December" into 12 January).
 */
export const DATE_NOTATION: Readonly<Record<UiLanguage, DateNotation>> = {
  nl: { separator: '-', pattern: 'dd-mm-jjjj' },
  en: { separator: '/', pattern: 'dd/mm/yyyy' },
};

export const DATE_INPUT_ERRORS = [
  /** Nothing typed. */
  'empty',
  /** Not day, month and a four-digit year (nor YYYY-MM-DD). */
  'format',
  /** A day or month that does not exist: 31-02-2026, 12-13-2026. */
  'impossible',
] as const;
export type DateInputError = (typeof DATE_INPUT_ERRORS)[number];

export type DateInput =
  | { ok: true; /** YYYY-MM-DD */ value: string }
  | {
      ok: false;
      error: DateInputError;
      /** A date written the right way in the UI language. */ example: string;
    };

/** The example's day is above 12, so it shows which number is the day. */
const EXAMPLE_ISO = '2026-12-24';

const DAY_MONTH_YEAR = /^(\d{1,2})[-/. ](\d{1,2})[-/. ](\d{4})$/;
const ISO = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** YYYY-MM-DD of a date in the Gregorian calendar, or undefined when there is no such day. */
function isoOf(year: number, month: number, day: number): string | undefined {
  if (year < 1 || month < 1 || month > 12 || day < 1) return undefined;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  if (day > (month === 2 && leap ? 29 : (DAYS_IN_MONTH[month - 1] ?? 0))) return undefined;
  const pad = (value: number, width: number) => String(value).padStart(width, '0');
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

/**
 * Reads a date typed day first (`1-12-2026`, `01/12/2026`, `1.12.2026`, `1 12 2026`) or as YYYY-MM-DD,
 * whichever the UI language; spaces around it are ignored.
 */
export function parseDateInput(text: string, language: UiLanguage): DateInput {
  const example = formatDate(EXAMPLE_ISO, language);
  const trimmed = text.trim().replace(/\s+/g, ' ');
  if (trimmed === '') return { ok: false, error: 'empty', example };
  const dayFirst = DAY_MONTH_YEAR.exec(trimmed);
  const iso = dayFirst ? undefined : ISO.exec(trimmed);
  const [day, month, year] = dayFirst
    ? [dayFirst[1], dayFirst[2], dayFirst[3]]
    : iso
      ? [iso[3], iso[2], iso[1]]
      : [];
  if (day === undefined || month === undefined || year === undefined)
    return { ok: false, error: 'format', example };
  const value = isoOf(Number(year), Number(month), Number(day));
  return value ? { ok: true, value } : { ok: false, error: 'impossible', example };
}

/** YYYY-MM-DD shown in the UI language (`01-12-2026`, `01/12/2026`); any other text is returned as is. */
export function formatDate(isoDate: string, language: UiLanguage): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match || !isoOf(Number(match[1]), Number(match[2]), Number(match[3]))) return isoDate;
  const { separator } = DATE_NOTATION[language];
  return [match[3], match[2], match[1]].join(separator);
}

/** The days of a YYYY-MM-DD date as numbers, read in UTC so no time zone can shift the day. */
function utcOf(isoDate: string): Date {
  const [year, month, day] = isoDate.split('-').map(Number);
  return new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1));
}

function isoOfUtc(moment: Date): string {
  return isoOf(moment.getUTCFullYear(), moment.getUTCMonth() + 1, moment.getUTCDate()) ?? '';
}

/** The day `days` after (or before, when negative) a YYYY-MM-DD date. */
export function shiftDay(isoDate: string, days: number): string {
  const moment = utcOf(isoDate);
  moment.setUTCDate(moment.getUTCDate() + days);
  return isoOfUtc(moment);
}

/** The same day `months` later or earlier; past the end of a shorter month, its last day (31 Jan → 28 Feb). */
export function shiftMonth(isoDate: string, months: number): string {
  const moment = utcOf(isoDate);
  const day = moment.getUTCDate();
  const first = new Date(Date.UTC(moment.getUTCFullYear(), moment.getUTCMonth() + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(day, last));
  return isoOfUtc(first);
}

/** 0 for Monday to 6 for Sunday: weeks start on Monday in the Netherlands and in the British order. */
export function weekdayIndex(isoDate: string): number {
  return (utcOf(isoDate).getUTCDay() + 6) % 7;
}

/**
 * The weeks of a calendar page for the month of `isoDate`: Monday to Sunday, each day YYYY-MM-DD or
 * undefined before the first and after the last day of the month.
 */
export function monthWeeks(isoDate: string): (string | undefined)[][] {
  const first = `${isoDate.slice(0, 7)}-01`;
  const days: (string | undefined)[] = Array.from({ length: weekdayIndex(first) }, () => undefined);
  for (let day = first; day.slice(0, 7) === first.slice(0, 7); day = shiftDay(day, 1)) days.push(day);
  while (days.length % 7) days.push(undefined);
  return Array.from({ length: days.length / 7 }, (_, week) => days.slice(week * 7, week * 7 + 7));
}
