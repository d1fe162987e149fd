// The outbox screen through the browser shell against the host emulator: a request the host refuses needs
// attention with the host's message, is corrected and resent under the same requestId, and arrives once;
// another is discarded after a confirmation and stays in the list.
import type { Page } from '@playwright/test';
import { type EmulatorProcess, type StoredRequestView } from '../support/emulator-profile.ts';
import { sampleCounterVisit } from '../support/request-samples.ts';
import { chooseLanguage, queueThroughBridge } from './desk-steps.ts';
import {
  type BrowserShellProcess,
  type DeskAgainstEmulator,
  screenshot,
  screenshotAtSizes,
} from './browser-shell.ts';
import { expect, test } from './fixtures.ts';

let desk: DeskAgainstEmulator;
let emulator: EmulatorProcess;
let shell: BrowserShellProcess;

// Each test's own desk, from the fixture (fixtures.ts), kept where this file's helpers read it.
test.beforeEach(({ desk: own }) => {
  desk = own;
  ({ emulator, shell } = desk);
});

async function counterOrder(page: Page, contactName: string) {
  await page.keyboard.press('Alt+1');
  await page.getByLabel('Medewerker aan de balie').selectOption('Kees Bakker');
  await page.getByLabel('Contactpersoon').fill(contactName);
  // An item of the emulator's seeded catalog: an unknown one would need a description first.
  await page.getByLabel('Nieuwe regel · Artikel').fill('100002');
  await page.getByLabel('Nieuwe regel · Artikel').press('Enter');
  await page.keyboard.press('Alt+P');
  await page.keyboard.press('Control+Enter');
  await expect(page.locator('.submission-notice')).toContainText('vraagt aandacht');
}

