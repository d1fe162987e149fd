import {
  categories,
  formatTypes,
  grades,
  itemTypes,
  productFamilies,
  type FormatType,
  type ProductFamily,
  type SessionLanguage,
} from './steel-assortment.ts';
import { hashText } from './seeded-hash.ts';

export type { SessionLanguage } from './steel-assortment.ts';

export type CatalogPageName =
  'voaItems' | 'voaVariants' | 'voaCategories' | 'voaProfiles' | 'voaGrades' | 'voaItemTypes';

export type PropertyType = 'string' | 'number' | 'boolean';

export interface CatalogPropertyDefinition {
  name: string;
  type: PropertyType;
  /** A field of the steel extension: '' or 0 when the extension is absent. */
  steel: boolean;
}

export interface CatalogPageDefinition {
  name: CatalogPageName;
  /** Only published where the steel extension is installed. */
  steelOnly: boolean;
  properties: readonly CatalogPropertyDefinition[];
  /** Primary key, in sort order: rows are served in this order and the skip token holds it. */
  keyProperties: readonly string[];
}

function property(name: string, type: PropertyType, steel = false): CatalogPropertyDefinition {
  return { name, type, steel };
}

/**
 * Property names and types of the catalog pages. voaItems, voaVariants and voaCategories are the
 * contract; the three steel pages are "not shown" in the reference, so their properties are the
 * emulator's choice (emulator/README.md).
 */
export const catalogPageDefinitions: Readonly<Record<CatalogPageName, CatalogPageDefinition>> = {
  voaItems: {
    name: 'voaItems',
    steelOnly: false,
    keyProperties: ['No'],
    properties: [
      property('No', 'string'),
      property('Description', 'string'),
      property('Description2', 'string'),
      property('BaseUnitofMeasure', 'string'),
      property('DXPriceUOMSalesDMX', 'string', true),
      property('ItemCategoryCode', 'string'),
      property('DXItemProfileCodeDMX', 'string', true),
      property('DXQualityCodeDMX', 'string', true),
      property('Blocked', 'boolean'),
      property('SalesBlocked', 'boolean'),
    ],
  },
  voaVariants: {
    name: 'voaVariants',
    steelOnly: false,
    keyProperties: ['ItemNo', 'Code'],
    properties: [
      property('ItemNo', 'string'),
      property('Code', 'string'),
      property('Description', 'string'),
      property('Description2', 'string'),
      property('DXLength', 'number', true),
      property('DXWidth', 'number', true),
      property('DXThickness', 'number', true),
      property('DXExtraLength', 'number', true),
      property('DXFormatType', 'string', true),
      property('Blocked', 'boolean'),
      property('DXRemainingInventory', 'number', true),
    ],
  },
  voaCategories: {
    name: 'voaCategories',
    steelOnly: false,
    keyProperties: ['Code'],
    properties: [property('Code', 'string'), property('Description', 'string')],
  },
  voaProfiles: {
    name: 'voaProfiles',
    steelOnly: true,
    keyProperties: ['Code'],
    properties: [
      property('Code', 'string'),
      property('Description', 'string'),
      property('ItemTypeCode', 'string'),
    ],
  },
  voaGrades: {
    name: 'voaGrades',
    steelOnly: true,
    keyProperties: ['Code'],
    properties: [
      property('Code', 'string'),
      property('Description', 'string'),
      property('Standard', 'string'),
    ],
  },
  voaItemTypes: {
    name: 'voaItemTypes',
    steelOnly: true,
    keyProperties: ['Code'],
    properties: [property('Code', 'string'), property('Description', 'string')],
  },
};

export const catalogPageNames = Object.keys(catalogPageDefinitions) as CatalogPageName[];

export type CatalogValue = string | number | boolean;
export type CatalogRow = Record<string, CatalogValue>;

/** What the session decides about a row: whether steel fields are filled, and the caption language. */
export interface RowView {
  steel: boolean;
  language: SessionLanguage;
}

export interface CatalogTable {
  definition: CatalogPageDefinition;
  count: number;
  /** The row at a position in key order, as the page serves it (before $select). */
  rowAt(index: number, view: RowView): CatalogRow;
}

