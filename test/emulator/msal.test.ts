import tls from 'node:tls';
import { ConfidentialClientApplication } from '@azure/msal-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEmulator, type EmulatorTestClient } from './emulator-client.ts';

/**
 * msal-node 7 sends its requests with Node's global fetch and has no agent option, so the emulator's CA
 * is added to Node's default trust store for this worker process, the way NODE_EXTRA_CA_CERTS would:
 * msal-node itself runs unmodified and unconfigured beyond what the app passes.
 */
describe('msal-node against the emulator', () => {
  let client: EmulatorTestClient;

  beforeAll(async () => {
    client = await startTestEmulator({ tokenLifetimeSeconds: 120 });
    tls.setDefaultCACertificates([...tls.getCACertificates('default'), client.emulator.caCertificate]);
  });
  afterAll(async () => {
    await client.stop();
  });

  function applicationFor(clientId: string, clientSecret: string): ConfidentialClientApplication {
    const { info } = client.emulator;
    return new ConfidentialClientApplication({
      auth: {
        clientId,
        clientSecret,
        authority: `${info.authUrl}/${info.tenant}`,
        knownAuthorities: [new URL(info.authUrl).host],
      },
    });
  }

  it('an unmodified ConfidentialClientApplication gets a token that opens the catalog', async () => {
    const { info } = client.emulator;
    const application = applicationFor(info.sync.clientId, info.sync.clientSecret);
    const result = await application.acquireTokenByClientCredential({
      scopes: [`${info.apiResource}/.default`],
    });
    expect(result?.tokenType).toBe('Bearer');
    const answer = await client.call(client.catalogUrl('voaCategories'), {
      token: result?.accessToken ?? null,
    });
    expect(answer.status).toBe(200);
    expect(answer.json.value.length).toBe(client.emulator.expectedCatalog.categories);
  });

  it('msal-node reads the OpenID metadata once and then posts to the token endpoint it names', async () => {
    await client.admin('/reset', 'POST');
    const { info } = client.emulator;
    const application = applicationFor(info.website.clientId, info.website.clientSecret);
    // A lifetime under msal's five-minute refresh margin makes every acquisition a new token request.
    await application.acquireTokenByClientCredential({ scopes: [`${info.apiResource}/.default`] });
    await application.acquireTokenByClientCredential({ scopes: [`${info.apiResource}/.default`] });
    const calls = (await client.admin('/calls')).json.calls as {
      method: string;
      path: string;
      status: number;
    }[];
    expect(calls.map((call) => `${call.method} ${call.path.split('?')[0]} ${call.status}`)).toEqual([
      `GET /${info.tenant}/v2.0/.well-known/openid-configuration 200`,
      `POST /${info.tenant}/oauth2/v2.0/token 200`,
      `POST /${info.tenant}/oauth2/v2.0/token 200`,
    ]);
  });

  it('msal-node surfaces a wrong secret as invalid_client with the AADSTS code', async () => {
    const { info } = client.emulator;
    const application = applicationFor(info.website.clientId, 'wrong-secret');
    await expect(
      application.acquireTokenByClientCredential({ scopes: [`${info.apiResource}/.default`] }),
    ).rejects.toMatchObject({
      errorCode: 'invalid_client',
      errorMessage: expect.stringContaining('AADSTS7000215'),
    });
  });
});
