// One staging, timed by its thread's CPU alone: the bench catalog's pages are generated and coerced first,
// then staged with the end of a sync (complete), and the CPU time of that part is printed as JSON. The
// subject of scripts/staging-cpu.sh, which takes it in turns with another revision's.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CatalogStaging } from '../src/main/core/catalog/sync/catalog-staging.ts';
import { CatalogConnection } from '../src/main/core/catalog/store/index.ts';
import { itemRow, text, variantRow } from '../src/main/core/catalog/sync/catalog-sync-worker-rows.ts';
import { benchPages } from './catalog.bench.ts';

const sizes = Number(process.env.VOA_BENCH_CATALOG_SIZES ?? 200_000);
// Coerced as the catalog worker coerces the host's records, before the timed part.
const pages = [...benchPages(sizes)];
const categories = pages
  .filter((page) => page.name === 'categories')
  .flatMap((page) => page.rows.map((row) => ({ Code: text(row.Code), Description: text(row.Description) })));
const rowsOf = (name: string) => pages.filter((page) => page.name === name).map((page) => page.rows);
const profiles = rowsOf('profiles');
const grades = rowsOf('grades');
const items = rowsOf('items').map((rows) => rows.map(itemRow));
const variants = rowsOf('variants').map((rows) => rows.map(variantRow));

const dir = await mkdtemp(path.join(os.tmpdir(), 'voa-desk-staging-cpu-'));
try {
  const connection = CatalogConnection.open(path.join(dir, 'catalog.db'));
  const started = process.threadCpuUsage();
  const staging = new CatalogStaging(connection);
  staging.addCategories(categories);
  staging.completeCategories();
  for (const rows of profiles) await staging.addSteelRows('voaProfiles', rows);
  for (const rows of grades) await staging.addSteelRows('voaGrades', rows);
  for (const rows of items) await staging.addItems(rows);
  for (const rows of variants) await staging.addVariants(rows);
  const facets = await staging.complete();
  const spent = process.threadCpuUsage(started);
  connection.close();
  process.stdout.write(
    `${JSON.stringify({ sizes: facets.sizes, cpuMs: Math.round((spent.user + spent.system) / 1000) })}\n`,
  );
} finally {
  await rm(dir, { recursive: true, force: true });
}
