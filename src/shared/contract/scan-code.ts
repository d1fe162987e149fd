// The scan rule: what Enter does with the text in an item field (the catalog picker or the line entry
// row). A keyboard-wedge scanner types a code and Enter within milliseconds, so the rule decides on the
// exact text typed, never on a result list that belongs to older text. Both fields call scanCodeParts to
// know what to look up and scanVerdict to know what the answer means; docs/input.md ("Scanning").
import { isPickable, type CatalogItemDetail, type CatalogSizeRow } from './catalog-search.ts';
import { QUOTE_LINE_FIELDS } from './request-fields.ts';

/** The item number and optional size code a scan names: `100002`, `100002 S01`, `100002/S01`. */
export interface ScanCodeParts {
  itemNo: string;
  sizeCode: string;
}

export type ScanRefusal = 'blocked' | 'salesBlocked' | 'sizeBlocked';

export type ScanVerdict =
  /** Nothing typed. */
  | { kind: 'empty' }
  /** An exact, pickable size, or an item as a whole (several sizes, none named): the line is this. */
  | { kind: 'line'; row: CatalogSizeRow; itemLevel: boolean }
  /** An exact code the catalog refuses: the line cannot be sent, for this reason. */
  | { kind: 'refused'; row: CatalogSizeRow; refusal: ScanRefusal }
  /** Not an exact code of the catalog: the text is a search (or, in the entry row, an unknown item). */
  | { kind: 'search' };

/**
 * The code parts of a typed text, or undefined when it cannot be a code: codes are trimmed and
 * compared case-insensitively (the host stores them uppercase), and a code is one or two words.
 */
export function scanCodeParts(text: string): ScanCodeParts | undefined {
  const words = text
    .trim()
    .toUpperCase()
    .split(/[\s/]+/);
  const [itemNo = '', sizeCode = '', ...rest] = words;
  if (!itemNo || rest.length || itemNo.length > QUOTE_LINE_FIELDS.itemNo.maxLength) return undefined;
  return { itemNo, sizeCode };
}

/** Why a size (or item) of the catalog cannot go on a request, or undefined when it can. */
function refusalOf(row: CatalogSizeRow): ScanRefusal | undefined {
  if (row.itemBlocked) return 'blocked';
  if (row.salesBlocked) return 'salesBlocked';
  if (row.sizeBlocked) return 'sizeBlocked';
  return undefined;
}

/** An item picked as a whole (several sizes, none chosen): the line carries no size and no dimensions. */
export function itemLevelRow(detail: CatalogItemDetail): CatalogSizeRow {
  const first = detail.sizes[0];
  return {
    itemNo: detail.itemNo,
    variantCode: '',
    itemDescription: detail.description,
    itemDescription2: detail.description2,
    description: '',
    description2: '',
    categoryCode: detail.categoryCode,
    profileCode: detail.profile?.code ?? first?.profileCode ?? '',
    gradeCode: detail.grade?.code ?? first?.gradeCode ?? '',
    baseUnit: detail.baseUnit,
    priceUnit: detail.priceUnit,
    lengthMm: 0,
    widthMm: 0,
    thicknessMm: 0,
    extraLengthMm: 0,
    formatType: '',
    inventory: 0,
    itemBlocked: detail.blocked,
    salesBlocked: detail.salesBlocked,
    sizeBlocked: false,
  };
}

/**
 * What a scanned text means, given what the catalog knows of its item number (undefined: not in the
 * catalog). An exact item with one size is that size; with several sizes and none named, the item as a
 * whole; an item number with a size code is that size. A blocked item or size is refused with the reason.
 * Anything else (no such item, a size code the item does not have, words) is a search.
 */
export function scanVerdict(text: string, detail: CatalogItemDetail | undefined): ScanVerdict {
  if (!text.trim()) return { kind: 'empty' };
  const parts = scanCodeParts(text);
  if (!parts || !detail || detail.itemNo.toUpperCase() !== parts.itemNo) return { kind: 'search' };
  const sizes = detail.sizes.filter((size) => size.variantCode !== '');
  let row: CatalogSizeRow | undefined;
  let itemLevel = false;
  if (parts.sizeCode) {
    row = sizes.find((size) => size.variantCode.toUpperCase() === parts.sizeCode);
  } else if (sizes.length === 1) {
    row = sizes[0];
  } else if (sizes.length === 0 && detail.sizes[0]) {
    row = detail.sizes[0];
  } else {
    row = itemLevelRow(detail);
    itemLevel = true;
  }
  if (!row) return { kind: 'search' };
  const refusal = refusalOf(row);
  if (refusal) return { kind: 'refused', row, refusal };
  return isPickable(row) ? { kind: 'line', row, itemLevel } : { kind: 'search' };
}
