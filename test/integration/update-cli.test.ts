// `update status` in the CLI's own process, with a real data directory: the folder and channel the machine
// policy names (or that updates are off), and the schema versions on disk against this build's.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILD_SCHEMA_VERSIONS } from '../../src/main/core/updates/schema-versions.ts';
import { createTestProfile, runCli, type TestProfile } from '../support/processes.ts';

let folder: string;
let profile: TestProfile;

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'voa-update-cli-'));
  profile = await createTestProfile();
});

afterAll(async () => {
  await profile?.dispose();
  await rm(folder, { recursive: true, force: true });
});

const cli = (args: string[], policyFile: string) =>
  runCli(['--data-dir', profile.dataDir, '--profile', profile.profile, ...args], {
    env: { VOA_DESK_POLICY_FILE: policyFile },
  });

describe('update status', () => {
  it('names the policy folder and channel, and the schema versions on disk and of this build', async () => {
    const policyFile = path.join(folder, 'policy.json');
    await writeFile(
      policyFile,
      JSON.stringify({ updates: { url: 'https://software.staal.example/voa-desk/', channel: 'beta' } }),
    );
    const run = await cli(['update', 'status'], policyFile);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(
      `updates: from https://software.staal.example/voa-desk/, channel beta (policy ${policyFile})`,
    );
    const json = await cli(['--json', 'update', 'status'], policyFile);
    expect(JSON.parse(json.stdout)).toMatchObject({
      ok: true,
      feed: { url: 'https://software.staal.example/voa-desk/', channel: 'beta', policyFile },
      schemas: { build: BUILD_SCHEMA_VERSIONS, onDisk: { 'app.db': BUILD_SCHEMA_VERSIONS['app.db'] } },
    });
  });

  it('says updates are off when the policy names no folder', async () => {
    const missing = path.join(folder, 'none.json');
    const run = await cli(['update', 'status'], missing);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`updates: off (the machine policy ${missing} names no update folder)`);
    expect((await cli(['update', 'status', 'now'], missing)).code).toBe(2);
  });
});
