// Two senders on one data directory, as real processes (`outbox flush` from the CLI, the way a scheduled
// task runs beside the app) against the host emulator: an item one of them is sending is never sent by
// the other, and the items of a sender killed mid-flight are delivered once its lease has run out.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../emulator/index.ts';
import { REQUEST_ACTIONS } from '../../src/shared/contract/request-fields.ts';
import { setRequestLatency } from '../support/emulator-admin.ts';
import { queueCounterQuotes } from '../support/queued-requests.ts';
import { configureProfileInProcess } from '../support/desk-profile.ts';
import { createTestProfile, NODE, REPO_ROOT, runCli, type TestProfile } from '../support/processes.ts';

let emulator: RunningEmulator;
let profile: TestProfile;

const flushArgs = () => [
  '--json',
  '--data-dir',
  profile.dataDir,
  '--profile',
  profile.profile,
  'outbox',
  'flush',
  '--timeout',
  '120',
];
const quotePosts = () =>
  emulator.state.calls.filter((call) => call.method === 'POST' && call.path.includes(REQUEST_ACTIONS.quote));

/**
 * Resolves once the emulator has received `count` quote POSTs: the emulator announces no event, so its
 * call log is polled; the time-out only ends a test that would otherwise hang.
 */
async function untilQuotePosts(count: number): Promise<void> {
  await vi.waitFor(() => expect(quotePosts().length).toBeGreaterThanOrEqual(count), {
    timeout: 60_000,
    interval: 5,
  });
}

function spawnFlush(env: NodeJS.ProcessEnv = {}) {
  const child = spawn(NODE, [path.join(REPO_ROOT, 'src/main/cli/index.mjs'), ...flushArgs()], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<{ code: number | null; stderr: string }>((resolve) =>
    child.once('exit', (code) => resolve({ code, stderr })),
  );
  return { child, exited };
}

/** Every item delivered, each stored once by the host, under the number the outbox shows. */
async function expectEachStoredOnce(count: number): Promise<void> {
  const stored = emulator.state.requests.quote;
  expect(stored).toHaveLength(count);
  expect(new Set(stored.map((request) => request.requestId)).size).toBe(count);
  const list = await runCli(['--json', ...flushArgs().slice(1, 5), 'outbox', 'list']);
  const items = JSON.parse(list.stdout).items as { requestId: string; state: string; number: string }[];
  const numbers = new Map(stored.map((request) => [request.requestId, request.number]));
  expect(items).toHaveLength(count);
  for (const item of items) {
    expect(item.state, item.requestId).toBe('delivered');
    expect(item.number, item.requestId).toBe(numbers.get(item.requestId));
  }
}

beforeAll(async () => {
  emulator = await startEmulator({ variants: 50, log: () => {} });
});

afterAll(async () => {
  await emulator?.stop();
});

beforeEach(async () => {
  await profile?.dispose();
  profile = await createTestProfile();
  await configureProfileInProcess(profile, emulator.info);
  emulator.state.requests.quote.length = 0;
  emulator.state.numbersByRequestId.quote.clear();
  emulator.state.calls.length = 0;
  await setRequestLatency(emulator, 0);
});

afterAll(async () => {
  await profile?.dispose();
});

describe('outbox: two senders on one data directory', () => {
  it('two `outbox flush` processes share 50 queued requests: the host receives exactly 50 POSTs', async () => {
    await queueCounterQuotes(profile, 50);
    // Latency keeps the first sender busy while the second one starts and claims.
    await setRequestLatency(emulator, 150);
    const first = spawnFlush();
    await untilQuotePosts(1);
    const second = spawnFlush();
    const [one, two] = await Promise.all([first.exited, second.exited]);
    expect(one.code, one.stderr).toBe(0);
    expect(two.code, two.stderr).toBe(0);
    expect(quotePosts()).toHaveLength(50);
    await expectEachStoredOnce(50);
  }, 180_000);

  it('a sender killed mid-flight: its items are delivered by the next one once its lease has run out', async () => {
    await queueCounterQuotes(profile, 12);
    // The killed sender's calls hang at the host; its lease is short, so the test waits for no clock.
    await setRequestLatency(emulator, 3_000);
    const killed = spawnFlush({ VOA_DESK_OUTBOX_LEASE_MS: '1000' });
    await untilQuotePosts(1);
    killed.child.kill('SIGKILL');
    await killed.exited;
    await setRequestLatency(emulator, 0);
    const rerun = spawnFlush();
    const { code, stderr } = await rerun.exited;
    expect(code, stderr).toBe(0);
    await expectEachStoredOnce(12);
  }, 180_000);
});
