import { beforeEach, describe, expect, it } from 'vitest';
import type { PortalData } from '../../emulator/portal-data.ts';
import { portalObject, type EmulatorTestClient } from './emulator-client.ts';
import { ipHash, portalUsers, signIn, usePortalEmulator } from './portal-client.ts';

/**
 * Parameters of each procedure, written from the reference on purpose rather than imported from the
 * emulator, so a misspelt name in the emulator fails here.
 */
const parametersOf: Record<string, string[]> = {
  RequestCode: ['email', 'ipHash'],
  SignIn: ['email', 'code', 'ipHash'],
  ReadSession: ['token'],
  SignOut: ['token'],
  MyDetails: ['token'],
  MyDeliveryAddresses: ['token'],
  LinkRequest: ['token', 'requestId'],
  MyRequests: ['token'],
  MyQuotes: ['token'],
  MyOrders: ['token'],
  MyShipments: ['token'],
  DocumentLines: ['token', 'documentType', 'documentNo'],
  AcceptQuote: ['token', 'quoteNo', 'ipHash'],
  MyDocuments: ['token'],
  Document: ['token', 'documentType', 'documentNo'],
};

const refused = JSON.stringify({ outcome: 'refused', acceptedAt: '' });

describe('voaPortal: uniform empty answers, parameters and names', () => {
  const emulator = usePortalEmulator();
  let client: EmulatorTestClient;
  let data: PortalData;
  beforeEach(() => {
    client = emulator();
    data = client.emulator.state.portal.data;
  });

  describe('no valid session (unknown, signed-out and expired tokens alike)', () => {
    const noSession: [string, Record<string, string>, unknown][] = [
      ['SignOut', {}, true],
      ['ReadSession', {}, ''],
      ['MyDetails', {}, ''],
      ['MyRequests', {}, ''],
      ['MyQuotes', {}, ''],
      ['MyOrders', {}, ''],
      ['MyShipments', {}, ''],
      ['MyDocuments', {}, ''],
      ['MyDeliveryAddresses', {}, ''],
      ['LinkRequest', { requestId: 'ANY' }, false],
      ['DocumentLines', { documentType: 'quote', documentNo: 'OFF2400001' }, ''],
      ['Document', { documentType: 'quote', documentNo: 'OFF2400001' }, ''],
      ['AcceptQuote', { quoteNo: 'OFF2400001', ipHash }, refused],
    ];

    it.each(noSession)(
      '%s answers %j for an unknown, a signed-out and an expired token',
      async (procedure, extra, expected) => {
        const signedOut = await signIn(client, portalUsers.buyer);
        await client.portal('SignOut', { token: signedOut });
        const expiring = await signIn(client, portalUsers.buyer);
        await client.admin('/settings', 'POST', { sessionDurationMinutes: 5 });
        await client.admin('/clock', 'POST', { advanceSeconds: 480 * 60 + 1 });
        for (const token of ['0'.repeat(64), signedOut, expiring, '', 'short']) {
          const answer = await client.portal(procedure, { token, ...extra });
          expect(answer.status).toBe(200);
          expect(answer.value).toEqual(expected);
        }
      },
    );
  });

  describe('not found, not yours, not allowed', () => {
    it('RequestCode: true always (unknown address)', async () => {
      expect((await client.portal('RequestCode', { email: 'wie@onbekend.example', ipHash })).value).toBe(
        true,
      );
    });

    it('SignIn: empty for a wrong code and for an inactive user', async () => {
      expect(
        (await client.portal('SignIn', { email: portalUsers.buyer, code: 'ZZZZZ-ZZZZZ', ipHash })).value,
      ).toBe('');
      expect(
        (await client.portal('SignIn', { email: portalUsers.inactive, code: 'ZZZZZ-ZZZZZ', ipHash })).value,
      ).toBe('');
    });

    it('MyDeliveryAddresses: empty for a Viewer', async () => {
      const viewer = await signIn(client, portalUsers.viewer);
      expect((await client.portal('MyDeliveryAddresses', { token: viewer })).value).toBe('');
    });

    it('a list may be empty: a customer without requests gets an empty list, not an empty answer', async () => {
      const token = await signIn(client, portalUsers.blockedShip);
      expect(portalObject(await client.portal('MyRequests', { token }))).toEqual({ requests: [] });
      expect(portalObject(await client.portal('MyShipments', { token }))).toEqual({
        shipments: [],
        truncated: false,
      });
    });

    it('LinkRequest, DocumentLines, Document, AcceptQuote: another customer’s document answers exactly as a nonexistent one', async () => {
      const token = await signIn(client, portalUsers.buyer);
      const foreignQuote = data.quotes.find(
        (quote) => quote.customerNo === '20000' && quote.status === 'Released',
      );
      const foreignShipment = data.posted.find(
        (entry) => entry.kind === 'shipment' && entry.customerNo === '20000',
      );
      for (const [procedure, parameters] of [
        ['DocumentLines', { documentType: 'quote', documentNo: foreignQuote?.no }],
        ['DocumentLines', { documentType: 'shipment', documentNo: foreignShipment?.no }],
        ['Document', { documentType: 'quote', documentNo: foreignQuote?.no }],
        ['AcceptQuote', { quoteNo: foreignQuote?.no, ipHash }],
      ] as const) {
        const foreign = await client.portal(procedure, { token, ...parameters });
        const missing = await client.portal(procedure, {
          token,
          ...parameters,
          [procedure === 'AcceptQuote' ? 'quoteNo' : 'documentNo']: 'NIETBESTAAND1',
        });
        expect(foreign.status).toBe(200);
        expect(foreign.value).toEqual(missing.value);
        expect(foreign.value).toEqual(procedure === 'AcceptQuote' ? refused : '');
      }
      expect((await client.portal('LinkRequest', { token, requestId: 'NIETBESTAAND' })).value).toBe(false);
    });
  });

  describe('names and parameters', () => {
    it('every other procedure name gives 404, names being case-sensitive', async () => {
      for (const name of [
        'voaPortal_readSession',
        'voaPortal_ListCustomers',
        'voaPortal_SendMail',
        'voaPortal_',
      ]) {
        expect(
          (
            await client.call(client.actionUrl(name), {
              method: 'POST',
              token: await client.token('website'),
              body: '{}',
            })
          ).status,
        ).toBe(404);
      }
    });

    it.each(Object.entries(parametersOf))(
      '%s: a wrong, missing, extra or non-string parameter gives 400 without detail',
      async (procedure, names) => {
        const valid = Object.fromEntries(names.map((name) => [name, '']));
        const [first = ''] = names;
        const wrongs: Record<string, unknown>[] = [
          { ...Object.fromEntries(names.slice(1).map((name) => [name, ''])), [first.toUpperCase()]: '' },
          Object.fromEntries(names.slice(1).map((name) => [name, ''])),
          { ...valid, customerNo: '10000' },
          { ...valid, [first]: 5 },
        ];
        for (const wrong of wrongs) {
          const answer = await client.portal(procedure, wrong);
          expect(answer.status, JSON.stringify(wrong)).toBe(400);
          expect(answer.json.error.message).toMatch(/^Invalid Request Body/);
        }
        const right = await client.portal(procedure, valid);
        expect(right.status).toBe(200);
      },
    );

    it('the parameters are a JSON body: another content type is 415, a GET is 405', async () => {
      const token = await client.token('website');
      const url = client.actionUrl('voaPortal_ReadSession');
      expect(
        (
          await client.call(url, {
            method: 'POST',
            token,
            body: 'token=x',
            headers: { 'Content-Type': 'text/plain' },
          })
        ).status,
      ).toBe(415);
      expect((await client.call(url, { token })).status).toBe(405);
    });

    it('the synchronization application is refused with 403 naming the codeunit on every procedure', async () => {
      for (const [procedure, names] of Object.entries(parametersOf)) {
        const answer = await client.portal(procedure, Object.fromEntries(names.map((name) => [name, ''])), {
          application: 'sync',
        });
        expect(answer.status).toBe(403);
        expect(answer.json.error.message).toContain('Codeunit 70311 voaPortal');
      }
    });

    it('a wrong company gives 404', async () => {
      const answer = await client.call(
        client.actionUrl('voaPortal_ReadSession', '00000000-0000-0000-0000-000000000000'),
        {
          method: 'POST',
          token: await client.token('website'),
          body: JSON.stringify({ token: '' }),
        },
      );
      expect(answer.status).toBe(404);
    });
  });
});
