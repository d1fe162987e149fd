// Edges of the CLI and the browser shell that a person or an attacker reaches: a pipe closed early, a
// malformed URL, a damaged app.db, and the extra CA file (set only by the CLI, checked for a certificate).
import { spawn } from 'node:child_process';
import { readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  startBrowserShell,
  type RunningBrowserShell,
} from '../../src/main/browser-shell/browser-shell-server.ts';
import { BRIDGE_CALL_PATH, BRIDGE_TOKEN_HEADER } from '../../src/main/browser-shell/bridge-paths.ts';
import { VoaCore } from '../../src/main/core/voa-core.ts';
import { createTestProfile, NODE, REPO_ROOT, runCli, type TestProfile } from '../support/processes.ts';

let profile: TestProfile;
let shell: RunningBrowserShell | undefined;
let core: VoaCore | undefined;

afterEach(async () => {
  await shell?.close();
  await core?.close();
  shell = undefined;
  core = undefined;
  await profile?.dispose();
});

function cli(...args: string[]) {
  return runCli(['--data-dir', profile.dataDir, '--profile', profile.profile, ...args]);
}

describe('CLI', () => {
  it('stops quietly when the reader of its output has gone (| head), without a stack trace', async () => {
    profile = await createTestProfile();
    const child = spawn(
      NODE,
      [
        'src/main/cli/index.mjs',
        '--data-dir',
        profile.dataDir,
        '--profile',
        profile.profile,
        'config',
        'show',
      ],
      { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    // The reader is gone before the CLI prints anything.
    child.stdout.destroy();
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(stderr).toBe('');
    expect(code).toBe(0);
  });

  it('a damaged app.db: says where it is and what to do, exits 1, and leaves the file untouched', async () => {
    profile = await createTestProfile();
    const file = path.join(profile.dataDir, 'app.db');
    await writeFile(file, 'not a database: '.repeat(512));
    const before = await readFile(file);
    const run = await cli('outbox', 'list');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`VOA Desk cannot open its database ${file}`);
    expect(run.stderr).toMatch(/Nothing was changed or deleted/);
    expect(run.stderr).not.toMatch(/\n\s+at /);
    expect(await readFile(file)).toEqual(before);
    expect((await stat(file)).size).toBe(before.length);
  });

  it('sets the extra CA file only when it holds a PEM certificate', async () => {
    profile = await createTestProfile();
    const notPem = path.join(profile.dataDir, 'not-a-cert.txt');
    await writeFile(notPem, 'hello');
    const refused = await cli('config', 'set', '--ca-file', notPem);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/host\.caFile: holds no PEM certificate/);

    const pem = path.join(profile.dataDir, 'ca.pem');
    await writeFile(pem, '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n');
    expect((await cli('config', 'set', '--ca-file', pem)).code).toBe(0);
    const shown = JSON.parse((await cli('--json', 'config', 'show')).stdout) as {
      settings: { host: { caFile: string } };
    };
    expect(shown.settings.host.caFile).toBe(pem);
  });
});

describe('browser shell', () => {
  it('a malformed percent-encoding is a 400 without internals, in a file path and in a call name', async () => {
    profile = await createTestProfile();
    core = await VoaCore.open({
      location: { profile: profile.profile, dataDir: profile.dataDir },
      shell: 'browser',
      version: 'test',
    });
    shell = await startBrowserShell({ core, buildDir: path.join(REPO_ROOT, 'out') });
    const asset = await fetch(`${shell.origin}/assets/%E0%A4%A.js`);
    expect(asset.status).toBe(400);
    expect(await asset.text()).toBe('bad request');
    const callName = await fetch(`${shell.origin}${BRIDGE_CALL_PATH}/%E0%A4%A`, {
      method: 'POST',
      headers: { [BRIDGE_TOKEN_HEADER]: shell.token, 'content-type': 'application/json' },
      body: '{}',
    });
    const text = await callName.text();
    expect(callName.status).toBe(400);
    expect(text).not.toMatch(/URIError|\n\s+at /);
  });
});
