// The machine-wide policy with a real data directory, the real keychain and the CLI in its own process:
// what it sets is in force, what it locks is refused by the bridge and by `config set` (exit 2 naming the
// field), an unusable policy stops the connection features with a message naming the file and the
// problem, and `config export`/`config import` move settings without secrets.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { dispatchBridgeCall } from '../../src/main/core/bridge/dispatch.ts';
import { windowCaller } from '../../src/main/core/bridge/bridge-caller.ts';
import { loadMachinePolicy, machinePolicyFile } from '../../src/main/core/settings/machine-policy-file.ts';
import { VoaCore } from '../../src/main/core/voa-core.ts';
import { createTestProfile, runCli, type TestProfile } from '../support/processes.ts';

let folder: string;
let policyFile: string;
const profiles: TestProfile[] = [];
const cores: VoaCore[] = [];

const POLICY = {
  host: { baseUrl: 'https://erp.staalhandel.example/v2.0/contoso/Production', tenant: 'contoso' },
  units: { pieces: 'ST', meters: 'MTR', kilograms: 'KG' },
  catalogSyncTime: '03:15',
  catalogSyncWindowEnd: '04:45',
  portalIdleMinutes: 3,
  retentionDays: 30,
};

async function openCore(file = policyFile): Promise<{ core: VoaCore; profile: TestProfile }> {
  const profile = await createTestProfile();
  profiles.push(profile);
  const core = await VoaCore.open({
    location: { profile: profile.profile, dataDir: profile.dataDir },
    shell: 'browser',
    version: 'test',
    policyFile: file,
  });
  cores.push(core);
  return { core, profile };
}

const cli = (profile: TestProfile, args: string[], file = policyFile) =>
  runCli(['--data-dir', profile.dataDir, '--profile', profile.profile, ...args], {
    env: { VOA_DESK_POLICY_FILE: file },
  });

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'voa-policy-'));
  policyFile = path.join(folder, 'policy.json');
  await writeFile(policyFile, JSON.stringify(POLICY, null, 2));
});

afterEach(async () => {
  for (const core of cores.splice(0)) await core.close();
});

afterAll(async () => {
  for (const profile of profiles) await profile.dispose();
  await rm(folder, { recursive: true, force: true });
});

describe('the machine policy file', () => {
  it('lives in the machine-wide place of each OS', () => {
    expect(machinePolicyFile({ ProgramData: 'D:\\ProgramData' }, 'win32')).toBe(
      'D:\\ProgramData\\VOA Desk\\policy.json',
    );
    expect(machinePolicyFile({}, 'darwin')).toBe('/Library/Application Support/VOA Desk/policy.json');
    expect(machinePolicyFile({}, 'linux')).toBe('/etc/voa-desk/policy.json');
  });

  it('is no policy when absent, and invalid (never ignored) when unreadable JSON, an unknown key or a bad value', async () => {
    expect((await loadMachinePolicy(path.join(folder, 'absent.json'))).view.state).toBe('none');
    const cases: [string, RegExp][] = [
      ['{ "host": ', /not valid JSON/],
      ['{ "hots": {} }', /unknown key "hots"/],
      ['{ "host": { "baseUrl": "http://erp.example" } }', /host\.baseUrl: must be an https:\/\/ URL/],
      ['{ "catalogSyncTime": "25:00" }', /catalogSyncTime: must be a time like 02:30/],
    ];
    for (const [text, problem] of cases) {
      const file = path.join(folder, 'bad.json');
      await writeFile(file, text);
      const loaded = await loadMachinePolicy(file);
      expect(loaded.view, text).toMatchObject({ state: 'invalid', file });
      expect(loaded.view.state === 'invalid' && loaded.view.problem, text).toMatch(problem);
    }
  });
});

