import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestEmulator, type EmulatorTestClient, type Json } from './emulator-client.ts';

describe('admin API', () => {
  let client: EmulatorTestClient;

  beforeAll(async () => {
    client = await startTestEmulator();
  });
  afterAll(async () => {
    await client.stop();
  });
  beforeEach(async () => {
    await client.admin('/reset', 'POST');
  });

  it('GET /requests/quote shows every stored request exactly as stored, lines with their line numbers', async () => {
    await client.createRequest('quote', {
      requestId: 'abc-1',
      privacyAccepted: true,
      privacyConsentVersion: 'pv1',
      contactName: 'Jan de Vries',
      email: 'jan@bouw.example',
      countryCode: 'nl',
      deliveryMethod: 'Delivery',
      requestedDeliveryDate: '2030-05-01',
      source: 'fair',
      unknownKey: 'ignored',
      quoteRequestLines: [{ itemNo: 'hea200', variantCode: '12000', quantity: 4, lengthMm: 0 }],
    });
    const answer = await client.admin('/requests/quote');
    expect(answer.status).toBe(200);
    const [stored] = answer.json.requests;
    expect(stored).toEqual({
      number: 'WEB000001',
      status: 'New',
      receivedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      customerNo: '',
      requestId: 'ABC-1',
      privacyAccepted: true,
      privacyConsentVersion: 'PV1',
      contactName: 'Jan de Vries',
      email: 'jan@bouw.example',
      companyName: '',
      vatRegistrationNo: '',
      phoneNo: '',
      customerReference: '',
      languageCode: '',
      address: '',
      address2: '',
      postCode: '',
      city: '',
      countryCode: 'NL',
      deliveryMethod: 'Delivery',
      shipToCode: '',
      useShipToAddress: false,
      shipToName: '',
      shipToAddress: '',
      shipToAddress2: '',
      shipToPostCode: '',
      shipToCity: '',
      shipToCountryCode: '',
      requestedDeliveryDate: '2030-05-01',
      remarks: '',
      ipHash: '',
      source: 'fair',
      assistedBy: '',
      quoteRequestLines: [
        {
          lineNo: 10000,
          itemNo: 'HEA200',
          variantCode: '12000',
          profileCode: '',
          qualityCode: '',
          description: '',
          quantity: 4,
          unitOfMeasureCode: '',
          lengthMm: 0,
          widthMm: 0,
          thicknessMm: 0,
          lineRemarks: '',
        },
      ],
    });
  });

  it('GET /requests/account shows stored account requests with every payload key', async () => {
    await client.createRequest('account', {
      privacyAccepted: true,
      privacyConsentVersion: 'pv1',
      email: 'a@b.example',
      jobTitle: 'Inkoper',
    });
    const [stored] = (await client.admin('/requests/account')).json.requests;
    expect(stored).toMatchObject({
      number: 'ACC000001',
      status: 'New',
      email: 'a@b.example',
      jobTitle: 'Inkoper',
      existingCustomer: 'Unknown',
      statedCustomerNo: '',
      reviewer: '',
      rejectionReason: '',
    });
  });

  it('GET /mail lists recorded mail', async () => {
    await client.createRequest('quote', {
      privacyAccepted: true,
      privacyConsentVersion: 'pv1',
      email: 'jan@bouw.example',
    });
    const mail = (await client.admin('/mail')).json.mail;
    expect(mail).toHaveLength(2);
    expect(mail[0]).toMatchObject({
      kind: 'confirmation',
      to: 'jan@bouw.example',
      subject: expect.stringContaining('WEB000001'),
    });
  });

  it('GET /calls lists method, path, status, time and the client id of the token', async () => {
    await client.catalog('voaCategories');
    const calls = (await client.admin('/calls')).json.calls;
    const catalogCall = calls.find((call: Json) => call.target === 'catalog');
    expect(catalogCall).toMatchObject({
      method: 'GET',
      path: expect.stringContaining('/voaCategories'),
      status: 200,
      time: expect.stringMatching(/Z$/),
      clientId: client.emulator.info.sync.clientId,
    });
    // Admin calls are not part of the host's call log.
    expect(calls.some((call: Json) => call.path.includes('/admin/'))).toBe(false);
  });

  it('POST /reset empties requests, mail and calls and restores settings', async () => {
    await client.admin('/settings', 'POST', { quoteNextNumber: 'X100' });
    await client.createRequest('quote', {
      privacyAccepted: true,
      privacyConsentVersion: 'pv1',
      email: 'a@b.example',
    });
    expect((await client.admin('/reset', 'POST')).status).toBe(200);
    expect((await client.admin('/requests/quote')).json.requests).toEqual([]);
    expect((await client.admin('/mail')).json.mail).toEqual([]);
    expect((await client.admin('/settings')).json.quoteNextNumber).toBe('WEB000001');
  });

  it('POST /reset with start options serves that host until a reset without them brings back its own', async () => {
    const started = client.emulator.expectedCatalog;
    const firstItems = (await client.catalog('voaItems')).json.value;
    const faults = { rules: [{ kind: 'status5xx', match: 'catalog', status: 503, count: 1 }] };
    const answer = await client.admin('/reset', 'POST', {
      variants: 300,
      seed: 'other',
      steel: false,
      pageSize: 7,
      faults,
    });
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ seed: 'other', steel: false, pageSize: 7 });
    expect(answer.json.catalog.variants).toBe(300);
    expect(client.emulator.expectedCatalog.variants).toBe(300);
    expect((await client.admin('/settings')).json).toMatchObject({ steel: false, pageSize: 7 });
    // The fault strikes the first catalog page, then the other seed's catalog arrives in pages of 7.
    expect((await client.catalog('voaItems')).status).toBe(503);
    const items = (await client.catalog('voaItems')).json.value;
    expect(items).toHaveLength(7);
    expect(items).not.toEqual(firstItems.slice(0, 7));

    expect((await client.admin('/reset', 'POST')).json).toMatchObject({ seed: '1', steel: true });
    expect(client.emulator.expectedCatalog).toEqual(started);
    expect((await client.catalog('voaItems')).json.value).toEqual(firstItems);
  });

  it('POST /reset refuses unknown options and bad faults with 400, and changes nothing', async () => {
    expect((await client.admin('/reset', 'POST', { colour: 'blue' })).status).toBe(400);
    const badFaults = await client.admin('/reset', 'POST', { faults: { rules: [{ kind: 'flood' }] } });
    expect(badFaults.status).toBe(400);
    expect(badFaults.text).toContain('faults');
    expect((await client.admin('/settings')).json.steel).toBe(true);
  });

  it('POST /settings changes Refuse Requests, number series, steel and page size; GET /settings shows them', async () => {
    const answer = await client.admin('/settings', 'POST', {
      refuseRequests: true,
      accountNextNumber: 'A-0001',
      steel: false,
      pageSize: 10,
    });
    expect(answer.json).toMatchObject({
      refuseRequests: true,
      accountNextNumber: 'A-0001',
      steel: false,
      pageSize: 10,
    });
    expect((await client.admin('/settings')).json).toMatchObject({
      refuseRequests: true,
      steel: false,
      pageSize: 10,
    });
    expect((await client.catalog('voaItems')).json.value).toHaveLength(10);
  });

  it('POST /settings refuses unknown keys and wrong types with 400', async () => {
    expect((await client.admin('/settings', 'POST', { pageSize: 'big' })).status).toBe(400);
    expect((await client.admin('/settings', 'POST', { colour: 'blue' })).status).toBe(400);
  });

  it('POST /faults takes the fault specification and GET /faults shows it with what is left', async () => {
    const answer = await client.admin('/faults', 'POST', { rules: [{ kind: 'status429', count: 2 }] });
    expect(answer.json.rules).toEqual([{ kind: 'status429', count: 2, fired: 0, remaining: 2 }]);
    await client.catalog('voaCategories');
    expect((await client.admin('/faults')).json.rules[0]).toMatchObject({ fired: 1, remaining: 1 });
  });

  it('GET /process reports the process id, its memory and the CPU time it has spent', async () => {
    const before = await client.admin('/process');
    expect(before.json).toMatchObject({ pid: process.pid, rssMb: expect.any(Number) });
    await client.catalog('voaVariants');
    const after = await client.admin('/process');
    // The bench reads the emulator's CPU over a sync: serving a page of sizes must show in it.
    expect(after.json.cpuSeconds).toBeGreaterThan(before.json.cpuSeconds);
  });

  it('an unknown admin path answers 404', async () => {
    expect((await client.admin('/nothing')).status).toBe(404);
  });
});
