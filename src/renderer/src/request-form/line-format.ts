// A line's quantity, unit and measures as the counter reads them: "3 stuks", "12,5 meter", "zagen op
// 2.350 mm". The form, the counter slip, the outbox detail and the confirmations all say it this way.
import {
  MAPPED_UNITS,
  unitForCode,
  type LineUnit,
  type UnitCodes,
} from '../../../shared/contract/request-lines.ts';
import type { UiLanguage } from '../../../shared/settings.ts';
import type { MessageKey, Translate } from '../i18n/i18n.ts';
import { dateTimeFormat, numberFormat } from '../components/intl-formats.ts';

export function formatAmount(value: number, language: UiLanguage): string {
  return numberFormat(language, { maximumFractionDigits: 3 }).format(value);
}

export function unitName(t: Translate, unit: LineUnit): string {
  return t(`requestForm.unit.${unit}` as MessageKey);
}

/** "stuks (ST)": a unit by name with the code it sends. */
export function unitOption(t: Translate, unit: LineUnit, code: string): string {
  return code ? `${unitName(t, unit)} (${code})` : unitName(t, unit);
}

/** The name a sent code stands for: "stuks" for the company's pieces code, else the code itself. */
export function unitLabelForCode(t: Translate, code: string, units: UnitCodes): string {
  const unit = unitForCode(code, units);
  return unit && (MAPPED_UNITS as readonly string[]).includes(unit) ? unitName(t, unit) : code;
}

/** "3 stuks", "12,5 meter", "250 kg", "2 TON". */
export function quantityWithUnit(
  t: Translate,
  quantity: number | undefined,
  code: string | undefined,
  units: UnitCodes,
  language: UiLanguage,
): string {
  if (quantity === undefined) return '';
  const amount = formatAmount(quantity, language);
  return code ? `${amount} ${unitLabelForCode(t, code, units)}` : amount;
}

/** "2.350" or "2.500 × 1.250": the measures that make a line a cut. */
export function formatMeasures(values: (number | undefined)[], language: UiLanguage): string {
  return values
    .filter((value): value is number => value !== undefined && value > 0)
    .map((value) => formatAmount(value, language))
    .join(' × ');
}

/**
 * How many of a cut, and the cut: "2 stuks, zagen op 3.150 mm". A cut length is a count of pieces sawn to
 * a length, so the line, the slip and the confirmation say both together.
 */
export function cutLineText(
  t: Translate,
  line: { quantity: number | undefined; unitOfMeasureCode: string | undefined; cut: string },
  units: UnitCodes,
  language: UiLanguage,
): string {
  const amount = quantityWithUnit(t, line.quantity, line.unitOfMeasureCode, units, language);
  const cut = t('requestForm.line.cut', { size: line.cut });
  return amount ? `${amount}, ${cut}` : cut;
}

/** What a sent line says about its length: a cut on a size, or the measures of a free-text line. */
export function lineMeasuresText(
  t: Translate,
  line: {
    variantCode?: string | undefined;
    lengthMm?: number | undefined;
    widthMm?: number | undefined;
    thicknessMm?: number | undefined;
  },
  language: UiLanguage,
): string {
  const measures = formatMeasures([line.lengthMm, line.widthMm, line.thicknessMm], language);
  if (!measures) return line.variantCode ? t('requestForm.line.standardLength') : '';
  return line.variantCode ? t('requestForm.line.cut', { size: measures }) : `${measures} mm`;
}

/** "24 november 2026" for a YYYY-MM-DD date, read as a calendar day (no time zone shift). */
export function formatDay(day: string, language: UiLanguage): string {
  const [year, month, date] = day.split('-').map(Number);
  if (!year || !month || !date) return day;
  return dateTimeFormat(language, { day: 'numeric', month: 'long', year: 'numeric' }).format(
    new Date(year, month - 1, date),
  );
}

/**
 * "2 stuks, zagen op 3.150 mm 100023 Balk HEA 200, thermisch verzinkt · 12,5 meter …": the lines of a
 * request in one line, for a confirmation. The description carries the treatment, which is part of what
 * was ordered.
 */
export function linesSummary(
  t: Translate,
  lines: {
    itemNo?: string | undefined;
    variantCode?: string | undefined;
    description?: string | undefined;
    quantity?: number | undefined;
    unitOfMeasureCode?: string | undefined;
    lengthMm?: number | undefined;
    widthMm?: number | undefined;
    thicknessMm?: number | undefined;
  }[],
  units: UnitCodes,
  language: UiLanguage,
): string {
  return lines
    .map((line) => {
      const cut = line.variantCode
        ? formatMeasures([line.lengthMm, line.widthMm, line.thicknessMm], language)
        : '';
      const amount = cut
        ? cutLineText(
            t,
            { quantity: line.quantity, unitOfMeasureCode: line.unitOfMeasureCode, cut },
            units,
            language,
          )
        : quantityWithUnit(t, line.quantity, line.unitOfMeasureCode, units, language);
      return [amount, line.itemNo, line.description].filter(Boolean).join(' ');
    })
    .join(' · ');
}
