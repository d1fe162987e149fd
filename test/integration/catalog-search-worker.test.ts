// Catalog searches in the search worker: a search through the bridge is answered by the
// module's worker thread, sees the catalog a sync swapped in, still answers when the worker is gone (on
// the main thread, once, logged) and the module's stop ends the thread. Real catalog.db, real keychain,
// syncs from the emulator over HTTPS.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { threadId } from 'node:worker_threads';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../emulator/index.ts';
import { dispatchBridgeCall } from '../../src/main/core/bridge/dispatch.ts';
import type { SearchWorker } from '../../src/main/core/catalog/search/catalog-search-worker-client.ts';
import { logsDirOf } from '../../src/main/core/log/app-log.ts';
import { VoaCore } from '../../src/main/core/voa-core.ts';
import type { CatalogSearchResult } from '../../src/shared/contract/catalog-search.ts';
import { configureProfileForEmulator } from '../support/emulator-profile.ts';
import { createTestProfile, type TestProfile } from '../support/processes.ts';

let profile: TestProfile;
let core: VoaCore | undefined;
const emulators: RunningEmulator[] = [];

beforeEach(async () => {
  profile = await createTestProfile();
});

afterEach(async () => {
  vi.restoreAllMocks();
  await core?.close();
  core = undefined;
  for (const emulator of emulators.splice(0)) await emulator.stop();
  await profile?.dispose();
});

/** A core on the test profile with the catalog of an emulator of this many sizes synced. */
async function syncedCore(variants: number): Promise<VoaCore> {
  core ??= await VoaCore.open({
    location: { profile: profile.profile, dataDir: profile.dataDir },
    shell: 'browser',
    version: 'test',
  });
  const emulator = await startEmulator({ variants, seed: 7, log: () => {} });
  emulators.push(emulator);
  await configureProfileForEmulator(core, emulator.info);
  const run = await core.catalog.syncNow('manual');
  expect(run.outcome, run.message).toBe('succeeded');
  return core;
}

/** A search as the renderer sends it: through the bridge's validation and dispatch. */
async function bridgeSearch(opened: VoaCore, query: string): Promise<CatalogSearchResult> {
  const answer = await dispatchBridgeCall(opened.handlers, 'catalog:search', { query, limit: 20 });
  if (!answer.ok) throw new Error(answer.error.message);
  // The bridge answers catalog:search with its declared output (dispatch.ts types every answer unknown).
  return answer.value as CatalogSearchResult;
}

function runningWorker(opened: VoaCore): SearchWorker {
  const worker = opened.catalog.searchWorker;
  if (!worker) throw new Error('No search worker runs.');
  return worker;
}

describe('catalog search in a worker thread of its own', () => {
  it('a search through the bridge is answered by the search worker, not the main thread', async () => {
    const opened = await syncedCore(300);
    expect(opened.catalog.searchWorker).toBeUndefined(); // started on the first search, not before
    const first = await bridgeSearch(opened, 'HEA');
    expect(first.total).toBeGreaterThan(0);
    const worker = runningWorker(opened);
    await bridgeSearch(opened, 'plaat');
    const about = await worker.call('about', null);
    expect(about.threadId).toBe(worker.threadId);
    expect(about.threadId).not.toBe(threadId);
    expect(about.searches).toBe(2);
    // The same worker answers on: one per module, not one per search.
    expect(opened.catalog.searchWorker).toBe(worker);
  });

  it('once the desk is up, the worker starts and loads its columns before the first search', async () => {
    core = await VoaCore.open({
      location: { profile: profile.profile, dataDir: profile.dataDir },
      shell: 'browser',
      version: 'test',
      warmUpDelayMs: 0,
    });
    const opened = await syncedCore(300);
    expect(opened.catalog.searchWorker).toBeUndefined();
    opened.start();
    await opened.hostLibrariesWarm;
    const worker = runningWorker(opened);
    // Loaded between other work, in slices: looked at until they are, each look a call to the worker.
    while (!(await worker.call('about', null)).columnsLoaded) await new Promise((next) => setImmediate(next));
    expect((await worker.call('about', null)).searches).toBe(0);
  });

  it('the in-memory columns load in the worker by themselves, between searches, after the first text search', async () => {
    const opened = await syncedCore(300);
    const before = await bridgeSearch(opened, 'koker');
    const worker = runningWorker(opened);
    // Nothing waits for the load (its timers are unref'd): the worker's own event loop carries it.
    await vi.waitFor(async () => expect((await worker.call('about', null)).columnsLoaded).toBe(true), {
      timeout: 60_000,
      interval: 20,
    });
    const after = await bridgeSearch(opened, 'koker');
    expect(after.rows).toEqual(before.rows); // read from SQLite before, from the columns now
    expect(after.total).toBe(before.total);
  });

  it("the search after a sync's swap reads the new catalog", async () => {
    const opened = await syncedCore(300);
    const before = await bridgeSearch(opened, '');
    expect(before.total).toBe((await opened.handlers['catalog:stats']({})).sizes);
    const worker = runningWorker(opened);

    await syncedCore(360);
    const after = await bridgeSearch(opened, '');
    const sizes = (await opened.handlers['catalog:stats']({})).sizes;
    expect(sizes).toBeGreaterThan(before.total);
    // Browsing counts are cached per catalog: the worker saw the swap and counted again.
    expect(after.total).toBe(sizes);
    expect(opened.catalog.searchWorker).toBe(worker);
    expect((await worker.call('about', null)).searches).toBe(2);
  });

  it('with the worker gone, the next search still answers (on the main thread, logged) and the one after starts a new worker', async () => {
    const opened = await syncedCore(300);
    const expected = await bridgeSearch(opened, 'koker');
    expect(expected.total).toBeGreaterThan(0);
    const killed = runningWorker(opened);
    await killed.terminate();

    const fallback = await bridgeSearch(opened, 'koker');
    expect(fallback.rows.map((row) => row.variantCode)).toEqual(expected.rows.map((row) => row.variantCode));
    expect(fallback.total).toBe(expected.total);
    const log = await readFile(path.join(logsDirOf(profile.dataDir), 'browser-shell.log'), 'utf8');
    expect(log).toMatch(
      /\[warn\]\s+the search worker did not answer; this search ran on the main thread .*The search worker stopped.*workerStopped: true/,
    );
    expect(opened.catalog.searchWorker).toBeUndefined();

    const again = await bridgeSearch(opened, 'koker');
    expect(again.total).toBe(expected.total);
    const restarted = runningWorker(opened);
    expect(restarted).not.toBe(killed);
    const about = await restarted.call('about', null);
    expect(about.threadId).toBe(restarted.threadId);
    expect(about.threadId).not.toBe(killed.threadId);
    expect(about.searches).toBe(1);
    const logAfter = await readFile(path.join(logsDirOf(profile.dataDir), 'browser-shell.log'), 'utf8');
    expect(logAfter.match(/the search worker did not answer/g)).toHaveLength(1);
  });

  it("the module's stop closes the worker's connection and ends its thread", async () => {
    const opened = await syncedCore(300);
    await bridgeSearch(opened, 'HEA');
    const worker = runningWorker(opened);
    await opened.close();
    core = undefined;
    // Resolves on the thread's 'exit' event: a thread left running would hold this test until its time-out.
    await worker.exited;
    expect(worker.stopped?.message).toMatch(/stopped \(exit code 0\)/);
  });
});
