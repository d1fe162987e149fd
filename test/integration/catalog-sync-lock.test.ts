// One catalog sync per data directory (the app, the CLI and a scheduled task may start one each): two real processes syncing the same data directory at
// once. Before the lock, both reported success while the second dropped the first's staging tables and
// the live catalog held a fraction of the sizes; now the second does not start, says who is syncing and
// exits 1, and the live catalog is always one whole sync.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../emulator/index.ts';
import { VoaCore } from '../../src/main/core/voa-core.ts';
import type { SyncProgress } from '../../src/shared/contract/catalog-search.ts';
import { configureProfileInProcess } from '../support/desk-profile.ts';
import { setEmulatorFaults } from '../support/emulator-admin.ts';
import {
  NODE,
  REPO_ROOT,
  createTestProfile,
  runCli,
  type CliRun,
  type TestProfile,
} from '../support/processes.ts';

let emulator: RunningEmulator;
let profile: TestProfile;
let core: VoaCore | undefined;

const profileArgs = () => ['--data-dir', profile.dataDir, '--profile', profile.profile];

/** A CLI sync whose stderr is watched as it runs: resolves `reading` once it reads pages. */
function startCliSync(): { reading: Promise<void>; done: Promise<CliRun> } {
  const child = spawn(NODE, [path.join(REPO_ROOT, 'src/main/cli/index.mjs'), ...profileArgs(), 'sync'], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  let onReading: () => void = () => {};
  const reading = new Promise<void>((resolve) => (onReading = resolve));
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    if (/sync: reading (items|variants)/.test(stderr)) onReading();
  });
  const done = new Promise<CliRun>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      onReading();
      resolve({ code: code ?? -1, stdout, stderr });
    });
  });
  return { reading, done };
}

/** The live catalog's counts, read by a core opened on the data directory once no sync runs. */
async function stats() {
  const reader = await openCore();
  try {
    return reader.catalog.reader.stats();
  } finally {
    await reader.close();
  }
}

function openCore(): Promise<VoaCore> {
  return VoaCore.open({
    location: { profile: profile.profile, dataDir: profile.dataDir },
    shell: 'browser',
    version: 'test',
  });
}

/** Every catalog page the emulator answers from now on takes `ms` longer. */
const pagesTake = (ms: number) => setEmulatorFaults(emulator, [{ kind: 'latency', match: 'catalog', ms }]);
// A sync starts on slow pages, so it is still early on when it reports reading items. Held, each further
// page takes seconds: the sync cannot end while the other one starts and is refused, however slowly a
// process starts on a loaded machine. Released, it finishes at full speed.
const SLOW_MS = 150;
const hold = () => pagesTake(3000);
const release = () => pagesTake(0);

beforeAll(async () => {
  emulator = await startEmulator({ variants: 4000, pageSize: 100, log: () => {} });
  profile = await createTestProfile();
  await configureProfileInProcess(profile, emulator.info);
});

afterEach(async () => {
  await core?.close();
  core = undefined;
});

afterAll(async () => {
  await emulator?.stop();
  await profile?.dispose();
});

describe('one catalog sync per data directory, across processes', () => {
  it('two CLI syncs at once: the second says who is syncing and exits 1; the catalog is one whole sync', async () => {
    await pagesTake(SLOW_MS);
    const first = startCliSync();
    await first.reading;
    await hold();
    const second = await runCli([...profileArgs(), 'sync']);
    await release();
    const firstRun = await first.done;

    expect(second.code).toBe(1);
    expect(second.stderr).toMatch(/a command-line sync \(process \d+\) has been syncing the catalog/);
    expect(second.stderr).toMatch(/this sync was not started/);
    expect(firstRun.code, firstRun.stderr).toBe(0);
    expect(firstRun.stdout).toMatch(/outcome\s+succeeded/);

    const { counts, sizes } = await stats();
    expect(counts.items).toBe(emulator.expectedCatalog.items);
    expect(counts.variants).toBe(emulator.expectedCatalog.variants);
    expect(sizes).toBeGreaterThanOrEqual(emulator.expectedCatalog.variants);
  });

  it('the app core and a CLI sync: the one that starts second does not start, and the holder is named', async () => {
    core = await openCore();
    // The core's own sync first: a CLI sync meanwhile names the browser shell's process and exits 1.
    let onReading: () => void = () => {};
    const reading = new Promise<void>((resolve) => (onReading = resolve));
    const unsubscribe = core.events.subscribe((name, payload) => {
      if (name === 'sync:progress' && (payload as SyncProgress).rows.items > 0) onReading();
    });
    await pagesTake(SLOW_MS);
    const coreSync = core.catalog.syncNow('manual');
    await reading;
    unsubscribe();
    await hold();
    const cli = await runCli([...profileArgs(), 'sync']);
    await release();
    expect(cli.code).toBe(1);
    expect(cli.stderr).toContain(`the browser shell (process ${process.pid}) has been syncing`);
    expect((await coreSync).outcome).toBe('succeeded');

    // Then a CLI sync: the core's status names it, and a sync asked of the core does not start.
    await pagesTake(SLOW_MS);
    const cliSync = startCliSync();
    await cliSync.reading;
    await hold();
    const status = await core.handlers['sync:status']({});
    expect(status.otherSync).toMatchObject({ by: 'cli', pid: expect.any(Number) });
    expect(await core.handlers['sync:start']({})).toEqual({ runId: undefined, alreadyRunning: true });
    await release();
    const cliRun = await cliSync.done;
    expect(cliRun.code, cliRun.stderr).toBe(0);
    expect((await core.handlers['sync:status']({})).otherSync).toBeUndefined();

    const counts = core.catalog.reader.stats().counts;
    expect(counts.variants).toBe(emulator.expectedCatalog.variants);
  });
});
