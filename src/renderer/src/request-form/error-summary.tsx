import { useT } from '../i18n/i18n.ts';
import { fieldLabel, focusField, type FieldErrors } from './request-form-support.ts';

/** Every problem of a refused form, each naming its field; choosing one puts the cursor there. */
export function ErrorSummary({ errors, kind }: { errors: FieldErrors; kind: 'quote' | 'account' }) {
  const t = useT();
  const entries = Object.entries(errors);
  if (!entries.length) return null;
  return (
    <div className="banner banner--error error-summary" role="alert">
      <strong>
        {entries.length === 1
          ? t('requestForm.errors.summaryOne')
          : t('requestForm.errors.summary', { count: entries.length })}
      </strong>
      <ul>
        {entries.map(([path, problem]) => (
          <li key={path}>
            <button type="button" className="link-button" onClick={() => focusField(path)}>
              {t('requestForm.errors.field', { field: fieldLabel(t, path, kind), problem })}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
