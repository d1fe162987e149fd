// The words a portal object is declared in (portal-objects.ts). One row per key says how the key is read
// and, for the rows the customer desk lists, its column and the message key of its label. The object's
// type is inferred from the row, main's defensive reader (portal-answers.ts) reads each key by its kind,
// and the desk's tables (features/customer/portal-columns.tsx) draw a column for each labelled key, in
// the table's order. A new key is one row here plus its label in customer-messages.ts
// (docs/customer-desk.md, "Adding a portal field").

/** The three steel quantities of a document line; a missing key is unknown (null), 0 is zero. Never summed. */
export interface SteelQuantities {
  pieces: number | null;
  meters: number | null;
  kg: number | null;
}

interface Shown {
  /** Message key of the column's header: a labelled key is a column of the customer desk. */
  readonly label?: string;
}

/**
 * text: any text the host sends, '' when missing, cut at the length the host's words are cut everywhere;
 * date (YYYY-MM-DD) and timestamp (ISO UTC) are text drawn as the UI language writes them; payload: text
 * read whole (a PDF's base64), never shown.
 */
export interface TextSpec extends Shown {
  readonly kind: 'text' | 'date' | 'timestamp' | 'payload';
  /** How an empty value is drawn: nothing, or a dash where a reader would look for a value. */
  readonly empty?: 'blank' | 'dash';
  /** A free-text note: its column may wrap. */
  readonly note?: boolean;
  /** The key of the number's link status (active, completed): drawn beside the number. */
  readonly linkStatus?: string;
}

/** A JSON number; a missing or non-finite one is null: unknown, never 0. */
export interface NumberSpec extends Shown {
  readonly kind: 'number';
  /** An amount with its unit: its column is aligned as figures. */
  readonly amount?: boolean;
}

/** A JSON Boolean; anything but true reads false. */
export interface FlagSpec extends Shown {
  readonly kind: 'flag';
}

/** One of the contract's fixed values; anything else (empty, new, another case) reads as `otherwise`. */
export interface ChoiceSpec extends Shown {
  readonly kind: 'choice';
  readonly values: readonly string[];
  readonly otherwise: string;
}

/** An object under its own host key (`from`); a missing one reads as an object of empty values. */
export interface ObjectSpec extends Shown {
  readonly kind: 'object';
  readonly from?: string;
  readonly fields: PortalFieldTable;
}

/**
 * Keys of the same host row gathered under one name: present (not null) only when one of its fields' host
 * keys (`hostKeys`) is in the row, as the steel extension's keys are present whenever its field exists.
 */
export interface SectionSpec extends Shown {
  readonly kind: 'section';
  readonly presentWith: readonly string[];
  readonly fields: PortalFieldTable;
}

/**
 * `${prefix}Pieces`, `${prefix}Meters`, `${prefix}Kg`: null when none is there, unless `always`, where a
 * missing quantity is three unknowns.
 */
export interface QuantitiesSpec extends Shown {
  readonly kind: 'quantities';
  readonly prefix: string;
  readonly always: boolean;
}

export type PortalFieldSpec =
  TextSpec | NumberSpec | FlagSpec | ChoiceSpec | ObjectSpec | SectionSpec | QuantitiesSpec;
export type PortalFieldTable = Readonly<Record<string, PortalFieldSpec>>;

/** What a key reads as, by its kind. */
export type PortalValue<S extends PortalFieldSpec> = S extends TextSpec
  ? string
  : S extends NumberSpec
    ? number | null
    : S extends FlagSpec
      ? boolean
      : S extends ChoiceSpec
        ? S['values'][number] | S['otherwise']
        : S extends ObjectSpec
          ? PortalObject<S['fields']>
          : S extends SectionSpec
            ? PortalObject<S['fields']> | null
            : S extends { kind: 'quantities'; always: true }
              ? SteelQuantities
              : S extends QuantitiesSpec
                ? SteelQuantities | null
                : never;

/** The object a table declares. */
export type PortalObject<F extends PortalFieldTable> = { -readonly [K in keyof F]: PortalValue<F[K]> };

/** The keys of a table that are columns, i.e. have a label. */
export type LabelledKey<F extends PortalFieldTable> = {
  [K in keyof F & string]: F[K]['label'] extends string ? K : never;
}[keyof F & string];

/** The labelled keys of a table, in the table's order: the columns of its list in the customer desk. */
export function labelledKeys<F extends PortalFieldTable>(fields: F): LabelledKey<F>[] {
  return Object.keys(fields).filter((key): key is LabelledKey<F> => fields[key]?.label !== undefined);
}

/** A builder called without options adds nothing: its key has no label and no column. */
type NoOptions = Record<never, never>;
type Options<S> = Omit<
  S,
  'kind' | 'values' | 'otherwise' | 'fields' | 'from' | 'presentWith' | 'prefix' | 'always'
>;

export const text = <const O extends Options<TextSpec> = NoOptions>(options?: O) =>
  ({ kind: 'text', ...(options as O) }) as const;
export const date = <const O extends Options<TextSpec> = NoOptions>(options?: O) =>
  ({ kind: 'date', ...(options as O) }) as const;
export const timestamp = <const O extends Options<TextSpec> = NoOptions>(options?: O) =>
  ({ kind: 'timestamp', ...(options as O) }) as const;
export const payload = () => ({ kind: 'payload' }) as const;
export const number = <const O extends Options<NumberSpec> = NoOptions>(options?: O) =>
  ({ kind: 'number', ...(options as O) }) as const;
export const flag = <const O extends Options<FlagSpec> = NoOptions>(options?: O) =>
  ({ kind: 'flag', ...(options as O) }) as const;
/** A fixed value: one of `values`, else `unknown` (an unknown outcome is never "recorded"). */
export const choice = <const V extends readonly string[], const O extends Options<ChoiceSpec> = NoOptions>(
  values: V,
  options?: O,
) => ({ kind: 'choice', values, otherwise: 'unknown', ...(options as O) }) as const;
/** A fixed value with its own reading for anything else (a document row without `source` is an archive row). */
export const choiceOr = <const V extends readonly string[], const W extends string>(
  values: V,
  otherwise: W,
) => ({ kind: 'choice', values, otherwise }) as const;
export const object = <const F extends PortalFieldTable, const O extends Options<ObjectSpec> = NoOptions>(
  from: string,
  fields: F,
  options?: O,
) => ({ kind: 'object', from, fields, ...(options as O) }) as const;
export const quantities = <const A extends boolean>(prefix: string, always: A) =>
  ({ kind: 'quantities', prefix, always }) as const;

/** The host keys of a quantities field, by the quantity each holds. */
export const quantityKeys = (prefix: string) =>
  ({ pieces: `${prefix}Pieces`, meters: `${prefix}Meters`, kg: `${prefix}Kg` }) as const;

/** The keys of a host row that a table's fields are read from. */
export function hostKeys(fields: PortalFieldTable): string[] {
  return Object.entries(fields).flatMap(([key, spec]) => {
    switch (spec.kind) {
      case 'object':
        return [spec.from ?? key];
      case 'section':
        return hostKeys(spec.fields);
      case 'quantities':
        return Object.values(quantityKeys(spec.prefix));
      default:
        return [key];
    }
  });
}

export const section = <const F extends PortalFieldTable>(fields: F) =>
  ({ kind: 'section', presentWith: hostKeys(fields), fields }) as const;
