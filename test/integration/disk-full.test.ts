// A full disk, on a small tmpfs of the test's own: every command says "De schijf is vol" with the path,
// `outbox list` (which needs no write) still lists, and nothing is lost once there is room again. Mounting
// needs root (or CAP_SYS_ADMIN); where it is not allowed the test is skipped and says why.
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { VoaCore } from '../../src/main/core/voa-core.ts';
import { dispatchBridgeCall } from '../../src/main/core/bridge/dispatch.ts';
import type { CallOutput } from '../../src/shared/bridge/api.ts';
import type { BridgeResult } from '../../src/shared/bridge/define.ts';
import { emulatorSettingsPatch } from '../support/emulator-profile.ts';
import { runCli } from '../support/processes.ts';
import { sampleCounterVisit } from '../support/request-samples.ts';

let mountPoint: string;
let mounted = false;
let skipReason = '';

beforeAll(async () => {
  mountPoint = await mkdtemp(path.join(os.tmpdir(), 'voa-disk-full-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=8m', 'tmpfs', mountPoint], { stdio: 'pipe' });
    mounted = true;
  } catch (error) {
    skipReason = `mounting a small tmpfs is not allowed here (${(error as Error).message.split('\n')[0]})`;
    console.warn(`disk-full test skipped: ${skipReason}`);
  }
});

afterAll(async () => {
  if (mounted) execFileSync('umount', [mountPoint]);
  await rm(mountPoint, { recursive: true, force: true });
});

async function fillTheDisk(): Promise<string> {
  const filler = path.join(mountPoint, 'filler');
  await writeFile(filler, Buffer.alloc(64 * 1024 * 1024)).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOSPC') throw error;
  });
  return filler;
}

it('a full disk reads "De schijf is vol" with the path for every command; reading still works; nothing is lost', async (context) => {
  if (!mounted) {
    context.skip(skipReason);
    return;
  }
  const dataDir = path.join(mountPoint, 'data');
  const profile = `test-disk-full-${process.pid}`;
  const base = ['--data-dir', dataDir, '--profile', profile];
  const core = await VoaCore.open({ location: { profile, dataDir }, shell: 'browser', version: 'test' });
  await core.handlers['settings:save']({
    ...emulatorSettingsPatch({
      baseUrl: 'https://erp.example/v2.0/tenant/Production',
      authUrl: 'https://login.example',
      tenant: 'tenant',
      apiResource: 'api://voa',
      companyName: 'CRONUS',
      companyId: '3f2504e0-4f89-11d3-9a0c-0305e82c3301',
      website: { clientId: 'website', clientSecret: '' },
      sync: { clientId: 'sync', clientSecret: '' },
      caFile: '',
      adminUrl: '',
    }),
    uiLanguage: 'nl',
  });
  const submitted = (await dispatchBridgeCall(core.handlers, 'outbox:submit', {
    kind: 'quote',
    payload: sampleCounterVisit,
  })) as BridgeResult<CallOutput<'outbox:submit'>>;
  if (!submitted.ok) throw new Error(submitted.error.message);
  const queued = submitted.value;
  await core.close();
  const requestFile = path.join(os.tmpdir(), `voa-disk-full-request-${process.pid}.json`);
  await writeFile(requestFile, JSON.stringify({ ...sampleCounterVisit, companyName: 'Tweede BV' }));

  const filler = await fillTheDisk();
  try {
    const list = await runCli([...base, 'outbox', 'list']);
    expect(list.stderr).toBe('');
    expect(list.code).toBe(0);
    expect(list.stdout).toContain(queued.item.requestId);

    const submit = await runCli([...base, 'submit', 'quote', '--file', requestFile]);
    expect(submit.code).toBe(1);
    expect(submit.stderr).toMatch(/De schijf is vol: .*app\.db/);

    const config = await runCli([...base, 'config', 'set', '--counter-employee', 'Nieuwe Collega']);
    expect(config.code).toBe(1);
    expect(config.stderr).toMatch(/De schijf is vol: .*settings\.json/);
  } finally {
    await rm(filler, { force: true });
  }

  // Room again: what was queued is still there, and the refused submit can simply be done again.
  const again = await runCli([...base, 'submit', 'quote', '--file', requestFile]);
  expect(again.code, again.stderr).toBe(0);
  const after = await runCli([...base, '--json', 'outbox', 'list']);
  const items = (JSON.parse(after.stdout) as { items: { requestId: string }[] }).items;
  expect(items.map((item) => item.requestId)).toContain(queued.item.requestId);
  expect(items).toHaveLength(2);
  await rm(requestFile, { force: true });
});
