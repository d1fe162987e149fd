// One catalog sync with the synchronization application: categories and the steel extension's pages,
// then items and variants, each page kind followed through @odata.nextLink to its end. Pages go to the
// staging tables as they arrive (one page ahead is read while the previous one is written, so memory
// stays flat); at the end the staged catalog replaces the live one. Host answers are handled as the
// service reference says: 429 waits Retry-After and is always retried; network errors, time-outs and
// 5xx are retried with backoff (these are reads); 401/403/404 end the run with a message a person can
// act on, except a 404 on a steel page, which means the steel extension is not installed.
import {
  CATALOG_PAGES,
  CATEGORY_PROPERTIES,
  ITEM_PROPERTIES,
  STEEL_PAGES,
  VARIANT_PROPERTIES,
  type CatalogItemRow,
  type CatalogVariantRow,
} from '../../../shared/contract/catalog-pages.ts';
import {
  emptyPageKindCounts,
  type PageKind,
  type PageKindCounts,
  type SyncProgress,
  type SyncRunSummary,
  type SyncTrigger,
} from '../../../shared/contract/catalog-search.ts';
import type { Settings } from '../../../shared/settings.ts';
import { HostNetworkError } from '../host/host-http-client.ts';
import { HostNotConfiguredError, TokenRefusedError } from '../host/token-provider.ts';
import { hostErrorMessage, type VoaHost } from '../host/voa-host.ts';
import { CatalogStaging, ROWS_PER_TRANSACTION, type SteelPageName } from './catalog-staging.ts';
import { ODataListError, readODataList, type ODataList } from './odata-list.ts';
import type { CatalogStore } from './catalog-store.ts';

export interface SyncPolicy {
  /** Requests in flight at most. */
  concurrency: number;
  /** Time-out of one page request. */
  timeoutMs: number;
  /** Attempts of one page on network errors, time-outs and 5xx. */
  maxAttempts: number;
  backoffBaseMs: number;
  backoffMaxMs: number;
  /** 429 answers accepted for one page before the run gives up. */
  maxThrottled: number;
  /** Used when a 429 carries no (readable) Retry-After. */
  defaultRetryAfterMs: number;
  retryAfterMaxMs: number;
}

export const DEFAULT_SYNC_POLICY: SyncPolicy = {
  concurrency: 3,
  timeoutMs: 120_000,
  maxAttempts: 5,
  backoffBaseMs: 1000,
  backoffMaxMs: 30_000,
  maxThrottled: 30,
  defaultRetryAfterMs: 5000,
  retryAfterMaxMs: 5 * 60_000,
};

/** A run that ended without replacing the catalog, with the reason in words a person can act on. */
export class SyncFailure extends Error {
  override name = 'SyncFailure';
}

export class SyncCancelled extends Error {
  override name = 'SyncCancelled';
  constructor() {
    super('The sync was cancelled; the catalog before it was kept.');
  }
}

const PAGE_KIND_OF: Record<string, PageKind> = {
  [CATALOG_PAGES.categories]: 'categories',
  [CATALOG_PAGES.items]: 'items',
  [CATALOG_PAGES.variants]: 'variants',
  [STEEL_PAGES.profiles]: 'profiles',
  [STEEL_PAGES.grades]: 'grades',
  [STEEL_PAGES.itemTypes]: 'itemTypes',
};

