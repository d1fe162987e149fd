// The local catalog as the renderer, the CLI and the counter and fair line entry see it: search input,
// result rows, item detail, facets, and the sync's progress and run log. No prices, costs or amounts:
// the contract's catalog has none, and neither does anything here. No zod either: the catalog's worker
// threads read these, and the search's input schema is in catalog-search-query.ts.
import { QUOTE_LINE_FIELDS } from './request-fields.ts';
import type { PickedCatalogLine } from './picked-line.ts';
import { hasNoStandardLength } from './request-lines.ts';

/** Page kinds of a sync, in the order they are read. */
export const PAGE_KINDS = ['categories', 'profiles', 'grades', 'itemTypes', 'items', 'variants'] as const;
export type PageKind = (typeof PAGE_KINDS)[number];
export type PageKindCounts = Record<PageKind, number>;

export const SEARCH_QUERY_MAX = 200;
export const SEARCH_LIMIT_MAX = 500;
/** Text searches rank at most this many sizes; a broader query says "more than" and asks to refine. */
export const SEARCH_RANKED_MAX = 5_000;

/**
 * How results are ordered: `relevance` is the search's own (best match first; the category tree while
 * browsing); the others by designation (numbers by value), by dimension (length, width, thickness), or
 * by stock (most first), each then by designation.
 */
export const CATALOG_SORTS = ['relevance', 'designation', 'dimension', 'stock'] as const;
export type CatalogSort = (typeof CATALOG_SORTS)[number];

export const BLOCKED_FILTERS = ['include', 'exclude', 'only'] as const;
export type BlockedFilter = (typeof BLOCKED_FILTERS)[number];

/** One size (variant) as a result row; an item without sizes is one row with an empty variant code. */
export interface CatalogSizeRow {
  itemNo: string;
  variantCode: string;
  itemDescription: string;
  itemDescription2: string;
  description: string;
  description2: string;
  categoryCode: string;
  profileCode: string;
  gradeCode: string;
  baseUnit: string;
  priceUnit: string;
  lengthMm: number;
  widthMm: number;
  thicknessMm: number;
  extraLengthMm: number;
  formatType: string;
  /** Remaining inventory summed over all locations, as of the last sync. */
  inventory: number;
  itemBlocked: boolean;
  salesBlocked: boolean;
  sizeBlocked: boolean;
}

export interface CatalogSearchResult {
  rows: CatalogSizeRow[];
  offset: number;
  /** Sizes matching; with `capped`, at least this many. */
  total: number;
  capped: boolean;
  /**
   * For a query that found nothing, or nothing in stock: queries one slip away that find something (a
   * digit too many or swapped, a letter off), most likely first. Offered, never picked by themselves.
   */
  suggestions: string[];
  /** When the catalog searched was synchronized; undefined before the first sync. */
  syncedAt: string | undefined;
  tookMs: number;
}

export interface CatalogItemDetail {
  itemNo: string;
  description: string;
  description2: string;
  baseUnit: string;
  priceUnit: string;
  categoryCode: string;
  /** Category descriptions from the root down to the item's category. */
  categoryPath: { code: string; description: string }[];
  profile: { code: string; description: string } | undefined;
  grade: { code: string; description: string } | undefined;
  blocked: boolean;
  salesBlocked: boolean;
  sizes: CatalogSizeRow[];
  /** Stock figures are as of this moment (the last sync). */
  syncedAt: string | undefined;
}

export interface CategoryNode {
  code: string;
  description: string;
  /** Sizes in this category and every category under it. */
  sizes: number;
  children: CategoryNode[];
}

export interface CodeFacet {
  code: string;
  description: string;
  sizes: number;
}

export interface CatalogFacets {
  categories: CategoryNode[];
  profiles: CodeFacet[];
  grades: CodeFacet[];
}

export const SYNC_TRIGGERS = ['manual', 'schedule', 'startup', 'cli'] as const;
export type SyncTrigger = (typeof SYNC_TRIGGERS)[number];
export const SYNC_OUTCOMES = ['running', 'succeeded', 'failed', 'cancelled'] as const;
export type SyncOutcome = (typeof SYNC_OUTCOMES)[number];

/**
 * Why a sync failed, as the screen words it (the core's `message` keeps the whole account for the
 * details): what the host answered, or what stopped the run on this side.
 */
