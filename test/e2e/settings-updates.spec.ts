// A downloaded update waits while the catalog syncs: Settings' "Nu herstarten" is disabled and says why,
// and becomes available when the sync has ended. A new desk against the emulator, whose first sync is held
// by the host; the browser shell's stand-in updater offers a build from the policy's folder.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { screenshotAtSizes, startDeskAgainstEmulator, type DeskAgainstEmulator } from './browser-shell.ts';
import { startupSyncEnded } from './desk-steps.ts';

/** How long the host holds the first sync's first catalog page: the time the test has to look. */
const FIRST_PAGE_HELD_MS = 15_000;

let desk: DeskAgainstEmulator | undefined;
let folder: string | undefined;

test.afterAll(async () => {
  await desk?.stop();
  if (folder) await rm(folder, { recursive: true, force: true });
});

test('settings: "Nu herstarten" waits while the catalog syncs, saying so, and is offered once the sync ends', async ({
  page,
}) => {
  // An emulator, a desk and its first sync (held by the host) in one test.
  test.setTimeout(240_000);
  folder = await mkdtemp(path.join(os.tmpdir(), 'voa-updates-e2e-'));
  const policyFile = path.join(folder, 'policy.json');
  await writeFile(
    policyFile,
    JSON.stringify({ updates: { url: 'https://updates.staalhandel.example/voa-desk/' } }),
  );
  process.env.VOA_DESK_POLICY_FILE = policyFile;
  process.env.VOA_DESK_SHELL_UPDATE = '9.9.0';
  const faults = JSON.stringify({
    rules: [{ kind: 'latency', match: 'catalog', ms: FIRST_PAGE_HELD_MS, count: 1 }],
  });
  desk = await startDeskAgainstEmulator({ emulatorArgs: ['--faults', faults] }).finally(() => {
    delete process.env.VOA_DESK_POLICY_FILE;
    delete process.env.VOA_DESK_SHELL_UPDATE;
  });

  await page.goto(desk.shell.ready.url);
  await expect(page.getByRole('navigation')).toBeVisible();
  // The desk's own first sync has begun, and waits for the host's first page.
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const status = await window.voa!.sync.status({});
          return status.ok && status.value.running !== undefined;
        }),
      { timeout: 30_000 },
    )
    .toBe(true);

  await page.keyboard.press('Alt+5');
  const updates = page.getByRole('region', { name: 'Updates' });
  await expect(updates.getByTestId('updates-channel')).toHaveText('latest (releases)');
  const check = updates.getByRole('button', { name: 'Nu controleren' });
  await check.focus();
  await page.keyboard.press('Enter');
  await expect(updates.getByTestId('updates-state')).toHaveText(
    'Versie 9.9.0 staat klaar: die wordt geïnstalleerd wanneer u VOA Desk afsluit.',
  );
  const restart = updates.getByRole('button', { name: 'Nu herstarten' });
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
