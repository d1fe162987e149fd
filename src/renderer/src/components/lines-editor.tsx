// The lines of a quote request: a row per line, every value editable in place, and an entry row at the
// bottom where Enter adds the line, so a keyboard-wedge scanner (item number + Enter) adds lines by itself.
import { useRef, type KeyboardEvent, type RefObject } from 'react';
import {
  lineFromPicked,
  lineHasContent,
  type DraftLine,
  type QuoteDraft,
} from '../../../shared/contract/request-drafts.ts';
import { QUOTE_LINE_FIELDS, QUOTE_LINES_KEY, toCodeCase } from '../../../shared/contract/request-fields.ts';
import { useT, type MessageKey } from '../i18n/i18n.ts';
import { CatalogItemPicker } from './catalog-item-picker.tsx';
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
  const ownPickerRef = useRef<HTMLDivElement>(null);
  const picker = pickerRef ?? ownPickerRef;

  /** A size picked in the local catalog becomes a line at once; the cursor goes to its quantity. */
  const addPicked = (picked: Parameters<typeof lineFromPicked>[1]) => {
    const line = lineFromPicked(newLineKey(), picked);
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
    onChange((current) => {
      if (!lineHasContent(current.entry)) return current;
      const added = draftWithEntry(current as QuoteDraft);
      return { lines: added.lines, entry: added.entry };
    });
    focusEntry();
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
  const remove = (index: number) =>
    onChange((current) => ({ ...current, lines: current.lines.filter((_, at) => at !== index) }));

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
    const spec = QUOTE_LINE_FIELDS[field] as { kind: string; maxLength?: number };
    const value = line[field];
    const over = spec.maxLength !== undefined && value.length > spec.maxLength;
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
          inputMode={NUMERIC.has(field) ? 'decimal' : undefined}
          autoComplete="off"
          spellCheck={false}
          onKeyDown={options.onKeyDown}
          onChange={(event) =>
            options.onChange(spec.kind === 'code' ? toCodeCase(event.target.value) : event.target.value)
          }
        />
        {spec.maxLength !== undefined && value.length >= Math.floor(spec.maxLength * 0.8) ? (
          <span className={`line__counter${over ? ' field__counter--over' : ''}`}>
            {value.length}/{spec.maxLength}
          </span>
        ) : null}
      </span>
    );
  };
  const label = (field: LineField) => t(`outbox.line.${field}` as MessageKey);

  return (
    <section className="panel lines" aria-labelledby="lines-title">
      <h2 id="lines-title">
        {t('outbox.form.lines')} <span className="badge badge--muted">{lines.length}</span>
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
      {lines.length === 0 ? <p className="lines__empty">{t('outbox.form.linesEmpty')}</p> : null}
      <ol className="lines__list">
        {lines.map((line, index) => {
          const number = index + 1;
          const path = (field: string) => `${QUOTE_LINES_KEY}.${index}.${field}`;
          const lineErrors = Object.entries(errors).filter(([key]) =>
            key.startsWith(`${QUOTE_LINES_KEY}.${index}.`),
          );
          return (
            <li key={line.key} className="line" aria-label={t('outbox.line.number', { number })}>
              <span className="line__no">{number}</span>
              {ROW_FIELDS.map((field) => (
                <span key={field} className="line__slot">
                  {input(line, field, path(field), {
                    label: `${t('outbox.line.number', { number })} · ${label(field)}`,
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
                  aria-label={t('outbox.line.up', { number })}
                  disabled={index === 0}
                  onClick={() => move(index, -1)}
                >
                  ↑
                </button>
                <button
                  type="button"
                  className="icon-button"
                  aria-label={t('outbox.line.down', { number })}
                  disabled={index === lines.length - 1}
                  onClick={() => move(index, 1)}
                >
                  ↓
                </button>
                <button
                  type="button"
                  className="icon-button icon-button--bad"
                  aria-label={t('outbox.line.remove', { number })}
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
                      label: `${t('outbox.line.number', { number })} · ${label(field)}`,
                      error: errors[path(field)],
                      onChange: (value) => setLine(index, field, value),
                      onKeyDown: lineKeys(index),
                    })}
                  </span>
                ))}
                {line.profileCode || line.qualityCode ? (
                  <span className="line__meta">
                    {t('outbox.line.profileGrade', {
                      profile: line.profileCode || '–',
                      grade: line.qualityCode || '–',
                    })}
                  </span>
                ) : null}
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
        <CatalogItemPicker label={t('outbox.line.catalog')} onPick={addPicked} />
        <span className="field__hint">{t('outbox.line.catalogHint')}</span>
      </div>
      <div className="line line--entry" role="group" aria-label={t('outbox.line.entry')}>
        <span className="line__no">+</span>
        {ROW_FIELDS.map((field) => (
          <span key={field} className="line__slot">
            {input(entry, field, `entry.${field}`, {
              label: `${t('outbox.line.entry')} · ${label(field)}`,
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
            {t('outbox.line.add')}
          </button>
        </span>
        <span className="line__texts">
          {TEXT_FIELDS.map((field) => (
            <span key={field} className="line__text">
              <span className="line__text-label">{label(field)}</span>
              {input(entry, field, `entry.${field}`, {
                label: `${t('outbox.line.entry')} · ${label(field)}`,
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
        </span>
        <span className="line__hint field__hint">{t('outbox.line.addHint')}</span>
      </div>
    </section>
  );
}
