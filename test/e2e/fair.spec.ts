// The trade-fair screen through the browser shell against the host emulator: an account request with every
// key of the contract, and a quote request whose line arrives from the catalog's "add to request".
import type { Page } from '@playwright/test';
import {
  TEST_SOURCE_LABELS,
  type EmulatorProcess,
  type StoredRequestView,
} from '../support/emulator-profile.ts';
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

async function openFair(page: Page) {
  await page.goto(shell.ready.url);
  await expect(page.getByRole('navigation')).toBeVisible();
  await page.keyboard.press('Alt+2');
  await expect(page.getByRole('heading', { name: 'Beurs', level: 1 })).toBeVisible();
}

test('fair: an account request with every key of the contract arrives at the host, labelled with the event', async ({
  page,
}) => {
  await openFair(page);
  await page.getByLabel('Evenement').selectOption(TEST_SOURCE_LABELS[0]!);
  await page.getByRole('tab', { name: 'Accountaanvraag' }).click();
  await expect(page.getByLabel('E-mail (om mee in te loggen)')).toBeFocused();
  await page.keyboard.press('Control+Enter');
  await expect(page.locator('.error-summary')).toContainText(
    'ontbreekt: typ het e-mailadres waarmee de persoon gaat inloggen',
  );

  const fill = async (label: string, value: string) => page.getByLabel(label, { exact: true }).fill(value);
  await fill('E-mail (om mee in te loggen)', 'inkoop@bouwbedrijf.example');
  await fill('Contactpersoon', 'Petra Jansen');
  await fill('Functie', 'Inkoper');
  await fill('Telefoon', '030-1234567');
  await fill('Bedrijf', 'Bouwbedrijf Jansen B.V.');
  await fill('Btw-nummer', 'NL123456789B01');
  await fill('Taal', 'nld');
  await page.getByRole('radio', { name: 'Ja' }).check();
  await fill('Klantnummer (indien bekend)', 'c10045');
  await fill('Adres', 'Stationsstraat 1');
  await fill('Adresregel 2', 'Unit 4');
  await fill('Postcode', '3511 AA');
  await fill('Plaats', 'Utrecht');
  await fill('Land', 'nl');
  await fill('Opmerkingen', 'Twee collega’s willen ook toegang.');
  await page.keyboard.press('Alt+P');
  await screenshot(page, 'fair-1-account-nl');
  await page.keyboard.press('Control+Enter');

  await expect(page.locator('.submission-notice')).toHaveAttribute('data-state', 'delivered');
  const { requests } = await emulator.admin<{ requests: StoredRequestView[] }>('/requests/account');
  expect(requests).toHaveLength(1);
  expect(requests[0]).toMatchObject({
    email: 'inkoop@bouwbedrijf.example',
    contactName: 'Petra Jansen',
    jobTitle: 'Inkoper',
    companyName: 'Bouwbedrijf Jansen B.V.',
    vatRegistrationNo: 'NL123456789B01',
    phoneNo: '030-1234567',
    address: 'Stationsstraat 1',
    address2: 'Unit 4',
    postCode: '3511 AA',
    city: 'Utrecht',
    countryCode: 'NL',
    existingCustomer: 'Yes',
    statedCustomerNo: 'C10045',
    languageCode: 'NLD',
    remarks: 'Twee collega’s willen ook toegang.',
    source: TEST_SOURCE_LABELS[0],
    privacyAccepted: true,
    privacyConsentVersion: 'PV2026-01',
  });
  await expect(page.locator('.submission-notice')).toContainText(requests[0]!.number);
  await expect(page.getByLabel('E-mail (om mee in te loggen)')).toHaveValue('');
  await screenshot(page, 'fair-2-account-delivered-nl');
});

test('fair: a line added from the catalog appears in the quote form at once; the quote goes out with the event as source', async ({
  page,
}) => {
  await openFair(page);
  await page.getByLabel('Evenement').selectOption(TEST_SOURCE_LABELS[0]!);
  await page.getByLabel('Contactpersoon').fill('Karel de Boer');
  // What the catalog screen's "add to request" does: a bridge call; the open form follows the event.
  await page.evaluate(async () => {
    await window.voa!.drafts.addLine({
      target: 'fair',
      line: {
        itemNo: 'HEA200',
        variantCode: 'L12000',
        description: 'HEA 200 12 m',
        treatment: '',
        profileCode: 'HEA',
        qualityCode: 'S355J2',
        baseUnit: 'KG',
        priceUnit: 'M',
        lengthMm: 12000,
        widthMm: 0,
        thicknessMm: 0,
        cutToLength: false,
      },
    });
  });
  await expect(page.getByLabel('Regel 1 · Artikel')).toHaveValue('HEA200');
  // A size with a length is counted in pieces, and its own length goes out as 0 (standard).
  await expect(page.getByLabel('Regel 1 · Lengte mm')).toHaveValue('');
  await expect(page.getByLabel('Regel 1 · Eenheid')).toHaveValue('pieces');
  await expect(page.getByLabel('Contactpersoon')).toHaveValue('Karel de Boer');
  await page.getByLabel('Regel 1 · Aantal').fill('6');
  // The fair offers the same delivery choices as the counter; switching back to pickup loses nothing.
  await page.getByRole('radio', { name: 'Bezorgen' }).check();
  await expect(page.getByRole('radio', { name: 'het factuuradres' })).toBeChecked();
  await expect(page.getByLabel('Leverdatum')).toBeVisible();
  await screenshotAtSizes(
    page,
    'fair-5-delivery-choice-nl',
    page.getByRole('heading', { name: 'Afhalen of bezorgen' }),
  );
  await page.getByRole('radio', { name: 'Afhalen' }).check();
  await expect(page.getByLabel('Ophaaldatum')).toBeVisible();
  await page.keyboard.press('Alt+P');
  await screenshot(page, 'fair-3-quote-nl');
  await page.keyboard.press('Control+Enter');
  await expect(page.locator('.submission-notice')).toHaveAttribute('data-state', 'delivered');
  const { requests } = await emulator.admin<{ requests: StoredRequestView[] }>('/requests/quote');
  expect(requests.at(-1)).toMatchObject({
    contactName: 'Karel de Boer',
    source: TEST_SOURCE_LABELS[0],
    assistedBy: '',
  });
  expect(requests.at(-1)?.quoteRequestLines?.[0]).toMatchObject({
    itemNo: 'HEA200',
    variantCode: 'L12000',
    profileCode: 'HEA',
    qualityCode: 'S355J2',
    quantity: 6,
    unitOfMeasureCode: 'PCS',
    lengthMm: 0,
  });

  await page.keyboard.press('Alt+5');
  await page.getByText('English').click();
  await page.keyboard.press('Alt+2');
  await page.getByRole('tab', { name: 'Account request' }).click();
  await page.getByLabel('E-mail (to sign in with)').fill('not-an-address');
  await page.keyboard.press('Control+Enter');
  await expect(page.locator('.error-summary')).toContainText('is not an e-mail address');
  await screenshot(page, 'fair-4-account-errors-en');
  await page.keyboard.press('Alt+5');
  await page.getByText('Nederlands').click();
});
