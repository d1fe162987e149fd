// The lines of a quote request: a row per line, every value editable in place, and an entry row at the
// bottom where Enter adds the line, so a keyboard-wedge scanner (item number + Enter) adds lines by itself.
// The scan rule (docs/input.md "Scanning") is the picker's: Enter in the entry row's item field adds the
// line at once and puts the cursor on its quantity in the same event, so no key typed after it is lost;
// the catalog's answer fills the line when it comes. Quantities and measures are NumberFields.
import { useEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import type { CatalogSizeRow } from '../../../shared/contract/catalog-search.ts';
import type { PickedCatalogLine } from '../../../shared/contract/picked-line.ts';
import {
  currentCatalog,
  lineFromPicked,
  emptyLine,
  lineHasContent,
  lineWithCatalogItem,
  lineWithoutCatalogItem,
  numberFromText,
  withCutUnit,
  type DraftLine,
} from '../../../shared/contract/request-drafts.ts';
import { QUOTE_LINE_FIELDS, QUOTE_LINES_KEY, toCodeCase } from '../../../shared/contract/request-fields.ts';
import {
  DEFAULT_UNIT_CODES,
  LINE_DIMENSIONS,
  LINE_UNITS,
  cutDimension,
  unitAllowsDecimals,
  unitCode,
  type LineUnit,
} from '../../../shared/contract/request-lines.ts';
import { MAX_QUOTE_LINES } from '../../../shared/contract/request-schemas.ts';
import { scanCodeParts } from '../../../shared/contract/scan-code.ts';
import { formatNumber } from '../../../shared/locale/number-input.ts';
import type { UiLanguage } from '../../../shared/settings.ts';
import { useAppStore } from '../store/use-app-store.ts';
import { voa } from '../bridge/voa.ts';
import { formatWhen } from '../components/catalog-format.ts';
import { NumberField, readNumber, type NumberReading } from '../components/number-field.tsx';
import { useT, type MessageKey, type Translate } from '../i18n/i18n.ts';
import { CatalogItemPicker } from './catalog-item-picker.tsx';
import { cutLineText, formatMeasures, unitOption } from './line-format.ts';
import { draftWithEntry, newLineKey, type FieldErrors } from './request-form-support.ts';
import { isHeldKey, lookUpScan, replayHeldKeys, type HeldKey } from './scan-input.ts';

/** Columns of a line in entry order: the item, then how many, then the size and its measures. */
const ROW_FIELDS = [
  'itemNo',
  'quantity',
  'unitOfMeasureCode',
  'variantCode',
  'lengthMm',
  'widthMm',
  'thicknessMm',
] as const;
const TEXT_FIELDS = ['description', 'lineRemarks'] as const;
type LineField = (typeof ROW_FIELDS)[number] | (typeof TEXT_FIELDS)[number];
const NUMERIC = new Set<LineField>(['quantity', 'lengthMm', 'widthMm', 'thicknessMm']);
/** Codes the catalog fills in on a line it knows. */
const CATALOG_CODES = new Set<LineField>(['itemNo', 'variantCode']);

/** The measures that make a line a cut (typed, on a size, other than the size's own). */
function cutMeasures(line: DraftLine, language: UiLanguage): number[] {
  const catalog = currentCatalog(line);
  const facts = catalog?.state === 'known' ? catalog : undefined;
  const hasSize = line.variantCode.trim() !== '';
  return LINE_DIMENSIONS.map((dimension) =>
    cutDimension(dimension, numberFromText(line[dimension], language), facts, hasSize),
  ).filter((value): value is number => value !== undefined);
}

/** Decimals a quantity or measure may carry (the contract's decimals; a piece count is checked on send). */
const NUMBER_DECIMALS = 3;

/** The item and size a line names, compared as codes are (trimmed, any case); empty without an item. */
function sizeIdentity(line: DraftLine): string {
  const itemNo = line.itemNo.trim().toUpperCase();
  return itemNo ? `${itemNo}/${line.variantCode.trim().toUpperCase()}` : '';
}

/** A line just done whose size is already on an earlier line: the question asked about it. */
interface SameSizeQuestion {
  key: string;
  targetKey: string;
}

/** How many lookups a check makes at most while syncs keep replacing the catalog under it. */
const LOOKUP_ATTEMPTS = 3;

/**
 * A line's item looked up, with when the catalog that answered was synced. A known item carries that time.
 * An item not found is judged by a lookup between two equal readings of the time, so a sync that swapped
 * the catalog meanwhile never pairs the old catalog's "not found" with the new catalog's time. A known
 * item, a scanner's usual answer, costs one call.
 */
async function lookUpInOneCatalog(typed: string) {
  let timeBefore: string | undefined | null = null;
  for (let attempt = 1; ; attempt++) {
    const found = await lookUpScan(typed);
    if (found.detail) return { ...found, syncedAt: found.detail.syncedAt };
    const stats = await voa.catalog.stats();
    const syncedAt = stats.ok ? stats.value.syncedAt : undefined;
    if (!stats.ok || syncedAt === timeBefore || attempt === LOOKUP_ATTEMPTS) return { ...found, syncedAt };
    timeBefore = syncedAt;
  }
}

/** What the catalog check says about a line, under it: not in the catalog, refused, or unchecked. */
function catalogNote(t: Translate, line: DraftLine, language: 'nl' | 'en'): string {
  const catalog = currentCatalog(line);
  if (!catalog) return '';
  if (catalog.state === 'unknown')
    return t('requestForm.line.unknown', { when: formatWhen(catalog.syncedAt, language) });
  if (catalog.state === 'noCatalog') return t('requestForm.line.noCatalog');
  if (catalog.state === 'refused' && catalog.refusal)
    return t(`requestForm.line.refused.${catalog.refusal}` as MessageKey, {
      item: line.itemNo,
      size: line.variantCode,
    });
  return '';
}

/** What a cell of a line is told: its label, its error, and what typing and keys in it do. */
interface CellOptions {
  label: string;
  onChange(value: string): void;
  onKeyDown(event: KeyboardEvent<HTMLInputElement>): void;
  inputRef?: RefObject<HTMLInputElement | null> | undefined;
  error?: string | undefined;
}

interface LinesEditorProps {
  lines: DraftLine[];
  entry: DraftLine;
  errors: FieldErrors;
  entryRef?: RefObject<HTMLInputElement | null> | undefined;
  /** Holds the catalog search, so that a shortcut can put the cursor there. */
  pickerRef?: RefObject<HTMLDivElement | null> | undefined;
  /** Changes when the form starts over (new, sent, parked): the catalog search starts empty again. */
  formRun?: number | undefined;
  /** Changes are functions of the current lines and entry: keys typed faster than a render never race. */
  onChange(change: (current: LinesAndEntry) => LinesAndEntry): void;
}

export interface LinesAndEntry {
  lines: DraftLine[];
  entry: DraftLine;
}

/** A line's problems under it, each naming its field: `fieldAt` is the field's place in the error path. */
function LineErrors({
  problems,
  fieldAt,
  label,
}: {
  problems: [string, string][];
  fieldAt: number;
  label: (field: LineField) => string;
}) {
  if (!problems.length) return null;
  return (
    <ul className="line__errors">
      {problems.map(([key, message]) => (
        <li key={key} className="field__error" role="alert">
          {label(key.split('.')[fieldAt] as LineField)}: {message}
        </li>
      ))}
    </ul>
  );
}

export function LinesEditor({
  lines,
  entry,
  errors,
  entryRef,
  pickerRef,
  formRun,
  onChange,
}: LinesEditorProps) {
  const t = useT();
  const language = useAppStore((state) => state.language);
  const codes = useAppStore((state) => state.settingsView?.settings.units) ?? DEFAULT_UNIT_CODES;
  const itemUnits = useAppStore((state) => state.workstation.itemUnits);
  const setWorkstation = useAppStore((state) => state.setWorkstation);
  /** Lengths mean something only where the host has the steel extension (a size without one is cut to length). */
  const steel = useAppStore((state) => state.syncStatus?.lastSuccess?.steel === true);
  const ownPickerRef = useRef<HTMLDivElement>(null);
  const picker = pickerRef ?? ownPickerRef;
  /** When the local catalog was synced; undefined when it never was (lines then go as typed). */
  const [catalogSyncedAt, setCatalogSyncedAt] = useState<string | undefined | null>(null);
  /** The sizes of items looked up, offered in the size field of their lines. */
  const [sizesOf, setSizesOf] = useState<Record<string, CatalogSizeRow[]>>({});
  const [limitMessage, setLimitMessage] = useState<string | undefined>();
  /** Where the cursor goes when a scanned line's quantity is done: the field the next scan comes in. */
  const scanOrigin = useRef<'entry' | 'picker'>('entry');
  /** Lines added by a scan or a pick whose quantity is not done yet: checked for the same size then. */
  const freshKeys = useRef(new Set<string>());
  const [sameSize, setSameSize] = useState<SameSizeQuestion | undefined>();
  /** Characters typed while the same-size question is open: the next scan's, replayed after the answer. */
  const heldDuringQuestion = useRef<HeldKey[]>([]);
  const questionRef = useRef<HTMLDivElement>(null);

  const initCatalog = useAppStore((state) => state.initCatalog);
  useEffect(() => {
    // The catalog's sync status tells the picker whether stock figures mean anything (steel extension).
    void initCatalog();
  }, [initCatalog]);

  useEffect(() => {
    let live = true;
    const read = async () => {
      const stats = await voa.catalog.stats();
      if (live && stats.ok) setCatalogSyncedAt(stats.value.syncedAt);
    };
    void read();
    const off = voa.on('catalog:changed', () => void read());
    return () => {
      live = false;
      off();
    };
  }, []);

  /** Per line, the catalog (by its sync time) it was last checked again against: once per catalog. */
  const checkedAgainst = useRef(new Map<string, string>());
  useEffect(() => {
    // A line judged against an earlier catalog (before a sync ended, or in an order parked yesterday) is
    // checked against this one: an item found missing may be in it now, and a known one blocked.
    if (catalogSyncedAt === null) return;
    const now = catalogSyncedAt ?? '';
    const judgedLines = new Set<string>();
    for (const line of [...lines, entry]) {
      const judged = currentCatalog(line);
      if (!judged) continue;
      judgedLines.add(line.key);
      if (judged.syncedAt === now || checkedAgainst.current.get(line.key) === now) continue;
      checkedAgainst.current.set(line.key, now);
      void checkItem(line.key, line.itemNo);
    }
    // A line gone (a new order, a park) or whose number is being changed is asked again when it is back
    // as it was: the answer to its last check may have been dropped meanwhile.
    for (const key of checkedAgainst.current.keys()) {
      if (!judgedLines.has(key)) checkedAgainst.current.delete(key);
    }
  });

  const roomForLine = (count: number) => {
    if (count < MAX_QUOTE_LINES) return true;
    setLimitMessage(t('requestForm.line.tooMany', { max: MAX_QUOTE_LINES }));
    return false;
  };

  /** Applies a change to the line with this key, in the rows or in the entry row, wherever it is now. */
  const updateByKey = (key: string, change: (line: DraftLine) => DraftLine) =>
    onChange((current) => ({
      lines: current.lines.map((line) => (line.key === key ? change(line) : line)),
      entry: current.entry.key === key ? change(current.entry) : current.entry,
    }));

  /**
   * Looks a line's item up by the scan rule (on leaving the field, or Enter): a known item fills the line
   * (the size the scan named, or its only size), an unknown one is marked, a blocked one refused with the
   * reason. The answer is applied only if the line still carries the number that was looked up, and it
   * never touches what was typed meanwhile (the quantity above all).
   */
  const checkItem = async (key: string, typed: string) => {
    const parts = scanCodeParts(typed);
    if (!parts) return;
    const { itemNo } = parts;
    const { verdict, detail, syncedAt } = await lookUpInOneCatalog(typed);
    let apply: ((line: DraftLine) => DraftLine) | undefined;
    if (detail) {
      setSizesOf((known) => ({ ...known, [itemNo]: detail.sizes.filter((size) => size.variantCode) }));
      const named = verdict.kind === 'line' || verdict.kind === 'refused' ? verdict.row.variantCode : '';
      apply = (line) =>
        lineWithCatalogItem(named ? { ...line, variantCode: named } : line, detail, {
          codes,
          remembered: itemUnits[itemNo],
          steel,
        });
    } else {
      setCatalogSyncedAt(syncedAt);
      apply = (line) => lineWithoutCatalogItem(line, syncedAt);
    }
    const change = apply;
    updateByKey(key, (line) => (line.itemNo.trim().toUpperCase() === itemNo ? change(line) : line));
  };

  /** The unit chosen by hand: sets the line's code, and is remembered for the item on this workstation. */
  const chooseUnit = (key: string, line: DraftLine, unit: LineUnit) => {
    const catalog = currentCatalog(line);
    const code = unitCode(unit, codes, {
      baseUnit: catalog?.baseUnit ?? '',
      priceUnit: catalog?.priceUnit ?? '',
    });
    updateByKey(key, (current) => ({ ...current, unit, unitOfMeasureCode: code, unitChosen: true }));
    const itemNo = line.itemNo.trim();
    if (itemNo && catalog?.state === 'known') void setWorkstation({ itemUnit: { itemNo, unit } });
  };

  /** Puts the cursor on a line's quantity, its text selected: the next digits replace the 1 a scan starts with. */
  const focusQuantity = (index: number) => {
    const quantity = document.querySelector<HTMLInputElement>(
      `[name="${QUOTE_LINES_KEY}.${index}.quantity"]`,
    );
    quantity?.focus();
    quantity?.select();
  };
  const pickerInput = () => picker.current?.querySelector<HTMLInputElement>('input[role="combobox"]');

  /**
   * A size picked in the local catalog becomes a line at once. The row is rendered in this same event
   * (flushSync) so that the cursor is on its quantity before the next key is handled.
   */
  const addPicked = (picked: PickedCatalogLine) => {
    if (!roomForLine(lines.length)) return;
    const line = lineFromPicked(newLineKey(), picked, {
      codes,
      remembered: itemUnits[picked.itemNo.toUpperCase()],
      syncedAt: catalogSyncedAt ?? undefined,
    });
    let index = 0;
    flushSync(() =>
      onChange((current) => {
        index = current.lines.length;
        return { ...current, lines: [...current.lines, line] };
      }),
    );
    freshKeys.current.add(line.key);
    scanOrigin.current = 'picker';
    focusQuantity(index);
  };

  // The entry row's item field always exists: focus moves at once, before the next key arrives.
  const focusEntry = () => entryRef?.current?.focus();
  /** Back to where the next line comes from once a scanned line is done: the picker or the entry row. */
  const focusScanOrigin = () => {
    const input = scanOrigin.current === 'picker' ? pickerInput() : undefined;
    if (input) input.focus();
    else focusEntry();
  };
  const addEntry = () => {
    if (!lineHasContent(entry)) return focusEntry();
    if (!roomForLine(lines.length)) return;
    // The entry row's line keeps its key when added, so its catalog check finds it among the lines.
    const { key, itemNo } = entry;
    const checked = currentCatalog(entry) !== undefined;
    let index = -1;
    flushSync(() =>
      onChange((current) => {
        if (!lineHasContent(current.entry)) return current;
        const added = draftWithEntry(current);
        index = added.lines.length - 1;
        return { lines: added.lines, entry: added.entry };
      }),
    );
    scanOrigin.current = 'entry';
    if (index < 0 || !askIfSameSize(key)) focusEntry();
    if (!checked) void checkItem(key, itemNo);
  };

  /**
   * Enter in the entry row's item field: the scan rule. The line is added with the code typed and the
   * cursor is on its quantity within this key event; the catalog's answer fills (or refuses) it later.
   */
  const scanEntry = (text: string) => {
    const parts = scanCodeParts(text);
    if (!parts || entry.quantity.trim()) return addEntry();
    if (!roomForLine(lines.length)) return;
    const { key } = entry;
    let index = -1;
    flushSync(() =>
      onChange((current) => {
        if (current.entry.key !== key) return current;
        const scanned = {
          ...current.entry,
          itemNo: parts.itemNo,
          variantCode: parts.sizeCode || current.entry.variantCode,
        };
        const added = draftWithEntry({ ...current, entry: scanned });
        index = added.lines.length - 1;
        return { lines: added.lines, entry: added.entry };
      }),
    );
    if (index < 0) return;
    freshKeys.current.add(key);
    scanOrigin.current = 'entry';
    focusQuantity(index);
    void checkItem(key, text);
  };

  /**
   * Asks whether a line just done should be added to an earlier line of the same item and size. True when
   * the question is open (it has the cursor); false when there is nothing to ask.
   */
  const askIfSameSize = (key: string): boolean => {
    const current = [...lines, entry].find((line) => line.key === key);
    const identity = current ? sizeIdentity(current) : '';
    const target = identity
      ? lines.find((line) => line.key !== key && sizeIdentity(line) === identity)
      : undefined;
    if (!target) return false;
    heldDuringQuestion.current = [];
    flushSync(() => setSameSize({ key, targetKey: target.key }));
    questionRef.current?.querySelector<HTMLButtonElement>('button')?.focus();
    return true;
  };

  /** The answer: add the new line's quantity to the earlier line (and drop the new one), or keep both. */
  const answerSameSize = (addToExisting: boolean) => {
    const question = sameSize;
    if (!question) return;
    if (addToExisting) {
      onChange((current) => {
        const added = current.lines.find((line) => line.key === question.key);
        if (!added) return current;
        const more = numberFromText(added.quantity, language) ?? 1;
        const target = current.lines.find((line) => line.key === question.targetKey);
        const sum = (target ? (numberFromText(target.quantity, language) ?? 0) : Number.NaN) + more;
        // A quantity that is not a number cannot be added up: both lines stay, each with its message.
        if (!Number.isFinite(sum)) return current;
        return {
          ...current,
          lines: current.lines
            .filter((line) => line.key !== question.key)
            .map((line) =>
              line.key === question.targetKey
                ? { ...line, quantity: formatNumber(sum, language, { grouping: false }) }
                : line,
            ),
        };
      });
    }
    freshKeys.current.delete(question.key);
    flushSync(() => setSameSize(undefined));
    focusScanOrigin();
    replayHeldKeys(heldDuringQuestion.current, () => false, flushSync);
  };

  /** A typed value; a length that makes the line a cut counts it in pieces (unless a unit was chosen). */
  const typed = (line: DraftLine, field: LineField, value: string): DraftLine =>
    withCutUnit({ ...line, [field]: value }, codes, language);
  const setLine = (index: number, field: LineField, value: string) =>
    onChange((current) => ({
      ...current,
      lines: current.lines.map((line, at) => (at === index ? typed(line, field, value) : line)),
    }));
  const setEntry = (field: LineField, value: string) =>
    onChange((current) => ({ ...current, entry: typed(current.entry, field, value) }));
  /** Escape in the entry row: what was typed there goes, in one key. */
  const clearEntry = () => onChange((current) => ({ ...current, entry: emptyLine(current.entry.key) }));
  const move = (index: number, by: -1 | 1) =>
    onChange((current) => {
      const target = index + by;
      if (target < 0 || target >= current.lines.length) return current;
      const next = [...current.lines];
      [next[index], next[target]] = [next[target] as DraftLine, next[index] as DraftLine];
      return { ...current, lines: next };
    });
  const remove = (index: number) => {
    setLimitMessage(undefined);
    onChange((current) => ({ ...current, lines: current.lines.filter((_, at) => at !== index) }));
  };

  const lineKeys = (index: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.altKey && (event.key === 'ArrowUp' || event.key === 'ArrowDown')) {
      event.preventDefault();
      move(index, event.key === 'ArrowUp' ? -1 : 1);
      const name = event.currentTarget.name.replace(
        /\.\d+\./,
        `.${index + (event.key === 'ArrowUp' ? -1 : 1)}.`,
      );
      requestAnimationFrame(() => document.querySelector<HTMLInputElement>(`[name="${name}"]`)?.focus());
    } else if (event.key === 'Enter' && !event.ctrlKey && !event.metaKey) {
      event.preventDefault();
      const line = lines[index];
      if (line && /\.itemNo$/.test(event.currentTarget.name)) void checkItem(line.key, line.itemNo);
      if (line && freshKeys.current.has(line.key)) {
        // A scanned or picked line is done: the same size twice is asked about, then the next scan.
        freshKeys.current.delete(line.key);
        if (askIfSameSize(line.key)) return;
        focusScanOrigin();
        return;
      }
      focusEntry();
    }
  };

  const input = (line: DraftLine, field: LineField, name: string, options: CellOptions) => {
    if (field === 'unitOfMeasureCode') return unitSelect(line, name, options);
    if (NUMERIC.has(field)) return numberInput(line, field, name, options);
    const spec = QUOTE_LINE_FIELDS[field] as { kind: string; maxLength?: number };
    const value = line[field];
    const over = spec.maxLength !== undefined && value.length > spec.maxLength;
    const catalog = currentCatalog(line);
    const sizes = field === 'variantCode' ? (sizesOf[line.itemNo.trim()] ?? []) : [];
    const listId = sizes.length > 1 ? `${name}-sizes` : undefined;
    return (
      <span
        className={`line__cell line__cell--${field}${options.error || over ? ' line__cell--invalid' : ''}`}
      >
        <input
          name={name}
          ref={options.inputRef}
          value={value}
          aria-label={options.label}
          aria-invalid={options.error || over ? true : undefined}
          title={options.error}
          list={listId}
          autoComplete="off"
          spellCheck={false}
          onKeyDown={options.onKeyDown}
          onBlur={
            field === 'itemNo'
              ? () => {
                  if (line.itemNo.trim() && !currentCatalog(line)) void checkItem(line.key, line.itemNo);
                }
              : field === 'variantCode' &&
                  catalog &&
                  catalog.state !== 'unknown' &&
                  catalog.state !== 'noCatalog'
                ? () => void checkItem(line.key, line.itemNo)
                : undefined
          }
          onChange={(event) =>
            options.onChange(spec.kind === 'code' ? toCodeCase(event.target.value) : event.target.value)
          }
        />
        {listId ? (
          <datalist id={listId} aria-label={t('requestForm.line.sizes', { item: line.itemNo })}>
            {sizes.map((size) => (
              <option key={size.variantCode} value={size.variantCode}>
                {size.description}
              </option>
            ))}
          </datalist>
        ) : null}
        {spec.maxLength !== undefined &&
        value.length >= Math.floor(spec.maxLength * 0.8) &&
        // A code the catalog filled in is the catalog's: counting its characters only distracts.
        (over ||
          !(
            CATALOG_CODES.has(field) &&
            catalog &&
            catalog.state !== 'unknown' &&
            catalog.state !== 'noCatalog'
          )) ? (
          <span className={`line__counter${over ? ' field__counter--over' : ''}`}>
            {value.length}/{spec.maxLength}
          </span>
        ) : null}
      </span>
    );
  };

  /** What a line's number field says: read in the UI language, problems in its words. */
  const numberReading = (line: DraftLine, field: LineField): NumberReading =>
    readNumber(t, line[field], language, { maxDecimals: NUMBER_DECIMALS });

  /** Problems of a line's number fields by path, shown with (and before) the form's own errors. */
  const numberProblems = (line: DraftLine, path: (field: string) => string): FieldErrors => {
    const problems: FieldErrors = {};
    for (const field of NUMERIC) {
      const reading = numberReading(line, field);
      if (reading.state === 'problem') problems[path(field)] = reading.message;
    }
    return problems;
  };

  /** A quantity or measure: typed as people write numbers in the UI language, "= 1000" beside it. */
  const numberInput = (line: DraftLine, field: LineField, name: string, options: CellOptions) => {
    const reading = numberReading(line, field);
    const catalog = currentCatalog(line);
    const standard =
      catalog?.state === 'known' && line.variantCode.trim() && field !== 'quantity'
        ? catalog[
            field === 'lengthMm'
              ? 'standardLengthMm'
              : field === 'widthMm'
                ? 'standardWidthMm'
                : 'standardThicknessMm'
          ]
        : 0;
    const problem = reading.state === 'problem' ? reading.message : undefined;
    return (
      <span
        className={`line__cell line__cell--${field}${options.error || problem ? ' line__cell--invalid' : ''}`}
      >
        <NumberField
          name={name}
          inputRef={options.inputRef}
          value={line[field]}
          reading={reading}
          invalid={options.error !== undefined}
          aria-label={options.label}
          title={
            problem ??
            options.error ??
            (standard
              ? t('requestForm.line.standard', { size: `${formatMeasures([standard], language)} mm` })
              : undefined)
          }
          placeholder={standard ? formatMeasures([standard], language) : undefined}
          inputMode={
            field === 'quantity' && !unitAllowsDecimals(line.unit || 'pieces') ? 'numeric' : 'decimal'
          }
          onKeyDown={options.onKeyDown}
          onChange={options.onChange}
        />
      </span>
    );
  };

  /**
   * The unit of a line, by name with its code. The item's base and price unit are offered once the
   * catalog told them; a code that came from elsewhere (a resent request) stays as it is until changed.
   */
  const unitSelect = (
    line: DraftLine,
    name: string,
    options: { label: string; error?: string | undefined },
  ) => {
    const catalog = currentCatalog(line);
    const facts = { baseUnit: catalog?.baseUnit ?? '', priceUnit: catalog?.priceUnit ?? '' };
    const offered = LINE_UNITS.filter((unit) => unitCode(unit, codes, facts) !== '');
    const foreign = !line.unit && line.unitOfMeasureCode.trim() !== '';
    const value = line.unit || (foreign ? '' : 'pieces');
    return (
      <span className={`line__cell line__cell--unit${options.error ? ' line__cell--invalid' : ''}`}>
        <select
          name={name}
          aria-label={options.label}
          aria-invalid={options.error ? true : undefined}
          title={options.error ?? t('requestForm.unit.hint')}
          value={value}
          onChange={(event) => {
            const unit = LINE_UNITS.find((known) => known === event.target.value);
            if (unit) chooseUnit(line.key, line, unit);
          }}
        >
          {foreign ? (
            <option value="">{t('requestForm.unit.other', { code: line.unitOfMeasureCode })}</option>
          ) : null}
          {offered.map((unit) => (
            <option key={unit} value={unit}>
              {unitOption(t, unit, unitCode(unit, codes, facts))}
            </option>
          ))}
        </select>
      </span>
    );
  };

  /** Under a line: profile and grade, what the catalog said, and a cut with its sawing instruction. */
  const lineNotes = (line: DraftLine, index: number | undefined) => {
    const note = catalogNote(t, line, language);
    const cut = cutMeasures(line, language);
    const cutText = cut.length ? formatMeasures(cut, language) : '';
    const sawing = cutText ? t('requestForm.line.sawingText', { size: cutText }) : '';
    const catalog = currentCatalog(line);
    const refused = catalog?.state === 'refused';
    const treatment = catalog?.treatment ?? '';
    const lengthMissing =
      catalog?.state === 'known' &&
      catalog.cutToLength &&
      numberFromText(line.lengthMm, language) === undefined;
    return (
      <>
        {treatment ? <span className="line__meta line__meta--treatment">{treatment}</span> : null}
        {lengthMissing ? (
          <span className="line__meta line__meta--bad">{t('requestForm.line.lengthNeeded')}</span>
        ) : null}
        {line.profileCode || line.qualityCode ? (
          <span className="line__meta">
            {t('requestForm.line.profileGrade', {
              profile: line.profileCode || '–',
              grade: line.qualityCode || '–',
            })}
          </span>
        ) : null}
        {note ? (
          <span
            className={`line__meta line__meta--catalog${refused ? ' line__meta--bad' : ''}`}
            role={refused ? 'alert' : undefined}
          >
            {note}
          </span>
        ) : null}
        {cutText ? (
          <span className="line__meta line__meta--cut">
            <strong>
              {cutLineText(
                t,
                {
                  quantity: numberFromText(line.quantity, language),
                  unitOfMeasureCode: line.unitOfMeasureCode,
                  cut: cutText,
                },
                codes,
                language,
              )}
            </strong>
            {line.lineRemarks.includes(sawing) ? null : (
              <button
                type="button"
                className="link-button"
                onClick={() => {
                  updateByKey(line.key, (current) => ({
                    ...current,
                    lineRemarks: current.lineRemarks.trim()
                      ? `${current.lineRemarks.trim()}; ${sawing}`
                      : sawing,
                  }));
                  const field =
                    index === undefined ? 'entry.lineRemarks' : `${QUOTE_LINES_KEY}.${index}.lineRemarks`;
                  requestAnimationFrame(() =>
                    document.querySelector<HTMLInputElement>(`[name="${field}"]`)?.focus(),
                  );
                }}
              >
                {t('requestForm.line.sawingAdd')}
              </button>
            )}
          </span>
        ) : null}
      </>
    );
  };
  const label = (field: LineField) => t(`requestForm.line.${field}` as MessageKey);
  const entryProblems = Object.entries(numberProblems(entry, (field) => `entry.${field}`));

  /** Same size twice: Enter adds to the earlier line, Esc (or the second button) keeps a new line. */
  const sameSizeQuestion = (question: SameSizeQuestion) => {
    const added = lines.find((line) => line.key === question.key);
    const targetIndex = lines.findIndex((line) => line.key === question.targetKey);
    const target = lines[targetIndex];
    if (!added || !target) return null;
    const line = targetIndex + 1;
    const size = [target.itemNo, target.variantCode].filter((part) => part.trim()).join(' ');
    return (
      <div
        className="same-size"
        role="alertdialog"
        aria-labelledby="same-size-title"
        aria-describedby="same-size-question"
        ref={questionRef}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.preventDefault();
            answerSameSize(false);
          } else if (event.key.length === 1 && event.key !== ' ' && isHeldKey(event)) {
            // The next scan's characters, typed before the answer: kept for the item field.
            event.preventDefault();
            heldDuringQuestion.current.push(event.key);
          }
        }}
      >
        <strong id="same-size-title">{t('input.sameSize.title')}</strong>
        <p id="same-size-question">
          {t('input.sameSize.question', {
            size,
            line,
            quantity: `${target.quantity || '1'} ${unitOption(t, target.unit || 'pieces', '')}`,
            added: added.quantity || '1',
          })}
        </p>
        <span className="same-size__actions">
          <button type="button" className="button button--primary" onClick={() => answerSameSize(true)}>
            {t('input.sameSize.add', { line })}
          </button>
          <button type="button" className="button" onClick={() => answerSameSize(false)}>
            {t('input.sameSize.separate')}
          </button>
          <span className="field__hint">{t('input.sameSize.keys', { line })}</span>
        </span>
      </div>
    );
  };

  return (
    <section className="panel lines" aria-labelledby="lines-title">
      <h2 id="lines-title">
        {t('requestForm.form.lines')} <span className="badge badge--muted">{lines.length}</span>
      </h2>
      <div className="line line--head" aria-hidden="true">
        <span className="line__no">#</span>
        {ROW_FIELDS.map((field) => (
          <span key={field} className={`line__cell line__cell--${field}`}>
            {label(field)}
          </span>
        ))}
        <span className="line__actions" />
      </div>
      {catalogSyncedAt === undefined ? (
        <p className="banner banner--info lines__catalog-empty" role="status">
          {t('requestForm.line.catalogEmpty')}
        </p>
      ) : null}
      {lines.length === 0 ? <p className="lines__empty">{t('requestForm.form.linesEmpty')}</p> : null}
      <ol className="lines__list">
        {lines.map((line, index) => {
          const number = index + 1;
          const path = (field: string) => `${QUOTE_LINES_KEY}.${index}.${field}`;
          const lineErrors = Object.entries({
            ...Object.fromEntries(
              Object.entries(errors).filter(([key]) => key.startsWith(`${QUOTE_LINES_KEY}.${index}.`)),
            ),
            ...numberProblems(line, path),
          });
          return (
            <li key={line.key} className="line" aria-label={t('requestForm.line.number', { number })}>
              <span className="line__no">{number}</span>
              {ROW_FIELDS.map((field) => (
                <span key={field} className="line__slot">
                  {input(line, field, path(field), {
                    label: `${t('requestForm.line.number', { number })} · ${label(field)}`,
                    error: errors[path(field)],
                    onChange: (value) => setLine(index, field, value),
                    onKeyDown: lineKeys(index),
                  })}
                </span>
              ))}
              <span className="line__actions">
                <button
                  type="button"
                  className="icon-button"
                  aria-label={t('requestForm.line.up', { number })}
                  disabled={index === 0}
                  onClick={() => move(index, -1)}
                >
                  ↑
                </button>
                <button
                  type="button"
                  className="icon-button"
                  aria-label={t('requestForm.line.down', { number })}
                  disabled={index === lines.length - 1}
                  onClick={() => move(index, 1)}
                >
                  ↓
                </button>
                <button
                  type="button"
                  className="icon-button icon-button--bad"
                  aria-label={t('requestForm.line.remove', { number })}
                  onClick={() => remove(index)}
                >
                  ×
                </button>
              </span>
              <span className="line__texts">
                {TEXT_FIELDS.map((field) => (
                  <span key={field} className="line__text">
                    <span className="line__text-label">{label(field)}</span>
                    {input(line, field, path(field), {
                      label: `${t('requestForm.line.number', { number })} · ${label(field)}`,
                      error: errors[path(field)],
                      onChange: (value) => setLine(index, field, value),
                      onKeyDown: lineKeys(index),
                    })}
                  </span>
                ))}
                <span className="line__notes">{lineNotes(line, index)}</span>
              </span>
              <LineErrors problems={lineErrors} fieldAt={2} label={label} />
            </li>
          );
        })}
      </ol>
      {sameSize ? sameSizeQuestion(sameSize) : null}
      <div className="lines__picker" ref={picker}>
        <CatalogItemPicker key={formRun} label={t('requestForm.line.catalog')} onPick={addPicked} />
        <span className="field__hint">{t('requestForm.line.catalogHint')}</span>
      </div>
      <div className="line line--entry" role="group" aria-label={t('requestForm.line.entry')}>
        <span className="line__no">+</span>
        {ROW_FIELDS.map((field) => (
          <span key={field} className="line__slot">
            {input(entry, field, `entry.${field}`, {
              label: `${t('requestForm.line.entry')} · ${label(field)}`,
              inputRef: field === 'itemNo' ? entryRef : undefined,
              onChange: (value) => setEntry(field, value),
              onKeyDown: (event) => {
                if (event.key === 'Enter' && !event.ctrlKey && !event.metaKey) {
                  event.preventDefault();
                  // The field's own text: a scanner's Enter follows its last character at once.
                  if (field === 'itemNo') scanEntry(event.currentTarget.value);
                  else addEntry();
                } else if (event.key === 'Escape' && lineHasContent(entry)) {
                  event.preventDefault();
                  clearEntry();
                  focusEntry();
                }
              },
            })}
          </span>
        ))}
        <span className="line__actions">
          <button type="button" className="button" onClick={addEntry}>
            {t('requestForm.line.add')}
          </button>
        </span>
        <span className="line__texts">
          {TEXT_FIELDS.map((field) => (
            <span key={field} className="line__text">
              <span className="line__text-label">{label(field)}</span>
              {input(entry, field, `entry.${field}`, {
                label: `${t('requestForm.line.entry')} · ${label(field)}`,
                onChange: (value) => setEntry(field, value),
                onKeyDown: (event) => {
                  if (event.key === 'Enter' && !event.ctrlKey && !event.metaKey) {
                    event.preventDefault();
                    addEntry();
                  }
                },
              })}
            </span>
          ))}
          <span className="line__notes">{lineNotes(entry, undefined)}</span>
        </span>
        <LineErrors problems={entryProblems} fieldAt={1} label={label} />
        <span className="line__hint field__hint">{t('requestForm.line.addHint')}</span>
      </div>
      {limitMessage ? (
        <p className="field__error" role="alert">
          {limitMessage}
        </p>
      ) : null}
    </section>
  );
}
