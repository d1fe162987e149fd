// Leaving a text field shows what will be sent: invisible characters gone, codes as the host stores them
// (normalizeField). The form names the fields that lost invisible characters, so nothing changes unseen.
import { useState } from 'react';
import { hasInvisible } from '../../../shared/invisible-characters.ts';
import { normalizeField, type FieldSpec } from '../../../shared/contract/request-fields.ts';
import { useT } from '../i18n/i18n.ts';

/** hasContent: false once the form was sent or started over, as the notice is about the text on screen. */
export function useNormalizedFields(hasContent: boolean) {
  const t = useT();
  /** Labels of the fields that lost invisible characters since the form started. */
  const [cleaned, setCleaned] = useState<readonly string[]>([]);
  // An emptied form starts with no notice (React's "adjusting state while rendering").
  if (!hasContent && cleaned.length) setCleaned([]);

  /** The value a field (by its label) takes when the cursor leaves it; undefined when it stays as it is. */
  const onLeave = (label: string, spec: FieldSpec, value: string): string | undefined => {
    if (hasInvisible(value, spec.multiline === true)) {
      setCleaned((labels) => (labels.includes(label) ? labels : [...labels, label]));
    }
    const normalized = normalizeField(spec, value);
    return normalized === value ? undefined : normalized;
  };

  const notice = cleaned.length ? (
    <p className="banner banner--info normalized-notice" role="status">
      {t('requestForm.form.invisibleRemoved', { fields: cleaned.join(', ') })}
    </p>
  ) : null;
  return { onLeave, notice };
}
