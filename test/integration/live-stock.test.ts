// The live stock check against the host emulator over real HTTPS: real msal-node tokens for the
// synchronization application from the real keychain, a real catalog.db synced first. The emulator's
// stock is changed after the sync, so a figure that matches the change can only have been read live.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type CatalogRow, type RunningEmulator } from '../../emulator/index.ts';
import { VoaCore } from '../../src/main/core/voa-core.ts';
import { dispatchBridgeCall } from '../../src/main/core/bridge/dispatch.ts';
import type { LiveStockAnswer } from '../../src/shared/bridge/stock-calls.ts';
import { CATALOG_PAGES } from '../../src/shared/contract/catalog-pages.ts';
import { configureProfileForEmulator } from '../support/emulator-profile.ts';
import { emulatorAdmin, setEmulatorFaults } from '../support/emulator-admin.ts';
import { syncedEmulatorCatalog, type SyncedCatalog } from '../support/synced-catalog.ts';
import { createTestProfile } from '../support/processes.ts';

let synced: SyncedCatalog | undefined;
let emulator: RunningEmulator;
let core: VoaCore;
/** A size in stock at the sync, and a size of another item. */
let size: CatalogRow;

async function check(itemNo: string, variantCode: string): Promise<LiveStockAnswer> {
  const result = await dispatchBridgeCall(core.handlers, 'stock:check', { itemNo, variantCode });
  if (!result.ok) throw new Error(`stock:check failed: ${result.error.message}`);
  return result.value as LiveStockAnswer;
}

async function admin(path: string, body?: unknown) {
  const answer = await emulatorAdmin(emulator, path, body);
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  return answer.json;
}

async function syncedInventory(itemNo: string, variantCode: string): Promise<number | undefined> {
  const result = await dispatchBridgeCall(core.handlers, 'catalog:item', { itemNo });
  if (!result.ok) throw new Error(result.error.message);
  const detail = result.value as { sizes: { variantCode: string; inventory: number }[] };
  return detail.sizes.find((row) => row.variantCode === variantCode)?.inventory;
}

beforeAll(async () => {
  synced = await syncedEmulatorCatalog({ variants: 300, seed: 'live-stock' });
  ({ core, emulator } = synced);
  const inStock = synced.variants.find((row) => (row.DXRemainingInventory as number) > 0 && !row.Blocked);
  expect(inStock).toBeDefined();
  size = inStock!;
}, 120_000);

afterAll(async () => {
  await synced?.close();
});

beforeEach(async () => {
  await admin('/reset', {});
});

