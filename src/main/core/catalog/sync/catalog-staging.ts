// A sync's writes: pages go into `next_…` tables as they arrive (in short transactions, yielding between
// them, and letting a search in progress end between batches of rows), and at the end the next catalog
// replaces the live one in one transaction. Until then the live catalog is not touched, so a failed or
// cancelled sync leaves it exactly as it was.
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import {
  STEEL_PAGES,
  type CatalogItemRow,
  type CatalogVariantRow,
} from '../../../../shared/contract/catalog-pages.ts';
import {
  CHANGE_KINDS,
  CHANGE_SUBJECTS,
  type CategoryNode,
  type ChangeKind,
  type ChangeSubject,
  type CodeFacet,
  type PageKindCounts,
  type SyncChangeCounts,
} from '../../../../shared/contract/catalog-search.ts';
import { inTransaction } from '../../db/sqlite.ts';
import {
  BatchedInsert,
  CATALOG_TABLES,
  CHANGES_KEPT_PER_KIND,
  ROWS_PER_INSERT,
  STAGING_PREFIX,
  createCatalogTables,
  createDeferredIndexes,
  type CatalogConnection,
  type StoredFacets,
} from '../store/index.ts';
import { placeCategories, type PlacedCategory } from '../store/index.ts';
import { CatalogTerms, type ItemTerms } from '../search-index/index.ts';

/**
 * Rows written per transaction: fewer, larger transactions ingest faster. A transaction of 10,000 rows
 * takes 50 to 200 ms; it runs in the catalog worker, so no search or bridge call waits for it.
 */
export const ROWS_PER_TRANSACTION = 10000;
/**
 * Rows compared per step when working out what changed: the next catalog's items come a step at a time,
 * each step's in memory at once. At 25,000 a sync over a catalog of 500,000 sizes peaked 37 MB higher, in
 * the same time (docs/decisions.md, "The catalog").
 */
export const DIFF_STEP = 5_000;
/**
 * Items read ahead in item number order. Variants arrive item by item in key order, so one read of the
 * next items serves hundreds of lookups (160,000 items in a large catalog: one B-tree seek each cost
 * about 0.6 s of a sync).
 */
const ITEMS_READ_AHEAD = 256;
function countInto<K>(counts: Map<K, number>, key: K, amount: number): void {
  counts.set(key, (counts.get(key) ?? 0) + amount);
}

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The one size of an item without variants: no code, no dimensions. */
const NO_VARIANT: CatalogVariantRow = {
  ItemNo: '',
  Code: '',
  Description: '',
  Description2: '',
  DXLength: 0,
  DXWidth: 0,
  DXThickness: 0,
  DXExtraLength: 0,
  DXFormatType: '',
  Blocked: false,
  DXRemainingInventory: 0,
};

export type SteelPageName = (typeof STEEL_PAGES)[keyof typeof STEEL_PAGES];

/** Hears how many rows a transaction committed. */
export type RowsCommitted = (rows: number) => void;

interface ItemContext {
  no: string;
  /** The item's distinct search tokens: with detail=none a repeated token adds nothing but work. */
  terms: ItemTerms;
  categoryPosition: number;
  profileCode: string;
  gradeCode: string;
  blocked: number;
  salesBlocked: number;
  /** Sizes written since the facet counts last heard of this item: counted per item, not per size. */
  uncounted: number;
}

/**
 * An item as #itemContext reads it back from the staging table, as an array (no object with named
 * properties built per item): number, description, description2, category, profile, grade, blocked,
 * sales blocked.
 */
type StagedItem = [string, string, string, string, string, string, number, number];

export interface SwapFields {
  runId: number;
  syncedAt: string;
  steel: boolean;
  counts: PageKindCounts;
  pages: number;
  durationMs: number;
  /** Steel pages the host refused (403) this time; the previous sync's rows of each were kept. */
  refusedSteelPages: SteelPageName[];
  /** Set when the run succeeded with a warning (a steel page the host refused); kept as its message. */
  warning: string;
}

