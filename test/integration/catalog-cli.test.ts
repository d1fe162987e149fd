// `sync`, `catalog search` and `catalog stats` as an OS scheduler or a person runs them: the CLI in its own
// process, configured through the CLI, against the emulator over HTTPS.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../emulator/index.ts';
import { configureProfileForEmulator } from '../support/emulator-profile.ts';
import { createTestProfile, runCli, type TestProfile } from '../support/processes.ts';

let emulator: RunningEmulator;
let profile: TestProfile;
const cli = (...args: string[]) =>
  runCli(['--data-dir', profile.dataDir, '--profile', profile.profile, ...args]);

beforeAll(async () => {
  emulator = await startEmulator({ variants: 1200, pageSize: 300, log: () => {} });
  profile = await createTestProfile();
  await configureProfileForEmulator(profile, emulator.info);
});

afterAll(async () => {
  await emulator?.stop();
  await profile?.dispose();
});

describe('cli: sync and catalog', () => {
  it('sync: progress on stderr, a summary on stdout, exit 0', async () => {
    const run = await cli('sync');
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/sync: reading (items|variants)/);
    expect(run.stdout).toMatch(/outcome\s+succeeded/);
    expect(run.stdout).toMatch(new RegExp(`variants\\s+${emulator.expectedCatalog.variants}`));
    expect(run.stdout).toMatch(/pages\s+\d+/);
    expect(run.stdout).toMatch(/duration\s+[\d.]+ s/);
  });

  it('sync --json: the run as JSON', async () => {
    const run = await cli('sync', '--json');
    expect(run.code, run.stderr).toBe(0);
    const answer = JSON.parse(run.stdout);
    expect(answer.ok).toBe(true);
    expect(answer.run).toMatchObject({ outcome: 'succeeded', trigger: 'cli', steel: true });
    expect(answer.run.rows.items).toBe(emulator.expectedCatalog.items);
    expect(answer.run.changes).toEqual({
      item: { new: 0, removed: 0, blocked: 0, unblocked: 0 },
      size: { new: 0, removed: 0, blocked: 0, unblocked: 0 },
    });
  });

  it('catalog search and catalog stats', async () => {
    const search = await cli('catalog', 'search', '100002', '--json');
    expect(search.code, search.stderr).toBe(0);
    const found = JSON.parse(search.stdout);
    expect(found.rows[0].itemNo).toBe('100002');
    const text = await cli('catalog', 'search', 'IPE', '--limit', '5');
    expect(text.code).toBe(0);
    expect(text.stdout.trim().split('\n')).toHaveLength(6);
    expect(text.stdout).toMatch(/5 of \d+ sizes/);
    const bad = await cli('catalog', 'search', 'IPE', '--limit', '0');
    expect(bad.code).toBe(2);
    const stats = JSON.parse((await cli('catalog', 'stats', '--json')).stdout);
    expect(stats.counts.variants).toBe(emulator.expectedCatalog.variants);
    expect(stats.lastSync.outcome).toBe('succeeded');
    expect((await cli('catalog', 'stats')).stdout).toMatch(/variants\s+1200/);
  });

  it('a failing sync exits 1, says why, and keeps the previous catalog', async () => {
    const before = JSON.parse((await cli('catalog', 'stats', '--json')).stdout);
    expect((await cli('config', 'set', '--company-name', 'Nobody B.V.')).code).toBe(0);
    const run = await cli('sync');
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/outcome\s+failed: voaCategories was not found \(404\)/);
    expect(run.stdout).toMatch(/catalog before this sync was kept/);
    const after = JSON.parse((await cli('catalog', 'stats', '--json')).stdout);
    expect(after.counts).toEqual(before.counts);
    expect(after.syncedAt).toBe(before.syncedAt);
    expect(after.lastSync.outcome).toBe('failed');
    expect((await cli('config', 'set', '--company-name', emulator.info.companyName)).code).toBe(0);
  });
});
