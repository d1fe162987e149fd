// The catalog's store, staging and search on a real SQLite file: staging, the swap, search ranking and filters, the category
// tree, and what changed between two syncs.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  CatalogStaging,
  DIFF_STEP,
  ROWS_PER_TRANSACTION,
} from '../../src/main/core/catalog/sync/catalog-staging.ts';
import {
  CatalogConnection,
  CatalogReader,
  ROWS_PER_INSERT,
  SyncRunLog,
} from '../../src/main/core/catalog/store/index.ts';
import { CatalogSearch } from '../../src/main/core/catalog/search/catalog-search.ts';
import { rebuildSearchIndex } from '../../src/main/core/catalog/sync/search-index-rebuild.ts';
import { placeCategories, parentCodeOf } from '../../src/main/core/catalog/store/category-tree.ts';
import { setBackToFtsCatalog } from '../support/catalog-file.ts';
import {
  dimensionToken,
  parseSearchQuery,
  searchTokens,
} from '../../src/main/core/catalog/search-index/search-text.ts';
import type { CatalogItemRow, CatalogVariantRow } from '../../src/shared/contract/catalog-pages.ts';
import { emptyPageKindCounts, pickedLineFor } from '../../src/shared/contract/catalog-search.ts';
import {
  catalogSearchSchema,
  type CatalogSearchInput,
} from '../../src/shared/contract/catalog-search-query.ts';

let dir: string;
/** The parts each thread composes on its connection, all on one here. */
interface OpenCatalog {
  connection: CatalogConnection;
  runLog: SyncRunLog;
  reader: CatalogReader;
  search: CatalogSearch;
  close(): void;
}

function openCatalog(file: string, { columns = true }: { columns?: boolean } = {}): OpenCatalog {
  const connection = CatalogConnection.open(file);
  const runLog = new SyncRunLog(connection);
  const search = new CatalogSearch(connection, { columns });
  return {
    connection,
    runLog,
    reader: new CatalogReader(connection, runLog),
    search,
    close() {
      search.close();
      connection.close();
    },
  };
}

let store: OpenCatalog;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'voa-catalog-unit-'));
  store = openCatalog(path.join(dir, 'catalog.db'));
});

afterEach(async () => {
  store.close();
  await rm(dir, { recursive: true, force: true });
});

const item = (no: string, description: string, fields: Partial<CatalogItemRow> = {}): CatalogItemRow => ({
  No: no,
  Description: description,
  Description2: '',
  BaseUnitofMeasure: 'KG',
  DXPriceUOMSalesDMX: 'KG',
  ItemCategoryCode: '',
  DXItemProfileCodeDMX: '',
  DXQualityCodeDMX: '',
  Blocked: false,
  SalesBlocked: false,
  ...fields,
});

const variant = (
  itemNo: string,
  code: string,
  fields: Partial<CatalogVariantRow> = {},
): CatalogVariantRow => ({
  ItemNo: itemNo,
  Code: code,
  Description: `Maat ${code}`,
  Description2: '',
  DXLength: 0,
  DXWidth: 0,
  DXThickness: 0,
  DXExtraLength: 0,
  DXFormatType: 'Handelslengte',
  Blocked: false,
  DXRemainingInventory: 10,
  ...fields,
});

const CATEGORIES = [
  { Code: 'BEAM', Description: 'Balken' },
  { Code: 'BEAM-HEA', Description: 'HEA-balken' },
  { Code: 'BEAM-IPE', Description: 'IPE-balken' },
  { Code: 'PLATE', Description: 'Plaatstaal' },
  { Code: 'PLATE-HR', Description: 'Warmgewalste plaat' },
];

const ITEMS = [
  item('100001', 'HEA 200 balk S235JR', {
    ItemCategoryCode: 'BEAM-HEA',
    DXItemProfileCodeDMX: 'HEA',
    DXQualityCodeDMX: 'S235JR',
  }),
  item('100002', 'HEA 220 balk S355J2', {
    ItemCategoryCode: 'BEAM-HEA',
    DXItemProfileCodeDMX: 'HEA',
    DXQualityCodeDMX: 'S355J2',
  }),
  item('100003', 'IPE 200 balk S355J2H', {
    ItemCategoryCode: 'BEAM-IPE',
    DXItemProfileCodeDMX: 'IPE',
    DXQualityCodeDMX: 'S355J2H',
  }),
  item('100004', 'Warmgewalste plaat 10 mm S235JR', {
    ItemCategoryCode: 'PLATE-HR',
    DXItemProfileCodeDMX: 'PLATE',
    DXQualityCodeDMX: 'S235JR',
  }),
  item('100005', 'Koudgewalste plaat 1,5 mm DC01', {
    ItemCategoryCode: 'PLATE',
    DXQualityCodeDMX: 'DC01',
    Blocked: true,
  }),
  item('100006', 'Draadeind M12 verzinkt', { SalesBlocked: true }),
  item('200001', 'HEA 200 balk S355J2', {
    ItemCategoryCode: 'BEAM-HEA',
    DXItemProfileCodeDMX: 'HEA',
    DXQualityCodeDMX: 'S355J2',
  }),
];

