// The catalog's workers as electron-vite bundles them (out/main/catalog-sync-worker.js,
// catalog-page-receiver.js and catalog-search-worker.js, beside the main bundle's index.js): the sync's
// page receiver receives pages over HTTP and hands them to its catalog worker, which stages them and
// swaps a catalog, and the search worker searches it, under plain Node
// as from the .ts sources. The Electron binary cannot run here, so this is the closest check of the
// packaged workers.
import { existsSync, readFileSync } from 'node:fs';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { startSearchWorker } from '../../src/main/core/catalog/search/catalog-search-worker-client.ts';
import { CatalogConnection, CatalogReader, SyncRunLog } from '../../src/main/core/catalog/store/index.ts';
import { CatalogWorker } from '../../src/main/core/catalog/sync/catalog-sync-worker-client.ts';
import { SearchInProgress } from '../../src/main/core/catalog/threads/index.ts';
import type { PageKind } from '../../src/shared/contract/catalog-search.ts';
import { emptyPageKindCounts } from '../../src/shared/contract/catalog-search.ts';
import { catalogSearchSchema } from '../../src/shared/contract/catalog-search-query.ts';
import { REPO_ROOT } from '../support/processes.ts';

const BUNDLED_SYNC_WORKER = path.join(REPO_ROOT, 'out/main/catalog-sync-worker.js');
const BUNDLED_PAGE_RECEIVER = path.join(REPO_ROOT, 'out/main/catalog-page-receiver.js');
const BUNDLED_SEARCH_WORKER = path.join(REPO_ROOT, 'out/main/catalog-search-worker.js');
const missing = [BUNDLED_SYNC_WORKER, BUNDLED_PAGE_RECEIVER, BUNDLED_SEARCH_WORKER].filter(
  (file) => !existsSync(file),
);
if (missing.length)
  console.log(`catalog worker bundle: skipped, ${missing.join(' and ')} not built (npm run build)`);

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

const CATEGORIES = [
  { Code: 'BEAM', Description: 'Balken' },
  { Code: 'BEAM-HEA', Description: 'HEA' },
];
const ITEMS = [{ No: 'HEA200', Description: 'HEA 200 breedflensbalk', ItemCategoryCode: 'BEAM-HEA' }];

/**
 * A sync's work through the bundled sync worker: each page received by the worker (from a local HTTP
 * server) and staged, then the swap. Answers the rows.
 */
