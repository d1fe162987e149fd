// One staging, timed by its thread's CPU alone: the bench catalog's pages are generated and coerced first,
// then staged with the end of a sync (complete), and the CPU time of that part is printed as JSON. The
// subject of scripts/staging-cpu.sh, which takes it in turns with another revision's.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { generateCatalog, type CatalogTable } from '../emulator/catalog-generator.ts';
import { CatalogStaging } from '../src/main/core/catalog/catalog-staging.ts';
import { CatalogStore } from '../src/main/core/catalog/catalog-store.ts';
import { itemRow, text, variantRow } from '../src/main/core/catalog/catalog-sync-worker-rows.ts';

const sizes = Number(process.env.VOA_BENCH_CATALOG_SIZES ?? 200_000);
const PAGE = 20_000;

const catalog = generateCatalog({ seed: 'bench', variants: sizes });
const view = { steel: true, language: 'nl' as const };
const rowsOf = (table: CatalogTable) =>
  Array.from({ length: table.count }, (_, index) => table.rowAt(index, view));
const { voaCategories, voaProfiles, voaGrades, voaItems, voaVariants } = catalog.tables;
const categories = rowsOf(voaCategories).map((row) => ({
  Code: text(row.Code),
  Description: text(row.Description),
}));
const profiles = rowsOf(voaProfiles);
const grades = rowsOf(voaGrades);
const items = rowsOf(voaItems).map(itemRow);
const variants = rowsOf(voaVariants).map(variantRow);
const pagesOf = <T>(rows: T[]) =>
  Array.from({ length: Math.ceil(rows.length / PAGE) }, (_, page) =>
    rows.slice(page * PAGE, (page + 1) * PAGE),
  );

const dir = await mkdtemp(path.join(os.tmpdir(), 'voa-desk-staging-cpu-'));
try {
  const store = CatalogStore.open(path.join(dir, 'catalog.db'));
  const started = process.threadCpuUsage();
  const staging = new CatalogStaging(store);
  staging.addCategories(categories);
  staging.completeCategories();
  await staging.addSteelRows('voaProfiles', profiles);
  await staging.addSteelRows('voaGrades', grades);
  for (const page of pagesOf(items)) await staging.addItems(page);
  for (const page of pagesOf(variants)) await staging.addVariants(page);
  const facets = await staging.complete();
  const spent = process.threadCpuUsage(started);
  store.close();
  process.stdout.write(
    `${JSON.stringify({ sizes: facets.sizes, cpuMs: Math.round((spent.user + spent.system) / 1000) })}\n`,
  );
} finally {
  await rm(dir, { recursive: true, force: true });
}
