// Starting VOA Desk's own entry points as child processes, the way a user or an OS scheduler would.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { keychainServiceName } from '../../src/main/core/secrets/secret-vault.ts';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
export const NODE = process.execPath;

export interface TestProfile {
  profile: string;
  dataDir: string;
  /** Removes the data directory and every keychain entry of the profile. */
  dispose(): Promise<void>;
}

/**
 * Deletes every entry of a profile's keychain service (secrets, installation keys, an admin PIN), in this
 * process: two CLI starts per test profile cost seconds each on a loaded machine, and named only the two
 * secrets.
 */
async function clearProfileKeychain(profile: string): Promise<void> {
  const keytar = (await import('keytar')).default;
  const service = keychainServiceName(profile);
  for (const { account } of await keytar.findCredentials(service)) {
    await keytar.deletePassword(service, account);
  }
}

/** A fresh data directory and a keychain namespace no real user has. */
export async function createTestProfile(): Promise<TestProfile> {
  const profile = `test-${randomUUID().slice(0, 8)}`;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'voa-desk-test-'));
  return {
    profile,
    dataDir,
    async dispose() {
      await clearProfileKeychain(profile);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a command to its end with `stdin` written to it, and gives its exit code and what it printed. */
export function runToEnd(
  command: string,
  args: string[],
  options: { stdin?: string | undefined; env: NodeJS.ProcessEnv },
): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: REPO_ROOT, env: options.env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
    child.stdin.end(options.stdin ?? '');
  });
}

export function runCli(
  args: string[],
  options: { stdin?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<CliRun> {
  return runToEnd(NODE, [path.join(REPO_ROOT, 'src/main/cli/index.mjs'), ...args], {
    stdin: options.stdin,
    env: { ...process.env, ...options.env },
  });
}

/** Spawns a long-running process and resolves with its first stdout line parsed as JSON. */
export function spawnWithReadyLine<T>(
  script: string,
  args: string[],
  timeoutMs = 30_000,
  /** Variables added to this process's environment for the child. */
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; ready: T; stop(): Promise<void> }> {
  return new Promise((resolve, reject) => {
    const child = spawn(NODE, [path.join(REPO_ROOT, script), ...args], {
      cwd: REPO_ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${script} gave no ready line in ${timeoutMs} ms. stderr:\n${stderr}`));
    }, timeoutMs);
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const newline = stdout.indexOf('\n');
      if (newline < 0) return;
      clearTimeout(timer);
      const ready = JSON.parse(stdout.slice(0, newline)) as T;
      resolve({
        child,
        ready,
        stop: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null) return done();
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited with ${code} before it was ready. stderr:\n${stderr}`));
    });
  });
}
