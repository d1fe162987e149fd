// The catalog export at 500,000 sizes (VOA_BENCH_CATALOG_SIZES): the whole catalog written as the catalog
// screen's CSV (Dutch: `;`, decimal commas, yes/no words, local times) and as XLSX, each timed against
// writing the same rows from the same store with no formatting at all (values joined by commas). Memory is
// sampled while it runs: a streaming export's heap stays flat, whatever the catalog's size.
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CatalogSearch } from '../src/main/core/catalog/search/index.ts';
import { CatalogConnection } from '../src/main/core/catalog/store/index.ts';
import { CATALOG_EXPORT_COLUMNS } from '../src/main/core/export/export-columns.ts';
import { writeTable } from '../src/main/core/export/export-table.ts';
import type { CatalogSearchQuery } from '../src/shared/contract/catalog-search-query.ts';
import { benchIngest } from './catalog.bench.ts';
import { compared, round } from './bench-stats.ts';

const SIZES = Number(process.env.VOA_BENCH_CATALOG_SIZES ?? 500_000);
const EVERYTHING: CatalogSearchQuery = { query: '', blocked: 'include', offset: 0, limit: 1 };
const MB = 1024 * 1024;

/** Runs `work` while sampling the heap every 50 ms: seconds taken and the heap's highest point above start. */
async function measured(work: () => Promise<number>) {
  globalThis.gc?.();
  const heapAtStart = process.memoryUsage().heapUsed;
  let heapPeak = heapAtStart;
  const sampler = setInterval(() => (heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed)), 50);
  const started = performance.now();
  try {
    const rows = await work();
    return {
      rows,
      seconds: (performance.now() - started) / 1000,
      heapGrowthMb: (heapPeak - heapAtStart) / MB,
    };
  } finally {
    clearInterval(sampler);
  }
}

/** The baseline: the same rows from the same store, every value as it is, joined by commas. */
async function writeUnformatted(store: CatalogSearch, file: string): Promise<number> {
  const out = createWriteStream(file);
  let rows = 0;
  for (const batch of store.exportBatches(EVERYTHING)) {
    let chunk = '';
    for (const size of batch) chunk += `${Object.values(size).join(',')}\n`;
    rows += batch.length;
    if (!out.write(chunk)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  return rows;
}

export default async function benchExport(): Promise<Record<string, unknown>> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'voa-desk-export-bench-'));
  try {
    await benchIngest(dir);
    const connection = CatalogConnection.open(path.join(dir, 'ingest.db'));
    // As the app exports: on the main thread's connection, reading SQLite.
    const store = new CatalogSearch(connection, { columns: false });
    try {
      const export_ = (format: 'csv' | 'xlsx') => () =>
        writeTable({
          file: path.join(dir, `catalog.${format}`),
          format,
          language: 'nl',
          sheetName: 'Catalogus',
          columns: CATALOG_EXPORT_COLUMNS,
          rows: (function* () {
            for (const batch of store.exportBatches(EVERYTHING)) {
              yield batch.map((size) => ({ size, stockAsOf: new Date(), stockKnown: true }));
            }
          })(),
        });
      const baseline = await measured(() => writeUnformatted(store, path.join(dir, 'unformatted.csv')));
      const csv = await measured(export_('csv'));
      const xlsx = await measured(export_('xlsx'));
      for (const run of [csv, xlsx]) {
        if (run.rows !== baseline.rows)
          throw new Error(`exported ${run.rows} rows, the baseline ${baseline.rows}`);
      }
      return {
        sizes: baseline.rows,
        csvSeconds: round(csv.seconds),
        csvMb: round((await stat(path.join(dir, 'catalog.csv'))).size / MB),
        csvHeapGrowthMb: round(csv.heapGrowthMb),
        xlsxSeconds: round(xlsx.seconds),
        xlsxMb: round((await stat(path.join(dir, 'catalog.xlsx'))).size / MB),
        xlsxHeapGrowthMb: round(xlsx.heapGrowthMb),
        unformattedSeconds: round(baseline.seconds),
        unformattedHeapGrowthMb: round(baseline.heapGrowthMb),
        csvVsUnformatted: compared(csv.seconds, baseline.seconds, {
          unit: 's',
          measures: `${SIZES.toLocaleString('en')}-size catalog exported to CSV (Dutch)`,
          baselineIs: 'the same rows written unformatted',
          goal: '≤ 2 × the baseline',
        }),
        xlsxVsUnformatted: compared(xlsx.seconds, baseline.seconds, {
          unit: 's',
          measures: `${SIZES.toLocaleString('en')}-size catalog exported to XLSX (streamed)`,
          baselineIs: 'the same rows written unformatted',
        }),
        note: 'heap growth: the heap’s highest point during the export above its start, sampled every 50 ms',
      };
    } finally {
      store.close();
      connection.close();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
