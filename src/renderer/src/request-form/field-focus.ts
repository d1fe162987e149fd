// Finding a request form's fields on screen by their form path, and putting the cursor in one: the field
// a problem is about, the summary's order top to bottom, and where the counter's work starts.
import type { QuoteDraft } from '../../../shared/contract/request-drafts.ts';
import { QUOTE_LINES_KEY } from '../../../shared/contract/request-fields.ts';
import type { FieldErrors } from './form-verdict.ts';

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
