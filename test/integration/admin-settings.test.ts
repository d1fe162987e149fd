// The administrator section against real parts: the OS keychain (scripts/with-secret-service.sh), the
// emulator over HTTPS with its fault switches, and the bridge as a window reaches it. "Test connection"
// says per application what works and what to fix; the PIN's lock holds in main whatever a window sends,
// while the CLI (the administrator at the machine) stays allowed.
import { readFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../emulator/index.ts';
import { ADMINISTRATOR_CALLER, windowCaller } from '../../src/main/core/bridge/bridge-caller.ts';
import { dispatchBridgeCall } from '../../src/main/core/bridge/dispatch.ts';
import { KeytarSecretVault } from '../../src/main/core/secrets/secret-vault.ts';
import { VoaCore } from '../../src/main/core/voa-core.ts';
import type { CallInput, CallOutput } from '../../src/shared/bridge/api.ts';
import type { CallName } from '../../src/shared/bridge/bridge-map.ts';
import type { BridgeResult } from '../../src/shared/bridge/define.ts';
import type { ApplicationCheck } from '../../src/shared/bridge/settings-calls.ts';
import { BUSINESS_CENTRAL_DEFAULTS } from '../../src/shared/settings.ts';
import { setEmulatorFaults } from '../support/emulator-admin.ts';
import { configureProfileForEmulator } from '../support/emulator-profile.ts';
import { createTestProfile, runCli, type TestProfile } from '../support/processes.ts';

let emulator: RunningEmulator;
let emulatorStateDir: string;
let profile: TestProfile;
let core: VoaCore;

beforeAll(async () => {
  emulatorStateDir = await mkdtemp(path.join(os.tmpdir(), 'voa-emulator-admin-'));
  emulator = await startEmulator({ variants: 100, log: () => {}, stateDir: emulatorStateDir });
});

afterAll(async () => {
  await emulator?.stop();
  await rm(emulatorStateDir, { recursive: true, force: true });
});

beforeEach(async () => {
  profile = await createTestProfile();
  core = await openCore();
});

afterEach(async () => {
  await setEmulatorFaults(emulator, []);
  // The PIN's keychain entry goes with the profile, as its secrets do.
  await core.adminLock.removePin(ADMINISTRATOR_CALLER, '');
  await core.close();
  await profile.dispose();
});

function openCore() {
  return VoaCore.open({
    location: { profile: profile.profile, dataDir: profile.dataDir },
    shell: 'browser',
    version: 'test',
  });
}

const counterWindow = windowCaller(7);

function call<C extends CallName>(
  channel: C,
  input: CallInput<C>,
  caller = counterWindow,
): Promise<BridgeResult<CallOutput<C>>> {
  return dispatchBridgeCall(core.handlers, channel, input, caller) as Promise<BridgeResult<CallOutput<C>>>;
}

async function testConnection(): Promise<Record<string, ApplicationCheck>> {
  const result = await call('settings:testConnection', {});
  if (!result.ok) throw new Error(`test connection failed: ${result.error.message}`);
  return Object.fromEntries(result.value.checks.map((check) => [check.application, check]));
}

describe('test connection', () => {
  it('a fresh profile has the Business Central defaults and names what is still missing, per application', async () => {
    expect(core.settings.current.host).toMatchObject(BUSINESS_CENTRAL_DEFAULTS);
    const checks = await testConnection();
    expect(checks.website).toMatchObject({
      outcome: 'missing-settings',
      missing: ['host.baseUrl', 'host.tenant', 'host.companyId', 'applications.website.clientId'],
    });
    expect(checks.sync?.missing).toEqual([
      'host.baseUrl',
      'host.tenant',
      'host.companyName',
      'applications.sync.clientId',
    ]);
  });

  it('against the emulator, both applications get a token and a harmless answer, and nothing is stored', async () => {
    await configureProfileForEmulator(core, emulator.info);
    const callsBefore = emulator.state.calls.length;
    const checks = await testConnection();
    expect(checks.website).toEqual({
      application: 'website',
      service: 'voaPortal_ReadSession',
      outcome: 'works',
    });
    expect(checks.sync).toEqual({ application: 'sync', service: 'voaCategories', outcome: 'works' });
    const calls = emulator.state.calls
      .slice(callsBefore)
      .map((logged) => `${logged.method} ${logged.target}`);
    expect(calls.filter((logged) => logged.endsWith('token'))).toHaveLength(2);
    expect(calls).toContain('GET catalog');
    expect(calls).toContain('POST requests');
    expect(emulator.state.requests.quote.length + emulator.state.requests.account.length).toBe(0);
  });

  it('a wrong client secret: the website token is refused, the sync application still works', async () => {
    await configureProfileForEmulator(core, emulator.info, { websiteSecret: 'not-the-secret' });
    const checks = await testConnection();
    expect(checks.website?.outcome).toBe('token-refused');
    expect(checks.website?.detail).toMatch(/invalid_client|refused/);
    expect(checks.website?.detail).not.toContain('not-the-secret');
    expect(checks.sync?.outcome).toBe('works');
  });

  it('the website application’s id in the sync application’s place: token given, the catalog page forbidden', async () => {
    await configureProfileForEmulator(core, emulator.info);
    await core.settings.update({ applications: { sync: { clientId: emulator.info.website.clientId } } });
    await core.vault.set('sync', emulator.info.website.clientSecret);
    const checks = await testConnection();
    expect(checks.sync?.outcome).toBe('forbidden');
    expect(checks.sync?.detail).toMatch(/^HTTP 403: .*voaCategories/);
    expect(checks.website?.outcome).toBe('works');
  });

  it('a company name the host does not know: the catalog page is not found', async () => {
    await configureProfileForEmulator(core, emulator.info);
    await core.settings.update({ host: { companyName: 'Elders B.V.' } });
    expect((await testConnection()).sync?.outcome).toBe('not-found');
  });

  it('the ERP or the identity provider unreachable, or the ERP failing, each says so', async () => {
    await configureProfileForEmulator(core, emulator.info);
    await setEmulatorFaults(emulator, [{ kind: 'drop', match: 'api' }]);
    let checks = await testConnection();
    expect(checks.website?.outcome).toBe('host-unreachable');
    expect(checks.sync?.outcome).toBe('host-unreachable');

    await setEmulatorFaults(emulator, [{ kind: 'status5xx', match: 'api', status: 503 }]);
    checks = await testConnection();
    expect(checks.sync?.outcome).toBe('server-error');

    await setEmulatorFaults(emulator, [{ kind: 'status429', match: 'api', retryAfterSeconds: 30 }]);
    expect((await testConnection()).website?.outcome).toBe('throttled');

    // A fresh core has no cached token: the identity provider itself is asked, and is unreachable.
    await core.close();
    core = await openCore();
    await setEmulatorFaults(emulator, [{ kind: 'drop', match: 'token' }]);
    checks = await testConnection();
    expect(checks.website?.outcome).toBe('auth-unreachable');
    expect(checks.sync?.outcome).toBe('auth-unreachable');
  });
});

describe('administrator PIN, enforced in main', () => {
  it('the PIN is kept as a salted hash in the keychain; a locked window cannot change the connection or its secrets', async () => {
    await configureProfileForEmulator(core, emulator.info);
    expect(await call('admin:setPin', { newPin: '482193' })).toEqual({
      ok: true,
      value: { pinSet: true, unlocked: true, retryInMs: 0 },
    });
    const stored = await new KeytarSecretVault(profile.profile).readEntry('admin-pin-hash');
    expect(stored).toMatch(/^scrypt\$/);
    expect(stored).not.toContain('482193');
    expect(await call('admin:lock', {})).toEqual({
      ok: true,
      value: { pinSet: true, unlocked: false, retryInMs: 0 },
    });

    const settingsFile = path.join(profile.dataDir, 'settings.json');
    const before = await readFile(settingsFile, 'utf8');
    for (const refused of [
      await call('settings:save', { host: { baseUrl: 'https://elsewhere.example.com/v2.0/x/Production' } }),
      await call('settings:save', {
        counterEmployees: ['Anja'],
        units: { pieces: 'ST', meters: 'M', kilograms: 'KG' },
      }),
      await call('secrets:set', { application: 'website', secret: 'replaced' }),
      await call('secrets:clear', { application: 'sync' }),
      await call('settings:chooseCaFile', {}),
      await call('settings:testConnection', {}),
    ]) {
      expect(refused).toMatchObject({ ok: false, error: { code: 'admin-locked' } });
    }
    expect(await readFile(settingsFile, 'utf8')).toBe(before);
    expect(await core.vault.binding('website')).toBe('bound');
    expect(await core.vault.isSet('sync')).toBe(true);

    // Counter staff's own choices stay open.
    const staff = await call('settings:save', { counterEmployees: ['Anja', 'Piet'], uiLanguage: 'en' });
    expect(staff.ok).toBe(true);

    // Unlocked with the PIN, the same window may; another window still may not.
    expect(await call('admin:unlock', { pin: '000000' })).toMatchObject({
      ok: true,
      value: { refused: 'wrong-pin', unlocked: false },
    });
    expect(await call('admin:unlock', { pin: '482193' })).toMatchObject({
      ok: true,
      value: { unlocked: true },
    });
    expect((await call('settings:save', { host: { companyName: 'Elders B.V.' } })).ok).toBe(true);
    expect(
      await call('settings:save', { host: { companyName: 'Weer anders B.V.' } }, windowCaller(8)),
    ).toMatchObject({ ok: false, error: { code: 'admin-locked' } });
  });

  it('the CLI is the administrator at the machine: it changes connection settings while the PIN locks the windows', async () => {
    await core.handlers['admin:setPin']({ newPin: '482193' }, counterWindow);
    await core.handlers['admin:lock']({}, counterWindow);
    await core.close();
    const run = await runCli([
      '--data-dir',
      profile.dataDir,
      '--profile',
      profile.profile,
      'config',
      'set',
      '--tenant',
      'contoso',
    ]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    core = await openCore();
    expect(core.settings.current.host.tenant).toBe('contoso');
    expect((await core.adminLock.status(counterWindow)).pinSet).toBe(true);
  });
});