test('outbox: a refused request needs attention with the host’s message, is corrected and resent under the same requestId, and arrives once', async ({
  page,
}) => {
  await emulator.admin('/settings', { refuseRequests: true });
  await page.goto(shell.ready.url);
  await expect(page.getByRole('navigation')).toBeVisible();
  await counterOrder(page, 'Eerste Klant');
  await counterOrder(page, 'Tweede Klant');
  await expect(page.getByTestId('header-status')).toContainText('2 vragen aandacht');

  await page.keyboard.press('Alt+4');
  await expect(page.getByRole('heading', { name: 'Verzendlijst', level: 1 })).toBeVisible();
  const rows = page.locator('tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('Vraagt aandacht');
  await expect(rows.first()).toContainText('neemt op dit moment geen aanvragen aan');
  await screenshot(page, 'outbox-1-needs-attention-nl');

  // The host accepts requests again; the first is corrected (a reference added) and resent.
  await emulator.admin('/settings', { refuseRequests: false });
  const first = rows.filter({ hasText: 'Eerste Klant' });
  const requestId = (await first.getAttribute('data-request-id'))!;
  await first.getByRole('button', { name: 'Verbeteren en opnieuw sturen' }).click();
  await expect(page.getByRole('heading', { name: `Aanvraag ${requestId} verbeteren` })).toBeVisible();
  await page.getByLabel('Referentie klant').fill('Hal 3');
  await screenshot(page, 'outbox-2-correct-nl');
  await page.getByRole('button', { name: 'Verbeterde aanvraag versturen' }).click();
  await expect(first).toHaveAttribute('data-state', 'delivered');

  // The second is discarded, after saying so.
  const second = rows.filter({ hasText: 'Tweede Klant' });
  await second.getByRole('button', { name: 'Weggooien' }).click();
  await expect(second.getByRole('alertdialog')).toContainText('wordt niet verzonden');
  await screenshot(page, 'outbox-3-discard-confirm-nl');
  await second.getByRole('button', { name: 'Ja, weggooien' }).click();
  await expect(second).toHaveAttribute('data-state', 'discarded');
  await expect(rows).toHaveCount(2);

  const { requests } = await emulator.admin<{ requests: StoredRequestView[] }>('/requests/quote');
  expect(requests).toHaveLength(1);
  expect(requests[0]).toMatchObject({ requestId, contactName: 'Eerste Klant', customerReference: 'Hal 3' });
  await expect(first).toContainText(requests[0]!.number);
  await expect(page.getByTestId('header-status')).toContainText('0 te verzenden');
  await page.getByRole('radio', { name: /Afgeleverd/ }).check();
  await expect(rows).toHaveCount(1);
  await page.getByRole('radio', { name: 'Alles' }).check();
  await screenshot(page, 'outbox-4-history-nl');

  await page.keyboard.press('Alt+5');
  await page.getByText('English').click();
  await page.keyboard.press('Alt+4');
  await expect(page.getByRole('heading', { name: 'Outbox', level: 1 })).toBeVisible();
  await screenshot(page, 'outbox-5-history-en');
  await page.keyboard.press('Alt+5');
  await page.getByText('Nederlands').click();
});

test('outbox: several requests refused for the same reason are retried together once the cause is fixed', async ({
  page,
}) => {
  await emulator.admin('/settings', { refuseRequests: true });
  await page.goto(shell.ready.url);
  await expect(page.getByRole('navigation')).toBeVisible();
  await counterOrder(page, 'Derde Klant');
  await counterOrder(page, 'Vierde Klant');
  // Both answered by the host (the notice of the first may still be showing when the second is sent).
  await expect(page.getByTestId('header-status')).toContainText('2 vragen aandacht', { timeout: 30_000 });
  await page.keyboard.press('Alt+4');
  const group = page.locator('.retry-group');
  await expect(group).toContainText('2 aanvragen vragen aandacht om dezelfde reden');
  await expect(group).toContainText('neemt op dit moment geen aanvragen aan');
  // The lines of a request, with their units, open under its line count.
  const third = page.locator('tbody tr').filter({ hasText: 'Derde Klant' });
  await third.getByText('1 regel').click();
  await expect(third).toContainText('1 kg · 100002');
  await screenshotAtSizes(page, 'outbox-6-retry-all-nl', page.getByRole('heading', { name: 'Verzendlijst' }));

  await emulator.admin('/settings', { refuseRequests: false });
  await group.getByRole('button', { name: 'Alle 2 met deze reden opnieuw proberen' }).click();
  await expect(page.locator('tbody tr[data-state="delivered"]')).toHaveCount(2);
  await expect(group).toHaveCount(0);
  const { requests } = await emulator.admin<{ requests: StoredRequestView[] }>('/requests/quote');
  expect(requests.map((request) => request.contactName).sort()).toEqual(['Derde Klant', 'Vierde Klant']);
});

test('outbox: while the ERP asks to wait (429), the screen says until when, and no row claims to be tried now', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1024, height: 700 });
  await emulator.admin('/faults', {
    rules: [{ kind: 'status429', match: 'requests', count: 1, retryAfterSeconds: 300 }],
  });
  await page.goto(shell.ready.url);
  await expect(page.getByRole('navigation')).toBeVisible();
  expect(await queueThroughBridge(page, sampleCounterVisit)).toBe(true);

  await page.keyboard.press('Alt+4');
  await expect(page.getByRole('heading', { name: 'Verzendlijst', level: 1 })).toBeVisible();
  const banner = page.getByText(/^Het ERP vraagt VOA Desk even te wachten/);
  await expect(banner).toHaveText(/het verzenden gaat over [45] min vanzelf verder\.$/);
  const row = page.locator('tbody tr').filter({ hasText: sampleCounterVisit.companyName! });
  const nextAttempt = row.locator('td').nth(6);
  await expect(nextAttempt).toHaveText(/^over [45] min$/);
  // A retry asked for now still waits for the ERP's time, and the row says so rather than "nu".
  await row.getByRole('button', { name: 'Nu opnieuw proberen' }).click();
  await expect(nextAttempt).toHaveText(/^over [45] min$/);
  await expect(row.getByText('In wachtrij', { exact: true })).toBeVisible();
  await screenshot(page, 'outbox-throttled-nl');

  await page.setViewportSize({ width: 1366, height: 768 });
  await chooseLanguage(page, 'en');
  await page.keyboard.press('Alt+4');
  await expect(page.getByText(/^The ERP asked VOA Desk to wait/)).toHaveText(
    /sending goes on by itself in [45] min\.$/,
  );
  await expect(nextAttempt).toHaveText(/^in [45] min$/);
  await screenshot(page, 'outbox-throttled-en');
});
