// The log files after a full sync, deliveries, a portal sign-in and an acceptance against the host
// emulator over real HTTPS, with the real keychain and a real app.db: what support needs is there, and no
// secret, token or customer contact detail is, byte for byte.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatchBridgeCall } from '../../src/main/core/bridge/dispatch.ts';
import { appLog, logsDirOf } from '../../src/main/core/log/app-log.ts';
import { VoaCore } from '../../src/main/core/voa-core.ts';
import type { CallInput, CallOutput } from '../../src/shared/bridge/api.ts';
import type { CallName } from '../../src/shared/bridge/bridge-map.ts';
import type { QuoteRequestInput } from '../../src/shared/contract/request-schemas.ts';
import { startTestEmulator, type EmulatorTestClient, type Json } from '../emulator/emulator-client.ts';
import { portalUsers } from '../emulator/portal-client.ts';
import {
  configureProfileForEmulator,
  TEST_PRIVACY_CONSENT_VERSION,
  TEST_SOURCE_LABELS,
} from '../support/emulator-profile.ts';
import { createTestProfile, type TestProfile } from '../support/processes.ts';

let emulator: EmulatorTestClient;
let profile: TestProfile;
let core: VoaCore;
const sessionTokens = new Set<string>();
const CONTACT = {
  name: 'Jozefien Wiersma-Brouwer',
  phone: '+31 6 4471 2093',
  email: 'j.wiersma@wiersma-staal.nl',
};

async function call<C extends CallName>(channel: C, input: CallInput<C>): Promise<CallOutput<C>> {
  const result = await dispatchBridgeCall(core.handlers, channel, input);
  if (!result.ok) throw new Error(`${channel}: ${result.error.message}`);
  return result.value as CallOutput<C>;
}

const admin = async (route: string, method?: string, body?: unknown): Promise<Json> =>
  (await emulator.admin(route, method, body)).json;

function quote(overrides: Partial<QuoteRequestInput> = {}): QuoteRequestInput {
  return {
    privacyAccepted: true,
    privacyConsentVersion: TEST_PRIVACY_CONSENT_VERSION,
    contactName: CONTACT.name,
    companyName: 'Wiersma Staal B.V.',
    email: CONTACT.email,
    phoneNo: CONTACT.phone,
    deliveryMethod: 'Pickup',
    source: TEST_SOURCE_LABELS[0]!,
    quoteRequestLines: [{ itemNo: 'HEA200', quantity: 2, unitOfMeasureCode: 'PCS' }],
    ...overrides,
  };
}

async function logBytes(): Promise<Map<string, Buffer>> {
  const dir = logsDirOf(profile.dataDir);
  const files = new Map<string, Buffer>();
  for (const name of await readdir(dir)) files.set(name, await readFile(path.join(dir, name)));
  return files;
}

beforeAll(async () => {
  emulator = await startTestEmulator();
  profile = await createTestProfile();
  core = await VoaCore.open({
    location: { profile: profile.profile, dataDir: profile.dataDir },
    shell: 'browser',
    version: 'test',
  });
  await configureProfileForEmulator(core, emulator.emulator.info);
  core.outbox.tune({ baseDelayMs: 50, maxDelayMs: 400, requestTimeoutMs: 5_000 });
  core.portal.tune({ readBackoffMs: 20, codeWaitMs: 0 });
  const send = core.portal.client.call.bind(core.portal.client);
  core.portal.client.call = async (procedure, parameters) => {
    if (parameters.token) sessionTokens.add(parameters.token);
    return send(procedure, parameters);
  };
  core.start();
  await admin('/settings', 'POST', { requestCodeMinimumMs: 0, signInCodeWaitSeconds: 0 });

  // A full sync, a delivered quote, one the host refuses, a portal sign-in and an acceptance.
  const summary = await core.catalog.syncNow('manual');
  expect(summary.outcome).toBe('succeeded');
  await call('outbox:submit', { kind: 'quote', payload: quote() });
  await call('outbox:flush', { waitSeconds: 20 });
  await admin('/settings', 'POST', { refuseRequests: true });
  await call('outbox:submit', { kind: 'quote', payload: quote({ contactName: 'Bart Rijnsburger' }) });
  await call('outbox:flush', { waitSeconds: 20 });
  await admin('/settings', 'POST', { refuseRequests: false });

  await call('portal:requestCode', { email: portalUsers.buyer });
  const { mail } = await admin('/mail');
  const code = mail
    .filter((entry: Json) => entry.kind === 'signInCode' && entry.to === portalUsers.buyer)
    .at(-1)?.code as string;
  const signedIn = await call('portal:signIn', { email: portalUsers.buyer, code });
  expect(signedIn.signedIn).toBe(true);
  const quotes = await call('portal:quotes', {});
  if (quotes.state !== 'ok') throw new Error('the session ended');
  const today = new Date().toISOString().slice(0, 10);
  const acceptable = quotes.value.rows.find(
    (row) => row.status === 'Released' && !row.accepted && row.validUntil >= today,
  )!;
  const accepted = await call('portal:acceptQuote', { quoteNo: acceptable.no });
  expect(accepted.state).toBe('ok');
  await call('portal:signOut', { reason: 'signedOut' });
}, 120_000);

