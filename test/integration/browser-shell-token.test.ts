// The browser shell's per-run token: printed once, in the address on standard output, and never on
// standard error; a GET of the page without it (which any other page can make a browser send) changes
// no state of the desk.
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import {
  startBrowserShell,
  type RunningBrowserShell,
} from '../../src/main/browser-shell/browser-shell-server.ts';
import { BRIDGE_CALL_PATH, BRIDGE_TOKEN_HEADER } from '../../src/main/browser-shell/bridge-paths.ts';
import { VoaCore } from '../../src/main/core/voa-core.ts';
import { createTestProfile, REPO_ROOT, spawnWithReadyLine, type TestProfile } from '../support/processes.ts';

let profile: TestProfile | undefined;
let shell: RunningBrowserShell | undefined;
let core: VoaCore | undefined;

afterEach(async () => {
  await shell?.close();
  await core?.close();
  await profile?.dispose();
  shell = undefined;
  core = undefined;
  profile = undefined;
});

it('prints the address with its token once on standard output, and the token nowhere else', async () => {
  profile = await createTestProfile();
  const started = await spawnWithReadyLine<Record<string, unknown>>('src/main/browser-shell/cli.mjs', [
    '--data-dir',
    profile.dataDir,
    '--profile',
    profile.profile,
  ]);
  let stderr = '';
  started.child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  try {
    const token = new URL(String(started.ready.url)).searchParams.get('token');
    expect(token).toBeTruthy();
    expect(Object.keys(started.ready).sort()).toEqual(['dataDir', 'port', 'url']);
    // The line on standard error has been written by the time the ready line was read.
    const page = await fetch(String(started.ready.url));
    expect(page.status).toBe(200);
    expect(stderr).toMatch(/running in the browser shell/);
    expect(stderr).not.toContain(token!);
  } finally {
    await started.stop();
  }
});

it('a GET of the page without the token changes nothing; with it, a reload locks the administrator section', async () => {
  profile = await createTestProfile();
  core = await VoaCore.open({
    location: { profile: profile.profile, dataDir: profile.dataDir },
    shell: 'browser',
    version: 'test',
  });
  shell = await startBrowserShell({ core, buildDir: path.join(REPO_ROOT, 'out') });
  const call = async (channel: string, input: unknown) => {
    const response = await fetch(`${shell!.origin}${BRIDGE_CALL_PATH}/${channel}`, {
      method: 'POST',
      headers: { [BRIDGE_TOKEN_HEADER]: shell!.token, 'content-type': 'application/json' },
      body: JSON.stringify(input),
    });
    return (await response.json()) as { ok: boolean; value?: { unlocked?: boolean } };
  };
  expect((await call('admin:setPin', { newPin: '4821' })).ok).toBe(true);
  expect((await call('admin:status', {})).value?.unlocked).toBe(true);

  // What another site's <img src="http://127.0.0.1:port/"> makes the browser send.
  expect((await fetch(`${shell.origin}/`)).status).toBe(200);
  expect((await fetch(`${shell.origin}/index.html?token=wrong`)).status).toBe(200);
  expect((await call('admin:status', {})).value?.unlocked).toBe(true);

  // The desk's own reload, with its token: starts afresh, locked.
  expect((await fetch(shell.url)).status).toBe(200);
  expect((await call('admin:status', {})).value?.unlocked).toBe(false);
});
