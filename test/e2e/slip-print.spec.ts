// The counter slip through the browser shell against the host emulator: laid out for A4 and for an 80 mm
// roll, rendered to PDF and read back (text, page width, and the QR code decoded by a scanner library), and
// printed again from the outbox, also while the request still waits for its number. The browser shell has
// no silent printing: the page's print call is recorded here in place of the browser's dialog (the desktop
// app's silent print is covered by the shell wiring test, test/integration/electron-shell.test.ts).
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { StoredRequestView } from '../support/emulator-profile.ts';
import { pdfPages, pdfText, pdfToPng, qrTextOnPdf } from '../support/slip-pdf.ts';
import { SCREENSHOT_DIR, screenshot, type DeskAgainstEmulator } from './browser-shell.ts';
import { CountingKeyboard, enterCounterOrder, THREE_LINE_ORDER } from './counter-keyboard-order.ts';
import { counterOrderWithOneLine, startupSyncEnded } from './desk-steps.ts';
import { expect, test } from './fixtures.ts';

declare global {
  interface Window {
    /** What each print call printed: the slip in the page at that moment. */
    printedSlips?: { paper: string | null; html: string }[];
  }
}

let desk: DeskAgainstEmulator;
const PDF_DIR = path.join('test-results', 'slips');

// Each test's own desk, from the fixture (fixtures.ts), kept where this file's helpers read it.
test.beforeEach(async ({ desk: own }) => {
  desk = own;
  await mkdir(PDF_DIR, { recursive: true });
});

async function openDesk(page: Page) {
  await page.addInitScript(() => {
    const printed: { paper: string | null; html: string }[] = [];
    window.printedSlips = printed;
    window.print = () => {
      const slip = document.querySelector('.print-slip');
      printed.push({ paper: slip?.getAttribute('data-paper') ?? null, html: slip?.outerHTML ?? '' });
    };
  });
  await page.setViewportSize({ width: 1024, height: 700 });
  await page.goto(desk.shell.ready.url);
  await expect(page.getByRole('heading', { name: 'Balie', level: 1 })).toBeVisible();
  await startupSyncEnded(page);
}

/** Settings → the slip's paper, as the employee chooses it; back to the counter. */
async function choosePaper(page: Page, label: 'A4' | 'Bonrol 80 mm') {
  await page.keyboard.press('Alt+5');
  const section = page.getByRole('region', { name: 'Baliebon' });
  await section.getByLabel(label, { exact: true }).check();
  await expect(section.getByLabel(label, { exact: true })).toBeChecked();
  await expect.poll(() => page.evaluate(async () => (await window.voa!.print.choice({})).ok)).toBe(true);
  return section;
}

/** The page as it prints, to a PDF on the page size its print style names. */
async function slipPdf(page: Page, name: string): Promise<string> {
  const file = path.join(PDF_DIR, `${name}.pdf`);
  await page.pdf({ path: file, preferCSSPageSize: true });
  await pdfToPng(file, path.join(SCREENSHOT_DIR, `${name}.png`));
  return file;
}

async function finishOf(page: Page, itemNo: string): Promise<string> {
  return page.evaluate(async (no) => {
    const item = await window.voa!.catalog.item({ itemNo: no });
    return item.ok ? item.value.description2 : '';
  }, itemNo);
}

