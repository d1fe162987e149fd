// The catalog screen in a real browser over the browser shell, against the emulator over HTTPS: a sync
// with its progress bar, browsing a category, searching, opening an item and adding a size to the
// counter order; screenshots in Dutch and English.
import { screenshot } from './browser-shell.ts';
import { catalogResultsAnswered, startupSyncRunning } from './desk-steps.ts';
import { expect, test } from './fixtures.ts';

// A desk as first installed: no catalog, so the shell starts its own first sync. Pages are small and
// slowed down a little so that the progress bar can be seen (and photographed).
test.use({
  catalogAtStart: 'none',
  hostAtStart: {
    variants: 6000,
    seed: 'e2e',
    pageSize: 250,
    faults: { rules: [{ kind: 'latency', match: 'catalog', ms: 120 }] },
  },
});

test('catalog: sync with progress, browse a category, search, open an item, add a size to the counter order', async ({
  page,
  desk,
}) => {
  await page.goto(desk.shell.ready.url);
  await expect(page.getByRole('navigation')).toBeVisible();
  await page.keyboard.press('Alt+3');
  await expect(page.getByRole('heading', { name: 'Catalogus', level: 1 })).toBeVisible();

  // A fresh profile has no catalog: the app starts a sync by itself shortly after start (pressing "Nu
  // synchroniseren" meanwhile could land on the "Annuleren" that replaces it). The progress bar shows
  // pages, rows and the page kind.
  await startupSyncRunning(page);
  const progress = page.getByTestId('sync-progress');
  await expect(progress).toBeVisible();
  await expect(progress.getByText(/Synchroniseren: (artikelen|maten)/)).toBeVisible({ timeout: 30_000 });
  await expect(progress.getByRole('button', { name: 'Annuleren' })).toBeVisible();
  await expect(progress.locator('progress')).toBeVisible();
  await screenshot(page, 'catalog-sync-progress-nl');
  await expect(page.getByTestId('sync-status')).toContainText('Geslaagd', { timeout: 60_000 });
  await expect(page.getByTestId('sync-status')).toContainText('Laatste synchronisatie');
  await expect(page.getByTestId('catalog-count')).toHaveText(/6\.\d{3} maten/);

  // Browse: a category and one under it.
  await page.getByRole('button', { name: /^Balken [\d.]+$/ }).click();
  await page.getByRole('button', { name: /^HEA-balken [\d.]+$/ }).click();
  await expect(page.getByTestId('catalog-count')).toHaveText(/\d+ maten/);
  const firstRow = page.getByTestId('catalog-results').getByRole('option').first();
  await expect(firstRow).toContainText('HEA');
  await screenshot(page, 'catalog-browse-nl');

  // Search, by profile and length, within the category; open the first item with the keyboard.
  const search = page.getByRole('searchbox');
  await search.fill('hea 200 6000 ');
  await expect(firstRow).toContainText('HEA 200');
  await search.press('ArrowDown');
  await page.keyboard.press('Enter');
  const item = page.getByTestId('catalog-item');
  await expect(item.getByRole('heading', { level: 2 })).toContainText('HEA 200');
  await expect(item).toContainText('Voorraad volgens de laatste synchronisatie');
  await screenshot(page, 'catalog-item-nl');

  // Add a size that may be put on a request to the counter order.
  const addButton = item
    .getByRole('button', { name: /toevoegen aan de baliebestelling/ })
    .and(page.locator(':enabled'))
    .first();
  const label = (await addButton.getAttribute('aria-label')) ?? '';
  // "Balie: 100015 06000 toevoegen …": the visible text first, then the size.
  const [itemNo, variantCode] = label.replace(/^[^:]*:\s*/, '').split(' ');
  await addButton.click();
  await expect(item.getByRole('status')).toContainText('toegevoegd aan de baliebestelling');
  const draft = await page.evaluate(async () => {
    const answer = await window.voa!.drafts.get({ target: 'counter' });
    return JSON.stringify(answer);
  });
  expect(draft).toContain(`"itemNo":"${itemNo}"`);
  expect(draft).toContain(`"variantCode":"${variantCode}"`);

  // Blocked items are shown as such and cannot be added.
  await page.getByRole('button', { name: 'Alle categorieën' }).click();
  await page.getByLabel('Geblokkeerde artikelen').selectOption('only');
  await search.fill('');
  await catalogResultsAnswered(page);
  await firstRow.click();
  await expect(item.locator('.badge--bad').first()).toBeVisible();
  const blockedRow = item.locator('tr.size-table__blocked').first();
  await expect(blockedRow.getByRole('button', { name: /^Balie: / })).toBeDisabled();
  await page.getByLabel('Geblokkeerde artikelen').selectOption('include');

  // English, and the sync log with its run.
  await page.keyboard.press('Alt+5');
  await page.getByText('English').click();
  await page.keyboard.press('Alt+3');
  await expect(page.getByRole('heading', { name: 'Catalog', level: 1 })).toBeVisible();
  await search.fill('IPE 200 ');
  await catalogResultsAnswered(page);
  await expect(firstRow).toContainText('IPE 200');
  await firstRow.click();
  await expect(item).toContainText('Stock as of the last sync');
  await screenshot(page, 'catalog-item-en');
  await page.getByRole('tab', { name: 'Sync log' }).click();
  await expect(page.getByTestId('sync-runs')).toContainText('Succeeded');
  await expect(page.getByTestId('sync-runs')).toContainText('6,000 sizes');
  await screenshot(page, 'catalog-log-en');
});
