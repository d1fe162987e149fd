// The log files after a full sync, deliveries, a portal sign-in and an acceptance against the host
// emulator over real HTTPS, with the real keychain and a real app.db: what support needs is there, and no
// secret, token or customer detail is, byte for byte.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appLog, logsDirOf } from '../../src/main/core/log/app-log.ts';
import { VoaCore } from '../../src/main/core/voa-core.ts';
import { startTestEmulator, type EmulatorTestClient } from '../emulator/emulator-client.ts';
import { CUSTOMER, recordSessionTokens, runDeskDay, whatMustNotBeWritten } from '../support/desk-activity.ts';
import { configureProfileForEmulator } from '../support/emulator-profile.ts';
import { createTestProfile, type TestProfile } from '../support/processes.ts';

let emulator: EmulatorTestClient;
let profile: TestProfile;
let core: VoaCore;
let sessionTokens: Set<string>;

async function logBytes(): Promise<Map<string, Buffer>> {
  const dir = logsDirOf(profile.dataDir);
  const files = new Map<string, Buffer>();
  for (const name of await readdir(dir)) files.set(name, await readFile(path.join(dir, name)));
  return files;
}

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
}, 120_000);

afterAll(async () => {
  await core?.close();
  await emulator?.stop();
  await profile?.dispose();
});

describe('the log files', () => {
  it('hold start-up, the sync, each delivery attempt and its outcome, and the refusal a person saw', async () => {
    const text = [...(await logBytes()).values()].map((bytes) => bytes.toString('utf8')).join('\n');
    expect(text).toMatch(/\[info\]\s+opened .*voaDesk/);
    expect(text).toMatch(/\[info\]\s+started/);
    expect(text).toMatch(/\[info\]\s+catalog sync started/);
    expect(text).toMatch(/\[info\]\s+catalog sync finished .*succeeded/);
    const delivered = core.outbox.store.list({ states: ['delivered'] });
    expect(delivered).toHaveLength(1);
    expect(text).toContain(`requestId: '${delivered[0]!.requestId}'`);
    expect(text).toMatch(/\[error\]\s+delivery refused .*needsAttention/);
  });

  it('never hold a client secret, an access token, the session token, the IP-hash key or customer details', async () => {
    const forbidden = await whatMustNotBeWritten(core, emulator, profile.profile, sessionTokens);
    const info = emulator.emulator.info;
    const [token] = [await core.tokens.accessToken('website')];
    // A careless call site that logs everything it holds is still redacted by the logger itself.
    appLog.error(
      'a careless call site',
      new Error(`refused ${info.sync.clientSecret} for ${CUSTOMER.email}`),
      {
        secret: info.website.clientSecret,
        header: `Bearer ${token}`,
        note: `session ${[...sessionTokens][0]} phone ${CUSTOMER.phone}`,
        contactName: CUSTOMER.name,
      },
    );
    const files = await logBytes();
    expect(files.get('browser-shell.log')!.toString()).toContain('a careless call site');
    for (const [file, bytes] of files)
      for (const [what, value] of forbidden)
        expect(bytes.includes(Buffer.from(value, 'utf8')), `${what} in ${file}`).toBe(false);
  });
});
