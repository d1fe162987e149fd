// The row view of the lines editor: one line's cells (item, quantity, unit, size and measures, then
// description and remark), what is noted under it (treatment, profile and grade, the catalog's verdict,
// a cut with how many of it), its problems, and the same-size question. What a change does is the
// hook's (use-lines-editor.ts); what a line means is the rules' (line-rules.ts).
import { memo, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import type { CatalogSizeRow } from '../../../shared/contract/catalog-search.ts';
import { currentCatalog, numberFromText, type DraftLine } from '../../../shared/contract/request-drafts.ts';
import { QUOTE_LINE_FIELDS, QUOTE_LINES_KEY, toCodeCase } from '../../../shared/contract/request-fields.ts';
import { LINE_UNITS, unitAllowsDecimals, unitCode } from '../../../shared/contract/request-lines.ts';
import { NumberField } from '../components/number-field.tsx';
import { LiveStockCheck, liveStockOfferedAfter } from '../components/live-stock-check.tsx';
import { useT, type MessageKey } from '../i18n/i18n.ts';
import { useAppStore } from '../store/use-app-store.ts';
import { isHeldKey } from './scan-input.ts';
import { cutLineText, formatMeasures, unitOption } from './line-format.ts';
import {
  CATALOG_CODES,
  NUMERIC,
  ROW_FIELDS,
  TEXT_FIELDS,
  catalogNote,
  cutMeasures,
  lengthMissing,
  numberProblems,
  numberReading,
  type LineField,
  type SameSizeQuestion,
} from './line-rules.ts';
import type { FieldErrors } from './form-verdict.ts';
import type { LinesEditorState } from './use-lines-editor.ts';

/** What a cell of a line is told: its label, its error, and what typing and keys in it do. */
interface CellOptions {
  label: string;
  onChange(value: string): void;
  onKeyDown(event: KeyboardEvent<HTMLInputElement>): void;
  error?: string | undefined;
}

interface CellProps {
  editor: LinesEditorState;
  line: DraftLine;
  field: LineField;
  name: string;
  options: CellOptions;
  /** The sizes of the line's item the catalog told, offered in its size field. */
  sizes: readonly CatalogSizeRow[] | undefined;
  /** The entry row's item field: a shortcut and the scan rule put the cursor there. */
  inputRef?: RefObject<HTMLInputElement | null> | undefined;
}

/** A column's heading and a cell's label: "Aantal", "Lengte mm". */
export function useLineLabel(): (field: LineField) => string {
  const t = useT();
  return (field) => t(`requestForm.line.${field}` as MessageKey);
}

/** A cell of a line: a unit list, a number field, or a text (a code is uppercased as it is typed). */
function LineCell(props: CellProps) {
  const { editor, line, field, name, options, inputRef } = props;
  const t = useT();
  if (field === 'unitOfMeasureCode') return <UnitCell {...props} />;
  if (NUMERIC.has(field)) return <NumberCell {...props} />;
  const spec = QUOTE_LINE_FIELDS[field] as { kind: string; maxLength?: number };
  const value = line[field];
  const over = spec.maxLength !== undefined && value.length > spec.maxLength;
  const catalog = currentCatalog(line);
  const checked = catalog !== undefined && catalog.state !== 'unknown' && catalog.state !== 'noCatalog';
  const sizes = field === 'variantCode' ? (props.sizes ?? []) : [];
  const listId = sizes.length > 1 ? `${name}-sizes` : undefined;
  return (
    <span className={`line__cell line__cell--${field}${options.error || over ? ' line__cell--invalid' : ''}`}>
      <input
        name={name}
        ref={inputRef}
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
                if (line.itemNo.trim() && !currentCatalog(line)) void editor.checkItem(line.key, line.itemNo);
              }
            : field === 'variantCode' && checked
              ? () => void editor.checkItem(line.key, line.itemNo)
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
      (over || !(CATALOG_CODES.has(field) && checked)) ? (
        <span className={`line__counter${over ? ' field__counter--over' : ''}`}>
          {value.length}/{spec.maxLength}
        </span>
      ) : null}
    </span>
  );
}

/** A quantity or measure: typed as people write numbers in the UI language, "= 1000" beside it. */
function NumberCell({ editor, line, field, name, options, inputRef }: CellProps) {
  const t = useT();
  const { language } = editor;
  const reading = numberReading(t, line, field, language);
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
        inputRef={inputRef}
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
        inputMode={field === 'quantity' && !unitAllowsDecimals(line.unit || 'pieces') ? 'numeric' : 'decimal'}
        onKeyDown={options.onKeyDown}
        onChange={options.onChange}
      />
    </span>
  );
}

