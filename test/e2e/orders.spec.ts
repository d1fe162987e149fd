// Orders that mean what the customer asked for, walked through the counter in a real browser
// against the emulator over HTTPS: units mapped to the company's codes in Settings, a cut length with
// its sawing instruction, a scanned item the local catalog does not know, a pickup with a date and a
// delivery to the billing address. What the host stored is compared with what was typed, field by field.
// The items are those of the emulator's seeded catalog (seed 1, 200 sizes).
import type { Page } from '@playwright/test';
import type { StoredRequestView } from '../support/emulator-profile.ts';
import { screenshot, screenshotAtSizes, type DeskAgainstEmulator } from './browser-shell.ts';
import { catalogSynced } from './desk-steps.ts';
import { expect, test } from './fixtures.ts';

let desk: DeskAgainstEmulator;

// Each test's own desk, from the fixture (fixtures.ts), kept where this file's helpers read it.
test.beforeEach(({ desk: own }) => {
  desk = own;
});

async function storedQuotes(): Promise<StoredRequestView[]> {
  return (await desk.emulator.admin<{ requests: StoredRequestView[] }>('/requests/quote')).requests;
}

/**
 * The one request stored for this contact, once the host has it: the confirmation on screen may still be
 * the previous order's while this one is on its way, so the host is asked until it answers.
 */
async function storedFor(contactName: string): Promise<StoredRequestView> {
  const forContact = async () =>
    (await storedQuotes()).filter((request) => request.contactName === contactName);
  await expect.poll(async () => (await forContact()).length).toBe(1);
  return (await forContact())[0]!;
}

