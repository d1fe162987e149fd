// The catalog screen's sort and "Bedoelde u:", in a real browser over the browser shell against the
// emulator: results sorted by stock, the order kept when a filter changes; a query with a digit too many
// finds nothing and offers the designations that exist; choosing one with the keyboard searches for it
// and leaves the cursor in the search box, with nothing opened or picked.
import type { Page } from '@playwright/test';
import { type DeskAgainstEmulator, screenshot } from './browser-shell.ts';
import { expect, test } from './fixtures.ts';

test.use({ hostAtStart: { variants: 2000, seed: 'e2e-suggest' } });

async function syncedCatalogScreen(page: Page, desk: DeskAgainstEmulator): Promise<void> {
  await page.setViewportSize({ width: 1024, height: 700 });
  await page.goto(desk.shell.ready.url);
  await expect(page.getByRole('navigation')).toBeVisible();
  await page.keyboard.press('Alt+3');
  await expect(page.getByRole('heading', { name: 'Catalogus', level: 1 })).toBeVisible();
  // The desk starts with the catalog synced (fixtures.ts).
  await expect(page.getByTestId('sync-status')).toContainText('Geslaagd');
}

/** The stock figures of the first result rows, read back from Dutch notation. */
async function shownStock(page: Page): Promise<number[]> {
  const texts = await page.locator('.result-row__stock').allInnerTexts();
  return texts.slice(0, 8).map((text) => Number(text.replace(/[^\d,]/g, '').replace(',', '.')));
}

test('catalog: results sorted by stock, the order kept when a filter changes', async ({ page, desk }) => {
  await syncedCatalogScreen(page, desk);
  const search = page.getByRole('searchbox');
  await search.focus();
  await page.keyboard.type('hea ');
  await expect(page.getByTestId('catalog-results').getByRole('option').first()).toContainText('HEA');
  // Tab from the search box reaches the sort; the arrows choose in it.
  await page.keyboard.press('Tab');
  const sort = page.getByLabel('Sorteren op');
  await expect(sort).toBeFocused();
  await sort.selectOption('stock');
  await expect
    .poll(async () => {
      const stock = await shownStock(page);
      return stock.length > 3 && stock.every((figure, index) => index === 0 || stock[index - 1]! >= figure);
    })
    .toBe(true);
  const first = await shownStock(page);
  expect(first[0]).toBeGreaterThan(first.at(-1)!);
  await screenshot(page, 'catalog-sort-stock-nl');

  // A filter changes what is shown, not its order.
  const inStockOnly = page.getByLabel('Alleen op voorraad');
  await inStockOnly.focus();
  await page.keyboard.press('Space');
  await expect(inStockOnly).toBeChecked();
  await expect(sort).toHaveValue('stock');
  await expect
    .poll(async () => {
      const stock = await shownStock(page);
      return (
        stock.length > 3 &&
        stock.every((figure, index) => figure > 0 && (index === 0 || stock[index - 1]! >= figure))
      );
    })
    .toBe(true);
});

test('catalog: a query that finds nothing offers what exists; choosing it searches, nothing is picked', async ({
  page,
  desk,
}) => {
  await syncedCatalogScreen(page, desk);

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
