// State of the catalog screen and its sync. Search results are kept as windows of rows by
// position, fetched as the virtualized list scrolls; a new query or filter starts a new result set, and
// answers for an older one are dropped. The rows shown stay, marked stale, until the new set's first
// answer replaces them: emptying the list at each key cost a render and a paint before the answer's own.
import type {
  BlockedFilter,
  CatalogFacets,
  CatalogItemDetail,
  CatalogSizeRow,
  CatalogSort,
  SyncChanges,
  SyncProgress,
  SyncRunSummary,
  SyncStatus,
} from '../../../../shared/contract/catalog-search.ts';
import type { BridgeError } from '../../../../shared/bridge/define.ts';
import type { SliceCreator } from '../../app/app-store.ts';
import type { ExportFormat } from '../../../../shared/bridge/export-calls.ts';
import { readUnlessOvertaken, voa, type BridgeAnswer } from '../../bridge/voa.ts';

/** Rows per window fetched from the core. */
export const CATALOG_WINDOW = 100;

export interface CatalogFilters {
  categoryCode: string | undefined;
  profileCode: string | undefined;
  gradeCode: string | undefined;
  inStock: boolean;
  blocked: BlockedFilter;
}

export const NO_FILTERS: CatalogFilters = {
  categoryCode: undefined,
  profileCode: undefined,
  gradeCode: undefined,
  inStock: false,
  blocked: 'include',
};

export interface CatalogResults {
  /** Bumped for every new query or filter: windows of an older result set are dropped. */
  generation: number;
  /** The query the rows shown answer; undefined until a first answer. */
  query: string | undefined;
  /**
   * True while a new query or filter waits for its first answer: the rows, count and suggestions shown
   * are still the previous search's.
   */
  stale: boolean;
  total: number;
  capped: boolean;
  tookMs: number;
  /** Window index → rows; a window being fetched is marked 'loading'. */
  windows: Record<number, CatalogSizeRow[] | 'loading'>;
  /** Kept whole: the screen words it by its code and keeps the core's text for the details. */
  error: BridgeError | undefined;
  /** Queries one slip away that find something, when this one found nothing or nothing in stock. */
  suggestions: string[];
}

export interface CatalogSlice {
  catalogQuery: string;
  catalogFilters: CatalogFilters;
  catalogResults: CatalogResults;
  catalogSyncedAt: string | undefined;
  catalogFacets: CatalogFacets | undefined;
  catalogItem:
    { itemNo: string; detail: CatalogItemDetail | undefined; error: BridgeError | undefined } | undefined;
  syncStatus: SyncStatus | undefined;
  syncProgress: SyncProgress | undefined;
  syncRuns: SyncRunSummary[];
  syncChanges: SyncChanges | undefined;
  /** Subscribes to sync and catalog events once, and loads the sync status (the counter needs it too). */
  initCatalog(): Promise<void>;
  /**
   * The catalog screen's start, once: the facets and the first search of its list. Not at every start of
   * the desk: on the counter that search of the whole catalog was work for nobody.
   */
  startCatalogBrowsing(): Promise<void>;
  setCatalogQuery(query: string): void;
  setCatalogFilters(patch: Partial<CatalogFilters>): void;
  /** The order of the results: kept while the query and the filters change, and followed by the export. */
  catalogSort: CatalogSort;
  setCatalogSort(sort: CatalogSort): void;
  /** Makes sure the windows covering rows first…last are loaded (or loading). */
  loadCatalogRows(first: number, last: number): void;
  openCatalogItem(itemNo: string | undefined): Promise<void>;
  /** `force`: swap in even a catalog that lost a whole kind of rows (a person decided, after a refusal). */
  startCatalogSync(options?: { force?: boolean }): Promise<BridgeError | undefined>;
  /**
   * Asks main to stop the sync: true when it came too late (the sync was putting the new catalog in
   * place, and ends as that swap does); false when it stops, or no sync ran.
   */
  cancelCatalogSync(): Promise<{ tooLate: boolean }>;
  loadSyncLog(): Promise<void>;
  /** One item of the local catalog with its sizes. */
  lookUpCatalogItem(itemNo: string): BridgeAnswer<'catalog:item'>;
  /** The local catalog's size and when it was last synced. */
  catalogStats(): BridgeAnswer<'catalog:stats'>;
  /** Calls `onChange` whenever main swaps in another catalog; answers the unsubscribe. */
  watchCatalogChanges(onChange: () => void): () => void;
  /** A search of its own (the item picker's), apart from the catalog screen's query and results. */
  searchCatalog(query: string, limit: number): BridgeAnswer<'catalog:search'>;
  /** The ERP's stock of one size now ("Nu controleren"), beside the synced figure. */
  checkStock(itemNo: string, variantCode: string): BridgeAnswer<'stock:check'>;
  /** What the catalog screen shows, with its query, filters and order, to a file main asks for. */
  exportCatalog(format: ExportFormat): BridgeAnswer<'export:catalog'>;
}

