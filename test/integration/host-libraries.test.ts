// The host layer's libraries load once the desk is up (VoaCore.start), not at the first send or sync,
// where loading them held the main thread for 150 to 250 ms (src/main/core/host/host-libraries.ts).
// Each case runs a core in a fresh process: in the test runner's, another test may have loaded them.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestProfile, NODE, REPO_ROOT, type TestProfile } from '../support/processes.ts';

let profile: TestProfile | undefined;
afterEach(async () => {
  await profile?.dispose();
  profile = undefined;
});

async function probe(delayMs: number, mode = ''): Promise<{ afterOpen: string[]; afterWarmUp: string[] }> {
  profile = await createTestProfile();
  const { stdout } = await promisify(execFile)(
    NODE,
    ['test/support/host-libraries-probe.ts', profile.dataDir, profile.profile, String(delayMs), mode],
    { cwd: REPO_ROOT },
  );
  return JSON.parse(stdout) as { afterOpen: string[]; afterWarmUp: string[] };
}

describe('host libraries warm-up', () => {
  it('opens a core without the host libraries, and start() loads both in the background', async () => {
    expect(await probe(0)).toEqual({ afterOpen: [], afterWarmUp: ['undici', 'jsonwebtoken'] });
  });

  it('loads nothing when the desk closes before the warm-up is due, and lets the process end', async () => {
    expect(await probe(60_000, 'close-early')).toEqual({ afterOpen: [], afterWarmUp: [] });
  });
});
