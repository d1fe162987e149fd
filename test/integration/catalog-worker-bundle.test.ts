// The catalog worker as electron-vite bundles it (out/main/catalog-sync-worker.js, beside the main
// bundle's index.js): it stages and swaps a catalog under plain Node as it does from the .ts sources.
// The Electron binary cannot run here, so this is the closest check of the packaged worker.
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { CatalogStore } from '../../src/main/core/catalog/catalog-store.ts';
import { CatalogWorker } from '../../src/main/core/catalog/catalog-sync-worker-client.ts';
import { emptyPageKindCounts } from '../../src/shared/contract/catalog-search.ts';
import { REPO_ROOT } from '../support/processes.ts';

const BUNDLED_WORKER = path.join(REPO_ROOT, 'out/main/catalog-sync-worker.js');
const built = existsSync(BUNDLED_WORKER);
if (!built) console.log(`catalog worker bundle: skipped, ${BUNDLED_WORKER} is not built (npm run build)`);

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe.skipIf(!built)('the bundled catalog worker', () => {
  it('stages a page and swaps the catalog in', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'voa-desk-worker-bundle-'));
    const file = path.join(dir, 'catalog.db');
    const store = CatalogStore.open(file);
    const runId = store.beginRun('manual', new Date().toISOString());
    const rows: number[] = [];
    const worker = new CatalogWorker((_kind, count) => rows.push(count), pathToFileURL(BUNDLED_WORKER));
    try {
      await worker.call('begin', { file });
      const page = await worker.call('scan', {
        body: JSON.stringify({
          value: [
            { Code: 'BEAM', Description: 'Balken' },
            { Code: 'BEAM-HEA', Description: 'HEA' },
          ],
        }),
      });
      if (!page.readable) throw new Error(page.reason);
      await worker.call('write', { pageId: page.pageId, kind: 'categories' });
      await worker.call('completeCategories', null);
      await worker.call('prepareSwap', null);
      await worker.call('swap', {
        fields: {
          runId,
          syncedAt: new Date().toISOString(),
          steel: false,
          counts: { ...emptyPageKindCounts(), categories: 2 },
          pages: 1,
          durationMs: 1,
          refusedSteelPages: [],
          warning: '',
        },
      });
    } finally {
      await worker.close();
    }
    expect(rows).toEqual([2]);
    store.invalidate();
    expect(store.run(runId)?.outcome).toBe('succeeded');
    expect(store.facets().categories.map((node) => node.code)).toEqual(['BEAM']);
    store.close();
  });
});
