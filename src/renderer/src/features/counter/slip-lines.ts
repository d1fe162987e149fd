// What each line of the slip says, for the warehouse that picks and saws it: the item and size, its
// treatment (the item's second description: galvanised, blasted and primed), the quantity with its unit,
// and the cut length or "standard length".
import type { CatalogItemDetail } from '../../../../shared/contract/catalog-search.ts';
import type { QuoteLinePayload } from '../../../../shared/contract/request-schemas.ts';
import {
  MAPPED_UNITS,
  unitForCode,
  type MappedUnit,
  type UnitCodes,
} from '../../../../shared/contract/request-lines.ts';
import type { UiLanguage } from '../../../../shared/settings.ts';
import type { Translate } from '../../i18n/i18n.ts';

export interface SlipLine {
  item: string;
  description: string;
  treatment: string;
  quantity: string;
  cut: string;
  remarks: string;
}

const UNIT_KEYS = {
  pieces: 'counter.slip.unit.pieces',
  meters: 'counter.slip.unit.meters',
  kilograms: 'counter.slip.unit.kilograms',
} as const satisfies Record<MappedUnit, string>;

const locale = (language: UiLanguage) => (language === 'nl' ? 'nl-NL' : 'en-GB');

/** "1.000", "2,5" in Dutch; "1,000", "2.5" in English. */
export function slipNumber(value: number, language: UiLanguage): string {
  return new Intl.NumberFormat(locale(language), { maximumFractionDigits: 3 }).format(value);
}

/** "1 december 2026" for a YYYY-MM-DD day, read as a calendar day (no time zone shift). */
export function slipDay(day: string, language: UiLanguage): string {
  const [year, month, date] = day.split('-').map(Number);
  if (!year || !month || !date) return day;
  return new Intl.DateTimeFormat(locale(language), { day: 'numeric', month: 'long', year: 'numeric' }).format(
    new Date(year, month - 1, date),
  );
}

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
    const unit = line.unitOfMeasureCode ? unitForCode(line.unitOfMeasureCode, context.units) : undefined;
    const unitText =
      unit && (MAPPED_UNITS as readonly string[]).includes(unit)
        ? t(UNIT_KEYS[unit as MappedUnit])
        : (line.unitOfMeasureCode ?? '');
    const amount = line.quantity === undefined ? '' : slipNumber(line.quantity, context.language);
    const measures = [line.lengthMm, line.widthMm, line.thicknessMm]
      .filter((value): value is number => value !== undefined && value > 0)
      .map((value) => slipNumber(value, context.language))
      .join(' × ');
    const cut = measures
      ? line.variantCode
        ? t('counter.slip.cut', { size: measures })
        : `${measures} mm`
      : line.variantCode
        ? t('counter.slip.standardLength')
        : '';
    return {
      item: [line.itemNo, line.variantCode].filter(Boolean).join(' '),
      description: line.description ?? '',
      treatment: line.itemNo ? treatmentOf(context.items.get(line.itemNo)) : '',
      quantity: [amount, unitText].filter(Boolean).join(' '),
      cut,
      remarks: line.lineRemarks ?? '',
    };
  });
}
