import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { portalObject, startTestEmulator, type EmulatorTestClient, type Json } from './emulator-client.ts';

/** Seeded portal users by the case they cover (GET /portal/users lists them with their purpose). */
export const portalUsers = {
  buyer: 'koper@devries.example',
  viewer: 'kijker@devries.example',
  inactive: 'oud@devries.example',
  anonymized: 'vertrokken@devries.example',
  otherCustomerBuyer: 'buyer@northernsteel.example',
  blockedAll: 'inkoop@geblokkeerd.example',
  privacyBlocked: 'inkoop@privacymetaal.example',
  blockedShip: 'inkoop@verzendstop.example',
  threeCustomers: 'inkoop@tweeklanten.example',
  limits: 'inkoop@grootstaalbouw.example',
  unknownRole: 'stagiair@northernsteel.example',
} as const;

export const ipHash = 'a'.repeat(64);

/**
 * Each test starts from the seeded state. RequestCode's 1.5 s floor and the 60 s wait are switched off
 * here because they are not what these tests are about; the tests of rule 1 switch them back on.
 */
export async function resetPortal(
  client: EmulatorTestClient,
  settings: Record<string, unknown> = {},
): Promise<void> {
  expect((await client.admin('/reset', 'POST')).status).toBe(200);
  const answer = await client.admin('/settings', 'POST', {
    requestCodeMinimumMs: 0,
    signInCodeWaitSeconds: 0,
    ...settings,
  });
  expect(answer.status).toBe(200);
}

export async function signInCodeMails(client: EmulatorTestClient, email: string): Promise<Json[]> {
  const { mail } = (await client.admin('/mail')).json;
  return mail.filter(
    (entry: Json) =>
      entry.kind === 'signInCode' && entry.to.trim().toLowerCase() === email.trim().toLowerCase(),
  );
}

/** RequestCode, then the code from the newest sign-in mail to that address (undefined when none came). */
export async function requestCode(client: EmulatorTestClient, email: string): Promise<string | undefined> {
  const before = (await signInCodeMails(client, email)).length;
  const answer = await client.portal('RequestCode', { email, ipHash });
  expect(answer.status).toBe(200);
  expect(answer.value).toBe(true);
  const mails = await signInCodeMails(client, email);
  return mails.length > before ? (mails.at(-1).code as string) : undefined;
}

/**
 * One emulator for a test file, reset to the seeded portal before each test. The returned getter is
 * read inside tests, once beforeAll has started the emulator.
 */
export function usePortalEmulator(): () => EmulatorTestClient {
  let client: EmulatorTestClient | undefined;
  beforeAll(async () => {
    client = await startTestEmulator();
  });
  afterAll(async () => {
    await client?.stop();
  });
  beforeEach(async () => {
    if (client) await resetPortal(client);
  });
  return () => {
    if (!client) throw new Error('the portal emulator has not started');
    return client;
  };
}

/** A signed-in session token for an address that has portal access. */
export async function signIn(client: EmulatorTestClient, email: string): Promise<string> {
  const code = await requestCode(client, email);
  expect(code, `a sign-in code mailed to ${email}`).toBeDefined();
  const answer = await client.portal('SignIn', { email, code, ipHash });
  expect(answer.value).toMatch(/^[0-9A-F]{64}$/);
  return answer.value as string;
}

/** Calls a procedure that takes only a token and parses the object ('' stays ''). */
export async function read(client: EmulatorTestClient, procedure: string, token: string): Promise<Json> {
  const answer = await client.portal(procedure, { token });
  expect(answer.status).toBe(200);
  return portalObject(answer);
}

export async function advanceClock(client: EmulatorTestClient, seconds: number): Promise<void> {
  expect((await client.admin('/clock', 'POST', { advanceSeconds: seconds })).status).toBe(200);
}
