// Dates and messages in the UI language whatever the browser's locale: the browser here runs
// under en-US, the month-first order that turned "1 December" into 12 January, while VOA Desk speaks
// Dutch. Against the emulator over HTTPS, with the keyboard alone.
import type { StoredRequestView } from '../support/emulator-profile.ts';
import { screenshotAtSizes, type DeskAgainstEmulator } from './browser-shell.ts';
import { catalogSynced, chooseLanguage, counterOrderWithOneLine } from './desk-steps.ts';
import { expect, test } from './fixtures.ts';

test.use({ locale: 'en-US', timezoneId: 'Europe/Amsterdam' });

let desk: DeskAgainstEmulator;

// Each test's own desk, from the fixture (fixtures.ts), kept where this file's helpers read it.
test.beforeEach(({ desk: own }) => {
  desk = own;
});

async function storedFor(contactName: string): Promise<StoredRequestView> {
  const { requests } = await desk.emulator.admin<{ requests: StoredRequestView[] }>('/requests/quote');
  const found = requests.filter((request) => request.contactName === contactName);
  expect(found).toHaveLength(1);
  return found[0]!;
}

/** The year of the next 1 December, so the date typed is never in the past nor more than a year ahead. */
function nextDecemberYear(): number {
  const now = new Date();
  return now.getMonth() === 11 ? now.getFullYear() + 1 : now.getFullYear();
}

test('locale: 01-12 typed in Dutch under an en-US browser is 1 December at the host, and shown so on the slip', async ({
  page,
}) => {
  expect(await page.evaluate(() => navigator.language)).toBe('en-US');
  await page.goto(desk.shell.ready.url);
  await catalogSynced(page);
  await counterOrderWithOneLine(page, 'Datum Klant');

  const year = nextDecemberYear();
  const pickupDate = page.getByRole('textbox', { name: 'Ophaaldatum' });
  await pickupDate.focus();
  await page.keyboard.type(`01-12-${year}`);
  await expect(page.getByTestId('date-understood')).toHaveText(new RegExp(`^= \\w+ 1 december ${year}$`));
  await page.keyboard.press('Alt+P');
  await page.keyboard.press('Control+Enter');
  await expect(page.locator('.submission-notice')).toHaveAttribute('data-state', 'delivered');
  expect(await storedFor('Datum Klant')).toMatchObject({
    deliveryMethod: 'Pickup',
    requestedDeliveryDate: `${year}-12-01`,
  });
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('.print-slip')).toContainText(`ophalen op 1 december ${year}`);
  await page.emulateMedia({ media: 'screen' });

  // Text that is no date is refused beside the field with the Dutch form, and never sent.
  await counterOrderWithOneLine(page, 'Fout Datum');
  await page.getByRole('textbox', { name: 'Ophaaldatum' }).fill('12/31/2026');
  await expect(page.locator('.date-field .field__error')).toHaveText(
    'Die dag bestaat niet: typ een datum als dd-mm-jjjj, bijvoorbeeld 24-12-2026',
  );
  await page.getByRole('textbox', { name: 'Ophaaldatum' }).fill('morgen');
  await expect(page.locator('.date-field .field__error')).toHaveText(
    'Typ een datum als dd-mm-jjjj, bijvoorbeeld 24-12-2026',
  );
  await page.keyboard.press('Alt+N');
});

