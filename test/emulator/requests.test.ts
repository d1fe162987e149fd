import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestEmulator, type EmulatorTestClient, type Json } from './emulator-client.ts';

const consent = { privacyAccepted: true, privacyConsentVersion: 'pv-2024-1' };

describe('voaRequests', () => {
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

  const storedQuotes = async (): Promise<Json[]> => (await client.admin('/requests/quote')).json.requests;
  const storedAccounts = async (): Promise<Json[]> => (await client.admin('/requests/account')).json.requests;
  const numberOf = (answer: { json: Json }): string => JSON.parse(answer.json.value).number;

  async function expectRefused(answer: { status: number; json: Json }, messageStart: string): Promise<void> {
    expect(answer.status).toBe(400);
    expect(answer.json.error.message.startsWith(messageStart), answer.json.error.message).toBe(true);
    // The call is one transaction: nothing stored, no number used, no mail.
    expect(await storedQuotes()).toEqual([]);
    expect(await storedAccounts()).toEqual([]);
    expect((await client.admin('/mail')).json.mail).toEqual([]);
  }

  it('CreateQuoteRequest answers a string holding {"number"} inside the OData envelope', async () => {
    const answer = await client.createRequest('quote', { requestId: 'q-1', ...consent });
    expect(answer.status).toBe(200);
    expect(typeof answer.json.value).toBe('string');
    expect(JSON.parse(answer.json.value)).toEqual({ number: 'WEB000001' });
    expect(answer.json['@odata.context']).toContain('$metadata#Edm.String');
  });

  it('numbers come from the series: WEB000001, WEB000002 for quotes and ACC000001 for accounts by default', async () => {
    expect(numberOf(await client.createRequest('quote', consent))).toBe('WEB000001');
    expect(numberOf(await client.createRequest('quote', consent))).toBe('WEB000002');
    expect(
      numberOf(await client.createRequest('account', { ...consent, email: 'inkoop@bouwbedrijf.example' })),
    ).toBe('ACC000001');
  });

  it('number series are configurable: the next number is taken and its digits counted up', async () => {
    await client.admin('/settings', 'POST', {
      quoteNextNumber: 'OFF-2024-0098',
      accountNextNumber: 'PORT90',
    });
    expect(numberOf(await client.createRequest('quote', consent))).toBe('OFF-2024-0098');
    expect(numberOf(await client.createRequest('quote', consent))).toBe('OFF-2024-0099');
    expect(numberOf(await client.createRequest('account', { ...consent, email: 'a@b.example' }))).toBe(
      'PORT90',
    );
  });

  it('a payload that is not valid JSON fails: "The request is not valid JSON."', async () => {
    await expectRefused(
      await client.createRequest('quote', '{"requestId": "x",'),
      'The request is not valid JSON.',
    );
  });

  it('a payload that is JSON but not an object counts as not valid JSON', async () => {
    await expectRefused(await client.createRequest('quote', '[1,2]'), 'The request is not valid JSON.');
  });

  it('a missing key and a JSON null both mean empty: empty text, 0 or false', async () => {
    await client.createRequest('quote', {
      ...consent,
      contactName: null,
      useShipToAddress: null,
      quoteRequestLines: [{ quantity: null }],
    });
    const [stored] = await storedQuotes();
    expect(stored).toMatchObject({
      contactName: '',
      email: '',
      useShipToAddress: false,
      requestedDeliveryDate: '',
      remarks: '',
    });
    expect(stored.quoteRequestLines[0]).toMatchObject({
      itemNo: '',
      quantity: 0,
      lengthMm: 0,
      description: '',
    });
  });

  it('text longer than the field length is cut silently', async () => {
    await client.createRequest('quote', {
      ...consent,
      contactName: 'N'.repeat(150),
      phoneNo: '0'.repeat(40),
      remarks: 'r'.repeat(3000),
      quoteRequestLines: [{ description: 'd'.repeat(120), lineRemarks: 'z'.repeat(300) }],
    });
    const [stored] = await storedQuotes();
    expect(stored.contactName).toHaveLength(100);
    expect(stored.phoneNo).toHaveLength(30);
    expect(stored.remarks).toHaveLength(2048);
    expect(stored.quoteRequestLines[0].description).toHaveLength(100);
    expect(stored.quoteRequestLines[0].lineRemarks).toHaveLength(250);
  });

  it('code fields and requestId are stored uppercase', async () => {
    await client.createRequest('quote', {
      ...consent,
      requestId: 'c0ffee-abc',
      countryCode: 'nl',
      languageCode: 'nld',
      quoteRequestLines: [
        {
          itemNo: 'hea200-s235',
          variantCode: '12000m',
          profileCode: 'hea',
          qualityCode: 's235jr',
          unitOfMeasureCode: 'pcs',
        },
      ],
    });
    const [stored] = await storedQuotes();
    expect(stored).toMatchObject({
      requestId: 'C0FFEE-ABC',
      privacyConsentVersion: 'PV-2024-1',
      countryCode: 'NL',
      languageCode: 'NLD',
    });
    expect(stored.quoteRequestLines[0]).toMatchObject({
      itemNo: 'HEA200-S235',
      variantCode: '12000M',
      profileCode: 'HEA',
      qualityCode: 'S235JR',
      unitOfMeasureCode: 'PCS',
    });
  });

  it('privacyAccepted must be true: "A request cannot be accepted without agreement"', async () => {
    await expectRefused(
      await client.createRequest('quote', { privacyConsentVersion: 'PV1' }),
      'A request cannot be accepted without agreement',
    );
    await expectRefused(
      await client.createRequest('account', {
        privacyAccepted: false,
        privacyConsentVersion: 'PV1',
        email: 'a@b.example',
      }),
      'A request cannot be accepted without agreement',
    );
  });

  it('privacyConsentVersion must not be empty: "Include in privacyConsentVersion"', async () => {
    await expectRefused(
      await client.createRequest('quote', { privacyAccepted: true }),
      'Include in privacyConsentVersion',
    );
    await expectRefused(
      await client.createRequest('quote', { privacyAccepted: true, privacyConsentVersion: '  ' }),
      'Include in privacyConsentVersion',
    );
  });

  it('an account request needs an e-mail address; a quote request does not', async () => {
    await expectRefused(
      await client.createRequest('account', { ...consent }),
      'An account request without an e-mail address is not possible',
    );
    expect((await client.createRequest('quote', { ...consent })).status).toBe(200);
  });

  it('an invalid requestedDeliveryDate fails the call; a valid one is stored as YYYY-MM-DD', async () => {
    for (const date of ['2025-02-30', '15-03-2025', 'morgen', '2025-3-1']) {
      const answer = await client.createRequest('quote', { ...consent, requestedDeliveryDate: date });
      expect(answer.status, date).toBe(400);
      expect(answer.json.error.message, date).toContain(date);
    }
    expect(await storedQuotes()).toEqual([]);
    await client.createRequest('quote', { ...consent, requestedDeliveryDate: '2028-02-29' });
    expect((await storedQuotes())[0].requestedDeliveryDate).toBe('2028-02-29');
  });

  it('deliveryMethod is Pickup or Delivery; any other value becomes Pickup', async () => {
    for (const value of ['Delivery', 'Pickup', 'delivery', 'Bezorgen', undefined]) {
      await client.createRequest('quote', {
        ...consent,
        ...(value === undefined ? {} : { deliveryMethod: value }),
      });
    }
    expect((await storedQuotes()).map((request) => request.deliveryMethod)).toEqual([
      'Delivery',
      'Pickup',
      'Pickup',
      'Pickup',
      'Pickup',
    ]);
  });

  it('existingCustomer is Yes, No or Unknown; anything else becomes Unknown', async () => {
    for (const value of ['Yes', 'No', 'yes', 'Misschien', undefined]) {
      await client.createRequest('account', {
        ...consent,
        email: 'x@y.example',
        ...(value === undefined ? {} : { existingCustomer: value }),
      });
    }
    expect((await storedAccounts()).map((request) => request.existingCustomer)).toEqual([
      'Yes',
      'No',
      'Unknown',
      'Unknown',
      'Unknown',
    ]);
  });

  it('lines are numbered 10000, 20000, ... in array order; elements that are not objects are skipped', async () => {
    await client.createRequest('quote', {
      ...consent,
      quoteRequestLines: [
        { itemNo: 'A' },
        'text',
        42,
        null,
        [{ itemNo: 'nested' }],
        { itemNo: 'B' },
        { description: 'vrije regel' },
      ],
    });
    const [stored] = await storedQuotes();
    expect(
      stored.quoteRequestLines.map((line: Json) => [line.lineNo, line.itemNo, line.description]),
    ).toEqual([
      [10000, 'A', ''],
      [20000, 'B', ''],
      [30000, '', 'vrije regel'],
    ]);
  });

  it('quoteRequestLines missing or not an array: the request has no lines', async () => {
    await client.createRequest('quote', { ...consent });
    await client.createRequest('quote', { ...consent, quoteRequestLines: { itemNo: 'A' } });
    expect((await storedQuotes()).map((request) => request.quoteRequestLines)).toEqual([[], []]);
  });

  it('host-set fields in the payload are ignored: number, status New, received timestamp, customer', async () => {
    const before = Date.now();
    await client.createRequest('quote', {
      ...consent,
      number: 'WEB999999',
      status: 'Converted',
      receivedAt: '2001-01-01T00:00:00.000Z',
      customerNo: 'C00010',
    });
    await client.createRequest('account', {
      ...consent,
      email: 'a@b.example',
      reviewer: 'ME',
      rejectionReason: 'spam',
      status: 'Rejected',
    });
    const [quote] = await storedQuotes();
    expect(quote).toMatchObject({ number: 'WEB000001', status: 'New', customerNo: '' });
    expect(quote.receivedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(Date.parse(quote.receivedAt)).toBeGreaterThanOrEqual(before - 1000);
    const [account] = await storedAccounts();
    expect(account).toMatchObject({ number: 'ACC000001', status: 'New', reviewer: '', rejectionReason: '' });
  });

  it('a repeated requestId (any case) is refused with 400, [VOA-DUBBEL] and the stored number, and nothing is stored twice', async () => {
    const first = await client.createRequest('quote', { ...consent, requestId: 'Form-7f3a' });
    expect(numberOf(first)).toBe('WEB000001');
    const again = await client.createRequest('quote', {
      ...consent,
      requestId: 'FORM-7F3A',
      contactName: 'retry',
    });
    expect(again.status).toBe(400);
    expect(again.json.error.message).toContain('[VOA-DUBBEL]');
    expect(again.json.error.message).toContain('WEB000001');
    expect(
      again.json.error.message.startsWith('This submission has already been accepted under number'),
    ).toBe(true);
    expect(await storedQuotes()).toHaveLength(1);
    // The series did not move: the next new request gets the next number.
    expect(numberOf(await client.createRequest('quote', { ...consent, requestId: 'other' }))).toBe(
      'WEB000002',
    );
  });

  it('the duplicate check is per table: a quote requestId may be reused for an account request', async () => {
    await client.createRequest('quote', { ...consent, requestId: 'shared-id' });
    const account = await client.createRequest('account', {
      ...consent,
      requestId: 'shared-id',
      email: 'a@b.example',
    });
    expect(account.status).toBe(200);
    const again = await client.createRequest('account', {
      ...consent,
      requestId: 'SHARED-ID',
      email: 'a@b.example',
    });
    expect(again.status).toBe(400);
    expect(again.json.error.message).toContain('[VOA-DUBBEL]');
    expect(again.json.error.message).toContain('ACC000001');
  });

  it('without requestId there is no duplicate check', async () => {
    expect((await client.createRequest('quote', consent)).status).toBe(200);
    expect((await client.createRequest('quote', consent)).status).toBe(200);
    expect(await storedQuotes()).toHaveLength(2);
  });

  it('Refuse Requests on: both actions fail with "the service is not accepting requests at the moment."', async () => {
    await client.admin('/settings', 'POST', { refuseRequests: true });
    await expectRefused(
      await client.createRequest('quote', consent),
      'the service is not accepting requests at the moment.',
    );
    await expectRefused(
      await client.createRequest('account', { ...consent, email: 'a@b.example' }),
      'the service is not accepting requests at the moment.',
    );
    await client.admin('/settings', 'POST', { refuseRequests: false });
    expect((await client.createRequest('quote', consent)).status).toBe(200);
  });

  it('a value of the wrong JSON type for a number or Boolean field fails with 400 naming the key', async () => {
    const cases: [unknown, string][] = [
      [{ ...consent, quoteRequestLines: [{ quantity: '5' }] }, 'quantity'],
      [{ ...consent, useShipToAddress: 'yes' }, 'useShipToAddress'],
      [{ ...consent, contactName: { first: 'Jan' } }, 'contactName'],
    ];
    for (const [payload, key] of cases) {
      const answer = await client.createRequest('quote', payload);
      expect(answer.status, key).toBe(400);
      expect(answer.json.error.message, key).toContain(key);
    }
    expect(await storedQuotes()).toEqual([]);
  });

  it('privacyAccepted that is not the Boolean true, even "true" or 1, is refused as not agreed', async () => {
    for (const privacyAccepted of ['true', 1, 'yes', false]) {
      await expectRefused(
        await client.createRequest('quote', { privacyAccepted, privacyConsentVersion: 'PV1' }),
        'A request cannot be accepted without agreement',
      );
    }
  });

  it('actions take a JSON body: another content type answers 415 and stores nothing', async () => {
    const answer = await client.createRequest('quote', consent, {
      headers: { 'Content-Type': 'text/plain' },
    });
    expect(answer.status).toBe(415);
    expect(answer.json.error.message).toContain("'text/plain' is not supported");
    expect(await storedQuotes()).toEqual([]);
  });

  it('codes are uppercased character by character: ß stays, so a code never outgrows its field', async () => {
    await client.createRequest('quote', { ...consent, requestId: 'straße-1', postCode: '1234 ab' });
    const [stored] = await storedQuotes();
    expect(stored?.requestId).toBe('STRAßE-1');
    expect(stored?.postCode).toBe('1234 AB');
    // STRASSE-1 is another requestId, not a duplicate of STRAßE-1.
    expect((await client.createRequest('quote', { ...consent, requestId: 'STRASSE-1' })).status).toBe(200);
  });

  it('requestId is cut to 64 characters before the duplicate check', async () => {
    const long = `R${'x'.repeat(70)}`;
    expect((await client.createRequest('quote', { ...consent, requestId: long })).status).toBe(200);
    const again = await client.createRequest('quote', {
      ...consent,
      requestId: `${long.slice(0, 64)}-other-tail`,
    });
    expect(again.status).toBe(400);
    expect(again.json.error.message).toContain('[VOA-DUBBEL]');
    expect((await storedQuotes())[0]?.requestId).toBe(long.slice(0, 64).toUpperCase());
  });

  it('a used-up number series refuses new requests instead of widening: WEB999999 is the last', async () => {
    await client.admin('/settings', 'POST', { quoteNextNumber: 'WEB999999' });
    expect(numberOf(await client.createRequest('quote', consent))).toBe('WEB999999');
    const refused = await client.createRequest('quote', consent);
    expect(refused.status).toBe(400);
    expect(refused.json.error.message).toMatch(/^You cannot assign new numbers from the number series/);
    expect(await storedQuotes()).toHaveLength(1);
  });

  it('refusals are in Dutch for nl-NL: refuse switch, privacy, e-mail and date', async () => {
    const nl = { headers: { 'Accept-Language': 'nl-NL' } };
    const privacy = await client.createRequest(
      'quote',
      { privacyAccepted: false, privacyConsentVersion: 'P' },
      nl,
    );
    expect(privacy.json.error.message).toMatch(/^Een aanvraag kan niet worden aangenomen zonder akkoord/);
    const email = await client.createRequest('account', consent, nl);
    expect(email.json.error.message).toMatch(/^Een accountaanvraag zonder e-mailadres is niet mogelijk/);
    const date = await client.createRequest('quote', { ...consent, requestedDeliveryDate: '2026-02-30' }, nl);
    expect(date.json.error.message).toMatch(/^De waarde "2026-02-30" kan niet worden geëvalueerd/);
    await client.admin('/settings', 'POST', { refuseRequests: true });
    const refused = await client.createRequest('quote', consent, nl);
    expect(refused.json.error.message).toMatch(/^de service neemt op dit moment geen aanvragen aan/);
    await client.admin('/settings', 'POST', { refuseRequests: false });
  });

  it('error messages follow Accept-Language: Dutch for nl-NL, with the same [VOA-DUBBEL] marker', async () => {
    const invalid = await client.createRequest('quote', 'nope', { language: 'nl-NL' });
    expect(invalid.json.error.message.startsWith('Het verzoek is geen geldige JSON.')).toBe(true);
    await client.createRequest('quote', { ...consent, requestId: 'nl-1' });
    const duplicate = await client.createRequest(
      'quote',
      { ...consent, requestId: 'nl-1' },
      { language: 'nl-NL,nl;q=0.9,en;q=0.8' },
    );
    expect(duplicate.json.error.message).toMatch(
      /^Deze inzending is al aangenomen onder nummer WEB000001\. \[VOA-DUBBEL\]/,
    );
  });

  it('a wrong parameter name answers 400 without detail and stores nothing', async () => {
    for (const body of [
      { Payload: JSON.stringify(consent) },
      { payload: JSON.stringify(consent), extra: '1' },
      { request: '{}' },
      'not json',
    ]) {
      const answer = await client.call(client.actionUrl('voaRequests_CreateQuoteRequest'), {
        method: 'POST',
        token: await client.token('website'),
        body: typeof body === 'string' ? body : JSON.stringify(body),
      });
      expect(answer.status).toBe(400);
      expect(answer.json.error.code).toBe('BadRequest');
    }
    expect(await storedQuotes()).toEqual([]);
  });

  it('an unknown action answers 404', async () => {
    const answer = await client.call(client.actionUrl('voaRequests_CreateOrder'), {
      method: 'POST',
      token: await client.token('website'),
      body: JSON.stringify({ payload: '{}' }),
    });
    expect(answer.status).toBe(404);
    expect(answer.json.error.code).toEqual(expect.any(String));
  });

  it('a wrong company GUID answers 404', async () => {
    const answer = await client.call(
      client.actionUrl('voaRequests_CreateQuoteRequest', '00000000-0000-0000-0000-000000000000'),
      {
        method: 'POST',
        token: await client.token('website'),
        body: JSON.stringify({ payload: JSON.stringify(consent) }),
      },
    );
    expect(answer.status).toBe(404);
    expect(await storedQuotes()).toEqual([]);
  });

  it('GET on an action answers 405 with Allow: POST', async () => {
    const answer = await client.call(client.actionUrl('voaRequests_CreateQuoteRequest'), {
      token: await client.token('website'),
    });
    expect(answer.status).toBe(405);
    expect(answer.headers.get('allow')).toBe('POST');
  });

  it("records a confirmation and an inside-sales notification per request, in the requester's language", async () => {
    await client.createRequest('quote', {
      ...consent,
      email: 'jan@bouw.example',
      languageCode: 'ENU',
      contactName: 'Jan',
    });
    await client.createRequest('account', { ...consent, email: 'piet@bouw.example', languageCode: 'NLD' });
    const mail = (await client.admin('/mail')).json.mail;
    expect(
      mail.map((entry: Json) => [
        entry.kind,
        entry.requestType,
        entry.requestNumber,
        entry.to,
        entry.language,
      ]),
    ).toEqual([
      ['confirmation', 'quote', 'WEB000001', 'jan@bouw.example', 'en'],
      ['notification', 'quote', 'WEB000001', 'verkoop@staalhandel.example', 'nl'],
      ['confirmation', 'account', 'ACC000001', 'piet@bouw.example', 'nl'],
      ['notification', 'account', 'ACC000001', 'verkoop@staalhandel.example', 'nl'],
    ]);
    expect(mail[0].subject).toContain('WEB000001');
  });

  it('a counter visit (source counterVisit) sends no mail', async () => {
    await client.createRequest('quote', {
      ...consent,
      email: 'balie@bouw.example',
      source: 'counterVisit',
      assistedBy: 'Kees',
    });
    expect(await storedQuotes()).toHaveLength(1);
    expect((await client.admin('/mail')).json.mail).toEqual([]);
  });
});
