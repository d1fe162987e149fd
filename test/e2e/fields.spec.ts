// Text fields as they are sent: leaving a field shows codes as the host stores them and removes invisible
// characters (control, bidi and zero-width), the form names the fields that lost some, and the host
// stores the clean text. Keyboard only, through the browser shell against the host emulator.
import type { Page } from '@playwright/test';
import { type EmulatorProcess, type StoredRequestView } from '../support/emulator-profile.ts';
import { type BrowserShellProcess, type DeskAgainstEmulator, screenshotAtSizes } from './browser-shell.ts';
import { expect, test } from './fixtures.ts';

let desk: DeskAgainstEmulator;
let emulator: EmulatorProcess;
let shell: BrowserShellProcess;

// Each test's own desk, from the fixture (fixtures.ts), kept where this file's helpers read it.
test.beforeEach(({ desk: own }) => {
  desk = own;
  ({ emulator, shell } = desk);
});

/** Pastes text into the focused field (a paste brings what a keyboard cannot type), then Tab leaves it. */
async function pasteAndLeave(page: Page, text: string) {
  await page.keyboard.insertText(text);
  await page.keyboard.press('Tab');
}

test('fields: invisible characters are removed on leaving a field and the form says where; codes are normalized; the host stores clean text', async ({
  page,
}) => {
  await page.goto(shell.ready.url);
  await expect(page.getByRole('heading', { name: 'Balie', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Contactpersoon')).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Contactpersoon')).toBeFocused();

  await pasteAndLeave(page, 'Jan de Vries');
  // A company name pasted from a web page with a right-to-left override and a zero-width space in it.
  await pasteAndLeave(page, '\u202eStaalbouw\u202c Noord\u200b B.V.');
  await expect(page.getByLabel('Bedrijf')).toHaveValue('Staalbouw Noord B.V.');
  const notice = page.getByRole('status').filter({ hasText: 'Onzichtbare tekens' });
  await expect(notice).toHaveText('Onzichtbare tekens verwijderd uit Bedrijf');

  // Telephone and e-mail as typed, a reference with a byte order mark; then the VAT number, a code the host keeps compact.
  await pasteAndLeave(page, '030-1234567');
  await pasteAndLeave(page, 'inkoop@staalbouw.example');
  await pasteAndLeave(page, '\ufeffPO-77\u2060');
  await page.keyboard.type('nl 8195.12.345 b01');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Btw-nummer')).toHaveValue('NL819512345B01');
  await expect(notice).toHaveText('Onzichtbare tekens verwijderd uit Bedrijf, Referentie klant');

  await page.getByLabel('Postcode', { exact: true }).focus();
  await page.keyboard.type(' 1234   ab ');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Postcode', { exact: true })).toHaveValue('1234 AB');
  await page.keyboard.press('Tab');
  await page.keyboard.type('n l');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Land', { exact: true })).toHaveValue('NL');

  await screenshotAtSizes(page, 'fields-invisible-removed-nl', notice);

  await page.keyboard.press('Alt+L');
  await page.keyboard.type('100002');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Alt+P');
  await page.keyboard.press('Control+Enter');
  await expect(page.locator('.submission-notice')).toHaveAttribute('data-state', 'delivered');
  // A new form starts without the notice.
  await expect(notice).toHaveCount(0);

  const { requests } = await emulator.admin<{ requests: StoredRequestView[] }>('/requests/quote');
  const stored = requests.find((request) => request.contactName === 'Jan de Vries');
  expect(stored).toMatchObject({
    companyName: 'Staalbouw Noord B.V.',
    email: 'inkoop@staalbouw.example',
    customerReference: 'PO-77',
    vatRegistrationNo: 'NL819512345B01',
    postCode: '1234 AB',
    countryCode: 'NL',
  });

  // The same notice in English, for the fair's account request.
  await page.keyboard.press('Alt+5');
  await page.getByText('English').click();
  await page.keyboard.press('Alt+2');
  await page.getByRole('tab', { name: 'Account request' }).click();
  await expect(page.getByLabel('E-mail (to sign in with)')).toBeFocused();
  await pasteAndLeave(page, 'petra@bouw.example');
  await pasteAndLeave(page, 'Petra\u2066 Jansen\u2069');
  await page.getByLabel('Company', { exact: true }).focus();
  await pasteAndLeave(page, 'Bouwbedrijf\u200d Jansen\u0007');
  const englishNotice = page.getByRole('status').filter({ hasText: 'Invisible characters' });
  await expect(englishNotice).toHaveText('Invisible characters removed from Contact name, Company');
  await expect(page.getByLabel('Company', { exact: true })).toHaveValue('Bouwbedrijf Jansen');
  await screenshotAtSizes(page, 'fields-invisible-removed-en', englishNotice);
  await page.keyboard.press('Alt+5');
  await page.getByText('Nederlands').click();
});
