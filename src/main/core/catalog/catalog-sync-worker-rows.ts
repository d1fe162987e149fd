// The host's records as the catalog stages them: each property the contract names, coerced to its type
// (the host's JSON is not trusted to carry them right).
import type { CatalogItemRow, CatalogVariantRow } from '../../../shared/contract/catalog-pages.ts';

export const text = (value: unknown): string =>
  typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value);
const number = (value: unknown): number => {
  const parsed = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(parsed) ? parsed : 0;
};
// Optional keys are omitted, never null: a missing Boolean reads as false.
const flag = (value: unknown): boolean => value === true;

// Records are coerced in place rather than copied: a page's records are short-lived, and one object per
// record instead of two keeps the heap (and the young generation V8 grows for it) small.
export function itemRow(row: Record<string, unknown>): CatalogItemRow {
  row.No = text(row.No);
  row.Description = text(row.Description);
  row.Description2 = text(row.Description2);
  row.BaseUnitofMeasure = text(row.BaseUnitofMeasure);
  row.DXPriceUOMSalesDMX = text(row.DXPriceUOMSalesDMX);
  row.ItemCategoryCode = text(row.ItemCategoryCode);
  row.DXItemProfileCodeDMX = text(row.DXItemProfileCodeDMX);
  row.DXQualityCodeDMX = text(row.DXQualityCodeDMX);
  row.Blocked = flag(row.Blocked);
  row.SalesBlocked = flag(row.SalesBlocked);
  return row as unknown as CatalogItemRow;
}

export function variantRow(row: Record<string, unknown>): CatalogVariantRow {
  row.ItemNo = text(row.ItemNo);
  row.Code = text(row.Code);
  row.Description = text(row.Description);
  row.Description2 = text(row.Description2);
  row.DXLength = number(row.DXLength);
  row.DXWidth = number(row.DXWidth);
  row.DXThickness = number(row.DXThickness);
  row.DXExtraLength = number(row.DXExtraLength);
  row.DXFormatType = text(row.DXFormatType);
  row.Blocked = flag(row.Blocked);
  row.DXRemainingInventory = number(row.DXRemainingInventory);
  return row as unknown as CatalogVariantRow;
}
