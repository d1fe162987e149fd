// The catalog item picker in the counter's line entry, as a keyboard-wedge scanner and a person use it:
// an exact item number and Enter, typed faster than any result list, picks the item; arrows and Enter
// pick the size shown; a blocked item is listed but refused with a message.
import { expect, test, type Page } from '@playwright/test';
import { generateCatalog, type EmulatorInfo } from '../../emulator/index.ts';
import { configureProfileForEmulator } from '../support/emulator-profile.ts';
import { createTestProfile, spawnWithReadyLine, type TestProfile } from '../support/processes.ts';

const SEED = 'picker';
const VARIANTS = 3000;

let profile: TestProfile;
let emulator: Awaited<ReturnType<typeof spawnWithReadyLine<EmulatorInfo>>>;
let shell: Awaited<ReturnType<typeof spawnWithReadyLine<{ url: string }>>>;

/** Items of the seeded catalog by what the test needs: one size, several sizes, blocked. */
function sampleItems() {
  const catalog = generateCatalog({ seed: SEED, variants: VARIANTS });
  const view = { steel: true, language: 'nl' as const };
  const sizes = new Map<string, { code: string; blocked: boolean }[]>();
  for (let index = 0; index < catalog.tables.voaVariants.count; index++) {
    const row = catalog.tables.voaVariants.rowAt(index, view);
    const list = sizes.get(row.ItemNo as string) ?? [];
    list.push({ code: row.Code as string, blocked: row.Blocked as boolean });
    sizes.set(row.ItemNo as string, list);
  }
  const items = Array.from({ length: catalog.tables.voaItems.count - 1 }, (_, index) =>
    catalog.tables.voaItems.rowAt(index, view),
  );
  const pickable = items.filter((item) => !item.Blocked && !item.SalesBlocked);
  const single = pickable.find(
    (item) => sizes.get(item.No as string)?.length === 1 && !sizes.get(item.No as string)![0]!.blocked,
  )!;
  const several = pickable.find((item) => (sizes.get(item.No as string)?.length ?? 0) >= 3)!;
  const blocked = items.find((item) => item.SalesBlocked)!;
  return {
    single: { no: single.No as string, code: sizes.get(single.No as string)![0]!.code },
    several: { no: several.No as string, description: several.Description as string },
    blocked: blocked.No as string,
  };
}

test.beforeAll(async () => {
  emulator = await spawnWithReadyLine<EmulatorInfo>('emulator/cli.ts', [
    '--variants',
    String(VARIANTS),
    '--seed',
    SEED,
  ]);
  profile = await createTestProfile();
  await configureProfileForEmulator(profile, emulator.ready);
  shell = await spawnWithReadyLine<{ url: string }>('src/main/browser-shell/cli.ts', [
    '--data-dir',
    profile.dataDir,
    '--profile',
    profile.profile,
  ]);
});

test.afterAll(async () => {
  await shell?.stop();
  await emulator?.stop();
  await profile?.dispose();
});

async function syncedCounter(page: Page) {
  await page.goto(shell.ready.url);
  await expect(page.getByRole('navigation')).toBeVisible();
  await page.keyboard.press('Alt+3');
  const status = page.getByTestId('sync-status').or(page.getByTestId('sync-progress'));
  await expect(status).toBeVisible();
  const syncNow = page.getByRole('button', { name: 'Nu synchroniseren' });
  if (await syncNow.isVisible().catch(() => false)) await syncNow.click({ timeout: 2000 }).catch(() => {});
  await expect(page.getByTestId('sync-status')).toContainText('Geslaagd', { timeout: 60_000 });
  await page.keyboard.press('Alt+1');
  await expect(page.getByRole('heading', { name: 'Balie', level: 1 })).toBeVisible();
}

test('item picker: scanner, arrows and Enter, blocked items refused', async ({ page }) => {
  const { single, several, blocked } = sampleItems();
  await syncedCounter(page);
  const picker = page.locator('.item-picker input[role="combobox"]');

  // A scanner: the number and Enter at once. One size: that size is the line.
  await picker.focus();
  await page.keyboard.type(single.no, { delay: 0 });
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Regel 1 · Artikel')).toHaveValue(single.no);
  await expect(page.getByLabel('Regel 1 · Maat')).toHaveValue(single.code);

  // Several sizes: the item without a size, to be completed in the form.
  await picker.focus();
  await expect(picker).toHaveValue('');
  await page.keyboard.type(several.no, { delay: 0 });
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Regel 2 · Artikel')).toHaveValue(several.no);
  await expect(page.getByLabel('Regel 2 · Maat')).toHaveValue('');

  // A person: type, arrow to the second size, Enter picks what is highlighted.
  await picker.focus();
  await picker.fill(several.no);
  const options = page.getByRole('listbox').getByRole('option');
  await expect(options.nth(1)).toBeVisible();
  const second = (await options.nth(1).locator('.item-picker__code').textContent()) ?? '';
  // The first size is highlighted from the start; one arrow moves to the second.
  await expect(options.nth(0)).toHaveAttribute('aria-selected', 'true');
  await picker.press('ArrowDown');
  await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
  await picker.press('Enter');
  await expect(page.getByLabel('Regel 3 · Maat')).toHaveValue(second);

  // Blocked: listed, marked, refused with a message; no line is added.
  await picker.focus();
  await picker.fill(blocked);
  await expect(page.getByRole('listbox').getByText('Verkoop geblokkeerd').first()).toBeVisible();
  await expect(options.first()).toHaveAttribute('aria-disabled', 'true');
  await picker.press('Enter');
  await expect(
    page.getByText(`${blocked}`, { exact: false }).and(page.locator('.item-picker__message')),
  ).toContainText('geblokkeerd en kan niet op een aanvraag');
  await expect(page.getByLabel('Regel 4 · Artikel')).toHaveCount(0);
});
