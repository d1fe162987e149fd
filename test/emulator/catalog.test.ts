import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { catalogPageDefinitions, type CatalogPageName, type CatalogRow } from '../../emulator/index.ts';
import {
  escapeCompanyForUrl,
  startTestEmulator,
  type EmulatorTestClient,
  type Json,
} from './emulator-client.ts';

const contractProperties = (page: CatalogPageName): string[] =>
  catalogPageDefinitions[page].properties.map((property) => property.name);

function withoutEtag(row: Record<string, unknown>): Record<string, unknown> {
  const { ['@odata.etag']: _etag, ...rest } = row;
  return rest;
}

describe('catalog pages', () => {
  let client: EmulatorTestClient;

  beforeAll(async () => {
    client = await startTestEmulator({ variants: 600, seed: 'catalog' });
  });
  afterAll(async () => {
    await client.stop();
  });
  beforeEach(async () => {
    await client.admin('/reset', 'POST');
  });

  /** Every row of a page, following @odata.nextLink. */
  async function readAll(
    page: string,
    query?: string,
    language?: string,
  ): Promise<{ rows: Json[]; pages: Json[] }> {
    const pages: Json[] = [];
    let answer = await client.catalog(page, query, language ? { language } : {});
    for (;;) {
      expect(answer.status).toBe(200);
      pages.push(answer.json);
      const next = answer.json['@odata.nextLink'] as string | undefined;
      if (!next) break;
      answer = await client.call(next, {
        token: await client.token('sync'),
        ...(language ? { language } : {}),
      });
    }
    return { rows: pages.flatMap((page) => page.value), pages };
  }

  it('voaItems answers the OData v4 list envelope with exactly the contract properties', async () => {
    const answer = await client.catalog('voaItems');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('application/json');
    expect(answer.headers.get('odata-version')).toBe('4.0');
    expect(answer.json['@odata.context']).toBe(
      `${client.emulator.info.baseUrl}/ODataV4/$metadata#Company('${escapeCompanyForUrl(client.emulator.info.companyName)}')/voaItems`,
    );
    expect(answer.json.value).toHaveLength(client.emulator.expectedCatalog.items);
    expect(Object.keys(withoutEtag(answer.json.value[0]))).toEqual(contractProperties('voaItems'));
    expect(answer.json.value[0]['@odata.etag']).toMatch(/^W\/"/);
  });

  it('voaVariants carries exactly the contract properties, typed as the contract says', async () => {
    const answer = await client.catalog('voaVariants');
    const row = answer.json.value[0];
    expect(Object.keys(withoutEtag(row))).toEqual(contractProperties('voaVariants'));
    for (const property of catalogPageDefinitions.voaVariants.properties) {
      expect(typeof row[property.name]).toBe(property.type);
    }
  });

  it('serves the rows of the seeded generator, in key order', async () => {
    const { rows } = await readAll('voaVariants');
    const table = client.emulator.catalog.tables.voaVariants;
    expect(rows.map(withoutEtag)).toEqual(
      Array.from({ length: table.count }, (_, index) => table.rowAt(index, { steel: true, language: 'en' })),
    );
  });

  it('voaCategories has Code and Description only; hierarchy lives in hyphenated codes (BEAM, BEAM-HEA)', async () => {
    const rows = (await client.catalog('voaCategories')).json.value as CatalogRow[];
    expect(Object.keys(withoutEtag(rows[0] as CatalogRow))).toEqual(['Code', 'Description']);
    const codes = rows.map((row) => row['Code'] as string);
    expect(codes).toContain('BEAM');
    expect(codes).toContain('BEAM-HEA');
    for (const code of codes.filter((candidate) => candidate.includes('-'))) {
      expect(codes).toContain(code.slice(0, code.lastIndexOf('-')));
    }
  });

  it.each(['voaProfiles', 'voaGrades', 'voaItemTypes'])(
    'the steel page %s is served while the steel extension is on',
    async (page) => {
      const answer = await client.catalog(page);
      expect(answer.status).toBe(200);
      expect(answer.json.value.length).toBeGreaterThan(0);
      expect(answer.json.value[0]).toHaveProperty('Code');
    },
  );

  it.each(['voaProfiles', 'voaGrades', 'voaItemTypes'])(
    'without the steel extension %s answers 404',
    async (page) => {
      await client.admin('/settings', 'POST', { steel: false });
      const answer = await client.catalog(page);
      expect(answer.status).toBe(404);
      expect(answer.json.error).toMatchObject({
        code: expect.any(String),
        message: expect.stringContaining(page),
      });
    },
  );

  it("without the steel extension steel text properties are '' and steel numbers 0", async () => {
    await client.admin('/settings', 'POST', { steel: false });
    const items = (await readAll('voaItems')).rows;
    const variants = (await readAll('voaVariants')).rows;
    for (const item of items) {
      expect([item.DXPriceUOMSalesDMX, item.DXItemProfileCodeDMX, item.DXQualityCodeDMX]).toEqual([
        '',
        '',
        '',
      ]);
    }
    for (const variant of variants) {
      expect([
        variant.DXLength,
        variant.DXWidth,
        variant.DXThickness,
        variant.DXExtraLength,
        variant.DXRemainingInventory,
      ]).toEqual([0, 0, 0, 0, 0]);
      expect(variant.DXFormatType).toBe('');
    }
    // With the extension the same rows carry steel values.
    await client.admin('/settings', 'POST', { steel: true });
    const steelVariants = (await readAll('voaVariants')).rows;
    expect(steelVariants.some((variant) => variant.DXLength > 0 && variant.DXFormatType !== '')).toBe(true);
  });

  it('addresses the company by name with apostrophes doubled', async () => {
    const { info } = client.emulator;
    expect(info.companyName).toContain("'");
    const doubled = `${info.baseUrl}/ODataV4/Company('${info.companyName.replaceAll("'", "''")}')/voaCategories`;
    expect((await client.call(doubled, { token: await client.token('sync') })).status).toBe(200);
    const single = `${info.baseUrl}/ODataV4/Company('${info.companyName}')/voaCategories`;
    expect((await client.call(single, { token: await client.token('sync') })).status).toBe(404);
  });

  it('an unknown company answers 404 with the Business Central error body', async () => {
    const url = `${client.emulator.info.baseUrl}/ODataV4/Company('CRONUS%20Nederland%20BV')/voaItems`;
    const answer = await client.call(url, { token: await client.token('sync') });
    expect(answer.status).toBe(404);
    expect(answer.json).toEqual({
      error: { code: expect.any(String), message: expect.stringContaining('CRONUS Nederland BV') },
    });
  });

  it('an unknown page, or a page name in another case, answers 404', async () => {
    expect((await client.catalog('voaPrices')).status).toBe(404);
    expect((await client.catalog('voaitems')).status).toBe(404);
  });

  it('$select limits the properties of every row', async () => {
    const answer = await client.catalog('voaItems', '$select=No,Description');
    expect(answer.status).toBe(200);
    expect(answer.json['@odata.context']).toMatch(/\/voaItems\(No,Description\)$/);
    for (const row of answer.json.value) expect(Object.keys(withoutEtag(row))).toEqual(['No', 'Description']);
  });

  it('$select with an unknown property answers 400 naming it', async () => {
    const answer = await client.catalog('voaItems', '$select=No,UnitPrice');
    expect(answer.status).toBe(400);
    expect(answer.json.error.message).toContain("'UnitPrice'");
  });

  it('$filter eq and ne select exactly the matching rows', async () => {
    const table = client.emulator.catalog.tables.voaItems;
    const all = Array.from({ length: table.count }, (_, index) =>
      table.rowAt(index, { steel: true, language: 'en' }),
    );
    const category = all[3]?.['ItemCategoryCode'] as string;
    const byCategory = await client.catalog(
      'voaItems',
      `$filter=${encodeURIComponent(`ItemCategoryCode eq '${category}'`)}`,
    );
    expect(byCategory.json.value.map((row: CatalogRow) => row['No'])).toEqual(
      all.filter((row) => row['ItemCategoryCode'] === category).map((row) => row['No']),
    );
    const unblocked = await client.catalog('voaItems', `$filter=${encodeURIComponent('Blocked ne true')}`);
    expect(unblocked.json.value).toHaveLength(all.filter((row) => row['Blocked'] !== true).length);
  });

  it('$filter combines with and, or and parentheses', async () => {
    const table = client.emulator.catalog.tables.voaVariants;
    const all = Array.from({ length: table.count }, (_, index) =>
      table.rowAt(index, { steel: true, language: 'en' }),
    );
    const filter =
      "(DXLength eq 6000 or DXLength eq 12000) and Blocked eq false and DXFormatType eq 'Stock length'";
    const { rows } = await readAll('voaVariants', `$filter=${encodeURIComponent(filter)}`);
    const expected = all.filter(
      (row) =>
        (row['DXLength'] === 6000 || row['DXLength'] === 12000) &&
        row['Blocked'] === false &&
        row['DXFormatType'] === 'Stock length',
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(rows.map(withoutEtag)).toEqual(expected);
  });

  it('$filter on an unknown property, with a mistyped literal or an unsupported operator answers 400', async () => {
    for (const filter of [
      'Price eq 10',
      "DXLength eq '6000'",
      'DXLength gt 6000',
      "contains(Description,'HEA')",
    ]) {
      const answer = await client.catalog('voaVariants', `$filter=${encodeURIComponent(filter)}`);
      expect(answer.status, filter).toBe(400);
      expect(answer.json.error.code, filter).toEqual(expect.any(String));
    }
  });

  it('a string literal in $filter doubles its apostrophes', async () => {
    const answer = await client.catalog(
      'voaItems',
      `$filter=${encodeURIComponent("Description eq 'HEA ''200'' balk'")}`,
    );
    expect(answer.status).toBe(200);
    expect(answer.json.value).toEqual([]);
  });

  it('a $filter on item number and code with a $select answers that one size, with only those properties', async () => {
    const { rows: all } = await readAll('voaVariants');
    const wanted = all[Math.floor(all.length / 2)] as Json;
    const filter = `ItemNo eq '${wanted['ItemNo']}' and Code eq '${wanted['Code']}'`;
    const answer = await client.catalog(
      'voaVariants',
      `$filter=${encodeURIComponent(filter)}&$select=ItemNo,Code,DXRemainingInventory`,
    );
    expect(answer.status).toBe(200);
    expect(answer.json['@odata.nextLink']).toBeUndefined();
    expect(answer.json.value.map(withoutEtag)).toEqual([
      {
        ItemNo: wanted['ItemNo'],
        Code: wanted['Code'],
        DXRemainingInventory: wanted['DXRemainingInventory'],
      },
    ]);
    // The same filter with the key written the other way round, and a size that does not exist.
    const reversed = await client.catalog(
      'voaVariants',
      `$filter=${encodeURIComponent(`Code eq '${wanted['Code']}' and ItemNo eq '${wanted['ItemNo']}'`)}`,
    );
    expect(reversed.json.value.map((row: Json) => row['Code'])).toEqual([wanted['Code']]);
    const missing = await client.catalog(
      'voaVariants',
      `$filter=${encodeURIComponent(`ItemNo eq '${wanted['ItemNo']}' and Code eq 'GEENMAAT'`)}`,
    );
    expect(missing.status).toBe(200);
    expect(missing.json.value).toEqual([]);
  });

  it("POST /catalog/stock changes a size's remaining inventory for every read after it, until a reset", async () => {
    const first = (await client.catalog('voaVariants')).json.value[0] as Json;
    const filter = `ItemNo eq '${first['ItemNo']}' and Code eq '${first['Code']}'`;
    const read = async () =>
      (await client.catalog('voaVariants', `$filter=${encodeURIComponent(filter)}`)).json.value[0]?.[
        'DXRemainingInventory'
      ];
    const changed = (first['DXRemainingInventory'] as number) + 17;
    const answer = await client.admin('/catalog/stock', 'POST', {
      itemNo: first['ItemNo'],
      code: first['Code'],
      remainingInventory: changed,
    });
    expect(answer.status).toBe(200);
    expect(await read()).toBe(changed);
    // The whole page says the same: a sync after the change reads the new figure too.
    const page = (await client.catalog('voaVariants')).json.value[0] as Json;
    expect(page['DXRemainingInventory']).toBe(changed);
    const unknown = await client.admin('/catalog/stock', 'POST', {
      itemNo: first['ItemNo'],
      code: 'GEENMAAT',
      remainingInventory: 1,
    });
    expect(unknown.status).toBe(404);
    await client.admin('/reset', 'POST');
    expect(await read()).toBe(first['DXRemainingInventory']);
  });

  it('pages server-side: @odata.nextLink is absolute, keeps $select and $filter, and carries a $skiptoken', async () => {
    await client.admin('/settings', 'POST', { pageSize: 50 });
    const filter = 'Blocked eq false';
    const { rows, pages } = await readAll(
      'voaVariants',
      `$select=ItemNo,Code,Blocked&$filter=${encodeURIComponent(filter)}`,
    );
    expect(pages.length).toBeGreaterThan(5);
    for (const page of pages.slice(0, -1)) {
      expect(page.value).toHaveLength(50);
      const next = new URL(page['@odata.nextLink']);
      expect(page['@odata.nextLink'].startsWith(`${client.emulator.info.baseUrl}/ODataV4/Company(`)).toBe(
        true,
      );
      expect(next.searchParams.get('$select')).toBe('ItemNo,Code,Blocked');
      expect(next.searchParams.get('$filter')).toBe(filter);
      expect(next.searchParams.get('$skiptoken')).toMatch(/^'\d+','[^']+'$/);
    }
    const table = client.emulator.catalog.tables.voaVariants;
    const expected = Array.from({ length: table.count }, (_, index) =>
      table.rowAt(index, { steel: true, language: 'en' }),
    )
      .filter((row) => row['Blocked'] === false)
      .map((row) => ({ ItemNo: row['ItemNo'], Code: row['Code'], Blocked: false }));
    expect(rows.map(withoutEtag)).toEqual(expected);
  });

  it('the default page size is 20,000 rows, like the host', async () => {
    expect(client.emulator.info.pageSize).toBe(20_000);
    expect((await client.admin('/settings')).json.pageSize).toBe(20_000);
  });

  it('DXFormatType is the caption in the session language set by Accept-Language', async () => {
    const english = (await client.catalog('voaVariants', '$select=Code,DXFormatType', { language: 'en-US' }))
      .json.value;
    const dutch = (await client.catalog('voaVariants', '$select=Code,DXFormatType', { language: 'nl-NL' }))
      .json.value;
    const captions = new Map(
      english.map((row: CatalogRow, index: number) => [row['DXFormatType'], dutch[index]['DXFormatType']]),
    );
    expect(captions.get('Stock length')).toBe('Handelslengte');
    expect(captions.get('Plate format')).toBe('Plaatformaat');
    expect(english.map((row: CatalogRow) => row['Code'])).toEqual(
      dutch.map((row: CatalogRow) => row['Code']),
    );
  });

  it('a query option the emulator does not implement ($top) answers 400 instead of being ignored', async () => {
    expect((await client.catalog('voaItems', '$top=5')).status).toBe(400);
  });

  it('a catalog page accepts GET only: POST answers 405', async () => {
    const answer = await client.call(client.catalogUrl('voaItems'), {
      method: 'POST',
      token: await client.token('sync'),
      body: '{}',
    });
    expect(answer.status).toBe(405);
  });
});
