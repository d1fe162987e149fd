// The quote request form of the counter and the fair (and of "correct and resend"): customer details,
// lines, pickup or delivery, remarks and privacy consent. Controlled: the screen owns the draft.
import type { RefObject } from 'react';
import { DELIVERY_DELIVERY, DELIVERY_PICKUP } from '../../../shared/contract/fixed-values.ts';
import { draftHasContent, withTypedText, type QuoteDraft } from '../../../shared/contract/request-drafts.ts';
import {
  QUOTE_HEADER_FIELDS,
  sectionKeys,
  type SectionKey,
} from '../../../shared/contract/request-fields.ts';
import { useT } from '../i18n/i18n.ts';
import { CodeSuggestions } from '../components/code-suggestions.tsx';
import { SegmentedField } from '../components/choice-field.tsx';
import { LinesEditor } from './lines-editor.tsx';
import { RemarksAndConsent } from './remarks-and-consent.tsx';
import { useNormalizedFields } from './normalized-fields.tsx';
import type { FieldErrors } from './form-verdict.ts';
import { ContractTextField } from './contract-text-field.tsx';
import { DateField } from '../components/date-field.tsx';
import { localDay } from '../components/date-time-format.ts';
import { useAppStore } from '../store/use-app-store.ts';
import './request-form.css';

type Fields = typeof QUOTE_HEADER_FIELDS;
/** The header fields typed into text inputs: the table's customer, address and delivery-address rows. */
type TypedKey = SectionKey<Fields, 'customer' | 'address' | 'shipTo'> | 'requestedDeliveryDate';
const CUSTOMER_KEYS = sectionKeys(QUOTE_HEADER_FIELDS, 'customer');
const ADDRESS_KEYS = sectionKeys(QUOTE_HEADER_FIELDS, 'address');
const SHIP_TO_KEYS = sectionKeys(QUOTE_HEADER_FIELDS, 'shipTo');

interface QuoteFormProps {
  draft: QuoteDraft;
  onChange(change: (draft: QuoteDraft) => QuoteDraft): void;
  errors: FieldErrors;
  privacyConsentVersion: string;
  /** The first field of the form, focused at a new order. */
  firstFieldRef?: RefObject<HTMLInputElement | null>;
  entryRef?: RefObject<HTMLInputElement | null>;
  pickerRef?: RefObject<HTMLDivElement | null>;
  idPrefix: string;
  /** Changes when the form starts over: the catalog search starts empty again. */
  formRun?: number;
}