/**
 * The unit of a line, by name with its code. The item's base and price unit are offered once the
 * catalog told them; a code that came from elsewhere (a resent request) stays as it is until changed.
 */
function UnitCell({ editor, line, name, options }: CellProps) {
  const t = useT();
  const { codes } = editor;
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
          if (unit) editor.chooseUnit(line.key, line, unit);
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
}

/**
 * Under a line: its treatment, a cut-to-length size's missing length, profile and grade, what the
 * catalog said, and a cut with how many of it and its sawing instruction.
 */
function LineNotes({
  editor,
  line,
  remarkField,
}: {
  editor: LinesEditorState;
  line: DraftLine;
  remarkField: string;
}) {
  const t = useT();
  const { language, codes } = editor;
  const note = catalogNote(t, line, language);
  const cut = cutMeasures(line, language);
  const cutText = cut.length ? formatMeasures(cut, language) : '';
  const sawing = cutText ? t('requestForm.line.sawingText', { size: cutText }) : '';
  const catalog = currentCatalog(line);
  const refused = catalog?.state === 'refused';
  const treatment = catalog?.treatment ?? '';
  const liveStockOffered = useAppStore((state) => liveStockOfferedAfter(state.syncStatus));
  const checkStock = useAppStore((state) => state.checkStock);
  const itemNo = line.itemNo.trim();
  const variantCode = line.variantCode.trim();
  return (
    <>
      {treatment ? <span className="line__meta line__meta--treatment">{treatment}</span> : null}
      {lengthMissing(line, language) ? (
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
      {liveStockOffered && catalog?.state === 'known' && variantCode ? (
        <span className="line__meta">
          <LiveStockCheck
            check={checkStock}
            itemNo={itemNo}
            variantCode={variantCode}
            unit={catalog.baseUnit}
            sizeLabel={`${itemNo} ${variantCode}`}
          />
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
              onClick={() => editor.addSawingRemark(line.key, sawing, remarkField)}
            >
              {t('requestForm.line.sawingAdd')}
            </button>
          )}
        </span>
      ) : null}
    </>
  );
}

/** A line's second row: its description and remark, and what is noted under the line. */
function LineTexts({
  editor,
  line,
  cell,
  remarkField,
}: {
  editor: LinesEditorState;
  line: DraftLine;
  cell: (field: LineField) => ReactNode;
  remarkField: string;
}) {
  const label = useLineLabel();
  return (
    <span className="line__texts">
      {TEXT_FIELDS.map((field) => (
        <span key={field} className="line__text">
          <span className="line__text-label">{label(field)}</span>
          {cell(field)}
        </span>
      ))}
      <span className="line__notes">
        <LineNotes editor={editor} line={line} remarkField={remarkField} />
      </span>
    </span>
  );
}

