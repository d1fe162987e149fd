// A table to export: its columns declared once (header in both UI languages, kind, value), written as CSV
// or XLSX from batches of rows, so a catalog of 500,000 sizes streams through with flat memory.
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import type { ExportFormat } from '../../../shared/bridge/export-calls.ts';
import type { UiLanguage } from '../../../shared/settings.ts';

export type CellValue = string | number | boolean | Date | null;

export interface ExportColumn<Row> {
  header: Record<UiLanguage, string>;
  /** XLSX column width, in characters. */
  width: number;
  value(row: Row): CellValue;
}

/** Batches of rows, read as they are written (a batch at a time is all that is held). */
export type RowBatches<Row> = AsyncIterable<readonly Row[]> | Iterable<readonly Row[]>;

/** `;` for Dutch Excel (whose list separator is `;`, as the decimal separator is `,`), `,` in English. */
export function csvDelimiter(language: UiLanguage): string {
  return language === 'nl' ? ';' : ',';
}

const BOM = '\uFEFF';
const WORDS: Record<UiLanguage, { yes: string; no: string }> = {
  nl: { yes: 'ja', no: 'nee' },
  en: { yes: 'yes', no: 'no' },
};

const pad = (part: number) => String(part).padStart(2, '0');

/** "2026-11-27 02:00" in local time: read as a date and time by Excel in either language. */
export function exportDateTime(moment: Date): string {
  return (
    `${moment.getFullYear()}-${pad(moment.getMonth() + 1)}-${pad(moment.getDate())} ` +
    `${pad(moment.getHours())}:${pad(moment.getMinutes())}`
  );
}

/** A CSV field: numbers with the language's decimal mark, quoted when it holds a separator, quote or break. */
export function csvField(value: CellValue, language: UiLanguage): string {
  let text: string;
  if (value === null) text = '';
  else if (typeof value === 'boolean') text = value ? WORDS[language].yes : WORDS[language].no;
  else if (typeof value === 'number')
    text = language === 'nl' ? String(value).replace('.', ',') : String(value);
  else if (value instanceof Date) text = exportDateTime(value);
  else text = value;
  // A leading = + - @ would make Excel read a formula out of a customer's text: keep it text.
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[";,\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * Writes the table to `file` (through a temporary file beside it, renamed when complete: a cancelled or
 * failed export leaves no half file under the name asked for). Answers the number of rows written.
 */
export async function writeTable<Row>(options: {
  file: string;
  format: ExportFormat;
  language: UiLanguage;
  sheetName: string;
  columns: readonly ExportColumn<Row>[];
  rows: RowBatches<Row>;
}): Promise<number> {
  const partial = `${options.file}.part`;
  try {
    const count =
      options.format === 'csv'
        ? await writeCsv(partial, options.columns, options.rows, options.language)
        : await writeXlsx(partial, options.columns, options.rows, options.language, options.sheetName);
    await rename(partial, options.file);
    return count;
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

async function writeCsv<Row>(
  file: string,
  columns: readonly ExportColumn<Row>[],
  rows: RowBatches<Row>,
  language: UiLanguage,
): Promise<number> {
  const out = createWriteStream(file, { encoding: 'utf8' });
  const failed = new Promise<never>((_resolve, reject) => out.once('error', reject));
  failed.catch(() => {});
  const delimiter = csvDelimiter(language);
  const line = (values: CellValue[]) =>
    `${values.map((value) => csvField(value, language)).join(delimiter)}\r\n`;
  let count = 0;
  const write = async (text: string) => {
    if (!out.write(text)) await Promise.race([once(out, 'drain'), failed]);
  };
  await write(BOM + line(columns.map((column) => column.header[language])));
  for await (const batch of rows) {
    let chunk = '';
    for (const row of batch) chunk += line(columns.map((column) => column.value(row)));
    count += batch.length;
    await write(chunk);
  }
  out.end();
  await Promise.race([once(out, 'finish'), failed]);
  return count;
}

/** exceljs writes a Date as UTC; a cell shows the workstation's clock, as the app does. */
function asLocalSerial(value: string | number | Date | null): string | number | Date | null {
  return value instanceof Date ? new Date(value.getTime() - value.getTimezoneOffset() * 60_000) : value;
}

async function writeXlsx<Row>(
  file: string,
  columns: readonly ExportColumn<Row>[],
  rows: RowBatches<Row>,
  language: UiLanguage,
  sheetName: string,
): Promise<number> {
  // Loaded here, not at start: exceljs and its dependencies are about 800 modules, a large part of the
  // core's start, for an export a manager may never ask for.
  const { default: ExcelJS } = await import('exceljs');
  // The streaming writer commits each row to the zip as it goes; shared strings would keep every text.
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename: file,
    useSharedStrings: false,
    useStyles: true,
  });
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((column) => ({ header: column.header[language], width: column.width }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  let count = 0;
  for await (const batch of rows) {
    for (const row of batch) {
      const values = columns.map((column) => {
        const value = column.value(row);
        return typeof value === 'boolean' ? (value ? WORDS[language].yes : WORDS[language].no) : value;
      });
      const added = sheet.addRow(values.map(asLocalSerial));
      added.eachCell((cell) => {
        if (cell.value instanceof Date) cell.numFmt = 'yyyy-mm-dd hh:mm';
      });
      added.commit();
    }
    count += batch.length;
  }
  sheet.commit();
  await workbook.commit();
  return count;
}
