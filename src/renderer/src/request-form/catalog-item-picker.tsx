// Keyboard-first item typeahead for the counter and fair line entry, over the same search as the catalog
// screen. Type, arrow to a size, Enter picks; Enter straight after typing an exact item number picks that
// item (a keyboard-wedge scanner types the number and Enter, faster than any result list), and "item
// number + size code" picks that size. Blocked and sales-blocked items are listed but cannot be picked.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import {
  isPickable,
  pickedLineFor,
  type CatalogItemDetail,
  type CatalogSizeRow,
} from '../../../shared/contract/catalog-search.ts';
import type { PickedCatalogLine } from '../../../shared/contract/picked-line.ts';
import { useAppStore } from '../store/use-app-store.ts';
import { voa } from '../bridge/voa.ts';
import { formatDimensions, sizeLabel } from '../components/catalog-format.ts';
import { stockText, useSteelAbsent } from '../components/steel.ts';
import { useT } from '../i18n/i18n.ts';

export interface CatalogItemPickerProps {
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

type Message = { kind: 'info' | 'bad'; text: string } | undefined;

/** An item picked as a whole (several sizes, none chosen): the line carries no size and no dimensions. */
function itemLevelRow(detail: CatalogItemDetail): CatalogSizeRow {
  const first = detail.sizes[0];
  return {
    itemNo: detail.itemNo,
    variantCode: '',
    itemDescription: detail.description,
    itemDescription2: detail.description2,
    description: '',
    description2: '',
    categoryCode: detail.categoryCode,
    profileCode: detail.profile?.code ?? first?.profileCode ?? '',
    gradeCode: detail.grade?.code ?? first?.gradeCode ?? '',
    baseUnit: detail.baseUnit,
    priceUnit: detail.priceUnit,
    lengthMm: 0,
    widthMm: 0,
    thicknessMm: 0,
    extraLengthMm: 0,
    formatType: '',
    inventory: 0,
    itemBlocked: detail.blocked,
    salesBlocked: detail.salesBlocked,
    sizeBlocked: false,
  };
}

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
  const language = useAppStore((state) => state.language);
  const steelAbsent = useSteelAbsent();
  const id = useId();
  const [query, setQuery] = useState('');
  const [rows, setRows] = useState<CatalogSizeRow[]>([]);
  /** The text the rows were found for: rows of an older text are never picked by Enter. */
  const [rowsFor, setRowsFor] = useState('');
  const [total, setTotal] = useState(0);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  /** True once the user moved with the arrows: Enter then means "this one", not "the number I typed". */
  const [chosen, setChosen] = useState(false);
  const [message, setMessage] = useState<Message>();
  const sequence = useRef(0);
  const listRef = useRef<HTMLUListElement | null>(null);

  useEffect(() => {
    const text = query;
    const mine = ++sequence.current;
    if (!text.trim()) return;
    const timer = setTimeout(async () => {
      const result = await voa.catalog.search({ query: text, limit });
      if (mine !== sequence.current || !result.ok) return;
      setRows(result.value.rows);
      setRowsFor(text);
      setTotal(result.value.total);
      setActive(0);
      setChosen(false);
    }, 30);
    return () => clearTimeout(timer);
  }, [query, limit]);

