// The search index of a catalog synchronized before the index existed, gathered from the live catalog's
// tables in the sync's catalog worker (catalog.db's migration 5 only marks it: a migration runs on the
// thread that opens the file, and this takes about 5 s at 500,000 sizes). Until it is swapped in, the
// live index is empty and the catalog module holds searches back.
//
// It takes no sync lock: a sync that swaps in meanwhile brings an index of its own and clears the mark,
// and this rebuild, finding the mark gone or the generation changed, drops what it wrote. Two processes
// rebuilding at once end the same way: the second to finish drops its copy.
import { inTransaction } from '../../db/sqlite.ts';
import {
  CATALOG_META,
  FTS_TABLES,
  SEARCH_INDEX_META_KEY,
  sizeTermTables,
  type CatalogConnection,
} from '../store/index.ts';
import { gatherSizeTerms } from '../search-index/index.ts';

/** Where the rebuilt index is written before it replaces the live, empty one. */
const REBUILT_PREFIX = 'rebuilt_';
const INDEX_TABLES = ['size_term', 'size_beginning'] as const;

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** What a rebuild came to: swapped in, not needed (no mark, or a sync's index arrived), or stopped. */
export type SearchIndexRebuild = 'rebuilt' | 'notNeeded' | 'stopped';

/**
 * Gathers the live catalog's search index and swaps it in, yielding to the event loop between slices;
 * `stopping()` true ends it early, leaving the live catalog as it was.
 */
export async function rebuildSearchIndex(
  connection: CatalogConnection,
  stopping: () => boolean,
): Promise<SearchIndexRebuild> {
  if (!connection.searchIndexPending()) return 'notNeeded';
  const db = connection.database();
  // The FTS5 index the old catalog kept (every search read it; nothing does now).
  for (const table of FTS_TABLES) {
    if (stopping()) return 'stopped';
    inTransaction(db, () => db.exec(`DROP TABLE IF EXISTS "${table}"`));
    await yieldToEventLoop();
  }
  const dropRebuilt = () =>
    inTransaction(db, () => {
      for (const table of INDEX_TABLES) db.exec(`DROP TABLE IF EXISTS "${REBUILT_PREFIX}${table}"`);
    });
  dropRebuilt();
  inTransaction(db, () => db.exec(sizeTermTables(REBUILT_PREFIX)));
  const generation = connection.generation();
  // One read transaction: the sizes, items and categories of one catalog, whatever a sync swaps meanwhile.
  db.exec('BEGIN');
  let terms;
  try {
    terms = await gatherSizeTerms(db, async () => {
      await yieldToEventLoop();
      return !stopping();
    });
  } finally {
    db.exec('COMMIT');
  }
  if (!terms) {
    dropRebuilt();
    return 'stopped';
  }
  const steps = terms.write(db, REBUILT_PREFIX);
  for (let done = false; !done;) {
    if (stopping()) {
      dropRebuilt();
      return 'stopped';
    }
    inTransaction(db, () => {
      done = steps.next().done === true;
    });
    await yieldToEventLoop();
  }
  const swapped = inTransaction(db, () => {
    if (!connection.searchIndexPending() || connection.generation() !== generation) return false;
    for (const table of INDEX_TABLES) {
      db.exec(`DROP TABLE "${table}"`);
      db.exec(`ALTER TABLE "${REBUILT_PREFIX}${table}" RENAME TO "${table}"`);
    }
    db.prepare('DELETE FROM meta WHERE key = ?').run(SEARCH_INDEX_META_KEY);
    // A new generation: the search worker drops what it cached of the empty index and loads this one.
    connection.setMeta(CATALOG_META.generation, String(Number(generation ?? '0') + 1));
    return true;
  });
  if (!swapped) dropRebuilt();
  return swapped ? 'rebuilt' : 'notNeeded';
}
