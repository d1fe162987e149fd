// Items of the emulator's seeded catalog picked by what the picker's end-to-end test needs. Run as a
// script by that test (browser-side test code does not type-check the emulator's Node internals).
import { generateCatalog } from '../../emulator/index.ts';
import type { CatalogSamples } from './catalog-samples-shape.ts';

/** One item with one size, one with several sizes, and a blocked one. */
export function catalogSamples(seed: string | number, variants: number): CatalogSamples {
  const catalog = generateCatalog({ seed, variants });
  const view = { steel: true, language: 'nl' as const };
  const sizes = new Map<string, { code: string; blocked: boolean }[]>();
  for (let index = 0; index < catalog.tables.voaVariants.count; index++) {
    const row = catalog.tables.voaVariants.rowAt(index, view);
    const list = sizes.get(row.ItemNo as string) ?? [];
    list.push({ code: row.Code as string, blocked: row.Blocked as boolean });
    sizes.set(row.ItemNo as string, list);
  }
  const items = Array.from({ length: catalog.tables.voaItems.count - 1 }, (_, index) =>
    catalog.tables.voaItems.rowAt(index, view),
  );
  const pickable = items.filter((item) => !item.Blocked && !item.SalesBlocked);
  const single = pickable.find(
    (item) => sizes.get(item.No as string)?.length === 1 && !sizes.get(item.No as string)![0]!.blocked,
  )!;
  const several = pickable.find((item) => (sizes.get(item.No as string)?.length ?? 0) >= 3)!;
  const blocked = items.find((item) => item.SalesBlocked)!;
  return {
    single: { no: single.No as string, code: sizes.get(single.No as string)![0]!.code },
    several: { no: several.No as string, description: several.Description as string },
    blocked: blocked.No as string,
  };
}

if (import.meta.main) {
  const [seed = '1', variants = '1000'] = process.argv.slice(2);
  process.stdout.write(`${JSON.stringify(catalogSamples(seed, Number(variants)))}\n`);
}
