/**
 * The assortment of a Dutch steel stockholder, as static tables the catalog generator draws from.
 * Descriptions are Dutch (the host's data language); option captions come in both session languages.
 */

export type SessionLanguage = 'en' | 'nl';

/** Option values of the steel field Format Type, with their captions per session language. */
export const formatTypes = {
  STOCK: { en: 'Stock length', nl: 'Handelslengte' },
  FIXED: { en: 'Fixed length', nl: 'Vaste lengte' },
  CUT: { en: 'Cut to length', nl: 'Op lengte gezaagd' },
  PLATE: { en: 'Plate format', nl: 'Plaatformaat' },
} as const;

export type FormatType = keyof typeof formatTypes;

export interface CategoryDefinition {
  code: string;
  description: string;
}

/** Item categories: the hierarchy exists only in the codes (a hyphenated suffix sits under its prefix). */
export const categories: readonly CategoryDefinition[] = [
  { code: 'BEAM', description: 'Balken' },
  { code: 'BEAM-HEA', description: 'HEA-balken' },
  { code: 'BEAM-HEB', description: 'HEB-balken' },
  { code: 'BEAM-IPE', description: 'IPE-balken' },
  { code: 'BEAM-UNP', description: 'UNP-profielen' },
  { code: 'TUBE', description: 'Buizen en kokers' },
  { code: 'TUBE-ROUND', description: 'Ronde buis' },
  { code: 'TUBE-SQUARE', description: 'Vierkante koker' },
  { code: 'TUBE-RECT', description: 'Rechthoekige koker' },
  { code: 'ANGLE', description: 'Hoekstaal' },
  { code: 'ANGLE-EQUAL', description: 'Gelijkzijdig hoekstaal' },
  { code: 'ANGLE-UNEQUAL', description: 'Ongelijkzijdig hoekstaal' },
  { code: 'FLAT', description: 'Platstaal' },
  { code: 'FLAT-HR', description: 'Warmgewalst platstaal' },
  { code: 'PLATE', description: 'Plaatstaal' },
  { code: 'PLATE-HR', description: 'Warmgewalste plaat' },
  { code: 'PLATE-CHECKER', description: 'Traanplaat' },
  { code: 'SHEET', description: 'Dunne plaat' },
  { code: 'SHEET-CR', description: 'Koudgewalste plaat' },
  { code: 'SHEET-GALV', description: 'Verzinkte plaat' },
];

export interface GradeDefinition {
  code: string;
  description: string;
  standard: string;
}

export const grades: readonly GradeDefinition[] = [
  { code: 'S235JR', description: 'Constructiestaal S235JR', standard: 'EN 10025-2' },
  { code: 'S275JR', description: 'Constructiestaal S275JR', standard: 'EN 10025-2' },
  { code: 'S355JR', description: 'Constructiestaal S355JR', standard: 'EN 10025-2' },
  { code: 'S355J2', description: 'Constructiestaal S355J2', standard: 'EN 10025-2' },
  { code: 'S355J2+N', description: 'Constructiestaal S355J2, normaalgegloeid', standard: 'EN 10025-2' },
  { code: 'S235JRH', description: 'Buisstaal S235JRH', standard: 'EN 10219-1' },
  { code: 'S355J2H', description: 'Buisstaal S355J2H', standard: 'EN 10219-1' },
  { code: 'DC01', description: 'Koudgewalst dieptrekstaal DC01', standard: 'EN 10130' },
  { code: 'DX51D+Z275', description: 'Sendzimir verzinkt DX51D, 275 g/m2', standard: 'EN 10346' },
];

export interface ItemTypeDefinition {
  code: string;
  description: string;
}

export const itemTypes: readonly ItemTypeDefinition[] = [
  { code: 'ANGLE', description: 'Hoekstaal' },
  { code: 'BEAM', description: 'Balk' },
  { code: 'FLAT', description: 'Strip' },
  { code: 'PLATE', description: 'Plaat' },
  { code: 'SHEET', description: 'Dunne plaat' },
  { code: 'TUBE', description: 'Buis of koker' },
];

