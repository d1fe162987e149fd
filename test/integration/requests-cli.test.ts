// The CLI's submit and outbox commands, as an import job or an OS scheduler runs them, against the host
// emulator: files in the contract's payload keys, exit statuses, and exactly-once delivery across a kill.
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../emulator/index.ts';
import { VoaCore } from '../../src/main/core/voa-core.ts';
import { localDate } from '../../src/shared/contract/request-submit-rules.ts';
import { formatDate } from '../../src/shared/locale/date-input.ts';
import { configureProfileInProcess } from '../support/desk-profile.ts';
import { TEST_PRIVACY_CONSENT_VERSION } from '../support/emulator-profile.ts';
import { setRequestLatency } from '../support/emulator-admin.ts';
import { queueCounterQuotes } from '../support/queued-requests.ts';
import { createTestProfile, NODE, REPO_ROOT, runCli, type TestProfile } from '../support/processes.ts';

let emulator: RunningEmulator;
let profile: TestProfile;
let files: string;
const cli = (...args: string[]) =>
  runCli(['--data-dir', profile.dataDir, '--profile', profile.profile, ...args]);

const quote = {
  requestId: 'import-2026-0001',
  privacyAccepted: true,
  privacyConsentVersion: TEST_PRIVACY_CONSENT_VERSION,
  contactName: 'Jan Smit',
  companyName: 'Smit Metaalbouw',
  source: 'webshop-import',
  quoteRequestLines: [{ itemNo: 'HEA200', quantity: 4, unitOfMeasureCode: 'PCS' }],
};

async function file(name: string, content: unknown): Promise<string> {
  const target = path.join(files, name);
  await writeFile(target, typeof content === 'string' ? content : JSON.stringify(content));
  return target;
}

/** How many requests the profile's outbox holds, read by a core opened on it (no CLI process runs then). */
async function outboxSize(): Promise<number> {
  const core = await VoaCore.open({
    location: { profile: profile.profile, dataDir: profile.dataDir },
    shell: 'browser',
    version: 'test',
  });
  try {
    return core.outbox.store.list({}).length;
  } finally {
    await core.close();
  }
}

async function resetHost() {
  emulator.state.requests.quote.length = 0;
  emulator.state.requests.account.length = 0;
  emulator.state.numbersByRequestId.quote.clear();
  emulator.state.numbersByRequestId.account.clear();
}

beforeAll(async () => {
  emulator = await startEmulator({ variants: 200, log: () => {} });
  profile = await createTestProfile();
  files = await mkdtemp(path.join(os.tmpdir(), 'voa-desk-requests-'));
  await configureProfileInProcess(profile, emulator.info);
});

afterAll(async () => {
  await emulator?.stop();
  await profile?.dispose();
  await rm(files, { recursive: true, force: true });
});

describe('cli: submit and outbox', () => {
  it('submit keeps the file’s requestId (uppercased), and running the import again queues nothing twice', async () => {
    const input = await file('quote.json', quote);
    const first = await cli('submit', 'quote', '--file', input);
    expect(first).toMatchObject({ code: 0, stdout: 'IMPORT-2026-0001 queued\n' });
    const again = await cli('--json', 'submit', 'quote', '--file', input);
    expect(again.code).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({
      ok: true,
      existing: true,
      item: { requestId: 'IMPORT-2026-0001' },
    });
    const listed = JSON.parse((await cli('--json', 'outbox', 'list')).stdout);
    expect(listed.items).toHaveLength(1);
  });

  it('submit without a requestId gets one generated, once', async () => {
    const { requestId: _id, ...withoutId } = quote;
    const run = await cli('--json', 'submit', 'quote', '--file', await file('no-id.json', withoutId));
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout).item.requestId).toMatch(/^VD-[0-9A-Z]{26}$/);
  });

  it('a requested date before today exits 2 naming the field, in the UI language, and queues nothing', async () => {
    const before = await outboxSize();
    const yesterday = localDate(new Date(Date.now() - 86_400_000));
    const past = { ...quote, requestId: 'VD-PAST-DATE-1', requestedDeliveryDate: yesterday };
    const run = await cli('submit', 'quote', '--file', await file('past.json', past));
    expect(run.code).toBe(2);
    // The profile keeps the default UI language, Dutch.
    expect(run.stderr).toContain(
      `  requestedDeliveryDate: ligt in het verleden: kies vandaag (${formatDate(localDate(new Date()), 'nl')}) of later`,
    );
    expect(await outboxSize()).toBe(before);
  });

  it('invalid input: exit status 2, every bad field named, nothing queued', async () => {
    const before = await outboxSize();
    const bad = {
      ...quote,
      requestId: 'bad-one',
      privacyAccepted: false,
      contactName: 'x'.repeat(101),
      requestedDeliveryDate: '2026-02-30',
      deliveryMethd: 'Pickup',
      quoteRequestLines: [{ itemNo: 'HEA200' }],
    };
    const run = await cli('submit', 'quote', '--file', await file('bad.json', bad));
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('privacyAccepted: the customer must agree to the privacy statement');
    expect(run.stderr).toContain('contactName: is longer than 100 characters');
    expect(run.stderr).toContain('requestedDeliveryDate: must be a date like 2026-03-31');
    expect(run.stderr).toContain('quoteRequestLines.0.quantity: is missing: type how many');
    expect(run.stderr).toContain('unknown field deliveryMethd');
    const notJson = await cli('submit', 'account', '--file', await file('broken.json', '{"email": '));
    expect(notJson.code).toBe(2);
    expect(notJson.stderr).toMatch(/broken\.json is not valid JSON/);
    const account = await cli(
      'submit',
      'account',
      '--file',
      await file('account.json', { privacyAccepted: true, privacyConsentVersion: 'X' }),
    );
    expect(account.code).toBe(2);
    expect(account.stderr).toContain(
      'email: is missing: type the e-mail address the person will sign in with',
    );
    expect(await outboxSize()).toBe(before);
  });

  it('outbox flush delivers and exits 0 when everything is delivered, 1 while any remain', async () => {
    const flushed = await cli('outbox', 'flush', '--timeout', '20');
    expect(flushed.code).toBe(0);
    expect(flushed.stdout).toMatch(/delivered 2, queued 0, needs attention 0/);
    const list = await cli('outbox', 'list');
    expect(list.stdout).toMatch(/IMPORT-2026-0001\s+quote\s+delivered\s+WEB\d+/);

    emulator.state.settings.refuseRequests = true;
    await cli(
      'submit',
      'quote',
      '--file',
      await file('refused.json', { ...quote, requestId: 'import-2026-0002' }),
    );
    const refused = await cli('--json', 'outbox', 'flush', '--timeout', '10');
    emulator.state.settings.refuseRequests = false;
    expect(refused.code).toBe(1);
    const answer = JSON.parse(refused.stdout);
    expect(answer.remaining).toEqual([
      expect.objectContaining({
        requestId: 'IMPORT-2026-0002',
        state: 'needsAttention',
        lastError: expect.stringMatching(/geen aanvragen/),
      }),
    ]);
  });
});

