// The lines of a quote request: a row per line, every value editable in place, and an entry row at the
// bottom where Enter adds the line, so a keyboard-wedge scanner (item number + Enter) adds lines by itself.
import { useEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import type { CatalogSizeRow } from '../../../shared/contract/catalog-search.ts';
import type { PickedCatalogLine } from '../../../shared/contract/picked-line.ts';
import {
  currentCatalog,
  lineFromPicked,
  lineHasContent,
  lineWithCatalogItem,
  lineWithoutCatalogItem,
  numberFromText,
  type DraftLine,
  type QuoteDraft,
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
import { useAppStore } from '../store/use-app-store.ts';
import { voa } from '../bridge/voa.ts';
import { formatWhen } from '../components/catalog-format.ts';
import { useT, type MessageKey, type Translate } from '../i18n/i18n.ts';
import { CatalogItemPicker } from './catalog-item-picker.tsx';
import { formatMeasures, unitOption } from './line-format.ts';
import { draftWithEntry, newLineKey, type FieldErrors } from './request-form-support.ts';

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

/** The measures that make a line a cut (typed, on a size, other than the size's own). */
function cutMeasures(line: DraftLine): number[] {
  const catalog = currentCatalog(line);
  const facts = catalog?.state === 'known' ? catalog : undefined;
  const hasSize = line.variantCode.trim() !== '';
  return LINE_DIMENSIONS.map((dimension) =>
    cutDimension(dimension, numberFromText(line[dimension]), facts, hasSize),
  ).filter((value): value is number => value !== undefined);
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

interface LinesEditorProps {
  lines: DraftLine[];
  entry: DraftLine;
  errors: FieldErrors;
  entryRef?: RefObject<HTMLInputElement | null> | undefined;
  /** Holds the catalog search, so that a shortcut can put the cursor there. */
  pickerRef?: RefObject<HTMLDivElement | null> | undefined;
  /** Changes are functions of the current lines and entry: keys typed faster than a render never race. */
  onChange(change: (current: LinesAndEntry) => LinesAndEntry): void;
}

export interface LinesAndEntry {
  lines: DraftLine[];
  entry: DraftLine;
}

export function LinesEditor({ lines, entry, errors, entryRef, pickerRef, onChange }: LinesEditorProps) {
  const t = useT();
  const language = useAppStore((state) => state.language);
  const codes = useAppStore((state) => state.settingsView?.settings.units) ?? DEFAULT_UNIT_CODES;
  const itemUnits = useAppStore((state) => state.workstation.itemUnits);
  const setWorkstation = useAppStore((state) => state.setWorkstation);
  const ownPickerRef = useRef<HTMLDivElement>(null);
  const picker = pickerRef ?? ownPickerRef;
  /** When the local catalog was synced; undefined when it never was (lines then go as typed). */
  const [catalogSyncedAt, setCatalogSyncedAt] = useState<string | undefined | null>(null);
  /** The sizes of items looked up, offered in the size field of their lines. */
  const [sizesOf, setSizesOf] = useState<Record<string, CatalogSizeRow[]>>({});
  const [limitMessage, setLimitMessage] = useState<string | undefined>();

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
   * Looks the item number up in the local catalog (on leaving the field, or Enter): a known item fills
   * the line, an unknown one is marked, a blocked one refused. The answer is applied only if the line
   * still carries the number that was looked up.
   */
  const checkItem = async (key: string, typed: string) => {
    const itemNo = typed.trim();
    if (!itemNo) return;
    const result = await voa.catalog.item({ itemNo: itemNo.slice(0, QUOTE_LINE_FIELDS.itemNo.maxLength) });
    let apply: ((line: DraftLine) => DraftLine) | undefined;
    if (result.ok) {
      const detail = result.value;
      setSizesOf((known) => ({ ...known, [itemNo]: detail.sizes.filter((size) => size.variantCode) }));
      apply = (line) =>
        lineWithCatalogItem(line, detail, { codes, remembered: itemUnits[itemNo.toUpperCase()] });
    } else if (result.error.code === 'not-found') {
      const stats = await voa.catalog.stats();
      const syncedAt = stats.ok ? stats.value.syncedAt : undefined;
      setCatalogSyncedAt(syncedAt);
      apply = (line) => lineWithoutCatalogItem(line, syncedAt);
    }
    if (apply) {
      const change = apply;
      updateByKey(key, (line) => (line.itemNo.trim() === itemNo ? change(line) : line));
    }
  };

  /** The unit chosen by hand: sets the line's code, and is remembered for the item on this workstation. */
  const chooseUnit = (key: string, line: DraftLine, unit: LineUnit) => {
    const catalog = currentCatalog(line);
    const code = unitCode(unit, codes, {
      baseUnit: catalog?.baseUnit ?? '',
      priceUnit: catalog?.priceUnit ?? '',
    });
    updateByKey(key, (current) => ({ ...current, unit, unitOfMeasureCode: code }));
    const itemNo = line.itemNo.trim();
    if (itemNo && catalog?.state === 'known') void setWorkstation({ itemUnit: { itemNo, unit } });
  };

  /** A size picked in the local catalog becomes a line at once; the cursor goes to its quantity. */
  const addPicked = (picked: PickedCatalogLine) => {
    if (!roomForLine(lines.length)) return;
    const line = lineFromPicked(newLineKey(), picked, {
      codes,
      remembered: itemUnits[picked.itemNo.toUpperCase()],
      syncedAt: catalogSyncedAt ?? undefined,
    });
    onChange((current) => ({ ...current, lines: [...current.lines, line] }));
    const name = `${QUOTE_LINES_KEY}.${lines.length}.quantity`;
    // The new line's row exists only after the next render.
    requestAnimationFrame(() => {
      const quantity = document.querySelector<HTMLInputElement>(`[name="${name}"]`);
      quantity?.focus();
      quantity?.select();
    });
  };

  // The entry row's item field always exists: focus moves at once, before the next key arrives.
  const focusEntry = () => entryRef?.current?.focus();
  const addEntry = () => {
    if (!lineHasContent(entry)) return focusEntry();
    if (!roomForLine(lines.length)) return;
    // The entry row's line keeps its key when added, so its catalog check finds it among the lines.
    const { key, itemNo } = entry;
    const checked = currentCatalog(entry) !== undefined;
    onChange((current) => {
      if (!lineHasContent(current.entry)) return current;
      const added = draftWithEntry(current as QuoteDraft);
      return { lines: added.lines, entry: added.entry };
    });
    focusEntry();
    if (!checked) void checkItem(key, itemNo);
  };
  const setLine = (index: number, field: LineField, value: string) =>
    onChange((current) => ({
      ...current,
      lines: current.lines.map((line, at) => (at === index ? { ...line, [field]: value } : line)),
    }));
  const setEntry = (field: LineField, value: string) =>
    onChange((current) => ({ ...current, entry: { ...current.entry, [field]: value } }));
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
      focusEntry();
    }
  };

  const input = (
    line: DraftLine,
    field: LineField,
    name: string,
    options: {
      label: string;
      onChange(value: string): void;
      onKeyDown(event: KeyboardEvent<HTMLInputElement>): void;
      inputRef?: RefObject<HTMLInputElement | null> | undefined;
      error?: string | undefined;
    },
  ) => {
    if (field === 'unitOfMeasureCode') return unitSelect(line, name, options);
    const spec = QUOTE_LINE_FIELDS[field] as { kind: string; maxLength?: number };
    const value = line[field];
    const over = spec.maxLength !== undefined && value.length > spec.maxLength;
    const catalog = currentCatalog(line);
    const sizes = field === 'variantCode' ? (sizesOf[line.itemNo.trim()] ?? []) : [];
    const standard =
      catalog?.state === 'known' &&
      line.variantCode.trim() &&
      (LINE_DIMENSIONS as readonly string[]).includes(field)
        ? catalog[
            field === 'lengthMm'
              ? 'standardLengthMm'
              : field === 'widthMm'
                ? 'standardWidthMm'
                : 'standardThicknessMm'
          ]
        : 0;
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
          title={
            options.error ??
            (standard
              ? t('requestForm.line.standard', { size: `${formatMeasures([standard], language)} mm` })
              : undefined)
          }
          placeholder={standard ? formatMeasures([standard], language) : undefined}
          list={listId}
          inputMode={
            field === 'quantity' && !unitAllowsDecimals(line.unit || 'pieces')
              ? 'numeric'
              : NUMERIC.has(field)
                ? 'decimal'
                : undefined
          }
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
        {spec.maxLength !== undefined && value.length >= Math.floor(spec.maxLength * 0.8) ? (
          <span className={`line__counter${over ? ' field__counter--over' : ''}`}>
            {value.length}/{spec.maxLength}
          </span>
        ) : null}
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
    const cut = cutMeasures(line);
    const cutText = cut.length ? formatMeasures(cut, language) : '';
    const sawing = cutText ? t('requestForm.line.sawingText', { size: cutText }) : '';
    const refused = currentCatalog(line)?.state === 'refused';
    return (
      <>
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
            <strong>{t('requestForm.line.cut', { size: cutText })}</strong>
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
          const lineErrors = Object.entries(errors).filter(([key]) =>
            key.startsWith(`${QUOTE_LINES_KEY}.${index}.`),
          );
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
              {lineErrors.length ? (
                <ul className="line__errors">
                  {lineErrors.map(([key, message]) => (
                    <li key={key} className="field__error" role="alert">
                      {label(key.split('.')[2] as LineField)}: {message}
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          );
        })}
      </ol>
      <div className="lines__picker" ref={picker}>
        <CatalogItemPicker label={t('requestForm.line.catalog')} onPick={addPicked} />
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
                  addEntry();
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