export interface CatalogCounts {
  items: number;
  variants: number;
  categories: number;
  profiles: number;
  grades: number;
  itemTypes: number;
}

export interface SeededCatalog {
  seed: string;
  counts: CatalogCounts;
  tables: Readonly<Record<CatalogPageName, CatalogTable>>;
}

export interface CatalogGeneratorOptions {
  seed: string | number;
  /** Exact number of variants; items are generated until their variants reach it. */
  variants: number;
}

function finalMix(value: number): number {
  let mixed = value;
  mixed ^= mixed >>> 16;
  mixed = Math.imul(mixed, 0x85ebca6b);
  mixed ^= mixed >>> 13;
  mixed = Math.imul(mixed, 0xc2b2ae35);
  mixed ^= mixed >>> 16;
  return mixed >>> 0;
}

/**
 * Rows are computed from (seed, position) rather than drawn from one running generator, so any row
 * can be produced on its own: a page of the 500,000-variant catalog costs only its own rows.
 */
function draw(seedHash: number, position: number, salt: number): number {
  return (
    finalMix(seedHash ^ finalMix(Math.imul(position, 0x9e3779b1) + Math.imul(salt, 0x85ebca77))) / 0x100000000
  );
}

function pick<T>(values: readonly T[], unit: number): T {
  return values[Math.min(values.length - 1, Math.floor(unit * values.length))] as T;
}

interface ItemSpec {
  no: string;
  family: ProductFamily;
  size: string;
  grade: string;
  finish: string;
  blocked: boolean;
  salesBlocked: boolean;
}

interface VariantSpec {
  code: string;
  description: string;
  description2: string;
  lengthMm: number;
  widthMm: number;
  thicknessMm: number;
  extraLengthMm: number;
  formatType: FormatType;
  blocked: boolean;
  remainingInventory: number;
}

const familyWeightTotal = productFamilies.reduce((sum, family) => sum + family.weight, 0);

function familyFor(unit: number): ProductFamily {
  let remaining = unit * familyWeightTotal;
  for (const family of productFamilies) {
    remaining -= family.weight;
    if (remaining < 0) return family;
  }
  return productFamilies[productFamilies.length - 1] as ProductFamily;
}

// Item numbers are six digits from 100000 up, so their text order is their numeric order.
const firstItemNumber = 100000;

function itemSpecFor(seedHash: number, itemIndex: number): ItemSpec {
  const family = familyFor(draw(seedHash, itemIndex, 1));
  const finishUnit = draw(seedHash, itemIndex, 4);
  // Most stock is untreated; treated finishes share the rest.
  const finish =
    family.finishes.length === 1 || finishUnit < 0.6
      ? ''
      : pick(family.finishes.slice(1), (finishUnit - 0.6) / 0.4);
  return {
    no: String(firstItemNumber + itemIndex),
    family,
    size: pick(family.sizes, draw(seedHash, itemIndex, 2)),
    grade: pick(family.grades, draw(seedHash, itemIndex, 3)),
    finish,
    blocked: draw(seedHash, itemIndex, 5) < 0.02,
    salesBlocked: draw(seedHash, itemIndex, 6) < 0.03,
  };
}

function dutchNumber(value: number): string {
  return String(value).replace('.', ',');
}

/** Width and thickness of flats ("100x10"), thickness of plates ("10", "5/7", "1.5"). */
function crossSection(family: ProductFamily, size: string): { widthMm: number; thicknessMm: number } {
  if (family.itemTypeCode === 'FLAT') {
    const [width, thickness] = size.split('x').map(Number);
    return { widthMm: width ?? 0, thicknessMm: thickness ?? 0 };
  }
  if (family.itemTypeCode === 'PLATE' || family.itemTypeCode === 'SHEET') {
    return { widthMm: 0, thicknessMm: Number(size.split('/')[0]) };
  }
  return { widthMm: 0, thicknessMm: 0 };
}

function inventoryFor(baseUnit: string, unit: number): number {
  // A quarter of the sizes is out of stock; the rest holds up to 20 t or 1,500 m, to one decimal.
  if (unit < 0.25) return 0;
  const maximum = baseUnit === 'KG' ? 20000 : 1500;
  return Math.round(((unit - 0.25) / 0.75) * maximum * 10) / 10;
}

