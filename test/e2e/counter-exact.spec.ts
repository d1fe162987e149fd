// What a counter order must be when it leaves the desk, as the host stores it: typed queries at macro
// speed all arrive, a refused scan never spoils the next one, the plain item comes before a treated one
// nobody asked for and the treatment travels with a line, a cut-to-length size goes out in pieces with
// its length, a quantity that reads two ways is asked, and nothing typed is dropped or sent empty.
import type { Page } from '@playwright/test';
import type { CatalogSizeRow } from '../../src/shared/contract/catalog-search.ts';
import type { StoredRequestView } from '../support/emulator-profile.ts';
import { screenshotAtSizes, type DeskAgainstEmulator } from './browser-shell.ts';
import { catalogSynced, chooseLanguage } from './desk-steps.ts';
import { expect, test } from './fixtures.ts';

// Every kind of query and quantity at each key speed; a longer order proves no more and costs minutes.
const LINES = 20;

test.use({ hostAtStart: { variants: 3000 } });

let desk: DeskAgainstEmulator;

// Each test's own desk, from the fixture (fixtures.ts), kept where this file's helpers read it.
test.beforeEach(({ desk: own }) => {
  desk = own;
});

async function storedQuote(contactName: string): Promise<StoredRequestView | undefined> {
  const { requests } = await desk.emulator.admin<{ requests: StoredRequestView[] }>('/requests/quote');
  return requests.find((request) => request.contactName === contactName);
}

async function search(page: Page, query: string): Promise<CatalogSizeRow[]> {
  const found = await page.evaluate((text) => window.voa!.catalog.search({ query: text, limit: 30 }), query);
  if (!found.ok) throw new Error(found.error.message);
  return found.value.rows;
}

const pickable = (row: CatalogSizeRow) => !row.itemBlocked && !row.salesBlocked && !row.sizeBlocked;

/** Starts a counter order in the Dutch UI for `contactName`, the cursor in the catalog search. */
async function newCounterOrder(page: Page, contactName: string) {
  await page.keyboard.press('Alt+1');
  await expect(page.getByRole('heading', { name: 'Balie', level: 1 })).toBeVisible();
  await page.keyboard.press('Alt+N');
  await page.getByLabel('Medewerker aan de balie').selectOption('Anja de Vries');
  await page.getByLabel('Contactpersoon').fill(contactName);
  await page.keyboard.press('Alt+K');
  await expect(pickerOf(page)).toBeFocused();
}

const pickerOf = (page: Page) =>
  page.getByRole('combobox', { name: /Zoeken in de catalogus|Search the catalog/ });

async function sendAndWaitForDelivery(page: Page) {
  await page.keyboard.press('Alt+P');
  await page.keyboard.press('Control+Enter');
  await expect(page.locator('.submission-notice')).toHaveAttribute('data-state', 'delivered', {
    timeout: 30_000,
  });
}

/**
 * Queries as staff type them ("hea 200 12000", "koker 100x100x5"), each naming a different size: the
 * first size the search finds for it is what Enter picks.
 */
async function typedPlan(page: Page, speed: number) {
  // One round trip: the candidate queries and their searches run in the page, as the picker's do.
  const plan = await page.evaluate(
    async ({ lines, speed }) => {
      const voa = window.voa!;
      const all = await voa.catalog.search({ query: '', blocked: 'exclude', limit: 500 });
      if (!all.ok) throw new Error(all.error.message);
      const picked = new Set<string>();
      const found: { query: string; itemNo: string; variantCode: string; typed: string; stored: number }[] =
        [];
      for (const [index, row] of all.value.rows.entries()) {
        if (found.length === lines) break;
        // A cut-to-length size asks for its length (its own test): sizes with a standard length here.
        if (!row.variantCode || row.lengthMm === 0 || (index + speed) % 3 !== 0) continue;
        const words = row.itemDescription.split(' ');
        const query = `${words.slice(0, 2).join(' ')} ${row.variantCode.toLowerCase()}`;
        const answer = await voa.catalog.search({ query, limit: 30 });
        const first = answer.ok
          ? answer.value.rows.find((size) => !size.itemBlocked && !size.salesBlocked && !size.sizeBlocked)
          : undefined;
        if (!first || first.lengthMm === 0 || picked.has(`${first.itemNo}/${first.variantCode}`)) continue;
        picked.add(`${first.itemNo}/${first.variantCode}`);
        const count = ((found.length * 11 + speed) % 40) + 2;
        found.push({
          query,
          itemNo: first.itemNo,
          variantCode: first.variantCode,
          typed: String(count),
          stored: count,
        });
      }
      return found;
    },
    { lines: LINES, speed },
  );
  expect(plan).toHaveLength(LINES);
  return plan;
}

