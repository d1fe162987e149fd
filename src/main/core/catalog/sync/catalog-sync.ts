// One catalog sync with the synchronization application: categories and the steel extension's pages,
// then items and variants, each page kind followed through @odata.nextLink to its end. The main thread
// makes each request (token, headers, host policy); the page receiver (catalog-page-receiver.ts) sends it,
// receives and scans the page, and the catalog worker (catalog-sync-worker.ts) stages its rows, writes the
// search index and swaps the catalog in, so the main thread neither holds a page nor waits for the database.
// Host answers are handled by the host policy (host-policy.ts, kind catalogRead): 429 waits Retry-After,
// network errors, time-outs and 5xx are retried with backoff, 401 once with a fresh token. What is left
// ends the run with a message a person can act on, except on a steel page: a 404 there means the steel
// extension is not installed, and a 403 keeps the previous sync's steel data and ends with a warning.
import {
  CATALOG_PAGES,
  CATALOG_SYNC_PERMISSION_SET,
  CATEGORY_PROPERTIES,
  ITEM_PROPERTIES,
  STEEL_PAGES,
  STEEL_SYNC_PERMISSION_SET,
  VARIANT_PROPERTIES,
} from '../../../../shared/contract/catalog-pages.ts';
import {
  emptyPageKindCounts,
  type PageKind,
  type PageKindCounts,
  type SyncFailureInfo,
  type SyncFailureReason,
  type SyncProgress,
  type SyncRunSummary,
  type SyncTrigger,
} from '../../../../shared/contract/catalog-search.ts';
import type { Settings } from '../../../../shared/settings.ts';
import type { HostTransport } from '../../host/host-http-client.ts';
import { ANSWER_MAX_BYTES, DEFAULT_MINIMUM_RATE, type MinimumRate } from '../../host/answer-limits.ts';
import type { AnswerClass } from '../../host/answer-classes.ts';
import type { CallResult } from '../../host/host-policy.ts';
import { hostErrorMessage, hostWordsOf, type VoaHost } from '../../host/voa-host.ts';
import { HostNotConfiguredError } from '../../host/token-provider.ts';
import type { SteelPageName } from './catalog-staging.ts';
import type { SyncRunLog } from '../store/index.ts';
import { CatalogWorker } from './catalog-sync-worker-client.ts';
import type { SearchInProgress } from '../threads/index.ts';
import { appLog } from '../../log/app-log.ts';

export interface SyncPolicy {
  /** Requests in flight at most. */
  concurrency: number;
  /** Time-out of one page request. */
  timeoutMs: number;
  /** Attempts of one page on network errors, time-outs and 5xx. */
  maxAttempts: number;
  backoffBaseMs: number;
  backoffMaxMs: number;
  /** 429 answers waited out for one page before the run gives up. */
  maxThrottled: number;
  /**
   * Pages and rows one page kind may have: `growth` times the last successful sync's, but never fewer
   * than the floors. A host that keeps handing out new pages ends the run instead of filling the disk.
   */
  maxPagesFloor: number;
  maxRowsFloor: number;
  growth: number;
  /** The whole run ends after this long, whatever the host does (the sync lock is held meanwhile). */
  deadlineMs: number;
  /** The slowest a page may come: a host trickling a page ends that attempt early. */
  minimumRate: MinimumRate;
  /** The most bytes of one page (answer-limits.ts). */
  maxPageBytes: number;
}

export const DEFAULT_SYNC_POLICY: SyncPolicy = {
  concurrency: 3,
  timeoutMs: 120_000,
  maxAttempts: 5,
  backoffBaseMs: 1000,
  backoffMaxMs: 30_000,
  maxThrottled: 30,
  maxPagesFloor: 2_000,
  maxRowsFloor: 2_000_000,
  growth: 4,
  deadlineMs: 45 * 60_000,
  minimumRate: DEFAULT_MINIMUM_RATE,
  maxPageBytes: ANSWER_MAX_BYTES.catalogPage,
};

/** What a wait is about, for the progress line. */
const WAIT_REASONS: Partial<Record<AnswerClass, string>> = {
  throttled: 'the host is busy (429)',
  serverError: 'the host failed (5xx)',
  noAnswer: 'no answer (network or time-out)',
};

/**
 * A run that ended without replacing the catalog: the whole account in words a person can act on (the
 * message, kept for the details), and the reason and the host's own words the screen shows.
 */
