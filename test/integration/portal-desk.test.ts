// The customer desk against the host emulator over real HTTPS, with a real msal-node token, the real
// keychain (the IP-hash key) and a real app.db: sign-in with a code read from the emulator's /mail, the
// customer's data, linking, acceptance, and every way a shared counter forgets the customer. Expiry is
// reached by moving the emulator's clock, never by sleeping.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { dispatchBridgeCall } from '../../src/main/core/bridge/dispatch.ts';
import { PortalCallError } from '../../src/main/core/portal/portal-client.ts';
import { VoaCore } from '../../src/main/core/voa-core.ts';
import type { CallInput, CallOutput } from '../../src/shared/bridge/api.ts';
import type { CallName, EventName } from '../../src/shared/bridge/bridge-map.ts';
import type { PortalRead, PortalSessionView } from '../../src/shared/bridge/portal-calls.ts';
import { SOURCE_COUNTER_VISIT } from '../../src/shared/contract/fixed-values.ts';
import {
  emptyLine,
  emptyQuoteDraft,
  quotePayloadFromDraft,
  withPortalValues,
  withRegisteredAddress,
  withTypedText,
  type QuoteDraft,
} from '../../src/shared/contract/request-drafts.ts';
import type { QuoteRequestInput } from '../../src/shared/contract/request-schemas.ts';
import { startTestEmulator, type EmulatorTestClient, type Json } from '../emulator/emulator-client.ts';
import { portalUsers } from '../emulator/portal-client.ts';
import {
  configureProfileForEmulator,
  TEST_PRIVACY_CONSENT_VERSION,
  TEST_SOURCE_LABELS,
} from '../support/emulator-profile.ts';
import { filesWithContent } from '../support/data-dir-files.ts';
import { createTestProfile, type TestProfile } from '../support/processes.ts';

let emulator: EmulatorTestClient;
let profile: TestProfile;
let core: VoaCore;
/** Every bridge answer and event of the run, as it would cross to a renderer. */
const crossed: string[] = [];
/** Every session token main sent to the host (observed at the portal client), for the leak test. */
const tokensSent = new Set<string>();

async function call<C extends CallName>(channel: C, input: CallInput<C>): Promise<CallOutput<C>> {
  const result = await dispatchBridgeCall(core.handlers, channel, input);
  crossed.push(JSON.stringify(result));
  if (!result.ok) throw new Error(`${channel}: ${result.error.message}`);
  return result.value as CallOutput<C>;
}

function ok<T>(read: PortalRead<T>): T {
  if (read.state !== 'ok') throw new Error(`the session had ended (${read.reason})`);
  return read.value;
}

const admin = async (route: string, method?: string, body?: unknown): Promise<Json> => {
  const answer = await emulator.admin(route, method, body);
  expect(answer.status, `${method ?? 'GET'} ${route}: ${answer.text}`).toBe(200);
  return answer.json;
};

async function newestCode(email: string): Promise<string | undefined> {
  const { mail } = await admin('/mail');
  return mail.filter((entry: Json) => entry.kind === 'signInCode' && entry.to === email).at(-1)?.code;
}

/** Sends a code through the desk and signs in with it, typed as a person might (lowercase, spaces). */
async function signIn(email: string): Promise<PortalSessionView> {
  const requested = await call('portal:requestCode', { email });
  expect(requested.sent).toBe(true);
  const code = await newestCode(email);
  expect(code, `a code mailed to ${email}`).toBeDefined();
  const typed = code!.toLowerCase().replace('-', ' - ');
  const answer = await call('portal:signIn', { email, code: typed });
  if (!answer.signedIn) throw new Error(`${email} was not signed in`);
  return answer.session;
}

const waitForEvent = (name: EventName, matches: (payload: Json) => boolean) =>
  new Promise<Json>((resolve) => {
    const stop = core.events.subscribe((event, payload) => {
      if (event === name && matches(payload)) {
        stop();
        resolve(payload);
      }
    });
  });

const sessions = async (): Promise<Json[]> => (await admin('/portal/sessions')).sessions;