let generationCounter = 0;

/** True while the first window of the results is being fetched with nothing shown in its place. */
export function isLoading(results: CatalogResults): boolean {
  return results.windows[0] === 'loading';
}

const emptyResults = (): CatalogResults => ({
  generation: ++generationCounter,
  query: undefined,
  stale: false,
  total: 0,
  capped: false,
  tookMs: 0,
  windows: {},
  error: undefined,
  suggestions: [],
});

export const createCatalogSlice: SliceCreator<CatalogSlice> = (set, get) => {
  let initialized: Promise<void> | undefined;
  let browsing: Promise<void> | undefined;
  /**
   * Counts the syncs whose end was announced. A status asked for before an end but answered after it still
   * says "running": it must not bring back a progress bar the end already took away (the bar would stay,
   * with no "Sync now", until the next sync).
   */
  let finishedCount = 0;
  const progressFrom = (running: SyncProgress | undefined, finishedBefore: number) =>
    finishedCount === finishedBefore ? running : get().syncProgress;
  const fetchWindow = async (generation: number, window: number) => {
    const { catalogQuery, catalogFilters, catalogSort } = get();
    const result = await voa.catalog.search({
      query: catalogQuery,
      sort: catalogSort,
      ...(catalogFilters.categoryCode ? { categoryCode: catalogFilters.categoryCode } : {}),
      ...(catalogFilters.profileCode ? { profileCode: catalogFilters.profileCode } : {}),
      ...(catalogFilters.gradeCode ? { gradeCode: catalogFilters.gradeCode } : {}),
      ...(catalogFilters.inStock ? { inStock: true } : {}),
      blocked: catalogFilters.blocked,
      offset: window * CATALOG_WINDOW,
      limit: CATALOG_WINDOW,
    });
    const current = get().catalogResults;
    if (current.generation !== generation) return; // an older search answered late
    // The first answer of a new set replaces the previous set's rows, which stayed shown until now.
    const previous = current.stale ? { windows: {}, suggestions: [] } : current;
    if (!result.ok) {
      const windows: CatalogResults['windows'] = { ...previous.windows };
      delete windows[window];
      set({
        catalogResults: {
          ...current,
          ...(current.stale ? { total: 0, capped: false, tookMs: 0 } : {}),
          query: catalogQuery,
          stale: false,
          windows,
          suggestions: previous.suggestions,
          error: result.error,
        },
      });
      return;
    }
    set({
      catalogSyncedAt: result.value.syncedAt,
      catalogResults: {
        ...current,
        query: catalogQuery,
        stale: false,
        total: result.value.total,
        capped: result.value.capped,
        tookMs: result.value.tookMs,
        windows: { ...previous.windows, [window]: result.value.rows },
        error: undefined,
        suggestions: window === 0 ? result.value.suggestions : previous.suggestions,
      },
    });
  };

  const newSearch = () => {
    const current = get().catalogResults;
    const results = emptyResults();
    // Rows of an answered search stay in view until this one answers; an empty or failed list shows
    // the search under way instead.
    const keep = current.query !== undefined && current.error === undefined && !isLoading(current);
    set({
      catalogResults: keep
        ? { ...current, generation: results.generation, stale: true }
        : { ...results, windows: { 0: 'loading' } },
    });
    void fetchWindow(results.generation, 0);
  };

  // An answer overtaken by a new catalog is dropped: that catalog's own refresh asks again.
  const loadFacets = async () => {
    const facets = await readUnlessOvertaken('catalog:changed', () => voa.catalog.facets());
    if (facets?.ok) set({ catalogFacets: facets.value });
  };

  const refreshAfterSync = async () => {
    if (browsing) newSearch();
    const [, status] = await Promise.all([browsing && loadFacets(), voa.sync.status()]);
    if (status.ok) set({ syncStatus: status.value });
    const open = get().catalogItem;
    if (open) await get().openCatalogItem(open.itemNo);
    if (get().syncRuns.length) await get().loadSyncLog();
  };

  return {
    catalogQuery: '',
    catalogFilters: NO_FILTERS,
    catalogSort: 'relevance',
    catalogResults: emptyResults(),
    catalogSyncedAt: undefined,
    catalogFacets: undefined,
    catalogItem: undefined,
    syncStatus: undefined,
    syncProgress: undefined,
    syncRuns: [],
    syncChanges: undefined,

    initCatalog() {
      initialized ??= (async () => {
        voa.on('sync:progress', (progress) => set({ syncProgress: progress }));
        voa.on('sync:finished', (run) => {
          finishedCount++;
          set({ syncProgress: undefined });
          const status = get().syncStatus;
          if (status)
            set({
              syncStatus: {
                ...status,
                running: undefined,
                last: run,
                lastSuccess: run.outcome === 'succeeded' ? run : status.lastSuccess,
              },
            });
          void voa.sync.status().then((result) => result.ok && set({ syncStatus: result.value }));
          if (get().syncRuns.length) void get().loadSyncLog();
        });
        voa.on('catalog:changed', () => void refreshAfterSync());
        // Settings saved may be what the sync lacked ("not configured"): the bar reads the status again.
        voa.on('settings:changed', () => {
          void voa.sync.status().then((result) => result.ok && set({ syncStatus: result.value }));
        });
        const finishedBefore = finishedCount;
        const status = await voa.sync.status();
        if (status.ok)
          set({ syncStatus: status.value, syncProgress: progressFrom(status.value.running, finishedBefore) });
      })();
      return initialized;
    },

    startCatalogBrowsing() {
      browsing ??= (async () => {
        newSearch();
        await Promise.all([loadFacets(), get().initCatalog()]);
      })();
      return browsing;
    },

    setCatalogQuery(query) {
      set({ catalogQuery: query });
      newSearch();
    },

    setCatalogFilters(patch) {
      set({ catalogFilters: { ...get().catalogFilters, ...patch } });
      newSearch();
    },

    setCatalogSort(sort) {
      set({ catalogSort: sort });
      newSearch();
    },

    loadCatalogRows(first, last) {
      const results = get().catalogResults;
      // The windows of a stale list belong to the search before: the new one's are fetched once it answers.
      if (results.stale) return;
      const windows = { ...results.windows };
      const wanted: number[] = [];
      for (
        let window = Math.floor(first / CATALOG_WINDOW);
        window <= Math.floor(last / CATALOG_WINDOW);
        window++
      ) {
        if (window * CATALOG_WINDOW >= Math.max(results.total, 1)) break;
        if (windows[window] === undefined) {
          windows[window] = 'loading';
          wanted.push(window);
        }
      }
      if (!wanted.length) return;
      set({ catalogResults: { ...results, windows } });
      for (const window of wanted) void fetchWindow(results.generation, window);
    },

    async openCatalogItem(itemNo) {
      if (!itemNo) {
        set({ catalogItem: undefined });
        return;
      }
      const keep = get().catalogItem?.itemNo === itemNo ? get().catalogItem?.detail : undefined;
      set({ catalogItem: { itemNo, detail: keep, error: undefined } });
      const result = await voa.catalog.item({ itemNo });
      if (get().catalogItem?.itemNo !== itemNo) return;
      set({
        catalogItem: result.ok
          ? { itemNo, detail: result.value, error: undefined }
          : { itemNo, detail: undefined, error: result.error },
      });
    },

    async startCatalogSync(options) {
      const result = await voa.sync.start(options?.force ? { force: true } : {});
      if (!result.ok) return result.error;
      const finishedBefore = finishedCount;
      const status = await voa.sync.status();
      if (status.ok)
        set({
          syncStatus: status.value,
          syncProgress: progressFrom(status.value.running, finishedBefore) ?? get().syncProgress,
        });
      return undefined;
    },

    async cancelCatalogSync() {
      const answer = await voa.sync.cancel();
      return { tooLate: answer.ok && answer.value.tooLate };
    },

    async loadSyncLog() {
      const [runs, changes] = await Promise.all([
        voa.sync.runs({ limit: 50 }),
        voa.sync.changes({ limit: 1000 }),
      ]);
      if (runs.ok) set({ syncRuns: runs.value });
      if (changes.ok) set({ syncChanges: changes.value });
    },
    lookUpCatalogItem: (itemNo) => voa.catalog.item({ itemNo }),
    catalogStats: () => voa.catalog.stats({}),
    watchCatalogChanges: (onChange) => voa.on('catalog:changed', onChange),
    searchCatalog: (query, limit) => voa.catalog.search({ query, limit }),
    checkStock: (itemNo, variantCode) => voa.stock.check({ itemNo, variantCode }),
    exportCatalog(format) {
      const { catalogQuery: query, catalogFilters: filters, catalogSort: sort } = get();
      return voa.export.catalog({
        format,
        filters: {
          query,
          ...(filters.categoryCode ? { categoryCode: filters.categoryCode } : {}),
          ...(filters.profileCode ? { profileCode: filters.profileCode } : {}),
          ...(filters.gradeCode ? { gradeCode: filters.gradeCode } : {}),
          ...(filters.inStock ? { inStock: true } : {}),
          blocked: filters.blocked,
          // The file lists the sizes in the order the screen shows them.
          sort,
        },
      });
    },
  };
};
