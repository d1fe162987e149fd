// An "attacker" for security tests: a second HTTPS listener with a certificate from the emulator's own CA
// (so VOA Desk would trust it exactly as it trusts the emulator), which answers like an identity provider
// and an OData host and records everything it receives. A test asserts that it received nothing.
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { prepareTlsMaterial } from '../../emulator/certificate-authority.ts';

export interface ReceivedRequest {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface AttackerServer {
  origin: string;
  received: ReceivedRequest[];
  close(): Promise<void>;
}

/** `stateDir` is the emulator's state directory: the attacker's certificate is signed by the same CA. */
export async function startAttackerServer(stateDir: string): Promise<AttackerServer> {
  const tls = await prepareTlsMaterial(stateDir);
  const received: ReceivedRequest[] = [];
  let origin = '';
  const server = https.createServer(
    { key: tls.serverKeyPem, cert: tls.serverCertificatePem },
    (request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({
          method: request.method ?? '',
          url: request.url ?? '',
          headers: request.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        });
        const url = request.url ?? '/';
        const tenant = url.split('/')[1] ?? 'tenant';
        const answer = url.includes('openid-configuration')
          ? {
              issuer: `${origin}/${tenant}/v2.0`,
              token_endpoint: `${origin}/${tenant}/oauth2/v2.0/token`,
              authorization_endpoint: `${origin}/${tenant}/oauth2/v2.0/authorize`,
              jwks_uri: `${origin}/${tenant}/discovery/v2.0/keys`,
            }
          : url.includes('/token')
            ? { token_type: 'Bearer', expires_in: 3600, access_token: 'stolen' }
            : { value: [] };
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify(answer));
      });
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