describe('a policy in force', () => {
  it("puts its values in force over the desk's own and says what it locks", async () => {
    const { core } = await openCore();
    const view = await core.handlers['settings:get']({});
    expect(view.settings.host.baseUrl).toBe(POLICY.host.baseUrl);
    expect(view.settings.units).toEqual(POLICY.units);
    expect(view.settings.catalogSyncTime).toBe('03:15');
    expect(view.settings.catalogSyncWindowEnd).toBe('04:45');
    expect(view.policy).toEqual({
      state: 'active',
      file: policyFile,
      locked: [
        'host.baseUrl',
        'host.tenant',
        'units.pieces',
        'units.meters',
        'units.kilograms',
        'catalogSyncTime',
        'catalogSyncWindowEnd',
        'portalIdleMinutes',
        'retentionDays',
      ],
    });
  });

  it('the bridge refuses a change of a locked field naming the field and the policy; the same value and other fields save', async () => {
    const { core } = await openCore();
    const refused = await dispatchBridgeCall(core.handlers, 'settings:save', {
      host: { baseUrl: 'https://elsewhere.example/v2.0/x/Production', companyName: 'Staal B.V.' },
    });
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.error.code).toBe('invalid-input');
    expect(refused.error.fields).toEqual({ 'host.baseUrl': `vastgelegd door het beleid ${policyFile}` });
    expect(refused.error.message).toContain(policyFile);
    // Nothing of the refused save was written.
    expect(core.settings.current.host.companyName).toBe('');
    const saved = await dispatchBridgeCall(core.handlers, 'settings:save', {
      host: { baseUrl: POLICY.host.baseUrl, companyName: 'Staal B.V.' },
      units: POLICY.units,
      counterEmployees: ['Anja de Vries'],
    });
    expect(saved.ok).toBe(true);
    expect(core.settings.current.host.companyName).toBe('Staal B.V.');
  });

  it('`config set` exits 2 naming the locked field and the policy; an unlocked field is set', async () => {
    const { profile } = await openCore();
    // One run with three locked fields: each is named on a line of its own.
    const locked = await cli(profile, [
      ...['config', 'set', '--catalog-sync-time', '01:00'],
      ...['--catalog-sync-window-end', '05:00', '--unit-pieces', 'PCS'],
    ]);
    expect(locked.code).toBe(2);
    expect(locked.stderr).toContain(`catalogSyncTime: vastgelegd door het beleid ${policyFile}`);
    expect(locked.stderr).toContain(`catalogSyncWindowEnd: vastgelegd door het beleid ${policyFile}`);
    expect(locked.stderr).toContain('units.pieces: vastgelegd door het beleid');
    const free = await cli(profile, ['config', 'set', '--company-name', 'Staal B.V.']);
    expect(free.code, free.stderr).toBe(0);
    const shown = await cli(profile, ['config', 'show']);
    expect(shown.stdout).toContain(`machine policy ${policyFile} locks: host.baseUrl, host.tenant`);
  });
});

describe('a policy that requires an administrator PIN', () => {
  it('opens nothing but setting a PIN until one is set, and the PIN cannot be removed', async () => {
    const file = path.join(folder, 'pin-policy.json');
    await writeFile(file, JSON.stringify({ adminPinRequired: true }));
    const { core } = await openCore(file);
    const desk = windowCaller(7);
    const before = await dispatchBridgeCall(core.handlers, 'admin:status', {}, desk);
    expect(before).toEqual({
      ok: true,
      value: { pinSet: false, unlocked: false, retryInMs: 0, pinRequiredBy: file },
    });
    const refused = await dispatchBridgeCall(
      core.handlers,
      'settings:save',
      { host: { companyName: 'Staal B.V.' } },
      desk,
    );
    expect(refused.ok).toBe(false);
    if (!refused.ok) {
      expect(refused.error.code).toBe('admin-locked');
      expect(refused.error.message).toBe(
        `Het beleid van deze computer (${file}) vereist een beheerderspincode: stel eerst een pincode in.`,
      );
    }
    expect(core.settings.current.host.companyName).toBe('');
    const set = await dispatchBridgeCall(core.handlers, 'admin:setPin', { newPin: '482916' }, desk);
    expect(set).toMatchObject({ ok: true, value: { pinSet: true, unlocked: true } });
    const saved = await dispatchBridgeCall(
      core.handlers,
      'settings:save',
      { host: { companyName: 'Staal B.V.' } },
      desk,
    );
    expect(saved.ok).toBe(true);
    const removed = await dispatchBridgeCall(
      core.handlers,
      'admin:removePin',
      { currentPin: '482916' },
      desk,
    );
    expect(removed.ok).toBe(false);
    if (!removed.ok) expect(removed.error.message).toContain(`vereist er een`);
    expect((await dispatchBridgeCall(core.handlers, 'admin:status', {}, desk)).ok).toBe(true);
    expect(await core.adminLock.status(desk)).toMatchObject({ pinSet: true });
  });

  it('without the policy, a desk with no PIN is open, as before', async () => {
    const { core } = await openCore(path.join(folder, 'absent-policy.json'));
    expect(await core.adminLock.status(windowCaller(7))).toEqual({
      pinSet: false,
      unlocked: true,
      retryInMs: 0,
    });
  });
});

