import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestProfile, runCli, type TestProfile } from '../support/processes.ts';

let profile: TestProfile;
const cli = (...args: string[]) =>
  runCli(['--data-dir', profile.dataDir, '--profile', profile.profile, ...args]);

beforeAll(async () => {
  profile = await createTestProfile();
});
afterAll(async () => {
  await profile.dispose();
});

describe('cli: config and secrets over the same core', () => {
  it('config set stores the host connection and config show prints it back, as text and JSON', async () => {
    const set = await cli(
      'config',
      'set',
      '--base-url',
      'https://erp.example.com/v2.0/contoso/Production',
      '--auth-url',
      'https://login.example.com',
      '--tenant',
      'contoso',
      '--api-resource',
      'https://api.example.com',
      '--company-name',
      "Staalhandel 't Gooi B.V.",
      '--company-id',
      '3f2504e0-4f89-11d3-9a0c-0305e82c3301',
      '--language',
      'en-US',
      '--counter-employee',
      'Anja',
      '--counter-employee',
      'Kees',
    );
    expect(set).toMatchObject({ code: 0, stdout: 'settings saved\n' });
    const text = await cli('config', 'show');
    expect(text.stdout).toMatch(/company name\s+Staalhandel 't Gooi B\.V\./);
    expect(text.stdout).toMatch(/counter employees\s+Anja, Kees/);
    const json = JSON.parse((await cli('--json', 'config', 'show')).stdout);
    expect(json.settings.host).toMatchObject({ tenant: 'contoso', language: 'en-US' });
    expect(json.dataDir).toBe(profile.dataDir);
  });

  it('refuses bad input with exit status 2, naming each bad field, and changes nothing', async () => {
    const before = await readFile(path.join(profile.dataDir, 'settings.json'), 'utf8');
    const result = await cli(
      'config',
      'set',
      '--base-url',
      'http://insecure.example.com',
      '--company-id',
      '42',
      '--tenant',
      'other',
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('host.baseUrl: must be an https:// URL');
    expect(result.stderr).toContain('host.companyId: must be a GUID');
    expect(await readFile(path.join(profile.dataDir, 'settings.json'), 'utf8')).toBe(before);
  });

  it('config set maps the unit codes as Settings does, and config show prints them', async () => {
    const set = await cli(
      'config',
      'set',
      '--unit-pieces',
      ' st ',
      '--unit-meters',
      'MTR',
      '--unit-kilograms',
      'KG',
    );
    expect(set).toMatchObject({ code: 0, stdout: 'settings saved\n' });
    expect((await cli('config', 'show')).stdout).toMatch(
      /unit pieces\s+ST\nunit meters\s+MTR\nunit kilograms\s+KG\n/,
    );
    // One code alone keeps the other two.
    expect((await cli('config', 'set', '--unit-meters', 'm1')).code).toBe(0);
    const json = JSON.parse((await cli('--json', 'config', 'show')).stdout);
    expect(json.settings.units).toEqual({ pieces: 'ST', meters: 'M1', kilograms: 'KG' });
  });

  it('refuses a bad unit code with exit status 2, naming the field, and changes nothing', async () => {
    const before = await readFile(path.join(profile.dataDir, 'settings.json'), 'utf8');
    const result = await cli('config', 'set', '--unit-pieces', '  ', '--unit-kilograms', 'KILOGRAMMES-X');
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("units.pieces: must not be empty: type the company's unit code");
    expect(result.stderr).toMatch(/units\.kilograms: is longer than \d+ characters/);
    expect(await readFile(path.join(profile.dataDir, 'settings.json'), 'utf8')).toBe(before);
  });

  it('rejects unknown options and commands with usage, exit status 2', async () => {
    expect((await cli('config', 'set', '--secret', 'x')).code).toBe(2);
    const unknown = await cli('frobnicate');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('unknown command "frobnicate"');
  });

  it('secret set reads the secret from standard input, never from arguments, and it is not on disk; secret clear removes it', async () => {
    const secret = 'piped-secret-Æ-42';
    const result = await runCli(
      [
        '--data-dir',
        profile.dataDir,
        '--profile',
        profile.profile,
        'secret',
        'set',
        'sync',
        '--client-id',
        'sync-app',
      ],
      {
        stdin: `${secret}\n`,
      },
    );
    expect(result).toMatchObject({ code: 0, stdout: 'sync secret stored in the OS keychain\n' });
    const json = JSON.parse((await cli('--json', 'config', 'show')).stdout);
    expect(json.secrets.sync.set).toBe(true);
    expect(json.settings.applications.sync.clientId).toBe('sync-app');
    expect(JSON.stringify(json)).not.toContain(secret);
    expect(await readFile(path.join(profile.dataDir, 'settings.json'), 'utf8')).not.toContain(secret);

    const cleared = await cli('secret', 'clear', 'sync');
    expect(cleared).toMatchObject({ code: 0, stdout: 'sync secret removed\n' });
    expect(JSON.parse((await cli('--json', 'config', 'show')).stdout).secrets.sync.set).toBe(false);
  });

  it('an empty secret is refused', async () => {
    const result = await runCli(
      ['--data-dir', profile.dataDir, '--profile', profile.profile, 'secret', 'set', 'website'],
      { stdin: '\n' },
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('secret: must not be empty');
  });
});
