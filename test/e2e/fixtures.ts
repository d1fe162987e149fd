// The end-to-end tests' fixtures (Playwright's `test.extend`): one host emulator per worker, reset before
// each test, and a desk of the test's own (a fresh data directory and keychain profile configured for
// that emulator, a copy of a catalog synced once per worker unless the test asks for none, and the browser
// shell on it). No test sees what another left behind, so any test runs
// alone (`-g`), repeated or in any order; the emulator's start (its CA, its generated catalog) is paid
// once per worker, not once per test.
import { test as base } from '@playwright/test';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  configureDeskInProcess,
  syncedCatalogTemplate,
  type SyncedCatalogTemplate,
} from '../support/desk-profile.ts';
import {
  startEmulatorProcess,
  type EmulatorProcess,
  type EmulatorProfileOptions,
} from '../support/emulator-profile.ts';
import { createTestProfile, runCli, type TestProfile } from '../support/processes.ts';
import {
  startBrowserShellProcess,
  type BrowserShellProcess,
  type DeskAgainstEmulator,
} from './browser-shell.ts';

/** How a spec's emulator starts (`test.use({ emulatorOptions: … })`); specs that differ get their own worker. */
export interface EmulatorOptions {
  /** Sizes in the generated catalog (the emulator's default for tests is 200). */
  variants?: number;
  /** Further emulator flags (`--seed`, `--page-size`, `--faults`, …). */
  emulatorArgs?: string[];
}

/** The worker's emulator; a test may stop it and start it again on the same port and state directory. */
interface SharedEmulator {
  emulator: EmulatorProcess;
  stateDir: string;
  /** The emulator running and reset to its start state. */
  answering(): Promise<void>;
  /** A catalog synced once from this worker's emulator, made when a desk first asks for one. */
  catalogTemplate(): Promise<SyncedCatalogTemplate>;
}

/**
 * Whether a desk starts with the catalog already synced (a copy of one synced once per worker), or with
 * none, as a fresh installation does, so that the shell starts its own first sync 3 s after start.
 */
export type CatalogAtStart = 'synced' | 'none';

function startOptions(options: EmulatorOptions): { variants?: number; args?: string[] } {
  return {
    ...(options.variants ? { variants: options.variants } : {}),
    ...(options.emulatorArgs ? { args: options.emulatorArgs } : {}),
  };
}

interface WorkerFixtures {
  emulatorOptions: EmulatorOptions;
  sharedEmulator: SharedEmulator;
}

/** A desk as first installed: a fresh data directory and keychain profile, nothing configured. */
export interface NewDesk {
  profile: TestProfile;
  shell: BrowserShellProcess;
}

/** A desk before its setup, beside the worker's emulator that it is to be set up for. */
export interface DeskBeforeSetup extends NewDesk {
  emulator: EmulatorProcess;
}

interface TestFixtures {
  /** A desk of this test's own with nothing configured (no emulator is started for it). */
  newDesk: NewDesk;
  /**
   * The emulator reset to its start state, and a desk of this test's own that trusts the emulator's CA
   * file and has nothing else configured: what the person setting up a desk starts from.
   */
  deskBeforeSetup: DeskBeforeSetup;
  /** How the desk's profile is configured for the emulator (`test.use({ profileOptions: … })`). */
  profileOptions: EmulatorProfileOptions;
  /** A desk with the catalog synced (the default), or none, for tests of the first sync. */
  catalogAtStart: CatalogAtStart;
  /** Variables the desk's browser shell starts with (`test.use({ shellEnv: … })`): a policy file, say. */
  shellEnv: Record<string, string>;
  /** The emulator, reset to its start state, and a desk of this test's own on it. */
  desk: DeskAgainstEmulator;
}

// A desk's start is several Node processes (the CLI configuring it, the shell); on a loaded 2-core machine
// that can take a minute. Its own time-out keeps it out of the test's.
const FIXTURE_TIMEOUT_MS = 180_000;

