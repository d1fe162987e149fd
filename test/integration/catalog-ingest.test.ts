// The sync's write path against the host emulator over real HTTPS, into a real catalog.db: the facets the
// catalog worker counts while it writes sizes are the counts a query over the swapped-in catalog gives.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CategoryNode } from '../../src/shared/contract/catalog-search.ts';
import { syncedEmulatorCatalog, type SyncedCatalog } from '../support/synced-catalog.ts';
import { catalogFile } from '../support/catalog-file.ts';

let synced: SyncedCatalog;

beforeAll(async () => {
  synced = await syncedEmulatorCatalog({ variants: 3000, seed: 'ingest' });
});

afterAll(async () => {
  await synced?.close();
});

it('facets counted during the sync equal the counts of the synced catalog', async () => {
  const { core } = synced;
  const db = catalogFile(core);
  const countsBy = (column: string) =>
    (
      db
        .prepare(
          `SELECT ${column} AS code, count(*) AS n FROM size WHERE ${column} != '' GROUP BY 1 ORDER BY 1`,
        )
        .all() as { code: string; n: number }[]
    ).map((row) => [row.code, row.n]);
  const sizesUnder = (code: string) =>
    (
      db
        .prepare(
          `SELECT count(*) AS n FROM size s JOIN category c ON c.code = ?
           WHERE s.category_position BETWEEN c.position AND c.subtree_end`,
        )
        .get(code) as { n: number }
    ).n;

  const facets = await core.handlers['catalog:facets']({});
  expect(facets.profiles.length).toBeGreaterThan(1);
  expect(facets.grades.length).toBeGreaterThan(1);
  expect(facets.profiles.map((facet) => [facet.code, facet.sizes])).toEqual(countsBy('profile_code'));
  expect(facets.grades.map((facet) => [facet.code, facet.sizes])).toEqual(countsBy('grade_code'));
  expect(facets.profiles.every((facet) => facet.description !== '')).toBe(true);
  const nodes: CategoryNode[] = [];
  const walk = (node: CategoryNode) => (nodes.push(node), node.children.forEach(walk));
  facets.categories.forEach(walk);
  expect(nodes.length).toBeGreaterThan(5);
  for (const node of nodes) expect([node.code, node.sizes]).toEqual([node.code, sizesUnder(node.code)]);
  const sizes = (db.prepare('SELECT count(*) AS n FROM size').get() as { n: number }).n;
  expect(core.catalog.reader.facets().sizes).toBe(sizes);
});
