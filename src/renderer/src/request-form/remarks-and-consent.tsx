import { useT } from '../i18n/i18n.ts';
import { CheckField } from '../components/choice-field.tsx';
import type { FieldErrors } from './form-verdict.ts';
import { TextAreaField } from '../components/text-field.tsx';

interface RemarksAndConsentProps {
  remarks: string;
  remarksMaxLength: number;
  rows: number;
  privacyAccepted: boolean;
  /** The configured privacy consent version; without one no request can be accepted. */
  version: string;
  errors: FieldErrors;
  onChange(update: { remarks?: string; privacyAccepted?: boolean }): void;
  /** The cursor left the remarks: the form shows them as they will be sent. */
  onLeaveRemarks(): void;
}

/** The last panel of every request form: free remarks, and the customer's agreement to the privacy statement. */
export function RemarksAndConsent({
  remarks,
  remarksMaxLength,
  rows,
  privacyAccepted,
  version,
  errors,
  onChange,
  onLeaveRemarks,
}: RemarksAndConsentProps) {
  const t = useT();
  return (
    <section className="panel">
      <TextAreaField
        label={t('requestForm.form.remarks')}
        name="remarks"
        rows={rows}
        value={remarks}
        maxLength={remarksMaxLength}
        error={errors.remarks}
        onChange={(value) => onChange({ remarks: value })}
        onBlur={onLeaveRemarks}
      />
      <PrivacyConsent
        checked={privacyAccepted}
        version={version}
        error={errors.privacyAccepted ?? errors.privacyConsentVersion}
        onChange={(checked) => onChange({ privacyAccepted: checked })}
      />
    </section>
  );
}

function PrivacyConsent({
  checked,
  version,
  error,
  onChange,
}: {
  checked: boolean;
  version: string;
  error: string | undefined;
  onChange(checked: boolean): void;
}) {
  const t = useT();
  if (!version) {
    return (
      <p className="banner banner--warning" role="alert">
        {t('requestForm.form.privacyMissingVersion')}
      </p>
    );
  }
  return (
    <CheckField
      name="privacyAccepted"
      label={t('requestForm.form.privacyAccepted', { version })}
      hint={t('requestForm.form.privacyHint')}
      checked={checked}
      error={error}
      onChange={onChange}
    />
  );
}