  useEffect(() => {
    listRef.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [active]);

  const pick = (row: CatalogSizeRow): boolean => {
    if (!isPickable(row)) {
      setMessage({ kind: 'bad', text: t('catalog.picker.blocked', { item: sizeLabel(row) }) });
      return false;
    }
    onPick(pickedLineFor(row));
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

  const searchRows = async (text: string): Promise<CatalogSizeRow[]> => {
    const result = await voa.catalog.search({ query: text, limit });
    return result.ok ? result.value.rows : [];
  };

  /** Enter without a chosen option: an exact item number (optionally with a size code) wins. */
  const pickExact = async (text: string): Promise<boolean> => {
    const [itemNo, code, ...rest] = text.trim().split(/[\s/]+/);
    if (!itemNo || rest.length) return false;
    const result = await voa.catalog.item({ itemNo: itemNo.slice(0, 20) });
    if (!result.ok) return false;
    const detail = result.value;
    if (code) {
      const size = detail.sizes.find(
        (candidate) => candidate.variantCode.toUpperCase() === code.toUpperCase(),
      );
      return size ? pick(size) : false;
    }
    const sizes = detail.sizes.filter((size) => size.variantCode !== '');
    if (sizes.length === 1) return pick(sizes[0] as CatalogSizeRow);
    return pick(sizes.length === 0 && detail.sizes[0] ? detail.sizes[0] : itemLevelRow(detail));
  };

  const onKeyDown = async (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      setChosen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => Math.max(0, Math.min(rows.length - 1, current + step)));
      return;
    }
    if (event.key === 'Escape') {
      if (open) setOpen(false);
      else setQuery('');
      return;
    }
    if (event.key !== 'Enter') return;
    event.preventDefault();
    // The field's own value: a scanner's Enter follows its last character within milliseconds.
    const text = event.currentTarget.value;
    if (!text.trim()) return;
    const row = rows[active];
    if (chosen && row) {
      pick(row);
      return;
    }
    if (await pickExact(text)) return;
    // Enter decides on the exact text typed: rows of an older text are never used, a search still on its
    // way is asked again for this text, and the best size that can be picked wins (blocked ones rank last).
    const found = rowsFor === text ? rows : await searchRows(text);
    const best = found.find(isPickable) ?? found[0];
    if (best) {
      pick(best);
      return;
    }
    setMessage({ kind: 'bad', text: t('catalog.picker.notFound', { item: text.trim() }) });
  };

  const listId = `${id}-list`;
  const showList = open && query.trim() !== '';
  return (
    <div className="item-picker">
      <label htmlFor={`${id}-input`}>{label ?? t('catalog.picker.label')}</label>
      <input
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
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={(event) => void onKeyDown(event)}
      />
      {showList ? (
        <ul
          id={listId}
          role="listbox"
          className="item-picker__list"
          ref={listRef}
          aria-label={label ?? t('catalog.picker.label')}
        >
          {rows.length === 0 ? (
            <li className="item-picker__empty" role="presentation">
              {t('catalog.picker.noResults')}
            </li>
          ) : (
            rows.map((row, index) => {
              const pickable = isPickable(row);
              return (
                <li
                  key={`${row.itemNo}/${row.variantCode}`}
                  id={`${id}-option-${index}`}
                  data-index={index}
                  role="option"
                  aria-selected={index === active}
                  aria-disabled={!pickable}
                  className={`item-picker__option${index === active ? ' item-picker__option--active' : ''}${pickable ? '' : ' item-picker__option--blocked'}`}
                  // mousedown, not click: the input keeps focus for the next line
                  onMouseDown={(event) => {
                    event.preventDefault();
                    setActive(index);
                    pick(row);
                  }}
                >
                  <span className="item-picker__no">
                    {row.itemNo}
                    {row.variantCode ? <span className="item-picker__code">{row.variantCode}</span> : null}
                  </span>
                  <span className="item-picker__text">
                    {row.itemDescription}
                    {row.variantCode ? <span className="item-picker__sub">{row.description}</span> : null}
                  </span>
                  <span className="item-picker__dims">
                    {steelAbsent ? '' : formatDimensions(row, language)}
                  </span>
                  <span className="item-picker__stock">{stockText(row, language, t, steelAbsent)}</span>
                  {row.itemBlocked ? (
                    <span className="badge badge--bad">{t('catalog.badge.blocked')}</span>
                  ) : null}
                  {row.salesBlocked ? (
                    <span className="badge badge--bad">{t('catalog.badge.salesBlocked')}</span>
                  ) : null}
                  {row.sizeBlocked ? (
                    <span className="badge badge--bad">{t('catalog.badge.sizeBlocked')}</span>
                  ) : null}
                </li>
              );
            })
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
      </p>
    </div>
  );
}
