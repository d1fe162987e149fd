// The lines of a quote request: a row per line, every value editable in place, the catalog search, and an
// entry row at the bottom where Enter adds the line, so a keyboard-wedge scanner (item number + Enter)
// adds lines by itself. The line logic is the hook's (use-lines-editor.ts), each row the row view's
// (line-row.tsx), the rules plain functions (line-rules.ts).
import { memo, useRef, type RefObject } from 'react';
import type { DraftLine } from '../../../shared/contract/request-drafts.ts';
import { useT } from '../i18n/i18n.ts';
import { CatalogItemPicker } from './catalog-item-picker.tsx';
import { EntryRow, LineRow, SameSizeQuestionView, useLineLabel } from './line-row.tsx';
import { ROW_FIELDS, type LinesAndEntry } from './line-rules.ts';
import { QUOTE_LINES_KEY } from '../../../shared/contract/request-fields.ts';
import type { FieldErrors } from './form-verdict.ts';
import { useLinesEditor } from './use-lines-editor.ts';
import './lines.css';

export type { LinesAndEntry } from './line-rules.ts';

/** The picker keeps its own state: a key typed in a line leaves it alone (its handler is stable). */
const Picker = memo(CatalogItemPicker);
const NO_ERRORS: FieldErrors = {};
const LINE_PATH = new RegExp(`^${QUOTE_LINES_KEY}\\.(\\d+)\\.`);

/** The form's problems split by line, once per render, so that each row is handed only its own. */
function errorsByLine(errors: FieldErrors): FieldErrors[] {
  const byLine: FieldErrors[] = [];
  for (const [path, message] of Object.entries(errors)) {
    const index = LINE_PATH.exec(path)?.[1];
    if (index !== undefined) (byLine[Number(index)] ??= {})[path] = message;
  }
  return byLine;
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
  const label = useLineLabel();
  const ownPickerRef = useRef<HTMLDivElement>(null);
  const picker = pickerRef ?? ownPickerRef;
  const questionRef = useRef<HTMLDivElement>(null);
  const editor = useLinesEditor({ lines, entry, entryRef, picker, questionRef, onChange });
  const lineErrors = errorsByLine(errors);
  const sizesOf = (line: DraftLine) => editor.sizesOf[line.itemNo.trim()];
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
      {editor.catalogSyncedAt === undefined ? (
        <p className="banner banner--info lines__catalog-empty" role="status">
          {t('requestForm.line.catalogEmpty')}
        </p>
      ) : null}
      {lines.length === 0 ? <p className="lines__empty">{t('requestForm.form.linesEmpty')}</p> : null}
      <ol className="lines__list">
        {lines.map((line, index) => (
          <LineRow
            key={line.key}
            editor={editor.rows}
            line={line}
            index={index}
            last={index === lines.length - 1}
            errors={lineErrors[index] ?? NO_ERRORS}
            sizes={sizesOf(line)}
          />
        ))}
      </ol>
      {editor.sameSize ? (
        <SameSizeQuestionView
          editor={editor.rows}
          lines={lines}
          question={editor.sameSize}
          questionRef={questionRef}
        />
      ) : null}
      <div className="lines__picker" ref={picker}>
        <Picker key={formRun} label={t('requestForm.line.catalog')} onPick={editor.rows.addPicked} />
        <span className="field__hint">{t('requestForm.line.catalogHint')}</span>
      </div>
      <EntryRow editor={editor.rows} entry={entry} entryRef={entryRef} sizes={sizesOf(entry)} />
      {editor.limitMessage ? (
        <p className="field__error" role="alert">
          {editor.limitMessage}
        </p>
      ) : null}
    </section>
  );
}
