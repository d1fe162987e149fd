// A keyboard-wedge scanner at the counter: item code and Enter typed at 0, 5 and 10 ms per key, the
// quantity typed straight after and Enter, 50 lines per speed, in the Dutch UI (`1.000` is a thousand,
// `2,5` two and a half). Every line must reach the emulator with the quantity typed: no key lost, none in
// the wrong field, whatever the catalog lookups behind each Enter are doing. One order per speed.
import { expect, test, type Page } from '@playwright/test';
import type { StoredRequestView } from '../support/emulator-profile.ts';
import { startDeskAgainstEmulator, type DeskAgainstEmulator } from './browser-shell.ts';

const LINES = 50;
let desk: DeskAgainstEmulator;

test.beforeAll(async () => {
  desk = await startDeskAgainstEmulator({ variants: 3000 });
});

test.afterAll(async () => {
  await desk?.stop();
});

type Row = { itemNo: string; variantCode: string; baseUnit: string; lengthMm: number };
type Voa = {
  sync: { start(input?: object): Promise<unknown> };
  catalog: {
    stats(input?: object): Promise<{ ok: boolean; value: { syncedAt?: string } }>;
    search(input: object): Promise<{ ok: boolean; value: { rows: Row[] } }>;
  };
};

/** A line as the test types it: the code scanned, the quantity typed, the quantity the host must store. */
interface ScannedLine {
  code: string;
  typed: string;
  stored: number;
}

/** The catalog synced through the app, then 50 codes to scan: single-size items and items with sizes. */
async function scanPlan(page: Page, speed: number): Promise<ScannedLine[]> {
  await page.evaluate(() => (window as unknown as { voa: Voa }).voa.sync.start({}));
  await expect
    .poll(
      async () =>
        (await page.evaluate(() => (window as unknown as { voa: Voa }).voa.catalog.stats({}))).value.syncedAt,
      { timeout: 60_000 },
    )
    .toBeTruthy();
  const found = await page.evaluate(() =>
    (window as unknown as { voa: Voa }).voa.catalog.search({ query: '', blocked: 'exclude', limit: 500 }),
  );
  const sizesOf = new Map<string, Row[]>();
  for (const row of found.value.rows) sizesOf.set(row.itemNo, [...(sizesOf.get(row.itemNo) ?? []), row]);
  // An item with several sizes scanned by its number is the item as a whole, counted in its base unit:
  // the line that may carry decimals (pieces stay whole).
  const wholeItems = [...sizesOf.values()]
    .filter((rows) => rows.length > 1 && rows[0]!.baseUnit !== 'PCS')
    .map((rows) => rows[0]!.itemNo);
  const sizes = found.value.rows.filter((row) => row.variantCode !== '');
  expect(wholeItems.length).toBeGreaterThan(5);
  const plan: ScannedLine[] = [];
  for (let index = 0; index < LINES; index++) {
    // Every fifth line a Dutch thousand or a decimal; the rest plain counts, each line its own size.
    if (index % 5 === 1)
      plan.push({ code: wholeItems[index % wholeItems.length]!, typed: '2,5', stored: 2.5 });
    else if (index % 5 === 3) {
      const size = sizes[(index * 7 + speed) % sizes.length]!;
      plan.push({ code: `${size.itemNo} ${size.variantCode}`, typed: '1.000', stored: 1000 });
    } else {
      const size = sizes[(index * 7 + speed) % sizes.length]!;
      const count = ((index * 13 + speed) % 97) + 2;
      plan.push({ code: `${size.itemNo}/${size.variantCode}`, typed: String(count), stored: count });
    }
  }
  return plan;
}

async function storedQuote(contactName: string): Promise<StoredRequestView | undefined> {
  const { requests } = await desk.emulator.admin<{ requests: StoredRequestView[] }>('/requests/quote');
  return requests.find((request) => request.contactName === contactName);
}

for (const delay of [0, 5, 10]) {
  test(`scanner at ${delay} ms per key: 50 codes, each with Enter and a quantity typed straight after, all arrive with their quantity`, async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await page.goto(desk.shell.ready.url);
    await expect(page.getByRole('heading', { name: 'Balie', level: 1 })).toBeVisible();
    const plan = await scanPlan(page, delay);
    const contactName = `Scanner ${delay} ms`;
    await page.getByLabel('Medewerker aan de balie').selectOption('Anja de Vries');
    await page.getByLabel('Contactpersoon').fill(contactName);

    const item = page.getByLabel('Nieuwe regel · Artikel');
    await page.keyboard.press('Alt+L');
    await expect(item).toBeFocused();
    // The first code through the locator, every key after it wherever the app put the cursor: no test
    // step moves the focus, so a key typed while the app is still busy lands where the app left it.
    for (const [index, line] of plan.entries()) {
      if (index === 0) await item.pressSequentially(line.code, { delay });
      else await page.keyboard.type(line.code, { delay });
      await page.keyboard.press('Enter');
      await page.keyboard.type(line.typed, { delay });
      await page.keyboard.press('Enter');
    }
    await expect(page.getByRole('listitem', { name: /^Regel \d+$/ })).toHaveCount(LINES);
    await expect(item).toHaveValue('');
    await expect(page.getByLabel('Regel 4 · Aantal')).toHaveValue('1.000');
    await page.keyboard.press('Alt+P');
    await page.keyboard.press('Control+Enter');
    await expect(page.locator('.submission-notice')).toHaveAttribute('data-state', 'delivered', {
      timeout: 30_000,
    });

    const stored = await storedQuote(contactName);
    const expected = plan.map((line) => {
      const [itemNo, variantCode = ''] = line.code.split(/[ /]/);
      return [itemNo, variantCode, line.stored];
    });
    expect(
      stored?.quoteRequestLines?.map((line) => [line.itemNo, line.variantCode ?? '', line.quantity]),
    ).toEqual(expected);
  });
}