/** How the sizes of an item are sold: in lengths (long products) or in plate formats. */
export type VariantScheme =
  | { kind: 'lengths'; lengthsMm: readonly number[]; cutToLength: boolean }
  | { kind: 'formats'; formatsMm: readonly (readonly [length: number, width: number])[] };

export interface ProductFamily {
  profileCode: string;
  profileDescription: string;
  itemTypeCode: string;
  categoryCode: string;
  /** Relative share of the items. */
  weight: number;
  sizes: readonly string[];
  /** Dutch item description for one size; the grade is appended by the generator. */
  describe: (size: string) => string;
  grades: readonly string[];
  finishes: readonly string[];
  baseUnit: string;
  priceUnit: string;
  variants: VariantScheme;
}

/** Dutch notation of a size: decimal comma, spaced multiplication sign. */
export function dutchSize(size: string): string {
  return size.replaceAll('.', ',').replaceAll('x', ' x ');
}

const beamLengths = [6000, 8000, 10000, 12000, 14000, 16000] as const;
const longLengths = [6000, 12000] as const;
const plateFormats = [
  [2000, 1000],
  [2500, 1250],
  [3000, 1500],
  [6000, 2000],
  [6000, 2500],
] as const;
const sheetFormats = [
  [2000, 1000],
  [2500, 1250],
  [3000, 1500],
] as const;

const beamSizes = [
  '100',
  '120',
  '140',
  '160',
  '180',
  '200',
  '220',
  '240',
  '260',
  '280',
  '300',
  '320',
  '340',
  '360',
  '400',
  '450',
  '500',
  '550',
  '600',
  '650',
  '700',
  '800',
  '900',
  '1000',
];
const structuralFinishes = ['', 'gestraald en gegrond', 'thermisch verzinkt'];

