import { useT } from '../i18n/i18n.ts';
import { fieldLabel } from './field-names.ts';
import { focusField, inFormOrder } from './field-focus.ts';
import { type FieldErrors } from './form-verdict.ts';

interface ErrorSummaryProps {
  errors: FieldErrors;
  kind: 'quote' | 'account';
  /** Form paths whose input is named otherwise (the counter's employee). */
  inputNames?: Record<string, string> | undefined;
}

/**
 * Every problem of a refused form, each naming its field, in the order the fields appear on screen;
 * choosing one puts the cursor there (opening and scrolling to it when it is out of sight).
 */
export function ErrorSummary({ errors, kind, inputNames }: ErrorSummaryProps) {
  const t = useT();
  const paths = inFormOrder(errors, inputNames);
  if (!paths.length) return null;
  return (
    <div className="banner banner--error error-summary" role="alert">
      <strong>
        {paths.length === 1
          ? t('requestForm.errors.summaryOne')
          : t('requestForm.errors.summary', { count: paths.length })}
      </strong>
      <ul>
        {paths.map((path) => (
          <li key={path}>
            <button
              type="button"
              className="link-button"
              onClick={() => focusField(inputNames?.[path] ?? path)}
            >
              {t('requestForm.errors.field', {
                field: fieldLabel(t, path, kind),
                problem: errors[path] ?? '',
              })}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