export const test = base.extend<TestFixtures, WorkerFixtures>({
  emulatorOptions: [{}, { scope: 'worker', option: true }],
  sharedEmulator: [
    async ({ emulatorOptions }, use) => {
      const stateDir = await mkdtemp(path.join(os.tmpdir(), 'voa-emulator-e2e-'));
      let template: Promise<SyncedCatalogTemplate> | undefined;
      const shared: SharedEmulator = {
        stateDir,
        emulator: await startEmulatorProcess({ stateDir, ...startOptions(emulatorOptions) }),
        // A test that takes the host down (stops the emulator) leaves it down: the next test starts it
        // again on the same port and state directory, so desks configured for it keep working.
        async answering() {
          try {
            await shared.emulator.admin('/reset', {});
            return;
          } catch {
            await shared.emulator.stop();
          }
          const port = Number(new URL(shared.emulator.info.baseUrl).port);
          shared.emulator = await startEmulatorProcess({ stateDir, port, ...startOptions(emulatorOptions) });
        },
        catalogTemplate() {
          template ??= syncedCatalogTemplate(shared.emulator.info);
          return template;
        },
      };
      await use(shared);
      await template?.then((made) => made.dispose()).catch(() => {});
      await shared.emulator.stop();
      await rm(stateDir, { recursive: true, force: true });
    },
    { scope: 'worker', timeout: FIXTURE_TIMEOUT_MS },
  ],
  newDesk: [
    // Playwright reads a fixture's dependencies from this pattern: an empty one says it has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const profile = await createTestProfile();
      try {
        const shell = await startBrowserShellProcess(profile);
        try {
          await use({ profile, shell });
        } finally {
          await shell.stop();
        }
      } finally {
        await profile.dispose();
      }
    },
    { timeout: FIXTURE_TIMEOUT_MS },
  ],
  deskBeforeSetup: [
    async ({ sharedEmulator }, use) => {
      await sharedEmulator.answering();
      const { emulator } = sharedEmulator;
      const profile = await createTestProfile();
      try {
        // The CA file is set with the CLI before the shell starts: the browser shell has no file chooser
        // of main's own, and a renderer may never name one.
        const ca = await runCli([
          ...['--data-dir', profile.dataDir, '--profile', profile.profile],
          ...['config', 'set', '--ca-file', emulator.info.caFile],
        ]);
        if (ca.code !== 0) throw new Error(`config set --ca-file failed: ${ca.stderr}`);
        const shell = await startBrowserShellProcess(profile);
        try {
          await use({ emulator, profile, shell });
        } finally {
          await shell.stop();
        }
      } finally {
        await profile.dispose();
      }
    },
    { timeout: FIXTURE_TIMEOUT_MS },
  ],
  profileOptions: [{}, { option: true }],
  catalogAtStart: ['synced', { option: true }],
  shellEnv: [{}, { option: true }],
  desk: [
    async ({ sharedEmulator, profileOptions, catalogAtStart, shellEnv }, use) => {
      // Requests, mail, faults, settings, the clock and the portal's state as the emulator started.
      await sharedEmulator.answering();
      const profile = await createTestProfile();
      try {
        await configureDeskInProcess(profile, sharedEmulator.emulator.info, profileOptions);
        if (catalogAtStart === 'synced') await (await sharedEmulator.catalogTemplate()).copyInto(profile);
        const desk: DeskAgainstEmulator = {
          emulator: sharedEmulator.emulator,
          stateDir: sharedEmulator.stateDir,
          profile,
          shell: await startBrowserShellProcess(profile, shellEnv),
          async stop() {
            await desk.shell.stop();
          },
        };
        try {
          await use(desk);
        } finally {
          await desk.shell.stop();
          // A test that restarted the emulator hands the new process on to the next test.
          sharedEmulator.emulator = desk.emulator;
        }
      } finally {
        await profile.dispose();
      }
    },
    { timeout: FIXTURE_TIMEOUT_MS },
  ],
});

export { expect } from '@playwright/test';