test('locale: the calendar is used by keyboard alone, in the UI language, and past days cannot be chosen', async ({
  page,
}) => {
  await page.goto(desk.shell.ready.url);
  await catalogSynced(page);
  await counterOrderWithOneLine(page, 'Kalender Klant');
  const year = new Date().getFullYear() + 1;
  const pickupDate = page.getByRole('textbox', { name: 'Ophaaldatum' });
  await pickupDate.fill(`15-01-${year}`);

  // Tab to the calendar button, open it: the month of the date typed, the day typed has the focus.
  await pickupDate.focus();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Kies in kalender' })).toBeFocused();
  await page.keyboard.press('Enter');
  const calendar = page.getByRole('dialog', { name: 'Kalender: Ophaaldatum' });
  await expect(calendar).toBeVisible();
  await expect(calendar).toContainText(`januari ${year}`);
  await expect(calendar.getByRole('columnheader').first()).toHaveText('ma');
  await expect(page.locator(':focus')).toHaveAttribute('data-day', `${year}-01-15`);
  await screenshotAtSizes(page, 'locale-calendar-nl', calendar);

  // A day on, a week down, a month on, to the start of that week (Monday 16 February when the 23rd is a
  // Monday, whatever the year: the test reads the weekday itself).
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('PageDown');
  await expect(calendar).toContainText(`februari ${year}`);
  await expect(page.locator(':focus')).toHaveAttribute('data-day', `${year}-02-23`);
  await page.keyboard.press('Home');
  const monday = new Date(year, 1, 23);
  monday.setDate(23 - ((monday.getDay() + 6) % 7));
  const mondayDay = String(monday.getDate()).padStart(2, '0');
  await expect(page.locator(':focus')).toHaveAttribute('data-day', `${year}-02-${mondayDay}`);
  await page.keyboard.press('Enter');
  await expect(calendar).toBeHidden();
  await expect(pickupDate).toBeFocused();
  await expect(pickupDate).toHaveValue(`${mondayDay}-02-${year}`);
  await expect(page.getByTestId('date-understood')).toHaveText(
    `= maandag ${monday.getDate()} februari ${year}`,
  );

  // Escape closes and gives focus back to the button; a past day is marked and cannot be chosen.
  await page.keyboard.press('Alt+ArrowDown');
  await expect(calendar).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(calendar).toBeHidden();
  await expect(page.getByRole('button', { name: 'Kies in kalender' })).toBeFocused();
  await pickupDate.fill('');
  await page.getByRole('button', { name: 'Kies in kalender' }).press('Enter');
  await page.keyboard.press('ArrowLeft');
  await expect(page.locator(':focus')).toHaveAttribute('aria-disabled', 'true');
  await page.keyboard.press('Enter');
  await expect(calendar).toBeVisible();
  await expect(pickupDate).toHaveValue('');
  await page.keyboard.press('Escape');

  // The same calendar in English: day first, Monday first, English names.
  await chooseLanguage(page, 'en');
  await page.keyboard.press('Alt+1');
  const englishDate = page.getByRole('textbox', { name: 'Pickup date' });
  await englishDate.fill(`1/12/${year}`);
  await expect(page.getByTestId('date-understood')).toHaveText(new RegExp(`^= \\w+, 1 December ${year}$`));
  await page.getByRole('button', { name: 'Choose in calendar' }).press('Enter');
  const englishCalendar = page.getByRole('dialog', { name: 'Calendar: Pickup date' });
  await expect(englishCalendar).toContainText(`December ${year}`);
  await expect(englishCalendar.getByRole('columnheader').first()).toHaveText('Mon');
  await screenshotAtSizes(page, 'locale-calendar-en', englishCalendar);
  await page.keyboard.press('Escape');
  await page.keyboard.press('Alt+N');
  await chooseLanguage(page, 'nl');
});

