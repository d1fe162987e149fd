// The relevance suite's queries, typed the way counter staff type them, each with what must come first or
// what the top 5 must be (over the emulator's seeded catalog). Shared by the suite
// (search-relevance.test.ts) and the search bench (bench/search.bench.ts), which times the same queries.
import type { CatalogSizeRow } from '../../src/shared/contract/catalog-search.ts';

/** What a row must be, said in words for the failure message. */
export interface Check {
  says: string;
  test: (row: CatalogSizeRow) => boolean;
}

const described = (pattern: RegExp): Check => ({
  says: `described ${pattern}`,
  test: (row) => pattern.test(row.itemDescription),
});
const all = (...checks: Check[]): Check => ({
  says: checks.map((check) => check.says).join(' and '),
  test: (row) => checks.every((check) => check.test(row)),
});
const length = (mm: number): Check => ({ says: `${mm} mm long`, test: (row) => row.lengthMm === mm });
const thickness = (mm: number): Check => ({ says: `${mm} mm thick`, test: (row) => row.thicknessMm === mm });
const width = (mm: number): Check => ({ says: `${mm} mm wide`, test: (row) => row.widthMm === mm });
const grade = (code: string): Check => ({ says: `grade ${code}`, test: (row) => row.gradeCode === code });
const sizeCode = (code: string): Check => ({ says: `size ${code}`, test: (row) => row.variantCode === code });
/** No treatment: what a query that names none asks for. */
const plain: Check = { says: 'untreated', test: (row) => row.itemDescription2 === '' };
const treated = (treatment: string): Check => ({
  says: `treated "${treatment}"`,
  test: (row) => row.itemDescription2 === treatment,
});
const GALVANISED = treated('thermisch verzinkt');
const BLASTED = treated('gestraald en gegrond');
const PICKLED = treated('gebeitst en geolied');

export interface RelevanceCase {
  query: string;
  /** Every one of the first five rows (or all rows, when fewer) passes this. */
  top5?: Check;
  /** The first row passes this. */
  first?: Check;
}

const HEA_200 = described(/^HEA 200 balk /);
const SHS_100 = described(/^Vierkante koker 100 x 100 x 5 mm /);
const PLATE_10 = all(described(/^Plaat 10 mm /), thickness(10));