test('slip: a delivered counter order prints on A4 and on an 80 mm roll, with its number as a QR code and every line’s treatment, unit and cut', async ({
  page,
}) => {
  await openDesk(page);
  const section = await choosePaper(page, 'A4');
  // The browser shell lists no printers: the browser's dialog chooses one, and Settings says so.
  await expect(section).toContainText('kiest het afdrukvenster de printer');
  await screenshot(page, 'settings-slip-nl');

  await page.keyboard.press('Alt+1');
  await page.getByLabel('Medewerker aan de balie').selectOption('Anja de Vries');
  await page.getByLabel('Contactpersoon').focus();
  await enterCounterOrder(new CountingKeyboard(page), THREE_LINE_ORDER);
  const notice = page.locator('.submission-notice');
  await expect(notice).toHaveAttribute('data-state', 'delivered');
  const stored = (await desk.emulator.admin<{ requests: StoredRequestView[] }>('/requests/quote')).requests;
  const number = stored.at(-1)!.number;
  await expect(notice).toContainText(number);

  // Printing asks main first; the browser shell has no silent printing, so the page prints itself.
  await notice.getByRole('button', { name: /Bon afdrukken/ }).click();
  await expect.poll(() => page.evaluate(() => window.printedSlips?.length)).toBe(1);
  expect(await page.evaluate(() => window.printedSlips?.[0]?.paper)).toBe('a4');

  const finishes = await Promise.all(THREE_LINE_ORDER.lines.map((line) => finishOf(page, line.itemNo)));
  expect(finishes.some(Boolean)).toBe(true);
  for (const [paper, label, widthMm] of [
    ['a4', 'A4', 210],
    ['roll80', 'Bonrol 80 mm', 80],
  ] as const) {
    await choosePaper(page, label);
    await page.keyboard.press('Alt+1');
    await expect(page.locator('.print-slip')).toHaveAttribute('data-paper', paper);
    const file = await slipPdf(page, `slip-${paper}-nl`);
    const size = await pdfPages(file);
    expect(size.widthMm).toBeCloseTo(widthMm, 0);
    expect(size.pages).toBe(1);
    const text = (await pdfText(file)).replace(/\s+/g, ' ');
    expect(text).toContain(number);
    expect(text).toContain('Afhalen aan de balie');
    expect(text).toContain('Anja de Vries');
    expect(text).toMatch(
      /\b\d{1,2} (januari|februari|maart|april|mei|juni|juli|augustus|september|oktober|november|december) 20\d\d\b/,
    );
    // IPE beams go by weight, the tube in pieces sawn to length.
    expect(text).toContain('4 kg');
    expect(text).toContain('12 stuks');
    expect(text).toContain('zagen op 1.200 mm');
    for (const finish of finishes.filter(Boolean)) expect(text).toContain(finish);
    for (const line of THREE_LINE_ORDER.lines) expect(text).toContain(line.itemNo);
    // What the warehouse's scanner reads off the paper.
    expect(await qrTextOnPdf(file)).toBe(number);
  }
});

test('slip: an order still waiting for its number carries its requestId; any counter order is printed again from the outbox', async ({
  page,
}) => {
  await openDesk(page);
  await choosePaper(page, 'Bonrol 80 mm');
  // An order delivered earlier, to be printed again from the outbox too.
  await counterOrderWithOneLine(page, 'Eva Eerder');
  await page.keyboard.press('Alt+P');
  await page.keyboard.press('Control+Enter');
  await expect(page.locator('.submission-notice')).toHaveAttribute('data-state', 'delivered');
  // The host fails every request for now: the order stays queued, without a number.
  await desk.emulator.admin('/faults', { rules: [{ kind: 'status5xx', match: 'requests' }] });
  try {
    await counterOrderWithOneLine(page, 'Els Wachter');
    await page.keyboard.press('Alt+P');
    await page.keyboard.press('Control+Enter');
    const notice = page.locator('.submission-notice');
    await expect(notice).toHaveAttribute('data-state', 'queued');
    const requestId = await page.locator('.print-slip').getAttribute('data-request-id');
    expect(requestId).toMatch(/^VD-[0-9A-Z]{26}$/);

    await page.keyboard.press('Alt+4');
    const row = page.locator(`tr[data-request-id="${requestId}"]`);
    await expect(row).toHaveAttribute('data-state', 'queued');
    const delivered = page.locator('tr[data-state="delivered"]').first();
    await expect(delivered.getByRole('button', { name: 'Bon opnieuw afdrukken' })).toBeVisible();
    await screenshot(page, 'outbox-reprint-nl');
    await row.getByRole('button', { name: 'Bon opnieuw afdrukken' }).click();
    await expect.poll(() => page.evaluate(() => window.printedSlips?.length)).toBe(1);
    // The slip is laid out for the print only, and taken out again.
    await expect(page.locator('.print-slip')).toHaveCount(0);
    const printed = await page.evaluate(() => window.printedSlips![0]!);
    expect(printed.paper).toBe('roll80');

    // The slip as it was printed, rendered on its paper and read back.
    await page.evaluate((html) => document.body.insertAdjacentHTML('beforeend', html), printed.html);
    const file = await slipPdf(page, 'slip-roll80-pending-nl');
    expect((await pdfPages(file)).widthMm).toBeCloseTo(80, 0);
    const text = (await pdfText(file)).replace(/\s+/g, ' ');
    expect(text).toContain('Els Wachter');
    // On a roll the reference in the header breaks over two lines; under the QR code it is whole.
    expect(text).toContain('Aanvraagnummer volgt (referentie VD');
    expect(text).toContain(requestId);
    expect(text).toContain('100014');
    expect(await qrTextOnPdf(file)).toBe(requestId);
  } finally {
    await desk.emulator.admin('/faults', { rules: [] });
  }
});
