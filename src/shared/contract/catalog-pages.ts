// Catalog pages of the contract (docs/contract.md): names and property names are the contract.

export const CATALOG_PAGES = {
  items: 'voaItems',
  variants: 'voaVariants',
  categories: 'voaCategories',
} as const;

/** Pages of the steel extension; they exist only where it is installed, their properties are not fixed. */
export const STEEL_PAGES = {
  profiles: 'voaProfiles',
  grades: 'voaGrades',
  itemTypes: 'voaItemTypes',
} as const;

/** The permission set that lets the synchronization application read the three catalog pages. */
export const CATALOG_SYNC_PERMISSION_SET = 'VOA WEB SYNC';
/**
 * The permission set that lets the synchronization application read the steel pages (the reference's
 * Permission sets); without it they answer 403, and a sync keeps the previous sync's steel data.
 */
export const STEEL_SYNC_PERMISSION_SET = 'VOA CG S365 SYNC';

export const ITEM_PROPERTIES = [
  'No',
  'Description',
  'Description2',
  'BaseUnitofMeasure',
  'DXPriceUOMSalesDMX',
  'ItemCategoryCode',
  'DXItemProfileCodeDMX',
  'DXQualityCodeDMX',
  'Blocked',
  'SalesBlocked',
] as const;

export const VARIANT_PROPERTIES = [
  'ItemNo',
  'Code',
  'Description',
  'Description2',
  'DXLength',
  'DXWidth',
  'DXThickness',
  'DXExtraLength',
  'DXFormatType',
  'Blocked',
  'DXRemainingInventory',
] as const;

export const CATEGORY_PROPERTIES = ['Code', 'Description'] as const;

export interface CatalogItemRow {
  No: string;
  Description: string;
  Description2: string;
  BaseUnitofMeasure: string;
  DXPriceUOMSalesDMX: string;
  ItemCategoryCode: string;
  DXItemProfileCodeDMX: string;
  DXQualityCodeDMX: string;
  Blocked: boolean;
  SalesBlocked: boolean;
}

export interface CatalogVariantRow {
  ItemNo: string;
  Code: string;
  Description: string;
  Description2: string;
  DXLength: number;
  DXWidth: number;
  DXThickness: number;
  DXExtraLength: number;
  DXFormatType: string;
  Blocked: boolean;
  DXRemainingInventory: number;
}

export interface CatalogCategoryRow {
  Code: string;
  Description: string;
}

/** A category sits under the code before its last hyphen ("BEAM-HEA" under "BEAM"). */
export const CATEGORY_HIERARCHY_SEPARATOR = '-';
