// A size as the screens show it, read from the live tables: the reader's item detail and the search's
// result windows read the same columns the same way.
import type { CatalogSizeRow } from '../../../../shared/contract/catalog-search.ts';

export const SIZE_COLUMNS = `
  s.id, s.item_no, s.variant_code, coalesce(i.description, '') AS item_description,
  coalesce(i.description2, '') AS item_description2, s.description, s.description2,
  coalesce(i.category_code, '') AS category_code, s.profile_code, s.grade_code,
  coalesce(i.base_unit, '') AS base_unit, coalesce(i.price_unit, '') AS price_unit, s.length, s.width,
  s.thickness, s.extra_length, s.format_type, s.inventory, s.item_blocked, s.sales_blocked, s.size_blocked`;

export type SizeRecord = {
  id: number;
  item_no: string;
  variant_code: string;
  item_description: string;
  item_description2: string;
  description: string;
  description2: string;
  category_code: string;
  profile_code: string;
  grade_code: string;
  base_unit: string;
  price_unit: string;
  length: number;
  width: number;
  thickness: number;
  extra_length: number;
  format_type: string;
  inventory: number;
  item_blocked: number;
  sales_blocked: number;
  size_blocked: number;
};

export function sizeRow(record: SizeRecord): CatalogSizeRow {
  return {
    itemNo: record.item_no,
    variantCode: record.variant_code,
    itemDescription: record.item_description,
    itemDescription2: record.item_description2,
    description: record.description,
    description2: record.description2,
    categoryCode: record.category_code,
    profileCode: record.profile_code,
    gradeCode: record.grade_code,
    baseUnit: record.base_unit,
    priceUnit: record.price_unit,
    lengthMm: record.length,
    widthMm: record.width,
    thicknessMm: record.thickness,
    extraLengthMm: record.extra_length,
    formatType: record.format_type,
    inventory: record.inventory,
    itemBlocked: record.item_blocked === 1,
    salesBlocked: record.sales_blocked === 1,
    sizeBlocked: record.size_blocked === 1,
  };
}
