// The counter: a walk-in order into the ERP in well under a minute, keyboard only. The employee is
// remembered per workstation; the form is a draft saved as it is typed; Ctrl+Enter queues it (online or
// not), a new empty form appears at once, and the confirmation follows the request until it has a number.
import { useEffectEvent, useLayoutEffect, useState, type ReactNode } from 'react';
import { SOURCE_COUNTER_VISIT } from '../../../../shared/contract/fixed-values.ts';
import {
  draftHasContent,
  quotePayloadFromDraft,
  type QuoteDraft,
} from '../../../../shared/contract/request-drafts.ts';
import { useAppStore } from '../../store/use-app-store.ts';
import { SelectField } from '../../components/choice-field.tsx';
import { QuoteForm } from '../../request-form/quote-form.tsx';
import { RequestFormFooter } from '../../request-form/request-form-footer.tsx';
import { SubmissionNotice } from '../../request-form/submission-notice.tsx';
import { dateConfirmation, quoteFormIssues } from '../../request-form/form-verdict.ts';
import { draftWithEntry } from '../../request-form/draft-entry.ts';
import { focusCounterWorkStart } from '../../request-form/field-focus.ts';
import { ParkedOrders } from '../../request-form/parked-orders.tsx';
import { DEFAULT_UNIT_CODES } from '../../../../shared/contract/request-lines.ts';
import { useRequestForm } from '../../request-form/use-request-form.ts';
import { useT } from '../../i18n/i18n.ts';
import { CounterSlip, useSlipPaper } from './counter-slip.tsx';
import { printSlip, type SlipPrintNotice } from './print-slip.ts';
import { SlipPrintStatus, useSlipContent } from './slip-printing.tsx';

const COUNTER_TARGETS = ['counter'] as const;

