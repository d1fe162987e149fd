// The catalog of an ERP without the steel extension, through the browser shell against the emulator started
// with `--no-steel`: stock reads as not available, the steel columns and filters are left out, in Dutch and
// in English. Its own file because the emulator's options are the worker's (fixtures.ts).
import { screenshotAtSizes } from './browser-shell.ts';
import { expect, test } from './fixtures.ts';

test.use({ hostAtStart: { steel: false } });

test('no steel: the catalog says stock is not available and leaves the steel columns out', async ({
  page,
  desk,
}) => {
  await page.goto(desk.shell.ready.url);
  // The window-wide keys work once the frame is up.
  await expect(page.getByRole('navigation')).toBeVisible();
  await page.keyboard.press('Alt+3');
  await expect(page.getByRole('heading', { name: 'Catalogus', level: 1 })).toBeVisible();
  await expect(page.getByTestId('sync-status')).toContainText('Geslaagd', { timeout: 60_000 });
  const results = page.getByTestId('catalog-results');
  await expect(results.getByRole('option').first()).toContainText('voorraad niet beschikbaar');
  await expect(page.getByText(/Het ERP heeft geen staalextensie/).first()).toBeVisible();
  await expect(page.getByText('Alleen op voorraad')).toHaveCount(0);
  await expect(page.getByLabel('Profiel')).toHaveCount(0);
  await results.getByRole('option').first().click();
  await expect(page.locator('.size-table')).toContainText('voorraad niet beschikbaar');
  await expect(page.locator('.item-detail')).toContainText('Het ERP heeft geen staalextensie');
  await expect(page.locator('.size-table thead')).not.toContainText('Afmetingen');
  await screenshotAtSizes(page, 'orders-catalog-no-steel-nl', results);
  await page.keyboard.press('Alt+5');
  await page.getByText('English').click();
  await page.keyboard.press('Alt+3');
  await expect(results.getByRole('option').first()).toContainText('stock not available');
  await screenshotAtSizes(page, 'orders-catalog-no-steel-en', results);
});
