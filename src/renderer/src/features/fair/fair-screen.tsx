// The trade fair: quote and account requests captured on a laptop, online or not. The event's source
// label goes with every request; everything is queued in the outbox and delivered when a network is there.
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import type { z } from 'zod';
import {
  accountPayloadFromDraft,
  draftHasContent,
  lineHasContent,
  quotePayloadFromDraft,
  type AccountDraft,
  type QuoteDraft,
} from '../../../../shared/contract/request-drafts.ts';
import { accountRequestSchema, quoteRequestSchema } from '../../../../shared/contract/request-schemas.ts';
import { useAppStore } from '../../app/app-store.ts';
import { AccountForm } from '../../components/account-form.tsx';
import { SelectField } from '../../components/choice-field.tsx';
import { ErrorSummary } from '../../components/error-summary.tsx';
import { QuoteForm } from '../../components/quote-form.tsx';
import {
  check,
  focusField,
  formPaths,
  draftWithEntry,
  shortcutHandler,
  type FieldErrors,
} from '../../components/request-form-support.ts';
import { SubmissionNotice } from '../../components/submission-notice.tsx';
import { useT } from '../../i18n/i18n.ts';

type Tab = 'quote' | 'account';

export function FairScreen() {
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
  const target = kind === 'quote' ? 'fair' : 'account';
  const draft = useAppStore((state) => state.drafts[target]);
  const updateDraft = useAppStore((state) => state.updateDraft);
  const resetDraft = useAppStore((state) => state.resetDraft);
  const submitRequest = useAppStore((state) => state.submitRequest);
  const last = useAppStore((state) => state.lastSubmitted[target]);
  const [showAll, setShowAll] = useState(false);
  const [bridgeErrors, setBridgeErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const firstField = useRef<HTMLInputElement>(null);
  const entry = useRef<HTMLInputElement>(null);
  const picker = useRef<HTMLDivElement>(null);

  const context = { source, privacyConsentVersion: consentVersion };
  const quoteDraft = kind === 'quote' ? draftWithEntry(draft as QuoteDraft) : undefined;
  const payload =
    kind === 'quote'
      ? quotePayloadFromDraft(quoteDraft as QuoteDraft, context)
      : accountPayloadFromDraft(draft as AccountDraft, context);
  const schema: z.ZodType = kind === 'quote' ? quoteRequestSchema : accountRequestSchema;
  const verdict = check(schema, payload);
  const errors = { ...(showAll ? verdict.errors : verdict.limits), ...bridgeErrors };

  const change = <D,>(update: (draft: D) => D) => {
    setBridgeErrors({});
    setFailure(undefined);
    updateDraft(target, update as never);
  };

  const submit = async () => {
    if (busy) return;
    if (!source) {
      setFailure(t('fair.eventMissing'));
      requestAnimationFrame(() => focusField('source'));
      return;
    }
    if (kind === 'quote' && lineHasContent((draft as QuoteDraft).entry)) updateDraft('fair', draftWithEntry);
    if (!verdict.value) {
      setShowAll(true);
      const first = Object.keys(verdict.errors)[0];
      if (first) requestAnimationFrame(() => focusField(first));
      return;
    }
    setBusy(true);
    const error = await submitRequest(target, { kind, payload } as never);
    setBusy(false);
    if (error) {
      setBridgeErrors(formPaths(error.fields));
      setFailure(error.fields ? undefined : t('outbox.submit.failed', { message: error.message }));
      setShowAll(true);
      return;
    }
    setShowAll(false);
    setFailure(undefined);
    requestAnimationFrame(() => firstField.current?.focus());
  };
  const newRequest = () => {
    if (draftHasContent(draft) && !window.confirm(t('fair.newConfirm'))) return;
    resetDraft(target);
    setShowAll(false);
    requestAnimationFrame(() => firstField.current?.focus());
  };

  const onSubmit = useEffectEvent(() => void submit());
  const onNewRequest = useEffectEvent(() => newRequest());
  useEffect(() => {
    const onKey = shortcutHandler({
      submit: onSubmit,
      newForm: onNewRequest,
      ...(kind === 'quote'
        ? {
            focusLineEntry: () => entry.current?.focus(),
            focusCatalog: () => picker.current?.querySelector('input')?.focus(),
          }
        : {}),
      togglePrivacy: () =>
        updateDraft(target, (draft) => ({ ...draft, privacyAccepted: !draft.privacyAccepted })),
    });
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [kind, target, updateDraft]);
  useEffect(() => firstField.current?.focus(), [kind]);

  return (
    <>
      {last ? (
        <SubmissionNotice
          item={last.item}
          texts={{
            queued: t('fair.confirm.queued', { requestId: last.item.requestId }),
            delivered: t('fair.confirm.delivered', { number: last.item.number ?? t('outbox.noNumber') }),
            attention: t('fair.confirm.attention', { requestId: last.item.requestId }),
          }}
        />
      ) : null}
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
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
        {showAll ? <ErrorSummary errors={errors} kind={kind} /> : null}
        {failure ? (
          <p className="banner banner--error" role="alert">
            {failure}
          </p>
        ) : null}
        <div className="form-actions">
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? t('fair.submitting') : t('fair.submit')} <kbd>Ctrl+Enter</kbd>
          </button>
          <button type="button" className="button" onClick={newRequest}>
            {t('fair.newRequest')} <kbd>Alt+N</kbd>
          </button>
        </div>
      </form>
    </>
  );
}