describe('an invalid policy', () => {
  it('stops the connection features with a message naming the file and the problem, and Settings tells', async () => {
    const file = path.join(folder, 'invalid.json');
    await writeFile(file, '{ "host": { "baseUrl": "https://erp.example" }, "updatez": true }');
    const { core, profile } = await openCore(file);
    const view = await core.handlers['settings:get']({});
    expect(view.policy).toMatchObject({ state: 'invalid', file, problem: expect.stringMatching(/updatez/) });
    // A desk configured in every other way: the first thing a token needs is the connection, refused.
    await core.handlers['settings:save']({
      host: {
        baseUrl: 'https://erp.example/v2.0/contoso/Production',
        companyId: '3f2504e0-4f89-11d3-9a0c-0305e82c3301',
        tenant: 'contoso',
      },
      applications: { website: { clientId: 'web-client' } },
    });
    await core.handlers['secrets:set']({ application: 'website', secret: `secret-${Date.now()}` });
    await expect(core.tokens.accessToken('website')).rejects.toThrow(
      new RegExp(`beleid van deze computer \\(${file.replace(/[.\\/]/g, '\\$&')}\\) is ongeldig: .*updatez`),
    );
    const shown = await cli(profile, ['config', 'show'], file);
    expect(shown.stdout).toContain(`machine policy ${file} is INVALID`);
    // It names no update folder that reads: updates are off, saying why.
    expect((await core.handlers['updates:status']({})).phase).toEqual({ state: 'off', policyInvalid: true });
  });

  it('written for a newer version (a key this one does not know), still names where updates come from', async () => {
    const file = path.join(folder, 'newer.json');
    const updates = { url: 'https://updates.staalhandel.example/voa-desk/', channel: 'beta' };
    await writeFile(file, JSON.stringify({ ...POLICY, catalogSyncDays: ['mon', 'thu'], updates }));
    const { core } = await openCore(file);
    expect((await core.handlers['settings:get']({})).policy).toMatchObject({
      state: 'invalid',
      problem: expect.stringMatching(/unknown key "catalogSyncDays"/),
    });
    // The connection features stay stopped, but the desk can still take the update that reads the file.
    const status = await core.handlers['updates:status']({});
    expect(status.feed).toMatchObject({ url: updates.url, channel: 'beta', policyFile: file });
    expect(status.phase).not.toMatchObject({ state: 'off' });
    // An updates section that does not read itself names nothing.
    const broken = path.join(folder, 'newer-broken.json');
    await writeFile(broken, JSON.stringify({ ...POLICY, catalogSyncDays: [], updates: { url: 'http://x' } }));
    expect((await loadMachinePolicy(broken)).updates).toBeUndefined();
  });
});

describe('config export and import', () => {
  it('moves the settings without secrets to another desk; an import cannot change what the policy locks', async () => {
    const none = path.join(folder, 'none.json');
    // The desk the settings come from is set up through its core: `config set` and `secret set` have
    // their own tests (cli.test.ts); here the CLI's part is the export and the import.
    const { core: fromCore, profile: from } = await openCore(none);
    await fromCore.handlers['settings:save']({
      host: { baseUrl: 'https://erp.example/v2.0/t/Production', tenant: 't', companyName: 'Staal B.V.' },
      applications: { website: { clientId: 'web-client' } },
      counterEmployees: ['Kees Bakker'],
      catalogSyncTime: '01:30',
    });
    const secret = `desk-secret-${Date.now()}-Zq8!`;
    await fromCore.handlers['secrets:set']({ application: 'website', secret });
    const exportFile = path.join(folder, 'desk.json');
    expect((await cli(from, ['config', 'export', '--out', exportFile], none)).code).toBe(0);
    const exported = await readFile(exportFile, 'utf8');
    expect(exported).not.toContain(secret);
    expect(JSON.parse(exported).settings.applications.website.clientId).toBe('web-client');

    const { profile: to } = await openCore(none);
    const imported = await cli(to, ['config', 'import', exportFile], none);
    expect(imported.code, imported.stderr).toBe(0);
    const shown = JSON.parse((await cli(to, ['--json', 'config', 'show'], none)).stdout);
    expect(shown.settings).toEqual(JSON.parse(exported).settings);
    expect(shown.secrets.website.set).toBe(false);

    // Under the policy, the file's base URL and sync time differ from the locked ones: refused, exit 2.
    const { profile: locked } = await openCore();
    const refused = await cli(locked, ['config', 'import', exportFile]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/host\.baseUrl: vastgelegd door het beleid/);
    expect(refused.stderr).toMatch(/catalogSyncTime: vastgelegd door het beleid/);
    const notAnExport = await cli(to, ['config', 'import', policyFile], none);
    expect(notAnExport.code).toBe(2);
    expect(notAnExport.stderr).toMatch(/not a settings export/);
  });
});