export class CatalogStaging {
  readonly #connection: CatalogConnection;
  readonly #db: DatabaseSync;
  readonly #generation: number;
  #categories: { code: string; description: string }[] = [];
  readonly #placed = new Map<string, PlacedCategory>();
  #uncategorized = 0;
  readonly #steelDescriptions = new Map<string, Map<string, string>>();
  #lastItem: ItemContext | undefined;
  readonly #itemsFrom: StatementSync;
  /** Consecutive staged items in number order, read with the last item looked up. */
  #itemsAhead: StagedItem[] = [];
  /** Sizes counted as they are written, for the facets: no scan of the staged sizes at the end. */
  readonly #sizesAt = new Map<number, number>();
  readonly #sizesOfProfile = new Map<string, number>();
  readonly #sizesOfGrade = new Map<string, number>();
  #sizes = 0;
  #open = true;
  readonly #statements: Record<string, StatementSync> = {};
  readonly #insertItems: BatchedInsert;
  readonly #insertSizes: BatchedInsert;
  #nextSizeId = 1;
  /** The items and own search terms of the sizes waiting in #insertSizes. */
  readonly #sizesPending: { item: ItemContext; own: number[] }[] = [];
  /** The search index, gathered as sizes are written (catalog-terms.ts). */
  readonly #terms = new CatalogTerms(
    this.#placed,
    (page, code) => this.#steelDescriptions.get(page)?.get(code) ?? '',
  );

  readonly #giveWay: () => void;

  /**
   * `giveWay` is called between batches of ROWS_PER_INSERT rows and between the steps after them: the
   * catalog worker lets a search in progress end there (SearchInProgress). Without it nothing waits.
   */
  constructor(connection: CatalogConnection, giveWay: () => void = () => {}) {
    this.#giveWay = giveWay;
    this.#connection = connection;
    this.#db = connection.database();
    this.#generation = Number(connection.generation() ?? '0') + 1;
    const db = this.#db;
    for (const table of CATALOG_TABLES) db.exec(`DROP TABLE IF EXISTS "${STAGING_PREFIX}${table}"`);
    inTransaction(db, () => createCatalogTables(db, STAGING_PREFIX, this.#generation));
    this.#insertItems = new BatchedInsert(db, `INSERT OR REPLACE INTO ${STAGING_PREFIX}item`, [
      'no',
      'description',
      'description2',
      'base_unit',
      'price_unit',
      'category_code',
      'profile_code',
      'grade_code',
      'blocked',
      'sales_blocked',
    ]);
    this.#insertSizes = new BatchedInsert(db, `INSERT OR IGNORE INTO ${STAGING_PREFIX}size`, [
      'id',
      'item_no',
      'variant_code',
      'description',
      'description2',
      'length',
      'width',
      'thickness',
      'extra_length',
      'format_type',
      'inventory',
      'size_blocked',
      'category_position',
      'profile_code',
      'grade_code',
      'item_blocked',
      'sales_blocked',
      'any_blocked',
    ]);
    // The columns used, not *.
    this.#itemsFrom = db.prepare(
      `SELECT no, description, description2, category_code, profile_code, grade_code, blocked, sales_blocked
       FROM ${STAGING_PREFIX}item WHERE no >= ? ORDER BY no LIMIT ${ITEMS_READ_AHEAD}`,
    );
    this.#itemsFrom.setReturnArrays(true);
  }

  #statement(sql: string): StatementSync {
    return (this.#statements[sql] ??= this.#db.prepare(sql));
  }

  /**
   * Writes rows in transactions of ROWS_PER_TRANSACTION, yielding to the event loop between them, and
   * tells `onCommitted` how many rows each transaction committed. The rows are taken as they come: a
   * sync's are parsed a few at a time inside the transaction (catalog-sync-worker.ts).
   */
  async #write<T>(
    rows: Iterable<T>,
    writeOne: (row: T) => void,
    onCommitted: RowsCommitted = () => {},
  ): Promise<void> {
    const iterator = rows[Symbol.iterator]();
    for (let done = false; !done;) {
      this.#assertOpen();
      let count = 0;
      try {
        inTransaction(this.#db, () => {
          for (; count < ROWS_PER_TRANSACTION; count++) {
            const next = iterator.next();
            if (next.done) {
              done = true;
              break;
            }
            writeOne(next.value);
            if (count % ROWS_PER_INSERT === ROWS_PER_INSERT - 1) this.#giveWay();
          }
          this.#flushRows();
        });
      } catch (error) {
        // The transaction was rolled back: rows gathered for it must not reach the next one.
        this.#insertItems.discard();
        this.#insertSizes.discard();
        this.#sizesPending.length = 0;
        throw error;
      }
      if (count) onCommitted(count);
      await this.#pause();
    }
  }

  /** Between transactions and steps: the calls queued for this thread run, after a search in progress. */
  #pause(): Promise<void> {
    this.#giveWay();
    return yieldToEventLoop();
  }

  #assertOpen(): void {
    if (!this.#open) throw new Error('This staging area was already swapped in or discarded.');
  }

  /** Categories are few; they are kept until all have arrived, because the tree needs every code. */
  addCategories(rows: readonly { Code: string; Description: string }[]): void {
    for (const row of rows) this.#categories.push({ code: row.Code, description: row.Description });
  }

  /** Places the category tree; call once every category page has been read, before items. */
  completeCategories(): void {
    this.#assertOpen();
    const placed = placeCategories(this.#categories);
    for (const category of placed) this.#placed.set(category.code, category);
    this.#uncategorized = placed.length;
    inTransaction(this.#db, () => {
      const insert = this.#statement(
        `INSERT INTO ${STAGING_PREFIX}category (code, description, parent_code, position, subtree_end) VALUES (?, ?, ?, ?, ?)`,
      );
      for (const category of placed)
        insert.run(
          category.code,
          category.description,
          category.parentCode,
          category.position,
          category.subtreeEnd,
        );
    });
  }

  /** A steel page's rows, with whatever properties they carry; keyed by Code where there is one. */
  async addSteelRows(
    page: SteelPageName,
    rows: Iterable<Record<string, unknown>>,
    onCommitted?: RowsCommitted,
  ): Promise<void> {
    const descriptions = this.#steelDescriptions.get(page) ?? new Map<string, string>();
    this.#steelDescriptions.set(page, descriptions);
    const insert = this.#statement(
      `INSERT OR REPLACE INTO ${STAGING_PREFIX}steel_row (page, key, description, data) VALUES (?, ?, ?, ?)`,
    );
    await this.#write(
      rows,
      (row) => {
        const data = Object.fromEntries(Object.entries(row).filter(([name]) => !name.startsWith('@odata.')));
        const key = typeof data.Code === 'string' ? data.Code : JSON.stringify(data);
        const description = typeof data.Description === 'string' ? data.Description : '';
        descriptions.set(key, description);
        insert.run(page, key, description, JSON.stringify(data));
      },
      onCommitted,
    );
  }

  /**
   * A steel page the host refused this time (403): the rows of the live catalog's last sync are staged
   * instead, and their descriptions serve the search text as the page's would have. Answers how many.
   */
  keepPreviousSteelRows(page: SteelPageName): number {
    this.#assertOpen();
    const db = this.#db;
    const descriptions = new Map<string, string>();
    inTransaction(db, () => {
      db.prepare(`DELETE FROM ${STAGING_PREFIX}steel_row WHERE page = ?`).run(page);
      db.prepare(`INSERT INTO ${STAGING_PREFIX}steel_row SELECT * FROM steel_row WHERE page = ?`).run(page);
    });
    for (const row of db
      .prepare(`SELECT key, description FROM ${STAGING_PREFIX}steel_row WHERE page = ?`)
      .all(page) as { key: string; description: string }[])
      descriptions.set(row.key, row.description);
    this.#steelDescriptions.set(page, descriptions);
    return descriptions.size;
  }

  async addItems(rows: Iterable<CatalogItemRow>, onCommitted?: RowsCommitted): Promise<void> {
    this.#itemsAhead = [];
    const insert = this.#insertItems;
    await this.#write(
      rows,
      (row) => {
        insert.values.push(
          row.No,
          row.Description,
          row.Description2,
          row.BaseUnitofMeasure,
          row.DXPriceUOMSalesDMX,
          row.ItemCategoryCode,
          row.DXItemProfileCodeDMX,
          row.DXQualityCodeDMX,
          row.Blocked ? 1 : 0,
          row.SalesBlocked ? 1 : 0,
        );
        if (insert.rows === ROWS_PER_INSERT) insert.flush();
      },
      onCommitted,
    );
  }

  /** What an item contributes to each of its sizes: searchable text and the fields filters need. */
  #itemContext(itemNo: string): ItemContext {
    if (this.#lastItem?.no === itemNo) return this.#lastItem;
    this.#countSizes();
    const item = this.#stagedItem(itemNo);
    let categoryPosition = this.#uncategorized;
    if (item) {
      const category = this.#placed.get(item[3]);
      if (category) categoryPosition = category.position;
    }
    const terms = this.#terms.item(
      itemNo,
      item && {
        description: item[1],
        description2: item[2],
        categoryCode: item[3],
        profileCode: item[4],
        gradeCode: item[5],
      },
    );
    this.#lastItem = {
      no: itemNo,
      terms,
      categoryPosition,
      profileCode: item?.[4] ?? '',
      gradeCode: item?.[5] ?? '',
      blocked: item?.[6] ?? 0,
      salesBlocked: item?.[7] ?? 0,
      uncounted: 0,
    };
    return this.#lastItem;
  }

  /**
   * The staged item numbered `itemNo`: from the items read ahead, or else read with the items after it.
   * Only an exact match is taken from those read ahead, so a number not among them (an orphan variant, or
   * an order JavaScript compares otherwise than SQLite) costs a read, never a wrong item.
   */
  #stagedItem(itemNo: string): StagedItem | undefined {
    const ahead = this.#itemsAhead;
    let low = 0;
    let high = ahead.length - 1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      const no = ahead[middle]![0];
      if (no === itemNo) return ahead[middle];
      if (no < itemNo) low = middle + 1;
      else high = middle - 1;
    }
    this.#itemsAhead = this.#itemsFrom.all(itemNo) as unknown as StagedItem[];
    const first = this.#itemsAhead[0];
    return first?.[0] === itemNo ? first : undefined;
  }

  /** Adds the sizes written of the last item to the facet counts. */
  #countSizes(): void {
    const item = this.#lastItem;
    if (!item?.uncounted) return;
    this.#sizes += item.uncounted;
    countInto(this.#sizesAt, item.categoryPosition, item.uncounted);
    if (item.profileCode) countInto(this.#sizesOfProfile, item.profileCode, item.uncounted);
    if (item.gradeCode) countInto(this.#sizesOfGrade, item.gradeCode, item.uncounted);
    item.uncounted = 0;
  }

  /**
   * A size of `item`: a variant as the host sent it, or NO_VARIANT for an item without variants. Written
   * ROWS_PER_INSERT at a time, and the rest when the transaction ends (#write).
   */
  #insertSize(item: ItemContext, size: CatalogVariantRow): void {
    this.#insertSizes.values.push(
      this.#nextSizeId++,
      item.no,
      size.Code,
      size.Description,
      size.Description2,
      size.DXLength,
      size.DXWidth,
      size.DXThickness,
      size.DXExtraLength,
      size.DXFormatType,
      size.DXRemainingInventory,
      size.Blocked ? 1 : 0,
      item.categoryPosition,
      item.profileCode,
      item.gradeCode,
      item.blocked,
      item.salesBlocked,
      size.Blocked || item.blocked || item.salesBlocked ? 1 : 0,
    );
    // Counted now, while `item` is the item being written; a size the INSERT ignores is taken back.
    item.uncounted++;
    this.#sizesPending.push({
      item,
      own: this.#terms.own(item.terms, {
        code: size.Code,
        description: size.Description,
        description2: size.Description2,
        formatType: size.DXFormatType,
        length: size.DXLength,
        width: size.DXWidth,
        thickness: size.DXThickness,
        extraLength: size.DXExtraLength,
      }),
    });
    if (this.#sizesPending.length === ROWS_PER_INSERT) this.#flushSizes();
  }

  /** Writes whatever rows wait for their INSERT: before a commit. */
  #flushRows(): void {
    this.#insertItems.flush();
    this.#flushSizes();
  }

  /** Writes the sizes waiting, then adds those the table took to the search index. */
  #flushSizes(): void {
    const pending = this.#sizesPending;
    if (pending.length === 0) return;
    const firstId = this.#nextSizeId - pending.length;
    const written = this.#insertSizes.flush();
    // A size already written (the host's pages shifted, or repeated a variant) was ignored: no index row.
    const taken =
      written === pending.length
        ? undefined
        : new Set(
            (
              this.#statement(`SELECT id FROM ${STAGING_PREFIX}size WHERE id BETWEEN ? AND ?`).all(
                firstId,
                firstId + pending.length - 1,
              ) as { id: number }[]
            ).map(({ id }) => id),
          );
    for (let index = 0; index < pending.length; index++) {
      const id = firstId + index;
      const { item, own } = pending[index]!;
      if (taken && !taken.has(id)) {
        this.#uncount(item);
        continue;
      }
      this.#terms.add(id, item.terms, own);
    }
    pending.length = 0;
  }

  /** Takes back one size counted for `item`: from the item, or from the facets if already counted there. */
  #uncount(item: ItemContext): void {
    if (item.uncounted > 0) {
      item.uncounted--;
      return;
    }
    this.#sizes--;
    countInto(this.#sizesAt, item.categoryPosition, -1);
    if (item.profileCode) countInto(this.#sizesOfProfile, item.profileCode, -1);
    if (item.gradeCode) countInto(this.#sizesOfGrade, item.gradeCode, -1);
  }

  async addVariants(rows: Iterable<CatalogVariantRow>, onCommitted?: RowsCommitted): Promise<void> {
    await this.#write(rows, (row) => this.#insertSize(this.#itemContext(row.ItemNo), row), onCommitted);
  }

  /**
   * After the last variant page: items without variants become one size each (so they can be found and
   * put on a request), the search index is written, and the facets are read from the counts kept while
   * sizes were written.
   */
  async complete(): Promise<StoredFacets> {
    this.#assertOpen();
    const db = this.#db;
    const lonely = db
      .prepare(
        `SELECT no FROM ${STAGING_PREFIX}item i
         WHERE NOT EXISTS (SELECT 1 FROM ${STAGING_PREFIX}size s WHERE s.item_no = i.no) ORDER BY no`,
      )
      .all() as { no: string }[];
    await this.#write(lonely, ({ no }) => this.#insertSize(this.#itemContext(no), NO_VARIANT));
    // The search index first, a transaction per step: what it gathered is freed before the index below is
    // sorted, which keeps the two out of memory at once.
    const steps = this.#terms.write(db, STAGING_PREFIX);
    for (let done = false; !done;) {
      inTransaction(db, () => {
        done = steps.next().done === true;
      });
      await this.#pause();
    }
    inTransaction(db, () => createDeferredIndexes(db, STAGING_PREFIX, this.#generation));
    await this.#pause();
    return this.#facets();
  }

  #facets(): StoredFacets {
    this.#countSizes();
    const nodes = new Map<string, CategoryNode>();
    const roots: CategoryNode[] = [];
    const placed = [...this.#placed.values()].sort((a, b) => a.position - b.position);
    for (const category of placed) {
      let sizes = 0;
      for (let position = category.position; position <= category.subtreeEnd; position++)
        sizes += this.#sizesAt.get(position) ?? 0;
      const node: CategoryNode = {
        code: category.code,
        description: category.description,
        sizes,
        children: [],
      };
      nodes.set(category.code, node);
      const parent = nodes.get(category.parentCode);
      if (parent) parent.children.push(node);
      else roots.push(node);
    }
    const codeFacets = (counts: Map<string, number>, page: SteelPageName): CodeFacet[] =>
      [...counts]
        // Code order as SQLite's binary collation sorts ASCII codes.
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([code, sizes]) => ({
          code,
          description: this.#steelDescriptions.get(page)?.get(code) ?? '',
          sizes,
        }));
    return {
      categories: roots,
      profiles: codeFacets(this.#sizesOfProfile, STEEL_PAGES.profiles),
      grades: codeFacets(this.#sizesOfGrade, STEEL_PAGES.grades),
      sizes: this.#sizes,
    };
  }

  /**
   * What the next catalog changes against the live one: new and removed items and sizes, and items and
   * sizes newly blocked or unblocked. Compared a step at a time, yielding between steps.
   */
  async diff(): Promise<{ counts: SyncChangeCounts; kept: Map<string, string[][]> } | undefined> {
    const db = this.#db;
    if (!this.#connection.syncedAt()) return undefined; // a first sync: everything would be "new"
    const counts = Object.fromEntries(
      CHANGE_SUBJECTS.map((subject) => [subject, Object.fromEntries(CHANGE_KINDS.map((kind) => [kind, 0]))]),
    ) as SyncChangeCounts;
    const kept = new Map<string, string[][]>();
    const note = (subject: ChangeSubject, kind: ChangeKind, itemNo: string, code: string, text: string) => {
      counts[subject][kind]++;
      const key = `${subject}:${kind}`;
      const list = kept.get(key) ?? [];
      if (list.length < CHANGES_KEPT_PER_KIND) list.push([itemNo, code, text]);
      kept.set(key, list);
    };
    const next = STAGING_PREFIX;
    // Items (WITHOUT ROWID, keyed by number): stepped by number ranges.
    const itemStep = (from: 'next' | 'live', after: string) =>
      db
        .prepare(
          from === 'next'
            ? `SELECT n.no, n.description, n.blocked OR n.sales_blocked AS nb, l.no AS lno, l.blocked OR l.sales_blocked AS lb
               FROM ${next}item n LEFT JOIN item l ON l.no = n.no WHERE n.no > ? ORDER BY n.no LIMIT ${DIFF_STEP}`
            : `SELECT l.no, l.description FROM item l WHERE l.no > ? AND NOT EXISTS
                 (SELECT 1 FROM ${next}item n WHERE n.no = l.no) ORDER BY l.no LIMIT ${DIFF_STEP}`,
        )
        .all(after) as {
        no: string;
        description: string;
        nb?: number;
        lno?: string | null;
        lb?: number | null;
      }[];
    for (let after = ''; ;) {
      const rows = itemStep('next', after);
      for (const row of rows) {
        if (row.lno === null) note('item', 'new', row.no, '', row.description);
        else if (row.nb && !row.lb) note('item', 'blocked', row.no, '', row.description);
        else if (!row.nb && row.lb) note('item', 'unblocked', row.no, '', row.description);
      }
      if (rows.length < DIFF_STEP) break;
      after = rows[rows.length - 1]!.no;
      await this.#pause();
    }
    const lastLiveItem = (db.prepare('SELECT max(no) AS m FROM item').get() as { m: string | null }).m ?? '';
    for (let after = ''; after < lastLiveItem;) {
      const page = db
        .prepare(`SELECT no FROM item WHERE no > ? ORDER BY no LIMIT 1 OFFSET ${DIFF_STEP - 1}`)
        .get(after) as { no: string } | undefined;
      const until = page?.no ?? lastLiveItem;
      for (const row of db
        .prepare(
          `SELECT l.no, l.description FROM item l WHERE l.no > ? AND l.no <= ? AND NOT EXISTS
             (SELECT 1 FROM ${next}item n WHERE n.no = l.no)`,
        )
        .all(after, until) as { no: string; description: string }[])
        note('item', 'removed', row.no, '', row.description);
      after = until;
      await this.#pause();
    }
    // Sizes (real variants only), stepped by id ranges of each side.
    const maxId = (table: string) =>
      (db.prepare(`SELECT coalesce(max(id), 0) AS m FROM ${table}`).get() as { m: number }).m;
    const nextMax = maxId(`${next}size`);
    const sizeDescription = `trim(coalesce(i.description, '') || ', ' || s.description, ', ')`;
    for (let from = 1; from <= nextMax; from += DIFF_STEP) {
      const rows = db
        .prepare(
          `SELECT s.item_no, s.variant_code, ${sizeDescription} AS text, s.size_blocked AS nb,
             l.id AS lid, l.size_blocked AS lb
           FROM ${next}size s LEFT JOIN ${next}item i ON i.no = s.item_no
             LEFT JOIN size l ON l.item_no = s.item_no AND l.variant_code = s.variant_code
           WHERE s.id BETWEEN ? AND ? AND s.variant_code != ''
             AND (l.id IS NULL OR l.size_blocked != s.size_blocked)`,
        )
        .all(from, from + DIFF_STEP - 1) as {
        item_no: string;
        variant_code: string;
        text: string;
        nb: number;
        lid: number | null;
        lb: number | null;
      }[];
      for (const row of rows) {
        if (row.lid === null) note('size', 'new', row.item_no, row.variant_code, row.text);
        else note('size', row.nb ? 'blocked' : 'unblocked', row.item_no, row.variant_code, row.text);
      }
      await this.#pause();
    }
    const liveMax = maxId('size');
    for (let from = 1; from <= liveMax; from += DIFF_STEP) {
      const rows = db
        .prepare(
          `SELECT s.item_no, s.variant_code, ${sizeDescription} AS text
           FROM size s LEFT JOIN item i ON i.no = s.item_no
           WHERE s.id BETWEEN ? AND ? AND s.variant_code != '' AND NOT EXISTS
             (SELECT 1 FROM ${next}size n WHERE n.item_no = s.item_no AND n.variant_code = s.variant_code)`,
        )
        .all(from, from + DIFF_STEP - 1) as { item_no: string; variant_code: string; text: string }[];
      for (const row of rows) note('size', 'removed', row.item_no, row.variant_code, row.text);
      await this.#pause();
    }
    return { counts, kept };
  }

  /** The one transaction that replaces the live catalog, records the run's success and its changes. */
  swap(fields: SwapFields, facets: StoredFacets, changes: Awaited<ReturnType<CatalogStaging['diff']>>): void {
    this.#assertOpen();
    const db = this.#db;
    inTransaction(db, () => {
      for (const table of CATALOG_TABLES) db.exec(`DROP TABLE "${table}"`);
      for (const table of CATALOG_TABLES)
        db.exec(`ALTER TABLE "${STAGING_PREFIX}${table}" RENAME TO "${table}"`);
      this.#connection.publish({
        // Past the live one even if a search index rebuilt from the live catalog's tables took this
        // sync's number meanwhile (search-index-rebuild.ts): a search must see each swap as new.
        generation: Math.max(this.#generation, Number(this.#connection.generation() ?? '0') + 1),
        syncedAt: fields.syncedAt,
        steel: fields.steel,
        counts: fields.counts,
        facets,
      });
      if (changes) {
        const insert = db.prepare(
          'INSERT INTO sync_change (run_id, subject, kind, item_no, variant_code, description) VALUES (?, ?, ?, ?, ?, ?)',
        );
        for (const [key, rows] of changes.kept) {
          const [subject, kind] = key.split(':') as [string, string];
          for (const [itemNo, code, text] of rows)
            insert.run(fields.runId, subject, kind, itemNo!, code!, text!);
        }
      }
      db.prepare(
        `UPDATE sync_run SET outcome = 'succeeded', finished_at = ?, message = ?, pages = ?, rows_json = ?,
           duration_ms = ?, steel = ?, changes_json = ?, refused_steel_pages = ? WHERE id = ?`,
      ).run(
        new Date().toISOString(),
        fields.warning,
        fields.pages,
        JSON.stringify(fields.counts),
        Math.round(fields.durationMs),
        fields.steel ? 1 : 0,
        changes ? JSON.stringify(changes.counts) : null,
        JSON.stringify(fields.refusedSteelPages),
        fields.runId,
      );
    });
    this.#open = false;
  }

  /** Drops whatever was staged; the live catalog stays as it was. */
  discard(): void {
    if (!this.#open) return;
    this.#open = false;
    const db = this.#db;
    if (db.isTransaction) db.exec('ROLLBACK');
    for (const table of CATALOG_TABLES) db.exec(`DROP TABLE IF EXISTS "${STAGING_PREFIX}${table}"`);
  }
}
