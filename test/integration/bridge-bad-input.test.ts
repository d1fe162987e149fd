// Every bridge call, given bad input through the browser shell's real HTTP bridge, answers with a typed
// error and changes nothing: not the settings file, not the keychain, not the database.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALL_NAMES, type CallName } from '../../src/shared/bridge/bridge-map.ts';
import { BRIDGE_CALL_PATH, BRIDGE_TOKEN_HEADER } from '../../src/main/browser-shell/bridge-paths.ts';
import {
  startBrowserShell,
  MAX_CALL_BODY_BYTES,
  type RunningBrowserShell,
} from '../../src/main/browser-shell/browser-shell-server.ts';
import { VoaCore } from '../../src/main/core/voa-core.ts';
import { createTestProfile, REPO_ROOT, type TestProfile } from '../support/processes.ts';
import { catalogBadInputs } from './bad-inputs/catalog-bad-inputs.ts';
import { outboxBadInputs } from './bad-inputs/outbox-bad-inputs.ts';
import { portalBadInputs } from './bad-inputs/portal-bad-inputs.ts';
import { printBadInputs } from './bad-inputs/print-bad-inputs.ts';
import { exportBadInputs } from './bad-inputs/export-bad-inputs.ts';
import { settingsBadInputs } from './bad-inputs/settings-bad-inputs.ts';

const long = (length: number) => 'x'.repeat(length);

/** Bad inputs per call, beyond the ones every call gets. Adding a call without adding it here fails. */
const BAD_INPUTS: Record<CallName, unknown[]> = {
  ...settingsBadInputs,
  ...outboxBadInputs,
  ...catalogBadInputs,
  ...portalBadInputs,
  ...printBadInputs,
  ...exportBadInputs,
  // The header's reachability takes no input: every call's bad inputs are enough.
  'host:reachability': [{ application: 'website' }],
  // The support calls take no input; none carries a path (main chooses where the bundle goes).
  'support:about': [{ verbose: true }],
  'support:openLogFolder': [{ folder: '/etc' }],
  'support:saveBundle': [{ file: '/tmp/elsewhere.zip' }, { out: 'C:\\Windows\\x.zip' }],
  // No page names the update folder, the channel or the file to install: the policy and main decide.
  'updates:status': [{ channel: 'beta' }],
  'updates:check': [{ url: 'https://elsewhere.example/updates/' }],
  'updates:restart': [{ installer: 'C:\\Temp\\evil.exe' }, { force: true }],
  // A size's key: both parts, within the line's field lengths, no control characters (they would end
  // up in the host's $filter).
  'stock:check': [
    {},
    { itemNo: '100002' },
    { itemNo: '', variantCode: '06000' },
    { itemNo: long(21), variantCode: '06000' },
    { itemNo: '100002', variantCode: long(11) },
    { itemNo: '100002', variantCode: '06000\u0000' },
    { itemNo: "100002' or ItemNo ne '", variantCode: '06000' },
    { itemNo: 100002, variantCode: '06000' },
  ],
};
const BAD_FOR_EVERY_CALL: unknown[] = ['a string', 5, true, [], { unexpected: 'key' }];

let profile: TestProfile;
let core: VoaCore;
let shell: RunningBrowserShell;

async function call(channel: string, body: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${shell.origin}${BRIDGE_CALL_PATH}/${encodeURIComponent(channel)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [BRIDGE_TOKEN_HEADER]: shell.token, ...headers },
    body,
  });
  return {
    status: response.status,
    result: (await response.json()) as {
      ok: boolean;
      error?: { code: string; message: string; fields?: Record<string, string> };
    },
  };
}