describe('stock:check', () => {
  it('reads the figure the host has now, beside the synced one, and leaves the local catalog as it was', async () => {
    const itemNo = size.ItemNo as string;
    const code = size.Code as string;
    const seeded = size.DXRemainingInventory as number;
    const first = await check(itemNo, code);
    expect(first).toMatchObject({
      outcome: 'live',
      itemNo,
      variantCode: code,
      inventory: seeded,
      synced: { inventory: seeded },
    });

    // Goods out at the host since the sync: the check sees it, the catalog still says last night's.
    await admin('/catalog/stock', { itemNo, code, remainingInventory: seeded - 3.5 });
    const after = await check(itemNo, code);
    expect(after).toMatchObject({ outcome: 'live', inventory: seeded - 3.5, synced: { inventory: seeded } });
    expect(Date.parse(after.checkedAt)).toBeGreaterThanOrEqual(Date.parse(first.checkedAt));
    expect(after.synced?.syncedAt).toBe(first.synced?.syncedAt);
    expect(await syncedInventory(itemNo, code)).toBe(seeded);

    // One GET of voaVariants with the size's key in $filter and only what is needed in $select.
    const calls = (await admin('/calls')) as { calls: { method: string; path: string; clientId: string }[] };
    const reads = calls.calls.filter((call) => call.path.includes(`/${CATALOG_PAGES.variants}?`));
    expect(reads).toHaveLength(2);
    const url = new URL(reads[1]!.path, emulator.info.baseUrl);
    expect(reads[1]!.method).toBe('GET');
    expect(reads[1]!.clientId).toBe(emulator.info.sync.clientId);
    expect(url.searchParams.get('$filter')).toBe(`ItemNo eq '${itemNo}' and Code eq '${code}'`);
    expect(url.searchParams.get('$select')).toBe('ItemNo,Code,DXRemainingInventory');
  });

  it('a size the host no longer has is said so, with the synced figure kept', async () => {
    const answer = await check(size.ItemNo as string, 'GEENMAAT');
    expect(answer).toMatchObject({ outcome: 'notAtHost', synced: undefined });
  });

  it("a refused call (403: the permission set is missing) is a refusal with the host's words", async () => {
    await admin('/settings', { refusedSyncPages: [CATALOG_PAGES.variants] });
    const answer = await check(size.ItemNo as string, size.Code as string);
    expect(answer).toMatchObject({
      outcome: 'refused',
      status: 403,
      synced: { inventory: size.DXRemainingInventory },
    });
    if (answer.outcome !== 'refused') throw new Error('not refused');
    expect(answer.hostWords).toContain(CATALOG_PAGES.variants);
  });

  it('a host that fails (503) is a failure with its status, asked once: a person is waiting', async () => {
    await setEmulatorFaults(emulator, [{ kind: 'status5xx', status: 503, match: 'catalog' }]);
    const answer = await check(size.ItemNo as string, size.Code as string);
    expect(answer).toMatchObject({ outcome: 'hostFailed', status: 503 });
    const faults = (await admin('/faults')) as { rules: { fired: number }[] };
    expect(faults.rules[0]?.fired).toBe(1);
  });

  it("a throttled host (429) says how long to wait instead of waiting in the person's place", async () => {
    await setEmulatorFaults(emulator, [{ kind: 'status429', retryAfterSeconds: 30, match: 'catalog' }]);
    const answer = await check(size.ItemNo as string, size.Code as string);
    expect(answer).toMatchObject({ outcome: 'throttled', retryAfterSeconds: 30 });
  });
});

describe('stock:check without the host', () => {
  it('a host that is down (nothing listens) answers offline at once, with the synced figure kept', async () => {
    const rig = await startEmulator({ variants: 300, seed: 'live-stock', log: () => {} });
    const other = await createTestProfile();
    const offline = await VoaCore.open({
      location: { profile: other.profile, dataDir: other.dataDir },
      shell: 'browser',
      version: 'test',
    });
    try {
      await configureProfileForEmulator(offline, rig.info);
      expect((await offline.catalog.syncNow('manual')).outcome).toBe('succeeded');
      await rig.stop();
      const result = await dispatchBridgeCall(offline.handlers, 'stock:check', {
        itemNo: size.ItemNo,
        variantCode: size.Code,
      });
      expect(result).toMatchObject({
        ok: true,
        value: { outcome: 'offline', synced: { inventory: size.DXRemainingInventory } },
      });
    } finally {
      await offline.close();
      await rig.stop();
      await other.dispose();
    }
  }, 60_000);

  it('without the steel extension nothing is asked: the host holds no figure to check', async () => {
    const rig = await startEmulator({ variants: 100, seed: 'live-stock', steel: false, log: () => {} });
    const other = await createTestProfile();
    const plain = await VoaCore.open({
      location: { profile: other.profile, dataDir: other.dataDir },
      shell: 'browser',
      version: 'test',
    });
    try {
      await configureProfileForEmulator(plain, rig.info);
      expect((await plain.catalog.syncNow('manual')).outcome).toBe('succeeded');
      const view = { steel: false, language: 'nl' as const };
      const row = rig.catalog.tables.voaVariants.rowAt(0, view);
      const before = (await emulatorAdmin(rig, '/calls')).json as { calls: unknown[] };
      const result = await dispatchBridgeCall(plain.handlers, 'stock:check', {
        itemNo: row.ItemNo,
        variantCode: row.Code,
      });
      expect(result).toMatchObject({ ok: true, value: { outcome: 'noSteel' } });
      const after = (await emulatorAdmin(rig, '/calls')).json as { calls: unknown[] };
      expect(after.calls).toHaveLength(before.calls.length);
    } finally {
      await plain.close();
      await rig.stop();
      await other.dispose();
    }
  }, 60_000);
});
