// A test desk's profile prepared in the test's own process, through the Electron-free core (the same
// handlers the Settings screen and the CLI call): configured for the emulator, and given a copy of a
// catalog synced once from it. Configuring through the CLI took three Node starts per desk, about a second
// of CPU each, and a desk's own first sync waits 3 s before it starts and then takes seconds more.
import { copyFile } from 'node:fs/promises';
import path from 'node:path';
import { CATALOG_DB_FILE } from '../../src/main/core/catalog/store/catalog-schema.ts';
import { VoaCore } from '../../src/main/core/voa-core.ts';
import {
  configureProfileForEmulator,
  type EmulatorInfo,
  type EmulatorProfileOptions,
} from './emulator-profile.ts';
import { createTestProfile, type TestProfile } from './processes.ts';

/** Opens the profile's core without its background work, runs `work`, and closes it again. */
async function withClosedDesk<T>(profile: TestProfile, work: (core: VoaCore) => Promise<T>): Promise<T> {
  const core = await VoaCore.open({
    location: { profile: profile.profile, dataDir: profile.dataDir },
    shell: 'browser',
    version: 'test',
  });
  try {
    return await work(core);
  } finally {
    await core.close();
  }
}

/** Points the profile at the emulator (connection, CA file, both secrets, counter and fair settings). */
export function configureProfileInProcess(
  profile: TestProfile,
  info: EmulatorInfo,
  options: EmulatorProfileOptions = {},
): Promise<void> {
  return withClosedDesk(profile, (core) => configureProfileForEmulator(core, info, options));
}

/** A local clock time (HH:MM) `hours` from now. */
function clockTimeIn(hours: number): string {
  const at = new Date(Date.now() + hours * 3_600_000);
  return `${String(at.getHours()).padStart(2, '0')}:${String(at.getMinutes()).padStart(2, '0')}`;
}

/**
 * An end-to-end desk: configured for the emulator, with its nightly sync moved to 12 hours from now. A desk
 * whose tests run inside the default window (02:00 to 04:00) would otherwise start its nightly sync, or a
 * missed night's, in the middle of a test, and a test would pass or fail by the hour CI runs at.
 */
export function configureDeskInProcess(
  profile: TestProfile,
  info: EmulatorInfo,
  options: EmulatorProfileOptions = {},
): Promise<void> {
  return withClosedDesk(profile, async (core) => {
    await configureProfileForEmulator(core, info, options);
    const moment = clockTimeIn(12);
    await core.handlers['settings:save']({ catalogSyncTime: moment, catalogSyncWindowEnd: moment });
  });
}
/** A catalog.db synced once from the emulator (with its sync log), to copy into desks that need a catalog. */
export interface SyncedCatalogTemplate {
  /** Copies the synced catalog into a profile whose shell has not started yet. */
  copyInto(profile: TestProfile): Promise<void>;
  dispose(): Promise<void>;
}

export async function syncedCatalogTemplate(info: EmulatorInfo): Promise<SyncedCatalogTemplate> {
  const profile = await createTestProfile();
  try {
    await withClosedDesk(profile, async (core) => {
      await configureProfileForEmulator(core, info);
      const run = await core.catalog.syncNow('manual');
      if (run.outcome !== 'succeeded') throw new Error(`template sync ${run.outcome}: ${run.message}`);
    });
  } catch (error) {
    await profile.dispose();
    throw error;
  }
  // Closing the core checkpointed the write-ahead log: catalog.db alone holds the catalog.
  const file = path.join(profile.dataDir, CATALOG_DB_FILE);
  return {
    copyInto: (target) => copyFile(file, path.join(target.dataDir, CATALOG_DB_FILE)),
    dispose: () => profile.dispose(),
  };
}
