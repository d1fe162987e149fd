// Catalog sync against the host emulator over real HTTPS: real msal-node tokens, the real keychain, a real
// catalog.db. Counts are checked against the emulator's seeded catalog.
import { createHash } from 'node:crypto';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { Writable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Agent, fetch } from 'undici';
import { startEmulator, type EmulatorOptions, type RunningEmulator } from '../../emulator/index.ts';
import { CATALOG_DB_FILE } from '../../src/main/core/catalog/store/catalog-schema.ts';
import { VoaCore } from '../../src/main/core/voa-core.ts';
import { CATALOG_PAGES } from '../../src/shared/contract/catalog-pages.ts';
import type { SyncProgress, SyncRunSummary } from '../../src/shared/contract/catalog-search.ts';
import type { SyncCancelAnswer } from '../../src/shared/bridge/catalog-calls.ts';
import { syncCommand } from '../../src/main/cli/catalog-commands.ts';
import type { CliContext } from '../../src/main/cli/cli-context.ts';
import { configureProfileForEmulator } from '../support/emulator-profile.ts';
import { createTestProfile, runCli, type TestProfile } from '../support/processes.ts';
import { catalogFile } from '../support/catalog-file.ts';

const FAST_RETRIES = { backoffBaseMs: 20, backoffMaxMs: 100 };

interface Rig {
  emulator: RunningEmulator;
  admin(path: string, body?: unknown): Promise<unknown>;
}

