// The counter screen through the browser shell against the host emulator over HTTPS: an order entered with
// the keyboard alone, the same order while the host is down, and what the form says when something is wrong.
import type { Page } from '@playwright/test';
import { startEmulatorProcess, type StoredRequestView } from '../support/emulator-profile.ts';
import { type DeskAgainstEmulator, screenshot, screenshotAtSizes } from './browser-shell.ts';
import { catalogSynced, chooseLanguage, startupSyncEnded } from './desk-steps.ts';
import { CountingKeyboard, enterCounterOrder, THREE_LINE_ORDER } from './counter-keyboard-order.ts';
import { expect, test } from './fixtures.ts';

let desk: DeskAgainstEmulator;

// Each test's own desk, from the fixture (fixtures.ts), kept where this file's helpers read it.
test.beforeEach(({ desk: own }) => {
  desk = own;
});

async function storedQuotes(): Promise<StoredRequestView[]> {
  return (await desk.emulator.admin<{ requests: StoredRequestView[] }>('/requests/quote')).requests;
}

async function openCounter(page: Page) {
  await page.goto(desk.shell.ready.url);
  await expect(page.getByRole('heading', { name: 'Balie', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Contactpersoon')).toBeFocused();
}

test('counter: a three-line pickup order entered by keyboard alone arrives at the host with its number on screen', async ({
  page,
}) => {
  // A whole order by keyboard and its screenshots: on a loaded machine more than the default test time.
  test.setTimeout(180_000);
  await openCounter(page);
  // Its lines are items of the catalog the desk syncs by itself at start.
  await startupSyncEnded(page);
  await screenshot(page, 'counter-1-empty-nl');

  // The first time on this workstation: choose the employee (Shift+Tab to the list, arrow down, back).
  await page.keyboard.press('Shift+Tab');
  await expect(page.getByLabel('Medewerker aan de balie')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Medewerker aan de balie')).toHaveValue('Anja de Vries');
  await expect(page.getByLabel('Contactpersoon')).toBeFocused();

  const keyboard = new CountingKeyboard(page);
  const order = THREE_LINE_ORDER;
  // Everything up to Ctrl+Enter, with a look at the filled form before it is sent.
  await keyboard.type(order.contactName);
  await keyboard.press('Tab');
  await keyboard.type(order.companyName);
  await keyboard.press('Tab');
  await keyboard.type(order.phoneNo);
  await screenshot(page, 'counter-2-customer-nl');
  await keyboard.press('Alt+L');
  await expect(page.getByLabel('Nieuwe regel · Artikel')).toBeFocused();
  for (const line of order.lines) {
    await keyboard.type(line.itemNo);
    if (line.quantity) {
      await keyboard.press('Tab');
      await keyboard.type(line.quantity);
    }
    if (line.lengthMm) {
      for (let tab = 0; tab < 3; tab++) await keyboard.press('Tab');
      await keyboard.type(line.lengthMm);
    }
    await keyboard.press('Enter');
  }
  await expect(page.getByRole('listitem', { name: /^Regel \d$/ })).toHaveCount(3);
  await expect(page.getByLabel('Regel 3 · Aantal')).toHaveValue('1');
  await expect(page.getByLabel('Regel 2 · Lengte mm')).toHaveValue('1200');
  await keyboard.press('Alt+P');
  await expect(page.getByLabel(/akkoord met de privacyverklaring \(versie PV2026-01\)/)).toBeChecked();
  await screenshot(page, 'counter-3-lines-nl');
  await keyboard.press('Control+Enter');

  // A new empty form at once, and the confirmation that follows the request to its number.
  await expect(page.getByLabel('Contactpersoon')).toHaveValue('');
  await expect(page.getByLabel('Contactpersoon')).toBeFocused();
  const notice = page.locator('.submission-notice');
  await expect(notice).toHaveAttribute('data-state', 'delivered');
  const stored = await storedQuotes();
  expect(stored).toHaveLength(1);
  const request = stored[0]!;
  await expect(notice).toContainText(`nummer ${request.number}`);
  expect(request).toMatchObject({
    contactName: 'Jan Smit',
    companyName: 'Smit Metaalbouw',
    phoneNo: '0612345678',
    source: 'counterVisit',
    assistedBy: 'Anja de Vries',
    deliveryMethod: 'Pickup',
    privacyAccepted: true,
    privacyConsentVersion: 'PV2026-01',
  });
  expect(request.quoteRequestLines?.map((line) => [line.itemNo, line.quantity, line.lengthMm])).toEqual([
    ['100002', 4, 0],
    ['100003', 12, 1200],
    ['100014', 1, 0],
  ]);
  await expect(page.getByTestId('header-status')).toContainText('Online');
  await screenshot(page, 'counter-4-delivered-nl');

  // The slip as it prints: number, date, pickup, lines.
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('.print-slip')).toContainText(request.number);
  await expect(page.locator('.print-slip')).toContainText('Afhalen');
  await screenshot(page, 'counter-5-slip-nl');
  await page.emulateMedia({ media: 'screen' });

  // The draft survives a reload: type, reload, it is offered and comes back on "verder" (and so is the
  // employee); test/e2e/flow.spec.ts walks the offer itself.
  await page.getByLabel('Contactpersoon').fill('Half ingevuld');
  // Reload once main holds the draft (saved a moment after the last key), not after a guessed pause.
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const saved = await window.voa?.drafts.get({ target: 'counter' });
        return saved?.ok && saved.value.draft && 'contactName' in saved.value.draft
          ? saved.value.draft.contactName
          : undefined;
      }),
    )
    .toBe('Half ingevuld');
  await page.reload();
  await expect(page.getByLabel('Contactpersoon')).toHaveValue('');
  await page.getByTestId('unfinished-offer').getByRole('button', { name: 'verder' }).click();
  await expect(page.getByLabel('Contactpersoon')).toHaveValue('Half ingevuld');
  await expect(page.getByLabel('Medewerker aan de balie')).toHaveValue('Anja de Vries');
  await page.keyboard.press('Alt+N');
  await expect(page.getByLabel('Contactpersoon')).toHaveValue('');

  // The same screen in English.
  await page.keyboard.press('Alt+5');
  await page.getByText('English').click();
  await page.keyboard.press('Alt+1');
  await expect(page.getByRole('heading', { name: 'Counter', level: 1 })).toBeVisible();
  await page.getByLabel('Contact name').fill('Jan Smit');
  await page.getByLabel('New line · Item').fill('100002');
  await page.getByLabel('New line · Item').press('Enter');
  await screenshot(page, 'counter-6-en');
});