function isoDay(offsetDays: number): string {
  const day = new Date();
  day.setDate(day.getDate() + offsetDays);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

async function newCounterOrder(page: Page, contactName: string) {
  await page.keyboard.press('Alt+1');
  await expect(page.getByRole('heading', { name: 'Balie', level: 1 })).toBeVisible();
  await page.keyboard.press('Alt+N');
  await page.getByLabel('Medewerker aan de balie').selectOption('Anja de Vries');
  await page.getByLabel('Contactpersoon').fill(contactName);
}

/** Picks "item size" in the catalog search (Alt+K); the cursor lands in the new line's quantity. */
async function pick(page: Page, itemNo: string, size: string, line: number, language: 'nl' | 'en' = 'nl') {
  await page.keyboard.press('Alt+K');
  await page.keyboard.type(`${itemNo} ${size}`);
  await page.keyboard.press('Enter');
  const quantity = language === 'nl' ? `Regel ${line} · Aantal` : `Line ${line} · Qty`;
  await expect(page.getByLabel(quantity)).toBeFocused();
}

test('orders: units in the company codes, a cut length, an unknown scanned item; the host stores exactly that', async ({
  page,
}) => {
  await page.goto(desk.shell.ready.url);
  await expect(page.getByRole('heading', { name: 'Balie', level: 1 })).toBeVisible();
  await catalogSynced(page);

  // The company counts pieces as ST and meters as MTR; kilograms stay KG. Typed lowercase, stored as codes.
  await page.keyboard.press('Alt+5');
  await page.getByLabel('Stuks', { exact: true }).fill('st');
  await page.getByLabel('Meter', { exact: true }).fill('mtr');
  await expect(page.getByLabel('Meter', { exact: true })).toHaveValue('MTR');
  // A source label the host gives a meaning of its own is refused when it is typed.
  const labels = page.getByLabel('Bronlabels voor beurzen');
  await labels.fill('portal');
  await labels.press('Enter');
  await expect(page.getByText(/portal: mag niet counterVisit of portal zijn/)).toBeVisible();
  await labels.fill('');
  await page.getByRole('button', { name: 'Instellingen opslaan' }).click();
  await expect(page.getByText('Instellingen opgeslagen.')).toBeVisible();
  await screenshotAtSizes(page, 'orders-settings-units-nl', page.getByLabel('Stuks', { exact: true }));

  await newCounterOrder(page, 'Eenheden Klant');
  // 3 pieces of a 6 m size: a size with a length counts pieces, and goes out in the company's code.
  await pick(page, '100003', '06000', 1);
  await page.keyboard.type('3');
  await expect(page.getByLabel('Regel 1 · Eenheid')).toHaveValue('pieces');
  await expect(page.getByLabel('Regel 1 · Eenheid').locator('option:checked')).toHaveText('stuks (ST)');
  // 12,5 m of another item: the unit is chosen with the keyboard (Tab, then "m" for meter).
  await pick(page, '100001', '12000', 2);
  await page.keyboard.type('12,5');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Regel 2 · Eenheid')).toBeFocused();
  await page.keyboard.press('m');
  await expect(page.getByLabel('Regel 2 · Eenheid').locator('option:checked')).toHaveText('meter (MTR)');
  // 250 kg of a third.
  await pick(page, '100002', '06000', 3);
  await page.keyboard.type('250');
  await page.keyboard.press('Tab');
  await page.keyboard.press('k');
  await expect(page.getByLabel('Regel 3 · Eenheid').locator('option:checked')).toHaveText('kg (KG)');
  // A cut length: 2 pieces of a 6 m size sawn to 2350 mm, with the sawing instruction as line remark.
  await pick(page, '100005', '06000', 4);
  await page.keyboard.type('2');
  for (let tab = 0; tab < 3; tab++) await page.keyboard.press('Tab');
  await expect(page.getByLabel('Regel 4 · Lengte mm')).toBeFocused();
  await page.keyboard.type('2350');
  const line4 = page.getByRole('listitem', { name: 'Regel 4' });
  await expect(line4).toContainText('zagen op 2.350 mm');
  await line4.getByRole('button', { name: 'Zaaginstructie als regelopmerking' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Regel 4 · Regelopmerking')).toHaveValue('Zagen op 2.350 mm');
  await expect(page.getByLabel('Regel 4 · Regelopmerking')).toBeFocused();
  // A scanned item number the local catalog does not know: allowed, marked, and it needs a description.
  await page.keyboard.press('Alt+L');
  await page.keyboard.type('999999');
  await page.keyboard.press('Enter');
  const line5 = page.getByRole('listitem', { name: 'Regel 5' });
  await expect(line5).toContainText(/niet in de lokale catalogus \(gesynchroniseerd .+\)/);
  // Pieces are whole numbers.
  await page.getByLabel('Regel 1 · Aantal').fill('2,5');
  await page.keyboard.press('Alt+P');
  await page.keyboard.press('Control+Enter');
  const summary = page.locator('.error-summary');
  await expect(summary).toContainText('Regel 1 · Aantal: is in stuks (ST), en stuks zijn hele getallen');
  await expect(summary).toContainText(
    'Regel 5 · Omschrijving: is nodig: artikel 999999 staat niet in de lokale catalogus',
  );
  await page.getByLabel('Regel 1 · Aantal').fill('3');
  await page.getByLabel('Regel 5 · Omschrijving').fill('Hoeklijn volgens tekening');
  await screenshotAtSizes(page, 'orders-lines-units-nl', page.getByRole('heading', { name: /^Regels/ }));
  await screenshot(page, 'orders-lines-units-full-nl');
  await page.keyboard.press('Control+Enter');

  const notice = page.locator('.submission-notice');
  await expect(notice).toHaveAttribute('data-state', 'delivered');
  await expect(notice).toContainText('3 stuks 100003');
  await expect(notice).toContainText('12,5 meter 100001');
  await expect(notice).toContainText('250 kg 100002');
  const stored = await storedFor('Eenheden Klant');
  expect(stored.quoteRequestLines).toEqual([
    {
      lineNo: 10000,
      itemNo: '100003',
      variantCode: '06000',
      profileCode: expect.any(String),
      qualityCode: 'S355J2H',
      description: expect.stringContaining('Rechthoekige koker 120 x 60 x 5 mm'),
      quantity: 3,
      unitOfMeasureCode: 'ST',
      lengthMm: 0,
      widthMm: 0,
      thicknessMm: 0,
      lineRemarks: '',
    },
    {
      lineNo: 20000,
      itemNo: '100001',
      variantCode: '12000',
      profileCode: expect.any(String),
      qualityCode: 'S355J2',
      description: expect.stringContaining('Hoekstaal ongelijkzijdig'),
      quantity: 12.5,
      unitOfMeasureCode: 'MTR',
      lengthMm: 0,
      widthMm: 0,
      thicknessMm: 0,
      lineRemarks: '',
    },
    {
      lineNo: 30000,
      itemNo: '100002',
      variantCode: '06000',
      profileCode: expect.any(String),
      qualityCode: 'S235JR',
      description: expect.stringContaining('IPE 270'),
      quantity: 250,
      unitOfMeasureCode: 'KG',
      lengthMm: 0,
      widthMm: 0,
      thicknessMm: 0,
      lineRemarks: '',
    },
    {
      lineNo: 40000,
      itemNo: '100005',
      variantCode: '06000',
      profileCode: expect.any(String),
      qualityCode: 'S235JR',
      description: expect.stringContaining('UNP 160'),
      quantity: 2,
      unitOfMeasureCode: 'ST',
      lengthMm: 2350,
      widthMm: 0,
      thicknessMm: 0,
      lineRemarks: 'Zagen op 2.350 mm',
    },
    {
      lineNo: 50000,
      itemNo: '999999',
      variantCode: '',
      profileCode: '',
      qualityCode: '',
      description: 'Hoeklijn volgens tekening',
      quantity: 1,
      unitOfMeasureCode: 'ST',
      lengthMm: 0,
      widthMm: 0,
      thicknessMm: 0,
      lineRemarks: '',
    },
  ]);

  // The slip as it prints: quantities with their unit by name, the cut length as a cut.
  await page.emulateMedia({ media: 'print' });
  const slip = page.locator('.print-slip');
  await expect(slip).toContainText(stored.number);
  await expect(slip).toContainText('12,5 meter');
  await expect(slip).toContainText('zagen op 2.350 mm');
  await screenshot(page, 'orders-slip-nl');
  await page.emulateMedia({ media: 'screen' });

  // The outbox detail says the same.
  await page.keyboard.press('Alt+4');
  const row = page.locator(`tr[data-request-id="${stored.requestId}"]`);
  await row.getByText('5 regels').click();
  await expect(row).toContainText('250 kg · 100002');
  await expect(row).toContainText('zagen op 2.350 mm');

  // The line entry in English, at both window sizes.
  await page.keyboard.press('Alt+5');
  await page.getByText('English').click();
  await page.keyboard.press('Alt+1');
  await page.getByLabel('Contact name').fill('Units Customer');
  await pick(page, '100003', '06000', 1, 'en');
  await page.keyboard.type('3');
  await page.getByLabel('Line 1 · Length mm').fill('2350');
  await screenshotAtSizes(page, 'orders-lines-units-en', page.getByRole('heading', { name: /^Lines/ }));
  await page.keyboard.press('Alt+N');
  await page.keyboard.press('Alt+5');
  await page.getByText('Nederlands').click();
});

test('orders: a pickup carries its date; a delivery goes to the billing address; switching loses nothing', async ({
  page,
}) => {
  await page.goto(desk.shell.ready.url);
  await catalogSynced(page);

  // Pickup with a date ("ophaaldatum"); a date in the past is refused first.
  await newCounterOrder(page, 'Afhaal Klant');
  await page.keyboard.press('Alt+L');
  await page.keyboard.type('100014');
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Regel 1 · Artikel')).toHaveValue('100014');
  await expect(page.getByLabel('Regel 1 · Omschrijving')).toHaveValue(/IPE 400/);
  const pickupDate = page.getByLabel('Ophaaldatum');
  await pickupDate.fill(isoDay(-1));
  await page.keyboard.press('Alt+P');
  await page.keyboard.press('Control+Enter');
  await expect(page.locator('.error-summary')).toContainText('Gewenste datum: ligt in het verleden');
  await pickupDate.fill(isoDay(2));
  await screenshot(page, 'orders-pickup-date-nl');
  await page.keyboard.press('Control+Enter');
  await expect(page.locator('.submission-notice')).toHaveAttribute('data-state', 'delivered');
  const pickup = await storedFor('Afhaal Klant');
  expect(pickup).toMatchObject({
    deliveryMethod: 'Pickup',
    requestedDeliveryDate: isoDay(2),
    useShipToAddress: false,
    shipToAddress: '',
  });
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('.print-slip')).toContainText('ophalen op');
  await page.emulateMedia({ media: 'screen' });

  // Delivery: another address typed, then the billing address chosen; the typed address is kept.
  await newCounterOrder(page, 'Bezorg Klant');
  await page.getByLabel('Adres', { exact: true }).fill('Industrieweg 5');
  await page.getByLabel('Plaats', { exact: true }).fill('Hilversum');
  await page.keyboard.press('Alt+L');
  await page.keyboard.type('100014');
  await page.keyboard.press('Enter');
  await page.getByRole('radio', { name: 'Bezorgen' }).check();
  await expect(page.getByRole('radio', { name: 'het factuuradres' })).toBeChecked();
  await page.getByRole('radio', { name: 'een ander adres' }).check();
  await page.getByLabel('Afleveradres', { exact: true }).fill('Havenstraat 12');
  await page.getByLabel('Plaats aflevering').fill('Huizen');
  await page.getByRole('radio', { name: 'Afhalen' }).check();
  await expect(page.getByLabel('Afleveradres', { exact: true })).toBeHidden();
  await page.getByRole('radio', { name: 'Bezorgen' }).check();
  await expect(page.getByLabel('Afleveradres', { exact: true })).toHaveValue('Havenstraat 12');
  await page.getByRole('radio', { name: 'het factuuradres' }).check();
  await expect(page.getByText('Het eerder getypte afleveradres blijft bewaard')).toBeVisible();
  // More than a year ahead: the form asks, a second send confirms.
  await page.getByLabel('Leverdatum').fill(isoDay(400));
  await page.keyboard.press('Alt+P');
  await screenshot(page, 'orders-delivery-billing-nl');
  await page.keyboard.press('Control+Enter');
  await expect(page.getByText(/ligt meer dan een jaar vooruit/)).toBeVisible();
  expect((await storedQuotes()).some((request) => request.contactName === 'Bezorg Klant')).toBe(false);
  await page.getByLabel('Leverdatum').fill(isoDay(5));
  await page.keyboard.press('Control+Enter');
  // The previous order's notice says "delivered" already: wait for this one to reach the host.
  await expect
    .poll(async () => (await storedQuotes()).filter((request) => request.contactName === 'Bezorg Klant'))
    .toHaveLength(1);
  await expect(page.locator('.submission-notice')).toHaveAttribute('data-state', 'delivered');
  const delivery = await storedFor('Bezorg Klant');
  expect(delivery).toMatchObject({
    deliveryMethod: 'Delivery',
    useShipToAddress: false,
    address: 'Industrieweg 5',
    city: 'Hilversum',
    requestedDeliveryDate: isoDay(5),
    shipToName: '',
    shipToAddress: '',
    shipToCity: '',
  });
});