const rigs: Rig[] = [];
async function emulator(options: EmulatorOptions = {}): Promise<Rig> {
  const running = await startEmulator({ variants: 400, log: () => {}, ...options });
  const agent = new Agent({ connect: { ca: running.caCertificate } });
  const rig: Rig = {
    emulator: running,
    async admin(path, body) {
      const response = await fetch(`${running.info.adminUrl}${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        dispatcher: agent,
        headers: { 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return response.json();
    },
  };
  rigs.push(rig);
  return rig;
}

let profile: TestProfile;
let core: VoaCore;

async function openCore(rig: Rig): Promise<VoaCore> {
  core = await VoaCore.open({
    location: { profile: profile.profile, dataDir: profile.dataDir },
    shell: 'browser',
    version: 'test',
  });
  core.catalog.setSyncPolicy(FAST_RETRIES);
  await configureProfileForEmulator(core, rig.emulator.info);
  return core;
}

async function sync(): Promise<SyncRunSummary> {
  return core.catalog.syncNow('manual');
}

/**
 * Runs a sync that is cancelled through the bridge (`sync:cancel`) as it reports `phase`; answers the run
 * and what each cancel was told.
 */
async function syncCancelledAt(
  phase: SyncProgress['phase'],
): Promise<{ run: SyncRunSummary; answers: SyncCancelAnswer[] }> {
  const answers: Promise<SyncCancelAnswer>[] = [];
  const unsubscribe = core.events.subscribe((name, payload) => {
    if (name === 'sync:progress' && (payload as SyncProgress).phase === phase)
      answers.push(core.handlers['sync:cancel']({}));
  });
  try {
    const run = await sync();
    return { run, answers: await Promise.all(answers) };
  } finally {
    unsubscribe();
  }
}

/** Every row of the live catalog, hashed: "intact row for row" means this does not change. */
function catalogFingerprint(withMeta = true): { hash: string; sizes: number; items: number } {
  const db = catalogFile(core);
  const hash = createHash('sha256');
  for (const table of ['category', 'steel_row', 'item', 'size']) {
    for (const row of db.prepare(`SELECT * FROM "${table}" ORDER BY 1, 2`).all())
      hash.update(JSON.stringify(row));
  }
  if (withMeta)
    hash.update(
      JSON.stringify(db.prepare(`SELECT * FROM meta WHERE key != 'sync_holder' ORDER BY key`).all()),
    );
  const count = (table: string) =>
    (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
  return { hash: hash.digest('hex'), sizes: count('size'), items: count('item') };
}

beforeEach(async () => {
  profile = await createTestProfile();
});

afterEach(async () => {
  await core?.close();
  for (const rig of rigs.splice(0)) await rig.emulator.stop();
  await profile?.dispose();
});

describe('sync: against the emulator over HTTPS', () => {
  it('a full sync with the steel extension stores exactly the emulator catalog, and logs the run', async () => {
    const rig = await emulator({ variants: 1500, pageSize: 500 });
    await openCore(rig);
    const progress: SyncProgress[] = [];
    core.events.subscribe((name, payload) => {
      if (name === 'sync:progress') progress.push(payload as SyncProgress);
    });
    const run = await sync();
    expect(run.outcome, run.message).toBe('succeeded');
    const expected = rig.emulator.expectedCatalog;
    expect(run.rows).toEqual({
      categories: expected.categories,
      profiles: expected.profiles,
      grades: expected.grades,
      itemTypes: expected.itemTypes,
      items: expected.items,
      variants: expected.variants,
    });
    expect(run.steel).toBe(true);
    expect(run.pages).toBe(4 + Math.ceil(expected.items / 500) + Math.ceil(expected.variants / 500));
    expect(run.durationMs).toBeGreaterThan(0);
    const stats = await core.handlers['catalog:stats']({});
    expect(stats.counts).toEqual(run.rows);
    expect(stats.steel).toBe(true);
    expect(stats.syncedAt).toBeTruthy();
    const store = catalogFile(core);
    expect(
      (store.prepare(`SELECT count(*) AS n FROM size WHERE variant_code != ''`).get() as { n: number }).n,
    ).toBe(expected.variants);
    // Progress told pages, rows and the page kind being read, then the finishing and the swap.
    expect(progress.map((event) => event.phase).slice(-2)).toEqual(['finishing', 'swapping']);
    expect(progress.some((event) => event.pageKind === 'variants' && event.rows.variants > 0)).toBe(true);
    // $select limited to the contract's properties on contract pages; steel pages read as they are.
    const calls = (await rig.admin('/calls')) as {
      calls: { path: string; target: string; status: number }[];
    };
    const catalogCalls = calls.calls.filter((call) => call.target === 'catalog');
    const first = (page: string) =>
      decodeURIComponent(catalogCalls.find((call) => call.path.includes(`/${page}`))!.path);
    expect(first('voaItems')).toContain(
      '$select=No,Description,Description2,BaseUnitofMeasure,DXPriceUOMSalesDMX',
    );
    expect(first('voaVariants')).toContain('$select=ItemNo,Code,Description');
    expect(first('voaProfiles')).not.toContain('$select');
    // Company name in the path with its apostrophe doubled.
    expect(first('voaItems')).toContain("Company('Staalhandel ''t Gooi B.V.')");
    const runs = await core.handlers['sync:runs']({ limit: 5 });
    expect(runs[0]).toMatchObject({ id: run.id, outcome: 'succeeded', trigger: 'manual' });
  });

  it('without the steel extension: no steel pages, steel fields empty, counts equal the emulator', async () => {
    const rig = await emulator({ variants: 600, steel: false });
    await openCore(rig);
    const run = await sync();
    expect(run.outcome, run.message).toBe('succeeded');
    expect(run.steel).toBe(false);
    const expected = rig.emulator.expectedCatalog;
    expect(run.rows).toMatchObject({
      profiles: 0,
      grades: 0,
      itemTypes: 0,
      items: expected.items,
      variants: expected.variants,
    });
    const facets = await core.handlers['catalog:facets']({});
    expect(facets.profiles).toEqual([]);
    expect(facets.categories.length).toBeGreaterThan(0);
    const item = await core.handlers['catalog:item']({ itemNo: '100002' });
    expect(item.profile).toBeUndefined();
    expect(item.sizes.every((size) => size.lengthMm === 0 && size.inventory === 0)).toBe(true);
  });

  it('paging at several page sizes gives the same catalog, row for row', async () => {
    const rig = await emulator({ variants: 700 });
    await openCore(rig);
    const fingerprints: string[] = [];
    for (const pageSize of [7, 250, 20_000]) {
      rig.emulator.state.settings.pageSize = pageSize;
      const run = await sync();
      expect(run.outcome, run.message).toBe('succeeded');
      expect(run.rows.variants).toBe(700);
      const expected = rig.emulator.expectedCatalog;
      expect(run.pages).toBe(
        Math.ceil(expected.categories / pageSize) +
          Math.ceil(expected.profiles / pageSize) +
          Math.ceil(expected.grades / pageSize) +
          Math.ceil(expected.itemTypes / pageSize) +
          Math.ceil(expected.items / pageSize) +
          Math.ceil(expected.variants / pageSize),
      );
      // The catalog tables only: meta holds the sync time and generation, which differ by design.
      fingerprints.push(catalogFingerprint(false).hash);
    }
    expect(new Set(fingerprints).size).toBe(1);
  });

  it('asks the host for the next page before writing the page in hand, so the host builds one while the other is written', async () => {
    // From the first items page's request on, another connection holds catalog.db's write lock: the
    // catalog worker cannot write a row of that page until it is let go, which happens when the host is
    // asked for the second items page. Were that request sent only after the first page's write, the
    // write would wait for the lock, the request would never go, and the sync would fail on the lock.
    let lock: DatabaseSync | undefined;
    const itemPagesAsked: { lockHeld: boolean }[] = [];
    const rig = await emulator({
      onRequest(method, requestPath) {
        if (method !== 'GET' || !requestPath.includes(`/${CATALOG_PAGES.items}`)) return;
        itemPagesAsked.push({ lockHeld: lock !== undefined });
        if (itemPagesAsked.length === 1) {
          lock = new DatabaseSync(path.join(profile.dataDir, CATALOG_DB_FILE));
          lock.exec('BEGIN IMMEDIATE');
        } else if (lock) {
          lock.exec('ROLLBACK');
          lock.close();
          lock = undefined;
        }
      },
    });
    rig.emulator.state.settings.pageSize = Math.ceil(rig.emulator.expectedCatalog.items / 3);
    await openCore(rig);
    try {
      const run = await sync();
      expect(run.outcome, run.message).toBe('succeeded');
      expect(run.rows.items).toBe(rig.emulator.expectedCatalog.items);
      expect(itemPagesAsked).toEqual([{ lockHeld: false }, { lockHeld: true }, { lockHeld: false }]);
    } finally {
      lock?.close();
    }
  });

  it('a fault in the middle of a sync leaves the previous catalog intact, row for row, and says why', async () => {
    const first = await emulator({ variants: 500, seed: 1 });
    await openCore(first);
    expect((await sync()).outcome).toBe('succeeded');
    const before = catalogFingerprint();

    // The host now has another, larger catalog, and fails for good once a few pages have been read.
    const second = await emulator({ variants: 3000, seed: 2, pageSize: 100 });
    await configureProfileForEmulator(core, second.emulator.info);
    core.catalog.setSyncPolicy({ maxAttempts: 2 });
    let faulted = false;
    const unsubscribe = core.events.subscribe((name, payload) => {
      if (name === 'sync:progress' && (payload as SyncProgress).rows.variants >= 300 && !faulted) {
        faulted = true;
        void second.admin('/faults', { rules: [{ kind: 'status5xx', match: 'catalog', status: 503 }] });
      }
    });
    const run = await sync();
    unsubscribe();
    expect(faulted).toBe(true);
    expect(run.outcome).toBe('failed');
    expect(run.message).toMatch(/503/);
    expect(run.message).toMatch(/catalog before this sync was kept/);
    // What the screen words: the reason, and the host's own words when it sent any.
    expect(run.failure?.reason).toBe('serverError');
    expect(run.rows.variants).toBeGreaterThanOrEqual(300);
    expect(catalogFingerprint()).toEqual(before);
    // The staging tables are gone, and the status tells the last run failed while the last success stands.
    const status = await core.handlers['sync:status']({});
    expect(status.last?.outcome).toBe('failed');
    expect(status.lastSuccess?.outcome).toBe('succeeded');
    const tables = catalogFile(core).prepare(`SELECT name FROM sqlite_master WHERE name LIKE 'next_%'`).all();
    expect(tables).toEqual([]);
  });

  it('a dropped connection mid-page and 5xx answers are retried; the sync completes', async () => {
    const rig = await emulator({ variants: 800, pageSize: 200 });
    await openCore(rig);
    await rig.admin('/faults', {
      rules: [
        { kind: 'dropMidBody', count: 1 },
        { kind: 'status5xx', match: 'catalog', count: 2, status: 502 },
      ],
    });
    const run = await sync();
    expect(run.outcome, run.message).toBe('succeeded');
    expect(run.rows.variants).toBe(800);
  });

  it('a catalog page with a record that is not JSON fails the sync as unreadable, and the catalog is kept', async () => {
    const rig = await emulator({ variants: 600, pageSize: 200 });
    await openCore(rig);
    expect((await sync()).outcome).toBe('succeeded');
    const before = catalogFingerprint();
    // The next catalog page served has one record with NaN for a number; the list around it is well formed.
    await rig.admin('/faults', { rules: [{ kind: 'malformedRecord', count: 1 }] });
    const run = await sync();
    expect(run.outcome).toBe('failed');
    expect(run.message).toMatch(/the host's answer cannot be read: A record in the list is not JSON/);
    expect(run.message).toMatch(/catalog before this sync was kept/);
    expect(run.failure).toEqual({ reason: 'unreadable', hostWords: undefined, missingSettings: undefined });
    expect(catalogFingerprint()).toEqual(before);
  });

  it('429 during a sync: waits Retry-After and completes', async () => {
    const rig = await emulator({ variants: 500, pageSize: 100 });
    await openCore(rig);
    await rig.admin('/faults', {
      rules: [{ kind: 'status429', match: 'catalog', count: 3, retryAfterSeconds: 1 }],
    });
    const waits: SyncProgress[] = [];
    core.events.subscribe((name, payload) => {
      if (name === 'sync:progress' && (payload as SyncProgress).waiting) waits.push(payload as SyncProgress);
    });
    const run = await sync();
    expect(run.outcome, run.message).toBe('succeeded');
    expect(run.rows.variants).toBe(500);
    expect(run.durationMs).toBeGreaterThanOrEqual(1000);
    expect(waits[0]?.waiting).toMatchObject({ reason: 'throttled', seconds: 1 });
    const calls = (await rig.admin('/calls')) as { calls: { status: number; target: string }[] };
    expect(calls.calls.filter((call) => call.target === 'catalog' && call.status === 429)).toHaveLength(3);
  });

  it("the website application's credentials are refused for catalog pages, with a clear message", async () => {
    const rig = await emulator();
    await openCore(rig);
    const { info } = rig.emulator;
    await core.handlers['settings:save']({ applications: { sync: { clientId: info.website.clientId } } });
    await core.handlers['secrets:set']({ application: 'sync', secret: info.website.clientSecret });
    const run = await sync();
    expect(run.outcome).toBe('failed');
    expect(run.message).toMatch(/403/);
    expect(run.message).toMatch(/Synchronization Client ID/);
    expect(run.message).toMatch(/website application/);
    // The host's own words, as it sent them, for the screen; the account above stays for the details.
    expect(run.failure?.reason).toBe('forbidden');
    expect(run.failure?.hostWords).toBeTruthy();
    expect(run.message).toContain(run.failure?.hostWords);
  });

  it('a company name with an apostrophe is written doubled in the path and found', async () => {
    const rig = await emulator({ variants: 200, companyName: "O'Neill & Zn's Staal (Noord)" });
    await openCore(rig);
    const run = await sync();
    expect(run.outcome, run.message).toBe('succeeded');
    expect(run.rows.variants).toBe(200);
  });

  it('a wrong company name fails with a 404 that names it', async () => {
    const rig = await emulator({ variants: 200 });
    await openCore(rig);
    await core.handlers['settings:save']({ host: { companyName: 'Nobody B.V.' } });
    const run = await sync();
    expect(run.outcome).toBe('failed');
    expect(run.message).toMatch(/404/);
    expect(run.message).toContain('Nobody B.V.');
    expect(run.failure?.reason).toBe('notFound');
  });

  it('cancel stops the sync, keeps the catalog, and logs the run as cancelled', async () => {
    const rig = await emulator({ variants: 2000, pageSize: 50 });
    await openCore(rig);
    expect((await sync()).outcome).toBe('succeeded');
    const before = catalogFingerprint();
    const unsubscribe = core.events.subscribe((name, payload) => {
      if (name === 'sync:progress' && (payload as SyncProgress).rows.items > 100) core.catalog.cancelSync();
    });
    const run = await core.catalog.syncNow('manual');
    unsubscribe();
    expect(run.outcome).toBe('cancelled');
    expect(run.message).toMatch(/cancelled/);
    expect(run.failure).toBeUndefined();
    expect(catalogFingerprint()).toEqual(before);
  });

  it('cancel while finishing (index and changes), before the swap, is honoured: the catalog before it is kept row for row', async () => {
    const rig = await emulator({ variants: 600, pageSize: 200 });
    await openCore(rig);
    expect((await sync()).outcome).toBe('succeeded');
    const before = catalogFingerprint();
    const { run, answers } = await syncCancelledAt('finishing');
    expect(answers).toEqual([{ cancelled: true, tooLate: false }]);
    expect(run.outcome).toBe('cancelled');
    expect(catalogFingerprint()).toEqual(before);
    // With no sync running there is nothing to cancel, and the answer says so.
    expect(await core.handlers['sync:cancel']({})).toEqual({ cancelled: false, tooLate: false });
  });

  it('cancel once the new catalog is being put in place is answered "too late", and the run ends succeeded with the new catalog', async () => {
    const small = await emulator({ variants: 300, seed: 7 });
    await openCore(small);
    expect((await sync()).outcome).toBe('succeeded');
    const before = catalogFingerprint();
    const larger = await emulator({ variants: 360, seed: 7 });
    await configureProfileForEmulator(core, larger.emulator.info);
    const { run, answers } = await syncCancelledAt('swapping');
    // What the answer said is what happened: not cancelled, and the new catalog is the live one.
    expect(answers).toEqual([{ cancelled: false, tooLate: true }]);
    expect(run.outcome, run.message).toBe('succeeded');
    expect(run.rows.variants).toBe(larger.emulator.expectedCatalog.variants);
    expect(core.catalog.reader.stats().counts).toEqual(run.rows);
    expect(catalogFingerprint().hash).not.toBe(before.hash);
    expect((await core.handlers['sync:runs']({ limit: 1 }))[0]).toMatchObject({
      id: run.id,
      outcome: 'succeeded',
    });
  });

  it('Ctrl+C of `sync` once the new catalog is being put in place prints that it is too late, and exits 0 with the run succeeded', async () => {
    const rig = await emulator({ variants: 300 });
    await openCore(rig);
    let stdout = '';
    let stderr = '';
    const context: CliContext = {
      core,
      json: false,
      stdout: new Writable({ write: (chunk, _encoding, done) => done(void (stdout += String(chunk))) }),
      stderr: new Writable({ write: (chunk, _encoding, done) => done(void (stderr += String(chunk))) }),
      stdin: process.stdin,
    };
    // The command's own Ctrl+C handler, called as the signal would call it (emitting SIGINT on this
    // process would reach vitest's handlers too).
    const others = new Set(process.listeners('SIGINT'));
    const unsubscribe = core.events.subscribe((name, payload) => {
      if (name !== 'sync:progress' || (payload as SyncProgress).phase !== 'swapping') return;
      for (const listener of process.listeners('SIGINT')) if (!others.has(listener)) listener('SIGINT');
    });
    const code = await syncCommand.run(context, []);
    unsubscribe();
    expect(stderr).toContain('sync: too late to cancel: the new catalog is being put in place\n');
    expect(stderr).not.toContain('cancelling');
    expect(stdout).toMatch(/^outcome +succeeded$/m);
    expect(code, stderr).toBe(0);
    expect(process.listeners('SIGINT')).toEqual([...others]);
  });

  it('records what changed since the previous sync: new items and sizes', async () => {
    const small = await emulator({ variants: 300, seed: 7 });
    await openCore(small);
    expect((await sync()).changes).toBeUndefined(); // a first sync has nothing to compare with
    const larger = await emulator({ variants: 360, seed: 7 });
    await configureProfileForEmulator(core, larger.emulator.info);
    const run = await sync();
    expect(run.outcome, run.message).toBe('succeeded');
    const newItems = larger.emulator.expectedCatalog.items - small.emulator.expectedCatalog.items;
    expect(run.changes?.item.new).toBe(newItems);
    expect(run.changes?.size.new).toBeGreaterThanOrEqual(60);
    expect(run.changes?.item.removed).toBe(0);
    const changes = await core.handlers['sync:changes']({ limit: 500 });
    expect(changes.run?.id).toBe(run.id);
    expect(
      changes.changes.filter((change) => change.subject === 'item' && change.kind === 'new'),
    ).toHaveLength(newItems);
  });
  it('a 403 on one steel page: items, sizes and categories are synced, its previous data kept, a warning names the page and the permission set', async () => {
    const rig = await emulator({ variants: 600, pageSize: 200 });
    await openCore(rig);
    expect((await sync()).outcome).toBe('succeeded');
    const db = catalogFile(core);
    const steelRows = (page: string) =>
      db.prepare('SELECT * FROM steel_row WHERE page = ? ORDER BY key').all(page);
    const gradesBefore = steelRows('voaGrades');
    expect(gradesBefore.length).toBe(rig.emulator.expectedCatalog.grades);

    await rig.admin('/settings', { refusedSyncPages: ['voaGrades'] });
    const run = await sync();
    expect(run.outcome).toBe('succeeded');
    expect(run.refusedSteelPages).toEqual(['voaGrades']);
    expect(run.message).toMatch(/The host refused voaGrades \(403\)/);
    expect(run.message).toMatch(/assign the permission set VOA CG S365 SYNC/);
    expect(run.message).toMatch(/previous sync was kept/);
    expect(run.steel).toBe(true);
    expect(steelRows('voaGrades')).toEqual(gradesBefore);
    const expected = rig.emulator.expectedCatalog;
    expect(run.rows).toMatchObject({
      categories: expected.categories,
      profiles: expected.profiles,
      grades: expected.grades,
      items: expected.items,
      variants: expected.variants,
    });
    expect((await core.handlers['catalog:stats']({})).counts.variants).toBe(expected.variants);
    expect((await core.handlers['sync:status']({})).last).toMatchObject({
      outcome: 'succeeded',
      refusedSteelPages: ['voaGrades'],
    });

    // From the CLI: exit 0, the warning on stderr.
    const cli = await runCli(['--data-dir', profile.dataDir, '--profile', profile.profile, 'sync']);
    expect(cli.code, cli.stderr).toBe(0);
    expect(cli.stderr).toMatch(/sync: warning: The host refused voaGrades \(403\).*VOA CG S365 SYNC/);
  });

  it('a next-page link on another origin fails the sync with a clear message, and is never requested', async () => {
    const rig = await emulator({ variants: 400, pageSize: 100 });
    await openCore(rig);
    // Same server, other origin: the emulator writes its links for 127.0.0.1, VOA Desk is set to localhost.
    const baseUrl = rig.emulator.info.baseUrl.replace('//127.0.0.1:', '//localhost:');
    await core.handlers['settings:save']({ host: { baseUrl } });
    // A secret is bound to the base URL it was entered for, so a new base URL needs it typed again.
    await core.handlers['secrets:set']({ application: 'sync', secret: rig.emulator.info.sync.clientSecret });
    await rig.admin('/reset', {});
    const run = await sync();
    expect(run.outcome).toBe('failed');
    expect(run.message).toMatch(
      /link to the next page \(https:\/\/127\.0\.0\.1:\d+\/.*\) leads away from the base URL in Settings \(https:\/\/localhost:\d+\)/,
    );
    expect(run.message).toMatch(/catalog before this sync was kept/);
    expect(run.failure).toEqual({
      reason: 'foreignNextLink',
      hostWords: undefined,
      missingSettings: undefined,
    });
    const calls = (await rig.admin('/calls')) as { calls: { path: string; target: string }[] };
    const catalogCalls = calls.calls.filter((call) => call.target === 'catalog');
    expect(catalogCalls.length).toBeGreaterThan(0);
    expect(catalogCalls.filter((call) => call.path.includes('skiptoken'))).toEqual([]);
  });
});