/** `customerPanel` is the customer desk, placed here by the app frame (features do not import each other). */
export function CounterScreen({ customerPanel }: { customerPanel: ReactNode }) {
  const t = useT();
  const ready = useAppStore((state) => state.requestsReady);
  const language = useAppStore((state) => state.language);
  const draft = useAppStore((state) => state.drafts.counter);
  const printOnSlipPrinter = useAppStore((state) => state.printSlip);
  const updateDraft = useAppStore((state) => state.updateDraft);
  const settings = useAppStore((state) => state.settingsView?.settings);
  const employee = useAppStore((state) => state.workstation.counterEmployee);
  const setWorkstation = useAppStore((state) => state.setWorkstation);
  const last = useAppStore((state) => state.lastSubmitted.counter);
  const screenVisit = useAppStore((state) => state.screenVisit);
  /** The order "new order" cleared, kept for one undo. */
  const [previous, setPrevious] = useState<QuoteDraft | undefined>();
  /** Ctrl+P was pressed before any order was sent from this desk: said until an order is sent. */
  const [nothingToPrint, setNothingToPrint] = useState(false);

  const employees = settings?.counterEmployees ?? [];
  const assistedBy = employee && employees.includes(employee) ? employee : '';
  const consentVersion = settings?.privacyConsentVersion ?? '';
  const units = settings?.units ?? DEFAULT_UNIT_CODES;
  const paper = useSlipPaper();
  /** What the last print said, for the request it printed (a new order's confirmation starts without). */
  const [printed, setPrinted] = useState<{ requestId: string; notice: SlipPrintNotice | undefined }>();
  const lastQuote = last?.payload && 'quoteRequestLines' in last.payload ? last.payload : undefined;
  const slip = useSlipContent(last?.item, lastQuote);
  const print = async () => {
    const requestId = slip?.item.requestId;
    const notice = await printSlip(printOnSlipPrinter, t);
    if (requestId) setPrinted({ requestId, notice });
  };
  const payload = quotePayloadFromDraft(draftWithEntry(draft), {
    source: SOURCE_COUNTER_VISIT,
    privacyConsentVersion: consentVersion,
    assistedBy: assistedBy || undefined,
    units,
    language,
  });
  // The employee select in the header is not named by its schema path (assistedBy).
  const inputNames = { assistedBy: 'counter-employee' };
  const {
    errors,
    showAll,
    failure,
    busy,
    firstField,
    entry,
    picker,
    formRun,
    change,
    newForm,
    park,
    onFormSubmit,
  } = useRequestForm({
    submission: { target: 'counter', kind: 'quote', payload },
    extraIssues: quoteFormIssues(t, draft, payload, units),
    confirm: dateConfirmation(t, payload, language),
    inputNames,
    beforeNewForm: () => {
      if (draftHasContent(draft)) setPrevious(draft);
      return true;
    },
    onSubmitted: () => setPrevious(undefined),
    print: () => {
      // Ctrl+P is taken either way: the browser's own print would print the empty form.
      if (!slip) setNothingToPrint(true);
      else void print();
      return true;
    },
  });

  /** Goes up when a parked order was resumed into the form: the cursor goes where work starts again. */
  const [resumed, setResumed] = useState(0);
  // Where work starts, each time the counter is chosen (and once its forms are loaded); the draft is read
  // at that moment only, so typing never moves the cursor.
  const workStart = useEffectEvent(() => focusCounterWorkStart(firstField.current, entry.current, draft));
  const settingsLoaded = settings !== undefined;
  // Placed as the screen commits, before it is painted: the first frame shows the cursor in its field, and
  // a key typed as the form appears lands there instead of on the page (a passive effect ran after that
  // frame, some 100 ms later on a slow desk).
  useLayoutEffect(() => {
    if (ready && settingsLoaded) workStart();
  }, [ready, settingsLoaded, screenVisit, resumed]);

  if (!ready || !settings) return <p className="screen__loading">{t('app.loading')}</p>;

  return (
    <div className="screen request-screen">
      {customerPanel}
      <header className="screen__header request-header">
        <h1>{t('counter.title')}</h1>
        {employees.length ? (
          <SelectField
            label={t('counter.employee')}
            name="counter-employee"
            value={assistedBy}
            hint={t('counter.employeeHint')}
            error={errors.assistedBy}
            fieldClassName="request-header__employee"
            options={[
              { value: '', label: t('counter.employeeChoose') },
              ...employees.map((name) => ({ value: name, label: name })),
            ]}
            onChange={(name) => void setWorkstation({ counterEmployee: name || null })}
          />
        ) : (
          <p className="banner banner--warning" role="alert">
            {t('counter.employeeNone')}
          </p>
        )}
        <ul className="shortcuts" aria-label={t('counter.shortcuts')}>
          <li>{t('counter.shortcut.submit')}</li>
          <li>{t('counter.shortcut.line')}</li>
          <li>{t('counter.shortcut.catalog')}</li>
          <li>{t('counter.shortcut.new')}</li>
          <li>{t('counter.shortcut.privacy')}</li>
          <li>{t('flow.shortcut.delivery')}</li>
          <li>{t('flow.shortcut.park')}</li>
        </ul>
      </header>

      {last ? (
        <SubmissionNotice
          item={last.item}
          payload={last.payload}
          texts={{
            queued: t('counter.confirm.queued', { requestId: last.item.requestId }),
            delivered: t('counter.confirm.delivered', {
              number: last.item.number ?? t('requestForm.noNumber'),
            }),
            attention: t('counter.confirm.attention', { requestId: last.item.requestId }),
          }}
          action={{
            label: t('counter.confirm.print'),
            hint: t('counter.confirm.printHint'),
            run: () => void print(),
          }}
        />
      ) : null}
      {nothingToPrint && !last ? (
        <p className="banner banner--info" role="status">
          {t('counter.print.nothing')}
        </p>
      ) : null}
      {last && printed?.requestId === last.item.requestId ? (
        <SlipPrintStatus notice={printed.notice} />
      ) : null}
      {previous ? (
        <p className="banner banner--info" role="status">
          {t('counter.newOrder.cleared')}{' '}
          <button
            type="button"
            className="link-button"
            onClick={() => {
              updateDraft('counter', () => previous);
              setPrevious(undefined);
            }}
          >
            {t('counter.newOrder.undo')}
          </button>
        </p>
      ) : null}

      <ParkedOrders targets={COUNTER_TARGETS} onResumed={() => setResumed((count) => count + 1)} />

      <form noValidate onSubmit={onFormSubmit}>
        <QuoteForm
          idPrefix="counter"
          draft={draft}
          errors={errors}
          privacyConsentVersion={consentVersion}
          firstFieldRef={firstField}
          entryRef={entry}
          pickerRef={picker}
          formRun={formRun}
          onChange={change}
        />
        <RequestFormFooter
          showAll={showAll}
          errors={errors}
          kind="quote"
          failure={failure}
          busy={busy}
          labels={{
            submit: t('counter.submit'),
            submitting: t('counter.submitting'),
            newForm: t('counter.newOrder'),
          }}
          onNewForm={newForm}
          onPark={() => void park()}
          inputNames={inputNames}
        />
      </form>
      {slip ? <CounterSlip content={slip} paper={paper} /> : null}
    </div>
  );
}