function fairQuote(overrides: Partial<QuoteRequestInput> = {}): QuoteRequestInput {
  return {
    privacyAccepted: true,
    privacyConsentVersion: TEST_PRIVACY_CONSENT_VERSION,
    contactName: 'Piet de Vries',
    companyName: 'De Vries Staalbouw',
    email: portalUsers.buyer,
    deliveryMethod: 'Pickup',
    source: TEST_SOURCE_LABELS[1]!,
    quoteRequestLines: [{ itemNo: 'HEA200', quantity: 2, unitOfMeasureCode: 'PCS' }],
    ...overrides,
  };
}

async function submitAndDeliver(payload: QuoteRequestInput): Promise<string> {
  const { item } = await call('outbox:submit', { kind: 'quote', payload });
  await call('outbox:flush', { waitSeconds: 20 });
  const delivered = core.outbox.store.get(item.id)!;
  expect(delivered.state).toBe('delivered');
  return item.requestId;
}

const storedRequest = async (requestId: string): Promise<Json> => {
  const { requests } = await admin('/requests/quote');
  return requests.find((request: Json) => request.requestId === requestId.toUpperCase());
};

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
  // The desk's own wait between codes is the host's default (60 s); these tests switch the host's off.
  core.portal.tune({ readBackoffMs: 20, codeWaitMs: 0 });
  const send = core.portal.client.call.bind(core.portal.client);
  core.portal.client.call = async (procedure, parameters) => {
    if (parameters.token) tokensSent.add(parameters.token);
    return send(procedure, parameters);
  };
  core.events.subscribe((name, payload) => crossed.push(JSON.stringify({ name, payload })));
  core.start();
});

beforeEach(async () => {
  await admin('/reset', 'POST');
  await admin('/settings', 'POST', { requestCodeMinimumMs: 0, signInCodeWaitSeconds: 0 });
});

afterEach(async () => {
  await call('portal:signOut', { reason: 'signedOut' });
  await admin('/faults', 'POST', { rules: [] });
  core.portal.tune({ idleMs: 5 * 60_000, codeWaitMs: 0 });
});

afterAll(async () => {
  await core?.close();
  await emulator?.stop();
  await profile?.dispose();
});

