import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import type { PortalData, SalesDocument } from '../../emulator/portal-data.ts';
import { portalObject, type EmulatorTestClient, type Json } from './emulator-client.ts';
import { advanceClock, ipHash, portalUsers, read, signIn, usePortalEmulator } from './portal-client.ts';

const itemCount = (document: { lines: { type: string }[] }): number =>
  document.lines.filter((line) => line.type === 'Item').length;

function hasPdfInfo(): boolean {
  try {
    execFileSync('pdfinfo', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

describe('voaPortal reading procedures, LinkRequest, AcceptQuote and documents', () => {
  const emulator = usePortalEmulator();
  let client: EmulatorTestClient;
  let data: PortalData;
  let buyer: string;
  beforeEach(async () => {
    client = emulator();
    data = client.emulator.state.portal.data;
    buyer = await signIn(client, portalUsers.buyer);
  });

  const call = async (procedure: string, parameters: Record<string, string>): Promise<Json> => {
    const answer = await client.portal(procedure, parameters);
    expect(answer.status).toBe(200);
    return typeof answer.value === 'boolean' ? answer.value : portalObject(answer);
  };
  const quotesOf = (customerNo: string): SalesDocument[] =>
    data.quotes.filter((quote) => quote.customerNo === customerNo);
  const liveQuote = (predicate: (quote: SalesDocument) => boolean): SalesDocument => {
    const found = quotesOf('10000').find(predicate);
    if (!found) throw new Error('no seeded quote of that kind');
    return found;
  };

  describe('rules 4 to 6: ReadSession, MyDetails, MyDeliveryAddresses', () => {
    it('ReadSession tells email, customer, role, weight type and the end of the session', async () => {
      const session = await read(client, 'ReadSession', buyer);
      expect(session).toEqual({
        email: portalUsers.buyer,
        customerNo: '10000',
        customerName: 'Bouwbedrijf De Vries B.V.',
        role: 'Buyer',
        weightType: 'Theoretical',
        expiresAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      });
    });

    it('without the steel extension weightType is empty', async () => {
      await client.admin('/settings', 'POST', { steel: false });
      expect((await read(client, 'ReadSession', buyer)).weightType).toBe('');
    });

    it('MyDetails holds the customer card without a customer number, prices or credit data, and the user’s own address', async () => {
      const details = await read(client, 'MyDetails', buyer);
      expect(Object.keys(details).sort()).toEqual(
        [
          'address',
          'address2',
          'city',
          'company',
          'country',
          'email',
          'phoneNo',
          'postCode',
          'role',
          'vatRegistrationNo',
        ].sort(),
      );
      expect(details).toMatchObject({
        company: 'Bouwbedrijf De Vries B.V.',
        email: portalUsers.buyer,
        role: 'Buyer',
      });
      expect(JSON.stringify(details)).not.toContain('10000');
    });

    it('MyDeliveryAddresses lists the customer’s ship-to addresses for a Buyer, without the billing address', async () => {
      const { addresses } = await read(client, 'MyDeliveryAddresses', buyer);
      expect(addresses.map((address: Json) => address.code)).toEqual(['WERF1', 'MAGAZIJN']);
      for (const address of addresses) {
        expect(Object.keys(address).sort()).toEqual([
          'address',
          'address2',
          'city',
          'code',
          'country',
          'name',
          'postCode',
        ]);
      }
      expect(addresses.map((address: Json) => address.address)).not.toContain('Havenstraat 4');
    });
  });

  describe('rule 7: LinkRequest', () => {
    const submit = async (requestId: string, shipToCode: string) => {
      const answer = await client.createRequest('quote', {
        requestId,
        privacyAccepted: true,
        privacyConsentVersion: 'PV1',
        shipToCode,
        shipToAddress: 'Eemkade 1',
        quoteRequestLines: [{ itemNo: '100001', quantity: 2 }],
      });
      expect(answer.status).toBe(200);
      return JSON.parse(answer.json.value).number as string;
    };
    const stored = async (number: string): Promise<Json> =>
      (await client.admin('/requests/quote')).json.requests.find(
        (request: Json) => request.number === number,
      );

    it('links a request by its trimmed, uppercased requestId: customer set, own shipToCode kept, Source portal', async () => {
      const number = await submit('link-own-1', 'werf1');
      expect(await call('LinkRequest', { token: buyer, requestId: '  LINK-own-1 ' })).toBe(true);
      expect(await stored(number)).toMatchObject({
        customerNo: '10000',
        shipToCode: 'WERF1',
        source: 'portal',
        status: 'New',
      });
      const { requests } = await read(client, 'MyRequests', buyer);
      expect(requests[0]).toMatchObject({ no: number, status: 'New', lines: 1 });
    });

    it('clears a shipToCode of another customer and keeps the address text', async () => {
      const number = await submit('link-foreign-1', 'YARD2');
      expect(await call('LinkRequest', { token: buyer, requestId: 'link-foreign-1' })).toBe(true);
      expect(await stored(number)).toMatchObject({
        customerNo: '10000',
        shipToCode: '',
        shipToAddress: 'Eemkade 1',
      });
    });

    it('answers false for a request that already has a customer, an unknown, empty or too long requestId, and a Viewer', async () => {
      const number = await submit('link-twice', '');
      expect(await call('LinkRequest', { token: buyer, requestId: 'link-twice' })).toBe(true);
      const other = await signIn(client, portalUsers.otherCustomerBuyer);
      expect(await call('LinkRequest', { token: other, requestId: 'link-twice' })).toBe(false);
      expect((await stored(number)).customerNo).toBe('10000');
      expect(await call('LinkRequest', { token: buyer, requestId: 'never-sent' })).toBe(false);
      expect(await call('LinkRequest', { token: buyer, requestId: '   ' })).toBe(false);
      expect(await call('LinkRequest', { token: buyer, requestId: 'x'.repeat(65) })).toBe(false);
      await submit('link-viewer', '');
      const viewer = await signIn(client, portalUsers.viewer);
      expect(await call('LinkRequest', { token: viewer, requestId: 'link-viewer' })).toBe(false);
      expect(await call('LinkRequest', { token: 'F'.repeat(64), requestId: 'link-viewer' })).toBe(false);
    });
  });

  describe('rule 8: MyRequests', () => {
    it('lists the customer’s requests newest first, without anonymized or spam ones, unknown statuses as empty', async () => {
      const { requests } = await read(client, 'MyRequests', buyer);
      const seeded = data.requests.filter((request) => request.customerNo === '10000');
      const shown = seeded.filter((request) => !request.anonymized && !request.spam);
      expect(requests.map((request: Json) => request.no)).toEqual(
        [...shown]
          .sort((left, right) => (left.receivedAt < right.receivedAt ? 1 : -1))
          .map((request) => request.number),
      );
      expect(requests.map((request: Json) => request.status).sort()).toEqual(
        ['', 'Converted', 'Converted', 'Converted', 'InProgress', 'New', 'Rejected'].sort(),
      );
    });

    it('quoteNoStatus is active for a live quote, completed for a released archived quote, else empty', async () => {
      const { requests } = await read(client, 'MyRequests', buyer);
      const withQuote = requests.filter((request: Json) => request.quoteNo !== undefined);
      expect(withQuote.map((request: Json) => request.quoteNoStatus).sort()).toEqual([
        '',
        'active',
        'completed',
      ]);
      for (const request of requests.filter((entry: Json) => entry.quoteNo === undefined)) {
        expect(request).not.toHaveProperty('quoteNoStatus');
      }
    });

    it('stops at 200 requests', async () => {
      const limits = await signIn(client, portalUsers.limits);
      const eligible = data.requests.filter(
        (request) => request.customerNo === '60000' && !request.anonymized && !request.spam,
      );
      expect(eligible.length).toBeGreaterThan(200);
      expect((await read(client, 'MyRequests', limits)).requests).toHaveLength(200);
    });
  });

  describe('rule 9: MyQuotes', () => {
    it('lists live quotes highest number first, then archive-only quotes by their highest released version', async () => {
      const { quotes, truncated } = await read(client, 'MyQuotes', buyer);
      expect(truncated).toBe(false);
      const live = quotesOf('10000')
        .map((quote) => quote.no)
        .sort()
        .reverse();
      expect(quotes.slice(0, live.length).map((quote: Json) => quote.no)).toEqual(live);
      const archived = quotes.slice(live.length);
      const liveNumbers = new Set(data.quotes.map((quote) => quote.no));
      const releasedArchiveOnly = [
        ...new Set(
          data.quoteArchive
            .filter(
              (version) =>
                version.customerNo === '10000' &&
                version.status === 'Released' &&
                !liveNumbers.has(version.no),
            )
            .map((version) => version.no),
        ),
      ]
        .sort()
        .reverse();
      expect(archived.map((quote: Json) => quote.no)).toEqual(releasedArchiveOnly);
      const neverReleased = data.quoteArchive.find(
        (version) =>
          !liveNumbers.has(version.no) &&
          data.quoteArchive
            .filter((other) => other.no === version.no)
            .every((other) => other.status !== 'Released'),
      );
      expect(quotes.map((quote: Json) => quote.no)).not.toContain(neverReleased?.no);
      for (const row of archived) {
        const versions = data.quoteArchive.filter(
          (version) => version.no === row.no && version.status === 'Released',
        );
        const highest = versions.sort((left, right) => right.version - left.version)[0];
        expect(row.documentDate).toBe(highest?.documentDate);
        expect(row.hasDocument).toBe(false);
        expect(row).not.toHaveProperty('comment');
        expect(row.status).toBe('Released');
      }
    });

    it('shows status Open, Released or empty, the accepted flag, the comment and never the work description', async () => {
      const { quotes } = await read(client, 'MyQuotes', buyer);
      const statuses = new Set(quotes.map((quote: Json) => quote.status));
      expect(statuses).toEqual(new Set(['Open', 'Released', '']));
      const accepted = data.acceptedQuotes[0]?.quoteNo;
      expect(quotes.filter((quote: Json) => quote.accepted).map((quote: Json) => quote.no)).toEqual([
        accepted,
      ]);
      const commented = liveQuote((quote) => quote.comment !== '');
      expect(quotes.find((quote: Json) => quote.no === commented.no).comment).toBe(commented.comment);
      expect(JSON.stringify(quotes)).not.toContain('Intern: marge');
      for (const quote of quotes) expect(Object.keys(quote).join()).not.toMatch(/amount|price|discount/i);
    });

    it('validUntil falls back to the steel quote due date only with the steel extension; totalWeightKg only with it', async () => {
      const dueOnly = liveQuote((quote) => quote.validUntil === '' && quote.steelDueDate !== '');
      const rowOf = async () =>
        (await read(client, 'MyQuotes', buyer)).quotes.find((quote: Json) => quote.no === dueOnly.no);
      expect((await rowOf()).validUntil).toBe(dueOnly.steelDueDate);
      expect((await rowOf()).totalWeightKg).toBeGreaterThan(0);
      await client.admin('/settings', 'POST', { steel: false });
      expect((await rowOf()).validUntil).toBe('');
      expect(await rowOf()).not.toHaveProperty('totalWeightKg');
    });

    it('hasDocument is true only when Document can print the quote', async () => {
      const { quotes } = await read(client, 'MyQuotes', buyer);
      const withoutLines = liveQuote((quote) => quote.lines.length === 0);
      expect(quotes.find((quote: Json) => quote.no === withoutLines.no).hasDocument).toBe(false);
      expect(quotes.filter((quote: Json) => quote.hasDocument).length).toBeGreaterThan(5);
      await client.admin('/settings', 'POST', { steelArchive: true });
      expect((await read(client, 'MyQuotes', buyer)).quotes.some((quote: Json) => quote.hasDocument)).toBe(
        false,
      );
    });

    it('with the steel archive, an archived quote that became an order links it with its status', async () => {
      await client.admin('/settings', 'POST', { steelArchive: true });
      const { quotes } = await read(client, 'MyQuotes', buyer);
      const linked = quotes.filter((quote: Json) => quote.orderNo !== undefined);
      expect(linked).toHaveLength(1);
      expect(linked[0].orderNoStatus).toBe('active');
      await client.admin('/settings', 'POST', { steelArchive: false });
      expect(
        (await read(client, 'MyQuotes', buyer)).quotes.some((quote: Json) => quote.orderNo !== undefined),
      ).toBe(false);
    });

    it('stops at 100 rows, live and archived together, with truncated', async () => {
      const limits = await signIn(client, portalUsers.limits);
      const { quotes, truncated } = await read(client, 'MyQuotes', limits);
      expect(quotes).toHaveLength(100);
      expect(truncated).toBe(true);
    });
  });

  describe('rules 10 and 11: MyOrders and MyShipments', () => {
    it('lists live orders first with their quote link, then archive-only orders with completelyShipped from posted shipment lines', async () => {
      const { orders, truncated } = await read(client, 'MyOrders', buyer);
      expect(truncated).toBe(false);
      const live = data.orders
        .filter((order) => order.customerNo === '10000')
        .map((order) => order.no)
        .sort()
        .reverse();
      expect(orders.slice(0, live.length).map((order: Json) => order.no)).toEqual(live);
      expect(
        orders
          .filter((order: Json) => order.quoteNo)
          .map((order: Json) => order.quoteNoStatus)
          .sort(),
      ).toEqual(['active', 'completed']);
      const archived = orders.slice(live.length);
      expect(archived).toHaveLength(2);
      for (const row of archived) {
        const stored = data.orderArchive.filter((version) => version.no === row.no);
        expect(stored.every((version) => !version.completelyShipped)).toBe(true);
        expect(row.hasDocument).toBe(false);
        expect(row).not.toHaveProperty('comment');
      }
      expect(archived.map((row: Json) => row.completelyShipped).sort()).toEqual([false, true]);
      expect(archived.map((row: Json) => row.status)).toContain('');
    });

    it('MyOrders and MyShipments stop at 100 rows with truncated', async () => {
      const limits = await signIn(client, portalUsers.limits);
      const orders = await read(client, 'MyOrders', limits);
      expect(orders.orders).toHaveLength(100);
      expect(orders.truncated).toBe(true);
      const shipments = await read(client, 'MyShipments', limits);
      expect(shipments.shipments).toHaveLength(100);
      expect(shipments.truncated).toBe(true);
    });

    it('MyShipments lists posted shipments newest first with name, post code and city of the address only', async () => {
      const { shipments, truncated } = await read(client, 'MyShipments', buyer);
      expect(truncated).toBe(false);
      const dates = shipments.map((shipment: Json) => shipment.deliveryDate);
      expect(dates).toEqual([...dates].sort().reverse());
      for (const shipment of shipments) {
        expect(Object.keys(shipment.shipToAddress).sort()).toEqual(['city', 'name', 'postCode']);
        expect(['active', 'completed']).toContain(shipment.orderNoStatus);
      }
      expect(shipments.map((shipment: Json) => shipment.no)).toHaveLength(
        data.posted.filter((document) => document.kind === 'shipment' && document.customerNo === '10000')
          .length,
      );
    });
  });

  describe('rule 12: DocumentLines', () => {
    const lines = (documentType: string, documentNo: string) =>
      call('DocumentLines', { token: buyer, documentType, documentNo });

    it('returns only item lines of a live order, with steel quantities, outstanding and shipped', async () => {
      const order = data.orders.find(
        (entry) => entry.customerNo === '10000' && entry.status === 'Released' && !entry.completelyShipped,
      ) as SalesDocument;
      const answer = await lines('ORDER', `  ${order.no.toLowerCase()} `);
      expect(answer.lines).toHaveLength(itemCount(order));
      // A line whose quantities the host all knows (the seeded order's first line has no weight).
      const first = answer.lines.find((line: Json) => 'quantityKg' in line);
      expect(first).toMatchObject({
        lineNo: expect.any(Number),
        itemNo: expect.stringMatching(/^\d{6}$/),
        format: expect.any(String),
        unit: expect.stringMatching(/^(PCS|KG|MTR)$/),
        quantityPieces: expect.any(Number),
        quantityMeters: expect.any(Number),
        quantityKg: expect.any(Number),
        outstandingPieces: expect.any(Number),
        shippedPieces: expect.any(Number),
      });
      expect(first).not.toHaveProperty('quantity');
      expect(first.outstandingPieces + first.shippedPieces).toBe(first.quantityPieces);
      const item = client.emulator.catalog.tables.voaItems.rowAt(Number(first.itemNo) - 100000, {
        steel: true,
        language: 'nl',
      });
      expect(first.description).toBe(item['Description']);
    });

    it('leaves out the keys of a steel quantity the host does not know, outstanding and shipped included', async () => {
      const order = data.orders.find((entry) => entry.externalDocumentNo === 'BOUW-2026-17') as SalesDocument;
      const [first] = (await lines('order', order.no)).lines;
      expect(first).not.toHaveProperty('quantityKg');
      expect(first).not.toHaveProperty('outstandingKg');
      expect(first).not.toHaveProperty('shippedKg');
      expect(first).toMatchObject({ quantityPieces: expect.any(Number), shippedPieces: expect.any(Number) });
    });

    it('quote lines carry no outstanding or shipped values; without steel, quantity and unit of measure instead', async () => {
      const quote = liveQuote((entry) => itemCount(entry) > 0);
      const steel = (await lines('Quote', quote.no)).lines[0];
      expect(steel).not.toHaveProperty('outstandingPieces');
      await client.admin('/settings', 'POST', { steel: false });
      const plain = (await lines('quote', quote.no)).lines[0];
      expect(Object.keys(plain).sort()).toEqual([
        'description',
        'format',
        'itemNo',
        'lineNo',
        'quantity',
        'unitOfMeasureCode',
      ]);
      expect(['PCS', 'KG', 'M']).toContain(plain.unitOfMeasureCode);
      const order = data.orders.find((entry) => entry.customerNo === '10000') as SalesDocument;
      expect((await lines('order', order.no)).lines[0]).toHaveProperty('outstandingQuantity');
    });

    it('an own document without item lines gives lines as an empty array', async () => {
      const commentsOnly = liveQuote((entry) => entry.lines.length > 0 && itemCount(entry) === 0);
      expect(await lines('quote', commentsOnly.no)).toEqual({ lines: [] });
    });

    it('falls back to the highest released archived version of a quote; an archived quote never released gives empty', async () => {
      const liveNumbers = new Set(data.quotes.map((quote) => quote.no));
      const archiveOnly = [
        ...new Set(
          data.quoteArchive
            .filter((version) => version.customerNo === '10000' && !liveNumbers.has(version.no))
            .map((version) => version.no),
        ),
      ];
      const answers = await Promise.all(archiveOnly.map((no) => lines('quote', no)));
      expect(answers.filter((answer) => answer === '')).toHaveLength(1);
    });

    it('a shipment’s lines; another customer’s document, an unknown one, a number over 20 characters and other types give empty', async () => {
      const shipment = data.posted.find((entry) => entry.kind === 'shipment' && entry.customerNo === '10000');
      expect((await lines('Shipment', shipment?.no ?? '')).lines.length).toBeGreaterThan(0);
      const foreign = data.quotes.find((quote) => quote.customerNo === '20000') as SalesDocument;
      expect(await lines('quote', foreign.no)).toBe('');
      expect(await lines('quote', 'OFF2499999')).toBe('');
      expect(await lines('quote', (quotesOf('10000')[0]?.no ?? '').padEnd(21, '0'))).toBe('');
      const invoice = data.posted.find((entry) => entry.kind === 'invoice' && entry.customerNo === '10000');
      expect(await lines('invoice', invoice?.no ?? '')).toBe('');
    });

    it('stops at 500 lines', async () => {
      const limits = await signIn(client, portalUsers.limits);
      const big = data.orders.find((order) => itemCount(order) > 500) as SalesDocument;
      const answer = await call('DocumentLines', {
        token: limits,
        documentType: 'order',
        documentNo: big.no,
      });
      expect(answer.lines).toHaveLength(500);
    });
  });

  describe('rule 13: AcceptQuote and the quote acceptance table', () => {
    const accept = (token: string, quoteNo: string, sentIpHash = ipHash) =>
      call('AcceptQuote', { token, quoteNo, ipHash: sentIpHash });
    const acceptable = () =>
      quotesOf('10000').filter(
        (quote) =>
          quote.status === 'Released' &&
          quote.validUntil > new Date().toISOString().slice(0, 10) &&
          !data.acceptedQuotes.some((accepted) => accepted.quoteNo === quote.no),
      );

    it('session not valid: refused', async () => {
      expect(await accept('F'.repeat(64), acceptable()[0]?.no ?? '')).toEqual({
        outcome: 'refused',
        acceptedAt: '',
      });
    });

    it('role is not Buyer: refused', async () => {
      const viewer = await signIn(client, portalUsers.viewer);
      expect(await accept(viewer, acceptable()[0]?.no ?? '')).toEqual({ outcome: 'refused', acceptedAt: '' });
    });

    it('quoteNo empty or longer than 20 characters: refused', async () => {
      expect(await accept(buyer, '')).toEqual({ outcome: 'refused', acceptedAt: '' });
      expect(await accept(buyer, 'X'.repeat(21))).toEqual({ outcome: 'refused', acceptedAt: '' });
    });

    it('no live quote with that number for this customer: refused (another customer’s, an archived one)', async () => {
      const foreign = data.quotes.find(
        (quote) => quote.customerNo === '20000' && quote.status === 'Released',
      ) as SalesDocument;
      expect(await accept(buyer, foreign.no)).toEqual({ outcome: 'refused', acceptedAt: '' });
      const archivedOnly = data.quoteArchive.find(
        (version) => !data.quotes.some((quote) => quote.no === version.no),
      );
      expect(await accept(buyer, archivedOnly?.no ?? '')).toEqual({ outcome: 'refused', acceptedAt: '' });
    });

    it('quote status is not Released: refused', async () => {
      const open = liveQuote((quote) => quote.status !== 'Released');
      expect(await accept(buyer, open.no)).toEqual({ outcome: 'refused', acceptedAt: '' });
    });

    it('an acceptance already exists: already, with the original timestamp', async () => {
      const accepted = data.acceptedQuotes[0];
      expect(await accept(buyer, accepted?.quoteNo ?? '')).toEqual({
        outcome: 'already',
        acceptedAt: accepted?.acceptedAt,
      });
    });

    it('validity date set and earlier than today: expired; the steel due date counts only with the steel extension', async () => {
      const past = liveQuote(
        (quote) =>
          quote.status === 'Released' &&
          quote.validUntil !== '' &&
          quote.validUntil < new Date().toISOString().slice(0, 10),
      );
      expect(await accept(buyer, past.no)).toEqual({ outcome: 'expired', acceptedAt: '' });
      const duePast = liveQuote(
        (quote) =>
          quote.validUntil === '' &&
          quote.steelDueDate !== '' &&
          quote.steelDueDate < new Date().toISOString().slice(0, 10),
      );
      expect(await accept(buyer, duePast.no)).toEqual({ outcome: 'expired', acceptedAt: '' });
      await client.admin('/settings', 'POST', { steel: false });
      expect((await accept(buyer, duePast.no)).outcome).toBe('recorded');
    });

    it('a quote valid today expires once the emulator clock passes its validity date', async () => {
      const quote = acceptable()[0] as SalesDocument;
      await advanceClock(client, 40 * 86_400);
      const fresh = await signIn(client, portalUsers.buyer);
      expect(await accept(fresh, quote.no)).toEqual({ outcome: 'expired', acceptedAt: '' });
    });

    it('another call recording an acceptance for the same quote at that moment: already, with an empty acceptedAt', async () => {
      await client.admin('/settings', 'POST', { acceptanceRecordingMs: 10_000 });
      const quote = acceptable()[0] as SalesDocument;
      const first = accept(buyer, quote.no);
      await expect
        .poll(async () => (await client.admin('/portal/acceptances')).json.inProgress, { timeout: 8_000 })
        .toEqual([quote.no]);
      expect(await accept(buyer, quote.no)).toEqual({ outcome: 'already', acceptedAt: '' });
      expect((await first).outcome).toBe('recorded');
    });

    it('otherwise recorded: every field the reference lists is stored, and the customer and inside sales are mailed', async () => {
      const quote = acceptable()[0] as SalesDocument;
      const answer = await accept(buyer, ` ${quote.no.toLowerCase()} `, `${'d'.repeat(64)}99`);
      expect(answer.outcome).toBe('recorded');
      expect(answer.acceptedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      const { acceptances } = (await client.admin('/portal/acceptances')).json;
      expect(acceptances.find((entry: Json) => entry.quoteNo === quote.no)).toEqual({
        quoteNo: quote.no,
        customerNo: '10000',
        email: portalUsers.buyer,
        acceptedAt: answer.acceptedAt,
        ipHash: 'd'.repeat(64),
        documentDate: quote.documentDate,
        amountIncludingVat: quote.amountIncludingVat,
        currencyCode: quote.currencyCode,
        lines: itemCount(quote),
        latestArchiveVersion: expect.any(Number),
        linesFingerprint: expect.stringMatching(/^[0-9a-f]{64}$/),
      });
      const { mail } = (await client.admin('/mail')).json;
      const sent = mail.filter((entry: Json) => entry.quoteNo === quote.no);
      expect(sent.map((entry: Json) => [entry.kind, entry.to])).toEqual([
        ['acceptanceConfirmation', portalUsers.buyer],
        ['acceptanceNotification', 'verkoop@staalhandel.example'],
      ]);
      expect(await accept(buyer, quote.no)).toEqual({ outcome: 'already', acceptedAt: answer.acceptedAt });
      expect(
        (await read(client, 'MyQuotes', buyer)).quotes.find((row: Json) => row.no === quote.no).accepted,
      ).toBe(true);
    });

    it('latestArchiveVersion is the quote’s highest archived version', async () => {
      const versioned = liveQuote((quote) => data.quoteArchive.some((version) => version.no === quote.no));
      expect((await accept(buyer, versioned.no)).outcome).toBe('recorded');
      const { acceptances } = (await client.admin('/portal/acceptances')).json;
      expect(acceptances.find((entry: Json) => entry.quoteNo === versioned.no).latestArchiveVersion).toBe(1);
    });
  });

  describe('rule 14: MyDocuments', () => {
    it('report source: live quotes, orders, shipments, invoices, credit memos in that order, each highest number first', async () => {
      const { documents } = await read(client, 'MyDocuments', buyer);
      const kinds = documents.map((row: Json) => row.reportType);
      expect([...new Set(kinds)]).toEqual(['quote', 'order', 'shipment', 'invoice', 'creditMemo']);
      for (const kind of new Set<string>(kinds)) {
        const numbers = documents
          .filter((row: Json) => row.reportType === kind)
          .map((row: Json) => row.documentNo);
        expect(numbers).toEqual([...numbers].sort().reverse());
      }
      for (const row of documents) {
        expect(row.source).toBe('report');
        expect(row.contentType).toBe('application/pdf');
        expect(row.fileName).toBe(`${row.category} ${row.documentNo}.pdf`);
      }
      expect(documents.find((row: Json) => row.reportType === 'shipment').category).toBe('Waybill');
      expect(documents.find((row: Json) => row.reportType === 'invoice').documentType).toBe('');
      expect(documents.find((row: Json) => row.reportType === 'order').documentNoStatus).toBe('active');
    });

    it('only kinds with a report set up: credit memos need the layout on the customer card; at most 100 per kind', async () => {
      const limits = await signIn(client, portalUsers.limits);
      const { documents } = await read(client, 'MyDocuments', limits);
      expect(documents.some((row: Json) => row.reportType === 'creditMemo')).toBe(false);
      expect(documents.filter((row: Json) => row.reportType === 'quote')).toHaveLength(100);
    });

    it('with Portal Documents from Reports off and no archive the list is empty', async () => {
      await client.admin('/settings', 'POST', { portalDocumentsFromReports: false });
      expect(await read(client, 'MyDocuments', buyer)).toEqual({ documents: [] });
    });

    it('with the steel archive: archive rows only, of allowed categories and relation Customer, newest first', async () => {
      await client.admin('/settings', 'POST', { steelArchive: true });
      const { documents } = await read(client, 'MyDocuments', buyer);
      expect(documents.length).toBeGreaterThan(5);
      for (const row of documents) {
        expect(row).not.toHaveProperty('source');
        expect(row.category).not.toBe('None');
        expect(row.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      }
      expect(documents.map((row: Json) => row.fileName)).not.toContain('Inkoopfactuur.pdf');
      expect(documents.map((row: Json) => row.fileName)).not.toContain('Interne notitie.pdf');
      const dated = documents.map((row: Json) => row.date).filter((date: string) => date !== '');
      expect(dated).toEqual([...dated].sort().reverse());
      const byFile = (name: string) => documents.find((row: Json) => row.fileName === name);
      expect(byFile('Proforma.xlsx')).toMatchObject({
        contentType: 'application/octet-stream',
        documentType: '',
      });
      expect(byFile('Orderbevestiging é 2024.pdf')).toMatchObject({
        documentType: 'order',
        documentNoStatus: 'active',
      });
      const invoiceRow = documents.find((row: Json) => row.category === 'SalesInvoice');
      expect(invoiceRow.documentType).toBe('');
      expect(invoiceRow.contentType).toBe('application/pdf');
      const foreignOrder = data.orders.find((order) => order.customerNo === '20000')?.no;
      expect(documents.find((row: Json) => row.documentNo === foreignOrder).documentType).toBe('');
    });

    it('with the steel archive: a failing archive read gives an empty list instead of an error', async () => {
      await client.admin('/settings', 'POST', { steelArchive: true });
      await client.admin('/faults', 'POST', { rules: [{ kind: 'archiveFailure', count: 1 }] });
      expect(await read(client, 'MyDocuments', buyer)).toEqual({ documents: [] });
      expect((await read(client, 'MyDocuments', buyer)).documents.length).toBeGreaterThan(5);
    });

    it('with the steel archive: at most 200 documents, taken from at most 1,000 rows examined', async () => {
      await client.admin('/settings', 'POST', { steelArchive: true });
      const limits = await signIn(client, portalUsers.limits);
      expect((await read(client, 'MyDocuments', limits)).documents).toHaveLength(200);
      const other = await signIn(client, portalUsers.otherCustomerBuyer);
      const allowedRows = data.archive.filter(
        (row) => row.relationNo === '20000' && row.categoryKind !== 'None',
      );
      expect(allowedRows.length).toBeGreaterThan(1);
      expect((await read(client, 'MyDocuments', other)).documents.map((row: Json) => row.category)).toEqual([
        'SalesQuote',
      ]);
    });
  });

  describe('rule 15: Document', () => {
    const documentOf = (token: string, documentType: string, documentNo: string) =>
      call('Document', { token, documentType, documentNo });

    it('prints a live quote as a real PDF with file name and content type', async () => {
      const quote = liveQuote((entry) => itemCount(entry) > 0);
      const answer = await documentOf(buyer, 'QUOTE', ` ${quote.no.toLowerCase()}`);
      expect(answer).toEqual({
        fileName: `SalesQuote ${quote.no}.pdf`,
        contentType: 'application/pdf',
        base64: expect.any(String),
      });
      const pdf = Buffer.from(answer.base64, 'base64');
      expect(pdf.subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');
      expect(pdf.subarray(-6).toString('latin1')).toBe('%%EOF\n');
      if (!hasPdfInfo()) {
        console.warn('pdfinfo (poppler-utils) is not installed: the PDF is checked by its structure only');
        return;
      }
      const folder = mkdtempSync(join(tmpdir(), 'portal-pdf-'));
      try {
        writeFileSync(join(folder, 'quote.pdf'), pdf);
        const info = execFileSync('pdfinfo', [join(folder, 'quote.pdf')], { encoding: 'utf8' });
        expect(info).toMatch(/Pages:\s+1/);
        const text = execFileSync('pdftotext', [join(folder, 'quote.pdf'), '-'], { encoding: 'utf8' });
        expect(text).toContain(quote.no);
        expect(text).toContain(quote.lines.find((line) => line.type === 'Item')?.itemNo);
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
    });

    it('prints orders, shipments, invoices and credit memos (type case-insensitive)', async () => {
      const order = data.orders.find((entry) => entry.customerNo === '10000') as SalesDocument;
      const posted = (kind: string) =>
        data.posted.find((entry) => entry.kind === kind && entry.customerNo === '10000')?.no ?? '';
      for (const [type, no, category] of [
        ['Order', order.no, 'SalesOrder'],
        ['shipment', posted('shipment'), 'Waybill'],
        ['INVOICE', posted('invoice'), 'SalesInvoice'],
        ['creditmemo', posted('creditMemo'), 'SalesCreditMemo'],
      ] as const) {
        expect((await documentOf(buyer, type, no)).fileName).toBe(`${category} ${no}.pdf`);
      }
    });

    it('answers empty for an unknown type, a nonexistent or foreign document, an archived quote, an empty print and a kind without report', async () => {
      const foreign = data.quotes.find((quote) => quote.customerNo === '20000') as SalesDocument;
      const liveNumbers = new Set(data.quotes.map((quote) => quote.no));
      const archived = data.quoteArchive.find(
        (version) => version.customerNo === '10000' && !liveNumbers.has(version.no),
      );
      const emptyPrint = liveQuote((quote) => quote.lines.length === 0);
      expect(await documentOf(buyer, 'proforma', quotesOf('10000')[0]?.no ?? '')).toBe('');
      expect(await documentOf(buyer, 'quote', 'OFF2499999')).toBe('');
      expect(await documentOf(buyer, 'quote', foreign.no)).toBe('');
      expect(await documentOf(buyer, 'quote', archived?.no ?? '')).toBe('');
      expect(await documentOf(buyer, 'quote', emptyPrint.no)).toBe('');
      const limits = await signIn(client, portalUsers.limits);
      const limitsQuote = quotesOf('60000')[0] as SalesDocument;
      expect((await documentOf(limits, 'quote', limitsQuote.no)).contentType).toBe('application/pdf');
      const creditMemoOfOther = data.posted.find((entry) => entry.kind === 'creditMemo');
      expect(await documentOf(limits, 'creditMemo', creditMemoOfOther?.no ?? '')).toBe('');
    });

    it('answers empty with the steel archive installed and with Portal Documents from Reports off', async () => {
      const quote = liveQuote((entry) => itemCount(entry) > 0);
      await client.admin('/settings', 'POST', { steelArchive: true });
      expect(await documentOf(buyer, 'quote', quote.no)).toBe('');
      await client.admin('/settings', 'POST', { steelArchive: false, portalDocumentsFromReports: false });
      expect(await documentOf(buyer, 'quote', quote.no)).toBe('');
    });

    it('a failing report makes the call fail with an error naming the object', async () => {
      const quote = liveQuote((entry) => itemCount(entry) > 0);
      await client.admin('/faults', 'POST', { rules: [{ kind: 'reportFailure', count: 1 }] });
      const failed = await client.portal('Document', {
        token: buyer,
        documentType: 'quote',
        documentNo: quote.no,
      });
      expect(failed.status).toBe(400);
      expect(failed.json.error.message).toMatch(/TableData 5802 Value Entry/);
      const failedDutch = await (async () => {
        await client.admin('/faults', 'POST', { rules: [{ kind: 'reportFailure', count: 1 }] });
        return client.portal(
          'Document',
          { token: buyer, documentType: 'quote', documentNo: quote.no },
          { language: 'nl-NL' },
        );
      })();
      expect(failedDutch.json.error.message).toMatch(/^Het rapport/);
      expect((await documentOf(buyer, 'quote', quote.no)).contentType).toBe('application/pdf');
    });
  });
});