const VARIANTS = [
  variant('100001', '06000', { DXLength: 6000 }),
  variant('100001', '12000', { DXLength: 12000, DXRemainingInventory: 0 }),
  variant('100002', '06000', { DXLength: 6000 }),
  variant('100003', '06000', { DXLength: 6000, Blocked: true }),
  variant('100003', '20000', { DXLength: 20000 }),
  variant('100004', '2000X1000', {
    DXLength: 2000,
    DXWidth: 1000,
    DXThickness: 10,
    DXFormatType: 'Plaatformaat',
  }),
  variant('100004', '3000X1500', {
    DXLength: 3000,
    DXWidth: 1500,
    DXThickness: 10,
    DXFormatType: 'Plaatformaat',
  }),
  variant('100005', '2000X1000', { DXLength: 2000, DXWidth: 1000, DXThickness: 1.5 }),
  variant('200001', '06000', { DXLength: 6000 }),
];

async function load(items = ITEMS, variants = VARIANTS): Promise<void> {
  const staging = new CatalogStaging(store.connection);
  staging.addCategories(CATEGORIES);
  staging.completeCategories();
  await staging.addSteelRows('voaProfiles', [
    { '@odata.etag': 'W/"x"', Code: 'HEA', Description: 'HEA breedflensbalk', ItemTypeCode: 'BEAM' },
    { Code: 'IPE', Description: 'IPE I-profiel' },
  ]);
  await staging.addSteelRows('voaGrades', [{ Code: 'S355J2', Description: 'Constructiestaal S355J2' }]);
  await staging.addItems(items);
  await staging.addVariants(variants);
  const facets = await staging.complete();
  const changes = await staging.diff();
  const runId = store.runLog.beginRun('manual', new Date().toISOString());
  const counts = { ...emptyPageKindCounts(), items: items.length, variants: variants.length };
  staging.swap(
    {
      runId,
      syncedAt: new Date().toISOString(),
      steel: true,
      counts,
      pages: 1,
      durationMs: 1,
      refusedSteelPages: [],
      warning: '',
    },
    facets,
    changes,
  );
}

/**
 * `sizes` lengths of item 100001, made one at a time as the staging asks, as a sync's records are parsed
 * inside the transaction; `taken` counts those made so far.
 */
function lengthsOfOneItem(sizes: number): Iterable<CatalogVariantRow> & { taken: number } {
  const lengths = {
    taken: 0,
    *[Symbol.iterator](): Generator<CatalogVariantRow> {
      for (let index = 0; index < sizes; index++) {
        lengths.taken++;
        yield variant('100001', String(index).padStart(6, '0'), { DXLength: 1000 + index });
      }
    },
  };
  return lengths;
}

const search = (input: CatalogSearchInput) => store.search.search(catalogSearchSchema.parse(input));
const keys = (input: CatalogSearchInput) =>
  search(input).rows.map((row) => `${row.itemNo}/${row.variantCode}`);

describe('category tree: derived from hyphenated codes', () => {
  it('puts a code under the code before its last hyphen, skipping ancestors that do not exist', () => {
    const codes = new Set(['BEAM', 'BEAM-HEA', 'X-Y-Z']);
    expect(parentCodeOf('BEAM-HEA', codes)).toBe('BEAM');
    expect(parentCodeOf('BEAM-HEA-ZWAAR', codes)).toBe('BEAM-HEA');
    expect(parentCodeOf('X-Y-Z', codes)).toBe('');
    expect(parentCodeOf('BEAM', codes)).toBe('');
  });

  it('places categories depth first, so a subtree is one range of positions', () => {
    const placed = placeCategories(
      CATEGORIES.map((row) => ({ code: row.Code, description: row.Description })),
    );
    expect(placed.map((category) => [category.code, category.position, category.subtreeEnd])).toEqual([
      ['BEAM', 0, 2],
      ['BEAM-HEA', 1, 1],
      ['BEAM-IPE', 2, 2],
      ['PLATE', 3, 4],
      ['PLATE-HR', 4, 4],
    ]);
  });
});