describe('sign-in at the desk', () => {
  it('signs a Buyer in with the mailed code typed in lowercase with spaces, and shows who it is', async () => {
    const session = await signIn(portalUsers.buyer);
    expect(session.customer).toMatchObject({ email: portalUsers.buyer, role: 'Buyer' });
    expect(session.customer?.customerNo).not.toBe('');
    expect(session.customer?.customerName).not.toBe('');
    expect(Date.parse(session.customer!.expiresAt)).toBeGreaterThan(Date.now());
    expect(session.details?.company).not.toBe('');
    expect(JSON.stringify(session)).not.toMatch(/token/i);
    // A page view calls ReadSession again.
    const before = (await admin('/calls')).calls.length;
    expect((await call('portal:session', {})).customer?.customerNo).toBe(session.customer?.customerNo);
    const calls = (await admin('/calls')).calls.slice(before);
    expect(calls.some((entry: Json) => entry.path.includes('voaPortal_ReadSession'))).toBe(true);
  });

  it('numbers every change of the session, so a screen can tell an answer older than an event', async () => {
    const signedIn = await signIn(portalUsers.buyer);
    const ended = waitForEvent('portal:changed', (view) => view.customer === null);
    const answer = await call('portal:signOut', { reason: 'nextCustomer' });
    expect(answer.revision).toBeGreaterThan(signedIn.revision);
    expect((await ended).revision).toBe(answer.revision);
    // A read of the session changes nothing: it carries the same revision.
    expect((await call('portal:session', {})).revision).toBe(answer.revision);
  });

  it('reads O as 0 and I or L as 1, as the host does', async () => {
    await call('portal:requestCode', { email: portalUsers.buyer });
    const code = (await newestCode(portalUsers.buyer))!;
    const ambiguous = code.replace(/0/g, 'O').replace(/1/g, 'l');
    const answer = await call('portal:signIn', { email: portalUsers.buyer, code: ambiguous });
    expect(answer.signedIn).toBe(true);
  });

  it('a code request that failed starts no wait: the next press sends it', async () => {
    // An address no other test here asks a code for: the desk's wait outlives the test.
    const email = portalUsers.threeCustomers;
    core.portal.tune({ codeWaitMs: 60_000 });
    await admin('/faults', 'POST', { rules: [{ kind: 'drop', match: 'requests', count: 1 }] });
    await expect(call('portal:requestCode', { email })).rejects.toThrow();
    expect(await newestCode(email)).toBeUndefined();
    expect((await call('portal:requestCode', { email })).sent).toBe(true);
    expect(await newestCode(email)).toBeDefined();
  });

  it('sends a code once and waits out the wait time; a wrong code is not accepted, without a reason', async () => {
    const email = portalUsers.otherCustomerBuyer;
    await admin('/settings', 'POST', { signInCodeWaitSeconds: 60 });
    core.portal.tune({ codeWaitMs: 60_000 });
    expect((await call('portal:requestCode', { email })).sent).toBe(true);
    const again = await call('portal:requestCode', { email });
    expect(again.sent).toBe(false);
    expect(Date.parse(again.nextCodeAt)).toBeGreaterThan(Date.now());
    const mails = (await admin('/mail')).mail.filter((entry: Json) => entry.kind === 'signInCode');
    expect(mails).toHaveLength(1);
    expect(await call('portal:signIn', { email, code: '00000-00000' })).toEqual({ signedIn: false });
    expect((await call('portal:session', {})).customer).toBeNull();
  });

  it('keeps the IP-hash key in the keychain and sends 64 lowercase hex characters', async () => {
    await signIn(portalUsers.buyer);
    const { sessions: stored } = await admin('/portal/sessions');
    expect(stored.length).toBeGreaterThan(0);
    const keytar = (await import('keytar')).default;
    const key = await keytar.getPassword(`VOA Desk (${profile.profile})`, 'ip-hash-key');
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    const codes = emulator.emulator.state.portal.codes;
    expect(codes.at(-1)?.ipHash).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('what the customer has', () => {
  it('lists registered delivery addresses for a Buyer, and none for a Viewer', async () => {
    await signIn(portalUsers.buyer);
    const addresses = ok(await call('portal:addresses', {}));
    expect(addresses?.length).toBeGreaterThan(0);
    expect(addresses?.[0]?.code).not.toBe('');
    await call('portal:signOut', { reason: 'nextCustomer' });
    const viewer = await signIn(portalUsers.viewer);
    expect(viewer.customer?.role).toBe('Viewer');
    expect(ok(await call('portal:addresses', {}))).toBeNull();
    // The session is still valid: an empty answer for a Viewer did not end it.
    expect((await call('portal:session', {})).customer?.role).toBe('Viewer');
  });

  it('shows quotes with their lines, accepts a released quote once (recorded, then already) and refuses an expired one', async () => {
    await signIn(portalUsers.buyer);
    const quotes = ok(await call('portal:quotes', {}));
    expect(quotes.rows.length).toBeGreaterThan(0);
    const today = new Date().toISOString().slice(0, 10);
    const acceptable = quotes.rows.find(
      (row) =>
        row.status === 'Released' && !row.accepted && row.validUntil >= today && row.comment !== undefined,
    )!;
    const lines = ok(await call('portal:lines', { documentType: 'quote', documentNo: acceptable.no }));
    expect(lines?.length).toBeGreaterThan(0);
    expect(lines?.[0]?.itemNo).not.toBe('');
    const first = ok(await call('portal:acceptQuote', { quoteNo: acceptable.no }));
    expect(first).toMatchObject({ outcome: 'recorded', answerMissing: false });
    expect(first.acceptedAt).not.toBe('');
    const second = ok(await call('portal:acceptQuote', { quoteNo: acceptable.no }));
    expect(second).toMatchObject({ outcome: 'already', acceptedAt: first.acceptedAt });
    const { acceptances } = await admin('/portal/acceptances');
    expect(acceptances.filter((entry: Json) => entry.quoteNo === acceptable.no)).toHaveLength(1);
    const expired = quotes.rows.find(
      (row) => row.status === 'Released' && !row.accepted && row.validUntil !== '' && row.validUntil < today,
    )!;
    expect(ok(await call('portal:acceptQuote', { quoteNo: expired.no })).outcome).toBe('expired');
  });

  it("refuses a Viewer's acceptance and keeps the session", async () => {
    await signIn(portalUsers.viewer);
    const quote = ok(await call('portal:quotes', {})).rows.find((row) => row.status === 'Released')!;
    expect(ok(await call('portal:acceptQuote', { quoteNo: quote.no })).outcome).toBe('refused');
    expect((await call('portal:session', {})).customer).not.toBeNull();
  });

  it('never retries AcceptQuote: after a 5xx the outcome is unknown, and the quote list tells', async () => {
    await signIn(portalUsers.buyer);
    const today = new Date().toISOString().slice(0, 10);
    const quote = ok(await call('portal:quotes', {})).rows.find(
      (row) => row.status === 'Released' && !row.accepted && row.validUntil >= today,
    )!;
    await admin('/faults', 'POST', { rules: [{ kind: 'status5xx', match: 'requests', count: 1 }] });
    const before = (await admin('/calls')).calls.length;
    const answer = ok(await call('portal:acceptQuote', { quoteNo: quote.no }));
    expect(answer).toMatchObject({ outcome: 'unknown', answerMissing: true });
    const calls = (await admin('/calls')).calls.slice(before);
    expect(calls.filter((entry: Json) => entry.path.includes('voaPortal_AcceptQuote'))).toHaveLength(1);
    const refreshed = ok(await call('portal:quotes', {})).rows.find((row) => row.no === quote.no);
    expect(refreshed?.accepted).toBe(false);
  });

  it('retries a reading procedure after a 5xx and after one 409, and gives up after a second 409', async () => {
    await signIn(portalUsers.buyer);
    const count = async (procedure: string, work: () => Promise<unknown>) => {
      const before = (await admin('/calls')).calls.length;
      await work();
      const calls = (await admin('/calls')).calls.slice(before);
      return calls.filter((entry: Json) => entry.path.includes(`voaPortal_${procedure}`)).length;
    };
    await admin('/faults', 'POST', { rules: [{ kind: 'status5xx', match: 'requests', count: 1 }] });
    expect(
      await count('MyOrders', async () =>
        expect(ok(await call('portal:orders', {})).rows.length).toBeGreaterThan(0),
      ),
    ).toBe(2);
    await admin('/faults', 'POST', { rules: [{ kind: 'sessionConflict', count: 1 }] });
    expect(await count('MyShipments', async () => ok(await call('portal:shipments', {})))).toBe(2);
    await admin('/faults', 'POST', { rules: [{ kind: 'sessionConflict', count: 2 }] });
    expect(
      await count('MyShipments', async () => {
        await expect(call('portal:shipments', {})).rejects.toThrow(/409/);
      }),
    ).toBe(2);
  });

  it('opens a printable document as a PDF, and lists orders, shipments and requests', async () => {
    await signIn(portalUsers.buyer);
    const documents = ok(await call('portal:documents', {}));
    const report = documents.find((row) => row.source === 'report' && row.documentType === 'quote')!;
    expect(report).toBeDefined();
    const pdf = ok(await call('portal:document', { documentType: 'quote', documentNo: report.documentNo }));
    expect(Buffer.from(pdf!.base64, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf!.fileName).not.toMatch(/[/\\:*?"<>|]/);
    const missing = ok(await call('portal:document', { documentType: 'quote', documentNo: 'NOPE-1' }));
    expect(missing).toBeNull();
    const orders = ok(await call('portal:orders', {}));
    expect(orders.rows.length).toBeGreaterThan(0);
    const shipments = ok(await call('portal:shipments', {}));
    expect(shipments.rows[0]?.shipTo.city).not.toBeUndefined();
  });
});

describe('linking requests', () => {
  it('links a fair quote request of a signed-in Buyer right after delivery, and shows it in Requests', async () => {
    const session = await signIn(portalUsers.buyer);
    const linked = waitForEvent('portal:linksChanged', (links: Json[]) =>
      links.some((link) => link.state === 'linked'),
    );
    const requestId = await submitAndDeliver(fairQuote());
    await linked;
    const stored = await storedRequest(requestId);
    expect(stored).toMatchObject({ customerNo: session.customer?.customerNo, source: 'portal' });
    const [link] = await call('portal:links', {});
    expect(link).toMatchObject({ requestId, state: 'linked', reason: null });
    const requests = ok(await call('portal:requests', {}));
    const row = requests.find((entry) => entry.no === stored.number);
    expect(row?.status).toBe('New');
  });

  it('a LinkRequest that got no answer is "unknown", never "not linked", until MyRequests settles it', async () => {
    await signIn(portalUsers.buyer);
    const send = core.portal.client.call;
    // The host runs LinkRequest for the first request and the answer is lost on the way back; the second
    // LinkRequest never reaches it.
    let links = 0;
    core.portal.client.call = async (procedure, parameters) => {
      if (procedure !== 'LinkRequest') return send(procedure, parameters);
      links += 1;
      if (links === 1) await send(procedure, parameters);
      throw new PortalCallError('LinkRequest', 'noAnswer', 'The connection was reset.');
    };
    const unknown = (requestId: string) =>
      waitForEvent('portal:linksChanged', (list: Json[]) =>
        list.some((link) => link.requestId === requestId && link.state === 'unknown'),
      );
    let ranId: string;
    let lostId: string;
    try {
      const firstUnknown = unknown((ranId = await submitAndDeliver(fairQuote({ contactName: 'Liam' }))));
      await firstUnknown;
      lostId = await submitAndDeliver(fairQuote({ contactName: 'Noor' }));
      await expect
        .poll(async () => (await call('portal:links', {})).find((link) => link.requestId === lostId)?.state)
        .toBe('unknown');
    } finally {
      core.portal.client.call = send;
    }
    const linkOf = async (requestId: string) =>
      (await call('portal:links', {})).find((link) => link.requestId === requestId);
    expect(await linkOf(ranId)).toMatchObject({ state: 'unknown', reason: 'noAnswer' });
    // The customer's own request list settles both: the first is theirs, the second is not.
    ok(await call('portal:requests', {}));
    expect(await linkOf(ranId)).toMatchObject({ state: 'linked', reason: null });
    expect(await linkOf(lostId)).toMatchObject({ state: 'notLinked', reason: 'notInRequests' });
    expect((await storedRequest(ranId)).source).toBe('portal');
    expect((await storedRequest(lostId)).source).toBe(TEST_SOURCE_LABELS[1]);
  });

  it('never links a counter visit: the source stays counterVisit', async () => {
    await signIn(portalUsers.buyer);
    const requestId = await submitAndDeliver(
      fairQuote({ source: SOURCE_COUNTER_VISIT, assistedBy: 'Anja de Vries' }),
    );
    const stored = await storedRequest(requestId);
    expect(stored.source).toBe(SOURCE_COUNTER_VISIT);
    expect(stored.customerNo).toBe('');
    expect((await call('portal:links', {})).some((link) => link.requestId === requestId)).toBe(false);
  });

  it('sends the shipToCode of a chosen registered address, and drops it once the address text is edited', async () => {
    const session = await signIn(portalUsers.buyer);
    const [address] = ok(await call('portal:addresses', {})) ?? [];
    expect(address, 'the Buyer has a registered address').toBeDefined();
    const chosen = withRegisteredAddress(
      { ...emptyQuoteDraft('entry'), privacyAccepted: true },
      address!,
      session.customer!.customerNo,
    );
    const fromDraft = (draft: QuoteDraft) =>
      fairQuote({
        ...quotePayloadFromDraft(draft, {
          source: SOURCE_COUNTER_VISIT,
          assistedBy: 'Anja de Vries',
          privacyConsentVersion: TEST_PRIVACY_CONSENT_VERSION,
          units: core.settings.current.units,
        }),
        quoteRequestLines: fairQuote().quoteRequestLines,
      });
    const asChosen = await storedRequest(await submitAndDeliver(fromDraft(chosen)));
    expect(asChosen).toMatchObject({ shipToCode: address!.code, shipToAddress: address!.address });
    const edited = withTypedText(chosen, 'shipToAddress', `${address!.address} (achterom)`);
    const asEdited = await storedRequest(await submitAndDeliver(fromDraft(edited)));
    expect(asEdited).toMatchObject({ shipToCode: '', shipToAddress: `${address!.address} (achterom)` });
  });

  it("does not link a Viewer's request", async () => {
    await signIn(portalUsers.viewer);
    const requestId = await submitAndDeliver(fairQuote());
    expect((await storedRequest(requestId)).source).toBe(TEST_SOURCE_LABELS[1]);
    expect((await call('portal:links', {})).some((link) => link.requestId === requestId)).toBe(false);
  });

  it('marks a request "not linked" when the session ended before delivery, and links it by hand later', async () => {
    await signIn(portalUsers.buyer);
    // The host cannot be reached while the request waits in the outbox, and the customer leaves.
    await admin('/faults', 'POST', { rules: [{ kind: 'drop', match: 'requests' }] });
    const expected = waitForEvent('portal:linksChanged', (links: Json[]) =>
      links.some((link) => link.state === 'pending'),
    );
    const { item } = await call('outbox:submit', { kind: 'quote', payload: fairQuote() });
    await expected;
    await call('portal:signOut', { reason: 'nextCustomer' });
    const notLinked = waitForEvent('portal:linksChanged', (links: Json[]) =>
      links.some((link) => link.requestId === item.requestId && link.state === 'notLinked'),
    );
    await admin('/faults', 'POST', { rules: [] });
    await call('outbox:flush', { waitSeconds: 20 });
    await notLinked;
    expect((await call('portal:links', {})).find((link) => link.requestId === item.requestId)).toMatchObject({
      state: 'notLinked',
      reason: 'sessionEnded',
    });
    expect((await storedRequest(item.requestId)).source).toBe(TEST_SOURCE_LABELS[1]);
    // Another customer at the desk cannot link it: main refuses, whatever a renderer offers.
    await signIn(portalUsers.otherCustomerBuyer);
    const other = await dispatchBridgeCall(core.handlers, 'portal:link', { requestId: item.requestId });
    expect(other.ok ? 'linked' : other.error.code).toBe('invalid-input');
    expect((await storedRequest(item.requestId)).source).toBe(TEST_SOURCE_LABELS[1]);
    await call('portal:signOut', { reason: 'nextCustomer' });
    await signIn(portalUsers.buyer);
    expect(ok(await call('portal:link', { requestId: item.requestId }))).toMatchObject({ state: 'linked' });
    expect((await storedRequest(item.requestId)).source).toBe('portal');
  });
});

describe('a shared counter forgets the customer', () => {
  it('ends the session when the host says it expired (emulator clock), with the reason', async () => {
    await signIn(portalUsers.buyer);
    await admin('/clock', 'POST', { advanceSeconds: 481 * 60 });
    const changed = waitForEvent('portal:changed', (view: Json) => view.customer === null);
    expect(await call('portal:quotes', {})).toEqual({ state: 'ended', reason: 'expired' });
    expect(await changed).toMatchObject({ customer: null, details: null, ended: { reason: 'expired' } });
    expect((await call('portal:session', {})).ended?.reason).toBe('expired');
  });

  it('signs out after the idle time and on "next customer", and the host revokes the session', async () => {
    await signIn(portalUsers.buyer);
    await call('portal:signOut', { reason: 'nextCustomer' });
    expect((await sessions()).map((session) => session.state)).toEqual(['revoked']);
    core.portal.tune({ idleMs: 200 });
    const idle = waitForEvent('portal:changed', (view: Json) => view.ended?.reason === 'idle');
    await signIn(portalUsers.buyer);
    await idle;
    // SignOut follows the event; wait for the host to say so.
    await expect
      .poll(async () => (await sessions()).map((session) => session.state))
      .toEqual(['revoked', 'revoked']);
    expect((await call('portal:session', {})).customer).toBeNull();
  });

  it('counts a new idle time from its saving, so a shortened one does not wait out the old', async () => {
    core.portal.tune({ idleMs: null });
    await call('settings:save', { portalIdleMinutes: 5 });
    await signIn(portalUsers.buyer);
    // Five of the setting's minutes are armed at sign-in; from here each of its minutes lasts 200 ms.
    core.portal.tune({ idleMinuteMs: 200 });
    const idle = waitForEvent('portal:changed', (view: Json) => view.ended?.reason === 'idle');
    await call('settings:save', { portalIdleMinutes: 1 });
    expect(await idle).toMatchObject({ customer: null, ended: { reason: 'idle' } });
    core.portal.tune({ idleMinuteMs: 60_000 });
  });

  it("never writes the customer's portal data into a draft or a parked order, WAL included", async () => {
    // A customer no request of this file was sent for: a sent request is the one place its data may be.
    const session = await signIn(portalUsers.otherCustomerBuyer);
    const customerNo = session.customer!.customerNo;
    const details = session.details!;
    const [address] = ok(await call('portal:addresses', {})) ?? [];
    expect(address, 'the Buyer has a registered address').toBeDefined();
    const secrets = [
      details.email,
      details.vatRegistrationNo,
      details.phoneNo,
      details.address,
      address!.address,
    ];
    for (const secret of secrets) expect(secret.length, 'the emulator seeds every detail').toBeGreaterThan(4);
    // As the form holds it: typed contact and line, the customer's details and a registered address.
    const typed: QuoteDraft = {
      ...emptyQuoteDraft('entry'),
      contactName: 'Jan Baliemedewerker',
      lines: [{ ...emptyLine('typed-line'), itemNo: 'HEA200', quantity: '3' }],
    };
    const withDetails = withPortalValues(typed, customerNo, {
      companyName: details.company,
      vatRegistrationNo: details.vatRegistrationNo,
      address: details.address,
      phoneNo: details.phoneNo,
      email: details.email,
    });
    const form = withRegisteredAddress(withDetails, address!, customerNo);
    expect(form.portal?.keys).toEqual(expect.arrayContaining(['email', 'shipToAddress', 'shipToCode']));

    const saved = await call('drafts:save', { target: 'counter', draft: form });
    await call('drafts:save', { target: 'fair', draft: form });
    const stored = saved.draft as QuoteDraft;
    expect(stored.contactName).toBe('Jan Baliemedewerker');
    expect(stored.lines.map((line) => line.itemNo)).toEqual(['HEA200']);
    expect([stored.email, stored.vatRegistrationNo, stored.shipToAddress, stored.shipToCode]).toEqual([
      '',
      '',
      '',
      '',
    ]);
    expect(stored.portal).toBeUndefined();
    const { parked } = await call('drafts:park', { target: 'fair', draft: form, unfinished: false });
    expect(parked.at(-1)?.label, 'the parked order is labelled by what was typed').toBe(
      'Jan Baliemedewerker',
    );
    // A form holding only the customer's own data has nothing to park.
    const onlyTheirs = withPortalValues(emptyQuoteDraft('entry'), customerNo, { email: details.email });
    const refused = await dispatchBridgeCall(core.handlers, 'drafts:park', {
      target: 'fair',
      draft: onlyTheirs,
      unfinished: false,
    });
    expect(refused).toMatchObject({ ok: false, error: { code: 'invalid-input' } });

    const files = await filesWithContent(profile.dataDir);
    const everything = Buffer.concat([...files.values()]);
    expect(everything.includes('Jan Baliemedewerker'), 'the typed draft is on disk').toBe(true);
    expect([...files.keys()].some((file) => file.endsWith('-wal'))).toBe(true);
    for (const [file, content] of files) {
      for (const secret of secrets) expect(content.includes(secret), `${secret} in ${file}`).toBe(false);
    }
    await call('drafts:discardParked', { id: parked.at(-1)!.id });
    await call('drafts:save', { target: 'counter', draft: null });
    await call('drafts:save', { target: 'fair', draft: null });
  });

  it('never lets the token out: not in a bridge answer or event, not in a file of the data directory, not in the keychain', async () => {
    await signIn(portalUsers.buyer);
    ok(await call('portal:quotes', {}));
    ok(await call('portal:documents', {}));
    await submitAndDeliver(fairQuote());
    await call('portal:signOut', { reason: 'signedOut' });
    expect(tokensSent.size).toBeGreaterThan(0);
    const files = await filesWithContent(profile.dataDir);
    expect(files.size).toBeGreaterThan(0);
    const keytar = (await import('keytar')).default;
    const keychain = JSON.stringify(await keytar.findCredentials(`VOA Desk (${profile.profile})`));
    for (const token of tokensSent) {
      expect(token).toMatch(/^[0-9A-F]{64}$/);
      for (const message of crossed) expect(message.includes(token)).toBe(false);
      for (const [file, content] of files) expect(content.includes(token), file).toBe(false);
      expect(keychain.includes(token)).toBe(false);
    }
  });
});
