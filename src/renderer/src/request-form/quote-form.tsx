// The quote request form of the counter and the fair (and of "correct and resend"): customer details,
// lines, pickup or delivery, remarks and privacy consent. Controlled: the screen owns the draft.
import type { RefObject } from 'react';
import { DELIVERY_DELIVERY, DELIVERY_PICKUP } from '../../../shared/contract/fixed-values.ts';
import {
  withTypedText,
  type QuoteDraft,
  type QuoteDraftTextKey,
} from '../../../shared/contract/request-drafts.ts';
import { QUOTE_HEADER_FIELDS } from '../../../shared/contract/request-fields.ts';
import { useT, type MessageKey } from '../i18n/i18n.ts';
import { CodeSuggestions } from '../components/code-suggestions.tsx';
import { SegmentedField } from '../components/choice-field.tsx';
import { LinesEditor } from './lines-editor.tsx';
import { RemarksAndConsent } from './remarks-and-consent.tsx';
import type { FieldErrors } from './request-form-support.ts';
import { TextField } from '../components/text-field.tsx';
import { DateField } from '../components/date-field.tsx';
import { localDay } from '../components/date-time-format.ts';
import { useAppStore } from '../store/use-app-store.ts';

const CODE_FIELDS = new Set<string>(
  Object.entries(QUOTE_HEADER_FIELDS)
    .filter(([, spec]) => spec.kind === 'code')
    .map(([key]) => key),
);

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
}: QuoteFormProps) {
  const t = useT();
  const language = useAppStore((state) => state.language);
  const text = (
    key: QuoteDraftTextKey,
    options: {
      wide?: boolean;
      type?: string;
      hint?: string;
      first?: boolean;
      list?: string;
      label?: string;
    } = {},
  ) => {
    const spec = QUOTE_HEADER_FIELDS[key as keyof typeof QUOTE_HEADER_FIELDS] as
      { maxLength?: number } | undefined;
    return (
      <TextField
        key={key}
        label={options.label ?? t(`requestForm.form.${key}` as MessageKey)}
        name={key}
        value={draft[key]}
        maxLength={spec?.maxLength}
        uppercase={CODE_FIELDS.has(key)}
        error={errors[key]}
        hint={options.hint}
        type={options.type ?? 'text'}
        list={options.list}
        autoComplete="off"
        spellCheck={false}
        inputRef={options.first ? firstFieldRef : undefined}
        fieldClassName={options.wide ? 'field--wide' : undefined}
        onChange={(value) => onChange((current) => withTypedText(current, key, value))}
      />
    );
  };
  const delivery = draft.deliveryMethod === DELIVERY_DELIVERY;
  return (
    <>
      <CodeSuggestions idPrefix={idPrefix} />
      <section className="panel" aria-labelledby={`${idPrefix}-customer`}>
        <h2 id={`${idPrefix}-customer`}>{t('requestForm.form.customer')}</h2>
        <div className="grid-4">
          {text('contactName', { first: true })}
          {text('companyName')}
          {text('phoneNo', { type: 'tel' })}
          {text('email', { type: 'email' })}
          {text('customerReference')}
          {text('vatRegistrationNo')}
          {text('languageCode', { hint: t('requestForm.form.languageHint'), list: `${idPrefix}-languages` })}
        </div>
        <h3 className="subhead">{t('requestForm.form.billingAddress')}</h3>
        <div className="grid-4">
          {text('address')}
          {text('address2')}
          {text('postCode')}
          {text('city')}
          {text('countryCode', { hint: t('requestForm.form.countryHint'), list: `${idPrefix}-countries` })}
        </div>
      </section>

      <LinesEditor
        lines={draft.lines}
        entry={draft.entry}
        errors={errors}
        entryRef={entryRef}
        pickerRef={pickerRef}
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
            {delivery && draft.useShipToAddress ? (
              <>
                {text('shipToName', { wide: true })}
                {text('shipToAddress')}
                {text('shipToAddress2')}
                {text('shipToPostCode')}
                {text('shipToCity')}
                {text('shipToCountryCode', { list: `${idPrefix}-countries` })}
              </>
            ) : null}
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
        />
      </div>
    </>
  );
}
