// The host's records as the catalog stages them: each property the contract names, coerced to its type
// and cut to its length (the host's JSON is not trusted to carry them right, nor to keep them short).
// Only a string, a number or a Boolean is read as a value: String() or Number() of an array nested
// millions deep (a 5 MB field of "[") recurses until the stack overflows, so anything else reads as empty.
import type { CatalogItemRow, CatalogVariantRow } from '../../../../shared/contract/catalog-pages.ts';
import { QUOTE_LINE_FIELDS } from '../../../../shared/contract/request-fields.ts';

/**
 * The length each staged text is cut to: the contract's length of the request-line field it ends up in
 * (an item number, a size code, a profile or grade code, a unit, a description), where it has one; the
 * contract gives none for a category, a format type or the steel pages, which get CATALOG_TEXT_MAX.
 */
export const CATALOG_TEXT_MAX = 250;
export const STAGED_LENGTHS = {
  itemNo: QUOTE_LINE_FIELDS.itemNo.maxLength,
  variantCode: QUOTE_LINE_FIELDS.variantCode.maxLength,
  profileCode: QUOTE_LINE_FIELDS.profileCode.maxLength,
  qualityCode: QUOTE_LINE_FIELDS.qualityCode.maxLength,
  unitCode: QUOTE_LINE_FIELDS.unitOfMeasureCode.maxLength,
  description: QUOTE_LINE_FIELDS.description.maxLength,
  other: CATALOG_TEXT_MAX,
} as const;
/** Properties kept of one steel-page record (the contract does not name them). */
const STEEL_PROPERTIES_MAX = 50;

/** At most `max` characters, never half a surrogate pair. */
export function cutText(value: string, max: number): string {
  if (value.length <= max) return value;
  const code = value.charCodeAt(max - 1);
  return value.slice(0, code >= 0xd800 && code <= 0xdbff ? max - 1 : max);
}

export const text = (value: unknown, max: number = CATALOG_TEXT_MAX): string =>
  typeof value === 'string'
    ? cutText(value, max)
    : typeof value === 'number' || typeof value === 'boolean'
      ? String(value)
      : '';
const number = (value: unknown): number => {
  const parsed = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isFinite(parsed) ? parsed : 0;
};
// Optional keys are omitted, never null: a missing Boolean reads as false.
const flag = (value: unknown): boolean => value === true;

// Records are coerced in place rather than copied: a page's records are short-lived, and one object per
// record instead of two keeps the heap (and the young generation V8 grows for it) small.
export function itemRow(row: Record<string, unknown>): CatalogItemRow {
  row.No = text(row.No, STAGED_LENGTHS.itemNo);
  row.Description = text(row.Description, STAGED_LENGTHS.description);
  row.Description2 = text(row.Description2, STAGED_LENGTHS.description);
  row.BaseUnitofMeasure = text(row.BaseUnitofMeasure, STAGED_LENGTHS.unitCode);
  row.DXPriceUOMSalesDMX = text(row.DXPriceUOMSalesDMX, STAGED_LENGTHS.unitCode);
  row.ItemCategoryCode = text(row.ItemCategoryCode);
  row.DXItemProfileCodeDMX = text(row.DXItemProfileCodeDMX, STAGED_LENGTHS.profileCode);
  row.DXQualityCodeDMX = text(row.DXQualityCodeDMX, STAGED_LENGTHS.qualityCode);
  row.Blocked = flag(row.Blocked);
  row.SalesBlocked = flag(row.SalesBlocked);
  return row as unknown as CatalogItemRow;
}

export function variantRow(row: Record<string, unknown>): CatalogVariantRow {
  row.ItemNo = text(row.ItemNo, STAGED_LENGTHS.itemNo);
  row.Code = text(row.Code, STAGED_LENGTHS.variantCode);
  row.Description = text(row.Description, STAGED_LENGTHS.description);
  row.Description2 = text(row.Description2, STAGED_LENGTHS.description);
  row.DXLength = number(row.DXLength);
  row.DXWidth = number(row.DXWidth);
  row.DXThickness = number(row.DXThickness);
  row.DXExtraLength = number(row.DXExtraLength);
  row.DXFormatType = text(row.DXFormatType);
  row.Blocked = flag(row.Blocked);
  row.DXRemainingInventory = number(row.DXRemainingInventory);
  return row as unknown as CatalogVariantRow;
}

export function categoryRow(row: Record<string, unknown>): { Code: string; Description: string } {
  return { Code: text(row.Code), Description: text(row.Description, STAGED_LENGTHS.description) };
}

/**
 * A steel page's record: its properties are the extension's, so each is kept only as a plain value (text
 * cut to CATALOG_TEXT_MAX), never a nested object or array, and at most STEEL_PROPERTIES_MAX of them.
 */
export function steelRow(row: Record<string, unknown>): Record<string, string | number | boolean> {
  const kept: Record<string, string | number | boolean> = {};
  let count = 0;
  for (const name in row) {
    if (count >= STEEL_PROPERTIES_MAX) break;
    if (name.startsWith('@odata.') || name.length > CATALOG_TEXT_MAX) continue;
    const value = row[name];
    if (typeof value === 'string') kept[name] = cutText(value, CATALOG_TEXT_MAX);
    else if (typeof value === 'number' || typeof value === 'boolean') kept[name] = value;
    else continue;
    count += 1;
  }
  return kept;
}