test('locale: a sync failure and a missing setting read as Dutch sentences, internals behind a details toggle', async ({
  page,
}) => {
  await page.goto(desk.shell.ready.url);
  await catalogSynced(page);

  // The ERP refuses a catalog page: the Dutch sentence saying why, the ERP's own words marked as its
  // words, no status or correlation id until the details are opened.
  await desk.emulator.admin('/settings', { refusedSyncPages: ['voaItems'] });
  await page.keyboard.press('Alt+3');
  await page.getByRole('button', { name: 'Nu synchroniseren' }).focus();
  await page.keyboard.press('Enter');
  const failure = page.getByTestId('sync-failure');
  await expect(failure).toContainText(
    'De laatste synchronisatie is mislukt: de host laat de synchronisatie-applicatie de catalogus niet lezen.',
    { timeout: 60_000 },
  );
  await expect(failure).toContainText(
    'Het ERP meldt: “Helaas hebben de huidige machtigingen de actie verhinderd.',
  );
  await expect(failure).toContainText('De catalogus van daarvoor blijft bewaard');
  const details = failure.getByTestId('message-details');
  await expect(details).toBeHidden();
  // What is on screen (innerText leaves the hidden details out).
  expect(await failure.innerText()).not.toMatch(/CorrelationId|403|Synchronization Client ID/);
  await screenshotAtSizes(page, 'locale-sync-failure-closed-nl', failure);
  const toggle = failure.getByRole('button', { name: 'Details' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(details).toBeVisible();
  await expect(details).toContainText('voaItems');
  await expect(details).toContainText('CorrelationId');
  await expect(failure.getByRole('button', { name: 'Details verbergen' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  await screenshotAtSizes(page, 'locale-sync-failure-open-nl', failure);
  // The sync log words the run the same way.
  await page.getByRole('tab', { name: 'Synchronisatielog' }).click();
  const runs = page.getByTestId('sync-runs');
  // A row of the log: its reason beside the outcome badge, not "the last sync".
  await expect(runs).toContainText('De host laat de synchronisatie-applicatie de catalogus niet lezen.');
  await expect(runs).toContainText('Het ERP meldt: “Helaas hebben de huidige machtigingen');
  await screenshotAtSizes(page, 'locale-sync-log-failure-nl', runs);
  await page.getByRole('tab', { name: 'Bladeren' }).click();
  await chooseLanguage(page, 'en');
  await page.keyboard.press('Alt+3');
  await expect(failure).toContainText(
    'The last sync failed: the host does not let the synchronization application read the catalog.',
  );
  await expect(failure).toContainText('The ERP says: “');
  await screenshotAtSizes(page, 'locale-sync-failure-closed-en', failure);
  await failure.getByRole('button', { name: 'Details' }).press('Enter');
  await screenshotAtSizes(page, 'locale-sync-failure-open-en', failure);
  await chooseLanguage(page, 'nl');
  await desk.emulator.admin('/settings', { refusedSyncPages: [] });

  // Settings missing: named as Settings names them; the keys only in the details.
  const cleared = await page.evaluate(async () => {
    const voa = window.voa!;
    await voa.secrets.clear({ application: 'sync' });
    return voa.settings.save({ host: { companyName: '' } });
  });
  expect(cleared.ok).toBe(true);
  await page.reload();
  await expect(page.getByRole('navigation')).toBeVisible();
  await page.keyboard.press('Alt+3');
  await expect(page.getByRole('heading', { name: 'Catalogus', level: 1 })).toBeVisible();
  const missing = page.getByTestId('sync-not-configured');
  await expect(missing).toHaveText(
    /^De catalogus kan nog niet synchroniseren: in Instellingen ontbreekt nog Bedrijfsnaam, Synchronisatie-applicatie: client secret\./,
  );
  expect(await missing.innerText()).not.toContain('host.companyName');
  await expect(page.getByRole('button', { name: 'Nu synchroniseren' })).toBeDisabled();
  await screenshotAtSizes(page, 'locale-missing-setting-closed-nl', missing);
  await missing.getByRole('button', { name: 'Details' }).press('Enter');
  await expect(missing.getByTestId('message-details')).toHaveText(
    'host.companyName, applications.sync.clientSecret',
  );
  await screenshotAtSizes(page, 'locale-missing-setting-open-nl', missing);
  await chooseLanguage(page, 'en');
  await page.keyboard.press('Alt+3');
  await expect(missing).toContainText(
    'The catalog cannot be synced yet: missing in Settings: Company name, Synchronization application: client secret.',
  );
  await screenshotAtSizes(page, 'locale-missing-setting-closed-en', missing);
  await chooseLanguage(page, 'nl');
});