function variantSpecsFor(seedHash: number, itemIndex: number, item: ItemSpec): VariantSpec[] {
  const { family } = item;
  const section = crossSection(family, item.size);
  const variants: VariantSpec[] = [];
  // Variant draws use their own position space so they never coincide with item draws.
  const position = (slot: number): number => itemIndex * 16 + slot + 0x40000000;
  const common = (slot: number): Pick<VariantSpec, 'blocked' | 'remainingInventory'> => ({
    blocked: draw(seedHash, position(slot), 13) < 0.015,
    remainingInventory: inventoryFor(family.baseUnit, draw(seedHash, position(slot), 14)),
  });
  if (family.variants.kind === 'lengths') {
    const lengths = family.variants.lengthsMm;
    lengths.forEach((lengthMm, slot) => {
      const kept =
        draw(seedHash, position(slot), 10) < 0.7 || (slot === lengths.length - 1 && variants.length === 0);
      if (!kept) return;
      const fixed = lengthMm >= 14000 || draw(seedHash, position(slot), 11) < 0.1;
      const extraLengthMm = !fixed && draw(seedHash, position(slot), 12) < 0.3 ? 50 : 0;
      variants.push({
        code: String(lengthMm).padStart(5, '0'),
        description: `Lengte ${dutchNumber(lengthMm / 1000)} m`,
        description2: fixed ? 'Walslengte' : extraLengthMm > 0 ? `Overlengte ${extraLengthMm} mm` : '',
        lengthMm,
        ...section,
        extraLengthMm,
        formatType: fixed ? 'FIXED' : 'STOCK',
        ...common(slot),
      });
    });
    if (family.variants.cutToLength && draw(seedHash, position(15), 10) < 0.6) {
      // Codes sort after the zero-padded lengths, so key order is generation order.
      variants.push({
        code: 'OPMAAT',
        description: 'Op lengte gezaagd',
        description2: 'Lengte op bestelling',
        lengthMm: 0,
        ...section,
        extraLengthMm: 0,
        formatType: 'CUT',
        ...common(15),
      });
    }
  } else {
    const formats = family.variants.formatsMm;
    formats.forEach(([lengthMm, widthMm], slot) => {
      const kept =
        draw(seedHash, position(slot), 10) < 0.7 || (slot === formats.length - 1 && variants.length === 0);
      if (!kept) return;
      variants.push({
        code: `${lengthMm}X${widthMm}`,
        description: `Formaat ${lengthMm} x ${widthMm} mm`,
        description2: '',
        lengthMm,
        widthMm,
        thicknessMm: section.thicknessMm,
        extraLengthMm: 0,
        formatType: 'PLATE',
        ...common(slot),
      });
    });
  }
  return variants;
}

function itemRow(item: ItemSpec, view: RowView): CatalogRow {
  return {
    No: item.no,
    Description: `${item.family.describe(item.size)} ${item.grade}`,
    Description2: item.finish,
    BaseUnitofMeasure: item.family.baseUnit,
    DXPriceUOMSalesDMX: view.steel ? item.family.priceUnit : '',
    ItemCategoryCode: item.family.categoryCode,
    DXItemProfileCodeDMX: view.steel ? item.family.profileCode : '',
    DXQualityCodeDMX: view.steel ? item.grade : '',
    Blocked: item.blocked,
    SalesBlocked: item.salesBlocked,
  };
}

function variantRow(item: ItemSpec, variant: VariantSpec, view: RowView): CatalogRow {
  return {
    ItemNo: item.no,
    Code: variant.code,
    Description: variant.description,
    Description2: variant.description2,
    DXLength: view.steel ? variant.lengthMm : 0,
    DXWidth: view.steel ? variant.widthMm : 0,
    DXThickness: view.steel ? variant.thicknessMm : 0,
    DXExtraLength: view.steel ? variant.extraLengthMm : 0,
    DXFormatType: view.steel ? formatTypes[variant.formatType][view.language] : '',
    Blocked: variant.blocked,
    DXRemainingInventory: view.steel ? variant.remainingInventory : 0,
  };
}

