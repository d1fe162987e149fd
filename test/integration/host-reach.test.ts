// The header's "ERP reachable": main reports which part of VOA Desk reached the host and when,
// from the one host layer, for a catalog sync, a token and a delivery alike; against the emulator over HTTPS.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../emulator/index.ts';
import { dispatchBridgeCall } from '../../src/main/core/bridge/dispatch.ts';
import { VoaCore } from '../../src/main/core/voa-core.ts';
import type { HostReachability } from '../../src/shared/bridge/host-calls.ts';
import { configureProfileForEmulator } from '../support/emulator-profile.ts';
import { createTestProfile, type TestProfile } from '../support/processes.ts';
import { sampleCounterVisit } from '../support/request-samples.ts';

let emulator: RunningEmulator;
let profile: TestProfile;
let core: VoaCore;
const reported: HostReachability[] = [];

beforeAll(async () => {
  emulator = await startEmulator({ variants: 20, log: () => {} });
  profile = await createTestProfile();
  core = await VoaCore.open({
    location: { profile: profile.profile, dataDir: profile.dataDir },
    shell: 'browser',
    version: 'test',
  });
  core.events.subscribe((name, payload) => {
    if (name === 'host:reached') reported.push(payload as HostReachability);
  });
  await configureProfileForEmulator(core, emulator.info);
});

afterAll(async () => {
  await core?.close();
  await emulator?.stop();
  await profile?.dispose();
});

async function reachability(): Promise<HostReachability> {
  const answer = await dispatchBridgeCall(core.handlers, 'host:reachability', {});
  if (!answer.ok) throw new Error(answer.error.message);
  return answer.value as HostReachability;
}

it('host reach: nothing is claimed before the host answered; a sync, its token and a delivery are each named', async () => {
  expect(await reachability()).toEqual({ last: null, byReacher: {} });

  const started = Date.now();
  const run = await core.catalog.syncNow('manual');
  expect(run.outcome).toBe('succeeded');
  const afterSync = await reachability();
  expect(afterSync.last).toMatchObject({ via: 'catalogSync', application: 'sync' });
  expect(afterSync.byReacher.token).toMatchObject({ via: 'token', application: 'sync' });
  expect(Date.parse(afterSync.last?.at ?? '')).toBeGreaterThanOrEqual(started);
  // The renderer heard it as an event, not only when asking.
  expect(reported.some((view) => view.last?.via === 'catalogSync')).toBe(true);

  const submitted = await dispatchBridgeCall(core.handlers, 'outbox:submit', {
    kind: 'quote',
    payload: sampleCounterVisit,
  });
  expect(submitted.ok).toBe(true);
  const flushed = await core.outbox.sender.flush(30_000);
  expect(flushed.drained).toBe(true);
  const afterDelivery = await reachability();
  expect(afterDelivery.last).toMatchObject({ via: 'voaRequests', application: 'website' });
  expect(afterDelivery.byReacher.catalogSync).toEqual(afterSync.last);
  expect(reported.at(-1)?.last?.via).toBe('voaRequests');
});
