// The account request form of the fair (and of "correct and resend"): every key of the contract.
import type { RefObject } from 'react';
import { draftHasContent, type AccountDraft } from '../../../shared/contract/request-drafts.ts';
import {
  ACCOUNT_REQUEST_FIELDS,
  sectionKeys,
  type SectionKey,
} from '../../../shared/contract/request-fields.ts';
import { useT } from '../i18n/i18n.ts';
import { CodeSuggestions } from '../components/code-suggestions.tsx';
import { SegmentedField } from '../components/choice-field.tsx';
import { RemarksAndConsent } from './remarks-and-consent.tsx';
import { useNormalizedFields } from './normalized-fields.tsx';
import type { FieldErrors } from './form-verdict.ts';
import { ContractTextField } from './contract-text-field.tsx';

type Fields = typeof ACCOUNT_REQUEST_FIELDS;
/** The fields typed into text inputs: the table's customer and address rows, and the stated number. */
type TypedKey = SectionKey<Fields, 'customer' | 'address'> | 'statedCustomerNo';
const CUSTOMER_KEYS = sectionKeys(ACCOUNT_REQUEST_FIELDS, 'customer');
const ADDRESS_KEYS = sectionKeys(ACCOUNT_REQUEST_FIELDS, 'address');
const EXISTING_CUSTOMER = ACCOUNT_REQUEST_FIELDS.existingCustomer;

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
  const labelOf = (key: TypedKey | 'remarks') => t(ACCOUNT_REQUEST_FIELDS[key].label);
  const normalized = useNormalizedFields(draftHasContent(draft));
  const leave = (key: TypedKey | 'remarks') => {
    const value = normalized.onLeave(labelOf(key), ACCOUNT_REQUEST_FIELDS[key], draft[key]);
    if (value !== undefined) onChange((current) => ({ ...current, [key]: value }));
  };
  const text = (key: TypedKey, options: { first?: boolean } = {}) => {
    const spec = ACCOUNT_REQUEST_FIELDS[key];
    return (
      <ContractTextField
        key={key}
        name={key}
        spec={spec}
        label={labelOf(key)}
        hint={'hint' in spec ? t(spec.hint) : undefined}
        value={draft[key]}
        error={errors[key]}
        idPrefix={idPrefix}
        inputRef={options.first ? firstFieldRef : undefined}
        onChange={(value) => onChange((current) => ({ ...current, [key]: value }))}
        onLeave={() => leave(key)}
      />
    );
  };
  return (
    <>
      <CodeSuggestions idPrefix={idPrefix} />
      {normalized.notice}
      <section className="panel" aria-labelledby={`${idPrefix}-person`}>
        <h2 id={`${idPrefix}-person`}>{t('requestForm.form.customer')}</h2>
        <div className="grid-4">{CUSTOMER_KEYS.map((key, index) => text(key, { first: index === 0 }))}</div>
        <div className="grid-2">
          <SegmentedField
            label={t(EXISTING_CUSTOMER.label)}
            name={`${idPrefix}-existingCustomer`}
            value={draft.existingCustomer}
            error={errors.existingCustomer}
            options={EXISTING_CUSTOMER.values.map((value) => ({
              value,
              label: t(`requestForm.account.existing.${value}`),
            }))}
            onChange={(existingCustomer) => onChange((current) => ({ ...current, existingCustomer }))}
          />
          {text('statedCustomerNo')}
        </div>
        <h3 className="subhead">{t('requestForm.form.address')}</h3>
        <div className="grid-4">{ADDRESS_KEYS.map((key) => text(key))}</div>
      </section>
      <RemarksAndConsent
        remarks={draft.remarks}
        remarksMaxLength={ACCOUNT_REQUEST_FIELDS.remarks.maxLength}
        rows={3}
        privacyAccepted={draft.privacyAccepted}
        version={privacyConsentVersion}
        errors={errors}
        onChange={(update) => onChange((current) => ({ ...current, ...update }))}
        onLeaveRemarks={() => leave('remarks')}
      />
    </>
  );
}
