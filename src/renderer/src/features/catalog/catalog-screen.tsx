// The catalog screen: sync status and progress, then either the browser (category tree and filters,
// search with a virtualized result list, the item with its sizes) or the sync log with the changes.
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useAppStore } from '../../store/use-app-store.ts';
import { useT } from '../../i18n/i18n.ts';
import { CATALOG_SORTS } from '../../../../shared/contract/catalog-search.ts';
import { CatalogFilterPanel, CategoryTree } from './category-tree.tsx';
import { formatCount } from '../../components/catalog-format.ts';
import { DidYouMean } from '../../components/did-you-mean.tsx';
import { ProblemBanner } from '../../components/message-details.tsx';
import { bridgeProblem } from '../../components/problem-text.ts';
import { ItemDetail } from './item-detail.tsx';
import { ResultList } from './result-list.tsx';
import { isLoading } from './catalog-slice.ts';
import { CatalogExport } from './catalog-export.tsx';
import { SyncBar } from './sync-bar.tsx';
import { SyncLog } from './sync-log.tsx';
import './catalog.css';

type Tab = 'browse' | 'log';

function SearchBox({ listRef }: { listRef: React.RefObject<HTMLDivElement | null> }) {
  const t = useT();
  const query = useAppStore((state) => state.catalogQuery);
  const setQuery = useAppStore((state) => state.setCatalogQuery);
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      listRef.current?.focus();
    }
    if (event.key === 'Escape' && query) {
      event.preventDefault();
      setQuery('');
    }
  };
  return (
    <div className="catalog-search">
      <label htmlFor="catalog-search" className="visually-hidden">
        {t('catalog.search.label')}
      </label>
      <input
        id="catalog-search"
        type="search"
        autoFocus
        autoComplete="off"
        spellCheck={false}
        placeholder={t('catalog.search.placeholder')}
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        onKeyDown={onKeyDown}
      />
    </div>
  );
}

/**
 * "Bedoelde u: …" under a query that found nothing, or nothing in stock: choosing one searches for it and
 * puts the cursor back in the search box; nothing is opened or picked by itself.
 */
function SearchSuggestions() {
  const suggestions = useAppStore((state) => state.catalogResults.suggestions);
  const query = useAppStore((state) => state.catalogQuery);
  const setQuery = useAppStore((state) => state.setCatalogQuery);
  if (!suggestions.length || !query.trim()) return null;
  return (
    <DidYouMean
      suggestions={suggestions}
      testId="catalog-suggestions"
      onChoose={(suggestion) => {
        setQuery(suggestion);
        document.getElementById('catalog-search')?.focus();
      }}
    />
  );
}

/** The order of the results: a list a keyboard reaches with Tab and changes with the arrows. */
function SortChoice() {
  const t = useT();
  const sort = useAppStore((state) => state.catalogSort);
  const setSort = useAppStore((state) => state.setCatalogSort);
  return (
    <label className="catalog-sort">
      <span>{t('catalog.sort.label')}</span>
      <select
        value={sort}
        onChange={(event) => {
          const chosen = CATALOG_SORTS.find((candidate) => candidate === event.target.value);
          if (chosen) setSort(chosen);
        }}
      >
        {CATALOG_SORTS.map((candidate) => (
          <option key={candidate} value={candidate}>
            {t(`catalog.sort.${candidate}`)}
          </option>
        ))}
      </select>
    </label>
  );
}

function ResultSummary() {
  const t = useT();
  const language = useAppStore((state) => state.language);
  const results = useAppStore((state) => state.catalogResults);
  const syncedAt = useAppStore((state) => state.catalogSyncedAt);
  const query = useAppStore((state) => state.catalogQuery);
  const loading = isLoading(results);
  // The count of the rows shown, dimmed with them while the next search is on its way.
  const stale = results.stale ? ' result-summary--stale' : '';
  if (results.error) return <ProblemBanner problem={bridgeProblem(t, results.error)} />;
  if (!loading && results.total === 0)
    return (
      <p className={`result-summary result-summary--none${stale}`} role="status">
        {syncedAt || query ? t('catalog.search.none') : t('catalog.search.empty')}
      </p>
    );
  return (
    <p className={`result-summary${stale}`} role="status" data-testid="catalog-count">
      {loading
        ? t('catalog.search.loading')
        : results.capped
          ? t('catalog.search.countCapped', { count: formatCount(results.total, language) })
          : t('catalog.search.count', { count: formatCount(results.total, language) })}
      {!loading ? (
        <span className="result-summary__took">
          {t('catalog.search.took', { ms: formatCount(results.tookMs, language) })}
        </span>
      ) : null}
    </p>
  );
}

export function CatalogScreen() {
  const t = useT();
  const startCatalogBrowsing = useAppStore((state) => state.startCatalogBrowsing);
  const [tab, setTab] = useState<Tab>('browse');
  const listRef = useRef<HTMLDivElement | null>(null);

  useEffect(() => {
    void startCatalogBrowsing();
  }, [startCatalogBrowsing]);

  return (
    <div className="screen catalog">
      <header className="screen__header catalog__header">
        <div className="catalog__title">
          <h1>{t('catalog.title')}</h1>
          <div role="tablist" aria-label={t('catalog.title')} className="catalog__tabs">
            {(['browse', 'log'] as const).map((candidate) => (
              <button
                key={candidate}
                type="button"
                role="tab"
                aria-selected={tab === candidate}
                className={`catalog__tab${tab === candidate ? ' catalog__tab--active' : ''}`}
                onClick={() => setTab(candidate)}
              >
                {t(`catalog.tab.${candidate}`)}
              </button>
            ))}
          </div>
        </div>
        <SyncBar />
      </header>
      {tab === 'browse' ? (
        <div className="catalog__layout" role="tabpanel">
          <aside className="panel catalog__side">
            <CategoryTree />
            <CatalogFilterPanel />
          </aside>
          <section className="panel catalog__results">
            <SearchBox listRef={listRef} />
            <ResultSummary />
            <SearchSuggestions />
            <SortChoice />
            <CatalogExport />
            <ResultList listRef={listRef} />
          </section>
          <aside className="panel catalog__detail">
            <ItemDetail />
          </aside>
        </div>
      ) : (
        <div role="tabpanel">
          <SyncLog />
        </div>
      )}
    </div>
  );
}
