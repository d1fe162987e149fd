// The category tree (derived from hyphenated codes in the core), with the number of sizes under each.
// A tree of buttons: Tab moves between them, Enter or a click selects, the arrow button expands.
import { useEffect, useState } from 'react';
import type { CategoryNode } from '../../../../shared/contract/catalog-search.ts';
import { useAppStore } from '../../store/use-app-store.ts';
import { useT } from '../../i18n/i18n.ts';
import { formatCount } from '../../components/catalog-format.ts';
import { steelAbsentAfter } from '../../components/steel.ts';

function containsCode(node: CategoryNode, code: string | undefined): boolean {
  return (
    code !== undefined && (node.code === code || node.children.some((child) => containsCode(child, code)))
  );
}

function CategoryBranch({ node, depth }: { node: CategoryNode; depth: number }) {
  const t = useT();
  const language = useAppStore((state) => state.language);
  const selected = useAppStore((state) => state.catalogFilters.categoryCode);
  const setFilters = useAppStore((state) => state.setCatalogFilters);
  const [open, setOpen] = useState(() => containsCode(node, selected) && node.code !== selected);
  const name = node.description || node.code;
  return (
    <li
      role="treeitem"
      aria-expanded={node.children.length ? open : undefined}
      aria-selected={selected === node.code}
    >
      <div className="category-tree__row" style={{ paddingLeft: `${depth * 0.9}rem` }}>
        {node.children.length ? (
          <button
            type="button"
            className="category-tree__toggle"
            aria-label={t(open ? 'catalog.categories.collapse' : 'catalog.categories.expand', { name })}
            onClick={() => setOpen(!open)}
          >
            {open ? '▾' : '▸'}
          </button>
        ) : (
          <span className="category-tree__toggle" aria-hidden="true" />
        )}
        <button
          type="button"
          className={`category-tree__name${selected === node.code ? ' category-tree__name--selected' : ''}`}
          onClick={() => {
            setFilters({ categoryCode: selected === node.code ? undefined : node.code });
            if (node.children.length) setOpen(true);
          }}
          title={node.code}
        >
          <span>{name}</span>
          <span className="category-tree__count">{formatCount(node.sizes, language)}</span>
        </button>
      </div>
      {open && node.children.length ? (
        <ul role="group">
          {node.children.map((child) => (
            <CategoryBranch key={child.code} node={child} depth={depth + 1} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

export function CategoryTree() {
  const t = useT();
  const facets = useAppStore((state) => state.catalogFacets);
  const selected = useAppStore((state) => state.catalogFilters.categoryCode);
  const setFilters = useAppStore((state) => state.setCatalogFilters);
  return (
    <nav className="category-tree" aria-labelledby="catalog-categories">
      <h2 id="catalog-categories">{t('catalog.categories.title')}</h2>
      <button
        type="button"
        className={`category-tree__name category-tree__all${selected ? '' : ' category-tree__name--selected'}`}
        onClick={() => setFilters({ categoryCode: undefined })}
      >
        {t('catalog.categories.all')}
      </button>
      <ul role="tree" aria-labelledby="catalog-categories">
        {(facets?.categories ?? []).map((node) => (
          <CategoryBranch key={node.code} node={node} depth={0} />
        ))}
      </ul>
    </nav>
  );
}

export function CatalogFilterPanel() {
  const t = useT();
  const facets = useAppStore((state) => state.catalogFacets);
  const filters = useAppStore((state) => state.catalogFilters);
  const setFilters = useAppStore((state) => state.setCatalogFilters);
  const steelAbsent = useAppStore((state) => steelAbsentAfter(state.syncStatus));
  // Steel filters left on from a sync with the steel extension would find nothing now.
  const staleSteelFilter = steelAbsent && (filters.inStock || filters.profileCode || filters.gradeCode);
  useEffect(() => {
    if (staleSteelFilter) setFilters({ inStock: false, profileCode: undefined, gradeCode: undefined });
  }, [staleSteelFilter, setFilters]);
  const active =
    filters.profileCode ||
    filters.gradeCode ||
    filters.inStock ||
    filters.blocked !== 'include' ||
    filters.categoryCode;
  return (
    <section className="catalog-filters" aria-labelledby="catalog-filters">
      <h2 id="catalog-filters">{t('catalog.filters.title')}</h2>
      {steelAbsent ? (
        <p className="field__hint catalog-filters__no-steel">{t('catalog.stock.noSteelNote')}</p>
      ) : (
        <>
          <div className="field">
            <label htmlFor="catalog-filter-profile">{t('catalog.filters.profile')}</label>
            <select
              id="catalog-filter-profile"
              value={filters.profileCode ?? ''}
              onChange={(event) => setFilters({ profileCode: event.target.value || undefined })}
            >
              <option value="">{t('catalog.filters.any')}</option>
              {(facets?.profiles ?? []).map((profile) => (
                <option key={profile.code} value={profile.code}>
                  {profile.code}
                  {profile.description ? ` · ${profile.description}` : ''}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="catalog-filter-grade">{t('catalog.filters.grade')}</label>
            <select
              id="catalog-filter-grade"
              value={filters.gradeCode ?? ''}
              onChange={(event) => setFilters({ gradeCode: event.target.value || undefined })}
            >
              <option value="">{t('catalog.filters.any')}</option>
              {(facets?.grades ?? []).map((grade) => (
                <option key={grade.code} value={grade.code}>
                  {grade.code}
                </option>
              ))}
            </select>
          </div>
          <label className="catalog-filters__check">
            <input
              type="checkbox"
              checked={filters.inStock}
              onChange={(event) => setFilters({ inStock: event.target.checked })}
            />
            {t('catalog.filters.inStock')}
          </label>
        </>
      )}
      <div className="field">
        <label htmlFor="catalog-filter-blocked">{t('catalog.filters.blocked')}</label>
        <select
          id="catalog-filter-blocked"
          value={filters.blocked}
          onChange={(event) => setFilters({ blocked: event.target.value as typeof filters.blocked })}
        >
          <option value="include">{t('catalog.filters.blocked.include')}</option>
          <option value="exclude">{t('catalog.filters.blocked.exclude')}</option>
          <option value="only">{t('catalog.filters.blocked.only')}</option>
        </select>
      </div>
      {active ? (
        <button
          type="button"
          className="button"
          onClick={() =>
            setFilters({
              categoryCode: undefined,
              profileCode: undefined,
              gradeCode: undefined,
              inStock: false,
              blocked: 'include',
            })
          }
        >
          {t('catalog.filters.clear')}
        </button>
      ) : null}
    </section>
  );
}
