import { webcrypto } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
// @peculiar/x509 resolves its services through tsyringe, which needs the Reflect metadata API.
import 'reflect-metadata';
import * as x509 from '@peculiar/x509';

type KeyPair = webcrypto.CryptoKeyPair;

x509.cryptoProvider.set(webcrypto as unknown as Parameters<typeof x509.cryptoProvider.set>[0]);

/** PEM texts of the server side of TLS, plus the CA a client must trust. */
export interface TlsMaterial {
  caCertificatePem: string;
  caFile: string;
  serverCertificatePem: string;
  serverKeyPem: string;
}

// ECDSA P-256: key generation takes milliseconds, so every test file can have its own CA.
const keyAlgorithm = { name: 'ECDSA', namedCurve: 'P-256' } as const;
const signingAlgorithm = { name: 'ECDSA', hash: 'SHA-256' } as const;

const caCertificateFileName = 'emulator-ca.pem';
const caKeyFileName = 'emulator-ca-key.pem';

function pem(label: string, der: ArrayBuffer): string {
  const base64 = Buffer.from(der).toString('base64');
  const lines = base64.match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`;
}

function derFromPem(text: string): Buffer {
  return Buffer.from(text.replace(/-----[^-]+-----/g, '').replace(/\s+/g, ''), 'base64');
}

async function createCertificateAuthority(): Promise<{ certificate: x509.X509Certificate; keys: KeyPair }> {
  const keys = (await webcrypto.subtle.generateKey(keyAlgorithm, true, ['sign', 'verify'])) as KeyPair;
  const notBefore = new Date(Date.now() - 60 * 60 * 1000);
  const certificate = await x509.X509CertificateGenerator.createSelfSigned({
    name: 'CN=VOA host emulator CA, O=VOA Desk development',
    notBefore,
    notAfter: new Date(notBefore.getTime() + 10 * 365 * 24 * 60 * 60 * 1000),
    keys,
    signingAlgorithm,
    extensions: [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
    ],
  });
  return { certificate, keys };
}

/**
 * A CA kept in the state directory is reused, so a client that trusted it once keeps trusting the
 * emulator across restarts; without one a new CA is made and written there.
 */
async function loadOrCreateCertificateAuthority(
  stateDir: string,
): Promise<{ certificate: x509.X509Certificate; keys: KeyPair }> {
  const certificatePath = join(stateDir, caCertificateFileName);
  const keyPath = join(stateDir, caKeyFileName);
  if (existsSync(certificatePath) && existsSync(keyPath)) {
    const certificate = new x509.X509Certificate(await readFile(certificatePath, 'utf8'));
    const privateKey = await webcrypto.subtle.importKey(
      'pkcs8',
      derFromPem(await readFile(keyPath, 'utf8')),
      keyAlgorithm,
      true,
      ['sign'],
    );
    const publicKey = await certificate.publicKey.export(keyAlgorithm, ['verify']);
    return { certificate, keys: { privateKey, publicKey } as KeyPair };
  }
  const created = await createCertificateAuthority();
  await writeFile(certificatePath, created.certificate.toString('pem') + '\n');
  await writeFile(
    keyPath,
    pem('PRIVATE KEY', await webcrypto.subtle.exportKey('pkcs8', created.keys.privateKey)),
    {
      mode: 0o600,
    },
  );
  return created;
}

/** A CA (reused from stateDir when present) and a fresh server certificate for 127.0.0.1, ::1 and localhost. */
export async function prepareTlsMaterial(stateDir: string): Promise<TlsMaterial> {
  const authority = await loadOrCreateCertificateAuthority(stateDir);
  const serverKeys = (await webcrypto.subtle.generateKey(keyAlgorithm, true, ['sign', 'verify'])) as KeyPair;
  const notBefore = new Date(Date.now() - 60 * 60 * 1000);
  const serverCertificate = await x509.X509CertificateGenerator.create({
    subject: 'CN=127.0.0.1',
    issuer: authority.certificate.subject,
    notBefore,
    notAfter: new Date(notBefore.getTime() + 365 * 24 * 60 * 60 * 1000),
    publicKey: serverKeys.publicKey,
    signingKey: authority.keys.privateKey,
    signingAlgorithm,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
      new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth]),
      new x509.SubjectAlternativeNameExtension([
        { type: 'ip', value: '127.0.0.1' },
        { type: 'ip', value: '::1' },
        { type: 'dns', value: 'localhost' },
      ]),
      await x509.SubjectKeyIdentifierExtension.create(serverKeys.publicKey),
      await x509.AuthorityKeyIdentifierExtension.create(authority.keys.publicKey),
    ],
  });
  const caCertificatePem = authority.certificate.toString('pem') + '\n';
  return {
    caCertificatePem,
    caFile: join(stateDir, caCertificateFileName),
    serverCertificatePem: serverCertificate.toString('pem') + '\n',
    serverKeyPem: pem('PRIVATE KEY', await webcrypto.subtle.exportKey('pkcs8', serverKeys.privateKey)),
  };
}
