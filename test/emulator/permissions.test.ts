import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEmulator, type EmulatorTestClient } from './emulator-client.ts';

const validQuote = { requestId: 'perm-1', privacyAccepted: true, privacyConsentVersion: 'PV-2024-1' };

describe('permissions of the two applications', () => {
  let client: EmulatorTestClient;

  beforeAll(async () => {
    client = await startTestEmulator();
  });
  afterAll(async () => {
    await client.stop();
  });

  it.each(['voaItems', 'voaVariants', 'voaCategories', 'voaProfiles', 'voaGrades', 'voaItemTypes'])(
    'the website application gets 403 naming the page on %s',
    async (page) => {
      const answer = await client.catalog(page, undefined, { application: 'website' });
      expect(answer.status).toBe(403);
      expect(answer.json.error.message).toContain(`Page`);
      expect(answer.json.error.message).toContain(page);
    },
  );

  it.each(['voaItems', 'voaVariants', 'voaCategories', 'voaProfiles', 'voaGrades', 'voaItemTypes'])(
    'the synchronization application may read %s',
    async (page) => {
      expect((await client.catalog(page, undefined, { application: 'sync' })).status).toBe(200);
    },
  );

  it.each(['voaRequests_CreateQuoteRequest', 'voaRequests_CreateAccountRequest'])(
    'the synchronization application gets 403 naming the codeunit on %s, and nothing is stored',
    async (action) => {
      const answer = await client.call(client.actionUrl(action), {
        method: 'POST',
        token: await client.token('sync'),
        body: JSON.stringify({ payload: JSON.stringify({ ...validQuote, email: 'a@example.nl' }) }),
      });
      expect(answer.status).toBe(403);
      expect(answer.json.error.message).toContain('Codeunit');
      expect(answer.json.error.message).toContain('voaRequests');
      expect((await client.admin('/requests/quote')).json.requests).toEqual([]);
      expect((await client.admin('/requests/account')).json.requests).toEqual([]);
    },
  );

  it('the synchronization application gets 403 naming the codeunit on voaPortal', async () => {
    const answer = await client.call(client.actionUrl('voaPortal_ReadSession'), {
      method: 'POST',
      token: await client.token('sync'),
      body: JSON.stringify({ token: 'x' }),
    });
    expect(answer.status).toBe(403);
    expect(answer.json.error.message).toContain('voaPortal');
  });

  it('the website application may call voaRequests', async () => {
    const answer = await client.createRequest('quote', validQuote, { application: 'website' });
    expect(answer.status).toBe(200);
  });

  it('without the permission set VOA CG S365 SYNC the steel pages answer 403 naming the page, the others still read', async () => {
    await client.admin('/settings', 'POST', { syncPermissionSets: ['VOA WEB SYNC'] });
    try {
      for (const page of ['voaProfiles', 'voaGrades', 'voaItemTypes']) {
        const answer = await client.catalog(page);
        expect(answer.status).toBe(403);
        expect(answer.json.error.message).toMatch(new RegExp(`Page \\d+ ${page}\\b`));
      }
      expect((await client.catalog('voaItems')).status).toBe(200);
    } finally {
      await client.admin('/reset', 'POST');
    }
    expect((await client.catalog('voaProfiles')).status).toBe(200);
  });

  it('refusedSyncPages refuses exactly one steel page with 403 naming it; the other steel pages still read', async () => {
    await client.admin('/settings', 'POST', { refusedSyncPages: ['voaGrades'] });
    try {
      const refused = await client.catalog('voaGrades', undefined, { language: 'nl-NL' });
      expect(refused.status).toBe(403);
      expect(refused.json.error.message).toContain('voaGrades');
      expect(refused.json.error.message).toMatch(/^Helaas/);
      expect((await client.catalog('voaProfiles')).status).toBe(200);
      expect((await client.catalog('voaItemTypes')).status).toBe(200);
    } finally {
      await client.admin('/reset', 'POST');
    }
    expect((await client.catalog('voaGrades')).status).toBe(200);
  });

  it('POST /settings refuses an unknown permission set or page name with 400', async () => {
    expect((await client.admin('/settings', 'POST', { syncPermissionSets: ['VOA EVERYTHING'] })).status).toBe(
      400,
    );
    expect((await client.admin('/settings', 'POST', { refusedSyncPages: ['voaPrices'] })).status).toBe(400);
  });

  it('the permission error is in the session language', async () => {
    const answer = await client.catalog('voaItems', undefined, { application: 'website', language: 'nl-NL' });
    expect(answer.status).toBe(403);
    expect(answer.json.error.message).toMatch(/^Helaas hebben de huidige machtigingen de actie verhinderd\./);
  });

  it('the admin API is not reachable with an OData token: without its secret path segment there is nothing', async () => {
    const { info } = client.emulator;
    for (const application of ['website', 'sync'] as const) {
      const token = await client.token(application);
      expect((await client.call(`${info.authUrl}/admin/requests/quote`, { token })).status).toBe(404);
      expect((await client.call(`${info.baseUrl}/admin/requests/quote`, { token })).status).toBe(404);
    }
    const wrongKey = info.adminUrl.replace(/[0-9a-f]{32}$/, '0'.repeat(32));
    expect((await client.call(`${wrongKey}/requests/quote`)).status).toBe(404);
  });
});
