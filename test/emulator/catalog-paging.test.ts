import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEmulator, type EmulatorTestClient } from './emulator-client.ts';

describe('catalog of 50,000 variants, paged by the host', () => {
  let client: EmulatorTestClient;

  beforeAll(async () => {
    client = await startTestEmulator({ variants: 50_000, seed: 'paging' });
  });
  afterAll(async () => {
    await client.stop();
  });

  it('following @odata.nextLink with the default page size yields every variant once, ending on the last row', async () => {
    const token = await client.token('sync');
    let url: string | undefined = client.catalogUrl('voaVariants');
    let rows = 0;
    let pages = 0;
    let lastRow: Record<string, unknown> | undefined;
    const keys = new Set<string>();
    while (url) {
      const answer = await client.call(url, { token });
      expect(answer.status).toBe(200);
      pages++;
      for (const row of answer.json.value) keys.add(`${row.ItemNo}/${row.Code}`);
      rows += answer.json.value.length;
      lastRow = answer.json.value.at(-1) ?? lastRow;
      url = answer.json['@odata.nextLink'];
    }
    expect(pages).toBe(3);
    expect(rows).toBe(50_000);
    expect(keys.size).toBe(50_000);
    const { ['@odata.etag']: _etag, ...lastProperties } = lastRow ?? {};
    expect(lastProperties).toEqual(
      client.emulator.catalog.tables.voaVariants.rowAt(49_999, { steel: true, language: 'en' }),
    );
  });

  it('the items of that catalog page the same way, to the count the generator promises', async () => {
    const token = await client.token('sync');
    let url: string | undefined = client.catalogUrl('voaItems', '$select=No');
    let rows = 0;
    while (url) {
      const answer = await client.call(url, { token });
      rows += answer.json.value.length;
      url = answer.json['@odata.nextLink'];
    }
    expect(rows).toBe(client.emulator.expectedCatalog.items);
  });
});
