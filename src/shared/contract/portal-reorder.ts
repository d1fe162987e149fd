// "Order again": the lines of a signed-in customer's quote, order or shipment (DocumentLines) as new lines
// of the counter or fair form, matched to the local catalog as any typed line is. The lines stay the
// customer's data (marked by their keys in the form, see request-drafts.ts), never sent until the
// employee sends the form.
import { formatNumber } from '../locale/number-input.ts';
import type { UiLanguage } from '../settings.ts';
import type { CatalogItemDetail } from './catalog-search.ts';
import { STEEL_UNITS, type PortalDocumentLine } from './portal-objects.ts';
import { emptyLine, lineWithCatalogItem, lineWithoutCatalogItem, type DraftLine } from './request-drafts.ts';
import type { LineUnit, UnitCodes } from './request-lines.ts';

/** The quantity a document line is ordered again in: the leading steel unit's, or the plain one. */
export interface ReorderQuantity {
  /** null: the host does not know it, so the employee types it. */
  value: number | null;
  unit: LineUnit | '';
  /** The unit's code: the company's code for pieces, meters or kilograms, else as the host sent it. */
  unitOfMeasureCode: string;
}

const STEEL_LEAD: Record<
  string,
  { unit: 'pieces' | 'meters' | 'kilograms'; key: 'pieces' | 'meters' | 'kg' }
> = {
  [STEEL_UNITS.pieces]: { unit: 'pieces', key: 'pieces' },
  [STEEL_UNITS.meters]: { unit: 'meters', key: 'meters' },
  [STEEL_UNITS.kilograms]: { unit: 'kilograms', key: 'kg' },
};

/**
 * With the steel extension, the quantity of the leading `unit` (PCS, KG or MTR) in the company's code for
 * it; the other two are for reference only and never summed. Without it, `quantity` in
 * `unitOfMeasureCode`, recognised as pieces, meters or kilograms when it is the company's code for one.
 */
export function reorderQuantity(line: PortalDocumentLine, codes: UnitCodes): ReorderQuantity {
  if (line.steel) {
    const lead = STEEL_LEAD[line.steel.unit];
    if (!lead) return { value: null, unit: '', unitOfMeasureCode: line.steel.unit };
    return { value: line.steel.quantity[lead.key], unit: lead.unit, unitOfMeasureCode: codes[lead.unit] };
  }
  const code = line.unitOfMeasureCode.trim();
  const unit = (['pieces', 'meters', 'kilograms'] as const).find(
    (candidate) => codes[candidate].toUpperCase() === code.toUpperCase(),
  );
  return { value: line.quantity, unit: unit ?? '', unitOfMeasureCode: unit ? codes[unit] : code };
}

/**
 * A new form line from a document line: item number, size (`format`), description, profile and grade,
 * the quantity as people type it in the UI language, then the local catalog's verdict as for a typed
 * line (blocked, sales-blocked and unknown items are flagged; no catalog synced says so).
 */
export function lineFromDocumentLine(
  key: string,
  line: PortalDocumentLine,
  found: CatalogItemDetail | undefined,
  options: { codes: UnitCodes; language: UiLanguage; syncedAt: string | undefined },
): DraftLine {
  const quantity = reorderQuantity(line, options.codes);
  const draft: DraftLine = {
    ...emptyLine(key),
    itemNo: line.itemNo,
    variantCode: line.format,
    description: line.description,
    profileCode: line.steel?.profile ?? '',
    qualityCode: line.steel?.grade ?? '',
    quantity:
      quantity.value === null ? '' : formatNumber(quantity.value, options.language, { grouping: false }),
    unit: quantity.unit,
    unitOfMeasureCode: quantity.unitOfMeasureCode,
  };
  return found
    ? lineWithCatalogItem(draft, found, { codes: options.codes })
    : lineWithoutCatalogItem(draft, options.syncedAt);
}