export class SyncFailure extends Error {
  override name = 'SyncFailure';
  readonly failure: SyncFailureInfo;
  constructor(
    message: string,
    reason: SyncFailureReason,
    { hostWords, missingSettings }: { hostWords?: string | undefined; missingSettings?: string[] } = {},
  ) {
    super(message);
    this.failure = { reason, hostWords, missingSettings };
  }
}

/**
 * What asking a run to stop came to: it stops, keeping the catalog before it; it is past its point of no
 * return (the new catalog is being put in place); or no run of this process is syncing.
 */
export type SyncCancelOutcome = 'cancelled' | 'tooLate' | 'notRunning';

/**
 * A run's cancel, honoured until the run hands the swap to the catalog worker and refused after. The swap
 * is one transaction the worker runs to its end without reading another message (catalog-staging.ts,
 * `swap`), so from then on nothing could keep the catalog before it; a cancel says so instead of claiming
 * what will not happen.
 */
export class SyncCancellation {
  readonly #controller = new AbortController();
  #swapping = false;
  #ended = false;

  get signal(): AbortSignal {
    return this.#controller.signal;
  }

  /**
   * Stops the run, unless the swap is under way ('tooLate': the run goes on to its end) or the run's
   * outcome is already decided ('notRunning': it is only letting go of its staging).
   */
  cancel(reason: unknown): SyncCancelOutcome {
    if (this.#ended) return 'notRunning';
    if (this.#swapping) return 'tooLate';
    this.#controller.abort(reason);
    return 'cancelled';
  }

  /** The run's outcome is decided (it failed, or was cancelled): a cancel from now on changes nothing. */
  end(): void {
    this.#ended = true;
  }

  /** The point of no return, passed unless a cancel came first (then false, and the run must stop). */
  beginSwap(): boolean {
    if (this.#controller.signal.aborted) return false;
    this.#swapping = true;
    return true;
  }
}

export class SyncCancelled extends Error {
  override name = 'SyncCancelled';
  constructor() {
    super('The sync was cancelled; the catalog before it was kept.');
  }
}

type PageName =
  (typeof CATALOG_PAGES)[keyof typeof CATALOG_PAGES] | (typeof STEEL_PAGES)[keyof typeof STEEL_PAGES];

/** A page the host answered with something that is not an OData list of JSON records. */
const unreadablePage = (page: PageName, reason: string) =>
  new SyncFailure(`${page}: the host's answer cannot be read: ${reason}`, 'unreadable');

const PAGE_KIND_OF: Record<PageName, PageKind> = {
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

/**
 * The next page's absolute URL, when it is on the configured base URL's origin; undefined otherwise.
 * The bearer token goes with every page request, so a link elsewhere (a misconfigured proxy, a host that
 * was tampered with) is never followed.
 */
export function nextPageUrl(nextLink: string, currentUrl: string, baseUrl: string): string | undefined {
  const next = new URL(nextLink, currentUrl);
  return next.origin === new URL(baseUrl).origin ? next.href : undefined;
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

/** What one page request came to. */
type PageAnswer =
  | { kind: 'page'; pageId: number; next: string | undefined }
  /** A steel page's 404: the extension is not installed. */
  | { kind: 'absent' }
  /** A steel page's 403: the synchronization application lacks the steel permission set. */
  | { kind: 'refused'; message: string };

/** How reading a page kind to its end came out. */
type PageKindOutcome = 'read' | 'absent' | { refused: string };

export interface CatalogSyncOptions {
  host: VoaHost;
  /** The run log, on the main thread's connection. The worker opens `catalogFile` for the sync's writes. */
  runLog: SyncRunLog;
  catalogFile: string;
  /** The search worker's searches: the catalog worker's writes give way to them. */
  searches: SearchInProgress;
  settings: () => Settings;
  policy?: Partial<SyncPolicy>;
  onProgress?: (progress: SyncProgress) => void;
}

export class CatalogSync {
  readonly #options: CatalogSyncOptions;

  constructor(options: CatalogSyncOptions) {
    this.#options = options;
  }

  /** Runs the sync recorded as `runId`; resolves with the run's summary whatever the outcome. */
  /** Async, so that a run that fails as it is set up rejects like any other: its caller's clean-up runs. */
  async run(
    runId: number,
    trigger: SyncTrigger,
    startedAt: string,
    cancellation: SyncCancellation,
    options: { force?: boolean } = {},
  ): Promise<SyncRunSummary> {
    return new SyncRun(this.#options, runId, trigger, startedAt, cancellation, options.force).execute();
  }
}

/** One run's state, and its steps in the order they happen (execute). */
class SyncRun {
  readonly #host: VoaHost;
  readonly #runLog: SyncRunLog;
  readonly #catalogFile: string;
  readonly #settings: () => Settings;
  readonly #policy: SyncPolicy;
  readonly #onProgress: (progress: SyncProgress) => void;
  readonly #runId: number;
  readonly #cancellation: SyncCancellation;
  /** A person (or the app closing) cancelled the run. */
  readonly #signal: AbortSignal;
  /** One failing page kind stops the others at once. */
  readonly #internal = new AbortController();
  readonly #stop: AbortSignal;
  readonly #semaphore: Semaphore;
  readonly #started = performance.now();
  readonly #rows: PageKindCounts = emptyPageKindCounts();
  readonly #progress: SyncProgress;
  readonly #worker: CatalogWorker;
  #steel: boolean | undefined;
  readonly #refusedSteelPages: { page: SteelPageName; message: string }[] = [];
  /** The last successful sync: what the caps and the sanity check before the swap compare with. */
  readonly #last: SyncRunSummary | undefined;
  /** A person asked to swap in even a catalog that lost a whole kind of rows (Settings, `sync --force`). */
  readonly #force: boolean;
  #deadline: ReturnType<typeof setTimeout> | undefined;

  constructor(
    options: CatalogSyncOptions,
    runId: number,
    trigger: SyncTrigger,
    startedAt: string,
    cancellation: SyncCancellation,
    force = false,
  ) {
    this.#force = force;
    this.#host = options.host;
    this.#runLog = options.runLog;
    this.#catalogFile = options.catalogFile;
    this.#settings = options.settings;
    this.#policy = { ...DEFAULT_SYNC_POLICY, ...options.policy };
    this.#onProgress = options.onProgress ?? (() => {});
    this.#runId = runId;
    this.#cancellation = cancellation;
    this.#signal = cancellation.signal;
    this.#stop = AbortSignal.any([this.#signal, this.#internal.signal]);
    this.#semaphore = new Semaphore(this.#policy.concurrency);
    const lastSuccess = this.#runLog.lastSuccess();
    this.#last = lastSuccess;
    this.#progress = {
      runId,
      trigger,
      startedAt,
      pageKind: undefined,
      pages: 0,
      rows: this.#rows,
      rowsTotal: 0,
      expectedRows: lastSuccess
        ? Object.values(lastSuccess.rows).reduce((sum, count) => sum + count, 0) || undefined
        : undefined,
      phase: 'reading',
      waiting: undefined,
    };
    this.#worker = new CatalogWorker((kind, count) => {
      this.#rows[kind] += count;
      this.#report({ pageKind: kind });
    }, options.searches);
  }

  async execute(): Promise<SyncRunSummary> {
    this.#deadline = setTimeout(
      () =>
        this.#internal.abort(
          new SyncFailure(
            `The sync did not finish within ${Math.round(this.#policy.deadlineMs / 60_000)} minutes, the most one sync may take; it was ended so that the next one can start.`,
            'deadline',
          ),
        ),
      this.#policy.deadlineMs,
    );
    this.#deadline.unref?.();
    try {
      await this.#worker.begin(
        this.#catalogFile,
        this.#settings().host.caFile || undefined,
        await this.#host.proxyFor(this.#host.odataUrl('')),
      );
      this.#report();
      await this.#readCategoriesAndSteel();
      // Items, then variants: a size carries its item's fields, and one page kind at a time keeps memory
      // to the page being written and the one on its way.
      await this.#readPageKind(CATALOG_PAGES.items, ITEM_PROPERTIES);
      await this.#readPageKind(CATALOG_PAGES.variants, VARIANT_PROPERTIES);
      await this.#swapIn();
    } catch (error) {
      // Decided now: a cancel while the worker lets go of a failed run's staging (seconds at 500,000
      // sizes) must not turn that failure, and the ERP's words with it, into "cancelled".
      const cancelled = this.#signal.aborted;
      this.#cancellation.end();
      // Recorded once the worker has let go of catalog.db: a write of the main thread's connection
      // would otherwise wait for the worker's transaction in progress.
      await this.#worker.close();
      this.#recordFailure(error, cancelled);
    } finally {
      clearTimeout(this.#deadline);
      await this.#worker.close();
    }
    return this.#runLog.run(this.#runId) as SyncRunSummary;
  }

  #report(changes: Partial<SyncProgress> = {}): void {
    Object.assign(this.#progress, changes);
    this.#progress.rowsTotal = Object.values(this.#rows).reduce((sum, count) => sum + count, 0);
    this.#onProgress({ ...this.#progress, rows: { ...this.#rows } });
  }

  #pageUrl(page: PageName, properties?: readonly string[]): string {
    const company = companySegment(this.#settings().host.companyName);
    return `${company}/${page}${properties ? `?$select=${properties.join(',')}` : ''}`;
  }

  /** Step 1: the categories and the three steel pages side by side; the steel extension is detected. */
  async #readCategoriesAndSteel(): Promise<void> {
    const work = [
      this.#readPageKind(CATALOG_PAGES.categories, CATEGORY_PROPERTIES).then(() => true),
      ...Object.values(STEEL_PAGES).map((page) => this.#readSteelPage(page)),
    ];
    let present: boolean[];
    try {
      present = await Promise.all(work);
    } catch (error) {
      this.#internal.abort(error);
      await Promise.allSettled(work);
      throw error;
    }
    // The steel extension is detected from the host's answers: its pages are published only with it.
    this.#steel = present.slice(1).some(Boolean);
    await this.#worker.call('completeCategories', null);
  }

  /** A steel page: absent (404), read, or refused (403) with the previous sync's rows kept instead. */
  async #readSteelPage(page: SteelPageName): Promise<boolean> {
    const outcome = await this.#readPageKind(page, undefined, true);
    if (outcome === 'absent') return false;
    if (outcome !== 'read') {
      this.#rows[PAGE_KIND_OF[page]] = await this.#worker.call('keepSteelRows', { page });
      this.#refusedSteelPages.push({ page, message: outcome.refused });
      this.#report();
    }
    return true;
  }

