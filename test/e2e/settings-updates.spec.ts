// A downloaded update waits while the catalog syncs: Settings' "Nu herstarten" is disabled and says why,
// and becomes available when the sync has ended. A desk against the emulator, whose first sync is held by
// the host; the browser shell's stand-in updater offers a build from the policy's folder.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { screenshotAtSizes } from './browser-shell.ts';
import { startupSyncEnded, startupSyncRunning, updateReadyAfterCheck } from './desk-steps.ts';
import { expect, test } from './fixtures.ts';

/** How long the host holds the first sync's first catalog page: the time the test has to look. */
const FIRST_PAGE_HELD_MS = 15_000;

// The policy is written before the desk's shell starts (beforeAll hooks run before a test's own fixtures).
const policyFolder = path.join(os.tmpdir(), `voa-updates-e2e-${process.pid}`);
const policyFile = path.join(policyFolder, 'policy.json');
test.beforeAll(async () => {
  await mkdir(policyFolder, { recursive: true });
  await writeFile(
    policyFile,
    JSON.stringify({ updates: { url: 'https://updates.staalhandel.example/voa-desk/' } }),
  );
});
test.afterAll(() => rm(policyFolder, { recursive: true, force: true }));

// A desk as first installed: no catalog, so the shell starts its own first sync.
test.use({ catalogAtStart: 'none' });
test.use({
  hostAtStart: {
    faults: { rules: [{ kind: 'latency', match: 'catalog', ms: FIRST_PAGE_HELD_MS, count: 1 }] },
  },
  shellEnv: { VOA_DESK_POLICY_FILE: policyFile, VOA_DESK_SHELL_UPDATE: '9.9.0' },
});

test('settings: "Nu herstarten" waits while the catalog syncs, saying so, and is offered once the sync ends', async ({
  page,
  desk,
}) => {
  await page.goto(desk.shell.ready.url);
  await expect(page.getByRole('navigation')).toBeVisible();
  // The desk's own first sync has begun, and waits for the host's first page.
  await startupSyncRunning(page);

  await page.keyboard.press('Alt+5');
  const updates = page.getByRole('region', { name: 'Updates' });
  await expect(updates.getByTestId('updates-channel')).toHaveText('latest (releases)');
  const restart = await updateReadyAfterCheck(updates);
  await expect(restart).toBeDisabled();
  const waits = updates.getByRole('status');
  await expect(waits).toHaveText(
    'Herstarten wacht: de catalogus wordt nu gesynchroniseerd. Het kan zodra de synchronisatie klaar is.',
  );
  await expect(restart).toHaveAccessibleDescription(
    'Herstarten wacht: de catalogus wordt nu gesynchroniseerd. Het kan zodra de synchronisatie klaar is.',
  );
  // Main refuses it too, whatever a page sends.
  const asked = await page.evaluate(async () => window.voa!.updates.restart({}));
  expect(asked).toEqual({ ok: true, value: { restarting: false, deferredBy: 'sync' } });
  await screenshotAtSizes(page, 'settings-updates-deferred-nl', updates);

  await startupSyncEnded(page);
  await expect(restart).toBeEnabled();
  await expect(waits).toHaveCount(0);
});
