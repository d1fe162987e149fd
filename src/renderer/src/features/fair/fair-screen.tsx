// The trade fair: quote and account requests captured on a laptop, online or not. The event's source
// label goes with every request; everything is queued in the outbox and delivered when a network is there.
import { useEffect, useState, type ReactNode } from 'react';
import {
  accountPayloadFromDraft,
  draftHasContent,
  quotePayloadFromDraft,
  type AccountDraft,
  type QuoteDraft,
} from '../../../../shared/contract/request-drafts.ts';
import { useAppStore } from '../../store/use-app-store.ts';
import { AccountForm } from '../../request-form/account-form.tsx';
import { SelectField } from '../../components/choice-field.tsx';
import { QuoteForm } from '../../request-form/quote-form.tsx';
import { RequestFormFooter } from '../../request-form/request-form-footer.tsx';
import {
  dateConfirmation,
  draftWithEntry,
  quoteFormIssues,
} from '../../request-form/request-form-support.ts';
import { DEFAULT_UNIT_CODES } from '../../../../shared/contract/request-lines.ts';
import { SubmissionNotice } from '../../request-form/submission-notice.tsx';
import { useRequestForm } from '../../request-form/use-request-form.ts';
import { useT } from '../../i18n/i18n.ts';

type Tab = 'quote' | 'account';

/** `customerPanel` is the customer desk, placed here by the app frame (features do not import each other). */
export function FairScreen({ customerPanel }: { customerPanel: ReactNode }) {
  const t = useT();
  const ready = useAppStore((state) => state.requestsReady);
  const settings = useAppStore((state) => state.settingsView?.settings);
  const source = useAppStore((state) => state.workstation.fairSource);
  const setWorkstation = useAppStore((state) => state.setWorkstation);
  const connection = useAppStore((state) => state.outboxStatus?.connection);
  const [tab, setTab] = useState<Tab>('quote');

  if (!ready || !settings) return <p className="screen__loading">{t('app.loading')}</p>;
  const labels = settings.sourceLabels;
  const event = source && labels.includes(source) ? source : '';

  return (
    <div className="screen request-screen">
      {customerPanel}
      <header className="screen__header request-header">
        <h1>{t('fair.title')}</h1>
        {labels.length ? (
          <SelectField
            label={t('fair.event')}
            name="source"
            value={event}
            hint={t('fair.eventHint')}
            fieldClassName="request-header__employee"
            options={[
              { value: '', label: t('fair.eventChoose') },
              ...labels.map((label) => ({ value: label, label })),
            ]}
            onChange={(label) => void setWorkstation({ fairSource: label || null })}
          />
        ) : (
          <p className="banner banner--warning" role="alert">
            {t('fair.eventNone')}
          </p>
        )}
        <p className="shortcuts">{t('fair.shortcuts')}</p>
      </header>
      {connection === 'offline' ? (
        <p className="banner banner--warning" role="status">
          {t('fair.offlineNote')}
        </p>
      ) : null}
      <div className="tabs" role="tablist" aria-label={t('fair.tab.label')}>
        {(['quote', 'account'] as const).map((candidate) => (
          <button
            key={candidate}
            type="button"
            role="tab"
            className="tab"
            aria-selected={tab === candidate}
            onClick={() => setTab(candidate)}
          >
            {t(`fair.tab.${candidate}`)}
          </button>
        ))}
      </div>
      {tab === 'quote' ? (
        <FairRequest kind="quote" source={event} consentVersion={settings.privacyConsentVersion} />
      ) : (
        <FairRequest kind="account" source={event} consentVersion={settings.privacyConsentVersion} />
      )}
    </div>
  );
}

function FairRequest({
  kind,
  source,
  consentVersion,
}: {
  kind: Tab;
  source: string;
  consentVersion: string;
}) {
  const t = useT();
  const language = useAppStore((state) => state.language);
  const target = kind === 'quote' ? 'fair' : 'account';
  const draft = useAppStore((state) => state.drafts[target]);
  const last = useAppStore((state) => state.lastSubmitted[target]);

  const units = useAppStore((state) => state.settingsView?.settings.units) ?? DEFAULT_UNIT_CODES;
  const context = { source, privacyConsentVersion: consentVersion };
  const quotePayload =
    kind === 'quote'
      ? quotePayloadFromDraft(draftWithEntry(draft as QuoteDraft), { ...context, units, language })
      : undefined;
  const { errors, showAll, failure, busy, firstField, entry, picker, change, newForm, onFormSubmit } =
    useRequestForm({
      target,
      request: quotePayload
        ? { kind: 'quote', payload: quotePayload }
        : { kind: 'account', payload: accountPayloadFromDraft(draft as AccountDraft, context) },
      extraIssues: quotePayload ? quoteFormIssues(t, draft as QuoteDraft, quotePayload, units) : undefined,
      confirm: quotePayload ? dateConfirmation(t, quotePayload) : undefined,
      // Nothing goes out without the event, the source label every fair request carries; it is chosen in the header.
      missingChoice: source ? undefined : { field: 'source', message: t('fair.eventMissing') },
      beforeNewForm: () => !draftHasContent(draft) || window.confirm(t('fair.newConfirm')),
    });
  useEffect(() => firstField.current?.focus(), [kind, firstField]);

  return (
    <>
      {last ? (
        <SubmissionNotice
          item={last.item}
          payload={last.payload}
          texts={{
            queued: t('fair.confirm.queued', { requestId: last.item.requestId }),
            delivered: t('fair.confirm.delivered', { number: last.item.number ?? t('requestForm.noNumber') }),
            attention: t('fair.confirm.attention', { requestId: last.item.requestId }),
          }}
        />
      ) : null}
      <form noValidate onSubmit={onFormSubmit}>
        {kind === 'quote' ? (
          <QuoteForm
            idPrefix="fair"
            draft={draft as QuoteDraft}
            errors={errors}
            privacyConsentVersion={consentVersion}
            firstFieldRef={firstField}
            entryRef={entry}
            pickerRef={picker}
            onChange={change}
          />
        ) : (
          <AccountForm
            idPrefix="account"
            draft={draft as AccountDraft}
            errors={errors}
            privacyConsentVersion={consentVersion}
            firstFieldRef={firstField}
            onChange={change}
          />
        )}
        <RequestFormFooter
          showAll={showAll}
          errors={errors}
          kind={kind}
          failure={failure}
          busy={busy}
          labels={{
            submit: t('fair.submit'),
            submitting: t('fair.submitting'),
            newForm: t('fair.newRequest'),
          }}
          onNewForm={newForm}
        />
      </form>
    </>
  );
}
