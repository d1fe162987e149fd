// The support bundle after a day at a desk (a full sync, deliveries, a portal sign-in and an acceptance)
// against the host emulator over real HTTPS, the real keychain and a real app.db: saved from Settings (the
// bridge) and by `support bundle --out` (the CLI, its own process), unzipped, and every entry's bytes
// searched for each secret, token and customer detail of the day.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crashDumpsDirOf } from '../../src/main/core/data-dir.ts';
import { VoaCore } from '../../src/main/core/voa-core.ts';
import { startTestEmulator, type EmulatorTestClient } from '../emulator/emulator-client.ts';
import {
  bridgeCall,
  recordSessionTokens,
  runDeskDay,
  whatMustNotBeWritten,
} from '../support/desk-activity.ts';
import { configureProfileForEmulator } from '../support/emulator-profile.ts';
import { createTestProfile, runCli, type TestProfile } from '../support/processes.ts';

let emulator: EmulatorTestClient;
let profile: TestProfile;
let core: VoaCore;
let sessionTokens: Set<string>;
const DUMP = 'completed/0b7e1c2d-5f3a-4d2e-9c1b-2a3b4c5d6e7f.dmp';
const DUMP_BYTES = Buffer.from('MDMP a minidump stand-in');

const readZip = async (file: string) => unzipSync(new Uint8Array(await readFile(file)));
const text = (bytes: Uint8Array | undefined) => Buffer.from(bytes ?? new Uint8Array()).toString('utf8');

beforeAll(async () => {
  emulator = await startTestEmulator();
  profile = await createTestProfile();
  core = await VoaCore.open({
    location: { profile: profile.profile, dataDir: profile.dataDir },
    shell: 'browser',
    version: 'test',
  });
  await configureProfileForEmulator(core, emulator.emulator.info);
  core.outbox.tune({ baseDelayMs: 50, maxDelayMs: 400, requestTimeoutMs: 5_000 });
  core.portal.tune({ readBackoffMs: 20, codeWaitMs: 0 });
  sessionTokens = recordSessionTokens(core);
  core.start();
  await runDeskDay(core, emulator);
  const dump = path.join(crashDumpsDirOf(profile.dataDir), DUMP);
  await mkdir(path.dirname(dump), { recursive: true });
  await writeFile(dump, DUMP_BYTES);
}, 120_000);

afterAll(async () => {
  await core?.close();
  await emulator?.stop();
  await profile?.dispose();
});

describe('the support bundle', () => {
  it('from Settings: the logs, the dumps, the versions, the settings, the outbox by state and the sync log', async () => {
    const saved = await bridgeCall(core, 'support:saveBundle', {});
    expect(saved.saved).toBe(true);
    expect(path.dirname(saved.file)).toBe(path.join(profile.dataDir, 'support'));
    const entries = await readZip(saved.file);
    expect(Object.keys(entries).length).toBe(saved.entries);
    expect(Object.keys(entries)).toEqual(
      expect.arrayContaining([
        'versions.json',
        'settings.json',
        'outbox.json',
        'catalog.json',
        'sync-log.json',
        'logs/browser-shell.log',
        `crash-dumps/${DUMP}`,
      ]),
    );
    expect(Buffer.from(entries[`crash-dumps/${DUMP}`]!)).toEqual(DUMP_BYTES);
    const versions = JSON.parse(text(entries['versions.json']));
    expect(versions).toMatchObject({ voaDesk: 'test', node: process.versions.node, shell: 'browser' });
    expect(versions.commit).toMatch(/^[0-9a-f]{7,}/);
    const settings = JSON.parse(text(entries['settings.json']));
    expect(settings.settings.host.baseUrl).toBe(core.settings.current.host.baseUrl);
    expect(settings.secrets.website.set).toBe(true);
    expect(settings.policy).toMatchObject({ state: 'none' });
    const outbox = JSON.parse(text(entries['outbox.json']));
    expect(outbox.byState).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ state: 'delivered', count: 1 }),
        expect.objectContaining({ state: 'needsAttention', count: 1 }),
      ]),
    );
    expect(outbox.lastErrors).toEqual([
      expect.objectContaining({ state: 'needsAttention', code: 'refused', attempts: 1 }),
    ]);
    expect(Date.parse(outbox.lastErrors[0].at)).toBeGreaterThan(0);
    expect(text(entries['outbox.json'])).not.toMatch(/payload|contactName|quoteRequestLines/);
    const catalog = JSON.parse(text(entries['catalog.json']));
    expect(catalog.counts.items).toBeGreaterThan(0);
    const syncLog = JSON.parse(text(entries['sync-log.json']));
    expect(syncLog[0]).toMatchObject({ outcome: 'succeeded', trigger: 'manual' });
    expect(text(entries['logs/browser-shell.log'])).toMatch(/catalog sync finished/);
  });

  it('from the CLI with --out, in its own process: the same entries, and its own log', async () => {
    const file = path.join(profile.dataDir, 'from-cli.zip');
    const run = await runCli([
      ...['--data-dir', profile.dataDir, '--profile', profile.profile],
      ...['support', 'bundle', '--out', file],
    ]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(file);
    const entries = await readZip(file);
    expect(Object.keys(entries)).toEqual(
      expect.arrayContaining(['versions.json', 'outbox.json', 'sync-log.json', `crash-dumps/${DUMP}`]),
    );
    expect(JSON.parse(text(entries['versions.json'])).voaDesk).toMatch(/^\d+\.\d+\.\d+/);
    expect(text(entries['logs/cli.log'])).toMatch(/\[info\]\s+opened/);
    const missing = await runCli(['--data-dir', profile.dataDir, 'support', 'bundle']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/--out/);
  });

  it('holds no secret, token, customer name, e-mail address or phone number in any entry', async () => {
    const forbidden = await whatMustNotBeWritten(core, emulator, profile.profile, sessionTokens);
    const file = (await bridgeCall(core, 'support:saveBundle', {})).file;
    const entries = await readZip(file);
    expect(Object.keys(entries).length).toBeGreaterThan(6);
    for (const [name, bytes] of Object.entries(entries))
      for (const [what, value] of forbidden)
        expect(Buffer.from(bytes).includes(Buffer.from(value, 'utf8')), `${what} in ${name}`).toBe(false);
  });
});
