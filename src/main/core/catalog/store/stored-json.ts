// Values the catalog keeps as JSON text (its metadata, its run log), read back. Text that is no JSON, or
// JSON of another shape (a damaged catalog.db, a hand edit), reads as the empty value of its kind: one
// damaged value never fails a search, the sync status or the desk's start. The next sync writes them anew.
import {
  PAGE_KINDS,
  emptyPageKindCounts,
  type CategoryNode,
  type ChangeKind,
  type CodeFacet,
  type PageKindCounts,
  type SyncChangeCounts,
  type SyncHolder,
} from '../../../../shared/contract/catalog-search.ts';
import type { StoredFacets } from './stored-facets.ts';
import { isJsonObject } from '../../../../shared/json-object.ts';

/** The stored text parsed; undefined where there is none or it is no JSON. */
function parsed(text: string | null | undefined): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const numberOr = (value: unknown, otherwise: number) => (typeof value === 'number' ? value : otherwise);
const textOr = (value: unknown) => (typeof value === 'string' ? value : '');

/** Counts per page kind; a kind missing or not a number counts 0. */
export function storedPageCounts(text: string | null | undefined): PageKindCounts {
  const stored = parsed(text);
  const counts = emptyPageKindCounts();
  if (isJsonObject(stored)) for (const kind of PAGE_KINDS) counts[kind] = numberOr(stored[kind], 0);
  return counts;
}

/** What a successful sync changed, counted; undefined where none was stored or it does not read. */
export function storedChangeCounts(text: string | null | undefined): SyncChangeCounts | undefined {
  const stored = parsed(text);
  if (!isJsonObject(stored)) return undefined;
  const counts = (subject: unknown): Record<ChangeKind, number> => {
    const kinds = isJsonObject(subject) ? subject : {};
    return {
      new: numberOr(kinds.new, 0),
      removed: numberOr(kinds.removed, 0),
      blocked: numberOr(kinds.blocked, 0),
      unblocked: numberOr(kinds.unblocked, 0),
    };
  };
  return { item: counts(stored.item), size: counts(stored.size) };
}

/** A list of texts; anything else in it left out. */
export function storedTexts(text: string | null | undefined): string[] {
  const stored = parsed(text);
  return Array.isArray(stored) ? stored.filter((entry): entry is string => typeof entry === 'string') : [];
}

/** A stored object whose keys the caller reads one by one; empty where it does not read. */
export function storedRecord(text: string | null | undefined): Record<string, unknown> {
  const stored = parsed(text);
  return isJsonObject(stored) ? stored : {};
}

const HOLDERS: readonly SyncHolder['by'][] = ['app', 'browserShell', 'cli'];

/** Who holds the sync lock, as written; undefined where it does not read. */
export function storedSyncHolder(text: string | null | undefined): SyncHolder | undefined {
  const stored = parsed(text);
  if (!isJsonObject(stored)) return undefined;
  const by = HOLDERS.find((holder) => holder === stored.by);
  const { pid, since } = stored;
  return by && typeof pid === 'number' && typeof since === 'string' ? { by, pid, since } : undefined;
}

function codeFacets(value: unknown): CodeFacet[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry) =>
    isJsonObject(entry) && typeof entry.code === 'string'
      ? [{ code: entry.code, description: textOr(entry.description), sizes: numberOr(entry.sizes, 0) }]
      : [],
  );
}

function categoryNodes(value: unknown): CategoryNode[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry) =>
    isJsonObject(entry) && typeof entry.code === 'string'
      ? [
          {
            code: entry.code,
            description: textOr(entry.description),
            sizes: numberOr(entry.sizes, 0),
            children: categoryNodes(entry.children),
          },
        ]
      : [],
  );
}

/** The facets stored with the catalog; none where they do not read. */
export function storedFacets(text: string | null | undefined): StoredFacets {
  const stored = storedRecord(text);
  return {
    categories: categoryNodes(stored.categories),
    profiles: codeFacets(stored.profiles),
    grades: codeFacets(stored.grades),
    sizes: numberOr(stored.sizes, 0),
  };
}
