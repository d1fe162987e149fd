// The lines of a quote request: a row per line, every value editable in place, the catalog search, and an
// entry row at the bottom where Enter adds the line, so a keyboard-wedge scanner (item number + Enter)
// adds lines by itself. The line logic is the hook's (use-lines-editor.ts), each row the row view's
// (line-row.tsx), the rules plain functions (line-rules.ts).
import { useRef, type RefObject } from 'react';
import type { DraftLine } from '../../../shared/contract/request-drafts.ts';
import { useT } from '../i18n/i18n.ts';
import { CatalogItemPicker } from './catalog-item-picker.tsx';
import { EntryRow, LineRow, SameSizeQuestionView, useLineLabel } from './line-row.tsx';
import { ROW_FIELDS, type LinesAndEntry } from './line-rules.ts';
import type { FieldErrors } from './form-verdict.ts';
import { useLinesEditor } from './use-lines-editor.ts';
import './lines.css';

export type { LinesAndEntry } from './line-rules.ts';

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
            editor={editor}
            line={line}
            index={index}
            count={lines.length}
            errors={errors}
          />
        ))}
      </ol>
      {editor.sameSize ? (
        <SameSizeQuestionView
          editor={editor}
          lines={lines}
          question={editor.sameSize}
          questionRef={questionRef}
        />
      ) : null}
      <div className="lines__picker" ref={picker}>
        <CatalogItemPicker key={formRun} label={t('requestForm.line.catalog')} onPick={editor.addPicked} />
        <span className="field__hint">{t('requestForm.line.catalogHint')}</span>
      </div>
      <EntryRow editor={editor} entry={entry} entryRef={entryRef} />
      {editor.limitMessage ? (
        <p className="field__error" role="alert">
          {editor.limitMessage}
        </p>
      ) : null}
    </section>
  );
}
