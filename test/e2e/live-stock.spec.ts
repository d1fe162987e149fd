// "Voorraad nu controleren" in a real browser over the browser shell, against the emulator over HTTPS: in
// the catalog's item detail and on a counter order line, the ERP's figure now beside the synced one after
// the emulator's stock changed, then a refused call (403), a failing host (503) and no host at all.
// In Dutch, at 1024×700, keyboard only.
import type { Locator, Page } from '@playwright/test';
import { type DeskAgainstEmulator, screenshot } from './browser-shell.ts';
import { expect, test } from './fixtures.ts';

let desk: DeskAgainstEmulator;

test.use({ hostAtStart: { variants: 2000, seed: 'e2e-stock' } });

// Each test's own desk, from the fixture (fixtures.ts), kept where this file's helpers read it.
test.beforeEach(({ desk: own }) => {
  desk = own;
});

/** Presses a button as a keyboard user does: focus on it, then Enter. */
async function press(button: Locator): Promise<void> {
  await button.focus();
  await button.press('Enter');
}

async function syncCatalog(page: Page): Promise<void> {
  await page.keyboard.press('Alt+3');
  await expect(page.getByRole('heading', { name: 'Catalogus', level: 1 })).toBeVisible();
  // The desk starts with the catalog synced (fixtures.ts).
  await expect(page.getByTestId('sync-status')).toContainText('Geslaagd');
}

test('live stock: the ERP figure now beside the synced one, in the item detail and on the order line; refused, failing and unreachable hosts said so', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1024, height: 700 });
  await page.goto(desk.shell.ready.url);
  await expect(page.getByRole('navigation')).toBeVisible();
  await syncCatalog(page);

  const search = page.getByRole('searchbox');
  await search.focus();
  await page.keyboard.type('hea 200 ');
  await expect(page.getByTestId('catalog-results').getByRole('option').first()).toContainText('HEA 200');
  await search.press('ArrowDown');
  await page.keyboard.press('Enter');
  const item = page.getByTestId('catalog-item');
  await expect(item.getByRole('heading', { level: 2 })).toContainText('HEA 200');

  // The first size that may be sold: its synced figure, then goods out at the ERP since the sync.
  const sizeRow = item.locator('tbody tr:not(.size-table__blocked)').first();
  const check = sizeRow.getByRole('button', { name: /^Nu controleren: voorraad van .* in het ERP$/ });
  const label = (await check.getAttribute('aria-label')) ?? '';
  const [itemNo, code] = label.replace(/^Nu controleren: voorraad van /, '').split(' ') as [string, string];
  const synced = (await sizeRow.locator('td.num').first().innerText()).split('\n')[0]!.trim();
  await desk.emulator.admin('/catalog/stock', { itemNo, code, remainingInventory: 4321 });

  await press(check);
  const answer = sizeRow.getByTestId('live-stock').getByRole('status');
  await expect(answer).toContainText('Nu in het ERP: 4.321');
  await expect(answer).toContainText(`laatste synchronisatie: ${synced}`);
  // The local catalog keeps its synced figure.
  await expect(sizeRow.locator('td.num').first()).toContainText(synced);
  await screenshot(page, 'live-stock-1-item-nl');

  // On the counter order line: the same check, after more goods out.
  await press(sizeRow.getByRole('button', { name: /toevoegen aan de baliebestelling/ }));
  await expect(item.getByRole('status').first()).toContainText('toegevoegd aan de baliebestelling');
  await desk.emulator.admin('/catalog/stock', { itemNo, code, remainingInventory: 12.5 });
  await page.keyboard.press('Alt+1');
  const lineCheck = page.getByRole('button', {
    name: `Voorraad nu controleren voor ${itemNo} ${code} in het ERP`,
  });
  await expect(lineCheck).toBeVisible();
  await press(lineCheck);
  const lineAnswer = page.getByTestId('live-stock').getByRole('status');
  await expect(lineAnswer).toContainText('Nu in het ERP: 12,5');
  await expect(lineAnswer).toContainText(`laatste synchronisatie: ${synced}`);
  await screenshot(page, 'live-stock-2-line-nl');

  // The synchronization application lacks the permission set: 403, said in words a person can act on.
  await desk.emulator.admin('/settings', { refusedSyncPages: ['voaVariants'] });
  await press(lineCheck);
  await expect(lineAnswer).toContainText('(403)');
  await expect(lineAnswer).toContainText('VOA WEB SYNC');
  await expect(lineAnswer).toContainText(`laatste synchronisatie: ${synced}`);
  await screenshot(page, 'live-stock-3-refused-nl');
  await desk.emulator.admin('/settings', { refusedSyncPages: [] });

  // The ERP fails.
  await desk.emulator.admin('/faults', { rules: [{ kind: 'status5xx', status: 503, match: 'catalog' }] });
  await press(lineCheck);
  await expect(lineAnswer).toContainText('Het ERP kon niet antwoorden (HTTP 503');

  // No ERP at all: said at once, the synced figure stands.
  await desk.emulator.stop();
  await press(lineCheck);
  await expect(lineAnswer).toContainText('Geen verbinding met het ERP', { timeout: 15_000 });
  await expect(lineAnswer).toContainText(`laatste synchronisatie: ${synced}`);
  await screenshot(page, 'live-stock-4-offline-nl');
});
