// What the counter, fair and outbox screens share about a request form: checking a draft with the shared
// schema (messages in the UI language), naming a field for the error summary, and focusing it.
import { z } from 'zod';
import {
  currentCatalog,
  emptyLine,
  lineHasContent,
  type QuoteDraft,
} from '../../../shared/contract/request-drafts.ts';
import { QUOTE_LINES_KEY } from '../../../shared/contract/request-fields.ts';
import type { UnitCodes } from '../../../shared/contract/request-lines.ts';
import type { QuoteRequestInput } from '../../../shared/contract/request-schemas.ts';
import {
  dateNeedsConfirmation,
  localDate,
  submitIssues,
} from '../../../shared/contract/request-submit-rules.ts';
import { fieldErrors } from '../../../shared/validation.ts';
import type { UiLanguage } from '../../../shared/settings.ts';
import { formatLongDay } from '../components/date-time-format.ts';
import type { MessageKey, Translate } from '../i18n/i18n.ts';

export type FieldErrors = Record<string, string>;

export interface Verdict<T> {
  value: T | undefined;
  /** Every problem by field path. */
  errors: FieldErrors;
  /** Only text past a limit: shown while typing, before the user asked to send. */
  limits: FieldErrors;
}

/** The shared schema's verdict on a payload. */
export function check<S extends z.ZodType>(schema: S, payload: unknown): Verdict<z.output<S>> {
  const result = schema.safeParse(payload);
  if (result.success) return { value: result.data, errors: {}, limits: {} };
  const tooBig = result.error.issues.filter((issue) => issue.code === 'too_big');
  return {
    value: undefined,
    errors: fieldErrors(result.error),
    limits: tooBig.length ? fieldErrors(new z.ZodError(tooBig)) : {},
  };
}

const ACCOUNT_LABELS: Record<string, MessageKey> = {
  email: 'requestForm.account.email',
  jobTitle: 'requestForm.account.jobTitle',
  existingCustomer: 'requestForm.account.existingCustomer',
  statedCustomerNo: 'requestForm.account.statedCustomerNo',
};

/** A field path as a person reads it: "Line 2 · Qty", "Contact name". */
export function fieldLabel(t: Translate, path: string, kind: 'quote' | 'account'): string {
  const parts = path.split('.');
  if (parts[0] === QUOTE_LINES_KEY && parts.length >= 3) {
    return `${t('requestForm.line.number', { number: Number(parts[1]) + 1 })} · ${t(`requestForm.line.${parts[2]}` as MessageKey)}`;
  }
  if (parts[0] === 'privacyAccepted' || parts[0] === 'privacyConsentVersion')
    return t('requestForm.form.privacy');
  if (parts[0] === 'assistedBy') return t('counter.employee');
  if (parts[0] === 'source') return t('fair.event');
  if (kind === 'account' && ACCOUNT_LABELS[parts[0] ?? ''])
    return t(ACCOUNT_LABELS[parts[0] ?? ''] as MessageKey);
  const key = `requestForm.form.${parts[0]}` as MessageKey;
  const label = t(key);
  return label === key ? path : label;
}

/**
 * The input a problem is about. Inputs carry their form path as name; a choice shared by several forms on
 * one page carries it after the form's prefix (`counter-deliveryMethod`), and "no lines yet" is the entry row.
 */
export function fieldElement(path: string): HTMLElement | null {
  const named = (selector: string) =>
    document.querySelector<HTMLElement>(`[name${selector}"]:checked`) ??
    document.querySelector<HTMLElement>(`[name${selector}"]`);
  const escaped = CSS.escape(path);
  if (path === QUOTE_LINES_KEY) return document.querySelector<HTMLElement>('[name="entry.itemNo"]');
  return named(`="${escaped}`) ?? named(`$="-${escaped}`);
}

/**
 * Puts the cursor in the field a problem is about, wherever it is: a collapsed section holding it is
 * opened and it is scrolled into view, so a message never names a field the employee cannot see.
 */
export function focusField(path: string): void {
  const target = fieldElement(path);
  if (!target) return;
  for (
    let section = target.closest('details');
    section;
    section = section.parentElement?.closest('details') ?? null
  )
    section.open = true;
  target.focus({ preventScroll: true });
  target.scrollIntoView({ block: 'center' });
}

/**
 * The paths of errors in the order their fields appear on screen (header, lines, delivery, consent), so
 * the summary reads top to bottom and the cursor goes to the first; fields not on screen come last.
 */
export function inFormOrder(errors: FieldErrors, inputNames?: Record<string, string>): string[] {
  const placed = Object.keys(errors).map((path, index) => ({
    path,
    index,
    element: fieldElement(inputNames?.[path] ?? path),
  }));
  return placed
    .sort((a, b) => {
      if (!a.element || !b.element) return a.element ? -1 : b.element ? 1 : a.index - b.index;
      if (a.element === b.element) return a.index - b.index;
      return a.element.compareDocumentPosition(b.element) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1;
    })
    .map((entry) => entry.path);
}

/**
 * The counter's cursor when its screen is chosen: the line entry once a customer is named, otherwise the
 * first empty field of the customer section (the section that holds the form's first field).
 */