afterAll(async () => {
  await core?.close();
  await emulator?.stop();
  await profile?.dispose();
});

describe('the log files', () => {
  it('hold start-up, the sync, each delivery attempt and its outcome, and the refusal a person saw', async () => {
    const text = [...(await logBytes()).values()].map((bytes) => bytes.toString('utf8')).join('\n');
    expect(text).toMatch(/\[info\]\s+opened .*voaDesk/);
    expect(text).toMatch(/\[info\]\s+started/);
    expect(text).toMatch(/\[info\]\s+catalog sync started/);
    expect(text).toMatch(/\[info\]\s+catalog sync finished .*succeeded/);
    const delivered = core.outbox.store.list({ states: ['delivered'] });
    expect(delivered).toHaveLength(1);
    expect(text).toContain(`requestId: '${delivered[0]!.requestId}'`);
    expect(text).toMatch(/\[error\]\s+delivery refused .*needsAttention/);
  });

  it('never hold a client secret, an access token, the session token, the IP-hash key or contact data', async () => {
    const info = emulator.emulator.info;
    const keytar = (await import('keytar')).default;
    const ipHashKey = await keytar.getPassword(`VOA Desk (${profile.profile})`, 'ip-hash-key');
    const tokens = [await core.tokens.accessToken('website'), await core.tokens.accessToken('sync')];
    const forbidden: [string, string][] = [
      ['website client secret', info.website.clientSecret],
      ['sync client secret', info.sync.clientSecret],
      ...tokens.map((token, index): [string, string] => [`access token ${index}`, token]),
      ...[...sessionTokens].map((token): [string, string] => ['portal session token', token]),
      ['IP-hash key', ipHashKey!],
      ['customer e-mail', CONTACT.email],
      ['portal e-mail', portalUsers.buyer],
      ['customer phone', CONTACT.phone],
      ['customer name', CONTACT.name],
    ];
    expect(sessionTokens.size).toBeGreaterThan(0);
    // A careless call site that logs everything it holds is still redacted by the logger itself.
    appLog.error(
      'a careless call site',
      new Error(`refused ${info.sync.clientSecret} for ${CONTACT.email}`),
      {
        secret: info.website.clientSecret,
        header: `Bearer ${tokens[0]}`,
        note: `session ${[...sessionTokens][0]} key ${ipHashKey} phone ${CONTACT.phone}`,
      },
    );
    const files = await logBytes();
    expect([...files.keys()]).toContain('browser-shell.log');
    expect(files.get('browser-shell.log')!.toString()).toContain('a careless call site');
    for (const [file, bytes] of files)
      for (const [what, value] of forbidden) {
        expect(value.length, what).toBeGreaterThan(5);
        expect(bytes.includes(Buffer.from(value, 'utf8')), `${what} in ${file}`).toBe(false);
      }
  });
});
