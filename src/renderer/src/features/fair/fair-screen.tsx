// The trade fair: quote and account requests captured on a laptop, online or not. The event's source
// label goes with every request; everything is queued in the outbox and delivered when a network is there.
import { useLayoutEffect, useState, type ReactNode } from 'react';
import {
  accountPayloadFromDraft,
  draftHasContent,
  quotePayloadFromDraft,
  type AnyDraft,
} from '../../../../shared/contract/request-drafts.ts';
import { useAppStore } from '../../store/use-app-store.ts';
import { AccountForm } from '../../request-form/account-form.tsx';
import { SelectField } from '../../components/choice-field.tsx';
import { QuoteForm } from '../../request-form/quote-form.tsx';
import { RequestFormFooter } from '../../request-form/request-form-footer.tsx';
import { dateConfirmation, quoteFormIssues } from '../../request-form/form-verdict.ts';
import { draftWithEntry } from '../../request-form/draft-entry.ts';
import { DEFAULT_UNIT_CODES } from '../../../../shared/contract/request-lines.ts';
import { SubmissionNotice } from '../../request-form/submission-notice.tsx';
import { useRequestForm } from '../../request-form/use-request-form.ts';
import { ParkedOrders } from '../../request-form/parked-orders.tsx';
import { useT, type Translate } from '../../i18n/i18n.ts';
import { keepInSession, recalled } from '../../store/session-memory.ts';

const TABS = ['quote', 'account'] as const;
type Tab = (typeof TABS)[number];
const FAIR_TARGETS = ['fair', 'account'] as const;

/** `customerPanel` is the customer desk, placed here by the app frame (features do not import each other). */
export function FairScreen({ customerPanel }: { customerPanel: ReactNode }) {
  const t = useT();
  const ready = useAppStore((state) => state.requestsReady);
  const settings = useAppStore((state) => state.settingsView?.settings);
  const source = useAppStore((state) => state.workstation.fairSource);
  const setWorkstation = useAppStore((state) => state.setWorkstation);
  const connection = useAppStore((state) => state.outboxStatus?.connection);
  // A reload comes back to the tab that was open.
  const [tab, setTab] = useState<Tab>(() => recalled('fair.tab', TABS, 'quote'));
  /** Goes up when a parked request is resumed: its form takes the cursor. */
  const [resumed, setResumed] = useState(0);
  const chooseTab = (next: Tab) => {
    keepInSession('fair.tab', next);
    setTab(next);
  };

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
        <p className="shortcuts">
          {t('fair.shortcuts')} · {t('flow.shortcut.delivery')} · {t('flow.shortcut.park')}
        </p>
      </header>
      {connection === 'offline' ? (
        <p className="banner banner--warning" role="status">
          {t('fair.offlineNote')}
        </p>
      ) : null}
      <div className="tabs" role="tablist" aria-label={t('fair.tab.label')}>
        {TABS.map((candidate) => (
          <button
            key={candidate}
            type="button"
            role="tab"
            className="tab"
            aria-selected={tab === candidate}
            onClick={() => chooseTab(candidate)}
          >
            {t(`fair.tab.${candidate}`)}
          </button>
        ))}
      </div>
      <ParkedOrders
        targets={FAIR_TARGETS}
        onResumed={(target) => {
          chooseTab(target === 'account' ? 'account' : 'quote');
          setResumed((count) => count + 1);
        }}
      />
      {tab === 'quote' ? (
        <FairQuoteRequest source={event} consentVersion={settings.privacyConsentVersion} resumed={resumed} />
      ) : (
        <FairAccountRequest
          source={event}
          consentVersion={settings.privacyConsentVersion}
          resumed={resumed}
        />
      )}
    </div>
  );
}

interface FairRequestProps {
  source: string;
  consentVersion: string;
  /** Goes up when a parked request was resumed into this form. */
  resumed: number;
}

/** What both fair forms ask beyond their schema: the event first, and a question before emptying. */
function fairChoices(t: Translate, source: string, draft: AnyDraft) {
  return {
    // Nothing goes out without the event, the source label every fair request carries; it is chosen in the header.
    missingChoice: source ? undefined : { field: 'source', message: t('fair.eventMissing') },
    beforeNewForm: () => !draftHasContent(draft) || window.confirm(t('fair.newConfirm')),
  };
}

function FairQuoteRequest({ source, consentVersion, resumed }: FairRequestProps) {
  const t = useT();
  const draft = useAppStore((state) => state.drafts.fair);
  const units = useAppStore((state) => state.settingsView?.settings.units) ?? DEFAULT_UNIT_CODES;
  const language = useAppStore((state) => state.language);
  const payload = quotePayloadFromDraft(draftWithEntry(draft), {
    source,
    privacyConsentVersion: consentVersion,
    units,
    language,
  });
  const form = useRequestForm({
    submission: { target: 'fair', kind: 'quote', payload },
    extraIssues: quoteFormIssues(t, draft, payload, units),
    confirm: dateConfirmation(t, payload, language),
    ...fairChoices(t, source, draft),
  });
  return (
    <FairRequestFrame target="fair" kind="quote" form={form} resumed={resumed}>
      <QuoteForm
        idPrefix="fair"
        draft={draft}
        errors={form.errors}
        privacyConsentVersion={consentVersion}
        firstFieldRef={form.firstField}
        entryRef={form.entry}
        pickerRef={form.picker}
        formRun={form.formRun}
        onChange={form.change}
      />
    </FairRequestFrame>
  );
}

function FairAccountRequest({ source, consentVersion, resumed }: FairRequestProps) {
  const t = useT();
  const draft = useAppStore((state) => state.drafts.account);
  const payload = accountPayloadFromDraft(draft, { source, privacyConsentVersion: consentVersion });
  const form = useRequestForm({
    submission: { target: 'account', kind: 'account', payload },
    ...fairChoices(t, source, draft),
  });
  return (
    <FairRequestFrame target="account" kind="account" form={form} resumed={resumed}>
      <AccountForm
        idPrefix="account"
        draft={draft}
        errors={form.errors}
        privacyConsentVersion={consentVersion}
        firstFieldRef={form.firstField}
        onChange={form.change}
      />
    </FairRequestFrame>
  );
}

type FormControl = Pick<
  ReturnType<typeof useRequestForm>,
  'errors' | 'showAll' | 'failure' | 'busy' | 'firstField' | 'newForm' | 'park' | 'onFormSubmit'
>;

/** Around either fair form: the last request's confirmation, the form, and its footer. */
function FairRequestFrame({
  target,
  kind,
  form,
  resumed,
  children,
}: {
  target: 'fair' | 'account';
  kind: Tab;
  form: FormControl;
  resumed: number;
  children: ReactNode;
}) {
  const t = useT();
  const last = useAppStore((state) => state.lastSubmitted[target]);
  const screenVisit = useAppStore((state) => state.screenVisit);
  const { firstField } = form;
  // The form's first field: when the fair is chosen, when this tab opens, after a resume; before the frame
  // that shows the form is painted, as the counter's.
  useLayoutEffect(() => firstField.current?.focus(), [screenVisit, resumed, firstField]);

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
      <form noValidate onSubmit={form.onFormSubmit}>
        {children}
        <RequestFormFooter
          showAll={form.showAll}
          errors={form.errors}
          kind={kind}
          failure={form.failure}
          busy={form.busy}
          labels={{
            submit: t('fair.submit'),
            submitting: t('fair.submitting'),
            newForm: t('fair.newRequest'),
          }}
          onNewForm={form.newForm}
          onPark={() => void form.park()}
        />
      </form>
    </>
  );
}
