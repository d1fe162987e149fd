// The renderer's half of the scan rule (src/shared/contract/scan-code.ts): the catalog lookup both item
// fields make on Enter, and the replay of keys typed while that lookup was on its way, into the field
// they were meant for. docs/input.md ("Scanning").
import type { CatalogItemDetail } from '../../../shared/contract/catalog-search.ts';
import { scanCodeParts, scanVerdict, type ScanVerdict } from '../../../shared/contract/scan-code.ts';
import type { BridgeAnswer } from '../bridge/voa.ts';

/** What a scanned text means, with the catalog's facts of its item (through `lookUp`) when it named one. */
export async function lookUpScan(
  text: string,
  lookUp: (itemNo: string) => BridgeAnswer<'catalog:item'>,
): Promise<{ verdict: ScanVerdict; detail: CatalogItemDetail | undefined }> {
  const parts = scanCodeParts(text);
  if (!parts) return { verdict: scanVerdict(text, undefined), detail: undefined };
  const result = await lookUp(parts.itemNo);
  const detail = result.ok ? result.value : undefined;
  return { verdict: scanVerdict(text, detail), detail };
}

/** Keys kept while a scan was looked up: a character, or Enter, Backspace or Tab. */
export type HeldKey = string;

/** The keys worth holding while a lookup is pending: what types text or moves on. */
export function isHeldKey(event: { key: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean }) {
  if (event.ctrlKey || event.metaKey || event.altKey) return false;
  return event.key.length === 1 || event.key === 'Enter' || event.key === 'Backspace' || event.key === 'Tab';
}

const valueSetter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;

/** Types one character (or a Backspace) into an input as the keyboard would, through React's onChange. */
function typeInto(input: HTMLInputElement, key: HeldKey) {
  const start = input.selectionStart ?? input.value.length;
  const end = input.selectionEnd ?? input.value.length;
  const before = input.value.slice(0, key === 'Backspace' && start === end ? Math.max(0, start - 1) : start);
  const inserted = key === 'Backspace' ? '' : key;
  const next = `${before}${inserted}${input.value.slice(end)}`;
  valueSetter?.call(input, next);
  input.setSelectionRange(before.length + inserted.length, before.length + inserted.length);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * Replays held keys, one by one, into whatever field has the cursor at that moment: characters are typed,
 * Enter and Tab go through the field's own key handling (which moves the cursor on, as for a real key).
 * Stops while `waiting()` says a new lookup started (an Enter replayed into an item field): the keys left
 * stay in `held` for the next replay. `commit` makes React apply each step before the next one reads it.
 */
export function replayHeldKeys(held: HeldKey[], waiting: () => boolean, commit: (step: () => void) => void) {
  while (held.length && !waiting()) {
    const key = held.shift() as HeldKey;
    const target = document.activeElement;
    if (!(target instanceof HTMLInputElement)) continue;
    if (key === 'Enter' || key === 'Tab') {
      const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
      commit(() => target.dispatchEvent(event));
      // A Tab nobody handled moves on as the browser would: to the next field of the form.
      if (key === 'Tab' && !event.defaultPrevented) focusNextField(target);
    } else {
      commit(() => typeInto(target, key));
    }
  }
}

function focusNextField(from: HTMLInputElement) {
  const fields = [
    ...(from.form ?? document).querySelectorAll<HTMLElement>('input, select, textarea, button'),
  ].filter((element) => !element.hasAttribute('disabled') && element.tabIndex >= 0);
  fields[fields.indexOf(from) + 1]?.focus();
}
