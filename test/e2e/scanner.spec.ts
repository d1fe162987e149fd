// A keyboard-wedge scanner at the counter: item code and Enter typed at 0, 5 and 10 ms per key, the
// quantity typed straight after and Enter, 20 lines per speed, in the Dutch UI (`1.000` is a thousand,
// `2,5` two and a half). Every line must reach the emulator with the quantity typed: no key lost, none in
// the wrong field, whatever the catalog lookups behind each Enter are doing. One order per speed, with
// sizes of its own, and every kind of code and quantity at every speed, through the entry row and the
// picker. (Fifty lines per speed proved nothing more and took two and a half times the keys: about 600 a
// test, minutes each on a loaded machine.)
import type { Page } from '@playwright/test';
import path from 'node:path';
import type { StoredRequestView } from '../support/emulator-profile.ts';
import { LOOK_SIZES, SCREENSHOT_DIR, screenshotAtSizes, type DeskAgainstEmulator } from './browser-shell.ts';
import { catalogSynced } from './desk-steps.ts';
import { expect, test } from './fixtures.ts';

const LINES = 20;
/** The last lines of each run are scanned into the catalog picker instead of the entry row. */
const PICKER_LINES = 5;

test.use({ hostAtStart: { variants: 3000 } });

type Row = { itemNo: string; variantCode: string; baseUnit: string; lengthMm: number };

/** A line as the test types it: the code scanned, the quantity typed, the quantity the host must store. */
interface ScannedLine {
  code: string;
  typed: string;
  stored: number;
}