export function focusCounterWorkStart(
  firstField: HTMLInputElement | null,
  entry: HTMLInputElement | null,
  draft: Pick<QuoteDraft, 'contactName' | 'companyName'>,
): void {
  if ((draft.contactName.trim() || draft.companyName.trim()) && entry) {
    entry.focus();
    return;
  }
  const inputs = firstField?.closest('section')?.querySelectorAll<HTMLInputElement>('input') ?? [];
  const empty = [...inputs].find(
    (input) => input.type !== 'checkbox' && input.type !== 'radio' && !input.disabled && !input.value.trim(),
  );
  (empty ?? firstField)?.focus();
}

/** A key for a new form line (React key, live merging); never sent to the host. */
export function newLineKey(): string {
  return crypto.randomUUID();
}

export interface FormShortcuts {
  submit(): void;
  newForm(): void;
  park(): void;
  focusLineEntry?(): void;
  focusCatalog?(): void;
  toggleDelivery?(): void;
  togglePrivacy(): void;
  print?(): boolean;
}

/**
 * The keys of a request form, on the whole window while the form is shown: Ctrl+Enter sends, Alt+N starts
 * a new form, Alt+W parks it, Alt+L jumps to the line entry, Alt+K to the catalog search, Alt+O switches
 * pickup and delivery, Alt+P ticks privacy consent, Ctrl+P prints the last slip. Alt+1…5 belong to the
 * navigation; none of these is a browser or Electron key (Alt+D, Alt+E, Alt+F and Alt+Home are avoided).
 * Physical key codes, so a keyboard layout that puts a symbol on Alt+letter does not break them.
 */
export function shortcutHandler(shortcuts: FormShortcuts): (event: KeyboardEvent) => void {
  return (event) => {
    const command = event.ctrlKey || event.metaKey;
    if (command && event.key === 'Enter') shortcuts.submit();
    else if (event.altKey && !command && event.code === 'KeyN') shortcuts.newForm();
    else if (event.altKey && !command && event.code === 'KeyL' && shortcuts.focusLineEntry)
      shortcuts.focusLineEntry();
    else if (event.altKey && !command && event.code === 'KeyK' && shortcuts.focusCatalog)
      shortcuts.focusCatalog();
    else if (event.altKey && !command && event.code === 'KeyO' && shortcuts.toggleDelivery)
      shortcuts.toggleDelivery();
    else if (event.altKey && !command && event.code === 'KeyW') shortcuts.park();
    else if (event.altKey && !command && event.code === 'KeyP') shortcuts.togglePrivacy();
    else if (command && !event.altKey && event.code === 'KeyP' && shortcuts.print) {
      if (!shortcuts.print()) return;
    } else return;
    event.preventDefault();
  };
}

/** The bridge's field paths of a submit call ("payload.email") as form paths ("email"). */
export function formPaths(fields: Record<string, string> | undefined): FieldErrors {
  return Object.fromEntries(
    Object.entries(fields ?? {}).map(([key, value]) => [key.replace(/^payload\./, ''), value]),
  );
}

/**
 * The draft with a line still in the entry row added to its lines: nothing typed is dropped at submit.
 * An item without a quantity (a scan) is one piece of it.
 */
export function draftWithEntry<D extends Pick<QuoteDraft, 'lines' | 'entry'>>(draft: D): D {
  if (!lineHasContent(draft.entry)) return draft;
  const line = {
    ...draft.entry,
    quantity: draft.entry.itemNo.trim() && !draft.entry.quantity.trim() ? '1' : draft.entry.quantity,
  };
  return { ...draft, lines: [...draft.lines, line], entry: emptyLine(newLineKey()) };
}

/**
 * What keeps a quote form from being sent beyond its schema: a line the catalog refused, an item the
 * catalog does not know without a description, pieces that are not whole, a date in the past.
 */
export function quoteFormIssues(
  t: Translate,
  draft: QuoteDraft,
  payload: QuoteRequestInput,
  units: UnitCodes,
): FieldErrors {
  const issues: FieldErrors = submitIssues(payload, { today: localDate(new Date()), units });
  draftWithEntry(draft).lines.forEach((line, index) => {
    const catalog = currentCatalog(line);
    const path = (field: string) => `${QUOTE_LINES_KEY}.${index}.${field}`;
    if (catalog?.state === 'refused' && catalog.refusal) {
      issues[path('itemNo')] = t(`requestForm.line.refused.${catalog.refusal}` as MessageKey, {
        item: line.itemNo,
        size: line.variantCode,
      });
    } else if (catalog?.state === 'unknown' && !line.description.trim()) {
      issues[path('description')] = t('requestForm.line.unknownNeedsDescription', { item: line.itemNo });
    } else if (catalog?.state === 'known' && catalog.cutToLength && !line.lengthMm.trim()) {
      // "0 = the standard length" means nothing for a size that has none: the length must be typed.
      issues[path('lengthMm')] = t('requestForm.line.lengthNeededIssue', { size: line.variantCode });
    }
  });
  return issues;
}

/** The question a form asks before sending a requested date more than a year ahead, or undefined. */
export function dateConfirmation(t: Translate, payload: QuoteRequestInput, language: UiLanguage) {
  const date = payload.requestedDeliveryDate;
  return date && dateNeedsConfirmation(payload, localDate(new Date()))
    ? { key: date, message: t('requestForm.form.dateConfirm', { date: formatLongDay(date, language) }) }
    : undefined;
}
