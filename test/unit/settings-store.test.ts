import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SettingsStore, SETTINGS_FILE } from '../../src/main/core/settings/settings-store.ts';
import { DEFAULT_SETTINGS } from '../../src/shared/settings.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'voa-desk-settings-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('settings store', () => {
  it('starts from the defaults and writes nothing until something is saved', async () => {
    const store = await SettingsStore.open(dir);
    expect(store.current).toEqual(DEFAULT_SETTINGS);
    expect(await readdir(dir)).toEqual([]);
  });

  it('saves a patch group by group and reads it back after a restart', async () => {
    const store = await SettingsStore.open(dir);
    await store.update({ host: { baseUrl: 'https://erp.example.com/v2.0/t/Production/', tenant: 't' } });
    await store.update({ host: { companyName: "Staalhandel 't Gooi" }, counterEmployees: ['Anja'] });
    const reopened = await SettingsStore.open(dir);
    expect(reopened.current.host).toMatchObject({
      baseUrl: 'https://erp.example.com/v2.0/t/Production',
      tenant: 't',
      companyName: "Staalhandel 't Gooi",
      language: 'nl-NL',
    });
    expect(reopened.current.counterEmployees).toEqual(['Anja']);
  });

  it('refuses an invalid value and keeps what was stored', async () => {
    const store = await SettingsStore.open(dir);
    await store.update({ host: { tenant: 'good' } });
    const before = await readFile(path.join(dir, SETTINGS_FILE), 'utf8');
    await expect(store.update({ host: { baseUrl: 'http://plain.example.com' } })).rejects.toThrow(/https/);
    expect(await readFile(path.join(dir, SETTINGS_FILE), 'utf8')).toBe(before);
    expect(store.current.host.tenant).toBe('good');
  });

  it('keeps an unreadable settings.json beside the defaults and says so', async () => {
    await writeFile(path.join(dir, SETTINGS_FILE), '{ this is not json');
    const store = await SettingsStore.open(dir);
    expect(store.current).toEqual(DEFAULT_SETTINGS);
    expect(store.loadProblem).toMatch(/settings.json could not be read .* kept as settings.json.unreadable-/);
    const kept = (await readdir(dir)).find((name) => name.startsWith('settings.json.unreadable-'));
    expect(await readFile(path.join(dir, kept as string), 'utf8')).toBe('{ this is not json');
  });
});