  /** Reads a page kind to its end, the worker writing each page while the next one is on its way. */
  async #readPageKind(
    page: PageName,
    properties?: readonly string[],
    steel = false,
  ): Promise<PageKindOutcome> {
    const kind = PAGE_KIND_OF[page];
    const firstUrl = this.#pageUrl(page, properties);
    /** Every page of this kind asked for, as absolute URLs: a link back to one of them is a loop. */
    const followed = new Set([this.#host.odataUrl(firstUrl)]);
    const caps = this.#capsOf(kind);
    let pages = 0;
    let pending: Promise<PageAnswer> | undefined = this.#fetchPage(page, firstUrl, steel);
    let first = true;
    while (pending) {
      const answer: PageAnswer = await pending;
      if (answer.kind === 'absent') {
        if (first) return 'absent';
        throw new SyncFailure(`${page} disappeared in the middle of the sync (404).`, 'pageVanished');
      }
      if (answer.kind === 'refused') return { refused: answer.message };
      first = false;
      pages += 1;
      const next: string | undefined = answer.next;
      if (next && followed.has(next))
        throw new SyncFailure(
          `${page}: the host's link to the next page (${next}) leads to a page this sync already read. ` +
            'Following it would never end; the sync stopped there.',
          'nextLinkLoop',
        );
      if (next && pages >= caps.pages)
        throw new SyncFailure(
          `${page}: the host kept handing out next pages beyond ${caps.pages.toLocaleString('en')}, the most VOA Desk reads of one page kind ` +
            `(${this.#policy.growth} times the last sync's, at least ${this.#policy.maxPagesFloor.toLocaleString('en')}).`,
          'tooLarge',
        );
      if (next) followed.add(next);
      const transport = this.#worker.pageTransport();
      pending = next ? this.#fetchPage(page, next, steel, transport) : undefined;
      // Awaited on the next turn; until then a failure must not count as unhandled.
      pending?.catch(() => {});
      // The page receiver receives the next page while the catalog worker writes this one.
      const written = await this.#worker.call('write', { pageId: answer.pageId, kind });
      if (written) throw unreadablePage(page, written.unreadable);
      if (this.#stop.aborted) throw this.#stop.reason;
      if (this.#rows[kind] > caps.rows)
        throw new SyncFailure(
          `${page}: the host sent more than ${caps.rows.toLocaleString('en')} rows, the most VOA Desk takes of one page kind ` +
            `(${this.#policy.growth} times the last sync's, at least ${this.#policy.maxRowsFloor.toLocaleString('en')}).`,
          'tooLarge',
        );
      this.#report({ pageKind: kind, pages: this.#progress.pages + 1 });
    }
    return 'read';
  }

  /** The most pages and rows one page kind may have in this run (SyncPolicy). */
  #capsOf(kind: PageKind): { pages: number; rows: number } {
    const { growth, maxPagesFloor, maxRowsFloor } = this.#policy;
    return {
      pages: Math.max(maxPagesFloor, growth * (this.#last?.pages ?? 0)),
      rows: Math.max(maxRowsFloor, growth * (this.#last?.rows[kind] ?? 0)),
    };
  }

  /**
   * One page: the host's answer (retried as the policy says), received and scanned by the page receiver
   * (the page itself never comes to this thread), its next link checked.
   */
  async #fetchPage(
    page: PageName,
    url: string,
    steel: boolean,
    transport = this.#worker.pageTransport(),
  ): Promise<PageAnswer> {
    const response = await this.#send(page, url, steel, transport);
    if (response.kind !== 'ok') return response;
    const scanned = transport.page;
    if (!scanned) throw new Error(`${page}: the page receiver handed over no page for a successful answer.`);
    if (!scanned.readable) throw unreadablePage(page, scanned.reason);
    this.#report({ waiting: undefined, phase: 'reading' });
    if (!scanned.nextLink) return { kind: 'page', pageId: scanned.pageId, next: undefined };
    const baseUrl = this.#settings().host.baseUrl;
    const next = nextPageUrl(scanned.nextLink, this.#host.odataUrl(url), baseUrl);
    if (!next)
      throw new SyncFailure(
        `${page}: the host's link to the next page (${scanned.nextLink}) leads away from the base URL in Settings (${new URL(baseUrl).origin}). ` +
          'VOA Desk follows next-page links only on that address, so the token never goes elsewhere; check the base URL and any proxy in between.',
        'foreignNextLink',
      );
    return { kind: 'page', pageId: scanned.pageId, next };
  }

  /**
   * One page request under the host policy (host-policy.ts: the 401 refresh, Retry-After, backoff with
   * jitter), and what its last answer means for the sync.
   */
  async #send(
    page: PageName,
    url: string,
    steel: boolean,
    via: HostTransport,
  ): Promise<{ kind: 'ok' } | { kind: 'absent' } | { kind: 'refused'; message: string }> {
    await this.#semaphore.acquire();
    let result: CallResult;
    try {
      result = await this.#host.call(
        'sync',
        'catalogRead',
        {
          method: 'GET',
          url,
          signal: this.#stop,
          timeoutMs: this.#policy.timeoutMs,
          minimumRate: this.#policy.minimumRate,
          maxBytes: this.#policy.maxPageBytes,
          via,
        },
        {
          limits: {
            backoff: { baseMs: this.#policy.backoffBaseMs, maxMs: this.#policy.backoffMaxMs },
            maxAttempts: this.#policy.maxAttempts,
          },
          maxThrottledWaits: this.#policy.maxThrottled,
          onWait: ({ reason, ms, result: { answer } }) =>
            this.#report({
              phase: 'waiting',
              waiting: {
                reason,
                seconds: Math.ceil(ms / 1000),
                detail: `${page}: ${WAIT_REASONS[answer] ?? answer}`,
              },
            }),
        },
      );
    } finally {
      this.#semaphore.release();
    }
    if ('error' in result) {
      if (result.error instanceof HostNotConfiguredError)
        throw new SyncFailure(result.error.message, 'notConfigured', {
          missingSettings: result.error.missing,
        });
      if (result.answer === 'noToken') throw new SyncFailure(result.error.message, 'tokenRefused');
      throw new SyncFailure(
        `${page}: ${result.error.message} (${this.#policy.maxAttempts} attempts).`,
        'noAnswer',
      );
    }
    const { response, answer } = result;
    if (answer === 'ok') return { kind: 'ok' };
    const message = hostErrorMessage(response);
    const words = { hostWords: hostWordsOf(response) };
    if (answer === 'throttled')
      throw new SyncFailure(
        `${page}: the host kept throttling (429) after ${this.#policy.maxThrottled} waits: ${message}`,
        'throttled',
        words,
      );
    if (answer === 'serverError')
      throw new SyncFailure(
        `${page}: the host failed (${response.status}) ${this.#policy.maxAttempts} times: ${message}`,
        'serverError',
        words,
      );
    if (answer === 'forbidden' && steel) return { kind: 'refused', message };
    if (answer === 'notFound' && steel) return { kind: 'absent' };
    throw this.#refusal(page, answer, response.status, message, words);
  }

  /** The failure a 401, 403, 404 or other final answer ends the run with. */
  #refusal(
    page: PageName,
    answer: AnswerClass,
    status: number,
    message: string,
    words: { hostWords: string | undefined },
  ): SyncFailure {
    if (answer === 'tokenRefused')
      return new SyncFailure(
        `The host refused the synchronization application's token for ${page} (401): ${message}. Check the Synchronization Client ID and secret in Settings.`,
        'tokenRefused',
        words,
      );
    if (answer === 'forbidden')
      return new SyncFailure(
        `The host does not let the synchronization application read ${page} (403): ${message}. ` +
          'Check that the client id under "sync" in Settings is the Synchronization Client ID of the VOA setup ' +
          `(not the website application, which may not read catalog pages), and that Repair Permissions ` +
          `assigned it ${CATALOG_SYNC_PERMISSION_SET} (and ${STEEL_SYNC_PERMISSION_SET} where the steel extension is installed).`,
        'forbidden',
        words,
      );
    if (answer === 'notFound')
      return new SyncFailure(
        `${page} was not found (404): ${message}. The page is not published under that name, or the company name "${this.#settings().host.companyName}" in Settings is wrong.`,
        'notFound',
        words,
      );
    return new SyncFailure(`${page}: the host answered HTTP ${status}: ${message}`, 'refused', words);
  }

  /**
   * Last step: the worker finishes the staged catalog (a cancel meanwhile is honoured once it is done),
   * then swaps it in. Past the check before the swap, a cancel is answered "too late" (SyncCancellation).
   */
  async #swapIn(): Promise<void> {
    this.#report({ phase: 'finishing', pageKind: undefined });
    await this.#worker.closeReceiver();
    this.#checkNothingVanished();
    await this.#worker.call('prepareSwap', null);
    if (this.#stop.aborted || !this.#cancellation.beginSwap()) throw this.#stop.reason;
    this.#report({ phase: 'swapping' });
    await this.#worker.call('swap', {
      fields: {
        runId: this.#runId,
        syncedAt: new Date().toISOString(),
        steel: this.#steel ?? false,
        counts: this.#rows,
        pages: this.#progress.pages,
        durationMs: performance.now() - this.#started,
        refusedSteelPages: this.#refusedSteelPages.map(({ page }) => page),
        warning: this.#refusedSteelPages
          .map(
            ({ page, message }) =>
              `The host refused ${page} (403): ${message}. The ${page} data of the previous sync was kept; ` +
              `assign the permission set ${STEEL_SYNC_PERMISSION_SET} to the Synchronization Client ID (Repair Permissions in the VOA setup).`,
          )
          .join(' '),
      },
    });
  }

  /**
   * Before the swap: a kind of rows the last sync had and this one has none of (0 categories where there
   * were 20) is far likelier a broken host or proxy than a company that sold off a whole kind. The old
   * catalog stays, unless a person forces the sync.
   */
  #checkNothingVanished(): void {
    if (this.#force || !this.#last) return;
    const last = this.#last.rows;
    const vanished = (Object.keys(last) as PageKind[]).filter(
      (kind) => last[kind] > 0 && this.#rows[kind] === 0,
    );
    if (!vanished.length) return;
    throw new SyncFailure(
      `The host sent no ${vanished.join(', ')} at all, where the last sync had ${vanished.map((kind) => `${last[kind].toLocaleString('en')} ${kind}`).join(', ')}. ` +
        'The catalog was not replaced: such a loss is far likelier a fault of the host or a proxy than a real change. ' +
        'If the loss is real, force the sync ("Sync anyway…" on the catalog screen, or `sync --force`).',
      'catalogShrank',
    );
  }

  #recordFailure(error: unknown, cancelled: boolean): void {
    const reason = cancelled
      ? new SyncCancelled().message
      : error instanceof SyncFailure
        ? error.message
        : `The sync failed: ${error instanceof Error ? error.message : String(error)}`;
    if (!cancelled && !(error instanceof SyncFailure))
      appLog.error('catalog sync failed', error, { runId: this.#runId });
    const failure: SyncFailureInfo | undefined = cancelled
      ? undefined
      : error instanceof SyncFailure
        ? error.failure
        : { reason: 'internal', hostWords: undefined, missingSettings: undefined };
    this.#runLog.endRun(this.#runId, cancelled ? 'cancelled' : 'failed', {
      failure,
      message: `${reason}${cancelled || reason.includes('catalog before it was kept') ? '' : ' The catalog before this sync was kept.'}`,
      pages: this.#progress.pages,
      rows: this.#rows,
      durationMs: performance.now() - this.#started,
      steel: this.#steel,
    });
  }
}