describe('search text: how a typed query becomes an FTS5 expression', () => {
  it('words are prefixes, complete numbers exact, the number being typed a prefix', () => {
    expect(parseSearchQuery('hea 200 60').match).toBe('"hea"* AND ("200" OR "200d0") AND "60"*');
    expect(parseSearchQuery('hea 200 ').match).toBe('"hea"* AND ("200" OR "200d0")');
    expect(parseSearchQuery('   ').match).toBeUndefined();
  });

  it('splits 10x1500 into two numbers and keeps a decimal comma or point as one token', () => {
    expect(searchTokens('Plaat 10x1500')).toEqual(['plaat', '10', '1500']);
    expect(searchTokens('1,5 mm')).toEqual(searchTokens('1.5 mm'));
    expect(searchTokens('S355J2+N')).toEqual(['s355j2', 'n']);
  });
});

describe('catalog store: staging, swap and search', () => {
  it('is empty and searchable before the first sync', () => {
    expect(search({ query: 'hea' })).toMatchObject({ rows: [], total: 0, syncedAt: undefined });
    expect(store.reader.stats().counts.items).toBe(0);
  });

  it('finds an exact item number first, and narrows as the user types', async () => {
    await load();
    expect(keys({ query: '200001' })).toEqual(['200001/06000']);
    expect(keys({ query: '10000' })).toHaveLength(9); // every size of items 100001…100006, none of 200001
    // "200" matches the HEA 200 items and the IPE 200; exact-number rules keep 20000 mm lengths out
    // (100001/12000 has no stock, so it follows the sizes in stock)
    expect(keys({ query: 'hea 200 ' })).toEqual(['100001/06000', '200001/06000', '100001/12000']);
  });

  it('ranks exact item numbers, then exact codes (grade, profile, size), then the rest', async () => {
    await load();
    // S355J2 is the grade of 100002 and 200001 exactly, and a prefix of S355J2H (100003); its blocked
    // size 100003/06000 comes last
    expect(keys({ query: 'S355J2' })).toEqual([
      '100002/06000',
      '200001/06000',
      '100003/20000',
      '100003/06000',
    ]);
    // an item number as one of the words puts that item first
    expect(keys({ query: 'balk 200001' })[0]).toBe('200001/06000');
  });

  it('searches descriptions, profile and grade descriptions, and category names up the tree', async () => {
    await load();
    // 100001/12000 has no stock: after the sizes in stock of the same class
    expect(keys({ query: 'breedflens' })).toEqual([
      '100001/06000',
      '100002/06000',
      '200001/06000',
      '100001/12000',
    ]);
    expect(keys({ query: 'constructiestaal' })).toEqual(['100002/06000', '200001/06000']);
    expect(keys({ query: 'balken ipe' })).toEqual(['100003/20000', '100003/06000']); // blocked last
    expect(keys({ query: 'verzinkt' })).toEqual(['100006/']); // an item without sizes is one row
  });

  it('searches by dimensions: a profile with a length, a plate by thickness and width, decimals', async () => {
    await load();
    expect(keys({ query: 'hea 6000' })).toEqual(['100001/06000', '100002/06000', '200001/06000']);
    expect(keys({ query: 'plaat 10 1500' })).toEqual(['100004/3000X1500']);
    // while "1000" is being typed it is also the start of item numbers 100004…; complete, it is exact
    expect(keys({ query: 'plaat 10x1000' })).toEqual(['100004/2000X1000', '100004/3000X1500']);
    expect(keys({ query: 'plaat 10x1000 ' })).toEqual(['100004/2000X1000']);
    expect(keys({ query: 'plaat 1,5' })).toEqual(['100005/2000X1000']);
    expect(keys({ query: '2000X1000' })).toEqual(['100004/2000X1000', '100005/2000X1000']);
  });

  it('filters by category subtree, profile, grade, stock and blocked', async () => {
    await load();
    expect(search({ categoryCode: 'BEAM' }).total).toBe(6);
    expect(search({ categoryCode: 'BEAM-IPE' }).total).toBe(2);
    expect(search({ categoryCode: 'NOPE' }).total).toBe(0);
    expect(keys({ profileCode: 'IPE' })).toEqual(['100003/06000', '100003/20000']);
    expect(keys({ query: 'hea', gradeCode: 'S235JR' })).toEqual(['100001/06000', '100001/12000']);
    expect(keys({ query: 'hea', inStock: true })).not.toContain('100001/12000');
    expect(keys({ blocked: 'only' })).toEqual(
      expect.arrayContaining(['100003/06000', '100005/2000X1000', '100006/']),
    );
    expect(search({ blocked: 'only' }).total).toBe(3);
    expect(keys({ blocked: 'exclude' })).not.toContain('100003/06000');
    expect(search({ blocked: 'exclude' }).total).toBe(search({}).total - 3);
  });

  it('browses the whole catalog in category-tree order, a window at a time', async () => {
    await load();
    const all = search({ limit: 500 });
    expect(all.total).toBe(10);
    expect(all.rows.map((row) => row.itemNo).slice(0, 3)).toEqual(['100001', '100001', '100002']);
    expect(keys({ offset: 2, limit: 2 })).toEqual(
      all.rows.slice(2, 4).map((row) => `${row.itemNo}/${row.variantCode}`),
    );
  });

  it('gives an item with its sizes, category path, profile and grade; blocked items are marked', async () => {
    await load();
    const detail = store.reader.item('100003');
    expect(detail).toMatchObject({
      itemNo: '100003',
      categoryPath: [
        { code: 'BEAM', description: 'Balken' },
        { code: 'BEAM-IPE', description: 'IPE-balken' },
      ],
      profile: { code: 'IPE', description: 'IPE I-profiel' },
      grade: { code: 'S355J2H', description: '' },
    });
    expect(detail?.sizes.map((size) => [size.variantCode, size.sizeBlocked])).toEqual([
      ['06000', true],
      ['20000', false],
    ]);
    expect(store.reader.item('100005')?.blocked).toBe(true);
    expect(store.reader.item('nope')).toBeUndefined();
    expect(store.reader.facets().categories.map((node) => [node.code, node.sizes])).toEqual([
      ['BEAM', 6],
      ['PLATE', 3],
    ]);
  });

  it('counts facets and finds sizes alike when the sizes of an item arrive apart', async () => {
    await load();
    const inOrder = store.reader.facets();
    const found = keys({ query: '6000', limit: 50 });
    // The host pages by its own order: 100001's second size after other items' sizes.
    const apart = [VARIANTS[0]!, ...VARIANTS.slice(2), VARIANTS[1]!];
    await load(ITEMS, apart);
    expect(store.reader.facets()).toEqual(inOrder);
    const sizesOfProfiles = store.connection
      .database()
      .prepare(`SELECT profile_code AS code, count(*) AS n FROM size WHERE profile_code != '' GROUP BY 1`)
      .all()
      .map((row) => [row.code, row.n]);
    expect(store.reader.facets().profiles.map((facet) => [facet.code, facet.sizes])).toEqual(sizesOfProfiles);
    expect(store.reader.facets().sizes).toBe(VARIANTS.length + 1); // 100006 has no variants: one size
    expect(keys({ query: '6000', limit: 50 }).sort()).toEqual([...found].sort());
    expect(found).toContain('100002/06000');
    expect(keys({ query: 'hea 12000', limit: 50 })).toEqual(['100001/12000']);
  });

  it('keeps a size the host sends twice once: one row, counted once, found once', async () => {
    // Enough lengths of one item that the repeats fall in a full INSERT of many sizes and in the few
    // written one at a time when the transaction ends; an item's second size is repeated right after it.
    const lengths = Array.from({ length: 130 }, (_, index) =>
      variant('100002', String(1000 + index), { DXLength: 1000 + index }),
    );
    const repeated = [lengths[1]!, lengths[70]!, lengths[129]!];
    const sent = [
      ...VARIANTS,
      lengths[0]!,
      lengths[1]!,
      lengths[1]!,
      ...lengths.slice(2),
      ...repeated.map((size) => ({ ...size, DXRemainingInventory: 99 })),
    ];
    await load(ITEMS, sent);
    const rows = store.connection
      .database()
      .prepare(`SELECT item_no, variant_code, inventory FROM size WHERE item_no = '100002'`)
      .all() as { item_no: string; variant_code: string; inventory: number }[];
    expect(rows).toHaveLength(lengths.length + 1); // and 06000 from VARIANTS
    // The first of a repeated pair is kept, as the host sent it first.
    expect(rows.find((row) => row.variant_code === '1070')?.inventory).toBe(10);
    expect(store.reader.facets().sizes).toBe(VARIANTS.length + 1 + lengths.length);
    const sizesOfProfiles = store.connection
      .database()
      .prepare(`SELECT profile_code AS code, count(*) AS n FROM size WHERE profile_code != '' GROUP BY 1`)
      .all()
      .map((row) => [row.code, row.n]);
    expect(store.reader.facets().profiles.map((facet) => [facet.code, facet.sizes])).toEqual(sizesOfProfiles);
    for (const size of repeated)
      expect(keys({ query: `100002 ${size.Code}`, limit: 50 })).toEqual([`100002/${size.Code}`]);
  });

  it('makes a request line from a size, within the line description length', async () => {
    await load();
    const row = store.reader.item('100004')!.sizes[1]!;
    expect(pickedLineFor(row, true)).toEqual({
      itemNo: '100004',
      variantCode: '3000X1500',
      description: 'Warmgewalste plaat 10 mm S235JR, Maat 3000X1500',
      treatment: '',
      profileCode: 'PLATE',
      qualityCode: 'S235JR',
      baseUnit: 'KG',
      priceUnit: 'KG',
      lengthMm: 3000,
      widthMm: 1500,
      thicknessMm: 10,
      cutToLength: false,
    });
  });

  it('records new, removed, newly blocked and unblocked items and sizes against the previous catalog', async () => {
    await load();
    const items = ITEMS.filter((row) => row.No !== '100006').map((row) =>
      row.No === '100001'
        ? { ...row, Blocked: true }
        : row.No === '100005'
          ? { ...row, Blocked: false }
          : row,
    );
    items.push(item('300001', 'UNP 100 profiel'));
    const variants = VARIANTS.filter((row) => !(row.ItemNo === '100001' && row.Code === '12000')).map(
      (row) =>
        row.ItemNo === '100003' && row.Code === '06000'
          ? { ...row, Blocked: false }
          : row.ItemNo === '100002'
            ? { ...row, Blocked: true }
            : row,
    );
    variants.push(variant('100002', '08000'));
    await load(items, variants);
    // the vocabulary follows the swapped index: long prefixes still find their terms
    expect(keys({ query: 'breedflens' }).sort()).toEqual([
      '100001/06000',
      '100002/06000',
      '100002/08000',
      '200001/06000',
    ]);
    expect(keys({ query: 'breedflensx' })).toEqual([]);
    const changes = store.runLog.changes(undefined, 100);
    expect(changes.counts).toEqual({
      item: { new: 1, removed: 1, blocked: 1, unblocked: 1 },
      size: { new: 1, removed: 1, blocked: 1, unblocked: 1 },
    });
    const list = changes.changes.map(
      (change) => `${change.subject}:${change.kind}:${change.itemNo}/${change.variantCode}`,
    );
    expect(list).toEqual(
      expect.arrayContaining([
        'item:new:300001/',
        'item:removed:100006/',
        'item:blocked:100001/',
        'item:unblocked:100005/',
        'size:new:100002/08000',
        'size:removed:100001/12000',
        'size:blocked:100002/06000',
        'size:unblocked:100003/06000',
      ]),
    );
  });

  it('counts each change once where the comparison steps from one slice of the catalog to the next', async () => {
    const count = DIFF_STEP * 2 + 10;
    const no = (index: number) => String(100_000 + index);
    const indexes = [...Array(count).keys()];
    await load(
      indexes.map((index) => item(no(index), `Staf ${index}`)),
      indexes.map((index) => variant(no(index), '06000')),
    );
    // The live catalog is stepped through by its own ids and numbers, the next by its own: each change sits
    // at the first or last row, or on either side of a step's edge, of the side it is found from.
    const removed = new Set([0, DIFF_STEP - 1, DIFF_STEP, 2 * DIFF_STEP, count - 1]);
    const kept = indexes.filter((index) => !removed.has(index));
    const edges = [DIFF_STEP - 1, DIFF_STEP, 2 * DIFF_STEP - 1, 2 * DIFF_STEP].map((at) => kept[at]!);
    const blockedSizes = new Set([kept[0]!, ...edges]);
    const blockedItems = new Set(edges.slice(0, 2));
    const added = [count, count + 1];
    const next = [...kept, ...added];
    await load(
      next.map((index) => item(no(index), `Staf ${index}`, { Blocked: blockedItems.has(index) })),
      next.map((index) => variant(no(index), '06000', { Blocked: blockedSizes.has(index) })),
    );
    const changes = store.runLog.changes(undefined, 100);
    expect(changes.counts).toEqual({
      item: { new: 2, removed: 5, blocked: 2, unblocked: 0 },
      size: { new: 2, removed: 5, blocked: 5, unblocked: 0 },
    });
    const listed = (subject: string, kind: string) =>
      changes.changes
        .filter((change) => change.subject === subject && change.kind === kind)
        .map((change) => change.itemNo)
        .sort();
    expect(listed('size', 'removed')).toEqual([...removed].map(no).sort());
    expect(listed('size', 'blocked')).toEqual([...blockedSizes].map(no).sort());
    expect(listed('item', 'blocked')).toEqual([...blockedItems].map(no).sort());
    expect(listed('item', 'new')).toEqual(added.map(no));
  });

  it('rows are taken as they come, in transactions of ROWS_PER_TRANSACTION, each committed count told', async () => {
    const sizes = ROWS_PER_TRANSACTION * 2 + 500;
    const lengths = lengthsOfOneItem(sizes);
    const staging = new CatalogStaging(store.connection);
    staging.completeCategories();
    await staging.addItems([item('100001', 'HEA 200 breedflensbalk')]);
    const committed: number[] = [];
    const writing = staging.addVariants(lengths, (count) => committed.push(count));
    // The first transaction took its rows before the call returned; the rest waited for the event loop.
    const takenAtOnce = lengths.taken;
    await writing;
    expect(takenAtOnce).toBe(ROWS_PER_TRANSACTION);
    expect(committed).toEqual([ROWS_PER_TRANSACTION, ROWS_PER_TRANSACTION, 500]);
    const facets = await staging.complete();
    expect(facets.sizes).toBe(sizes);
    staging.discard();
  });

  it('gives way to a search every ROWS_PER_INSERT rows, and between the steps of its end', async () => {
    // A live catalog, for the comparison at the end to step through.
    await load();
    const sizes = ROWS_PER_INSERT * 20 + 7;
    const lengths = lengthsOfOneItem(sizes);
    // Where the rows had got to each time the staging gave way (the catalog worker waits there).
    const gaveWayAt: number[] = [];
    const staging = new CatalogStaging(store.connection, () => gaveWayAt.push(lengths.taken));
    staging.completeCategories();
    await staging.addItems([item('100001', 'HEA 200 breedflensbalk')]);
    gaveWayAt.length = 0;
    await staging.addVariants(lengths);
    const gaps = gaveWayAt.map((at, index) => at - (gaveWayAt[index - 1] ?? 0));
    expect(Math.max(...gaps, sizes - (gaveWayAt.at(-1) ?? 0))).toBeLessThanOrEqual(ROWS_PER_INSERT);
    for (const end of ['complete', 'diff'] as const) {
      const before = gaveWayAt.length;
      await staging[end]();
      expect(gaveWayAt.length, end).toBeGreaterThan(before);
    }
    staging.discard();
  });

  it('a discarded staging area leaves the live catalog as it was; a crash mid-sync is cleaned up by recovery', async () => {
    await load();
    const before = search({ limit: 500 }).rows;
    const staging = new CatalogStaging(store.connection);
    await staging.addItems([item('999999', 'Half geschreven')]);
    staging.discard();
    expect(search({ limit: 500 }).rows).toEqual(before);

    // A sync that was running when the process died: staging tables and a "running" run are left behind.
    const leftover = new CatalogStaging(store.connection);
    await leftover.addItems([item('999998', 'Wees')]);
    const runId = store.runLog.beginRun('schedule', new Date().toISOString());
    store.close();
    store = openCatalog(path.join(dir, 'catalog.db'));
    // The catalog module recovers at start while it holds the sync lock (no other process is syncing).
    store.runLog.recoverAfterCrash();
    expect(
      store.connection.database().prepare(`SELECT name FROM sqlite_master WHERE name LIKE 'next_%'`).all(),
    ).toEqual([]);
    expect(store.runLog.run(runId)).toMatchObject({
      outcome: 'failed',
      message: expect.stringMatching(/stopped/),
      failure: { reason: 'interrupted' },
    });
    expect(search({ limit: 500 }).rows).toEqual(before);
  });

  it('damaged values in the metadata and the run log read as empty: search, status and start go on', async () => {
    await load();
    const found = keys({ query: 'hea' });
    const db = store.connection.database();
    const setMeta = db.prepare('UPDATE meta SET value = ? WHERE key = ?');
    setMeta.run('{"categories": [', 'facets');
    setMeta.run('null', 'counts');
    db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('sync_holder', '[1, 2]')").run();
    db.prepare(
      `UPDATE sync_run SET rows_json = 'null', changes_json = '"veel"', refused_steel_pages = '{',
         trigger = 'gisteren', failure_json = '[]'`,
    ).run();
    store.close();
    store = openCatalog(path.join(dir, 'catalog.db'));

    expect(keys({ query: 'hea' })).toEqual(found);
    expect(store.reader.stats()).toMatchObject({ counts: emptyPageKindCounts(), sizes: 0 });
    expect(store.reader.facets()).toEqual({ categories: [], profiles: [], grades: [], sizes: 0 });
    expect(store.runLog.syncHolder()).toBeUndefined();
    expect(store.runLog.lastSuccess()).toMatchObject({
      trigger: 'manual',
      outcome: 'succeeded',
      rows: emptyPageKindCounts(),
      changes: undefined,
      refusedSteelPages: [],
      failure: { reason: 'internal' },
    });
  });

  it('a catalog synchronized before the search index of its own is searched the same after the upgrade', async () => {
    await load();
    const queries = ['hea 200', 'h', '1', 'balken', 'plaat 10 2000x1000', 'S355', '100004', 'breedflens'];
    const before = queries.map((query) => search({ query, limit: 500 }));
    expect(before.filter((answer) => answer.total > 0)).toHaveLength(queries.length);
    // As a sync before migration 5 left it: an FTS5 index and its vocabulary, no size_term.
    store.close();
    setBackToFtsCatalog(path.join(dir, 'catalog.db'));
    store = openCatalog(path.join(dir, 'catalog.db'));
    const sizeTables = () =>
      store.connection
        .database()
        .prepare(`SELECT name FROM sqlite_master WHERE name LIKE 'size_%'`)
        .all()
        .map((row) => (row as { name: string }).name)
        .sort();
    // Opening only marks the index as still to be gathered: the catalog module has a catalog worker do
    // that (test/integration/catalog-upgrade.test.ts), here it runs on this thread.
    expect(store.connection.searchIndexPending()).toBe(true);
    expect(sizeTables()).toEqual(
      expect.arrayContaining(['size_beginning', 'size_fts', 'size_term', 'size_vocab']),
    );
    const generation = store.connection.generation();
    expect(await rebuildSearchIndex(store.connection, () => false)).toBe('rebuilt');
    expect(store.connection.searchIndexPending()).toBe(false);
    expect(store.connection.generation()).toBe(String(Number(generation) + 1));
    expect(sizeTables()).toEqual(['size_beginning', 'size_term']);
    expect(await rebuildSearchIndex(store.connection, () => false)).toBe('notNeeded');
    expect(queries.map((query) => search({ query, limit: 500 }))).toEqual(
      before.map((answer) => ({ ...answer, tookMs: expect.any(Number) })),
    );
  });
});

