import { useAppStore } from '../store/use-app-store.ts';
import { useT } from '../i18n/i18n.ts';
import { ErrorSummary } from './error-summary.tsx';
import type { FieldErrors } from './form-verdict.ts';

type RequestKind = Parameters<typeof ErrorSummary>[0]['kind'];

interface RequestFormFooterProps {
  /** After a first try to send: every error is listed, not only the limits. */
  showAll: boolean;
  errors: FieldErrors;
  kind: RequestKind;
  failure: string | undefined;
  busy: boolean;
  labels: { submit: string; submitting: string; newForm: string };
  onNewForm(): void;
  /** Puts the order aside and starts an empty one. */
  onPark(): void;
  /** Form paths whose input is named otherwise (the counter's employee). */
  inputNames?: Record<string, string> | undefined;
}

/** The end of every request form: what still needs attention, why sending failed, send and start anew. */
export function RequestFormFooter({
  showAll,
  errors,
  kind,
  failure,
  busy,
  labels,
  onNewForm,
  onPark,
  inputNames,
}: RequestFormFooterProps) {
  const t = useT();
  const draftSaveError = useAppStore((state) => state.draftSaveError);
  return (
    <>
      {draftSaveError ? (
        <p className="banner banner--warning" role="alert">
          {t('requestForm.form.draftNotSaved', { problem: draftSaveError })}
        </p>
      ) : null}
      {showAll ? <ErrorSummary errors={errors} kind={kind} inputNames={inputNames} /> : null}
      {failure ? (
        <p className="banner banner--error" role="alert">
          {failure}
        </p>
      ) : null}
      <div className="form-actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? labels.submitting : labels.submit} <kbd>Ctrl+Enter</kbd>
        </button>
        <button type="button" className="button" onClick={onNewForm}>
          {labels.newForm} <kbd>Alt+N</kbd>
        </button>
        <button type="button" className="button" onClick={onPark}>
          {t('flow.park.action')} <kbd>Alt+W</kbd>
        </button>
      </div>
    </>
  );
}
