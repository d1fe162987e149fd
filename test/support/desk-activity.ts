// A day at a desk against the emulator, for the tests that search what VOA Desk writes down (the logs, the
// support bundle): a full sync, a delivered quote, one the host refuses, a portal sign-in and an
// acceptance. Answers every secret, token and customer detail the run handled, to search for.
import { expect } from 'vitest';
import { dispatchBridgeCall } from '../../src/main/core/bridge/dispatch.ts';
import type { VoaCore } from '../../src/main/core/voa-core.ts';
import type { CallInput, CallOutput } from '../../src/shared/bridge/api.ts';
import type { CallName } from '../../src/shared/bridge/bridge-map.ts';
import type { QuoteRequestInput } from '../../src/shared/contract/request-schemas.ts';
import type { EmulatorTestClient, Json } from '../emulator/emulator-client.ts';
import { portalUsers } from '../emulator/portal-client.ts';
import { TEST_PRIVACY_CONSENT_VERSION, TEST_SOURCE_LABELS } from './emulator-profile.ts';

export const CUSTOMER = {
  name: 'Jozefien Wiersma-Brouwer',
  company: 'Wiersma Staal B.V.',
  phone: '+31 6 4471 2093',
  email: 'j.wiersma@wiersma-staal.nl',
  refusedName: 'Bart Rijnsburger',
};

export async function bridgeCall<C extends CallName>(
  core: VoaCore,
  channel: C,
  input: CallInput<C>,
): Promise<CallOutput<C>> {
  const result = await dispatchBridgeCall(core.handlers, channel, input);
  if (!result.ok) throw new Error(`${channel}: ${result.error.message}`);
  return result.value as CallOutput<C>;
}

function quote(overrides: Partial<QuoteRequestInput> = {}): QuoteRequestInput {
  return {
    privacyAccepted: true,
    privacyConsentVersion: TEST_PRIVACY_CONSENT_VERSION,
    contactName: CUSTOMER.name,
    companyName: CUSTOMER.company,
    email: CUSTOMER.email,
    phoneNo: CUSTOMER.phone,
    deliveryMethod: 'Pickup',
    source: TEST_SOURCE_LABELS[0]!,
    quoteRequestLines: [{ itemNo: 'HEA200', quantity: 2, unitOfMeasureCode: 'PCS' }],
    ...overrides,
  };
}

/** Call before core.start(): records the portal session tokens main sends. */
export function recordSessionTokens(core: VoaCore): Set<string> {
  const tokens = new Set<string>();
  const send = core.portal.client.call.bind(core.portal.client);
  core.portal.client.call = async (procedure, parameters) => {
    if (parameters.token) tokens.add(parameters.token);
    return send(procedure, parameters);
  };
  return tokens;
}

export async function runDeskDay(core: VoaCore, emulator: EmulatorTestClient): Promise<void> {
  const admin = async (route: string, method?: string, body?: unknown): Promise<Json> =>
    (await emulator.admin(route, method, body)).json;
  const call = <C extends CallName>(channel: C, input: CallInput<C>) => bridgeCall(core, channel, input);
  await admin('/settings', 'POST', { requestCodeMinimumMs: 0, signInCodeWaitSeconds: 0 });

  const summary = await core.catalog.syncNow('manual');
  expect(summary.outcome).toBe('succeeded');
  await call('outbox:submit', { kind: 'quote', payload: quote() });
  await call('outbox:flush', { waitSeconds: 20 });
  await admin('/settings', 'POST', { refuseRequests: true });
  await call('outbox:submit', { kind: 'quote', payload: quote({ contactName: CUSTOMER.refusedName }) });
  await call('outbox:flush', { waitSeconds: 20 });
  await admin('/settings', 'POST', { refuseRequests: false });

  await call('portal:requestCode', { email: portalUsers.buyer });
  const { mail } = await admin('/mail');
  const code = mail
    .filter((entry: Json) => entry.kind === 'signInCode' && entry.to === portalUsers.buyer)
    .at(-1)?.code as string;
  expect((await call('portal:signIn', { email: portalUsers.buyer, code })).signedIn).toBe(true);
  const quotes = await call('portal:quotes', {});
  if (quotes.state !== 'ok') throw new Error('the session ended');
  const today = new Date().toISOString().slice(0, 10);
  const acceptable = quotes.value.rows.find(
    (row) => row.status === 'Released' && !row.accepted && row.validUntil >= today,
  )!;
  expect((await call('portal:acceptQuote', { quoteNo: acceptable.no })).state).toBe('ok');
  await call('portal:signOut', { reason: 'signedOut' });
}

/** Each secret, token and customer detail the day handled, by what it is. */
export async function whatMustNotBeWritten(
  core: VoaCore,
  emulator: EmulatorTestClient,
  profile: string,
  sessionTokens: Set<string>,
): Promise<[string, string][]> {
  const info = emulator.emulator.info;
  const keytar = (await import('keytar')).default;
  const ipHashKey = await keytar.getPassword(`VOA Desk (${profile})`, 'ip-hash-key');
  const tokens = [await core.tokens.accessToken('website'), await core.tokens.accessToken('sync')];
  expect(sessionTokens.size).toBeGreaterThan(0);
  const forbidden: [string, string][] = [
    ['website client secret', info.website.clientSecret],
    ['sync client secret', info.sync.clientSecret],
    ...tokens.map((token, index): [string, string] => [`access token ${index}`, token]),
    ...[...sessionTokens].map((token): [string, string] => ['portal session token', token]),
    ['IP-hash key', ipHashKey!],
    ['customer e-mail', CUSTOMER.email],
    ['portal e-mail', portalUsers.buyer],
    ['customer phone', CUSTOMER.phone],
    ['customer name', CUSTOMER.name],
    ['refused customer name', CUSTOMER.refusedName],
    ['customer company', CUSTOMER.company],
  ];
  for (const [what, value] of forbidden) expect(value?.length, what).toBeGreaterThan(5);
  return forbidden;
}
