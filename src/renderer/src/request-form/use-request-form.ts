// The controller of one request form, shared by the counter and the trade-fair screens: what the shared
// schema says about the draft, the host's own field errors after a refused submit, sending, starting over,
// and the window-wide keys. Each screen keeps what is its own (the counter's employee and undo, the fair's
// event and tabs) and says it through the options.
import { useEffect, useEffectEvent, useRef, useState, type FormEvent } from 'react';
import { lineHasContent, type AnyDraft, type DraftTarget } from '../../../shared/contract/request-drafts.ts';
import { accountRequestSchema, quoteRequestSchema } from '../../../shared/contract/request-schemas.ts';
import { useAppStore } from '../store/use-app-store.ts';
import type { RequestFormSlice } from './request-form-slice.ts';
import { bridgeProblem } from '../components/problem-text.ts';
import { useT } from '../i18n/i18n.ts';
import {
  check,
  draftWithEntry,
  focusField,
  formPaths,
  shortcutHandler,
  type FieldErrors,
} from './request-form-support.ts';

/** What a form sends: its kind and the payload built from the draft, entry-row line included. */
export type FormRequest = Parameters<RequestFormSlice['submitRequest']>[1];

const SCHEMAS = { quote: quoteRequestSchema, account: accountRequestSchema };

export interface RequestFormOptions {
  /** The draft the form edits; a successful submit empties it. */
  target: DraftTarget;
  request: FormRequest;
  /**
   * A choice made outside the form that must be made before anything is sent (the fair's event): submit
   * stops with this message and puts the cursor on that field.
   */
  missingChoice?: { field: string; message: string };
  /** Problems beyond the schema (catalog refusals, whole pieces, dates): they keep the form from sending. */
  extraIssues?: FieldErrors;
  /** A question to answer by sending again (a date far ahead); asked once per key. */
  confirm?: { key: string; message: string } | undefined;
  /** Form paths whose input is named otherwise, for focusing the first error (the counter's employee). */
  inputNames?: Record<string, string>;
  /** Runs before "new form" empties the draft; false keeps the draft (the fair asks first). */
  beforeNewForm?: () => boolean;
  /** Runs once the request is queued. */
  onSubmitted?: () => void;
  /** Ctrl+P; returns false when there is nothing to print, which leaves the key to the browser. */
  print?: () => boolean;
}

export function useRequestForm({
  target,
  request,
  missingChoice,
  inputNames,
  extraIssues,
  confirm,
  beforeNewForm,
  onSubmitted,
  print,
}: RequestFormOptions) {
  const t = useT();
  const draft = useAppStore((state) => state.drafts[target]);
  const updateDraft = useAppStore((state) => state.updateDraft);
  const resetDraft = useAppStore((state) => state.resetDraft);
  const submitRequest = useAppStore((state) => state.submitRequest);

  /** False until the user asks to send: until then only text past a limit is flagged. */
  const [showAll, setShowAll] = useState(false);
  /** Field errors of the host's refusal; they stand until the user changes something. */
  const [bridgeErrors, setBridgeErrors] = useState<FieldErrors>({});
  /** A message for the whole form (a failed send, a missing choice). */
  const [failure, setFailure] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  /** The confirmation key the user already answered by sending again. */
  const [confirmed, setConfirmed] = useState<string | undefined>();
  const firstField = useRef<HTMLInputElement>(null);
  const entry = useRef<HTMLInputElement>(null);
  const picker = useRef<HTMLDivElement>(null);

  const kind = request.kind;
  const schemaVerdict = check(SCHEMAS[kind], request.payload);
  const extra = extraIssues ?? {};
  const verdict = Object.keys(extra).length
    ? { value: undefined, errors: { ...schemaVerdict.errors, ...extra }, limits: schemaVerdict.limits }
    : schemaVerdict;
  const errors = { ...(showAll ? verdict.errors : verdict.limits), ...bridgeErrors };

  // The store types a draft by its target; the fair's form serves two targets and knows which draft it
  // edits only at run time, so the one cast is here.
  const updateFormDraft = <D extends AnyDraft>(update: (draft: D) => D) =>
    updateDraft(target, update as never);

  const change = <D extends AnyDraft>(update: (draft: D) => D) => {
    setBridgeErrors({});
    setFailure(undefined);
    updateFormDraft(update);
  };

  const submit = async () => {
    if (busy) return;
    if (missingChoice) {
      setFailure(missingChoice.message);
      requestAnimationFrame(() => focusField(missingChoice.field));
      return;
    }
    // A line still in the entry row goes with the order: nothing typed is dropped.
    if ('entry' in draft && lineHasContent(draft.entry)) updateFormDraft(draftWithEntry);
    if (!verdict.value) {
      setShowAll(true);
      const first = Object.keys(verdict.errors)[0];
      if (first) requestAnimationFrame(() => focusField(inputNames?.[first] ?? first));
      return;
    }
    if (confirm && confirmed !== confirm.key) {
      setConfirmed(confirm.key);
      setFailure(confirm.message);
      return;
    }
    setBusy(true);
    const error = await submitRequest(target, request);
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
    onSubmitted?.();
    requestAnimationFrame(() => firstField.current?.focus());
  };

  const newForm = () => {
    if (beforeNewForm && !beforeNewForm()) return;
    resetDraft(target);
    setShowAll(false);
    setBridgeErrors({});
    requestAnimationFrame(() => firstField.current?.focus());
  };

  const onFormSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };

  // Window-wide keys call the latest submit and new form without re-subscribing on every keystroke.
  const onSubmitKey = useEffectEvent(() => void submit());
  const onNewFormKey = useEffectEvent(() => newForm());
  const onPrintKey = useEffectEvent(() => print?.() ?? false);
  useEffect(() => {
    const onKey = shortcutHandler({
      submit: onSubmitKey,
      newForm: onNewFormKey,
      // An account request has no lines, so Alt+L and Alt+K are left alone there.
      ...(kind === 'quote'
        ? {
            focusLineEntry: () => entry.current?.focus(),
            focusCatalog: () => picker.current?.querySelector('input')?.focus(),
          }
        : {}),
      togglePrivacy: () =>
        updateDraft(target, (draft) => ({ ...draft, privacyAccepted: !draft.privacyAccepted })),
      print: onPrintKey,
    });
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [kind, target, updateDraft]);

  return { errors, showAll, failure, busy, firstField, entry, picker, change, newForm, onFormSubmit };
}