for (const delay of [0, 5, 10]) {
  test(`typed queries at ${delay} ms per key: ${LINES} queries, each with Enter, a quantity and Enter, all arrive with their quantity`, async ({
    page,
  }) => {
    test.setTimeout(600_000);
    await page.goto(desk.shell.ready.url);
    await catalogSynced(page);
    const plan = await typedPlan(page, delay);
    const contactName = `Getypt ${delay} ms`;
    await newCounterOrder(page, contactName);
    // Every key after the first through the keyboard, wherever the app put the cursor.
    for (const line of plan) {
      await page.keyboard.type(line.query, { delay });
      await page.keyboard.press('Enter');
      await page.keyboard.type(line.typed, { delay });
      await page.keyboard.press('Enter');
    }
    await expect(page.getByRole('listitem', { name: /^Regel \d+$/ })).toHaveCount(LINES);
    await expect(pickerOf(page)).toHaveValue('');
    await sendAndWaitForDelivery(page);
    const stored = await storedQuote(contactName);
    expect(stored?.quoteRequestLines?.map((line) => [line.itemNo, line.variantCode, line.quantity])).toEqual(
      plan.map((line) => [line.itemNo, line.variantCode, line.stored]),
    );
  });
}

test('a refused scan is replaced by the next one, never appended; Esc clears the search', async ({
  page,
}) => {
  await page.goto(desk.shell.ready.url);
  await catalogSynced(page);
  const blocked = (
    await page.evaluate(async () => {
      const found = await window.voa!.catalog.search({ query: '', blocked: 'only', limit: 50 });
      return found.ok ? found.value.rows : [];
    })
  ).find((row) => row.variantCode !== '');
  expect(blocked, 'the seeded catalog has a blocked size').toBeDefined();
  const good = (await search(page, '')).find((row) => row.variantCode && pickable(row))!;
  await newCounterOrder(page, 'Geweigerde scan');
  const picker = pickerOf(page);

  await page.keyboard.type(`${blocked!.itemNo} ${blocked!.variantCode}`);
  await page.keyboard.press('Enter');
  const message = page.locator('.item-picker__message');
  await expect(message).toContainText('geblokkeerd');
  // The refused code stays selected: the next scan replaces it.
  await page.keyboard.type(`${good.itemNo} ${good.variantCode}`);
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Regel 1 · Artikel')).toHaveValue(good.itemNo);
  await expect(page.getByLabel('Regel 1 · Aantal')).toBeFocused();
  await page.keyboard.type('3');
  await page.keyboard.press('Enter');
  await expect(picker).toBeFocused();

  // A code not in the catalog, a quantity typed straight after, then Esc: nothing left behind.
  await picker.pressSequentially('999999 X1');
  await page.keyboard.press('Enter');
  await expect(message).toContainText('999999');
  // The refused text is selected: what is typed next replaces it, and the message goes with it.
  await page.keyboard.type('5');
  await expect(picker).toHaveValue('5');
  await expect(message).toHaveText('');
  await page.keyboard.press('Escape');
  await expect(picker).toHaveValue('');
  await expect(message).toHaveText('');
  await expect(page.getByRole('listitem', { name: /^Regel \d+$/ })).toHaveCount(1);
});

test('nothing typed is dropped: text left in the search stops Ctrl+Enter, and an empty counter visit is never sent', async ({
  page,
}) => {
  await page.goto(desk.shell.ready.url);
  await catalogSynced(page);
  const contactName = 'Niets vergeten';
  await newCounterOrder(page, contactName);
  // The form starts high: the customer sign-in and the parked orders are a line each until used.
  await screenshotAtSizes(page, 'counter-top-nl');
  await page.keyboard.press('Alt+P');
  await page.keyboard.press('Control+Enter');
  const summary = page.locator('.error-summary');
  await expect(summary).toContainText('een baliebezoek heeft minstens één regel nodig');
  await expect(page.getByLabel('Nieuwe regel · Artikel')).toBeFocused();

  await page.keyboard.press('Alt+K');
  await page.keyboard.type('hea 200');
  await page.keyboard.press('Control+Enter');
  await expect(
    page.getByRole('alert').filter({ hasText: '“hea 200” in het zoekveld is nog geen regel' }),
  ).toBeVisible();
  await expect(pickerOf(page)).toBeFocused();
  await screenshotAtSizes(page, 'counter-pending-picker-nl', page.locator('.lines'));
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Regel 1 · Aantal')).toBeFocused();
  await page.keyboard.type('2');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Control+Enter');
  await expect(page.locator('.submission-notice')).toHaveAttribute('data-state', 'delivered', {
    timeout: 30_000,
  });
  const stored = await storedQuote(contactName);
  expect(stored?.quoteRequestLines).toHaveLength(1);
  // No empty counter visit reached the host in this test.
  const { requests } = await desk.emulator.admin<{ requests: StoredRequestView[] }>('/requests/quote');
  expect(requests.filter((request) => request.contactName === contactName)).toHaveLength(1);
});