describe('catalog store: ranking from the in-memory columns', () => {
  const QUERIES = [
    '100001',
    '100001 06000',
    'hea',
    'hea 200 6000 ',
    'HEA200 S355J2',
    'plaat 10',
    'plaat 1,5',
    's355',
    'S355J2',
    'breedflens',
    'verzinkt',
    'koudgewalst',
    'h',
    '1',
    'nothing-like-this',
  ];
  const FILTERS: Partial<CatalogSearchInput>[] = [
    {},
    { inStock: true },
    { blocked: 'exclude' },
    { blocked: 'only' },
    { categoryCode: 'BEAM' },
    { categoryCode: 'PLATE-HR' },
    { profileCode: 'HEA' },
    { gradeCode: 'S355J2', inStock: true },
    { gradeCode: 'NO-SUCH-GRADE' },
  ];

  it('finds the same sizes in the same order as reading SQLite, with every filter', async () => {
    await load();
    const fromSql = openCatalog(path.join(dir, 'catalog.db'), { columns: false });
    try {
      await store.search.searchColumnsLoaded();
      let found = 0;
      for (const query of QUERIES)
        for (const filter of FILTERS) {
          const input = catalogSearchSchema.parse({ query, ...filter, limit: 500 });
          const expected = fromSql.search.search(input);
          const answer = store.search.search(input);
          expect([answer.total, answer.capped, answer.rows], `${query} ${JSON.stringify(filter)}`).toEqual([
            expected.total,
            expected.capped,
            expected.rows,
          ]);
          found += expected.total;
        }
      expect(found).toBeGreaterThan(100);
    } finally {
      fromSql.close();
    }
  });

  it('a letter or digit being typed finds every size with a word it starts, columns loaded or not', async () => {
    await load();
    // Worked out from the fixtures, not from the index: every word a size is written with (its item's
    // number and description, category names up the tree, profile and grade with their names; its own
    // code, texts and dimensions). The index keeps no 1-character prefixes: the store must find these
    // through the 2-character beginnings.
    const profiles: Record<string, string> = { HEA: 'HEA breedflensbalk', IPE: 'IPE I-profiel' };
    const grades: Record<string, string> = { S355J2: 'Constructiestaal S355J2' };
    const categories = new Map(CATEGORIES.map((category) => [category.Code, category]));
    const codes = new Set(categories.keys());
    const wordsOf = (itemRow: CatalogItemRow, size: Partial<CatalogVariantRow>) => {
      const texts = [itemRow.No, itemRow.Description, itemRow.Description2, itemRow.ItemCategoryCode];
      for (let code = itemRow.ItemCategoryCode; categories.has(code); code = parentCodeOf(code, codes))
        texts.push(categories.get(code)!.Description);
      texts.push(itemRow.DXItemProfileCodeDMX, profiles[itemRow.DXItemProfileCodeDMX] ?? '');
      texts.push(itemRow.DXQualityCodeDMX, grades[itemRow.DXQualityCodeDMX] ?? '');
      texts.push(size.Code ?? '', size.Description ?? '', size.Description2 ?? '', size.DXFormatType ?? '');
      const dimensions = [size.DXLength, size.DXWidth, size.DXThickness, size.DXExtraLength].map((value) =>
        dimensionToken(value ?? 0),
      );
      return [...searchTokens(texts.join(' ')), ...dimensions.filter(Boolean)];
    };
    const written = ITEMS.flatMap((itemRow) => {
      const sizes = VARIANTS.filter((size) => size.ItemNo === itemRow.No);
      return (sizes.length ? sizes : [{ Code: '' }]).map((size) => ({
        key: `${itemRow.No}/${size.Code}`,
        words: wordsOf(itemRow, size),
      }));
    });
    const bySizeWords = (character: string) =>
      written
        .filter(({ words }) => words.some((word) => word.startsWith(character)))
        .map(({ key }) => key)
        .sort();
    const characters = [...'abcdefghijklmnopqrstuvwxyz0123456789'];
    const fromSql = openCatalog(path.join(dir, 'catalog.db'), { columns: false });
    try {
      await store.search.searchColumnsLoaded();
      let found = 0;
      for (const character of characters) {
        const expected = bySizeWords(character);
        found += expected.length;
        for (const [name, from] of [
          ['columns', store.search],
          ['sql', fromSql.search],
        ] as const) {
          const answer = from.search(catalogSearchSchema.parse({ query: character, limit: 500 }));
          const keysFound = answer.rows.map((row) => `${row.itemNo}/${row.variantCode}`).sort();
          expect(keysFound, `${character} (${name})`).toEqual(expected);
        }
      }
      expect(found).toBeGreaterThan(50);
    } finally {
      fromSql.close();
    }
  });

  it('keeps them after a sync in this process, and drops them when another connection swaps', async () => {
    await load();
    // opened on a catalog that is there: the columns loaded before the first search are kept too
    store.close();
    store = openCatalog(path.join(dir, 'catalog.db'));
    await store.search.searchColumnsLoaded();
    store.search.invalidateIfReplaced();
    expect(store.search.searchColumnsReady()).toBe(true);
    await load();
    await store.search.searchColumnsLoaded();
    // as every search through the bridge does first
    store.search.invalidateIfReplaced();
    expect(store.search.searchColumnsReady()).toBe(true);
    expect(keys({ query: 'verzinkt' })).toEqual(['100006/']);
    const other = openCatalog(path.join(dir, 'catalog.db'));
    try {
      other.connection.setMeta('generation', `${other.connection.generation()}-elsewhere`);
    } finally {
      other.close();
    }
    store.search.invalidateIfReplaced();
    expect(store.search.searchColumnsReady()).toBe(false);
    await store.search.searchColumnsLoaded();
    expect(store.search.searchColumnsReady()).toBe(true);
  });

  it('a swap drops them: searches find the new catalog at once, and the columns load again', async () => {
    await load();
    await store.search.searchColumnsLoaded();
    expect(keys({ query: 'verzinkt' })).toEqual(['100006/']);
    await load(
      ITEMS.filter((row) => row.No !== '100006'),
      VARIANTS,
    );
    expect(keys({ query: 'verzinkt' })).toEqual([]);
    expect(keys({ query: 'hea 200 6000 ' })).toEqual(['100001/06000', '200001/06000']);
    await store.search.searchColumnsLoaded();
    expect(keys({ query: 'verzinkt' })).toEqual([]);
    expect(keys({ query: 'hea 200 6000 ' })).toEqual(['100001/06000', '200001/06000']);
  });
});