test('counter: errors name the field and say what to do; limits show as you type, nothing is cut', async ({
  page,
}) => {
  await openCounter(page);
  // HEA200 is judged against the catalog the desk syncs by itself at start.
  await startupSyncEnded(page);
  // The employee is chosen, as on a workstation in use: the errors looked at are the form's own.
  await page.getByLabel('Medewerker aan de balie').selectOption('Anja de Vries');
  await page.getByLabel('Referentie klant').fill('x'.repeat(40));
  await expect(page.getByText('40/35')).toBeVisible();
  await expect(page.getByLabel('Referentie klant')).toHaveValue('x'.repeat(40));
  await page.getByLabel('Nieuwe regel · Artikel').fill('hea200');
  await expect(page.getByLabel('Nieuwe regel · Artikel')).toHaveValue('HEA200');
  await page.getByLabel('Nieuwe regel · Artikel').press('Enter');
  await page.getByLabel('Regel 1 · Aantal').fill('');
  await page.getByRole('radio', { name: 'Bezorgen' }).check();
  await page.keyboard.press('Control+Enter');
  const summary = page.locator('.error-summary');
  await expect(summary).toContainText('Referentie klant: is langer dan 35 tekens: maak het korter');
  await expect(summary).toContainText('Regel 1 · Aantal: ontbreekt: typ hoeveel');
  await expect(summary).toContainText('Privacyakkoord: de klant moet akkoord gaan met de privacyverklaring');
  // Delivery goes to the billing address unless another is chosen, so that address must be there.
  await expect(summary).toContainText('Adres: ontbreekt: typ het adres waar geleverd wordt');
  // HEA200 is not in the emulator's catalog: the line needs a description.
  await expect(summary).toContainText(
    'Regel 1 · Omschrijving: is nodig: artikel HEA200 staat niet in de lokale catalogus',
  );
  await expect(page.getByLabel('Referentie klant')).toBeFocused();
  await screenshot(page, 'counter-7-errors-nl');
  // The host's log of this test: the form that says what is wrong sent nothing.
  expect(await storedQuotes()).toHaveLength(0);
});

