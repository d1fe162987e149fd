// The catalog slice: results as windows fetched while the list scrolls, late answers dropped, sync state
// followed from main's events.
import { describe, expect, it } from 'vitest';
import type {
  CatalogFacets,
  CatalogSearchResult,
  PageKindCounts,
  SyncProgress,
  SyncStatus,
} from '../../src/shared/contract/catalog-search.ts';
import { CATALOG_WINDOW } from '../../src/renderer/src/features/catalog/catalog-slice.ts';
import { useAppStore } from '../../src/renderer/src/store/use-app-store.ts';
import { deferred, Refusal } from './support/fake-bridge.ts';
import {
  installFake,
  NO_SYNC,
  settingsView,
  sizeRow,
  storeReaches,
  syncRun,
} from './support/renderer-harness.ts';

const answer = (itemNos: string[], total = itemNos.length, offset = 0): CatalogSearchResult => ({
  rows: itemNos.map((itemNo) => sizeRow({ itemNo })),
  offset,
  total,
  capped: false,
  syncedAt: '2026-11-22T02:00:00.000Z',
  tookMs: 1,
  suggestions: [],
});

const firstWindow = () => useAppStore.getState().catalogResults.windows[0];

describe('catalog slice', () => {
  it('an answer to an older query that arrives late never replaces the newer results', async () => {
    const slow = deferred<CatalogSearchResult>();
    const fake = installFake('nl', {
      'catalog:search': ({ query }) => (query === 'hea' ? slow.promise : answer(['HEA200-S235'])),
    });
    useAppStore.getState().setCatalogQuery('hea');
    useAppStore.getState().setCatalogQuery('hea200');
    await storeReaches(() => Array.isArray(firstWindow()));
    slow.resolve(answer(['HEA100-S235', 'HEA120-S235']));
    await fake.settled();

    const rows = firstWindow();
    expect(Array.isArray(rows) ? rows.map((row) => row.itemNo) : rows).toEqual(['HEA200-S235']);
    expect(useAppStore.getState().catalogQuery).toBe('hea200');
  });

  it('sends the filters chosen and fetches only the windows the list scrolls to, once each', async () => {
    const fake = installFake('nl', {
      'catalog:search': ({ offset }) =>
        answer(
          Array.from({ length: CATALOG_WINDOW }, (_, index) => `I${(offset ?? 0) + index}`),
          250,
          offset,
        ),
    });
    useAppStore.getState().setCatalogFilters({ profileCode: 'HEA', inStock: true, blocked: 'exclude' });
    await storeReaches(() => Array.isArray(firstWindow()));
    useAppStore.getState().loadCatalogRows(150, 260);
    useAppStore.getState().loadCatalogRows(150, 260);
    await storeReaches(() => Array.isArray(useAppStore.getState().catalogResults.windows[2]));

    const searches = fake.inputsOf('catalog:search');
    expect(searches.map((search) => search.offset)).toEqual([0, 100, 200]);
    expect(searches[0]).toMatchObject({ profileCode: 'HEA', inStock: true, blocked: 'exclude' });
    expect(searches[0]).not.toHaveProperty('categoryCode');
  });

  it('a refused search keeps the answer main gave and shows no rows', async () => {
    installFake('nl', {
      'catalog:search': () => {
        throw new Refusal({ code: 'internal', message: 'De catalogus kon niet worden gelezen.' });
      },
    });
    useAppStore.getState().setCatalogQuery('koker');
    await storeReaches(() => useAppStore.getState().catalogResults.error !== undefined);
    // Kept as main's answer (code and message): the screen words it by its code (components/problem-text.ts).
    expect(useAppStore.getState().catalogResults.error).toEqual({
      code: 'internal',
      message: 'De catalogus kon niet worden gelezen.',
    });
    expect(firstWindow()).toBeUndefined();
  });

  it('rows kept in view while a new query is asked give way to its refusal: no rows of the query before', async () => {
    installFake('nl', {
      'catalog:search': ({ query }) => {
        if (query === 'hea') return answer(['HEA100-S235'], 40);
        throw new Refusal({ code: 'internal', message: 'De catalogus kon niet worden gelezen.' });
      },
    });
    useAppStore.getState().setCatalogQuery('hea');
    await storeReaches(() => Array.isArray(firstWindow()));
    useAppStore.getState().setCatalogQuery('hea2');
    expect(useAppStore.getState().catalogResults).toMatchObject({ stale: true, query: 'hea', total: 40 });
    await storeReaches(() => useAppStore.getState().catalogResults.error !== undefined);

    expect(useAppStore.getState().catalogResults).toMatchObject({ stale: false, query: 'hea2', total: 0 });
    expect(firstWindow()).toBeUndefined();
  });

  it('searches the whole catalog when the catalog screen starts, not when the counter does', async () => {
    const fake = installFake('nl');
    // The counter's start: the sync status (steel, live stock), and no search of a list nobody sees.
    await useAppStore.getState().initCatalog();
    fake.emit('catalog:changed', { syncedAt: '2026-11-22T02:00:00.000Z' });
    await fake.settled();
    expect(fake.inputsOf('catalog:search')).toEqual([]);
    expect(fake.inputsOf('catalog:facets')).toEqual([]);
    expect(fake.inputsOf('sync:status').length).toBeGreaterThan(0);

    // The catalog screen's start, however often it is shown: its facets and one search.
    await useAppStore.getState().startCatalogBrowsing();
    await useAppStore.getState().startCatalogBrowsing();
    await storeReaches(() => Array.isArray(firstWindow()));
    expect(fake.inputsOf('catalog:search')).toHaveLength(1);
    expect(useAppStore.getState().catalogFacets).toBeDefined();
    // A new catalog searches its list again, now that the screen shows it.
    fake.emit('catalog:changed', { syncedAt: '2026-11-23T02:00:00.000Z' });
    await fake.settled();
    expect(fake.inputsOf('catalog:search')).toHaveLength(2);
  });

  it('facets asked before a new catalog came, answered after it, never replace the new catalog’s', async () => {
    const before = deferred<CatalogFacets>();
    const oldFacets: CatalogFacets = { categories: [], profiles: [], grades: [] };
    const newFacets: CatalogFacets = {
      categories: [],
      profiles: [{ code: 'HEA', description: 'HEA-balk', sizes: 12 }],
      grades: [],
    };
    let calls = 0;
    const fake = installFake('nl', {
      'catalog:facets': () => (++calls === 1 ? before.promise : newFacets),
    });
    const browsing = useAppStore.getState().startCatalogBrowsing();
    fake.emit('catalog:changed', { syncedAt: '2026-11-23T02:00:00.000Z' });
    await storeReaches(() => useAppStore.getState().catalogFacets?.profiles.length === 1);
    before.resolve(oldFacets);
    await browsing;
    await fake.settled();
    expect(useAppStore.getState().catalogFacets).toEqual(newFacets);
  });

  it('reads the sync status again when settings are saved: what it lacked may be there now', async () => {
    const fake = installFake('nl', {
      'sync:status': () => ({ ...NO_SYNC, notConfigured: ['applications.sync.clientSecret'] }),
    });
    await useAppStore.getState().initCatalog();
    expect(useAppStore.getState().syncStatus?.notConfigured).toEqual(['applications.sync.clientSecret']);
    fake.handle('sync:status', () => NO_SYNC);
    fake.emit('settings:changed', useAppStore.getState().settingsView ?? settingsView('nl'));
    await storeReaches(() => useAppStore.getState().syncStatus?.notConfigured === undefined);
  });

  it('follows a sync from main: progress while it runs, the finished run in the status afterwards', async () => {
    const fake = installFake('nl');
    await useAppStore.getState().initCatalog();
    const rows: PageKindCounts = {
      categories: 10,
      profiles: 5,
      grades: 4,
      itemTypes: 2,
      items: 900,
      variants: 3000,
    };
    const progress: SyncProgress = {
      runId: 7,
      trigger: 'manual',
      startedAt: '2026-11-22T02:00:00.000Z',
      pageKind: 'variants',
      pages: 4,
      rows,
      rowsTotal: 3921,
      expectedRows: 500_000,
      phase: 'reading',
      waiting: undefined,
    };
    fake.emit('sync:progress', progress);
    expect(useAppStore.getState().syncProgress).toEqual(progress);

    const run = syncRun({ id: 7, startedAt: progress.startedAt, rows });
    fake.handle('sync:status', () => ({
      running: undefined,
      otherSync: undefined,
      last: run,
      lastSuccess: run,
      nextScheduledAt: undefined,
      notConfigured: undefined,
    }));
    fake.emit('sync:finished', run);
    expect(useAppStore.getState().syncProgress).toBeUndefined();
    await storeReaches(() => useAppStore.getState().syncStatus?.lastSuccess?.id === 7);
  });
  it('a sync that ends while the status is on its way leaves no progress bar behind', async () => {
    const slowStatus = deferred<SyncStatus>();
    const rows: PageKindCounts = {
      categories: 1,
      profiles: 1,
      grades: 1,
      itemTypes: 1,
      items: 1,
      variants: 1,
    };
    const running: SyncProgress = {
      runId: 8,
      trigger: 'startup',
      startedAt: '2026-11-22T02:00:00.000Z',
      pageKind: 'items',
      pages: 1,
      rows,
      rowsTotal: 6,
      expectedRows: undefined,
      phase: 'reading',
      waiting: undefined,
    };
    const fake = installFake('nl', { 'sync:status': () => slowStatus.promise });
    const started = useAppStore.getState().initCatalog();
    const run = syncRun({
      id: 8,
      trigger: 'startup',
      startedAt: running.startedAt,
      finishedAt: '2026-11-22T02:00:05.000Z',
      pages: 6,
      rows,
      durationMs: 5000,
    });
    fake.emit('sync:finished', run);
    // The answer to the question asked before the end: still running.
    slowStatus.resolve({
      running,
      otherSync: undefined,
      last: undefined,
      lastSuccess: undefined,
      nextScheduledAt: undefined,
      notConfigured: undefined,
    });
    await started;
    expect(useAppStore.getState().syncProgress).toBeUndefined();
  });
});
