// The search results: a virtualized list (only the rows in view exist in the DOM, windows of rows are
// fetched from the core as they scroll into view), so 500,000 sizes scroll as smoothly as 50.
// Keyboard: the list is one tab stop; arrows, Page Up/Down, Home and End move, Enter opens the item.
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { isPickable, type CatalogSizeRow } from '../../../../shared/contract/catalog-search.ts';
import type { UiLanguage } from '../../../../shared/settings.ts';
import { useAppStore } from '../../store/use-app-store.ts';
import { useT } from '../../i18n/i18n.ts';
import { CATALOG_WINDOW, isLoading } from './catalog-slice.ts';
import { formatDimensions } from '../../components/catalog-format.ts';
import { stockText, steelAbsentAfter } from '../../components/steel.ts';

export const ROW_HEIGHT = 52;

export function rowAt(windows: Record<number, CatalogSizeRow[] | 'loading'>, index: number) {
  const window = windows[Math.floor(index / CATALOG_WINDOW)];
  return window && window !== 'loading' ? window[index % CATALOG_WINDOW] : undefined;
}

export function SizeBadges({ row }: { row: CatalogSizeRow }) {
  const t = useT();
  return (
    <>
      {row.itemBlocked ? <span className="badge badge--bad">{t('catalog.badge.blocked')}</span> : null}
      {row.salesBlocked ? <span className="badge badge--bad">{t('catalog.badge.salesBlocked')}</span> : null}
      {row.sizeBlocked ? <span className="badge badge--bad">{t('catalog.badge.sizeBlocked')}</span> : null}
    </>
  );
}

/**
 * A row's content, rendered again only for another row: while a key's answer is on its way the list marks
 * its rows stale without redrawing each one, and only the answer's rows are drawn.
 */
const ResultRowContent = memo(function ResultRowContent({
  row,
  language,
  steelAbsent,
}: {
  row: CatalogSizeRow;
  language: UiLanguage;
  steelAbsent: boolean;
}) {
  const t = useT();
  return (
    <>
      <span className="result-row__no">
        {row.itemNo}
        {row.variantCode ? <span className="result-row__code">{row.variantCode}</span> : null}
      </span>
      <span className="result-row__text">
        <span className="result-row__title">{row.itemDescription}</span>
        <span className="result-row__sub">
          <SizeBadges row={row} />
          {row.variantCode ? row.description : t('catalog.row.noSizes')}
          {row.itemDescription2 ? ` · ${row.itemDescription2}` : ''}
        </span>
      </span>
      {steelAbsent ? null : <span className="result-row__dims">{formatDimensions(row, language)}</span>}
      <span
        className={`result-row__stock${row.inventory > 0 || steelAbsent ? '' : ' result-row__stock--none'}${steelAbsent ? ' result-row__stock--unknown' : ''}`}
      >
        {steelAbsent && row.variantCode ? (
          <span title={t('catalog.stock.unavailable')}>{t('catalog.stock.unavailableShort')}</span>
        ) : (
          stockText(row, language, t, steelAbsent)
        )}
      </span>
    </>
  );
});

export function ResultList({ listRef }: { listRef: React.RefObject<HTMLDivElement | null> }) {
  const t = useT();
  const language = useAppStore((state) => state.language);
  const steelAbsent = useAppStore((state) => steelAbsentAfter(state.syncStatus));
  const results = useAppStore((state) => state.catalogResults);
  const loadRows = useAppStore((state) => state.loadCatalogRows);
  const openItem = useAppStore((state) => state.openCatalogItem);
  const openItemNo = useAppStore((state) => state.catalogItem?.itemNo);
  const [active, setActive] = useState(0);
  const scrollRef = useRef<HTMLDivElement | null>(null);

  // The virtualizer re-renders this list itself; nothing memoized depends on its functions.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: results.total,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items[items.length - 1]?.index ?? 0;

  useEffect(() => {
    if (results.total > 0 && !results.stale) loadRows(first, last);
  }, [first, last, results.generation, results.stale, results.total, loadRows]);

  useEffect(() => {
    // A new result set starts at the top, once it has answered: stale rows stay where they are.
    if (results.stale) return;
    setActive(0);
    // Even at the top, where the list is while a person types: the scroll reads the list's layout, so the
    // frame that paints the new rows finds it done (left out at the top, key to paint took 1 to 3.5 ms more
    // at its p95).
    virtualizer.scrollToOffset(0);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [results.generation, results.stale]);

  const move = (index: number) => {
    const next = Math.max(0, Math.min(results.total - 1, index));
    setActive(next);
    virtualizer.scrollToIndex(next, { align: 'auto' });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const page = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? 400) / ROW_HEIGHT) - 1);
    const keys: Record<string, () => void> = {
      ArrowDown: () => move(active + 1),
      ArrowUp: () => move(active - 1),
      PageDown: () => move(active + page),
      PageUp: () => move(active - page),
      Home: () => move(0),
      End: () => move(results.total - 1),
      Enter: () => {
        const row = rowAt(results.windows, active);
        if (row) void openItem(row.itemNo);
      },
    };
    const action = keys[event.key];
    if (action) {
      event.preventDefault();
      action();
    }
  };

  return (
    <div
      ref={(element) => {
        scrollRef.current = element;
        listRef.current = element;
      }}
      className={`result-list${results.stale ? ' result-list--stale' : ''}`}
      role="listbox"
      tabIndex={0}
      aria-label={t('catalog.search.results')}
      aria-busy={results.stale || isLoading(results)}
      aria-activedescendant={results.total ? `catalog-row-${active}` : undefined}
      onKeyDown={onKeyDown}
      data-testid="catalog-results"
      // The text the rows shown answer (stale rows still the text before): the bench's keystroke-to-paint
      // figure waits for it to be the field's.
      data-results-for={isLoading(results) ? undefined : results.query}
    >
      <div className="result-list__spacer" style={{ height: virtualizer.getTotalSize() }}>
        {items.map((item) => {
          const row = rowAt(results.windows, item.index);
          const selected = row !== undefined && row.itemNo === openItemNo;
          return (
            <div
              key={item.key}
              id={`catalog-row-${item.index}`}
              role="option"
              aria-selected={selected}
              className={`result-row${item.index === active ? ' result-row--active' : ''}${selected ? ' result-row--open' : ''}${row && !isPickable(row) ? ' result-row--blocked' : ''}`}
              style={{ transform: `translateY(${item.start}px)`, height: ROW_HEIGHT }}
              onClick={() => {
                setActive(item.index);
                if (row) void openItem(row.itemNo);
              }}
            >
              {row ? (
                <ResultRowContent row={row} language={language} steelAbsent={steelAbsent} />
              ) : (
                <span className="result-row__placeholder">{t('catalog.search.loading')}</span>
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}
