// The end-to-end tests' fixtures (Playwright's `test.extend`): one host emulator per worker, reset before
// each test, and a desk of the test's own (a fresh data directory and keychain profile configured for
// that emulator, a copy of a catalog synced once per worker and host unless the test asks for none, and the
// browser shell on it). A test that needs another host (catalog size, seed, faults) names it, and the reset
// before the test gives it that host: every test runs in the same two workers. No test sees what another
// left behind, so any test runs alone (`-g`), repeated or in any order; the emulator's start (its CA, its
// generated catalog) is paid once per worker, not once per test.
import { test as base } from '@playwright/test';
import type { FaultSpec } from '../../emulator/faults.ts';
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

/**
 * The host a test starts against (`test.use({ hostAtStart: … })`): before each test the worker's emulator
 * is reset to the state of one started with these options, so tests that need different hosts share one
 * emulator and one worker.
 */
export interface HostAtStart {
  /** Sizes in the generated catalog (200 unless set). */
  variants?: number;
  seed?: string;
  /** Whether the steel extension is installed (true unless set). */
  steel?: boolean;
  pageSize?: number;
  /** The emulator's fault specification (`docs/emulator.md`). */
  faults?: FaultSpec;
}

/** The worker's emulator; a test may stop it and start it again on the same port and state directory. */
interface SharedEmulator {
  emulator: EmulatorProcess;
  stateDir: string;
  /** The emulator running and reset to the start state of this host. */
  answering(host: HostAtStart): Promise<void>;
  /** A catalog synced once from this worker's emulator serving this host's catalog, made when first asked. */
  catalogTemplate(host: HostAtStart): Promise<SyncedCatalogTemplate>;
}

/**
 * Whether a desk starts with the catalog already synced (a copy of one synced once per worker), or with
 * none, as a fresh installation does, so that the shell starts its own first sync 3 s after start.
 */
export type CatalogAtStart = 'synced' | 'none';

interface WorkerFixtures {
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
  hostAtStart: HostAtStart;
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
  sharedEmulator: [
    // Playwright reads a fixture's dependencies from this pattern: an empty one says it has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const stateDir = await mkdtemp(path.join(os.tmpdir(), 'voa-emulator-e2e-'));
      const templates = new Map<string, Promise<SyncedCatalogTemplate>>();
      const shared: SharedEmulator = {
        stateDir,
        emulator: await startEmulatorProcess({ stateDir }),
        // A test that takes the host down (stops the emulator) leaves it down: the next test starts it
        // again on the same port and state directory, so desks configured for it keep working.
        async answering(host) {
          try {
            await shared.emulator.admin('/reset', host);
            return;
          } catch {
            await shared.emulator.stop();
          }
          const port = Number(new URL(shared.emulator.info.baseUrl).port);
          shared.emulator = await startEmulatorProcess({ stateDir, port });
          await shared.emulator.admin('/reset', host);
        },
        catalogTemplate(host) {
          // Page size and faults change how the catalog arrives, not what it holds: they are left out of
          // the template's sync.
          const catalog = { variants: host.variants, seed: host.seed, steel: host.steel };
          const key = JSON.stringify(catalog);
          let template = templates.get(key);
          if (!template) {
            template = shared.answering(catalog).then(() => syncedCatalogTemplate(shared.emulator.info));
            templates.set(key, template);
          }
          return template;
        },
      };
      await use(shared);
      for (const template of templates.values())
        await template.then((made) => made.dispose()).catch(() => {});
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
    async ({ sharedEmulator, hostAtStart }, use) => {
      await sharedEmulator.answering(hostAtStart);
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
  hostAtStart: [{}, { option: true }],
  profileOptions: [{}, { option: true }],
  catalogAtStart: ['synced', { option: true }],
  shellEnv: [{}, { option: true }],
  desk: [
    async ({ sharedEmulator, hostAtStart, profileOptions, catalogAtStart, shellEnv }, use) => {
      const template = catalogAtStart === 'synced' ? await sharedEmulator.catalogTemplate(hostAtStart) : null;
      // Requests, mail, faults, settings, the clock and the portal's state as an emulator started for
      // this host.
      await sharedEmulator.answering(hostAtStart);
      const profile = await createTestProfile();
      try {
        await configureDeskInProcess(profile, sharedEmulator.emulator.info, profileOptions);
        await template?.copyInto(profile);
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
