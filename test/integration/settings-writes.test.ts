// settings.json and the data directory on a real file system: a save based on an older file is merged or
// refused (the CLI changing settings while the app runs), a full disk loses nothing, and the directory is
// private to its user.
import { execFileSync } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { dispatchBridgeCall } from '../../src/main/core/bridge/dispatch.ts';
import { SETTINGS_FILE } from '../../src/main/core/settings/settings-store.ts';
import { VoaCore } from '../../src/main/core/voa-core.ts';
import type { CallInput } from '../../src/shared/bridge/api.ts';
import type { CallName } from '../../src/shared/bridge/bridge-map.ts';
import { unlessGone } from '../support/data-dir-files.ts';
import { createTestProfile, runCli, type TestProfile } from '../support/processes.ts';

let profile: TestProfile;
const cores: VoaCore[] = [];
const cleanups: (() => Promise<void>)[] = [];

async function openCore(dataDir = profile.dataDir): Promise<VoaCore> {
  const core = await VoaCore.open({
    location: { profile: profile.profile, dataDir },
    shell: 'browser',
    version: 'test',
  });
  cores.push(core);
  return core;
}

function call<C extends CallName>(core: VoaCore, channel: C, input: CallInput<C>) {
  return dispatchBridgeCall(core.handlers, channel, input);
}

function cli(...args: string[]) {
  return runCli(['--data-dir', profile.dataDir, '--profile', profile.profile, ...args]);
}

afterEach(async () => {
  for (const core of cores.splice(0)) await core.close();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  await profile?.dispose();
});

describe('settings written with a version check', () => {
  it('a CLI change while the app runs survives the app’s next save (merged field by field)', async () => {
    profile = await createTestProfile();
    const app = await openCore();
    await call(app, 'settings:save', { host: { tenant: 'first', companyName: 'Old B.V.' } });
    // The Settings screen holds the whole form as it was loaded.
    const form = app.settings.current;

    expect((await cli('config', 'set', '--tenant', 'set-by-cli')).code).toBe(0);

    const { caFile: _caFile, ...host } = form.host;
    const saved = await call(app, 'settings:save', {
      ...form,
      host: { ...host, companyName: 'Staalhandel B.V.' },
    });
    expect(saved.ok).toBe(true);
    const onDisk = JSON.parse(await readFile(path.join(profile.dataDir, SETTINGS_FILE), 'utf8'));
    expect(onDisk.host).toMatchObject({ tenant: 'set-by-cli', companyName: 'Staalhandel B.V.' });
    expect(app.settings.current.host.tenant).toBe('set-by-cli');
  });

  it('both changing the same field is refused with a message in the user’s language; nothing is overwritten', async () => {
    profile = await createTestProfile();
    const app = await openCore();
    await call(app, 'settings:save', { host: { tenant: 'first' }, uiLanguage: 'en' });
    expect((await cli('config', 'set', '--tenant', 'set-by-cli')).code).toBe(0);
    const before = await readFile(path.join(profile.dataDir, SETTINGS_FILE), 'utf8');

    const refused = await call(app, 'settings:save', { host: { tenant: 'set-in-the-app' } });
    expect(refused).toMatchObject({
      ok: false,
      error: { code: 'conflict', fields: { 'host.tenant': 'changed elsewhere' } },
    });
    expect(!refused.ok && refused.error.message).toMatch(/changed elsewhere meanwhile .*host\.tenant/);
    expect(await readFile(path.join(profile.dataDir, SETTINGS_FILE), 'utf8')).toBe(before);

    // The app now shows the CLI's version; a second save builds on it.
    expect(app.settings.current.host.tenant).toBe('set-by-cli');
    expect((await call(app, 'settings:save', { host: { tenant: 'set-in-the-app' } })).ok).toBe(true);

    await call(app, 'settings:save', { uiLanguage: 'nl' });
    await cli('config', 'set', '--tenant', 'cli-again');
    const dutch = await call(app, 'settings:save', { host: { tenant: 'app-again' } });
    expect(!dutch.ok && dutch.error.message).toMatch(/intussen elders gewijzigd/);
  });
});

