import { createHash } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { EmulatorTestClient, Json } from './emulator-client.ts';
import {
  advanceClock,
  ipHash,
  portalUsers,
  read,
  requestCode,
  signIn,
  signInCodeMails,
  usePortalEmulator,
} from './portal-client.ts';

const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

describe('voaPortal sign-in, codes and sessions', () => {
  const emulator = usePortalEmulator();
  let client: EmulatorTestClient;
  beforeEach(() => {
    client = emulator();
  });

  const codes = async (): Promise<Json[]> => (await client.admin('/portal/codes')).json.codes;
  const sessions = async (): Promise<Json[]> => (await client.admin('/portal/sessions')).json.sessions;
  const setUser = (email: string, customerNo: string, change: Record<string, unknown>) =>
    client.admin('/portal/users', 'POST', { email, customerNo, ...change });

  describe('rule 1: RequestCode', () => {
    it('answers true after at least 1.5 s for a known and an unknown address alike, and mails only the known one', async () => {
      await client.admin('/settings', 'POST', { requestCodeMinimumMs: 1500 });
      const timed = async (email: string) => {
        const started = performance.now();
        const answer = await client.portal('RequestCode', { email, ipHash });
        return { answer, elapsed: performance.now() - started };
      };
      const [known, unknown] = await Promise.all([
        timed(portalUsers.buyer),
        timed('niemand@nergens.example'),
      ]);
      for (const { answer, elapsed } of [known, unknown]) {
        expect(answer.status).toBe(200);
        expect(answer.json['@odata.context']).toMatch(/\$metadata#Edm\.Boolean$/);
        expect(answer.value).toBe(true);
        expect(elapsed).toBeGreaterThanOrEqual(1500);
      }
      expect(await signInCodeMails(client, portalUsers.buyer)).toHaveLength(1);
      expect(await signInCodeMails(client, 'niemand@nergens.example')).toHaveLength(0);
    });

    it.each([
      ['an inactive portal user', portalUsers.inactive],
      ['an anonymized portal user', portalUsers.anonymized],
      ['an unknown address', 'niemand@nergens.example'],
      ['an empty address', ''],
    ])('answers true and mails nothing for %s', async (_case, email) => {
      expect(await requestCode(client, email)).toBeUndefined();
      expect(await codes()).toEqual([]);
    });

    it('mails 10 characters of the alphabet as two groups of five, and keeps only a salted hash', async () => {
      const code = await requestCode(client, portalUsers.buyer);
      expect(code).toMatch(new RegExp(`^[${alphabet}]{5}-[${alphabet}]{5}$`));
      const [mail] = await signInCodeMails(client, portalUsers.buyer);
      expect(mail.body).toContain(code);
      const stored = await client.admin('/portal/codes');
      expect(stored.json.codes).toHaveLength(1);
      expect(stored.text).not.toContain(code?.replace('-', '') ?? '');
      expect(stored.text).not.toContain(code ?? '');
      const { portal } = client.emulator.state;
      const [kept] = portal.codes;
      expect(kept?.salt).toMatch(/^[0-9a-f]{32}$/);
      expect(kept?.hash).toBe(
        createHash('sha256')
          .update(`${kept?.salt}${code?.replace('-', '')}`)
          .digest('hex'),
      );
      expect(JSON.stringify(portal.codes)).not.toContain(code?.replace('-', '') ?? '');
    });

    it('inside the wait time answers true and does nothing; after it a new code is mailed', async () => {
      await client.admin('/settings', 'POST', { signInCodeWaitSeconds: 60 });
      expect(await requestCode(client, portalUsers.buyer)).toBeDefined();
      await advanceClock(client, 59);
      expect(await requestCode(client, portalUsers.buyer)).toBeUndefined();
      expect(await codes()).toHaveLength(1);
      await advanceClock(client, 1);
      expect(await requestCode(client, portalUsers.buyer)).toBeDefined();
      expect(await codes()).toHaveLength(2);
    });

    it('a wait time of 0 removes the wait: several codes may be open at once', async () => {
      await requestCode(client, portalUsers.buyer);
      await requestCode(client, portalUsers.buyer);
      expect((await codes()).map((code) => code.state)).toEqual(['open', 'open']);
    });

    it.each([
      ['the customer language (NLD) when the user has no account request language', portalUsers.buyer, 'nl'],
      ['the account request language (ENU) before the customer language (NLD)', portalUsers.viewer, 'en'],
      ['the customer language (ENU)', portalUsers.otherCustomerBuyer, 'en'],
    ])('writes the mail in %s', async (_case, email, language) => {
      await requestCode(client, email);
      const [mail] = await signInCodeMails(client, email);
      expect(mail.language).toBe(language);
      expect(mail.subject).toBe(language === 'nl' ? 'Uw inlogcode' : 'Your sign-in code');
    });

    it('finds an address stored with capitals and spaces, and mails it as stored', async () => {
      const code = await requestCode(client, 'INKOOP@grootstaalbouw.example  ');
      expect(code).toBeDefined();
      const [mail] = await signInCodeMails(client, portalUsers.limits);
      expect(mail.to).toBe('Inkoop@GrootStaalbouw.Example');
    });

    it('stores the IP hash as received, up to 64 characters', async () => {
      await client.portal('RequestCode', { email: portalUsers.buyer, ipHash: `${'b'.repeat(64)}cdef` });
      expect((await codes())[0].ipHash).toBe('b'.repeat(64));
    });
  });

  describe('rule 2: SignIn and the sign-in code table', () => {
    it('open → used: a matching code gives a 64-character token of two GUIDs in uppercase hex, once', async () => {
      const code = await requestCode(client, portalUsers.buyer);
      const answer = await client.portal('SignIn', { email: portalUsers.buyer, code, ipHash });
      expect(answer.json['@odata.context']).toMatch(/\$metadata#Edm\.String$/);
      expect(answer.value).toMatch(/^[0-9A-F]{64}$/);
      expect((await codes())[0].state).toBe('used');
      expect((await client.portal('SignIn', { email: portalUsers.buyer, code, ipHash })).value).toBe('');
    });

    it('normalizes the code before comparing: spaces and hyphens, lowercase, O for 0, I and L for 1', async () => {
      const code = (await requestCode(client, portalUsers.buyer)) as string;
      const typed = ` ${code.slice(0, 3)} ${code.slice(3)} `
        .toLowerCase()
        .replaceAll('0', 'o')
        .replace(/1/g, (_one, offset: number) => (offset % 2 === 0 ? 'I' : 'l'));
      const answer = await client.portal('SignIn', {
        email: ` ${portalUsers.buyer.toUpperCase()} `,
        code: typed,
        ipHash,
      });
      expect(answer.value).toMatch(/^[0-9A-F]{64}$/);
    });

    it('open → expired: using one code expires the other open codes of the address', async () => {
      const first = await requestCode(client, portalUsers.buyer);
      const second = await requestCode(client, portalUsers.buyer);
      expect(
        (await client.portal('SignIn', { email: portalUsers.buyer, code: second, ipHash })).value,
      ).not.toBe('');
      expect((await codes()).map((code) => code.state)).toEqual(['expired', 'used']);
      expect((await client.portal('SignIn', { email: portalUsers.buyer, code: first, ipHash })).value).toBe(
        '',
      );
    });

    it('open → expired: after Sign-in Code Validity (Min.) the code no longer works', async () => {
      await client.admin('/settings', 'POST', { signInCodeValidityMinutes: 2 });
      const code = await requestCode(client, portalUsers.buyer);
      await advanceClock(client, 120);
      expect((await client.portal('SignIn', { email: portalUsers.buyer, code, ipHash })).value).toBe('');
      expect((await codes())[0].state).toBe('expired');
    });

    it('a code still works just before its validity ends', async () => {
      await client.admin('/settings', 'POST', { signInCodeValidityMinutes: 2 });
      const code = await requestCode(client, portalUsers.buyer);
      await advanceClock(client, 110);
      expect((await client.portal('SignIn', { email: portalUsers.buyer, code, ipHash })).value).toMatch(
        /^[0-9A-F]{64}$/,
      );
    });

    it('open → open: wrong guesses count on the newest open code up to Maximum Code Attempts, without a lockout', async () => {
      await client.admin('/settings', 'POST', { maximumCodeAttempts: 3 });
      const older = await requestCode(client, portalUsers.buyer);
      await requestCode(client, portalUsers.buyer);
      for (let guess = 0; guess < 5; guess++) {
        expect(
          (await client.portal('SignIn', { email: portalUsers.buyer, code: 'AAAAA-AAAAA', ipHash })).value,
        ).toBe('');
      }
      expect((await codes()).map((code) => code.attempts)).toEqual([0, 3]);
      expect(
        (await client.portal('SignIn', { email: portalUsers.buyer, code: older, ipHash })).value,
      ).toMatch(/^[0-9A-F]{64}$/);
    });

    it('a code for another address does not sign in', async () => {
      const code = await requestCode(client, portalUsers.buyer);
      expect((await client.portal('SignIn', { email: portalUsers.viewer, code, ipHash })).value).toBe('');
    });

    it('a correct code for a user deactivated in the meantime is used up and SignIn answers empty', async () => {
      const code = await requestCode(client, portalUsers.buyer);
      await setUser(portalUsers.buyer, '10000', { active: false });
      expect((await client.portal('SignIn', { email: portalUsers.buyer, code, ipHash })).value).toBe('');
      expect((await codes())[0].state).toBe('used');
      await setUser(portalUsers.buyer, '10000', { active: true });
      expect((await client.portal('SignIn', { email: portalUsers.buyer, code, ipHash })).value).toBe('');
    });

    it.each([
      ['blocked for all', portalUsers.blockedAll],
      ['privacy blocked', portalUsers.privacyBlocked],
    ])('a user of a customer %s gets a code mailed but SignIn answers empty', async (_case, email) => {
      const code = await requestCode(client, email);
      expect(code).toBeDefined();
      expect((await client.portal('SignIn', { email, code, ipHash })).value).toBe('');
    });

    it('a customer blocked only for shipping keeps access', async () => {
      const token = await signIn(client, portalUsers.blockedShip);
      expect((await read(client, 'ReadSession', token)).customerNo).toBe('50000');
    });

    it('one address linked to several customers: the session takes the lowest allowed customer number', async () => {
      const token = await signIn(client, portalUsers.threeCustomers);
      const session = await read(client, 'ReadSession', token);
      expect(session.customerNo).toBe('50000');
      expect(session.role).toBe('Viewer');
    });

    it('an unknown stored role is reported as Viewer', async () => {
      const token = await signIn(client, portalUsers.unknownRole);
      expect((await read(client, 'ReadSession', token)).role).toBe('Viewer');
      expect((await read(client, 'MyDetails', token)).role).toBe('Viewer');
    });

    it('stores the IP hash on the session, up to 64 characters', async () => {
      const code = await requestCode(client, portalUsers.buyer);
      await client.portal('SignIn', { email: portalUsers.buyer, code, ipHash: `${'c'.repeat(64)}ff` });
      expect((await sessions())[0].ipHash).toBe('c'.repeat(64));
    });
  });

  describe('the session table', () => {
    it('(none) → active: only the SHA-256 of the token is stored; the admin list shows a prefix of it, never the token', async () => {
      const token = await signIn(client, portalUsers.buyer);
      const answer = await client.admin('/portal/sessions');
      expect(answer.text).not.toContain(token);
      const hash = createHash('sha256').update(token).digest('hex');
      expect(answer.json.sessions).toEqual([
        expect.objectContaining({
          tokenHashPrefix: hash.slice(0, 12),
          email: portalUsers.buyer,
          customerNo: '10000',
          state: 'active',
        }),
      ]);
      expect(JSON.stringify(client.emulator.state.portal.sessions)).not.toContain(token);
    });

    it('spaces around the token are ignored', async () => {
      const token = await signIn(client, portalUsers.buyer);
      expect((await read(client, 'ReadSession', `  ${token} `)).email).toBe(portalUsers.buyer);
    });

    it('active → active: a call moves the expiry forward by Session Duration, written at most once a minute', async () => {
      const token = await signIn(client, portalUsers.buyer);
      const first = Date.parse((await read(client, 'ReadSession', token)).expiresAt);
      await advanceClock(client, 30);
      expect(Date.parse((await read(client, 'ReadSession', token)).expiresAt)).toBe(first);
      await advanceClock(client, 31);
      const hostNow = async () => Date.parse((await client.admin('/clock')).json.now);
      // Bracketed by the host's clock read before and after the call: no tolerance that a slow machine
      // could exceed.
      const before = await hostNow();
      const moved = Date.parse((await read(client, 'ReadSession', token)).expiresAt);
      const after = await hostNow();
      expect(moved).toBeGreaterThan(first);
      expect(moved).toBeGreaterThanOrEqual(before + 480 * 60_000);
      expect(moved).toBeLessThanOrEqual(after + 480 * 60_000);
    });

    it('active → expired: no use for Session Duration (Min.)', async () => {
      await client.admin('/settings', 'POST', { sessionDurationMinutes: 5 });
      const token = await signIn(client, portalUsers.buyer);
      await advanceClock(client, 4 * 60);
      expect(await read(client, 'ReadSession', token)).not.toBe('');
      await advanceClock(client, 5 * 60 + 1);
      expect(await read(client, 'ReadSession', token)).toBe('');
      expect((await sessions())[0].state).toBe('expired');
    });

    it('active → expired: Maximum Session Age (Hours) ends a session however active', async () => {
      await client.admin('/settings', 'POST', { maximumSessionAgeHours: 1 });
      const token = await signIn(client, portalUsers.buyer);
      expect(Date.parse((await read(client, 'ReadSession', token)).expiresAt)).toBeLessThanOrEqual(
        Date.parse((await client.admin('/clock')).json.now) + 3_600_000,
      );
      await advanceClock(client, 50 * 60);
      expect(await read(client, 'ReadSession', token)).not.toBe('');
      await advanceClock(client, 11 * 60);
      expect(await read(client, 'ReadSession', token)).toBe('');
    });

    it('active → revoked: the portal user becomes inactive; reactivating does not bring the session back', async () => {
      const token = await signIn(client, portalUsers.buyer);
      await setUser(portalUsers.buyer, '10000', { active: false });
      expect(await read(client, 'MyQuotes', token)).toBe('');
      expect((await sessions())[0].state).toBe('revoked');
      await setUser(portalUsers.buyer, '10000', { active: true });
      expect(await read(client, 'ReadSession', token)).toBe('');
    });

    it('active → revoked: the customer is no longer allowed', async () => {
      const token = await signIn(client, portalUsers.buyer);
      await client.admin('/portal/customers', 'POST', { no: '10000', blocked: 'All' });
      expect(await read(client, 'MyDetails', token)).toBe('');
      expect((await sessions())[0].state).toBe('revoked');
    });

    it('active → revoked: SignOut answers true, and true again, also for an unknown token', async () => {
      const token = await signIn(client, portalUsers.buyer);
      for (const sent of [token, token, 'F'.repeat(64), '']) {
        const answer = await client.portal('SignOut', { token: sent });
        expect(answer.value).toBe(true);
      }
      expect(await read(client, 'ReadSession', token)).toBe('');
      expect((await sessions())[0].state).toBe('revoked');
    });

    it('the role is read from the portal user on every call, so a change applies at once', async () => {
      const token = await signIn(client, portalUsers.buyer);
      expect(await read(client, 'MyDeliveryAddresses', token)).not.toBe('');
      await setUser(portalUsers.buyer, '10000', { role: 'Viewer' });
      expect((await read(client, 'ReadSession', token)).role).toBe('Viewer');
      expect(await read(client, 'MyDeliveryAddresses', token)).toBe('');
    });

    it('a sessionConflict fault answers 409 on a token call and changes nothing; calls without a token are not hit', async () => {
      const token = await signIn(client, portalUsers.buyer);
      await client.admin('/faults', 'POST', { rules: [{ kind: 'sessionConflict', count: 1 }] });
      expect((await client.portal('RequestCode', { email: portalUsers.viewer, ipHash })).status).toBe(200);
      const conflict = await client.portal('SignOut', { token });
      expect(conflict.status).toBe(409);
      expect(conflict.json.error.message).toContain('Portal Session');
      expect((await sessions())[0].state).toBe('active');
      expect((await read(client, 'ReadSession', token)).email).toBe(portalUsers.buyer);
    });
  });

  describe('admin: users and clock', () => {
    it('GET /portal/users lists every seeded user with customer, role, state and the case it covers', async () => {
      const { users } = (await client.admin('/portal/users')).json;
      expect(users.length).toBeGreaterThanOrEqual(12);
      for (const user of users) {
        expect(Object.keys(user).sort()).toEqual(
          ['active', 'anonymized', 'customerName', 'customerNo', 'email', 'purpose', 'role'].sort(),
        );
        expect(user.purpose).not.toBe('');
      }
      expect(users).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ email: portalUsers.buyer, role: 'Buyer', customerNo: '10000' }),
          expect.objectContaining({ email: portalUsers.viewer, role: 'Viewer', customerNo: '10000' }),
          expect.objectContaining({ email: portalUsers.inactive, active: false }),
          expect.objectContaining({ email: portalUsers.anonymized, anonymized: true }),
          expect.objectContaining({ email: '  Inkoop@GrootStaalbouw.Example ' }),
        ]),
      );
    });

    it('POST /portal/users creates a user who can then sign in, and refuses an unknown customer', async () => {
      expect(
        (
          await client.admin('/portal/users', 'POST', {
            email: 'nieuw@devries.example',
            customerNo: '10000',
            role: 'Buyer',
          })
        ).status,
      ).toBe(200);
      const token = await signIn(client, 'nieuw@devries.example');
      expect((await read(client, 'ReadSession', token)).role).toBe('Buyer');
      expect(
        (await client.admin('/portal/users', 'POST', { email: 'x@y.example', customerNo: '99999' })).status,
      ).toBe(400);
    });

    it('GET /clock tells the emulator time; POST /clock moves it; POST /reset brings it back', async () => {
      const before = Date.parse((await client.admin('/clock')).json.now);
      const moved = await client.admin('/clock', 'POST', { advanceSeconds: 3600 });
      expect(Date.parse(moved.json.now) - before).toBeGreaterThanOrEqual(3600_000);
      expect(moved.json.offsetSeconds).toBe(3600);
      expect((await client.admin('/clock', 'POST', { advanceSeconds: -5 })).status).toBe(400);
      await client.admin('/reset', 'POST');
      expect((await client.admin('/clock')).json.offsetSeconds).toBe(0);
    });

    it('POST /settings takes the portal settings within their ranges and refuses values outside them', async () => {
      const defaults = (await client.admin('/settings')).json;
      expect(defaults).toMatchObject({
        signInCodeValidityMinutes: 15,
        maximumCodeAttempts: 5,
        sessionDurationMinutes: 480,
        maximumSessionAgeHours: 168,
        portalDocumentsFromReports: true,
        steelArchive: false,
      });
      for (const wrong of [
        { signInCodeValidityMinutes: 0 },
        { signInCodeValidityMinutes: 1441 },
        { maximumCodeAttempts: 21 },
        { signInCodeWaitSeconds: 3601 },
        { sessionDurationMinutes: 4 },
        { sessionDurationMinutes: 20161 },
        { maximumSessionAgeHours: 481 },
        { portalDocumentsFromReports: 'yes' },
      ]) {
        expect((await client.admin('/settings', 'POST', wrong)).status, JSON.stringify(wrong)).toBe(400);
      }
      const changed = await client.admin('/settings', 'POST', {
        signInCodeWaitSeconds: 3600,
        steelArchive: true,
      });
      expect(changed.json).toMatchObject({ signInCodeWaitSeconds: 3600, steelArchive: true });
    });
  });
});
