// The catalog item picker in the counter's line entry, as a keyboard-wedge scanner and a person use it:
// an exact item number and Enter, typed faster than any result list, picks the item; arrows and Enter
// pick the size shown; a blocked item is listed but refused with a message.
import type { Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import type { CatalogSamples } from '../support/catalog-samples-shape.ts';
import type { DeskAgainstEmulator } from './browser-shell.ts';
import { expect, test } from './fixtures.ts';

const SEED = 'picker';
const VARIANTS = 3000;

test.use({ hostAtStart: { variants: VARIANTS, seed: SEED } });

/** Items of the seeded catalog by what the test needs, read in a Node process (test/support). */
function sampleItems(): CatalogSamples {
  const output = execFileSync(
    process.execPath,
    ['test/support/catalog-samples.ts', String(SEED), String(VARIANTS)],
    {
      encoding: 'utf8',
    },
  );
  return JSON.parse(output) as CatalogSamples;
}

async function syncedCounter(page: Page, desk: DeskAgainstEmulator) {
  await page.goto(desk.shell.ready.url);
  await expect(page.getByRole('navigation')).toBeVisible();
  await page.keyboard.press('Alt+3');
  // The desk starts with the catalog synced (fixtures.ts).
  await expect(page.getByTestId('sync-status')).toContainText('Geslaagd');
  await page.keyboard.press('Alt+1');
  await expect(page.getByRole('heading', { name: 'Balie', level: 1 })).toBeVisible();
}

test('item picker: scanner, arrows and Enter, blocked items refused', async ({ page, desk }) => {
  const { single, several, blocked } = sampleItems();
  await syncedCounter(page, desk);
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
  ).toContainText('geblokkeerd voor verkoop en kan niet op een aanvraag');
  await expect(page.getByLabel('Regel 4 · Artikel')).toHaveCount(0);
});

test('item picker: Enter straight after a typed description decides on that exact text, never on a search still on its way', async ({
  page,
  desk,
}) => {
  const { several } = sampleItems();
  await syncedCounter(page, desk);
  const picker = page.locator('.item-picker input[role="combobox"]');
  // Typed at scanner speed and Enter at once: the result list for this text cannot have arrived yet.
  await picker.focus();
  await page.keyboard.type(several.description, { delay: 0 });
  await page.keyboard.press('Enter');
  // The best size for that text becomes a line (the search ranks it; several items may share the words),
  // and nothing says "not in the catalog".
  await expect(page.getByLabel('Regel 1 · Artikel')).toHaveValue(/^\d+$/);
  await expect(page.getByLabel('Regel 1 · Omschrijving')).not.toHaveValue('');
  await expect(page.locator('.item-picker__message--bad')).toHaveCount(0);
});
