// What a quote request line means to the trade: which unit its quantity is in, and whether its length is
// the size's standard length or a cut length. The contract only knows codes and millimetres
// (unitOfMeasureCode, lengthMm with 0 = "the standard length of the size"); the rules below turn what the
// employee chose into those values, so that "3 × HEA 200, 6 m" never leaves as 3 KG or as a cut to 6000.

/** The units a line can be counted in. Pieces, meters and kilograms map to company codes in Settings. */
export const LINE_UNITS = ['pieces', 'meters', 'kilograms', 'base', 'price'] as const;
export type LineUnit = (typeof LINE_UNITS)[number];

/** The units whose code is the company's own (Settings), as opposed to the item's base or price unit. */
export const MAPPED_UNITS = ['pieces', 'meters', 'kilograms'] as const;
export type MappedUnit = (typeof MAPPED_UNITS)[number];
export type UnitCodes = Record<MappedUnit, string>;

/** Codes a company starts with; the host validates the code only when the request is converted. */
export const DEFAULT_UNIT_CODES: UnitCodes = { pieces: 'PCS', meters: 'M', kilograms: 'KG' };

/** What the catalog says about a line's item and size (never sent; kept in the draft). */
export interface LineCatalogFacts {
  baseUnit: string;
  priceUnit: string;
  /** The size's own measures; 0 where the size has none (or the line has no size). */
  standardLengthMm: number;
  standardWidthMm: number;
  standardThicknessMm: number;
  /** The size has no standard length: "0 = the standard length" means nothing for it. */
  cutToLength?: boolean;
}

/**
 * Whether a size has no standard length (a cut-to-length size, `OPMAAT`), so that a line of it must say
 * how long. Only a host with the steel extension tells lengths; without it every length reads 0 and
 * means nothing. An item without sizes has no length of its own to speak of either.
 */
export function hasNoStandardLength(
  size: { variantCode: string; lengthMm: number },
  steel: boolean,
): boolean {
  return steel && size.variantCode.trim() !== '' && size.lengthMm === 0;
}

/** The code a unit choice sends; empty when the item's base or price unit is not known. */
export function unitCode(
  unit: LineUnit,
  codes: UnitCodes,
  facts: Pick<LineCatalogFacts, 'baseUnit' | 'priceUnit'>,
) {
  if (unit === 'base') return facts.baseUnit;
  if (unit === 'price') return facts.priceUnit;
  return codes[unit];
}

/**
 * The unit a picked size starts in, as the trade counts it: a size with a length, or a plate or strip with
 * width and thickness, is counted in pieces; anything else in the item's base unit.
 */
export function tradeDefaultUnit(size: { lengthMm: number; widthMm: number; thicknessMm: number }): LineUnit {
  if (size.lengthMm > 0) return 'pieces';
  if (size.widthMm > 0 && size.thicknessMm > 0) return 'pieces';
  return 'base';
}

/** The unit choice a code stands for, for a line that came back from a payload (correct and resend). */
export function unitForCode(
  code: string,
  codes: UnitCodes,
  facts?: Pick<LineCatalogFacts, 'baseUnit' | 'priceUnit'>,
): LineUnit | undefined {
  const wanted = code.trim().toUpperCase();
  if (!wanted) return undefined;
  for (const unit of MAPPED_UNITS) if (codes[unit].toUpperCase() === wanted) return unit;
  if (facts?.baseUnit && facts.baseUnit.toUpperCase() === wanted) return 'base';
  if (facts?.priceUnit && facts.priceUnit.toUpperCase() === wanted) return 'price';
  return undefined;
}

/** Pieces are counted, never split; everything else may carry decimals ("12,5 meter"). */
export function unitAllowsDecimals(unit: LineUnit | '' | undefined): boolean {
  return unit !== 'pieces';
}

export const LINE_DIMENSIONS = ['lengthMm', 'widthMm', 'thicknessMm'] as const;
export type LineDimension = (typeof LINE_DIMENSIONS)[number];

const STANDARD_OF: Record<LineDimension, keyof LineCatalogFacts> = {
  lengthMm: 'standardLengthMm',
  widthMm: 'standardWidthMm',
  thicknessMm: 'standardThicknessMm',
};

/**
 * The value a dimension sends. On a line with a size from the catalog, nothing typed or the size's own
 * measure is 0 (standard), and any other number is sent as typed (a cut). A free-text line, or an item
 * the catalog does not know, sends exactly what was typed.
 */
export function dimensionToSend(
  dimension: LineDimension,
  typed: number | undefined,
  facts: LineCatalogFacts | undefined,
  hasSize: boolean,
): number | undefined {
  if (!facts || !hasSize) return typed;
  // A size without a standard length is never sent as "the standard length": the form asks for one.
  if (dimension === 'lengthMm' && facts.cutToLength) return typed;
  if (typed === undefined || Number.isNaN(typed)) return typed === undefined ? 0 : typed;
  const standard = facts[STANDARD_OF[dimension]] as number;
  return typed === standard ? 0 : typed;
}

/** The typed dimension when it makes the line a cut: a size with a standard measure, another number typed. */
export function cutDimension(
  dimension: LineDimension,
  typed: number | undefined,
  facts: LineCatalogFacts | undefined,
  hasSize: boolean,
): number | undefined {
  const sent = dimensionToSend(dimension, typed, facts, hasSize);
  if (!facts || !hasSize || !sent || Number.isNaN(sent)) return undefined;
  return sent;
}
