// Exports read back as a manager's Excel would read them: the CSV by a CSV parser (BOM, `;` in Dutch, `,`
// in English) and the XLSX by an XLSX reader, compared with the synced catalog and with the outbox; and the
// CLI's `catalog export` and `outbox export` writing the same content.
import { readFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogSizeRow } from '../../src/shared/contract/catalog-search.ts';
import { SOURCE_COUNTER_VISIT } from '../../src/shared/contract/fixed-values.ts';
import type { QuoteRequestInput } from '../../src/shared/contract/request-schemas.ts';
import { dispatchBridgeCall } from '../../src/main/core/bridge/dispatch.ts';
import { sampleCounterVisit } from '../support/request-samples.ts';
import { runCli } from '../support/processes.ts';
import { syncedEmulatorCatalog, type SyncedCatalog } from '../support/synced-catalog.ts';

let catalog: SyncedCatalog;
let dir: string;

beforeAll(async () => {
  catalog = await syncedEmulatorCatalog({ variants: 1500, seed: 'exports' });
  dir = await mkdtemp(path.join(os.tmpdir(), 'voa-exports-'));
});

afterAll(async () => {
  await catalog?.close();
  await rm(dir, { recursive: true, force: true });
});

/** Every size the catalog screen finds for these filters, page by page. */
async function allSizes(filters: { query?: string; profileCode?: string; inStock?: boolean }) {
  const rows: CatalogSizeRow[] = [];
  for (let offset = 0; ; offset += 500) {
    const page = await catalog.core.handlers['catalog:search']({
      query: '',
      blocked: 'include',
      ...filters,
      offset,
      limit: 500,
    });
    rows.push(...page.rows);
    if (offset + 500 >= page.total) return rows;
  }
}

async function readCsv(file: string, delimiter: string): Promise<string[][]> {
  const bytes = await readFile(file);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return parse(bytes, { bom: true, delimiter, relax_column_count: false });
}

async function readXlsx(file: string): Promise<{ name: string; rows: unknown[][] }> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  const sheet = workbook.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { name: sheet.name, rows };
}

const pad = (part: number) => String(part).padStart(2, '0');
const localMinute = (moment: Date) =>
  `${moment.getFullYear()}-${pad(moment.getMonth() + 1)}-${pad(moment.getDate())} ${pad(moment.getHours())}:${pad(moment.getMinutes())}`;

