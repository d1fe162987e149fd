// Without the steel extension the host sends its steel fields empty and 0 (docs/contract.md, "Catalog
// resources"): remaining inventory 0 then means "unknown", and profile, grade and dimensions are empty.
// The catalog screens and the line picker ask here, instead of showing 0 in stock or empty columns.
import type { CatalogSizeRow, SyncStatus } from '../../../shared/contract/catalog-search.ts';
import type { UiLanguage } from '../../../shared/settings.ts';
import type { Translate } from '../i18n/i18n.ts';
import { formatStock } from './catalog-format.ts';

/** True when the last successful sync found no steel extension; false while that is unknown. */
export function steelAbsentAfter(sync: SyncStatus | undefined): boolean {
  return sync?.lastSuccess?.steel === false;
}

/** The stock of a size, or "stock not available" when the host has no steel extension to tell it. */
export function stockText(
  row: CatalogSizeRow,
  language: UiLanguage,
  t: Translate,
  steelAbsent: boolean,
): string {
  if (!row.variantCode) return '';
  // Short where space is tight: the screen explains once that the host has no steel extension.
  return steelAbsent ? t('catalog.stock.unavailableShort') : formatStock(row, language);
}
