// A catalog synchronized from the emulator into a real profile (real SQLite file, real keychain, sync
// over HTTPS through the core), with the emulator's own rows to check search results against.
import { startEmulator, type CatalogRow, type RunningEmulator } from '../../emulator/index.ts';
import { VoaCore } from '../../src/main/core/voa-core.ts';
import type { CatalogSizeRow } from '../../src/shared/contract/catalog-search.ts';
import {
  catalogSearchSchema,
  type CatalogSearchInput,
} from '../../src/shared/contract/catalog-search-query.ts';
import { configureProfileForEmulator } from './emulator-profile.ts';
import { createTestProfile, type TestProfile } from './processes.ts';

export interface SyncedCatalog {
  core: VoaCore;
  /** The emulator the catalog came from, still answering (its admin routes change what it holds). */
  emulator: RunningEmulator;
  /** The emulator's items by number and its variants, as a steel session in Dutch reads them. */
  items: Map<string, CatalogRow>;
  variants: CatalogRow[];
  /** Up to 500 rows of a search through the bridge handler. */
  search(input: CatalogSearchInput): Promise<CatalogSizeRow[]>;
  close(): Promise<void>;
}

export async function syncedEmulatorCatalog(options: {
  variants: number;
  seed: string;
}): Promise<SyncedCatalog> {
  let emulator: RunningEmulator | undefined;
  let profile: TestProfile | undefined;
  let core: VoaCore | undefined;
  const close = async () => {
    await core?.close();
    await emulator?.stop();
    await profile?.dispose();
  };
  try {
    emulator = await startEmulator({ ...options, log: () => {} });
    profile = await createTestProfile();
    core = await VoaCore.open({
      location: { profile: profile.profile, dataDir: profile.dataDir },
      shell: 'browser',
      version: 'test',
    });
    await configureProfileForEmulator(core, emulator.info);
    const run = await core.catalog.syncNow('manual');
    if (run.outcome !== 'succeeded') throw new Error(`sync ${run.outcome}: ${run.message}`);
    const view = { steel: true, language: 'nl' as const };
    const { voaItems, voaVariants } = emulator.catalog.tables;
    const items = new Map<string, CatalogRow>();
    for (let index = 0; index < voaItems.count; index++) {
      const row = voaItems.rowAt(index, view);
      items.set(row.No as string, row);
    }
    const variants: CatalogRow[] = [];
    for (let index = 0; index < voaVariants.count; index++) variants.push(voaVariants.rowAt(index, view));
    const opened = core;
    return {
      core: opened,
      emulator,
      items,
      variants,
      search: async (input) =>
        (await opened.handlers['catalog:search'](catalogSearchSchema.parse({ limit: 500, ...input }))).rows,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