describe('catalog export', () => {
  it('CSV in Dutch (BOM, `;`, decimal comma) and XLSX in English hold every size the screen’s filters find', async () => {
    const facets = await catalog.core.handlers['catalog:facets']({});
    const profile = [...facets.profiles].sort((a, b) => b.sizes - a.sizes)[0]!;
    const expected = await allSizes({ profileCode: profile.code });
    expect(expected.length).toBeGreaterThan(50);
    const stats = await catalog.core.handlers['catalog:stats']({});
    const asOf = localMinute(new Date(stats.syncedAt!));
    const filters = {
      query: '',
      profileCode: profile.code,
      blocked: 'include' as const,
      offset: 0,
      limit: 1,
    };

    const csvFile = path.join(dir, 'catalog-nl.csv');
    expect(await catalog.core.exports.catalogTo(csvFile, 'csv', filters, 'nl')).toBe(expected.length);
    const [header, ...rows] = await readCsv(csvFile, ';');
    expect(header).toEqual([
      'Artikelnr.',
      'Maatcode',
      'Omschrijving',
      'Maat',
      'Omschrijving 2',
      'Lengte mm',
      'Breedte mm',
      'Dikte mm',
      'Profiel',
      'Kwaliteit',
      'Basiseenheid',
      'Voorraad',
      'Voorraad per',
      'Artikel geblokkeerd',
      'Verkoop geblokkeerd',
      'Maat geblokkeerd',
    ]);
    expect(rows.map((row) => `${row[0]}/${row[1]}`)).toEqual(
      expected.map((size) => `${size.itemNo}/${size.variantCode}`),
    );
    for (const [index, size] of expected.entries()) {
      const row = rows[index]!;
      const item = catalog.items.get(size.itemNo)!;
      expect(row[2]).toBe(size.itemDescription);
      expect(row[4]).toBe(item.Description2 ?? '');
      expect(row[5]).toBe(size.lengthMm > 0 ? String(size.lengthMm).replace('.', ',') : '');
      expect(row[8]).toBe(profile.code);
      expect(row[11]).toBe(String(size.inventory).replace('.', ','));
      expect(row[12]).toBe(asOf);
      expect(row.slice(13)).toEqual(
        [size.itemBlocked, size.salesBlocked, size.sizeBlocked].map((flag) => (flag ? 'ja' : 'nee')),
      );
    }
    // Somewhere in a real catalog there is a decimal: Dutch Excel reads it only with a comma.
    const decimals = expected.filter((size) => !Number.isInteger(size.inventory));
    for (const size of decimals.slice(0, 3)) {
      expect(rows.some((row) => row[11] === String(size.inventory).replace('.', ','))).toBe(true);
    }

    const xlsxFile = path.join(dir, 'catalog-en.xlsx');
    expect(await catalog.core.exports.catalogTo(xlsxFile, 'xlsx', filters, 'en')).toBe(expected.length);
    const sheet = await readXlsx(xlsxFile);
    expect(sheet.name).toBe('Catalog');
    expect(sheet.rows[0]).toEqual([
      'Item no.',
      'Size code',
      'Description',
      'Size',
      'Second description',
      'Length mm',
      'Width mm',
      'Thickness mm',
      'Profile',
      'Grade',
      'Base unit',
      'Stock',
      'Stock as of',
      'Item blocked',
      'Sales blocked',
      'Size blocked',
    ]);
    const body = sheet.rows.slice(1);
    expect(body).toHaveLength(expected.length);
    for (const [index, size] of expected.entries()) {
      const row = body[index]!;
      expect(row[0]).toBe(size.itemNo);
      expect(row[1] ?? '').toBe(size.variantCode);
      // Numbers are numbers in the workbook, the as-of time a date cell at the workstation's clock.
      expect(row[11]).toBe(size.inventory);
      expect(row[12]).toBeInstanceOf(Date);
      expect((row[12] as Date).toISOString().slice(0, 16).replace('T', ' ')).toBe(asOf);
      expect(row.slice(13)).toEqual(
        [size.itemBlocked, size.salesBlocked, size.sizeBlocked].map((flag) => (flag ? 'yes' : 'no')),
      );
    }
  });

  it('a text search exports its ranked sizes in the screen’s order; the CLI writes the same file', async () => {
    const expected = await allSizes({ query: 'IPE ' });
    expect(expected.length).toBeGreaterThan(0);
    const file = path.join(dir, 'ipe-en.csv');
    const filters = { query: 'IPE ', blocked: 'include' as const, offset: 0, limit: 1 };
    await catalog.core.exports.catalogTo(file, 'csv', filters, 'en');
    const [, ...rows] = await readCsv(file, ',');
    expect(rows.map((row) => `${row[0]}/${row[1]}`)).toEqual(
      expected.map((size) => `${size.itemNo}/${size.variantCode}`),
    );

    const cliFile = path.join(dir, 'ipe-cli.csv');
    const { profile, dataDir } = catalog.core.location;
    const run = await runCli([
      '--data-dir',
      dataDir,
      '--profile',
      profile,
      'catalog',
      'export',
      'IPE',
      '--out',
      cliFile,
      '--language',
      'en',
    ]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(`${expected.length} sizes written to ${cliFile}`);
    expect(await readFile(cliFile, 'utf8')).toBe(await readFile(file, 'utf8'));

    const bad = await runCli([
      '--data-dir',
      dataDir,
      '--profile',
      profile,
      'catalog',
      'export',
      '--out',
      'x.pdf',
    ]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--format must be csv or xlsx');
  });
});

describe('outbox export', () => {
  it('a day’s or an event’s requests with number, date, contact, company, lines and state; the CLI says it is personal data', async () => {
    const submit = async (payload: QuoteRequestInput) => {
      const answer = await dispatchBridgeCall(catalog.core.handlers, 'outbox:submit', {
        kind: 'quote',
        payload,
      });
      expect(answer.ok, JSON.stringify(answer)).toBe(true);
    };
    // A fair's request names no employee: assistedBy is for counter visits only.
    const { assistedBy: _counterEmployee, ...fairRequest } = sampleCounterVisit;
    const fair = { ...fairRequest, source: 'Staaldagen 2026' };
    await submit({ ...fair, contactName: 'Eva de Boer', companyName: 'De Boer; Zonen' });
    await submit({ ...fair, contactName: '=Piet', companyName: 'Piet "Staal" BV' });
    await submit({ ...sampleCounterVisit, source: SOURCE_COUNTER_VISIT });
    const today = localMinute(new Date()).slice(0, 10);

    const eventFile = path.join(dir, 'event-nl.csv');
    expect(await catalog.core.exports.outboxTo(eventFile, 'csv', { source: 'Staaldagen 2026' }, 'nl')).toBe(
      2,
    );
    const [header, ...rows] = await readCsv(eventFile, ';');
    expect(header).toEqual([
      'Aanvraagnummer',
      'Referentie',
      'Datum',
      'Soort',
      'Bron',
      'Contactpersoon',
      'Bedrijf',
      'E-mail',
      'Telefoon',
      'Regels',
      'Status',
    ]);
    // Oldest first; a `;` and quotes stay inside their field; a leading `=` is kept as text, not a formula.
    expect(rows.map((row) => [row[4], row[5], row[6], row[9], row[10]])).toEqual([
      ['Staaldagen 2026', 'Eva de Boer', 'De Boer; Zonen', '4 PCS HEA200 (6000 mm)', 'te verzenden'],
      ['Staaldagen 2026', "'=Piet", 'Piet "Staal" BV', '4 PCS HEA200 (6000 mm)', 'te verzenden'],
    ]);
    expect(rows.every((row) => row[0] === '' && /^VD-/.test(row[1]!) && row[2]!.startsWith(today))).toBe(
      true,
    );

    const dayFile = path.join(dir, 'day-en.xlsx');
    const { profile, dataDir } = catalog.core.location;
    const run = await runCli([
      '--data-dir',
      dataDir,
      '--profile',
      profile,
      'outbox',
      'export',
      '--day',
      today,
      '--out',
      dayFile,
      '--language',
      'en',
    ]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(`3 requests written to ${dayFile}`);
    expect(run.stderr).toContain('personal data');
    const sheet = await readXlsx(dayFile);
    expect(sheet.name).toBe('Requests');
    expect(sheet.rows.slice(1).map((row) => [row[5], row[10]])).toEqual([
      ['Eva de Boer', 'queued'],
      ['=Piet', 'queued'],
      ['Jan Smit', 'queued'],
    ]);

    const none = await runCli([
      '--data-dir',
      dataDir,
      '--profile',
      profile,
      'outbox',
      'export',
      '--out',
      dayFile,
    ]);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('give --day YYYY-MM-DD or --event NAME');
  });
});
