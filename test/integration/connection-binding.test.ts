// The portal session and queued requests bound to the connection they were made with, against the emulator
// over real HTTPS, the real keychain and a second HTTPS listener of the test's own: a desk with a customer
// signed in and requests queued is pointed at that listener (base and authentication URL, and any secret
// typed), and the listener must receive nothing: no session token, no SignOut, no request, until a person
// confirms that the held requests go to the new connection.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../emulator/index.ts';
import { dispatchBridgeCall } from '../../src/main/core/bridge/dispatch.ts';
import { VoaCore } from '../../src/main/core/voa-core.ts';
import type { CallInput, CallOutput } from '../../src/shared/bridge/api.ts';
import type { CallName } from '../../src/shared/bridge/bridge-map.ts';
import { startAttackerServer, type AttackerServer } from '../support/attacker-server.ts';
import { configureProfileForEmulator } from '../support/emulator-profile.ts';
import { createTestProfile, runCli, type TestProfile } from '../support/processes.ts';
import { sampleCounterVisit } from '../support/request-samples.ts';
import { portalUsers } from '../emulator/portal-client.ts';

let emulator: RunningEmulator;
let emulatorStateDir: string;
let attacker: AttackerServer;
let profile: TestProfile;
let core: VoaCore;

beforeAll(async () => {
  emulatorStateDir = await mkdtemp(path.join(os.tmpdir(), 'voa-emulator-connection-'));
  emulator = await startEmulator({ variants: 100, log: () => {}, stateDir: emulatorStateDir });
  // The host's floor of 1.5 s before it answers a code request hides which addresses exist; it is proven
  // in test/emulator/portal-sign-in.test.ts, and here it would only add to each of the seven sign-ins.
  emulator.state.settings.requestCodeMinimumMs = 0;
  attacker = await startAttackerServer(emulatorStateDir);
});

afterAll(async () => {
  await attacker?.close();
  await emulator?.stop();
  await rm(emulatorStateDir, { recursive: true, force: true });
});

beforeEach(async () => {
  profile = await createTestProfile();
  core = await VoaCore.open({
    location: { profile: profile.profile, dataDir: profile.dataDir },
    shell: 'browser',
    version: 'test',
  });
  await configureProfileForEmulator(core, emulator.info);
  attacker.received.length = 0;
});

afterEach(async () => {
  await core.close();
  await profile.dispose();
});

async function call<C extends CallName>(channel: C, input: CallInput<C>): Promise<CallOutput<C>> {
  const result = await dispatchBridgeCall(core.handlers, channel, input);
  if (!result.ok) throw new Error(`${channel}: ${result.error.message}`);
  return result.value as CallOutput<C>;
}

async function signIn(email: string): Promise<void> {
  expect((await call('portal:requestCode', { email })).sent).toBe(true);
  const mail = emulator.state.mail.filter((entry) => entry.kind === 'signInCode' && entry.to === email);
  const code = mail.at(-1)?.kind === 'signInCode' ? (mail.at(-1) as { code: string }).code : '';
  const answer = await call('portal:signIn', { email, code });
  expect(answer.signedIn).toBe(true);
}

/** What a hostile or confused administrator does: both URLs to another server, and any secret typed. */
async function pointAtAttacker(): Promise<void> {
  await call('settings:save', {
    host: { baseUrl: `${attacker.origin}/v2.0/tenant/Production`, authUrl: attacker.origin },
  });
  await call('secrets:set', { application: 'website', secret: 'anything' });
  await call('secrets:set', { application: 'sync', secret: 'anything' });
}