/** A line's problems under it, each naming its field: `fieldAt` is the field's place in the error path. */
function LineErrors({ problems, fieldAt }: { problems: [string, string][]; fieldAt: number }) {
  const label = useLineLabel();
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

interface LineRowProps {
  editor: LinesEditorState;
  line: DraftLine;
  index: number;
  /** The last line has no "down" button to press. */
  last: boolean;
  /** This line's problems only, by their form path. */
  errors: FieldErrors;
  sizes: readonly CatalogSizeRow[] | undefined;
}

/** The same problems, whether or not the form's verdict built a new object for them. */
function sameErrors(a: FieldErrors, b: FieldErrors): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

/**
 * A line of the form: its number, its cells, its buttons (up, down, remove), its texts, notes and
 * problems. Rendered again only when something it shows changed: typing in one line of a long order
 * leaves the other lines alone.
 */
export const LineRow = memo(
  LineRowView,
  (before, after) =>
    before.editor === after.editor &&
    before.line === after.line &&
    before.index === after.index &&
    before.last === after.last &&
    before.sizes === after.sizes &&
    sameErrors(before.errors, after.errors),
);

function LineRowView({ editor, line, index, last, errors, sizes }: LineRowProps) {
  const t = useT();
  const label = useLineLabel();
  const number = index + 1;
  const path = (field: string) => `${QUOTE_LINES_KEY}.${index}.${field}`;
  const problems = Object.entries({
    ...Object.fromEntries(
      Object.entries(errors).filter(([key]) => key.startsWith(`${QUOTE_LINES_KEY}.${index}.`)),
    ),
    ...numberProblems(t, line, editor.language, path),
  });
  const cell = (field: LineField) => (
    <LineCell
      editor={editor}
      line={line}
      field={field}
      name={path(field)}
      sizes={sizes}
      options={{
        label: `${t('requestForm.line.number', { number })} · ${label(field)}`,
        error: errors[path(field)],
        onChange: (value) => editor.setLine(index, field, value),
        onKeyDown: (event) => editor.lineKey(index, event),
      }}
    />
  );
  return (
    <li className="line" aria-label={t('requestForm.line.number', { number })}>
      <span className="line__no">{number}</span>
      {ROW_FIELDS.map((field) => (
        <span key={field} className="line__slot">
          {cell(field)}
        </span>
      ))}
      <span className="line__actions">
        <button
          type="button"
          className="icon-button"
          aria-label={t('requestForm.line.up', { number })}
          disabled={index === 0}
          onClick={() => editor.move(index, -1)}
        >
          ↑
        </button>
        <button
          type="button"
          className="icon-button"
          aria-label={t('requestForm.line.down', { number })}
          disabled={last}
          onClick={() => editor.move(index, 1)}
        >
          ↓
        </button>
        <button
          type="button"
          className="icon-button icon-button--bad"
          aria-label={t('requestForm.line.remove', { number })}
          onClick={() => editor.remove(index)}
        >
          ×
        </button>
      </span>
      <LineTexts editor={editor} line={line} cell={cell} remarkField={path('lineRemarks')} />
      <LineErrors problems={problems} fieldAt={2} />
    </li>
  );
}

/**
 * The entry row: Enter in its item field is the scan rule, Enter elsewhere adds the line, Esc clears it.
 * Rendered again only when what is typed in it changes.
 */
export const EntryRow = memo(function EntryRow({
  editor,
  entry,
  entryRef,
  sizes,
}: {
  editor: LinesEditorState;
  entry: DraftLine;
  entryRef?: RefObject<HTMLInputElement | null> | undefined;
  sizes: readonly CatalogSizeRow[] | undefined;
}) {
  const t = useT();
  const label = useLineLabel();
  const problems = Object.entries(numberProblems(t, entry, editor.language, (field) => `entry.${field}`));
  const cell = (field: LineField) => (
    <LineCell
      editor={editor}
      line={entry}
      field={field}
      name={`entry.${field}`}
      sizes={sizes}
      inputRef={field === 'itemNo' ? entryRef : undefined}
      options={{
        label: `${t('requestForm.line.entry')} · ${label(field)}`,
        onChange: (value) => editor.setEntry(field, value),
        onKeyDown: (event) => {
          if (event.key === 'Enter' && !event.ctrlKey && !event.metaKey) {
            event.preventDefault();
            // The field's own text: a scanner's Enter follows its last character at once.
            if (field === 'itemNo') editor.scanEntry(event.currentTarget.value);
            else editor.addEntry();
          } else if (event.key === 'Escape') {
            event.preventDefault();
            editor.clearEntry();
            editor.focusEntry();
          }
        },
      }}
    />
  );
  return (
    <div className="line line--entry" role="group" aria-label={t('requestForm.line.entry')}>
      <span className="line__no">+</span>
      {ROW_FIELDS.map((field) => (
        <span key={field} className="line__slot">
          {cell(field)}
        </span>
      ))}
      <span className="line__actions">
        <button type="button" className="button" onClick={editor.addEntry}>
          {t('requestForm.line.add')}
        </button>
      </span>
      <LineTexts editor={editor} line={entry} cell={cell} remarkField="entry.lineRemarks" />
      <LineErrors problems={problems} fieldAt={1} />
      <span className="line__hint field__hint">{t('requestForm.line.addHint')}</span>
    </div>
  );
});

/** Same size twice: Enter adds to the earlier line, Esc (or the second button) keeps a new line. */
export function SameSizeQuestionView({
  editor,
  lines,
  question,
  questionRef,
}: {
  editor: LinesEditorState;
  lines: DraftLine[];
  question: SameSizeQuestion;
  questionRef: RefObject<HTMLDivElement | null>;
}) {
  const t = useT();
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
          editor.answerSameSize(false);
        } else if (event.key.length === 1 && event.key !== ' ' && isHeldKey(event)) {
          // The next scan's characters, typed before the answer: kept for the item field.
          event.preventDefault();
          editor.holdForNextScan(event.key);
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
        <button type="button" className="button button--primary" onClick={() => editor.answerSameSize(true)}>
          {t('input.sameSize.add', { line })}
        </button>
        <button type="button" className="button" onClick={() => editor.answerSameSize(false)}>
          {t('input.sameSize.separate')}
        </button>
        <span className="field__hint">{t('input.sameSize.keys', { line })}</span>
      </span>
    </div>
  );
}
