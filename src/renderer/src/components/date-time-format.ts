// Dates and times as the UI language writes them, whatever the OS or browser locale: the day-first order
// of src/shared/locale/date-input.ts and a 24-hour clock, in this workstation's time zone.
import { formatDate } from '../../../shared/locale/date-input.ts';
import type { UiLanguage } from '../../../shared/settings.ts';
import { dateTimeFormat } from './intl-formats.ts';

const pad = (part: number) => String(part).padStart(2, '0');

/** YYYY-MM-DD of a moment, in local time. */
export function localDay(moment: Date): string {
  return `${moment.getFullYear()}-${pad(moment.getMonth() + 1)}-${pad(moment.getDate())}`;
}

/** "01-12-2026 14:05" (Dutch), "01/12/2026 14:05" (English) for an ISO timestamp; '' for none. */
export function formatDateTime(iso: string | null | undefined, language: UiLanguage): string {
  const moment = iso ? new Date(iso) : undefined;
  if (!moment || Number.isNaN(moment.getTime())) return iso ?? '';
  return `${formatDate(localDay(moment), language)} ${formatClock(moment)}`;
}

/** "14:05": a 24-hour clock in both languages (a browser in en-US would write "2:05 PM"). */
export function formatClock(moment: Date): string {
  return `${pad(moment.getHours())}:${pad(moment.getMinutes())}`;
}

/** "dinsdag 1 december 2026", "Tuesday 1 December 2026" for a YYYY-MM-DD day (no time zone shift). */
export function formatLongDay(day: string, language: UiLanguage): string {
  const [year, month, date] = day.split('-').map(Number);
  if (!year || !month || !date) return day;
  return dateTimeFormat(language, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(new Date(year, month - 1, date));
}
