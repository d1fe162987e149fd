// The outbox after the host connection changed, through the browser shell: a request queued for the ERP
// the desk was set up for waits, and the outbox says so, until a person confirms that it goes to the new
// connection. In Dutch, at 1024×700, keyboard first.
import { expect, test } from './fixtures.ts';
import { sampleCounterVisit } from '../support/request-samples.ts';
import { type DeskAgainstEmulator, screenshot } from './browser-shell.ts';
import { queueThroughBridge } from './desk-steps.ts';

let desk: DeskAgainstEmulator;

/**
 * The connection the desk is moved to. Nothing listens there, so a send is refused at once: a host name
 * would be looked up first, and a slow resolver kept the send going past the test's wait.
 */
const NEW_CONNECTION = 'https://127.0.0.1:9/v2.0/tenant/Production';

// Each test's own desk, from the fixture (fixtures.ts), kept where this file's helpers read it.
test.beforeEach(({ desk: own }) => {
  desk = own;
});

test('outbox: requests queued before a connection change wait for a person to send them to the new connection', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1024, height: 700 });
  // The ERP is away: the request stays queued under the connection it was made for.
  await desk.emulator.stop();
  await page.goto(desk.shell.ready.url);
  await expect(page.getByRole('navigation')).toBeVisible();
  expect(await queueThroughBridge(page, sampleCounterVisit)).toBe(true);
  const moved = await page.evaluate(async (baseUrl) => {
    const result = await window.voa!.settings.save({ host: { baseUrl } });
    return result.ok;
  }, NEW_CONNECTION);
  expect(moved).toBe(true);

  await page.keyboard.press('Alt+4');
  await expect(page.getByRole('heading', { name: 'Verzendlijst', level: 1 })).toBeVisible();
  const held = page.getByTestId('outbox-held');
  await expect(held).toContainText('1 aanvraag staat klaar voor een andere verbinding');
  // The row itself says it is held and where it was meant to go, and offers no retry that would do nothing.
  const row = page.locator('tbody tr').filter({ hasText: sampleCounterVisit.companyName! });
  await expect(row.getByText('Vastgehouden', { exact: true })).toBeVisible();
  await expect(row).toContainText(`Wacht op uw bevestiging: klaargezet voor ${desk.emulator.info.baseUrl}`);
  await expect(row.getByRole('button', { name: 'Nu opnieuw proberen' })).toHaveCount(0);
  await expect(row).toContainText('Niet verzonden: de verbinding met het ERP is gewijzigd.');
  await screenshot(page, 'outbox-held-1-banner-nl');

  await held.getByRole('button', { name: 'Naar de nieuwe verbinding sturen' }).click();
  const confirm = held.getByRole('alertdialog');
  await expect(confirm).toContainText(NEW_CONNECTION);
  // The safe answer has the focus: Enter keeps them waiting.
  await expect(confirm.getByRole('button', { name: 'Laten wachten' })).toBeFocused();
  await screenshot(page, 'outbox-held-2-confirm-nl');
  await confirm.getByRole('button', { name: 'Ja, daarheen sturen' }).click();
  await expect(held).toHaveCount(0);
  await expect(row.getByText('Vastgehouden', { exact: true })).toHaveCount(0);
  await expect(row.getByText('In wachtrij', { exact: true })).toBeVisible();
  // The new connection has no secret yet: sending pauses, and the row says so instead of a countdown.
  await expect(page.getByText('Verzenden is gepauzeerd:', { exact: true })).toBeVisible();
  await expect(row).toContainText('Nog niet verzonden: het verzenden is gepauzeerd (zie boven).');
  await expect(row.locator('td').nth(6)).toHaveText('gepauzeerd');
  await screenshot(page, 'outbox-held-3-sent-nl');
});