test('the treatment is shown and sent; a cut-to-length size goes out in pieces with its length; 1,000 is asked', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.goto(desk.shell.ready.url);
  await catalogSynced(page);
  // A treated size and a plain one of the same designation, and a cut-to-length size.
  const all = await page.evaluate(async () => {
    const found = await window.voa!.catalog.search({ query: '', blocked: 'exclude', limit: 500 });
    return found.ok ? found.value.rows : [];
  });
  const treated = all.find((row) => row.variantCode && row.itemDescription2 && row.variantCode !== 'OPMAAT')!;
  const opmaat = all.find((row) => row.variantCode === 'OPMAAT' && !row.itemDescription2)!;
  expect(treated, 'the seeded catalog has a treated item').toBeDefined();
  expect(opmaat, 'the seeded catalog has a cut-to-length size').toBeDefined();

  for (const language of ['nl', 'en'] as const) {
    await chooseLanguage(page, language);
    const w =
      language === 'nl'
        ? {
            line: 'Regel',
            quantity: 'Aantal',
            length: 'Lengte mm',
            unit: 'Eenheid',
            pieces: 'stuks',
            cut: 'zagen op 3.150 mm',
            ask: '1 of 1.000?',
            lengthMissing: 'typ de zaaglengte',
          }
        : {
            line: 'Line',
            quantity: 'Qty',
            length: 'Length mm',
            unit: 'Unit',
            pieces: 'pieces',
            cut: 'cut to 3,150 mm',
            ask: '1 or 1,000?',
            lengthMissing: 'type the length to saw',
          };
    const contactName = `Behandeld ${language}`;
    await page.keyboard.press('Alt+1');
    await page.keyboard.press('Alt+N');
    await page.getByLabel(/Medewerker aan de balie|Employee at the counter/).selectOption('Anja de Vries');
    await page.getByLabel(/Contactpersoon|Contact name/).fill(contactName);
    await page.keyboard.press('Alt+K');
    // The treated item in the picker: its treatment beside it.
    await page.keyboard.type(`${treated.itemNo} `);
    const option = page.getByRole('option').filter({ hasText: treated.itemDescription2 }).first();
    await expect(option).toBeVisible();
    await screenshotAtSizes(page, `counter-picker-treated-${language}`, page.locator('.lines'));
    await pickerOf(page).fill(`${treated.itemNo} ${treated.variantCode}`);
    await page.keyboard.press('Enter');
    const field = (line: number, name: string) => page.getByLabel(`${w.line} ${line} · ${name}`);
    await expect(field(1, w.quantity)).toBeFocused();
    // A quantity that reads two ways is asked, not guessed.
    await page.keyboard.type(language === 'nl' ? '1,000' : '1.000');
    await expect(page.locator('.line__errors')).toContainText(w.ask);
    await page.getByRole('button', { name: language === 'nl' ? 'Bedoeld: 1.000' : 'Meant: 1,000' }).click();
    await expect(field(1, w.quantity)).toHaveValue('1000');
    await expect(page.locator('.line__meta--treatment').first()).toHaveText(treated.itemDescription2);

    // The cut-to-length size: asks for its length, then counts pieces sawn to it.
    await page.keyboard.press('Alt+K');
    await page.keyboard.type(`${opmaat.itemNo} OPMAAT`);
    await page.keyboard.press('Enter');
    await expect(field(2, w.quantity)).toBeFocused();
    await page.keyboard.type('2');
    await expect(field(2, w.unit)).toHaveValue('pieces');
    await expect(page.locator('.lines')).toContainText(w.lengthMissing);
    await page.keyboard.press('Alt+P');
    await page.keyboard.press('Control+Enter');
    await expect(field(2, w.length)).toBeFocused();
    await page.keyboard.type('3150');
    await expect(page.locator('.line__meta--cut').first()).toContainText(`2 ${w.pieces}, ${w.cut}`);
    await screenshotAtSizes(page, `counter-line-treated-cut-${language}`, page.locator('.lines'));
    await page.keyboard.press('Control+Enter');
    await expect(page.locator('.submission-notice')).toHaveAttribute('data-state', 'delivered', {
      timeout: 30_000,
    });
    await expect(page.locator('.submission-notice')).toContainText(w.cut);
    await screenshotAtSizes(page, `counter-delivered-treated-${language}`);

    const stored = await storedQuote(contactName);
    expect(stored?.quoteRequestLines?.[0]).toMatchObject({
      itemNo: treated.itemNo,
      variantCode: treated.variantCode,
      quantity: 1000,
    });
    expect(stored?.quoteRequestLines?.[0]?.description).toContain(treated.itemDescription2);
    expect(stored?.quoteRequestLines?.[1]).toMatchObject({
      itemNo: opmaat.itemNo,
      variantCode: 'OPMAAT',
      quantity: 2,
      unitOfMeasureCode: 'PCS',
      lengthMm: 3150,
    });
  }
});