describe('a full disk', () => {
  it('answers “the disk is full” in the user’s language and leaves no partial or 0-byte file', async (context) => {
    const mountPoint = await mkdtemp(path.join(os.tmpdir(), 'voa-full-disk-'));
    cleanups.push(() => rm(mountPoint, { recursive: true, force: true }));
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=2m', 'tmpfs', mountPoint], { stdio: 'pipe' });
    } catch (error) {
      const reason = `a full disk needs a small tmpfs, and mounting one failed here (root only): ${String(error).split('\n')[0]}`;
      console.warn(`skipped: ${reason}`);
      context.skip(reason);
    }
    cleanups.push(async () => void execFileSync('umount', [mountPoint]));
    profile = await createTestProfile();
    const dataDir = path.join(mountPoint, 'profile');
    const app = await openCore(dataDir);
    await call(app, 'settings:save', { host: { tenant: 'kept' }, uiLanguage: 'en' });
    const before = await readFile(path.join(dataDir, SETTINGS_FILE), 'utf8');
    // Fill what is left, then save settings that need more room than there is.
    await writeFile(path.join(mountPoint, 'filler'), Buffer.alloc(2 * 1024 * 1024)).catch(() => {});

    const full = await call(app, 'settings:save', { counterEmployees: ['A'.repeat(50)] });
    expect(full).toMatchObject({ ok: false, error: { code: 'disk-full' } });
    expect(!full.ok && full.error.message).toMatch(/^The disk is full: the settings were not saved/);
    expect(await readFile(path.join(dataDir, SETTINGS_FILE), 'utf8')).toBe(before);
    expect((await readdir(dataDir)).filter((name) => name.includes('.tmp'))).toEqual([]);

    await writeFile(path.join(mountPoint, 'filler'), '');
    await call(app, 'settings:save', { uiLanguage: 'nl' });
    await writeFile(path.join(mountPoint, 'filler'), Buffer.alloc(2 * 1024 * 1024)).catch(() => {});
    const dutch = await call(app, 'settings:save', { counterEmployees: ['B'.repeat(50)] });
    expect(!dutch.ok && dutch.error.message).toMatch(/^De schijf is vol/);
    expect((await stat(path.join(dataDir, SETTINGS_FILE))).size).toBeGreaterThan(0);
  });
});

describe('the data directory is private', () => {
  it.runIf(process.platform !== 'win32')(
    'is 0700 and its files 0600, also when an older version left them readable',
    async () => {
      profile = await createTestProfile();
      const fresh = await openCore(path.join(profile.dataDir, 'fresh'));
      await call(fresh, 'settings:save', { host: { tenant: 't' } });
      const mode = async (file: string) => (await stat(file)).mode & 0o777;
      expect(await mode(fresh.location.dataDir)).toBe(0o700);
      // Read as they are: a file that went between the listing and the reading (a journal) is left out.
      // Folders of its own (logs/) are 0700 too, and the files in them 0600.
      for (const entry of await readdir(fresh.location.dataDir, { withFileTypes: true, recursive: true })) {
        const file = path.join(entry.parentPath, entry.name);
        const found = await unlessGone(mode(file));
        if (found !== undefined) expect(found, entry.name).toBe(entry.isDirectory() ? 0o700 : 0o600);
      }

      const old = path.join(profile.dataDir, 'old');
      await mkdir(old, { mode: 0o755 });
      await chmod(old, 0o755);
      await writeFile(path.join(old, SETTINGS_FILE), '{}', { mode: 0o644 });
      await openCore(old);
      expect(await mode(old)).toBe(0o700);
      expect(await mode(path.join(old, SETTINGS_FILE))).toBe(0o600);
      expect(await mode(path.join(old, 'app.db'))).toBe(0o600);
    },
  );
});
