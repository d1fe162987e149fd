// "Bedoelde u:" on the catalog screen, in a real browser over the browser shell against the emulator: a
// query with a digit too many finds nothing and offers the designations that exist; choosing one with
// the keyboard searches for it and leaves the cursor in the search box, with nothing opened or picked.
import { expect, test } from '@playwright/test';
import { startDeskAgainstEmulator, type DeskAgainstEmulator, screenshot } from './browser-shell.ts';

let desk: DeskAgainstEmulator;

test.beforeAll(async () => {
  desk = await startDeskAgainstEmulator({ variants: 2000, emulatorArgs: ['--seed', 'e2e-suggest'] });
});

test.afterAll(async () => {
  await desk?.stop();
});

test('catalog: a query that finds nothing offers what exists; choosing it searches, nothing is picked', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1024, height: 700 });
  await page.goto(desk.shell.ready.url);
  await expect(page.getByRole('navigation')).toBeVisible();
  await page.keyboard.press('Alt+3');
  await expect(page.getByRole('heading', { name: 'Catalogus', level: 1 })).toBeVisible();
  const syncNow = page.getByRole('button', { name: 'Nu synchroniseren' });
  if (await syncNow.isVisible().catch(() => false)) await syncNow.press('Enter').catch(() => {});
  await expect(page.getByTestId('sync-status')).toContainText('Geslaagd', { timeout: 60_000 });

  const search = page.getByRole('searchbox');
  await search.focus();
  await page.keyboard.type('hea 2000 ');
  await expect(page.getByText('Niets gevonden')).toBeVisible();
  const suggestions = page.getByTestId('catalog-suggestions');
  await expect(suggestions).toContainText('Bedoelde u:');
  const first = suggestions.getByRole('button').first();
  const suggestion = (await first.innerText()).trim();
  expect(suggestion.toLowerCase()).toContain('hea 200');
  await screenshot(page, 'catalog-suggestions-nl');

  // Nothing was opened while the suggestion was only offered.
  await expect(page.getByTestId('catalog-item')).toHaveCount(0);
  await page.keyboard.press('Tab');
  await expect(first).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(search).toHaveValue(suggestion);
  await expect(search).toBeFocused();
  await expect(page.getByTestId('catalog-count')).toHaveText(/\d+ maten/);
  await expect(page.getByTestId('catalog-results').getByRole('option').first()).toContainText('HEA 200');
  await expect(page.getByTestId('catalog-item')).toHaveCount(0);
  await expect(suggestions).toHaveCount(0);
});