export const productFamilies: readonly ProductFamily[] = [
  {
    profileCode: 'HEA',
    profileDescription: 'HEA breedflensbalk',
    itemTypeCode: 'BEAM',
    categoryCode: 'BEAM-HEA',
    weight: 10,
    sizes: beamSizes,
    describe: (size) => `HEA ${size} balk`,
    grades: ['S235JR', 'S275JR', 'S355J2'],
    finishes: structuralFinishes,
    baseUnit: 'KG',
    priceUnit: 'KG',
    variants: { kind: 'lengths', lengthsMm: beamLengths, cutToLength: true },
  },
  {
    profileCode: 'HEB',
    profileDescription: 'HEB breedflensbalk',
    itemTypeCode: 'BEAM',
    categoryCode: 'BEAM-HEB',
    weight: 10,
    sizes: beamSizes,
    describe: (size) => `HEB ${size} balk`,
    grades: ['S235JR', 'S275JR', 'S355J2'],
    finishes: structuralFinishes,
    baseUnit: 'KG',
    priceUnit: 'KG',
    variants: { kind: 'lengths', lengthsMm: beamLengths, cutToLength: true },
  },
  {
    profileCode: 'IPE',
    profileDescription: 'IPE I-profiel',
    itemTypeCode: 'BEAM',
    categoryCode: 'BEAM-IPE',
    weight: 10,
    sizes: [
      '80',
      '100',
      '120',
      '140',
      '160',
      '180',
      '200',
      '220',
      '240',
      '270',
      '300',
      '330',
      '360',
      '400',
      '450',
      '500',
      '550',
      '600',
    ],
    describe: (size) => `IPE ${size} balk`,
    grades: ['S235JR', 'S355J2'],
    finishes: structuralFinishes,
    baseUnit: 'KG',
    priceUnit: 'KG',
    variants: { kind: 'lengths', lengthsMm: beamLengths, cutToLength: true },
  },
  {
    profileCode: 'UNP',
    profileDescription: 'UNP U-profiel',
    itemTypeCode: 'BEAM',
    categoryCode: 'BEAM-UNP',
    weight: 7,
    sizes: [
      '50',
      '65',
      '80',
      '100',
      '120',
      '140',
      '160',
      '180',
      '200',
      '220',
      '240',
      '260',
      '280',
      '300',
      '320',
      '350',
      '380',
      '400',
    ],
    describe: (size) => `UNP ${size} profiel`,
    grades: ['S235JR', 'S355J2'],
    finishes: structuralFinishes,
    baseUnit: 'KG',
    priceUnit: 'KG',
    variants: { kind: 'lengths', lengthsMm: beamLengths, cutToLength: true },
  },
  {
    profileCode: 'CHS',
    profileDescription: 'Ronde buis',
    itemTypeCode: 'TUBE',
    categoryCode: 'TUBE-ROUND',
    weight: 8,
    sizes: [
      '21.3x2.0',
      '26.9x2.3',
      '33.7x2.6',
      '42.4x2.6',
      '48.3x3.2',
      '60.3x3.2',
      '76.1x3.6',
      '88.9x4.0',
      '114.3x4.0',
      '139.7x5.0',
      '168.3x5.0',
      '219.1x6.3',
    ],
    describe: (size) => `Ronde buis ${dutchSize(size)} mm`,
    grades: ['S235JRH', 'S355J2H'],
    finishes: ['', 'thermisch verzinkt'],
    baseUnit: 'M',
    priceUnit: 'M',
    variants: { kind: 'lengths', lengthsMm: longLengths, cutToLength: true },
  },
  {
    profileCode: 'SHS',
    profileDescription: 'Vierkante koker',
    itemTypeCode: 'TUBE',
    categoryCode: 'TUBE-SQUARE',
    weight: 8,
    sizes: [
      '20x20x2',
      '30x30x2',
      '40x40x3',
      '50x50x3',
      '60x60x4',
      '80x80x4',
      '100x100x5',
      '120x120x5',
      '150x150x6',
      '200x200x8',
    ],
    describe: (size) => `Vierkante koker ${dutchSize(size)} mm`,
    grades: ['S235JRH', 'S355J2H'],
    finishes: ['', 'thermisch verzinkt'],
    baseUnit: 'M',
    priceUnit: 'M',
    variants: { kind: 'lengths', lengthsMm: longLengths, cutToLength: true },
  },
  {
    profileCode: 'RHS',
    profileDescription: 'Rechthoekige koker',
    itemTypeCode: 'TUBE',
    categoryCode: 'TUBE-RECT',
    weight: 7,
    sizes: ['40x20x2', '50x30x3', '60x40x3', '80x40x4', '100x50x4', '120x60x5', '150x100x6', '200x100x6'],
    describe: (size) => `Rechthoekige koker ${dutchSize(size)} mm`,
    grades: ['S235JRH', 'S355J2H'],
    finishes: ['', 'thermisch verzinkt'],
    baseUnit: 'M',
    priceUnit: 'M',
    variants: { kind: 'lengths', lengthsMm: longLengths, cutToLength: true },
  },
  {
    profileCode: 'LEQ',
    profileDescription: 'Hoekstaal gelijkzijdig',
    itemTypeCode: 'ANGLE',
    categoryCode: 'ANGLE-EQUAL',
    weight: 7,
    sizes: [
      '20x20x3',
      '30x30x3',
      '40x40x4',
      '50x50x5',
      '60x60x6',
      '70x70x7',
      '80x80x8',
      '100x100x10',
      '120x120x12',
    ],
    describe: (size) => `Hoekstaal gelijkzijdig ${dutchSize(size)} mm`,
    grades: ['S235JR', 'S355J2'],
    finishes: ['', 'thermisch verzinkt'],
    baseUnit: 'M',
    priceUnit: 'KG',
    variants: { kind: 'lengths', lengthsMm: longLengths, cutToLength: false },
  },
  {
    profileCode: 'LUNEQ',
    profileDescription: 'Hoekstaal ongelijkzijdig',
    itemTypeCode: 'ANGLE',
    categoryCode: 'ANGLE-UNEQUAL',
    weight: 4,
    sizes: ['60x40x5', '80x40x6', '100x50x6', '100x65x7', '120x80x8', '150x100x10'],
    describe: (size) => `Hoekstaal ongelijkzijdig ${dutchSize(size)} mm`,
    grades: ['S235JR', 'S355J2'],
    finishes: ['', 'thermisch verzinkt'],
    baseUnit: 'M',
    priceUnit: 'KG',
    variants: { kind: 'lengths', lengthsMm: longLengths, cutToLength: false },
  },
  {
    profileCode: 'FLAT',
    profileDescription: 'Platstaal',
    itemTypeCode: 'FLAT',
    categoryCode: 'FLAT-HR',
    weight: 8,
    sizes: [
      '20x5',
      '30x5',
      '40x5',
      '40x10',
      '50x5',
      '50x10',
      '60x8',
      '80x10',
      '100x10',
      '120x12',
      '150x15',
      '200x20',
    ],
    describe: (size) => `Platstaal ${dutchSize(size)} mm`,
    grades: ['S235JR', 'S355J2'],
    finishes: ['', 'gebeitst en geolied'],
    baseUnit: 'M',
    priceUnit: 'KG',
    variants: { kind: 'lengths', lengthsMm: [3000, 6000], cutToLength: true },
  },
  {
    profileCode: 'PLATE',
    profileDescription: 'Warmgewalste plaat',
    itemTypeCode: 'PLATE',
    categoryCode: 'PLATE-HR',
    weight: 9,
    sizes: ['3', '4', '5', '6', '8', '10', '12', '15', '20', '25', '30', '40', '50'],
    describe: (size) => `Plaat ${size} mm`,
    grades: ['S235JR', 'S355J2', 'S355J2+N'],
    finishes: ['', 'gestraald en gegrond'],
    baseUnit: 'KG',
    priceUnit: 'KG',
    variants: { kind: 'formats', formatsMm: plateFormats },
  },
  {
    profileCode: 'CHECKER',
    profileDescription: 'Traanplaat',
    itemTypeCode: 'PLATE',
    categoryCode: 'PLATE-CHECKER',
    weight: 3,
    sizes: ['3/5', '4/6', '5/7', '6/8', '8/10'],
    describe: (size) => `Traanplaat ${size} mm`,
    grades: ['S235JR'],
    finishes: ['', 'thermisch verzinkt'],
    baseUnit: 'KG',
    priceUnit: 'KG',
    variants: { kind: 'formats', formatsMm: sheetFormats },
  },
  {
    profileCode: 'SHEETCR',
    profileDescription: 'Koudgewalste plaat',
    itemTypeCode: 'SHEET',
    categoryCode: 'SHEET-CR',
    weight: 5,
    sizes: ['0.5', '0.75', '1', '1.25', '1.5', '2', '2.5', '3'],
    describe: (size) => `Koudgewalste plaat ${dutchSize(size)} mm`,
    grades: ['DC01'],
    finishes: [''],
    baseUnit: 'KG',
    priceUnit: 'M2',
    variants: { kind: 'formats', formatsMm: sheetFormats },
  },
  {
    profileCode: 'SHEETGALV',
    profileDescription: 'Verzinkte plaat',
    itemTypeCode: 'SHEET',
    categoryCode: 'SHEET-GALV',
    weight: 4,
    sizes: ['0.5', '0.75', '1', '1.25', '1.5', '2', '3'],
    describe: (size) => `Verzinkte plaat ${dutchSize(size)} mm`,
    grades: ['DX51D+Z275'],
    finishes: [''],
    baseUnit: 'KG',
    priceUnit: 'M2',
    variants: { kind: 'formats', formatsMm: sheetFormats },
  },
];