export const SYNC_FAILURE_REASONS = [
  /** The identity provider refused the synchronization application's credentials, or the host its token. */
  'tokenRefused',
  /** Settings or the secret are missing: nothing was sent. */
  'notConfigured',
  /** 403: the synchronization application may not read a catalog page. */
  'forbidden',
  /** 404: a catalog page is not published under that name, or the company name is wrong. */
  'notFound',
  /** A page answered 404 after its first page had been read. */
  'pageVanished',
  /** 429 after every wait the policy allows. */
  'throttled',
  /** 5xx after every attempt. */
  'serverError',
  /** No HTTP answer after every attempt: network, proxy, TLS or time-out. */
  'noAnswer',
  /** Another status (405, 415, …). */
  'refused',
  /** A page that is not an OData list. */
  'unreadable',
  /** A next-page link that leads off the configured base URL's origin: not followed. */
  'foreignNextLink',
  /** A next-page link to a page this run already read: following it would never end. */
  'nextLinkLoop',
  /** More pages or rows of one page kind than VOA Desk takes (a multiple of the last sync's). */
  'tooLarge',
  /** The run took longer than the most one sync may take. */
  'deadline',
  /** A kind of rows the last sync had came back empty: the old catalog was kept (a person may force it). */
  'catalogShrank',
  /** VOA Desk stopped (quit, crash, power) while the run was going. */
  'interrupted',
  /** A fault of VOA Desk itself. */
  'internal',
] as const;
export type SyncFailureReason = (typeof SYNC_FAILURE_REASONS)[number];

export interface SyncFailureInfo {
  reason: SyncFailureReason;
  /** The host's own words (its error message), when it answered with one. */
  hostWords: string | undefined;
  /** For notConfigured: the setting keys that are missing (`host.companyName`). */
  missingSettings: string[] | undefined;
}

export interface SyncRunSummary {
  id: number;
  trigger: SyncTrigger;
  startedAt: string;
  finishedAt: string | undefined;
  outcome: SyncOutcome;
  /**
   * Why a run failed or was cancelled, in words a person can act on; for a succeeded run, its warning
   * (empty when there is none).
   */
  message: string;
  pages: number;
  rows: PageKindCounts;
  durationMs: number;
  /** Whether the host had the steel extension (its pages answered); undefined until detected. */
  steel: boolean | undefined;
  /** Counts of what changed against the previous catalog; undefined for a first sync or a failed run. */
  changes: SyncChangeCounts | undefined;
  /** Steel pages the host refused (403): the run succeeded with a warning, their previous data kept. */
  refusedSteelPages: string[];
  /** Set on the log entry of a catalog.db that could not be opened: the name it was moved aside as. */
  damagedCatalogMovedTo: string | undefined;
  /** Why a failed run failed; undefined for other outcomes and for runs logged before it was kept. */
  failure: SyncFailureInfo | undefined;
}

export interface SyncProgress {
  runId: number;
  trigger: SyncTrigger;
  startedAt: string;
  pageKind: PageKind | undefined;
  pages: number;
  rows: PageKindCounts;
  /** Rows the store has taken in, all kinds together. */
  rowsTotal: number;
  /** Rows of all kinds at the last successful sync, to show how far along this one is. */
  expectedRows: number | undefined;
  /**
   * `finishing`: the staged catalog is completed (index, changes), and a cancel still keeps the catalog
   * before it; `swapping`: the new catalog is being put in place, and a cancel comes too late.
   */
  phase: 'reading' | 'waiting' | 'finishing' | 'swapping';
  /** Set while the host throttles (429, Retry-After) or a retry after an error waits. */
  waiting: { reason: 'throttled' | 'retry'; seconds: number; detail: string } | undefined;
}

export const CHANGE_KINDS = ['new', 'removed', 'blocked', 'unblocked'] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];
export const CHANGE_SUBJECTS = ['item', 'size'] as const;
export type ChangeSubject = (typeof CHANGE_SUBJECTS)[number];

export type SyncChangeCounts = Record<ChangeSubject, Record<ChangeKind, number>>;

export interface SyncChange {
  subject: ChangeSubject;
  kind: ChangeKind;
  itemNo: string;
  variantCode: string;
  description: string;
}

