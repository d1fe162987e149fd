// A catalog.db that cannot be opened (a crash mid-write, a full disk): it is only a copy of the host's catalog, so it is moved
// aside as catalog.db.damaged-<time>, an empty catalog replaces it, and this is reported on screen (the
// run log, through sync:status) and from the CLI. Everything else keeps working, and the next sync fills it.
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../emulator/index.ts';
import { VoaCore } from '../../src/main/core/voa-core.ts';
import { configureProfileInProcess } from '../support/desk-profile.ts';
import { TEST_PRIVACY_CONSENT_VERSION } from '../support/emulator-profile.ts';
import { createTestProfile, runCli, type TestProfile } from '../support/processes.ts';

let emulator: RunningEmulator;
let profile: TestProfile;
let files: string;
const cli = (...args: string[]) =>
  runCli(['--data-dir', profile.dataDir, '--profile', profile.profile, ...args]);

/** Not a database: what a disk error, a half-copied backup or a stray editor leaves behind. */
const DAMAGED = Buffer.from('This was catalog.db until a disk error overwrote its header.\n'.repeat(200));

async function damageCatalog(): Promise<void> {
  await writeFile(path.join(profile.dataDir, 'catalog.db'), DAMAGED);
  for (const suffix of ['-wal', '-shm'])
    await rm(path.join(profile.dataDir, `catalog.db${suffix}`), { force: true });
}

const movedAside = async () =>
  (await readdir(profile.dataDir)).filter(
    (name) => name.startsWith('catalog.db.damaged-') && !/-(wal|shm)$/.test(name),
  );

beforeAll(async () => {
  emulator = await startEmulator({ variants: 300, log: () => {} });
  profile = await createTestProfile();
  files = await mkdtemp(path.join(os.tmpdir(), 'voa-desk-damaged-'));
  await configureProfileInProcess(profile, emulator.info);
  expect((await cli('sync')).code).toBe(0);
});

afterAll(async () => {
  await emulator?.stop();
  await profile?.dispose();
  await rm(files, { recursive: true, force: true });
});

describe('a damaged catalog.db heals itself', () => {
  it('the CLI moves it aside, says so, and submit and outbox list keep working; the next sync fills it', async () => {
    await damageCatalog();
    const quote = path.join(files, 'quote.json');
    await writeFile(
      quote,
      JSON.stringify({
        requestId: 'DAMAGED-CATALOG-1',
        privacyAccepted: true,
        privacyConsentVersion: TEST_PRIVACY_CONSENT_VERSION,
        contactName: 'Jan Smit',
        companyName: 'Smit Metaalbouw',
        source: 'webshop-import',
        quoteRequestLines: [{ itemNo: 'HEA200', quantity: 4, unitOfMeasureCode: 'PCS' }],
      }),
    );
    const submitted = await cli('submit', 'quote', '--file', quote);
    expect(submitted.code, submitted.stderr).toBe(0);
    expect(submitted.stderr).toMatch(/The local catalog could not be opened \(file is not a database\)/);
    expect(submitted.stderr).toMatch(/moved aside as catalog\.db\.damaged-/);
    // The damaged file is kept as it was, for whoever wants to look at it.
    const aside = await movedAside();
    expect(aside).toHaveLength(1);
    expect(await readFile(path.join(profile.dataDir, aside[0]!))).toEqual(DAMAGED);

    const listed = await cli('--json', 'outbox', 'list');
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stderr).not.toMatch(/could not be opened/);
    expect(JSON.parse(listed.stdout).items.map((item: { requestId: string }) => item.requestId)).toContain(
      'DAMAGED-CATALOG-1',
    );

    const empty = JSON.parse((await cli('catalog', 'stats', '--json')).stdout);
    expect(empty.counts.variants).toBe(0);
    expect(empty.lastSync).toMatchObject({
      outcome: 'failed',
      message: expect.stringMatching(/moved aside/),
      damagedCatalogMovedTo: aside[0],
    });

    const sync = await cli('sync');
    expect(sync.code, sync.stderr).toBe(0);
    const filled = JSON.parse((await cli('catalog', 'stats', '--json')).stdout);
    expect(filled.counts.variants).toBe(emulator.expectedCatalog.variants);
  });

  it('the app core (as the browser shell and Electron open it) starts, and sync:status reports it', async () => {
    await damageCatalog();
    const core = await VoaCore.open({
      location: { profile: profile.profile, dataDir: profile.dataDir },
      shell: 'browser',
      version: 'test',
    });
    try {
      const status = await core.handlers['sync:status']({});
      expect(status.last).toMatchObject({
        outcome: 'failed',
        message: expect.stringMatching(/could not be opened/),
      });
      expect((await core.handlers['catalog:stats']({})).counts.variants).toBe(0);
      expect((await core.handlers['outbox:list']({})).items.length).toBeGreaterThan(0);
      expect((await core.catalog.syncNow('manual')).outcome).toBe('succeeded');
      expect(core.catalog.reader.stats().sizes).toBeGreaterThan(0);
    } finally {
      await core.close();
    }
  });
});
