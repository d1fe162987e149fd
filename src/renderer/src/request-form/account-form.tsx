// The account request form of the fair (and of "correct and resend"): every key of the contract.
import type { RefObject } from 'react';
import { EXISTING_CUSTOMER_VALUES } from '../../../shared/contract/fixed-values.ts';
import type { AccountDraft } from '../../../shared/contract/request-drafts.ts';
import { ACCOUNT_REQUEST_FIELDS } from '../../../shared/contract/request-fields.ts';
import { useT, type MessageKey } from '../i18n/i18n.ts';
import { CodeSuggestions } from '../components/code-suggestions.tsx';
import { SegmentedField } from '../components/choice-field.tsx';
import { RemarksAndConsent } from './remarks-and-consent.tsx';
import type { FieldErrors } from './request-form-support.ts';
import { TextField } from '../components/text-field.tsx';

type TextKey = Exclude<
  { [K in keyof AccountDraft]: AccountDraft[K] extends string ? K : never }[keyof AccountDraft],
  'existingCustomer' | 'remarks'
>;

const LABELS: Partial<Record<TextKey, MessageKey>> = {
  email: 'requestForm.account.email',
  jobTitle: 'requestForm.account.jobTitle',
  statedCustomerNo: 'requestForm.account.statedCustomerNo',
};

interface AccountFormProps {
  draft: AccountDraft;
  onChange(change: (draft: AccountDraft) => AccountDraft): void;
  errors: FieldErrors;
  privacyConsentVersion: string;
  firstFieldRef?: RefObject<HTMLInputElement | null>;
  idPrefix: string;
}

export function AccountForm({
  draft,
  onChange,
  errors,
  privacyConsentVersion,
  firstFieldRef,
  idPrefix,
}: AccountFormProps) {
  const t = useT();
  const text = (
    key: TextKey,
    options: { type?: string; hint?: string; first?: boolean; list?: string } = {},
  ) => {
    const spec = ACCOUNT_REQUEST_FIELDS[key];
    return (
      <TextField
        key={key}
        label={t(LABELS[key] ?? (`requestForm.form.${key}` as MessageKey))}
        name={key}
        value={draft[key]}
        maxLength={'maxLength' in spec ? spec.maxLength : undefined}
        uppercase={spec.kind === 'code'}
        error={errors[key]}
        hint={options.hint}
        type={options.type ?? 'text'}
        list={options.list}
        autoComplete="off"
        spellCheck={false}
        inputRef={options.first ? firstFieldRef : undefined}
        onChange={(value) => onChange((current) => ({ ...current, [key]: value }))}
      />
    );
  };
  return (
    <>
      <CodeSuggestions idPrefix={idPrefix} />
      <section className="panel" aria-labelledby={`${idPrefix}-person`}>
        <h2 id={`${idPrefix}-person`}>{t('requestForm.form.customer')}</h2>
        <div className="grid-4">
          {text('email', { type: 'email', first: true })}
          {text('contactName')}
          {text('jobTitle')}
          {text('phoneNo', { type: 'tel' })}
          {text('companyName')}
          {text('vatRegistrationNo')}
          {text('languageCode', { hint: t('requestForm.form.languageHint'), list: `${idPrefix}-languages` })}
        </div>
        <div className="grid-2">
          <SegmentedField
            label={t('requestForm.account.existingCustomer')}
            name={`${idPrefix}-existingCustomer`}
            value={draft.existingCustomer}
            error={errors.existingCustomer}
            options={EXISTING_CUSTOMER_VALUES.map((value) => ({
              value,
              label: t(`requestForm.account.existing.${value}`),
            }))}
            onChange={(existingCustomer) => onChange((current) => ({ ...current, existingCustomer }))}
          />
          {text('statedCustomerNo', { hint: t('requestForm.account.statedCustomerNoHint') })}
        </div>
        <h3 className="subhead">{t('requestForm.form.address')}</h3>
        <div className="grid-4">
          {text('address')}
          {text('address2')}
          {text('postCode')}
          {text('city')}
          {text('countryCode', { hint: t('requestForm.form.countryHint'), list: `${idPrefix}-countries` })}
        </div>
      </section>
      <RemarksAndConsent
        remarks={draft.remarks}
        remarksMaxLength={ACCOUNT_REQUEST_FIELDS.remarks.maxLength}
        rows={3}
        privacyAccepted={draft.privacyAccepted}
        version={privacyConsentVersion}
        errors={errors}
        onChange={(update) => onChange((current) => ({ ...current, ...update }))}
      />
    </>
  );
}