test('counter: the same order while the host is down is queued, shown offline, and delivered once it is back', async ({
  page,
}) => {
  // A whole order by keyboard and its screenshots: on a loaded machine more than the default test time.
  test.setTimeout(180_000);
  // The desk has its catalog, then the host goes away.
  await openCounter(page);
  await startupSyncEnded(page);
  const port = Number(new URL(desk.emulator.info.baseUrl).port);
  await desk.emulator.stop();
  await page.getByLabel('Medewerker aan de balie').selectOption('Anja de Vries');
  await page.getByLabel('Contactpersoon').focus();
  const keyboard = new CountingKeyboard(page);
  await enterCounterOrder(keyboard, { ...THREE_LINE_ORDER, contactName: 'Piet Offline' });
  await expect(page.locator('.submission-notice')).toHaveAttribute('data-state', 'queued');
  await expect(page.getByTestId('header-status')).toContainText('Offline');
  await expect(page.getByTestId('header-queued')).toHaveText('1 te verzenden');
  await screenshot(page, 'counter-8-offline-nl');
  // The outbox says when it goes: with the ERP back, not "nu" while nothing can be sent.
  await page.keyboard.press('Alt+4');
  const row = page.locator('tbody tr').filter({ hasText: 'Piet Offline' });
  await expect(row.locator('td').nth(6)).toHaveText('zodra het ERP weer bereikbaar is');
  await screenshotAtSizes(page, 'outbox-offline-nl');
  await chooseLanguage(page, 'en');
  await page.keyboard.press('Alt+4');
  await expect(row.locator('td').nth(6)).toHaveText('as soon as the ERP can be reached again');
  await screenshotAtSizes(page, 'outbox-offline-en');
  await chooseLanguage(page, 'nl');
  await page.keyboard.press('Alt+4');

  desk.emulator = await startEmulatorProcess({ port, stateDir: desk.stateDir });
  await page.getByRole('button', { name: 'Nu verzenden' }).click();
  await expect(page.getByTestId('header-status')).toContainText('Online');
  await expect(page.getByTestId('header-queued')).toHaveText('0 te verzenden');
  const stored = (await storedQuotes()).filter((request) => request.contactName === 'Piet Offline');
  expect(stored).toHaveLength(1);
  await page.keyboard.press('Alt+1');
  await expect(page.locator('.submission-notice')).toContainText(`nummer ${stored[0]!.number}`);
});

test('counter: a size picked in the local catalog becomes a line with its size and measures; the quantity is typed next', async ({
  page,
}) => {
  await openCounter(page);
  await catalogSynced(page);
  const found = await page.evaluate(() =>
    window.voa!.catalog.search({ query: '', blocked: 'exclude', limit: 50 }),
  );
  if (!found.ok) throw new Error(found.error.message);
  const size = found.value.rows.find((row) => row.variantCode !== '' && row.lengthMm > 0)!;
  expect(size).toBeTruthy();

  await page.getByLabel('Medewerker aan de balie').selectOption('Anja de Vries');
  await page.getByLabel('Contactpersoon').fill('Catalogus Klant');
  await page.keyboard.press('Alt+K');
  await page.keyboard.type(`${size.itemNo} ${size.variantCode}`);
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Regel 1 · Artikel')).toHaveValue(size.itemNo);
  await expect(page.getByLabel('Regel 1 · Maat')).toHaveValue(size.variantCode);
  // The size's own length is shown, not typed: it goes out as 0, the standard length of the size.
  await expect(page.getByLabel('Regel 1 · Lengte mm')).toHaveValue('');
  await expect(page.getByLabel('Regel 1 · Lengte mm')).toHaveAttribute(
    'placeholder',
    new Intl.NumberFormat('nl-NL').format(size.lengthMm),
  );
  await expect(page.getByLabel('Regel 1 · Eenheid')).toHaveValue('pieces');
  await expect(page.getByLabel('Regel 1 · Aantal')).toBeFocused();
  await page.keyboard.type('3');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Alt+P');
  await screenshot(page, 'counter-9-catalog-pick-nl');
  await page.keyboard.press('Control+Enter');
  await expect(page.locator('.submission-notice')).toHaveAttribute('data-state', 'delivered');
  const stored = (await storedQuotes()).find((request) => request.contactName === 'Catalogus Klant')!;
  expect(stored.quoteRequestLines?.[0]).toMatchObject({
    itemNo: size.itemNo,
    variantCode: size.variantCode,
    quantity: 3,
    unitOfMeasureCode: 'PCS',
    lengthMm: 0,
  });
});
