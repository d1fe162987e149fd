// A quote draft's line entry: keys of new lines, and a line still being typed taken into the lines.
import { emptyLine, lineHasContent, type QuoteDraft } from '../../../shared/contract/request-drafts.ts';

/** A key for a new form line (React key, live merging); never sent to the host. */
export function newLineKey(): string {
  return crypto.randomUUID();
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