describe('cli: a flush killed with SIGKILL', () => {
  it('of 200 items, restarted, ends with each of the 200 stored exactly once, under the numbers VOA Desk shows', async () => {
    const killed = await createTestProfile();
    try {
      await configureProfileInProcess(killed, emulator.info);
      await resetHost();
      await queueCounterQuotes(killed, 200);
      // Some latency, set before the flush starts, so the kill lands in the middle with requests in flight.
      emulator.state.calls.length = 0;
      await setRequestLatency(emulator, 15);
      const flushArgs = [
        '--data-dir',
        killed.dataDir,
        '--profile',
        killed.profile,
        'outbox',
        'flush',
        '--timeout',
        '120',
      ];
      // A short lease: the rerun claims what the killed flush held as soon as its lease runs out.
      const child = spawn(NODE, [path.join(REPO_ROOT, 'src/main/cli/index.mjs'), ...flushArgs], {
        cwd: REPO_ROOT,
        stdio: 'ignore',
        env: { ...process.env, VOA_DESK_OUTBOX_LEASE_MS: '1000' },
      });
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      // The emulator runs in this process and announces no event: its store is polled, and the kill is
      // sent in the same turn that sees the 60th request, so at most the calls then in flight follow it.
      await vi.waitFor(() => expect(emulator.state.requests.quote.length).toBeGreaterThanOrEqual(60), {
        timeout: 60_000,
        interval: 2,
      });
      child.kill('SIGKILL');
      await exited;
      const storedAtKill = emulator.state.requests.quote.length;
      expect(storedAtKill).toBeLessThan(200);
      await setRequestLatency(emulator, 0);

      const rerun = await runCli(['--json', ...flushArgs.slice(0, -2), '--timeout', '120']);
      expect(rerun.code, rerun.stderr).toBe(0);
      const stored = emulator.state.requests.quote;
      expect(stored).toHaveLength(200);
      expect(new Set(stored.map((request) => request.requestId)).size).toBe(200);
      const list = JSON.parse(
        (
          await runCli([
            '--json',
            '--data-dir',
            killed.dataDir,
            '--profile',
            killed.profile,
            'outbox',
            'list',
          ])
        ).stdout,
      );
      expect(list.items).toHaveLength(200);
      const numbers = new Map(stored.map((request) => [request.requestId, request.number]));
      for (const entry of list.items) {
        expect(entry.state).toBe('delivered');
        expect(entry.number, entry.requestId).toBe(numbers.get(entry.requestId));
      }
    } finally {
      await killed.dispose();
    }
  }, 240_000);
});

describe('cli: request files', () => {
  it('a file is read as the host reads a payload: null is empty, text is trimmed; unknown keys, wrong types and long text are still refused', async () => {
    const run = await cli(
      '--json',
      'submit',
      'quote',
      '--file',
      await file('host-rules.json', {
        ...quote,
        requestId: 'import-2026-0002',
        contactName: '  Jan Smit  ',
        email: null,
        remarks: null,
        quoteRequestLines: [{ itemNo: ' hea200 ', quantity: 4, unitOfMeasureCode: 'pcs', lineRemarks: null }],
      }),
    );
    expect(run.code).toBe(0);
    const { item } = JSON.parse(run.stdout) as { item: { id: number } };
    const core = await VoaCore.open({
      location: { profile: profile.profile, dataDir: profile.dataDir },
      shell: 'browser',
      version: 'test',
    });
    try {
      const { payload } = await core.handlers['outbox:get']({ id: item.id });
      expect(payload).toMatchObject({
        contactName: 'Jan Smit',
        quoteRequestLines: [{ itemNo: 'HEA200', quantity: 4, unitOfMeasureCode: 'PCS' }],
      });
      expect(payload).not.toHaveProperty('email');
    } finally {
      await core.close();
    }
    const still = await cli(
      'submit',
      'quote',
      '--file',
      await file('still-bad.json', {
        ...quote,
        requestId: 'import-2026-0003',
        contactName: ` ${'x'.repeat(101)} `,
        phoneNo: 612345678,
        shipToFloor: null,
      }),
    );
    expect(still.code).toBe(2);
    expect(still.stderr).toContain('contactName: is longer than 100 characters');
    expect(still.stderr).toContain('phoneNo: must be text');
    expect(still.stderr).toContain('unknown field shipToFloor');
  });
});