/** The catalog synced through the app, then the codes to scan: single-size items and items with sizes. */
async function scanPlan(page: Page, speed: number): Promise<ScannedLine[]> {
  await catalogSynced(page);
  const found = await page.evaluate(() =>
    window.voa!.catalog.search({ query: '', blocked: 'exclude', limit: 500 }),
  );
  if (!found.ok) throw new Error(found.error.message);
  const sizesOf = new Map<string, Row[]>();
  for (const row of found.value.rows) sizesOf.set(row.itemNo, [...(sizesOf.get(row.itemNo) ?? []), row]);
  // An item with several sizes scanned by its number is the item as a whole, counted in its base unit:
  // the line that may carry decimals (pieces stay whole).
  const wholeItems = [...sizesOf.values()]
    .filter((rows) => rows.length > 1 && rows[0]!.baseUnit !== 'PCS')
    .map((rows) => rows[0]!.itemNo);
  // A cut-to-length size asks for its length before it can be sent (counter-exact.spec.ts): sizes with a
  // standard length here, so that a scan and a quantity make a whole line.
  const sizes = found.value.rows.filter((row) => row.variantCode !== '' && row.lengthMm > 0);
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

async function storedQuote(
  desk: DeskAgainstEmulator,
  contactName: string,
): Promise<StoredRequestView | undefined> {
  const { requests } = await desk.emulator.admin<{ requests: StoredRequestView[] }>('/requests/quote');
  return requests.find((request) => request.contactName === contactName);
}

for (const delay of [0, 5, 10]) {
  test(`scanner at ${delay} ms per key: ${LINES} codes, each with Enter and a quantity typed straight after, all arrive with their quantity`, async ({
    page,
    desk,
  }) => {
    // About 250 keys per test: a loaded CI machine can need minutes for them, not the app.
    test.setTimeout(600_000);
    await page.goto(desk.shell.ready.url);
    await expect(page.getByRole('heading', { name: 'Balie', level: 1 })).toBeVisible();
    const plan = await scanPlan(page, delay);
    const contactName = `Scanner ${delay} ms`;
    await page.getByLabel('Medewerker aan de balie').selectOption('Anja de Vries');
    await page.getByLabel('Contactpersoon').fill(contactName);

    const item = page.getByLabel('Nieuwe regel · Artikel');
    const picker = page.getByRole('combobox', { name: 'Zoeken in de catalogus (Alt+K)' });
    await page.keyboard.press('Alt+L');
    await expect(item).toBeFocused();
    // The entry row, then the last lines through the picker (one scan rule for both). The first code of
    // each through its locator, every key after it wherever the app put the cursor: no test step moves
    // the focus, so a key typed while the app is still busy lands where the app left it.
    for (const [index, line] of plan.entries()) {
      if (index === 0) await item.pressSequentially(line.code, { delay });
      else if (index === LINES - PICKER_LINES) {
        await page.keyboard.press('Alt+K');
        await picker.pressSequentially(line.code, { delay });
      } else await page.keyboard.type(line.code, { delay });
      await page.keyboard.press('Enter');
      await page.keyboard.type(line.typed, { delay });
      await page.keyboard.press('Enter');
    }
    await expect(page.getByRole('listitem', { name: /^Regel \d+$/ })).toHaveCount(LINES);
    await expect(item).toHaveValue('');
    await expect(picker).toHaveValue('');
    await expect(page.getByLabel('Regel 4 · Aantal')).toHaveValue('1.000');
    await page.keyboard.press('Alt+P');
    await page.keyboard.press('Control+Enter');
    await expect(page.locator('.submission-notice')).toHaveAttribute('data-state', 'delivered', {
      timeout: 30_000,
    });

    const stored = await storedQuote(desk, contactName);
    const expected = plan.map((line) => {
      const [itemNo, variantCode = ''] = line.code.split(/[ /]/);
      return [itemNo, variantCode, line.stored];
    });
    expect(
      stored?.quoteRequestLines?.map((line) => [line.itemNo, line.variantCode ?? '', line.quantity]),
    ).toEqual(expected);
  });
}

/** The picker scrolled to the bottom edge of the window, then typed in: its results must open in view. */
async function pickerNearTheBottom(page: Page, text: string, name: string) {
  const picker = page.locator('.item-picker input[role="combobox"]');
  for (const size of LOOK_SIZES) {
    await page.keyboard.press('Escape');
    await page.setViewportSize(size);
    await picker.evaluate((element) => {
      const box = element.getBoundingClientRect();
      window.scrollBy(0, box.bottom - window.innerHeight + 4);
    });
    await picker.focus();
    await picker.fill('');
    await picker.pressSequentially(text);
    const list = page.getByRole('listbox');
    await expect(list.getByRole('option').first()).toBeVisible();
    await expect
      .poll(async () => {
        const box = await list.boundingBox();
        return box ? box.y + box.height <= size.height && box.y >= 0 : false;
      })
      .toBe(true);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-${size.width}x${size.height}.png`) });
  }
  await picker.fill('');
}

test('scanner: the value as understood, number errors, the same size twice and the picker in view, in Dutch and English', async ({
  page,
  desk,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto(desk.shell.ready.url);
  await expect(page.getByRole('heading', { name: 'Balie', level: 1 })).toBeVisible();
  const plan = await scanPlan(page, 0);
  const code = plan[0]!.code;
  const lines = page.locator('.lines');
  const words = {
    nl: {
      line: 'Regel',
      entry: 'Nieuwe regel · Artikel',
      quantity: 'Aantal',
      length: 'Lengte mm',
      width: 'Breedte mm',
      thousand: '1.000',
      unclear: 'Onduidelijk getal',
      negative: 'negatief getal kan niet',
      zero: 'Nul kan niet',
      add: 'Optellen bij regel 1',
    },
    en: {
      line: 'Line',
      entry: 'New line · Item',
      quantity: 'Qty',
      length: 'Length mm',
      width: 'Width mm',
      thousand: '1,000',
      unclear: 'Unclear number',
      negative: 'negative number is not possible',
      zero: 'Zero is not possible',
      add: 'Add to line 1',
    },
  } as const;

  for (const language of ['nl', 'en'] as const) {
    const w = words[language];
    if (language === 'en') {
      await page.keyboard.press('Alt+5');
      await page.getByText('English').click();
      await page.keyboard.press('Alt+1');
      await expect(page.getByRole('heading', { name: 'Counter', level: 1 })).toBeVisible();
    }
    const field = (line: number, name: string) => page.getByLabel(`${w.line} ${line} · ${name}`);

    // Scan, then a thousand written the language's way: "= 1000" beside the quantity while typing.
    await page.keyboard.press('Alt+L');
    await expect(page.getByLabel(w.entry)).toBeFocused();
    await page.keyboard.type(code);
    await page.keyboard.press('Enter');
    await expect(field(1, w.quantity)).toBeFocused();
    await page.keyboard.type(w.thousand);
    await expect(lines.locator('.number-field__understood')).toHaveText('= 1000');
    await screenshotAtSizes(page, `input-numbers-${language}`, lines);
    await page.keyboard.press('Enter');
    await expect(page.getByLabel(w.entry)).toBeFocused();

    // Each kind of problem its own message, with the right form as the example.
    await field(1, w.quantity).fill('1.000,5,3');
    await field(1, w.length).fill('-5');
    await field(1, w.width).fill('0');
    const problems = lines.locator('.line__errors');
    await expect(problems).toContainText(w.unclear);
    await expect(problems).toContainText(w.negative);
    await expect(problems).toContainText(w.zero);
    await screenshotAtSizes(page, `input-number-errors-${language}`, lines);
    await field(1, w.quantity).fill(w.thousand);
    await field(1, w.length).fill('');
    await field(1, w.width).fill('');
    await expect(problems).toHaveCount(0);

    // The same size again: asked; Enter adds to the first line.
    await page.keyboard.press('Alt+L');
    await page.keyboard.type(code);
    await page.keyboard.press('Enter');
    await expect(field(2, w.quantity)).toBeFocused();
    await page.keyboard.type('2');
    await page.keyboard.press('Enter');
    const question = page.getByRole('alertdialog');
    await expect(question.getByRole('button', { name: w.add })).toBeFocused();
    await screenshotAtSizes(page, `input-same-size-${language}`, lines);
    await page.keyboard.press('Enter');
    await expect(question).toHaveCount(0);
    await expect(page.getByRole('listitem', { name: new RegExp(`^${w.line} \\d+$`) })).toHaveCount(1);
    await expect(field(1, w.quantity)).toHaveValue('1002');
    await expect(page.getByLabel(w.entry)).toBeFocused();

    await pickerNearTheBottom(page, plan[2]!.code.split('/')[0]!, `input-picker-bottom-${language}`);
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.keyboard.press('Alt+N');
  }
  await page.keyboard.press('Alt+5');
  await page.getByText('Nederlands').click();
});
