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

  it('a value that does not read (another version, a hand edit) alone goes back to its default', async () => {
    const store = await SettingsStore.open(dir);
    await store.update({
      host: { baseUrl: 'https://erp.example.com/v2.0/t/Production', tenant: 't' },
      counterEmployees: ['Anja', 'Piet'],
      sourceLabels: ['Beurs Gorinchem'],
    });
    const file = path.join(dir, SETTINGS_FILE);
    const stored = JSON.parse(await readFile(file, 'utf8'));
    const edited = JSON.stringify({
      ...stored,
      host: { ...stored.host, companyId: 'not-a-guid' },
      // A unit a newer version knows, and a language it offers.
      units: { ...stored.units, tonnes: 'TO' },
      uiLanguage: 'de',
      aNewerKey: true,
    });
    await writeFile(file, edited);

    const reopened = await SettingsStore.open(dir);
    expect(reopened.current).toMatchObject({
      host: { baseUrl: 'https://erp.example.com/v2.0/t/Production', tenant: 't', companyId: '' },
      counterEmployees: ['Anja', 'Piet'],
      sourceLabels: ['Beurs Gorinchem'],
      units: DEFAULT_SETTINGS.units,
      uiLanguage: DEFAULT_SETTINGS.uiLanguage,
    });
    expect(reopened.loadProblem).toMatch(
      /^settings\.json: host\.companyId: .*; units: .*; uiLanguage: .*defaults.*kept as settings\.json\.unreadable-/,
    );
    const kept = (await readdir(dir)).find((name) => name.startsWith('settings.json.unreadable-'));
    expect(await readFile(path.join(dir, kept as string), 'utf8')).toBe(edited);
    // A save writes what is in use; the next start reads it whole.
    await reopened.update({ counterEmployees: ['Anja'] });
    expect((await SettingsStore.open(dir)).loadProblem).toBeUndefined();
  });

  it('a settings.json damaged while the desk runs is kept beside it, and the next save writes over it', async () => {
    const store = await SettingsStore.open(dir);
    await store.update({ host: { tenant: 'good' } });
    await writeFile(path.join(dir, SETTINGS_FILE), '{ "host": ');
    await store.update({ counterEmployees: ['Anja'] });
    const reopened = await SettingsStore.open(dir);
    expect(reopened.current).toMatchObject({ host: { tenant: 'good' }, counterEmployees: ['Anja'] });
    expect(reopened.loadProblem).toBeUndefined();
    const kept = (await readdir(dir)).find((name) => name.startsWith('settings.json.unreadable-'));
    expect(await readFile(path.join(dir, kept as string), 'utf8')).toBe('{ "host": ');
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
