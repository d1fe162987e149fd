import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestEmulator, type EmulatorTestClient, type Json } from './emulator-client.ts';

function decodeJwtPayload(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;
}

describe('identity provider', () => {
  let client: EmulatorTestClient;
  let other: EmulatorTestClient;

  beforeAll(async () => {
    [client, other] = await Promise.all([startTestEmulator(), startTestEmulator()]);
  });
  afterAll(async () => {
    await Promise.all([client.stop(), other.stop()]);
  });

  const credentialsForm = (application: 'website' | 'sync', overrides: Record<string, string> = {}) => ({
    grant_type: 'client_credentials',
    client_id: client.emulator.info[application].clientId,
    client_secret: client.emulator.info[application].clientSecret,
    scope: `${client.emulator.info.apiResource}/.default`,
    ...overrides,
  });

  function expectEntraError(
    answer: { status: number; json: Json },
    status: number,
    error: string,
    code: number,
  ) {
    expect(answer.status).toBe(status);
    expect(answer.json).toMatchObject({ error, error_codes: [code] });
    expect(answer.json.error_description).toMatch(new RegExp(`^AADSTS${code}: `));
    expect(answer.json.timestamp).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}Z$/);
    expect(answer.json.trace_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(answer.json.correlation_id).toMatch(/^[0-9a-f-]{36}$/);
  }

  it('serves the OpenID metadata msal-node reads at {authUrl}/{tenant}/v2.0/.well-known/openid-configuration', async () => {
    const { info } = client.emulator;
    const answer = await client.call(`${info.authUrl}/${info.tenant}/v2.0/.well-known/openid-configuration`);
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({
      token_endpoint: `${info.authUrl}/${info.tenant}/oauth2/v2.0/token`,
      authorization_endpoint: `${info.authUrl}/${info.tenant}/oauth2/v2.0/authorize`,
      issuer: `${info.authUrl}/${info.tenant}/v2.0`,
      jwks_uri: `${info.authUrl}/${info.tenant}/discovery/v2.0/keys`,
    });
    const keys = await client.call(answer.json.jwks_uri);
    expect(keys.json.keys[0]).toMatchObject({ kty: 'RSA', use: 'sig' });
  });

  it('issues a Bearer token for the client credentials grant with scope {apiResource}/.default', async () => {
    const answer = await client.requestToken(credentialsForm('sync'));
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ token_type: 'Bearer', expires_in: 3599, ext_expires_in: 3599 });
    const claims = decodeJwtPayload(answer.json.access_token);
    expect(claims).toMatchObject({
      aud: client.emulator.info.apiResource,
      appid: client.emulator.info.sync.clientId,
      tid: client.emulator.info.tenant,
    });
    expect(Number(claims['exp']) - Number(claims['iat'])).toBe(3599);
  });

  it('refuses a wrong client secret with 401 invalid_client (AADSTS7000215)', async () => {
    expectEntraError(
      await client.requestToken(credentialsForm('website', { client_secret: 'not-the-secret' })),
      401,
      'invalid_client',
      7000215,
    );
  });

  it('refuses a missing client secret with 401 invalid_client (AADSTS7000218)', async () => {
    const form = credentialsForm('website');
    delete (form as Partial<typeof form>).client_secret;
    expectEntraError(await client.requestToken(form), 401, 'invalid_client', 7000218);
  });

  it('refuses an unknown client with 400 unauthorized_client (AADSTS700016)', async () => {
    expectEntraError(
      await client.requestToken(
        credentialsForm('website', { client_id: '00000000-0000-0000-0000-000000000001' }),
      ),
      400,
      'unauthorized_client',
      700016,
    );
  });

  it('refuses a scope for another resource with 400 invalid_resource (AADSTS500011)', async () => {
    expectEntraError(
      await client.requestToken(credentialsForm('sync', { scope: 'https://graph.microsoft.com/.default' })),
      400,
      'invalid_resource',
      500011,
    );
  });

  it('refuses a scope without /.default with 400 invalid_scope (AADSTS1002012)', async () => {
    expectEntraError(
      await client.requestToken(
        credentialsForm('sync', { scope: `${client.emulator.info.apiResource}/user_impersonation` }),
      ),
      400,
      'invalid_scope',
      1002012,
    );
  });

  it('refuses another grant type with 400 unsupported_grant_type (AADSTS70003)', async () => {
    expectEntraError(
      await client.requestToken(credentialsForm('sync', { grant_type: 'password' })),
      400,
      'unsupported_grant_type',
      70003,
    );
  });

  it('refuses an unknown tenant with 400 invalid_request (AADSTS90002)', async () => {
    expectEntraError(
      await client.requestToken(credentialsForm('sync'), '11111111-2222-3333-4444-555555555555'),
      400,
      'invalid_request',
      90002,
    );
  });

  it('answers a call without a token with 401 and the Business Central error body', async () => {
    const answer = await client.call(client.catalogUrl('voaItems'));
    expect(answer.status).toBe(401);
    expect(answer.json.error.code).toBe('Authentication_InvalidCredentials');
    expect(typeof answer.json.error.message).toBe('string');
    expect(answer.headers.get('www-authenticate')).toMatch(/^Bearer /);
  });

  it('answers a malformed token with 401', async () => {
    expect((await client.call(client.catalogUrl('voaItems'), { token: 'not.a.token' })).status).toBe(401);
  });

  it('answers a token of another identity provider (wrong signature) with 401', async () => {
    const foreignToken = await other.token('sync');
    expect((await client.call(client.catalogUrl('voaItems'), { token: foreignToken })).status).toBe(401);
  });

  it('refuses an expired token with 401: tokens expire after the configured lifetime', async () => {
    await client.admin('/settings', 'POST', { tokenLifetimeSeconds: 1 });
    try {
      const answer = await client.requestToken(credentialsForm('sync'));
      expect(answer.json.expires_in).toBe(1);
      const token = answer.json.access_token as string;
      // Token expiry runs on real time (the emulator's movable clock is for portal dates only): ask until
      // the host refuses the token, however slowly this machine gets there; a token that never expires
      // fails at the time-out.
      const expired = await vi.waitFor(
        async () => {
          const refused = await client.call(client.catalogUrl('voaCategories'), { token });
          expect(refused.status).toBe(401);
          return refused;
        },
        { timeout: 20_000, interval: 100 },
      );
      expect(expired.json.error.code).toBe('Authentication_InvalidCredentials');
      expect(expired.headers.get('www-authenticate')).toContain('expired');
    } finally {
      await client.admin('/settings', 'POST', { tokenLifetimeSeconds: 3599 });
    }
  });
});