export const RELEVANCE_CASES: RelevanceCase[] = [
  // Beams: designation and size run together, hyphenated, spaced, any case; lengths in mm or m.
  { query: 'HEA200', top5: HEA_200 },
  { query: 'HEA 200', top5: HEA_200 },
  { query: 'hea-200', top5: HEA_200 },
  { query: 'hea200 ', top5: HEA_200 },
  { query: 'Hea 200 balk', top5: HEA_200 },
  { query: 'HEB300', top5: described(/^HEB 300 /) },
  { query: 'heb 300 12000', top5: all(described(/^HEB 300 /), length(12000)) },
  { query: 'heb300 12m', top5: all(described(/^HEB 300 /), length(12000)) },
  { query: 'ipe180', top5: described(/^IPE 180 /) },
  { query: 'IPE 180 6m', top5: all(described(/^IPE 180 /), length(6000)) },
  { query: 'ipe 180 6 m', top5: all(described(/^IPE 180 /), length(6000)) },
  { query: 'unp100', top5: described(/^UNP 100 /) },
  { query: 'UNP 100 6000', top5: all(described(/^UNP 100 /), length(6000)) },
  { query: 'hea 1000', top5: described(/^HEA 1000 /) },
  { query: 'hea 100 ', top5: described(/^HEA 100 /) },
  // still typing "100": the HEA 100 itself before HEA 1000 and 10,000 mm lengths
  { query: 'hea 100', top5: described(/^HEA 100 /) },
  { query: 'balk 200', top5: described(/^(HEA|HEB|IPE) 200 balk /) },
  { query: 'beam 200', top5: described(/^(HEA|HEB|IPE) 200 balk /) },
  { query: 'hea 200 s355j2', top5: all(HEA_200, grade('S355J2')) },
  { query: 'HEA200 S235JR', top5: all(HEA_200, grade('S235JR')) },
  { query: 'breedflensbalk 300', top5: described(/^HE[AB] 300 /) },
  { query: 'ipe 200 opmaat', top5: all(described(/^IPE 200 /), sizeCode('OPMAAT')) },

  // Square and rectangular hollow sections: x, *, spaces, a unit at the end.
  { query: 'koker 100x100', top5: SHS_100 },
  { query: 'koker 100 x 100 x 5', top5: SHS_100 },
  { query: 'koker 100*100*5', top5: SHS_100 },
  { query: 'KOKER 100X100X5MM', top5: SHS_100 },
  { query: 'tube 100x100x5', top5: SHS_100 },
  { query: 'koker 120x60', top5: described(/^Rechthoekige koker 120 x 60 x 5 mm /) },
  { query: 'rechthoekige koker 150x100', top5: described(/^Rechthoekige koker 150 x 100 x /) },
  { query: 'vierkante koker 40x40', top5: described(/^Vierkante koker 40 x 40 x /) },
  { query: 'koker 100x50', top5: described(/^Rechthoekige koker 100 x 50 x /) },
  { query: 'koker 200x100x6 6000', top5: all(described(/^Rechthoekige koker 200 x 100 x 6 /), length(6000)) },
  { query: 'kokers 60x60', top5: described(/^Vierkante koker 60 x 60 x /) },
  { query: 'tubes 80x80x4', top5: described(/^Vierkante koker 80 x 80 x 4 mm /) },

  // Round tube: decimal comma or point, "4" for "4,0".
  { query: 'buis 48,3', top5: described(/^Ronde buis 48,3 x /) },
  { query: 'buis 48.3x3.2', top5: described(/^Ronde buis 48,3 x 3,2 mm /) },
  { query: 'pipe 60.3', top5: described(/^Ronde buis 60,3 x /) },
  { query: 'buis 88,9 x 4', top5: described(/^Ronde buis 88,9 x 4,0 mm /) },
  { query: 'buis 21,3x2,0 mm', top5: described(/^Ronde buis 21,3 x 2,0 mm /) },
  { query: 'buis 21.3x2', top5: described(/^Ronde buis 21,3 x 2,0 mm /) },
  { query: 'ronde buis 114,3', top5: described(/^Ronde buis 114,3 x /) },
  { query: 'pipes 33.7 x 2.6 mm', top5: described(/^Ronde buis 33,7 x 2,6 mm /) },

  // Angles.
  { query: 'hoekstaal 50x50x5', top5: described(/^Hoekstaal gelijkzijdig 50 x 50 x 5 mm /) },
  { query: 'angle 50x50x5', top5: described(/^Hoekstaal gelijkzijdig 50 x 50 x 5 mm /) },
  { query: 'hoekstaal 100x100x10', top5: described(/^Hoekstaal gelijkzijdig 100 x 100 x 10 mm /) },
  { query: 'angle 80x80', top5: described(/^Hoekstaal gelijkzijdig 80 x 80 x /) },
  { query: 'hoekstaal ongelijkzijdig 100x50', top5: described(/^Hoekstaal ongelijkzijdig 100 x 50 x /) },
  { query: 'hoek 60x60x6', top5: described(/^Hoekstaal gelijkzijdig 60 x 60 x 6 mm /) },
  { query: 'angles 150x100x10', top5: described(/^Hoekstaal ongelijkzijdig 150 x 100 x 10 mm /) },

  // Flats: strip, platstaal, flat.
  { query: 'strip 100x10', top5: described(/^Platstaal 100 x 10 mm /) },
  { query: 'platstaal 50x5', top5: described(/^Platstaal 50 x 5 mm /) },
  { query: 'flat 40x10', top5: described(/^Platstaal 40 x 10 mm /) },
  { query: 'strip 200x20mm', top5: described(/^Platstaal 200 x 20 mm /) },
  { query: 'Strip 30 x 5', top5: described(/^Platstaal 30 x 5 mm /) },

  // Plates and sheet: thickness with or without mm, formats, 10 as a thickness before 1000 as a width.
  { query: 'plaat 10mm', top5: PLATE_10 },
  { query: 'plaat 10 mm', top5: PLATE_10 },
  { query: 'plaat 10', top5: PLATE_10 },
  { query: 'plate 10', top5: PLATE_10 },
  { query: 'platen 10 mm', top5: PLATE_10 },
  { query: 'plaat 10x1500', top5: all(PLATE_10, width(1500)) },
  { query: 'plaat 10 3000x1500', top5: all(PLATE_10, length(3000), width(1500)) },
  { query: 'plaat 8 2500x1250', top5: all(described(/^Plaat 8 mm /), length(2500), width(1250)) },
  { query: 'plate 20mm 6000x2000', top5: all(described(/^Plaat 20 mm /), length(6000), width(2000)) },
  { query: 'plaat 3', top5: thickness(3) },
  { query: 'sheet 2 mm', top5: thickness(2) },
  { query: 'traanplaat 5/7', top5: described(/^Traanplaat 5\/7 mm /) },
  { query: 'koudgewalst 1,5', top5: described(/^Koudgewalste plaat 1,5 mm /) },
  { query: 'koudgewalste plaat 1.5mm', top5: described(/^Koudgewalste plaat 1,5 mm /) },
  { query: 'verzinkte plaat 0,75', top5: described(/^Verzinkte plaat 0,75 mm /) },

  // Grades and codes: the exact code before codes it starts.
  { query: 'S355J2', top5: grade('S355J2') },
  { query: 's235jr ', top5: grade('S235JR') },
  { query: 'S355J2H koker 100x100', top5: all(SHS_100, grade('S355J2H')) },
  { query: 'DC01 1,5', top5: described(/^Koudgewalste plaat 1,5 mm DC01/) },
  { query: 'dx51d 1mm', top5: described(/^Verzinkte plaat 1 mm /) },

  // Treatments: a query that names none asks for the plain item; one that names it (in Dutch or
  // English, whole or begun) brings the treated items forward. Every treatment of every shape seeded.
  { query: 'hea 200', top5: all(HEA_200, plain) },
  { query: 'ipe 200', top5: all(described(/^IPE 200 /), plain) },
  { query: 'unp 100', top5: all(described(/^UNP 100 /), plain) },
  { query: 'plaat 10 2000x1000', top5: all(PLATE_10, length(2000), width(1000), plain) },
  { query: 'koker 100x100x5', top5: all(SHS_100, plain) },
  { query: 'ronde buis 48,3x3,2', top5: all(described(/^Ronde buis 48,3 x 3,2 mm /), plain) },
  { query: 'hoekstaal 50x50x5 6000', top5: all(described(/^Hoekstaal gelijkzijdig 50 x 50 x 5 mm /), plain) },
  { query: 'platstaal 50x10', top5: all(described(/^Platstaal 50 x 10 mm /), plain) },
  { query: 'traanplaat 5/7 2000x1000', top5: all(described(/^Traanplaat 5\/7 mm /), plain) },
  { query: 'hea 200 verzinkt', top5: all(HEA_200, GALVANISED) },
  { query: 'galv hea 200', top5: all(HEA_200, GALVANISED) },
  { query: 'hea 200 gestraald', top5: all(HEA_200, BLASTED) },
  { query: 'ipe 200 gegrond', top5: all(described(/^IPE 200 /), BLASTED) },
  { query: 'unp 100 verzinkt', top5: all(described(/^UNP 100 /), GALVANISED) },
  { query: 'koker 100x100 verzinkt', top5: all(SHS_100, GALVANISED) },
  { query: 'galvanised tube 100x100', top5: all(SHS_100, GALVANISED) },
  { query: 'buis 48,3 galv', top5: all(described(/^Ronde buis 48,3 x /), GALVANISED) },
  { query: 'hoekstaal 50x50 verzinkt', top5: all(described(/^Hoekstaal gelijkzijdig 50 x 50 /), GALVANISED) },
  { query: 'platstaal 50x10 gebeitst', top5: all(described(/^Platstaal 50 x 10 mm /), PICKLED) },
  { query: 'flat 40x10 pickled', top5: all(described(/^Platstaal 40 x 10 mm /), PICKLED) },
  { query: 'plaat 10 gestraald', top5: all(PLATE_10, BLASTED) },
  { query: 'blasted plate 10', top5: all(PLATE_10, BLASTED) },
  { query: 'traanplaat verzinkt', top5: all(described(/^Traanplaat /), GALVANISED) },

  // Every dimension named: that size, never one with another dimension.
  {
    query: 'Platstaal 50 x 10 mm S355J2 06000',
    top5: all(described(/^Platstaal 50 x 10 mm S355J2$/), length(6000)),
  },
  {
    query: 'platstaal 80 x 10 mm S235JR 03000',
    first: all(described(/^Platstaal 80 x 10 mm S235JR/), length(3000)),
  },
  { query: 'koker 100 x 100 x 5 mm 06000', top5: all(SHS_100, length(6000)) },

  // Shape words as staff write them, in Dutch and English.
  { query: 'pijp 48,3', top5: described(/^Ronde buis 48,3 x /) },
  { query: 'kokerprofiel 100x100', top5: SHS_100 },
  { query: 'shs 100x100', top5: SHS_100 },
  { query: 'rhs 120x60', top5: described(/^Rechthoekige koker 120 x 60 x /) },
  { query: 'hoeklijn 50x50', top5: described(/^Hoekstaal gelijkzijdig 50 x 50 x /) },
];

/** A query with a slip in it that finds nothing, and what it must be offered instead (among the first). */
export interface SuggestionCase {
  query: string;
  offers: string;
}

export const SUGGESTION_CASES: SuggestionCase[] = [
  // A digit too many.
  { query: 'hea 2000', offers: 'hea 200' },
  { query: 'ipe 2400', offers: 'ipe 240' },
  { query: 'HEA2000', offers: 'HEA200' },
  { query: 'koker 1000x100', offers: 'koker 100x100' },
  // Two digits swapped.
  { query: 'ipe 2040', offers: 'ipe 240' },
  // A letter off in a profile or shape word.
  { query: 'hae 200', offers: 'hea 200' },
  { query: 'ipr 200', offers: 'ipe 200' },
  { query: 'koler 100x100', offers: 'koker 100x100' },
];