describe('bound to the connection they were made with', () => {
  it('a settings change with a live session and a queued request sends the new host nothing', async () => {
    await signIn(portalUsers.buyer);
    // Queued, not yet sent: the sender is not started and nobody flushed.
    const { item } = await call('outbox:submit', { kind: 'quote', payload: sampleCounterVisit });

    await pointAtAttacker();

    // The session is gone without a word to anyone: the customer's data is not read from the new host.
    const read = await call('portal:requests', {});
    expect(read).toEqual({ state: 'ended', reason: 'connectionChanged' });
    const view = await call('portal:session', {});
    expect(view.customer).toBeNull();
    expect(view.ended?.reason).toBe('connectionChanged');
    expect((await call('portal:signOut', { reason: 'signedOut' })).customer).toBeNull();

    // The request waits for a person: it is not sent to the new host, and it is not delivered.
    const flushed = await call('outbox:flush', { waitSeconds: 2 });
    expect(flushed.drained).toBe(false);
    expect(flushed.status.held).toEqual({ count: 1, queuedFor: [emulator.info.baseUrl] });
    expect(core.outbox.store.get(item.id)?.state).toBe('queued');
    const listed = await call('outbox:list', {});
    expect(listed.items.find((row) => row.id === item.id)?.heldFor).toBe(emulator.info.baseUrl);
    expect(attacker.received.map((request) => `${request.method} ${request.url}`)).toEqual([]);
    expect(emulator.state.requests.quote).toHaveLength(0);
  });

  it('a session is also ended by a change of company, tenant, API resource or website client id', async () => {
    const changes = [
      { host: { companyId: '3f2504e0-4f89-11d3-9a0c-0305e82c3301' } },
      { host: { tenant: 'another-tenant' } },
      { host: { apiResource: 'api://another' } },
      { applications: { website: { clientId: 'another-client' } } },
    ] as const;
    // One customer signs in five times: no wait between two codes, at the host or at the desk.
    emulator.state.settings.signInCodeWaitSeconds = 0;
    core.portal.tune({ codeWaitMs: 0 });
    for (const change of changes) {
      await configureProfileForEmulator(core, emulator.info);
      await signIn(portalUsers.buyer);
      const signOutsBefore = emulator.state.calls.filter((c) => c.path.includes('SignOut')).length;
      await call('settings:save', change);
      expect((await call('portal:session', {})).ended?.reason, JSON.stringify(change)).toBe(
        'connectionChanged',
      );
      expect(emulator.state.calls.filter((c) => c.path.includes('SignOut')).length).toBe(signOutsBefore);
    }
    // Unchanged connection settings (the interface language) leave the customer signed in.
    await configureProfileForEmulator(core, emulator.info);
    await signIn(portalUsers.buyer);
    await call('settings:save', { uiLanguage: 'en' });
    expect((await call('portal:session', {})).customer).not.toBeNull();
  });

  it('held requests go to the new connection once a person confirms it, each under its own requestId', async () => {
    const { item } = await call('outbox:submit', { kind: 'quote', payload: sampleCounterVisit });
    await pointAtAttacker();
    await call('outbox:flush', { waitSeconds: 1 });
    expect(attacker.received).toEqual([]);

    const confirmed = await call('outbox:sendToNewConnection', {});
    expect(confirmed.released).toBe(1);
    expect(confirmed.status.held).toBeNull();
    const listed = await call('outbox:list', {});
    expect(listed.items.find((row) => row.id === item.id)?.heldFor).toBeNull();
    // The running sender takes it now. The new host's answer holds no number, so the request is not
    // delivered and the sender keeps at it: the first POST carrying the requestId is what counts.
    core.outbox.start?.();
    await vi.waitFor(
      () =>
        expect(
          attacker.received.filter(
            (request) => request.method === 'POST' && request.body.includes(item.requestId),
          ),
        ).not.toHaveLength(0),
      { timeout: 20_000, interval: 20 },
    );
  });

  it('a request queued under the current connection is sent as ever, with nothing to confirm', async () => {
    const { item } = await call('outbox:submit', { kind: 'quote', payload: sampleCounterVisit });
    const flushed = await call('outbox:flush', { waitSeconds: 20 });
    expect(flushed.status.held).toBeNull();
    expect(core.outbox.store.get(item.id)?.state).toBe('delivered');
  });
});

describe('the CLI holds them too', () => {
  it('`outbox flush` sends nothing to a new connection without --to-new-connection', async () => {
    await call('outbox:submit', { kind: 'quote', payload: sampleCounterVisit });
    await pointAtAttacker();
    await core.close();
    const base = ['--data-dir', profile.dataDir, '--profile', profile.profile];
    const held = await runCli([...base, 'outbox', 'flush', '--timeout', '1']);
    expect(held.code).toBe(1);
    expect(held.stdout + held.stderr).toMatch(/--to-new-connection/);
    const listed = await runCli([...base, 'outbox', 'list']);
    expect(listed.stdout).toMatch(/ held +.*queued for https:\/\/127\.0\.0\.1/);
    expect(attacker.received).toEqual([]);

    const confirmed = await runCli([...base, 'outbox', 'flush', '--timeout', '5', '--to-new-connection']);
    expect(confirmed.stdout + confirmed.stderr).toMatch(/1 held request/);
    expect(attacker.received.some((request) => request.method === 'POST')).toBe(true);
    core = await VoaCore.open({
      location: { profile: profile.profile, dataDir: profile.dataDir },
      shell: 'browser',
      version: 'test',
    });
  });
});
