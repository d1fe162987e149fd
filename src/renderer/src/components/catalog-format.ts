// Numbers, times and sizes as a Dutch or English counter reads them.
import type { CatalogSizeRow } from '../../../shared/contract/catalog-search.ts';
import type { UiLanguage } from '../../../shared/settings.ts';
import type { Translate } from '../i18n/i18n.ts';
import { formatDateTime } from './date-time-format.ts';
import { dateTimeFormat, numberFormat } from './intl-formats.ts';

export function formatCount(value: number, language: UiLanguage): string {
  return numberFormat(language, { maximumFractionDigits: 1 }).format(value);
}

/** A sync's time as every list shows times: `22-11-2026 14:05` (see date-time-format.ts). */
export function formatWhen(iso: string | undefined, language: UiLanguage): string {
  return formatDateTime(iso, language);
}

/** "11:33" today, "21 nov 11:33" on another day: when something happened, as the header and lists say it. */
export function formatClock(iso: string, language: UiLanguage, now = new Date()): string {
  const at = new Date(iso);
  const today = at.toDateString() === now.toDateString();
  return dateTimeFormat(language, {
    ...(today ? {} : { day: 'numeric', month: 'short' }),
    hour: '2-digit',
    minute: '2-digit',
  }).format(at);
}

export function formatAge(iso: string, t: Translate, now = Date.now()): string {
  const minutes = Math.max(0, Math.round((now - Date.parse(iso)) / 60_000));
  if (minutes < 1) return t('catalog.age.justNow');
  if (minutes < 60) return t('catalog.age.minutes', { n: minutes });
  const hours = Math.round(minutes / 60);
  if (hours < 48) return t('catalog.age.hours', { n: hours });
  return t('catalog.age.days', { n: Math.round(hours / 24) });
}

export function formatDuration(ms: number, language: UiLanguage): string {
  return `${numberFormat(language, { maximumFractionDigits: 1 }).format(ms / 1000)} s`;
}

/** "6000", "2000 × 1000 × 10", or '' when the size has no dimensions. */
export function formatDimensions(row: CatalogSizeRow, language: UiLanguage): string {
  const parts = [row.lengthMm, row.widthMm, row.thicknessMm].filter((value) => value > 0);
  return parts.length ? `${parts.map((value) => formatCount(value, language)).join(' × ')} mm` : '';
}

export function formatStock(row: CatalogSizeRow, language: UiLanguage): string {
  return `${formatCount(row.inventory, language)} ${row.baseUnit}`.trim();
}

/** The name a person reads for a size: the variant code with its description, or the item itself. */
export function sizeLabel(row: CatalogSizeRow): string {
  return row.variantCode ? `${row.itemNo} ${row.variantCode}` : row.itemNo;
}
