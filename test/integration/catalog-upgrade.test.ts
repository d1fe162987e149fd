// A catalog.db synchronized before the catalog's own search index (an FTS5 index, schema version 4) is
// upgraded when the desk opens it: the main thread opens it and answers at once, the sync's catalog
// worker gathers the index from the catalog's tables, and searches (held back meanwhile) then find what
// they found before. Real catalog.db, real keychain, the sync from the emulator over HTTPS.
import { DatabaseSync } from 'node:sqlite';
import path from 'node:path';
import { threadId } from 'node:worker_threads';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../emulator/index.ts';
import { dispatchBridgeCall } from '../../src/main/core/bridge/dispatch.ts';
import { VoaCore } from '../../src/main/core/voa-core.ts';
import type { CatalogSearchResult, CatalogStats } from '../../src/shared/contract/catalog-search.ts';
import { configureProfileForEmulator } from '../support/emulator-profile.ts';
import { setBackToFtsCatalog } from '../support/catalog-file.ts';
import { createTestProfile, type TestProfile } from '../support/processes.ts';

let profile: TestProfile;
let core: VoaCore | undefined;
let emulator: RunningEmulator | undefined;

beforeEach(async () => {
  profile = await createTestProfile();
});

afterEach(async () => {
  await core?.close();
  core = undefined;
  await emulator?.stop();
  emulator = undefined;
  await profile?.dispose();
});

const openCore = () =>
  VoaCore.open({
    location: { profile: profile.profile, dataDir: profile.dataDir },
    shell: 'browser',
    version: 'test',
  });

async function bridgeCall<T>(
  opened: VoaCore,
  channel: 'catalog:search' | 'catalog:stats',
  input: unknown,
): Promise<T> {
  const answer = await dispatchBridgeCall(opened.handlers, channel, input);
  if (!answer.ok) throw new Error(answer.error.message);
  // Each channel answers with its declared output (dispatch.ts types every answer unknown).
  return answer.value as T;
}

const QUERIES = ['HEA', 'plaat', 'S355', '1'];

describe('the catalog upgrade that gathers the search index', () => {
  it('runs in the catalog worker while the main thread answers, and the catalog is searched as before', async () => {
    core = await openCore();
    emulator = await startEmulator({ variants: 400, seed: 11, log: () => {} });
    await configureProfileForEmulator(core, emulator.info);
    const run = await core.catalog.syncNow('manual');
    expect(run.outcome, run.message).toBe('succeeded');
    const before = await Promise.all(
      QUERIES.map((query) => bridgeCall<CatalogSearchResult>(core!, 'catalog:search', { query, limit: 50 })),
    );
    expect(before.every((answer) => answer.total > 0)).toBe(true);
    await core.close();
    core = undefined;

    // As a sync before the index left catalog.db: an FTS5 index and its vocabulary, schema version 4.
    setBackToFtsCatalog(path.join(profile.dataDir, 'catalog.db'));

    core = await openCore();
    const rebuild = core.catalog.searchIndexRebuild;
    expect(rebuild).toBeDefined();
    let rebuilt = false;
    void rebuild?.then(() => (rebuilt = true));
    // A search asked for now waits for the index; the stats asked for after it are answered first, from
    // the main thread, while the worker is still gathering.
    let searched = false;
    const searching = Promise.all(
      QUERIES.map((query) => bridgeCall<CatalogSearchResult>(core!, 'catalog:search', { query, limit: 50 })),
    ).then((answers) => {
      searched = true;
      return answers;
    });
    const stats = await bridgeCall<CatalogStats>(core, 'catalog:stats', null);
    expect(stats.sizes).toBeGreaterThan(0);
    expect(stats.lastSync?.outcome).toBe('succeeded');
    expect({ rebuilt, searched }).toEqual({ rebuilt: false, searched: false });

    const after = await searching;
    expect(await rebuild).toEqual({ outcome: 'rebuilt', threadId: expect.any(Number) });
    expect((await rebuild)!.threadId).not.toBe(threadId);
    expect(after).toEqual(before.map((answer) => ({ ...answer, tookMs: expect.any(Number) })));

    // The FTS5 tables are gone and nothing is left to gather: the next start starts no rebuild.
    await core.close();
    const upgraded = new DatabaseSync(path.join(profile.dataDir, 'catalog.db'), { readOnly: true });
    const names = upgraded
      .prepare(`SELECT name FROM sqlite_schema WHERE name LIKE 'size_fts%' OR name LIKE 'rebuilt_%'`)
      .all();
    upgraded.close();
    expect(names).toEqual([]);
    core = await openCore();
    expect(core.catalog.searchIndexRebuild).toBeUndefined();
  });
});
