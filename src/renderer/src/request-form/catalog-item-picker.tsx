// Keyboard-first item typeahead for the counter and fair line entry, over the same search as the catalog
// screen. Type, arrow to a size, Enter picks. Enter without an arrow follows the scan rule
// (src/shared/contract/scan-code.ts, the same as the entry row's item field): an exact item or size code is
// that line, a blocked one is refused with the reason, anything else picks the best size the search finds
// for exactly the text typed. Keys typed while Enter's lookup is on its way are held and replayed into the
// field they were meant for (the new line's quantity), so a scanner's code, Enter and a quantity typed
// straight after all land. Blocked and sales-blocked items are listed but cannot be picked.
import { memo, useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { flushSync } from 'react-dom';
import { isPickable, pickedLineFor, type CatalogSizeRow } from '../../../shared/contract/catalog-search.ts';
import type { PickedCatalogLine } from '../../../shared/contract/picked-line.ts';
import { useAppStore } from '../store/use-app-store.ts';
import { formatDimensions, sizeLabel } from '../components/catalog-format.ts';
import { DidYouMean } from '../components/did-you-mean.tsx';
import { stockText, steelAbsentAfter } from '../components/steel.ts';
import { useT, type MessageKey } from '../i18n/i18n.ts';
import { isHeldKey, lookUpScan, replayHeldKeys, type HeldKey } from './scan-input.ts';
import './catalog-item-picker.css';

export interface CatalogItemPickerProps {
  /** Adds the line and puts the cursor where its next key belongs (its quantity), before returning. */
  onPick(line: PickedCatalogLine): void;
  autoFocus?: boolean;
  /** Visible label; defaults to "Artikel" / "Item". */
  label?: string;
  placeholder?: string;
  disabled?: boolean;
  /** Results shown at most (default 30). */
  limit?: number;
  /** Keep the typed text after a pick; by default the field empties, ready for the next line. */
  keepQueryAfterPick?: boolean;
}

/** Keys closer together than this come from a scanner (a person's are 100 ms apart or more). */
const SCAN_GAP_MS = 30;

type Message = { kind: 'info' | 'bad'; text: string } | undefined;

/** The lowest point of the window a list can be seen at: above a sticky form footer, if one is there. */
function visibleBottom(): number {
  const footer = document.querySelector('.form-actions')?.getBoundingClientRect();
  return footer && footer.top > 0 && footer.top < window.innerHeight ? footer.top : window.innerHeight;
}

/**
 * The options, rendered again only when the rows or the active one change: a key typed into the field
 * renders the field alone, and the rows once, when their answer comes.
 */
const PickerOptions = memo(function PickerOptions({
  rows,
  active,
  idPrefix,
}: {
  rows: CatalogSizeRow[];
  active: number;
  idPrefix: string;
}) {
  const t = useT();
  const language = useAppStore((state) => state.language);
  const steelAbsent = useAppStore((state) => steelAbsentAfter(state.syncStatus));
  return rows.map((row, index) => {
    const pickable = isPickable(row);
    return (
      <li
        key={`${row.itemNo}/${row.variantCode}`}
        id={`${idPrefix}-option-${index}`}
        data-index={index}
        role="option"
        aria-selected={index === active}
        aria-disabled={!pickable}
        className={`item-picker__option${index === active ? ' item-picker__option--active' : ''}${pickable ? '' : ' item-picker__option--blocked'}`}
      >
        <span className="item-picker__no">
          {row.itemNo}
          {row.variantCode ? <span className="item-picker__code">{row.variantCode}</span> : null}
        </span>
        <span className="item-picker__text">
          {row.itemDescription}
          {row.itemDescription2 ? (
            <span className="item-picker__treatment">{row.itemDescription2}</span>
          ) : null}
          {row.variantCode ? <span className="item-picker__sub">{row.description}</span> : null}
        </span>
        <span className="item-picker__dims">{steelAbsent ? '' : formatDimensions(row, language)}</span>
        <span className="item-picker__stock">{stockText(row, language, t, steelAbsent)}</span>
        {row.itemBlocked ? <span className="badge badge--bad">{t('catalog.badge.blocked')}</span> : null}
        {row.salesBlocked ? (
          <span className="badge badge--bad">{t('catalog.badge.salesBlocked')}</span>
        ) : null}
        {row.sizeBlocked ? <span className="badge badge--bad">{t('catalog.badge.sizeBlocked')}</span> : null}
      </li>
    );
  });
});

export function CatalogItemPicker({
  onPick,
  autoFocus,
  label,
  placeholder,
  disabled,
  limit = 30,
  keepQueryAfterPick,
}: CatalogItemPickerProps) {
  const t = useT();
  const searchCatalog = useAppStore((state) => state.searchCatalog);
  const lookUpCatalogItem = useAppStore((state) => state.lookUpCatalogItem);
  const steel = useAppStore((state) => state.syncStatus?.lastSuccess?.steel === true);
  const id = useId();
  const [query, setQuery] = useState('');
  const [rows, setRows] = useState<CatalogSizeRow[]>([]);
  /** The text the rows were found for: rows of an older text are never picked by Enter. */
  const [rowsFor, setRowsFor] = useState('');
  const [total, setTotal] = useState(0);
  /** What a query that found nothing (or nothing in stock) may have meant: offered, never picked. */
  const [suggestions, setSuggestions] = useState<string[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  /** True once the user moved with the arrows: Enter then means "this one", not "the number I typed". */
  const [chosen, setChosen] = useState(false);
  const [message, setMessage] = useState<Message>();
  /** Keys typed while a refused pick was decided, dropped: shown with the refusal. */
  const [droppedKeys, setDroppedKeys] = useState('');
  const sequence = useRef(0);
  const listRef = useRef<HTMLUListElement | null>(null);
  const inputRef = useRef<HTMLInputElement | null>(null);
  /** The result list opens above the field when there is no room below it, even after scrolling. */
  const [above, setAbove] = useState(false);
  /** True while Enter's lookup is on its way; keys typed meanwhile are held in `held`. */
  const deciding = useRef(false);
  const held = useRef<HeldKey[]>([]);

  /** When the field's text last changed: keys closer together than SCAN_GAP_MS are a scanner's. */
  const lastChange = useRef(0);
  useEffect(() => {
    const text = query;
    const mine = ++sequence.current;
    const now = performance.now();
    const scanning = now - lastChange.current < SCAN_GAP_MS;
    // An emptied field (Esc, a pick, a person's select-and-delete) is no key of a scan: the key after it
    // starts a new text, and a person's searches at once however soon it comes.
    lastChange.current = text ? now : 0;
    if (!text.trim()) return;
    const search = async () => {
      const result = await searchCatalog(text, limit);
      if (mine !== sequence.current || !result.ok) return;
      setRows(result.value.rows);
      setRowsFor(text);
      setTotal(result.value.total);
      setSuggestions(result.value.suggestions);
      setActive(0);
      setChosen(false);
    };
    // A person's key searches at once, from this effect (run as the key's render commits), not from a
    // timer: a timer's task may wait behind the frame that paints the key. A scanner's burst of keys
    // searches once, after its last key.
    if (!scanning) {
      void search();
      return;
    }
    const timer = setTimeout(() => void search(), SCAN_GAP_MS);
    return () => clearTimeout(timer);
  }, [query, limit, searchCatalog]);

  useEffect(() => {
    listRef.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [active]);

  const pick = (row: CatalogSizeRow): boolean => {
    if (!isPickable(row)) {
      setMessage({ kind: 'bad', text: t('catalog.picker.blocked', { item: sizeLabel(row) }) });
      return false;
    }
    onPick(pickedLineFor(row, steel));
    setMessage(undefined);
    setOpen(false);
    if (!keepQueryAfterPick) {
      sequence.current++;
      setQuery('');
      setRows([]);
      setTotal(0);
    }
    return true;
  };

  /** Empties the field, its results and its message. */
  const clear = () => {
    sequence.current++;
    setQuery('');
    setRows([]);
    setRowsFor('');
    setTotal(0);
    setSuggestions([]);
    setMessage(undefined);
  };

  /** A suggestion chosen: it becomes the search, the cursor back in the field; nothing is picked. */
  const searchFor = (text: string) => {
    setQuery(text);
    setSuggestions([]);
    setMessage(undefined);
    setOpen(true);
    inputRef.current?.focus();
  };

  const searchRows = async (text: string): Promise<CatalogSizeRow[]> => {
    const result = await searchCatalog(text, limit);
    if (result.ok) setSuggestions(result.value.suggestions);
    return result.ok ? result.value.rows : [];
  };

  /** Enter without a chosen option: the scan rule decides; true when a line was added. */
  const decide = async (text: string): Promise<boolean> => {
    const { verdict } = await lookUpScan(text, lookUpCatalogItem);
    if (verdict.kind === 'line') return pick(verdict.row);
    if (verdict.kind === 'refused') {
      setMessage({
        kind: 'bad',
        text: t(`input.scan.refused.${verdict.refusal}` as MessageKey, {
          item: verdict.row.itemNo,
          size: verdict.row.variantCode,
        }),
      });
      return false;
    }
    // Not a code: the text is a search. Rows of an older text are never used, a search still on its way
    // is asked again for this text, and the best size that can be picked wins (blocked ones rank last).
    const found = rowsFor === text ? rows : await searchRows(text);
    const best = found.find(isPickable);
    if (best) return pick(best);
    setMessage(
      found[0]
        ? { kind: 'bad', text: t('catalog.picker.blocked', { item: sizeLabel(found[0]) }) }
        : { kind: 'bad', text: t('catalog.picker.notFound', { item: text.trim() }) },
    );
    return false;
  };

  const onKeyDown = async (event: KeyboardEvent<HTMLInputElement>) => {
    if (deciding.current) {
      // Meant for the line this Enter is adding (its quantity), or for the next scan: held, replayed.
      if (isHeldKey(event)) {
        event.preventDefault();
        held.current.push(event.key);
      }
      return;
    }
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      setChosen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => Math.max(0, Math.min(rows.length - 1, current + step)));
      return;
    }
    if (event.key === 'Escape') {
      // One key clears a search or a refused code: the next scan starts on an empty field.
      event.preventDefault();
      clear();
      return;
    }
    // Ctrl+Enter sends the form: it never picks (the form says what the search still holds).
    if (event.key !== 'Enter' || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    // The field's own value: a scanner's Enter follows its last character within milliseconds.
    const text = event.currentTarget.value;
    if (!text.trim()) return;
    const row = rows[active];
    if (chosen && row) {
      pick(row);
      return;
    }
    deciding.current = true;
    let added: boolean;
    try {
      added = await decide(text);
    } finally {
      deciding.current = false;
    }
    if (!added) {
      // After a refusal the keys typed since have no line to go to: a quantity must never become a search,
      // and the next scan must not be appended to the refused code. They are dropped, and said so; the
      // refused text stays selected, so whatever is typed next replaces it.
      const dropped = held.current.filter((key) => key !== 'Tab');
      held.current = [];
      if (dropped.length) setDroppedKeys(dropped.map((key) => (key === 'Enter' ? '⏎' : key)).join(''));
      inputRef.current?.select();
      return;
    }
    replayHeldKeys(held.current, () => deciding.current, flushSync);
  };

  const listId = `${id}-list`;
  const showList = open && query.trim() !== '';
  /** The rows shown were found for a text before this one, whose answer is on its way: they stay, dimmed. */
  const stale = rowsFor !== query;
  // The results open in view (at 1024x700 the picker sits low on the form): first the page scrolls the
  // field up to just under the window's bar (scroll-margin in catalog-item-picker.css), and only if the list still does
  // not fit below it does it open above the field.
  useLayoutEffect(() => {
    const list = listRef.current;
    const input = inputRef.current;
    if (!showList || !list || !input) {
      setAbove(false);
      return;
    }
    const fits = () => list.getBoundingClientRect().bottom <= visibleBottom();
    if (!above && !fits()) input.scrollIntoView({ block: 'start' });
    if (!above && !fits()) setAbove(true);
  }, [showList, rows, above]);

  return (
    <div className="item-picker">
      <label htmlFor={`${id}-input`}>{label ?? t('catalog.picker.label')}</label>
      <input
        ref={inputRef}
        id={`${id}-input`}
        type="text"
        role="combobox"
        aria-expanded={showList}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={showList && rows[active] ? `${id}-option-${active}` : undefined}
        autoComplete="off"
        spellCheck={false}
        autoFocus={autoFocus}
        disabled={disabled}
        placeholder={placeholder ?? t('catalog.picker.placeholder')}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          if (!event.target.value.trim()) {
            setRows([]);
            setTotal(0);
          }
          setOpen(true);
          setMessage(undefined);
          setDroppedKeys('');
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={(event) => void onKeyDown(event)}
      />
      {showList ? (
        <ul
          id={listId}
          role="listbox"
          className={`item-picker__list${above ? ' item-picker__list--above' : ''}${stale ? ' item-picker__list--stale' : ''}`}
          aria-busy={stale}
          ref={listRef}
          aria-label={label ?? t('catalog.picker.label')}
          // The text these rows answer: the bench's keystroke-to-paint figure waits for it.
          data-results-for={rowsFor}
          // mousedown, not click: the input keeps focus for the next line
          onMouseDown={(event) => {
            if (!(event.target instanceof Element)) return;
            const option = event.target.closest<HTMLElement>('[role="option"]');
            const row = rows[Number(option?.dataset.index)];
            if (!option || !row) return;
            event.preventDefault();
            setActive(Number(option.dataset.index));
            pick(row);
          }}
        >
          {rows.length === 0 ? (
            <li className="item-picker__empty" role="presentation">
              {t('catalog.picker.noResults')}
            </li>
          ) : (
            <PickerOptions rows={rows} active={active} idPrefix={id} />
          )}
          {total > rows.length ? (
            <li className="item-picker__more" role="presentation">
              {t('catalog.picker.results', { count: total })}
            </li>
          ) : null}
        </ul>
      ) : null}
      <p
        className={`item-picker__message${message?.kind === 'bad' ? ' item-picker__message--bad' : ''}`}
        role="status"
      >
        {message?.text ?? ''}
        {message && droppedKeys ? ` ${t('catalog.picker.keysDropped', { keys: droppedKeys })}` : ''}
      </p>
      {suggestions.length && query.trim() && (rows.length === 0 || message) ? (
        <DidYouMean suggestions={suggestions} onChoose={searchFor} keepFieldFocus />
      ) : null}
    </div>
  );
}
