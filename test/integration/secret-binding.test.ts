// Secrets bound to their host, against the emulator over real HTTPS, the real keychain and a second HTTPS
// listener playing the attacker: two bridge calls (a settings save pointing the authentication URL or the
// base URL at the attacker, then a sync or a send) must not make main send a secret or a token there.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../emulator/index.ts';
import { dispatchBridgeCall } from '../../src/main/core/bridge/dispatch.ts';
import { KeytarSecretVault } from '../../src/main/core/secrets/secret-vault.ts';
import { VoaCore } from '../../src/main/core/voa-core.ts';
import type { CallInput, CallOutput } from '../../src/shared/bridge/api.ts';
import type { CallName } from '../../src/shared/bridge/bridge-map.ts';
import type { BridgeResult } from '../../src/shared/bridge/define.ts';
import { startAttackerServer, type AttackerServer } from '../support/attacker-server.ts';
import { createTestProfile, type TestProfile } from '../support/processes.ts';
import { configureProfileForEmulator } from '../support/emulator-profile.ts';
import { sampleCounterVisit } from '../support/request-samples.ts';

let emulator: RunningEmulator;
let emulatorStateDir: string;
let attacker: AttackerServer;
let profile: TestProfile;
let core: VoaCore;

beforeAll(async () => {
  emulatorStateDir = await mkdtemp(path.join(os.tmpdir(), 'voa-emulator-binding-'));
  emulator = await startEmulator({ variants: 100, log: () => {}, stateDir: emulatorStateDir });
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

function call<C extends CallName>(channel: C, input: CallInput<C>): Promise<BridgeResult<CallOutput<C>>> {
  return dispatchBridgeCall(core.handlers, channel, input) as Promise<BridgeResult<CallOutput<C>>>;
}

async function sync() {
  return core.catalog.syncNow('manual');
}

/** Nothing at all reached the attacker: no metadata request, no secret, no bearer token. */
function expectAttackerReceivedNothing() {
  const leaked = attacker.received.map((request) => `${request.method} ${request.url}`);
  expect(leaked).toEqual([]);
}

describe('secrets bound to their host', () => {
  it('a settings save pointing the authentication URL elsewhere, then a sync, sends the attacker nothing', async () => {
    expect((await sync()).outcome).toBe('succeeded');
    const saved = await call('settings:save', { host: { authUrl: attacker.origin } });
    expect(saved.ok).toBe(true);

    const run = await sync();
    expect(run.outcome).toBe('failed');
    expect(run.message).toMatch(/enter the secret again/i);
    expect(run.message).toMatch(/host\.authUrl/);
    // On screen: settings are missing, the secret named as Settings names it.
    expect(run.failure).toMatchObject({
      reason: 'notConfigured',
      missingSettings: ['applications.sync.clientSecret'],
    });
    expectAttackerReceivedNothing();

    const view = await call('settings:get', {});
    expect(view.ok && view.value.secrets.sync).toEqual({ set: true, binding: 'enter-again' });
    expect(view.ok && view.value.secrets.website).toEqual({ set: true, binding: 'enter-again' });
  });

  it('a changed base URL, then a sync and a send, sends no bearer token to the attacker', async () => {
    const saved = await call('settings:save', {
      host: { baseUrl: `${attacker.origin}/v2.0/tenant/Production` },
    });
    expect(saved.ok).toBe(true);

    expect((await sync()).outcome).toBe('failed');
    const submitted = await call('outbox:submit', { kind: 'quote', payload: sampleCounterVisit });
    expect(submitted.ok).toBe(true);
    await call('outbox:flush', { waitSeconds: 2 });
    expectAttackerReceivedNothing();
    expect(emulator.state.requests.quote.filter((request) => request.requestId)).toHaveLength(0);
  });

  it('a changed client id or tenant also needs the secret again; entering it again binds it to the new host', async () => {
    await call('settings:save', { host: { tenant: 'another-tenant' } });
    const view = await call('settings:get', {});
    expect(view.ok && view.value.secrets.sync.binding).toBe('enter-again');

    // Back to the real tenant: the binding is exact, so the stored secret is usable again.
    await call('settings:save', { host: { tenant: emulator.info.tenant } });
    const back = await call('settings:get', {});
    expect(back.ok && back.value.secrets.sync.binding).toBe('bound');

    await call('settings:save', { applications: { sync: { clientId: 'someone-else' } } });
    const changed = await call('secrets:set', {
      application: 'sync',
      secret: emulator.info.sync.clientSecret,
    });
    expect(changed.ok && changed.value.sync.binding).toBe('bound');
    expect(changed.ok && changed.value.website.binding).toBe('bound');
  });

  it('a secret stored before secrets were bound is never used until it is entered again', async () => {
    // As an older VOA Desk stored it: the bare secret, with no host.
    await new KeytarSecretVault(profile.profile).set('sync', emulator.info.sync.clientSecret);
    const run = await sync();
    expect(run.outcome).toBe('failed');
    expect(run.message).toMatch(/enter the secret again/i);
    await call('secrets:set', { application: 'sync', secret: emulator.info.sync.clientSecret });
    expect((await sync()).outcome).toBe('succeeded');
  });
});