async function snapshot(): Promise<string> {
  const settingsFile = path.join(profile.dataDir, 'settings.json');
  const settings = existsSync(settingsFile) ? await readFile(settingsFile, 'utf8') : '(none)';
  const secrets = { website: await core.vault.isSet('website'), sync: await core.vault.isSet('sync') };
  const db = new DatabaseSync(path.join(profile.dataDir, 'app.db'), { readOnly: true });
  const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as {
    name: string;
  }[];
  const rows = tables.map(({ name }) => [name, db.prepare(`SELECT * FROM "${name}"`).all()]);
  db.close();
  return JSON.stringify({ settings, secrets, rows });
}

beforeAll(async () => {
  profile = await createTestProfile();
  core = await VoaCore.open({
    location: { profile: profile.profile, dataDir: profile.dataDir },
    shell: 'browser',
    version: 'test',
  });
  await core.settings.update({ host: { tenant: 'before' }, counterEmployees: ['Anja'] });
  await core.vault.set('website', 'kept-secret');
  shell = await startBrowserShell({ core, buildDir: path.join(REPO_ROOT, 'out') });
});

afterAll(async () => {
  await shell?.close();
  await core?.close();
  await profile?.dispose();
});

describe('bridge: bad input gets a typed error and changes nothing', () => {
  it('has bad inputs for every declared call', () => {
    expect(Object.keys(BAD_INPUTS).sort()).toEqual([...CALL_NAMES].sort());
  });

  for (const channel of CALL_NAMES) {
    it(`${channel}: wrong types, missing fields, unknown keys and oversized strings are refused`, async () => {
      const before = await snapshot();
      for (const input of [...BAD_FOR_EVERY_CALL, ...BAD_INPUTS[channel]]) {
        const { status, result } = await call(channel, JSON.stringify(input));
        expect(status, JSON.stringify(input)).toBe(200);
        expect(result.ok, `${channel} accepted ${JSON.stringify(input).slice(0, 80)}`).toBe(false);
        expect(result.error?.code).toBe('invalid-input');
        expect(result.error?.message.length).toBeGreaterThan(0);
      }
      expect(await snapshot()).toBe(before);
    });
  }

  it('names the bad field and what is wrong with it', async () => {
    const { result } = await call(
      'settings:save',
      JSON.stringify({ host: { companyId: 'nope', tenant: long(300) } }),
    );
    expect(result.error?.fields).toEqual({
      'host.companyId': 'must be a GUID like 3f2504e0-4f89-11d3-9a0c-0305e82c3301',
      'host.tenant': 'is longer than 200 characters',
    });
  });

  it('answers an unknown call, a body that is not JSON and an oversized body with typed errors', async () => {
    const before = await snapshot();
    expect((await call('settings:delete', '{}')).result.error?.code).toBe('unknown-call');
    expect((await call('settings:save', '{"host":')).result.error).toMatchObject({
      code: 'invalid-input',
      message: 'The call body is not valid JSON.',
    });
    const huge = await call('settings:save', JSON.stringify({ host: { tenant: long(MAX_CALL_BODY_BYTES) } }));
    expect(huge.status).toBe(413);
    expect(huge.result.error?.code).toBe('invalid-input');
    expect(await snapshot()).toBe(before);
  });

  it('refuses calls without the per-run token, from another origin, or to another host name', async () => {
    const before = await snapshot();
    expect((await call('settings:get', '{}', { [BRIDGE_TOKEN_HEADER]: 'guess' })).status).toBe(401);
    const crossOrigin = await fetch(`${shell.origin}${BRIDGE_CALL_PATH}/settings:save`, {
      method: 'POST',
      headers: { origin: 'https://evil.example.com', [BRIDGE_TOKEN_HEADER]: shell.token },
      body: JSON.stringify({ host: { tenant: 'evil' } }),
    });
    expect(crossOrigin.status).toBe(403);
    expect(await snapshot()).toBe(before);
  });

  it('still works for a good call afterwards', async () => {
    const { result } = await call('settings:save', JSON.stringify({ host: { tenant: 'after' } }));
    expect(result.ok).toBe(true);
    expect(core.settings.current.host.tenant).toBe('after');
  });
});
