// Exports through the browser shell against the host emulator: the catalog screen exports what it shows
// (its search) to CSV, and the outbox exports a day's requests to XLSX after saying the file holds personal
// data. The browser shell has no save dialog: the file goes to the data directory's exports folder, and
// the screen says where. Both files are read back and compared with what the screens show.
import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures.ts';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { screenshot, type DeskAgainstEmulator } from './browser-shell.ts';
import { counterOrderWithOneLine, startupSyncEnded } from './desk-steps.ts';

let desk: DeskAgainstEmulator;

// Each test's own desk, from the fixture (fixtures.ts), kept where this file's helpers read it.
test.beforeEach(({ desk: own }) => {
  desk = own;
});

test('exports: the catalog’s search to CSV in Dutch, and a day’s requests to XLSX with a personal-data note', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1024, height: 700 });
  await page.goto(desk.shell.ready.url);
  await startupSyncEnded(page);

  await page.keyboard.press('Alt+3');
  await page.getByRole('searchbox').fill('IPE ');
  await expect(page.locator('.result-row').first()).toBeVisible();
  const shown = await page.evaluate(async () => {
    const found = await window.voa!.catalog.search({ query: 'IPE ', limit: 500 });
    return found.ok ? found.value.rows.map((row) => `${row.itemNo}/${row.variantCode}`) : [];
  });
  const exports = page.getByRole('group', { name: 'Exporteer wat getoond wordt' });
  await exports.getByRole('button', { name: 'CSV' }).click();
  const written = exports.getByRole('status');
  await expect(written).toContainText(`${shown.length} maten opgeslagen in`);
  await screenshot(page, 'catalog-export-nl');
  const csvFile = /opgeslagen in (.+\.csv)\./.exec((await written.textContent()) ?? '')![1]!;
  const [header, ...rows] = parse(await readFile(csvFile), { bom: true, delimiter: ';' }) as string[][];
  expect(header?.slice(0, 2)).toEqual(['Artikelnr.', 'Maatcode']);
  expect(rows.map((row) => `${row[0]}/${row[1]}`)).toEqual(shown);

  // A counter order today, then the day's requests from the outbox.
  await counterOrderWithOneLine(page, 'Karin Export');
  await page.keyboard.press('Alt+P');
  await page.keyboard.press('Control+Enter');
  await expect(page.locator('.submission-notice')).toBeVisible();
  await page.keyboard.press('Alt+4');
  await page.getByRole('button', { name: 'Exporteren…' }).click();
  const panel = page.getByRole('region', { name: 'Aanvragen exporteren' });
  await expect(panel.getByRole('note')).toContainText('persoonsgegevens');
  await screenshot(page, 'outbox-export-nl');
  await panel.getByRole('button', { name: 'Exporteren met persoonsgegevens' }).click();
  const saved = panel.getByRole('status');
  await expect(saved).toContainText('1 aanvragen opgeslagen in');
  const xlsxFile = /opgeslagen in (.+\.xlsx)\./.exec((await saved.textContent()) ?? '')![1]!;
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(xlsxFile);
  const sheet = workbook.worksheets[0]!;
  expect(sheet.name).toBe('Aanvragen');
  expect(sheet.getRow(1).getCell(6).value).toBe('Contactpersoon');
  expect(sheet.getRow(2).getCell(6).value).toBe('Karin Export');
  expect(String(sheet.getRow(2).getCell(10).value)).toContain('100014');
  expect(sheet.rowCount).toBe(2);
});
