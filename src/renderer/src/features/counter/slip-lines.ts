// What each line of the slip says, for the warehouse that picks and saws it: the item and size, its
// treatment (the item's second description: galvanised, blasted and primed), the quantity with its unit,
// and the cut length or "standard length".
import type { CatalogItemDetail } from '../../../../shared/contract/catalog-search.ts';
import type { QuoteLinePayload } from '../../../../shared/contract/request-schemas.ts';
import type { UnitCodes } from '../../../../shared/contract/request-lines.ts';
import type { UiLanguage } from '../../../../shared/settings.ts';
import type { Translate } from '../../i18n/i18n.ts';
import { formatDay, lineMeasuresText, quantityWithUnit } from '../../request-form/line-format.ts';

export interface SlipLine {
  item: string;
  description: string;
  treatment: string;
  quantity: string;
  cut: string;
  remarks: string;
}

/** "1 december 2026" for a YYYY-MM-DD day, read as a calendar day (no time zone shift). */
export const slipDay = formatDay;

/** The treatment is the item's second description (a size's own second description is about its length). */
export function treatmentOf(item: CatalogItemDetail | undefined): string {
  return item?.description2 ?? '';
}

export function slipLines(
  t: Translate,
  lines: readonly QuoteLinePayload[],
  context: { units: UnitCodes; language: UiLanguage; items: ReadonlyMap<string, CatalogItemDetail> },
): SlipLine[] {
  return lines.map((line) => {
    // Said as the line, the confirmation and the outbox say it: "2 stuks", "zagen op 3.150 mm".
    const quantity = quantityWithUnit(
      t,
      line.quantity,
      line.unitOfMeasureCode,
      context.units,
      context.language,
    );
    const cut = lineMeasuresText(t, line, context.language);
    return {
      item: [line.itemNo, line.variantCode].filter(Boolean).join(' '),
      description: line.description ?? '',
      treatment: line.itemNo ? treatmentOf(context.items.get(line.itemNo)) : '',
      quantity,
      cut,
      remarks: line.lineRemarks ?? '',
    };
  });
}