function listTable(definition: CatalogPageDefinition, rows: readonly CatalogRow[]): CatalogTable {
  const sorted = [...rows].sort((left, right) =>
    compareKeys(keyOf(definition, left), keyOf(definition, right)),
  );
  return { definition, count: sorted.length, rowAt: (index) => ({ ...(sorted[index] as CatalogRow) }) };
}

/** Key values of a row, in key order. */
export function keyOf(definition: CatalogPageDefinition, row: CatalogRow): string[] {
  return definition.keyProperties.map((name) => String(row[name]));
}

/** Ordinal comparison of composite keys: the order rows are served in. */
export function compareKeys(left: readonly string[], right: readonly string[]): number {
  for (let index = 0; index < left.length; index++) {
    const a = left[index] ?? '';
    const b = right[index] ?? '';
    if (a !== b) return a < b ? -1 : 1;
  }
  return 0;
}

/**
 * The seeded catalog: the same seed and size give the same rows, byte for byte. Items and variants are
 * computed on demand; only the first-variant position of each item is kept (4 bytes per item).
 */
export function generateCatalog(options: CatalogGeneratorOptions): SeededCatalog {
  const seed = String(options.seed);
  const seedHash = hashText(seed);
  const targetVariants = Math.max(0, Math.floor(options.variants));

  const firstVariantOfItem: number[] = [0];
  let variantTotal = 0;
  while (variantTotal < targetVariants) {
    const itemIndex = firstVariantOfItem.length - 1;
    const count = variantSpecsFor(seedHash, itemIndex, itemSpecFor(seedHash, itemIndex)).length;
    variantTotal = Math.min(targetVariants, variantTotal + count);
    firstVariantOfItem.push(variantTotal);
  }
  const offsets = Int32Array.from(firstVariantOfItem);
  const itemCount = offsets.length - 1;

  // Paging reads variants in order, so the variants of the last item asked for are kept.
  let cachedItemIndex = -1;
  let cachedItem: ItemSpec | undefined;
  let cachedVariants: VariantSpec[] = [];

  function itemIndexOfVariant(variantIndex: number): number {
    let low = 0;
    let high = itemCount - 1;
    while (low < high) {
      const middle = (low + high + 1) >>> 1;
      if ((offsets[middle] as number) <= variantIndex) low = middle;
      else high = middle - 1;
    }
    return low;
  }

  const tables: Record<CatalogPageName, CatalogTable> = {
    voaItems: {
      definition: catalogPageDefinitions.voaItems,
      count: itemCount,
      rowAt: (index, view) => itemRow(itemSpecFor(seedHash, index), view),
    },
    voaVariants: {
      definition: catalogPageDefinitions.voaVariants,
      count: targetVariants,
      rowAt: (index, view) => {
        const itemIndex = itemIndexOfVariant(index);
        if (itemIndex !== cachedItemIndex || !cachedItem) {
          cachedItemIndex = itemIndex;
          cachedItem = itemSpecFor(seedHash, itemIndex);
          cachedVariants = variantSpecsFor(seedHash, itemIndex, cachedItem);
        }
        const variant = cachedVariants[index - (offsets[itemIndex] as number)] as VariantSpec;
        return variantRow(cachedItem, variant, view);
      },
    },
    voaCategories: listTable(
      catalogPageDefinitions.voaCategories,
      categories.map((category) => ({ Code: category.code, Description: category.description })),
    ),
    voaProfiles: listTable(
      catalogPageDefinitions.voaProfiles,
      productFamilies.map((family) => ({
        Code: family.profileCode,
        Description: family.profileDescription,
        ItemTypeCode: family.itemTypeCode,
      })),
    ),
    voaGrades: listTable(
      catalogPageDefinitions.voaGrades,
      grades.map((grade) => ({ Code: grade.code, Description: grade.description, Standard: grade.standard })),
    ),
    voaItemTypes: listTable(
      catalogPageDefinitions.voaItemTypes,
      itemTypes.map((itemType) => ({ Code: itemType.code, Description: itemType.description })),
    ),
  };

  return {
    seed,
    counts: {
      items: itemCount,
      variants: targetVariants,
      categories: tables.voaCategories.count,
      profiles: tables.voaProfiles.count,
      grades: tables.voaGrades.count,
      itemTypes: tables.voaItemTypes.count,
    },
    tables,
  };
}
