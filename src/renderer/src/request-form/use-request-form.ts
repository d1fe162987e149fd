// The controller of one request form, shared by the counter and the trade-fair screens: what the shared
// schema says about the draft, the host's own field errors after a refused submit, sending, starting over,
// and the window-wide keys. Each screen keeps what is its own (the counter's employee and undo, the fair's
// event and tabs) and says it through the options.
import { useEffect, useEffectEvent, useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { DELIVERY_DELIVERY, DELIVERY_PICKUP } from '../../../shared/contract/fixed-values.ts';
import { PARKED_DRAFTS_MAX, lineHasContent } from '../../../shared/contract/request-drafts.ts';
import { accountRequestSchema, quoteRequestSchema } from '../../../shared/contract/request-schemas.ts';
import { useAppStore } from '../store/use-app-store.ts';
import type { Drafts, FormSubmission } from './request-form-slice.ts';
import { bridgeProblem } from '../components/problem-text.ts';
import { useAfterCommit } from '../components/use-after-commit.ts';
import { useT } from '../i18n/i18n.ts';
import { check, formPaths, type FieldErrors } from './form-verdict.ts';
import { focusField, inFormOrder } from './field-focus.ts';
import { shortcutHandler } from './form-shortcuts.ts';

const SCHEMAS = { quote: quoteRequestSchema, account: accountRequestSchema };

export interface RequestFormOptions<T extends keyof Drafts> {
  /**
   * What the form sends, built from its draft (entry-row line included); its target is the draft the form
   * edits, and a successful submit empties it.
   */
  submission: FormSubmission & { target: T };
  /**
   * A choice made outside the form that must be made before anything is sent (the fair's event): listed
   * in the error summary with the form's other problems, at that field.
   */
  missingChoice?: { field: string; message: string };
  /** Problems beyond the schema (catalog refusals, whole pieces, dates): they keep the form from sending. */
  extraIssues?: FieldErrors;
  /** A question to answer by sending again (a date far ahead); asked once per key. */
  confirm?: { key: string; message: string } | undefined;
  /** Form paths whose input is named otherwise, for focusing an error's field (the counter's employee). */
  inputNames?: Record<string, string>;
  /** Runs before "new form" empties the draft; false keeps the draft (the fair asks first). */
  beforeNewForm?: () => boolean;
  /** Runs once the request is queued. */
  onSubmitted?: () => void;
  /** Ctrl+P; returns false when there is nothing to print, which leaves the key to the browser. */
  print?: () => boolean;
}

export function useRequestForm<T extends keyof Drafts>({
  submission,
  missingChoice,
  inputNames,
  extraIssues,
  confirm,
  beforeNewForm,
  onSubmitted,
  print,
}: RequestFormOptions<T>) {
  const t = useT();
  const target: T = submission.target;
  const draft = useAppStore((state) => state.drafts[target]);
  const updateDraft = useAppStore((state) => state.updateDraft);
  const resetDraft = useAppStore((state) => state.resetDraft);
  const submitRequest = useAppStore((state) => state.submitRequest);
  const parkDraft = useAppStore((state) => state.parkDraft);

  /** False until the user asks to send: until then only text past a limit is flagged. */
  const [showAll, setShowAll] = useState(false);
  /** Field errors of the host's refusal; they stand until the user changes something. */
  const [bridgeErrors, setBridgeErrors] = useState<FieldErrors>({});
  /** A message for the whole form (a failed send, a missing choice). */
  const [failure, setFailure] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  /** The confirmation key the user already answered by sending again. */
  const [confirmed, setConfirmed] = useState<string | undefined>();
  /** Goes up each time the form starts over (new, sent, parked): the picker starts empty with it. */
  const [formRun, setFormRun] = useState(0);
  const firstField = useRef<HTMLInputElement>(null);
  const entry = useRef<HTMLInputElement>(null);
  const picker = useRef<HTMLDivElement>(null);
  const afterCommit = useAfterCommit();

  const kind = submission.kind;
  const schemaVerdict = check(SCHEMAS[kind], submission.payload);
  // A choice made outside the form (the fair's event) is listed with the form's own problems.
  const extra = {
    ...extraIssues,
    ...(missingChoice ? { [missingChoice.field]: missingChoice.message } : {}),
  };
  const verdict = Object.keys(extra).length
    ? { value: undefined, errors: { ...schemaVerdict.errors, ...extra }, limits: schemaVerdict.limits }
    : schemaVerdict;
  const errors = { ...(showAll ? verdict.errors : verdict.limits), ...bridgeErrors };

  const change = (update: (draft: Drafts[T]) => Drafts[T]) => {
    setBridgeErrors({});
    setFailure(undefined);
    updateDraft(target, update);
  };

  const itemChecksRunning = useAppStore((state) => state.itemChecksRunning);
  /** Asked to send while a line's item was still being looked up: sent once every answer is in. */
  const submitAfterChecks = useRef(false);
  /** Goes up with each such ask, so that the effect below looks again even if no count was rendered. */
  const [checksAwaited, setChecksAwaited] = useState(0);

  const submit = async () => {
    if (busy) return;
    if (useAppStore.getState().itemChecksRunning > 0) {
      submitAfterChecks.current = true;
      setChecksAwaited((count) => count + 1);
      return;
    }
    // Text typed for a line that is not a line yet: sending without it would drop a line the customer
    // asked for, and sending it unchecked could send one nobody meant. The employee adds it or clears it.
    const pending = pendingLineText();
    if (pending) {
      setFailure(pending.message);
      afterCommit(() => {
        pending.field?.focus();
        pending.field?.select();
      });
      return;
    }
    if (!verdict.value) {
      setShowAll(true);
      // The cursor goes to the problem nearest the top of the form, as the summary lists them.
      afterCommit(() => {
        const first = inFormOrder(verdict.errors, inputNames)[0];
        if (first) focusField(inputNames?.[first] ?? first);
      });
      return;
    }
    if (confirm && confirmed !== confirm.key) {
      setConfirmed(confirm.key);
      setFailure(confirm.message);
      return;
    }
    setBusy(true);
    const error = await submitRequest(submission);
    setBusy(false);
    if (error) {
      setBridgeErrors(formPaths(error.fields));
      setFailure(
        error.fields ? undefined : t('requestForm.submit.failed', { message: bridgeProblem(t, error).text }),
      );
      setShowAll(true);
      return;
    }
    setShowAll(false);
    setFailure(undefined);
    setFormRun((run) => run + 1);
    onSubmitted?.();
    afterCommit(() => firstField.current?.focus());
  };

  /** What the picker or the entry row holds that is not a line yet, with the field to resolve it in. */
  const pendingLineText = (): { message: string; field: HTMLInputElement | null | undefined } | undefined => {
    if (submission.kind !== 'quote') return undefined;
    const pickerInput = picker.current?.querySelector<HTMLInputElement>('input[role="combobox"]');
    const searched = pickerInput?.value.trim();
    if (searched) return { message: t('requestForm.pending.picker', { text: searched }), field: pickerInput };
    if ('entry' in draft && lineHasContent(draft.entry)) {
      const text = [draft.entry.itemNo, draft.entry.variantCode, draft.entry.description]
        .map((part) => part.trim())
        .filter(Boolean)
        .join(' ');
      return { message: t('requestForm.pending.entry', { text }), field: entry.current };
    }
    return undefined;
  };

  // Rendered with every answer applied to its line: the submit that waited judges these lines.
  const submitWaiting = useEffectEvent(() => void submit());
  useEffect(() => {
    if (!submitAfterChecks.current || itemChecksRunning > 0) return;
    submitAfterChecks.current = false;
    submitWaiting();
  }, [checksAwaited, itemChecksRunning]);

  const newForm = () => {
    if (beforeNewForm && !beforeNewForm()) return;
    resetDraft(target);
    setFormRun((run) => run + 1);
    setFailure(undefined);
    setShowAll(false);
    setBridgeErrors({});
    afterCommit(() => firstField.current?.focus());
  };

  /** Puts the order aside (a customer fetches a colleague) and starts an empty one; false when refused. */
  const park = async () => {
    const error = await parkDraft(target);
    if (error) {
      setFailure(
        error.code === 'conflict'
          ? t('flow.park.full', { count: PARKED_DRAFTS_MAX })
          : t('flow.park.failed', { message: error.message }),
      );
      return false;
    }
    setShowAll(false);
    setBridgeErrors({});
    setFailure(undefined);
    setFormRun((run) => run + 1);
    afterCommit(() => firstField.current?.focus());
    return true;
  };

  const onFormSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };

  // Window-wide keys call the latest submit and new form without re-subscribing on every keystroke.
  const onSubmitKey = useEffectEvent(() => void submit());
  const onNewFormKey = useEffectEvent(() => newForm());
  const onPrintKey = useEffectEvent(() => print?.() ?? false);
  const onParkKey = useEffectEvent(() => void park());
  const lineTarget = submission.kind === 'quote' ? submission.target : undefined;
  useEffect(() => {
    const onKey = shortcutHandler({
      submit: onSubmitKey,
      newForm: onNewFormKey,
      park: onParkKey,
      // An account request has no lines and no delivery, so Alt+L, Alt+K and Alt+O are left alone there.
      ...(lineTarget
        ? {
            focusLineEntry: () => entry.current?.focus(),
            focusCatalog: () => picker.current?.querySelector('input')?.focus(),
            toggleDelivery: () => {
              let chosen: string = DELIVERY_PICKUP;
              flushSync(() =>
                updateDraft(lineTarget, (draft) => {
                  chosen = draft.deliveryMethod === DELIVERY_PICKUP ? DELIVERY_DELIVERY : DELIVERY_PICKUP;
                  return { ...draft, deliveryMethod: chosen };
                }),
              );
              // The cursor goes to the first field of the method chosen: where to deliver, or the pickup day.
              focusField(chosen === DELIVERY_DELIVERY ? 'useShipToAddress' : 'requestedDeliveryDate');
            },
          }
        : {}),
      togglePrivacy: () =>
        lineTarget
          ? updateDraft(lineTarget, (draft) => ({ ...draft, privacyAccepted: !draft.privacyAccepted }))
          : updateDraft('account', (draft) => ({ ...draft, privacyAccepted: !draft.privacyAccepted })),
      print: onPrintKey,
    });
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [lineTarget, updateDraft]);

  return {
    draft,
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
  };
}
