// Against the real Secret Service (scripts/with-secret-service.sh starts gnome-keyring-daemon when the
// session has none). Each test uses its own profile, so no real user's entry is ever touched.
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { KeytarSecretVault, keychainServiceName } from '../../src/main/core/secrets/secret-vault.ts';
import { createTestProfile, runCli } from '../support/processes.ts';

const vaults: KeytarSecretVault[] = [];
function vault(): KeytarSecretVault {
  const created = new KeytarSecretVault(`test-${randomUUID().slice(0, 8)}`);
  vaults.push(created);
  return created;
}
afterEach(async () => {
  for (const created of vaults.splice(0)) {
    await created.clear('website');
    await created.clear('sync');
  }
});

describe('secret vault on the OS keychain', () => {
  it('stores each application’s secret and answers only whether it is set', async () => {
    const secrets = vault();
    expect(await secrets.status()).toEqual({ available: true });
    expect(await secrets.isSet('website')).toBe(false);
    await secrets.set('website', 'w-secret');
    expect(await secrets.isSet('website')).toBe(true);
    expect(await secrets.isSet('sync')).toBe(false);
    expect(await secrets.read('website')).toBe('w-secret');
    await secrets.clear('website');
    expect(await secrets.isSet('website')).toBe(false);
  });

  it('keeps profiles apart: a test profile never sees another profile’s entries', async () => {
    const a = vault();
    const b = vault();
    await a.set('sync', 'only-in-a');
    expect(await b.isSet('sync')).toBe(false);
    expect(a.service).not.toBe(b.service);
    expect(a.service).toBe(keychainServiceName(a.service.slice('VOA Desk ('.length, -1)));
  });

  it('without a keychain, says so plainly and refuses to store; no file is written instead', async () => {
    const profile = await createTestProfile();
    try {
      const noBus = { DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/voa-desk-bus', DISPLAY: '' };
      const result = await runCli(
        ['--data-dir', profile.dataDir, '--profile', profile.profile, 'secret', 'set', 'website'],
        {
          stdin: 'would-be-secret\n',
          env: noBus,
        },
      );
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/No OS keychain could be reached, so client secrets cannot be stored/);
      const shown = await runCli(
        ['--data-dir', profile.dataDir, '--profile', profile.profile, '--json', 'config', 'show'],
        { env: noBus },
      );
      const view = JSON.parse(shown.stdout) as {
        keychain: { available: boolean };
        secrets: { website: { set: boolean } };
      };
      expect(view.keychain.available).toBe(false);
      expect(view.secrets.website.set).toBe(false);
      // Every file below the data directory, the logs included.
      const { readdir, readFile } = await import('node:fs/promises');
      const entries = await readdir(profile.dataDir, { recursive: true, withFileTypes: true });
      for (const entry of entries.filter((found) => found.isFile())) {
        const content = await readFile(`${entry.parentPath}/${entry.name}`);
        expect(content.includes(Buffer.from('would-be-secret'))).toBe(false);
      }
    } finally {
      await profile.dispose();
    }
  });
});
