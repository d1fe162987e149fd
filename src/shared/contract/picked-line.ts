// A size (or item) picked from the local catalog, ready to become a quote request line. Produced by the
// catalog search and consumed by the counter and fair forms; field names are the line keys of the contract.
export interface PickedCatalogLine {
  itemNo: string;
  variantCode: string;
  description: string;
  /**
   * The item's second description: its treatment, finish or execution ("thermisch verzinkt"). Part of what
   * is sold, so it is in `description` too; kept apart so that the line can show it on its own.
   */
  treatment: string;
  profileCode: string;
  qualityCode: string;
  /** The item's base unit and sales price unit: two of the units the line may be counted in. */
  baseUnit: string;
  priceUnit: string;
  /** The size's own measures (its standard length); 0 where it has none. */
  lengthMm: number;
  widthMm: number;
  thicknessMm: number;
  /** The size has no standard length (cut to length, `OPMAAT`): its line must say how long. */
  cutToLength: boolean;
}

/** Which form in progress a picked line goes to. */
export const LINE_TARGETS = ['counter', 'fair'] as const;
export type LineTarget = (typeof LINE_TARGETS)[number];