async function swapIn(
  runLog: SyncRunLog,
  file: string,
  pages: { kind: PageKind; value: object[] }[],
  searches = SearchInProgress.create(),
): Promise<{ runId: number; rows: number[] }> {
  const runId = runLog.beginRun('manual', new Date().toISOString());
  const rows: number[] = [];
  const worker = new CatalogWorker((_kind, count) => rows.push(count), searches, {
    catalogWorker: pathToFileURL(BUNDLED_SYNC_WORKER),
    pageReceiver: pathToFileURL(BUNDLED_PAGE_RECEIVER),
  });
  const counts = emptyPageKindCounts();
  const server = createServer((request, response) => {
    const page = pages[Number(request.url?.slice(1))];
    response.writeHead(page ? 200 : 404, { 'content-type': 'application/json' });
    response.end(JSON.stringify(page ? { value: page.value } : { error: { message: 'no such page' } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  try {
    await worker.begin(file, undefined);
    for (const [index, { kind, value }] of pages.entries()) {
      const transport = worker.pageTransport();
      const response = await transport.send({ method: 'GET', url: `http://127.0.0.1:${port}/${index}` });
      const page = transport.page;
      if (response.status !== 200 || !page?.readable) throw new Error(`page ${index} was not received`);
      await worker.call('write', { pageId: page.pageId, kind });
      if (kind === 'categories') await worker.call('completeCategories', null);
      counts[kind] += value.length;
    }
    await worker.call('prepareSwap', null);
    await worker.call('swap', {
      fields: {
        runId,
        syncedAt: new Date().toISOString(),
        steel: false,
        counts,
        pages: pages.length,
        durationMs: 1,
        refusedSteelPages: [],
        warning: '',
      },
    });
  } finally {
    await worker.close();
    server.close();
  }
  return { runId, rows };
}

/**
 * The packages a bundled file loads, through the chunks it imports (statically or not): what its thread
 * pays for in memory.
 */
function packagesLoadedBy(file: string): Set<string> {
  const packages = new Set<string>();
  const seen = new Set<string>();
  const files = [file];
  for (let next = files.pop(); next !== undefined; next = files.pop()) {
    if (seen.has(next)) continue;
    seen.add(next);
    for (const [, specifier] of readFileSync(next, 'utf8').matchAll(/(?:\bfrom|\bimport\()\s*"([^"]+)"/g)) {
      if (specifier!.startsWith('.')) files.push(path.resolve(path.dirname(next), specifier!));
      else packages.add(specifier!);
    }
  }
  return packages;
}

describe.skipIf(missing.length > 0)('the bundled catalog workers', () => {
  it('load none of the main thread’s heavy packages: each would cost every sync or search thread its memory', () => {
    for (const worker of [BUNDLED_SYNC_WORKER, BUNDLED_PAGE_RECEIVER, BUNDLED_SEARCH_WORKER]) {
      const loaded = packagesLoadedBy(worker);
      // The receiver's own HTTP client is undici; the rest are Node's.
      expect(
        [...loaded].filter((name) => !name.startsWith('node:')),
        path.basename(worker),
      ).toEqual(worker === BUNDLED_PAGE_RECEIVER ? ['undici'] : []);
    }
  });

  it('the sync worker stages a page and swaps the catalog in', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'voa-desk-worker-bundle-'));
    const file = path.join(dir, 'catalog.db');
    const connection = CatalogConnection.open(file);
    const runLog = new SyncRunLog(connection);
    const { runId, rows } = await swapIn(runLog, file, [{ kind: 'categories', value: CATEGORIES }]);
    expect(rows).toEqual([2]);
    expect(runLog.run(runId)?.outcome).toBe('succeeded');
    expect(new CatalogReader(connection, runLog).facets().categories.map((node) => node.code)).toEqual([
      'BEAM',
    ]);
    connection.close();
  });

  it('the sync worker waits for a search in progress between its batches, and goes on when it ends', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'voa-desk-worker-bundle-'));
    const file = path.join(dir, 'catalog.db');
    const connection = CatalogConnection.open(file);
    const runLog = new SyncRunLog(connection);
    const searches = SearchInProgress.create();
    const items = Array.from({ length: 20_000 }, (_, index) => ({
      No: String(100_000 + index),
      Description: `Strip ${index}`,
      ItemCategoryCode: 'BEAM-HEA',
    }));
    let syncing = true;
    const sync = swapIn(
      runLog,
      file,
      [
        { kind: 'categories', value: CATEGORIES },
        { kind: 'items', value: items },
      ],
      searches,
    ).finally(() => (syncing = false));
    // Searches one after another while the sync runs, each over a few turns of this thread's event loop:
    // the sync worker meets some of them between its batches, and waits until they end.
    let woken = 0;
    while (syncing) {
      searches.begin();
      for (let turn = 0; turn < 5; turn++) await nextTurn();
      woken += searches.end();
      await nextTurn();
    }
    const { runId } = await sync;
    expect(woken).toBeGreaterThan(0);
    expect(runLog.run(runId)?.outcome).toBe('succeeded');
    expect(new CatalogReader(connection, runLog).facets().sizes).toBe(items.length);
    connection.close();
  });

  it('the search worker searches the catalog the sync worker swapped in', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'voa-desk-worker-bundle-'));
    const file = path.join(dir, 'catalog.db');
    const connection = CatalogConnection.open(file);
    await swapIn(new SyncRunLog(connection), file, [
      { kind: 'categories', value: CATEGORIES },
      { kind: 'items', value: ITEMS },
    ]);
    connection.close();
    const searches = SearchInProgress.create();
    const before = searches.marks;
    const worker = startSearchWorker(file, searches, pathToFileURL(BUNDLED_SEARCH_WORKER));
    try {
      const found = await worker.call('search', catalogSearchSchema.parse({ query: 'breedflens' }));
      expect(found.rows.map((row) => row.itemNo)).toEqual(['HEA200']);
      expect((await worker.call('about', null)).searches).toBe(1);
      // Marked in the word it was handed, which a sync's catalog worker watches: begun and ended.
      expect(searches.marks).toBe(before + 2);
    } finally {
      await worker.close();
    }
    expect(worker.stopped?.message).toMatch(/exit code 0/);
  });
});