/** `Company('<name>')`: the name in the path, an apostrophe written twice, then URL-encoded. */
export function companySegment(companyName: string): string {
  return `Company('${encodeURIComponent(companyName.replaceAll("'", "''"))}')`;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** Retry-After in seconds or as an HTTP date. */
export function retryAfterMs(header: string | undefined, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const trimmed = header.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

class Semaphore {
  #free: number;
  readonly #waiting: (() => void)[] = [];
  constructor(size: number) {
    this.#free = size;
  }
  async acquire(): Promise<void> {
    if (this.#free > 0) {
      this.#free--;
      return;
    }
    await new Promise<void>((resolve) => this.#waiting.push(resolve));
  }
  release(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#free++;
  }
}

const text = (value: unknown): string =>
  typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value);
const number = (value: unknown): number => {
  const parsed = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(parsed) ? parsed : 0;
};
// Optional keys are omitted, never null: a missing Boolean reads as false.
const flag = (value: unknown): boolean => value === true;

// Records are coerced in place rather than copied: a page's records are short-lived, and one object per
// record instead of two keeps the heap (and the young generation V8 grows for it) small.
function itemRow(row: Record<string, unknown>): CatalogItemRow {
  row.No = text(row.No);
  row.Description = text(row.Description);
  row.Description2 = text(row.Description2);
  row.BaseUnitofMeasure = text(row.BaseUnitofMeasure);
  row.DXPriceUOMSalesDMX = text(row.DXPriceUOMSalesDMX);
  row.ItemCategoryCode = text(row.ItemCategoryCode);
  row.DXItemProfileCodeDMX = text(row.DXItemProfileCodeDMX);
  row.DXQualityCodeDMX = text(row.DXQualityCodeDMX);
  row.Blocked = flag(row.Blocked);
  row.SalesBlocked = flag(row.SalesBlocked);
  return row as unknown as CatalogItemRow;
}

function variantRow(row: Record<string, unknown>): CatalogVariantRow {
  row.ItemNo = text(row.ItemNo);
  row.Code = text(row.Code);
  row.Description = text(row.Description);
  row.Description2 = text(row.Description2);
  row.DXLength = number(row.DXLength);
  row.DXWidth = number(row.DXWidth);
  row.DXThickness = number(row.DXThickness);
  row.DXExtraLength = number(row.DXExtraLength);
  row.DXFormatType = text(row.DXFormatType);
  row.Blocked = flag(row.Blocked);
  row.DXRemainingInventory = number(row.DXRemainingInventory);
  return row as unknown as CatalogVariantRow;
}

interface Page {
  list: ODataList;
  next: string | undefined;
}

export interface CatalogSyncOptions {
  host: VoaHost;
  store: CatalogStore;
  settings: () => Settings;
  policy?: Partial<SyncPolicy>;
  onProgress?: (progress: SyncProgress) => void;
}

export class CatalogSync {
  readonly #host: VoaHost;
  readonly #store: CatalogStore;
  readonly #settings: () => Settings;
  readonly #policy: SyncPolicy;
  readonly #onProgress: (progress: SyncProgress) => void;

  constructor(options: CatalogSyncOptions) {
    this.#host = options.host;
    this.#store = options.store;
    this.#settings = options.settings;
    this.#policy = { ...DEFAULT_SYNC_POLICY, ...options.policy };
    this.#onProgress = options.onProgress ?? (() => {});
  }

  /** Runs the sync recorded as `runId`; resolves with the run's summary whatever the outcome. */
  async run(
    runId: number,
    trigger: SyncTrigger,
    startedAt: string,
    signal: AbortSignal,
  ): Promise<SyncRunSummary> {
    const started = performance.now();
    const rows: PageKindCounts = emptyPageKindCounts();
    const lastSuccess = this.#store.lastSuccess();
    const progress: SyncProgress = {
      runId,
      trigger,
      startedAt,
      pageKind: undefined,
      pages: 0,
      rows,
      rowsTotal: 0,
      expectedRows: lastSuccess
        ? Object.values(lastSuccess.rows).reduce((sum, count) => sum + count, 0) || undefined
        : undefined,
      phase: 'reading',
      waiting: undefined,
    };
    const report = (changes: Partial<SyncProgress> = {}) => {
      Object.assign(progress, changes);
      progress.rowsTotal = Object.values(rows).reduce((sum, count) => sum + count, 0);
      this.#onProgress({ ...progress, rows: { ...rows } });
    };
    // One failing page kind stops the others at once.
    const internal = new AbortController();
    const stop = AbortSignal.any([signal, internal.signal]);
    const semaphore = new Semaphore(this.#policy.concurrency);
    let steel: boolean | undefined;
    let staging: CatalogStaging | undefined;

    const companyName = this.#settings().host.companyName;
    const company = companySegment(companyName);
    const pageUrl = (page: string, properties?: readonly string[]) =>
      `${company}/${page}${properties ? `?$select=${properties.join(',')}` : ''}`;

    const fetchPage = async (page: string, url: string, optional: boolean): Promise<Page | 'absent'> => {
      let attempt = 0;
      let throttled = 0;
      let refusedToken = false;
      for (;;) {
        if (stop.aborted) throw stop.reason;
        attempt++;
        await semaphore.acquire();
        let response;
        try {
          response = await this.#host.send('sync', {
            method: 'GET',
            url,
            signal: stop,
            timeoutMs: this.#policy.timeoutMs,
          });
        } catch (error) {
          if (stop.aborted) throw stop.reason;
          if (error instanceof HostNetworkError) {
            if (attempt >= this.#policy.maxAttempts)
              throw new SyncFailure(`${page}: ${error.message} (${attempt} attempts).`);
            await this.#backoff(attempt, `${page}: ${error.message}`, stop, report);
            continue;
          }
          if (error instanceof TokenRefusedError || error instanceof HostNotConfiguredError)
            throw new SyncFailure(error.message);
          throw error;
        } finally {
          semaphore.release();
        }
        const status = response.status;
        if (status === 200) {
          let list: ODataList;
          try {
            list = readODataList(response.body);
          } catch (error) {
            if (error instanceof ODataListError || error instanceof SyntaxError)
              throw new SyncFailure(`${page}: the host's answer cannot be read: ${error.message}`);
            throw error;
          }
          report({ waiting: undefined, phase: 'reading' });
          return {
            list,
            next: list.nextLink ? new URL(list.nextLink, this.#host.odataUrl(url)).href : undefined,
          };
        }
        const message = hostErrorMessage(response);
        if (status === 429) {
          throttled++;
          if (throttled > this.#policy.maxThrottled)
            throw new SyncFailure(
              `${page}: the host kept throttling (429) after ${throttled} waits: ${message}`,
            );
          const wait = Math.min(
            this.#policy.retryAfterMaxMs,
            retryAfterMs(response.headers['retry-after']) ?? this.#policy.defaultRetryAfterMs,
          );
          report({
            phase: 'waiting',
            waiting: { reason: 'throttled', seconds: Math.ceil(wait / 1000), detail: `${page}: ${message}` },
          });
          await sleep(wait, stop);
          attempt--; // a throttled request did not run; it costs no attempt
          continue;
        }
        if (status >= 500) {
          if (attempt >= this.#policy.maxAttempts)
            throw new SyncFailure(`${page}: the host failed (${status}) ${attempt} times: ${message}`);
          await this.#backoff(attempt, `${page}: HTTP ${status}`, stop, report);
          continue;
        }
        if (status === 401 && !refusedToken) {
          // The token may have been revoked or expired early; VoaHost forgot it, so ask once more.
          refusedToken = true;
          continue;
        }
        if (status === 401)
          throw new SyncFailure(
            `The host refused the synchronization application's token for ${page} (401): ${message}. Check the Synchronization Client ID and secret in Settings.`,
          );
        if (status === 403)
          throw new SyncFailure(
            `The host does not let the synchronization application read ${page} (403): ${message}. ` +
              'Check that the client id under "sync" in Settings is the Synchronization Client ID of the VOA setup ' +
              '(not the website application, which may not read catalog pages), and that Repair Permissions ' +
              'assigned it VOA WEB SYNC (and VOA CG S365 SYNC where the steel extension is installed).',
          );
        if (status === 404 && optional) return 'absent';
        if (status === 404)
          throw new SyncFailure(
            `${page} was not found (404): ${message}. The page is not published under that name, or the company name "${companyName}" in Settings is wrong.`,
          );
        throw new SyncFailure(`${page}: the host answered HTTP ${status}: ${message}`);
      }
    };

    /** Reads a page kind to its end, writing each page while the next one is on its way. */
    const readAll = async (
      page: string,
      url: string,
      write: (rows: Record<string, unknown>[]) => Promise<void> | void,
      optional = false,
    ): Promise<boolean> => {
      const kind = PAGE_KIND_OF[page] as PageKind;
      let pending: Promise<Page | 'absent'> | undefined = fetchPage(page, url, optional);
      let first = true;
      while (pending) {
        const result: Page | 'absent' = await pending;
        if (result === 'absent') {
          if (first) return false;
          throw new SyncFailure(`${page} disappeared in the middle of the sync (404).`);
        }
        first = false;
        pending = result.next ? fetchPage(page, result.next, false) : undefined;
        // Awaited on the next turn; until then a failure must not count as unhandled.
        pending?.catch(() => {});
        for (const batch of result.list.batches(ROWS_PER_TRANSACTION)) {
          await write(batch);
          if (stop.aborted) throw stop.reason;
          rows[kind] += batch.length;
          report({ pageKind: kind });
        }
        report({ pageKind: kind, pages: progress.pages + 1 });
      }
      return true;
    };

    const all = async <T>(work: Promise<T>[]): Promise<T[]> => {
      try {
        return await Promise.all(work);
      } catch (error) {
        internal.abort(error);
        await Promise.allSettled(work);
        throw error;
      }
    };

    try {
      staging = new CatalogStaging(this.#store);
      const stage = staging;
      report();
      const steelPage = (name: SteelPageName) =>
        readAll(name, pageUrl(name), (pageRows) => stage.addSteelRows(name, pageRows), true);
      const [, ...steelPresent] = await all([
        readAll(
          CATALOG_PAGES.categories,
          pageUrl(CATALOG_PAGES.categories, CATEGORY_PROPERTIES),
          (pageRows) =>
            stage.addCategories(
              pageRows.map((row) => ({ Code: text(row.Code), Description: text(row.Description) })),
            ),
        ),
        steelPage(STEEL_PAGES.profiles),
        steelPage(STEEL_PAGES.grades),
        steelPage(STEEL_PAGES.itemTypes),
      ]);
      // The steel extension is detected from the host's answers: its pages are published only with it.
      steel = steelPresent.some(Boolean);
      stage.completeCategories();

      // Items, then variants: a size carries its item's fields, and one page kind at a time keeps memory
      // to the page being written and the one on its way.
      await readAll(CATALOG_PAGES.items, pageUrl(CATALOG_PAGES.items, ITEM_PROPERTIES), (pageRows) =>
        stage.addItems(pageRows.map(itemRow)),
      );
      await readAll(CATALOG_PAGES.variants, pageUrl(CATALOG_PAGES.variants, VARIANT_PROPERTIES), (pageRows) =>
        stage.addVariants(pageRows.map(variantRow)),
      );

      report({ phase: 'finishing', pageKind: undefined });
      const facets = await stage.complete();
      const changes = await stage.diff();
      if (stop.aborted) throw stop.reason;
      stage.swap(
        {
          runId,
          syncedAt: new Date().toISOString(),
          steel,
          counts: rows,
          pages: progress.pages,
          durationMs: performance.now() - started,
        },
        facets,
        changes,
      );
    } catch (error) {
      staging?.discard();
      const cancelled = signal.aborted;
      const reason = cancelled
        ? new SyncCancelled().message
        : error instanceof SyncFailure
          ? error.message
          : `The sync failed: ${(error as Error)?.message ?? String(error)}`;
      if (!cancelled && !(error instanceof SyncFailure))
        console.error('voa-desk: catalog sync failed:', error);
      this.#store.endRun(runId, cancelled ? 'cancelled' : 'failed', {
        message: `${reason}${cancelled || reason.includes('catalog before it was kept') ? '' : ' The catalog before this sync was kept.'}`,
        pages: progress.pages,
        rows,
        durationMs: performance.now() - started,
        steel,
      });
    }
    return this.#store.run(runId) as SyncRunSummary;
  }

  async #backoff(
    attempt: number,
    reason: string,
    signal: AbortSignal,
    report: (changes: Partial<SyncProgress>) => void,
  ): Promise<void> {
    const base = Math.min(this.#policy.backoffMaxMs, this.#policy.backoffBaseMs * 2 ** (attempt - 1));
    const wait = Math.round(base * (0.75 + Math.random() * 0.5));
    report({
      phase: 'waiting',
      waiting: { reason: 'retry', seconds: Math.ceil(wait / 1000), detail: reason },
    });
    await sleep(wait, signal);
  }
}