export interface SyncChanges {
  run: SyncRunSummary | undefined;
  counts: SyncChangeCounts | undefined;
  changes: SyncChange[];
  /** Changes kept per subject and kind; counts are always complete. */
  keptPerKind: number;
}

/** A sync that another process on the same data directory is running. */
export interface SyncHolder {
  by: 'app' | 'browserShell' | 'cli';
  pid: number;
  /** When it started (ISO). */
  since: string;
}

export interface SyncStatus {
  running: SyncProgress | undefined;
  /** Another process holds the data directory's sync (one sync at a time per data directory). */
  otherSync: SyncHolder | undefined;
  last: SyncRunSummary | undefined;
  lastSuccess: SyncRunSummary | undefined;
  /** Next daily run while the app runs (local time, ISO); undefined where no scheduler runs. */
  nextScheduledAt: string | undefined;
  /**
   * The settings that keep a sync from starting, by key (`host.baseUrl`, `applications.sync.clientSecret`,
   * see missingHostSettings); undefined when it can start. Keys, not a sentence: the renderer words them.
   */
  notConfigured: string[] | undefined;
}

export interface CatalogStats {
  counts: PageKindCounts;
  /** Sizes, counted as the search counts them (items without sizes count once). */
  sizes: number;
  steel: boolean | undefined;
  syncedAt: string | undefined;
  lastSync: SyncRunSummary | undefined;
}

export function emptyPageKindCounts(): PageKindCounts {
  return { categories: 0, profiles: 0, grades: 0, itemTypes: 0, items: 0, variants: 0 };
}

/** A blocked item, a sales-blocked item or a blocked size cannot be put on a request. */
export function isPickable(row: Pick<CatalogSizeRow, 'itemBlocked' | 'salesBlocked' | 'sizeBlocked'>) {
  return !row.itemBlocked && !row.salesBlocked && !row.sizeBlocked;
}

/** Marks where a description was shortened to fit the line's field. */
const SHORTENED = '…';

/** Text cut to at most `length` characters, marked where it was cut; empty when nothing fits. */
function shortened(text: string, length: number): string {
  if (text.length <= length) return text;
  return length > SHORTENED.length ? `${text.slice(0, length - SHORTENED.length).trimEnd()}${SHORTENED}` : '';
}

/**
 * The text a line's description sends: the item, its treatment, its size ("Balk HEA 200 S235JR, thermisch
 * verzinkt, Lengte 6 m"), within the contract's 100 characters. The treatment is part of what is sold, so
 * it is never what gives way: the item's text is shortened first, then the size's; the treatment is cut
 * only when it alone is longer than the field.
 */
export function lineDescription(parts: { item: string; treatment: string; size: string }): string {
  const max = QUOTE_LINE_FIELDS.description.maxLength;
  const separator = ', ';
  const item = parts.item.trim();
  const treatment = parts.treatment.trim();
  const size = parts.size.trim();
  const join = (texts: string[]) => texts.filter(Boolean).join(separator);
  const whole = join([item, treatment, size]);
  if (whole.length <= max) return whole;
  const room = (others: string[]) =>
    max - join(others).length - (others.some(Boolean) ? separator.length : 0);
  const itemFits = shortened(item, room([treatment, size]));
  if (itemFits) return join([itemFits, treatment, size]);
  const sizeFits = shortened(size, room([treatment]));
  if (sizeFits) return join([treatment, sizeFits]);
  return shortened(treatment, max);
}

/**
 * The request line for a size; the description is the text as shown, within the line's field length.
 * `steel`: whether the catalog came from a host with the steel extension, whose lengths mean something.
 */
export function pickedLineFor(row: CatalogSizeRow, steel: boolean): PickedCatalogLine {
  const description = lineDescription({
    item: row.itemDescription,
    treatment: row.itemDescription2,
    size: row.variantCode ? row.description : '',
  });
  return {
    itemNo: row.itemNo,
    variantCode: row.variantCode,
    description,
    treatment: row.itemDescription2.trim(),
    profileCode: row.profileCode,
    qualityCode: row.gradeCode,
    baseUnit: row.baseUnit,
    priceUnit: row.priceUnit,
    lengthMm: row.lengthMm,
    widthMm: row.widthMm,
    thicknessMm: row.thicknessMm,
    cutToLength: hasNoStandardLength(row, steel),
  };
}