export function QuoteForm({
  draft,
  onChange,
  errors,
  privacyConsentVersion,
  firstFieldRef,
  entryRef,
  pickerRef,
  idPrefix,
  formRun,
}: QuoteFormProps) {
  const t = useT();
  const labelOf = (key: TypedKey | 'remarks') => t(QUOTE_HEADER_FIELDS[key].label);
  const normalized = useNormalizedFields(draftHasContent(draft));
  /** On leaving a field: the text as it will be sent (normalizing keeps a registered address's code). */
  const leave = (key: TypedKey | 'remarks') => {
    const value = normalized.onLeave(labelOf(key), QUOTE_HEADER_FIELDS[key], draft[key]);
    if (value !== undefined) onChange((current) => ({ ...current, [key]: value }));
  };
  const language = useAppStore((state) => state.language);
  const text = (
    key: TypedKey,
    options: { first?: boolean; label?: string; hint?: string; type?: string } = {},
  ) => {
    const spec = QUOTE_HEADER_FIELDS[key];
    return (
      <ContractTextField
        key={key}
        name={key}
        spec={spec}
        label={options.label ?? labelOf(key)}
        hint={options.hint ?? ('hint' in spec ? t(spec.hint) : undefined)}
        value={draft[key]}
        error={errors[key]}
        idPrefix={idPrefix}
        type={options.type}
        inputRef={options.first ? firstFieldRef : undefined}
        onChange={(value) => onChange((current) => withTypedText(current, key, value))}
        onLeave={() => leave(key)}
      />
    );
  };
  const delivery = draft.deliveryMethod === DELIVERY_DELIVERY;
  return (
    <>
      <CodeSuggestions idPrefix={idPrefix} />
      {normalized.notice}
      <section className="panel" aria-labelledby={`${idPrefix}-customer`}>
        <h2 id={`${idPrefix}-customer`}>{t('requestForm.form.customer')}</h2>
        <div className="grid-4">{CUSTOMER_KEYS.map((key, index) => text(key, { first: index === 0 }))}</div>
        <h3 className="subhead">{t('requestForm.form.billingAddress')}</h3>
        <div className="grid-4">{ADDRESS_KEYS.map((key) => text(key))}</div>
      </section>

      <LinesEditor
        lines={draft.lines}
        entry={draft.entry}
        errors={errors}
        entryRef={entryRef}
        pickerRef={pickerRef}
        formRun={formRun}
        onChange={(change) =>
          onChange((current) => ({ ...current, ...change({ lines: current.lines, entry: current.entry }) }))
        }
      />

      <div className="grid-2 request-bottom">
        <section className="panel" aria-labelledby={`${idPrefix}-delivery`}>
          <h2 id={`${idPrefix}-delivery`}>{t('requestForm.form.delivery')}</h2>
          <SegmentedField
            label={t('requestForm.form.deliveryMethod')}
            name={`${idPrefix}-deliveryMethod`}
            value={draft.deliveryMethod}
            options={[
              { value: DELIVERY_PICKUP, label: t('requestForm.form.pickup') },
              { value: DELIVERY_DELIVERY, label: t('requestForm.form.deliver') },
            ]}
            onChange={(deliveryMethod) => onChange((current) => ({ ...current, deliveryMethod }))}
          />
          {delivery ? (
            <SegmentedField
              label={t('requestForm.form.shipTo')}
              name={`${idPrefix}-useShipToAddress`}
              value={draft.useShipToAddress ? 'other' : 'billing'}
              options={[
                { value: 'billing', label: t('requestForm.form.toBilling') },
                { value: 'other', label: t('requestForm.form.toOther') },
              ]}
              onChange={(choice) =>
                onChange((current) => ({ ...current, useShipToAddress: choice === 'other' }))
              }
            />
          ) : null}
          {/* Fields that do not apply stay in the draft and come back when the choice does. */}
          <div className="grid-2 delivery-fields">
            {delivery && draft.useShipToAddress ? SHIP_TO_KEYS.map((key) => text(key)) : null}
            <DateField
              label={t(delivery ? 'requestForm.form.deliveryDate' : 'requestForm.form.pickupDate')}
              hint={t(
                delivery ? 'requestForm.form.requestedDeliveryDateHint' : 'requestForm.form.pickupDateHint',
              )}
              name="requestedDeliveryDate"
              value={draft.requestedDeliveryDate}
              language={language}
              earliest={localDay(new Date())}
              error={errors.requestedDeliveryDate}
              onChange={(value) =>
                onChange((current) => withTypedText(current, 'requestedDeliveryDate', value))
              }
            />
          </div>
          {!(delivery && draft.useShipToAddress) &&
          (draft.shipToAddress.trim() || draft.shipToCity.trim()) ? (
            <p className="field__hint">{t('requestForm.form.addressKept')}</p>
          ) : null}
        </section>
        <RemarksAndConsent
          remarks={draft.remarks}
          remarksMaxLength={QUOTE_HEADER_FIELDS.remarks.maxLength}
          rows={4}
          privacyAccepted={draft.privacyAccepted}
          version={privacyConsentVersion}
          errors={errors}
          onChange={(update) => onChange((current) => ({ ...current, ...update }))}
          onLeaveRemarks={() => leave('remarks')}
        />
      </div>
    </>
  );
}
