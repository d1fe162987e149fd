import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Agent, fetch } from 'undici';
import { afterAll, describe, expect, it } from 'vitest';
import type { Json } from './emulator-client.ts';

const cliPath = join(import.meta.dirname, '../../emulator/cli.ts');

interface RunningCli {
  child: ChildProcessWithoutNullStreams;
  readiness: Record<string, Json>;
  stdout: () => string;
  stderr: () => string;
  /** Sends the signal and resolves with the exit code. */
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
}

function startCli(args: string[]): Promise<RunningCli> {
  const child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', cliPath, ...args]);
  let stdout = '';
  let stderr = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no readiness line; stderr: ${stderr}`)), 20_000);
    child.stderr.on('data', (chunk) => (stderr += String(chunk)));
    child.stdout.on('data', (chunk) => {
      stdout += String(chunk);
      const newline = stdout.indexOf('\n');
      if (newline >= 0 && timer) {
        clearTimeout(timer);
        resolve({
          child,
          readiness: JSON.parse(stdout.slice(0, newline)),
          stdout: () => stdout,
          stderr: () => stderr,
          stop: (signal = 'SIGTERM') => {
            child.kill(signal);
            return exited;
          },
        });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code}; stderr: ${stderr}`));
    });
  });
}

function runToExit(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', cliPath, ...args]);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += String(chunk)));
  child.stderr.on('data', (chunk) => (stderr += String(chunk)));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stdout, stderr })));
}

describe('npm run emulator (emulator/cli.ts)', () => {
  const stateDir = mkdtempSync(join(tmpdir(), 'voa-emulator-cli-test-'));
  afterAll(() => rmSync(stateDir, { recursive: true, force: true }));

  it('prints exactly one line of JSON once ready, serves what it announces, and stops on SIGTERM', async () => {
    const cli = await startCli([
      '--port',
      '0',
      '--variants',
      '300',
      '--seed',
      '7',
      '--page-size',
      '100',
      '--company-name',
      "Staalhandel 't Gooi B.V.",
      '--token-lifetime',
      '600',
      '--state-dir',
      stateDir,
      '--faults',
      JSON.stringify({ rules: [{ kind: 'status429', count: 1, match: 'catalog', retryAfterSeconds: 2 }] }),
    ]);
    const info = cli.readiness;
    expect(info).toMatchObject({
      baseUrl: expect.stringMatching(/^https:\/\/127\.0\.0\.1:\d+\/v2\.0\/[0-9a-f-]{36}\/Production$/),
      authUrl: expect.stringMatching(/^https:\/\/127\.0\.0\.1:\d+$/),
      tenant: expect.stringMatching(/^[0-9a-f-]{36}$/),
      apiResource: 'https://api.businesscentral.dynamics.com',
      companyName: "Staalhandel 't Gooi B.V.",
      companyId: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/),
      website: { clientId: expect.any(String), clientSecret: expect.any(String) },
      sync: { clientId: expect.any(String), clientSecret: expect.any(String) },
      caFile: join(stateDir, 'emulator-ca.pem'),
      adminUrl: expect.stringMatching(/^https:\/\/127\.0\.0\.1:\d+\/admin\/[0-9a-f]{32}$/),
      pageSize: 100,
      steel: true,
      catalog: { variants: 300 },
    });
    expect(info.baseUrl.includes(info.tenant)).toBe(true);
    const ca = readFileSync(info.caFile, 'utf8');
    expect(ca).toMatch(/^-----BEGIN CERTIFICATE-----/);

    const agent = new Agent({ connect: { ca } });
    try {
      const tokenAnswer = await fetch(`${info.authUrl}/${info.tenant}/oauth2/v2.0/token`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          client_id: info.sync.clientId,
          client_secret: info.sync.clientSecret,
          scope: `${info.apiResource}/.default`,
        }).toString(),
        dispatcher: agent,
      });
      const token = (await tokenAnswer.json()) as { access_token: string; expires_in: number };
      expect(token.expires_in).toBe(600);
      const url = `${info.baseUrl}/ODataV4/Company('${encodeURIComponent(info.companyName.replaceAll("'", "''"))}')/voaVariants`;
      const headers = {
        Authorization: `Bearer ${token.access_token}`,
        Accept: 'application/json',
        'Accept-Language': 'nl-NL',
      };
      // The --faults flag takes the same specification as the admin API: the first catalog call is throttled.
      const throttled = await fetch(url, { headers, dispatcher: agent });
      expect(throttled.status).toBe(429);
      expect(throttled.headers.get('retry-after')).toBe('2');
      await throttled.text();
      const page = (await (await fetch(url, { headers, dispatcher: agent })).json()) as {
        value: unknown[];
        '@odata.nextLink'?: string;
      };
      expect(page.value).toHaveLength(100);
      expect(page['@odata.nextLink']).toBeDefined();
    } finally {
      await agent.close();
    }

    expect(await cli.stop('SIGTERM')).toBe(0);
    expect(cli.stdout().split('\n').filter(Boolean)).toHaveLength(1);
    expect(cli.stderr()).toContain('ready');
  });

  it('with the same --state-dir it comes back with the same CA, tenant, company and client secrets', async () => {
    const first = await startCli(['--state-dir', stateDir, '--variants', '100']);
    const caBefore = readFileSync(first.readiness.caFile, 'utf8');
    await first.stop('SIGINT');
    const second = await startCli(['--state-dir', stateDir, '--variants', '100']);
    try {
      for (const key of ['tenant', 'companyId', 'website', 'sync', 'caFile']) {
        expect(second.readiness[key], key).toEqual(first.readiness[key]);
      }
      expect(readFileSync(second.readiness.caFile, 'utf8')).toBe(caBefore);
    } finally {
      expect(await second.stop('SIGINT')).toBe(0);
    }
  });

  it('--no-steel starts the host without the steel extension; its temporary state is removed on stop', async () => {
    const cli = await startCli(['--no-steel', '--variants', '100']);
    expect(cli.readiness.steel).toBe(false);
    expect(existsSync(cli.readiness.caFile)).toBe(true);
    expect(await cli.stop()).toBe(0);
    expect(existsSync(cli.readiness.caFile)).toBe(false);
  });

  it('without --state-dir no file holds a client secret, and the readiness line names a Buyer and a Viewer to sign in with', async () => {
    const cli = await startCli(['--variants', '100']);
    try {
      const folder = dirname(cli.readiness.caFile);
      const files = readdirSync(folder);
      expect(files.length).toBeGreaterThan(0);
      for (const file of files) {
        const text = readFileSync(join(folder, file), 'utf8');
        expect(text).not.toContain(cli.readiness.website.clientSecret);
        expect(text).not.toContain(cli.readiness.sync.clientSecret);
      }
      expect(cli.readiness.portalUsers).toEqual({
        buyer: 'koper@devries.example',
        viewer: 'kijker@devries.example',
      });
    } finally {
      expect(await cli.stop()).toBe(0);
    }
  });

  it('an unknown flag or a bad fault specification exits with code 2, usage on stderr and nothing on stdout', async () => {
    const unknown = await runToExit(['--colour', 'blue']);
    expect(unknown.code).toBe(2);
    expect(unknown.stdout).toBe('');
    expect(unknown.stderr).toContain('Usage: npm run emulator');
    const badFaults = await runToExit(['--faults', '{"rules":[{"kind":"earthquake"}]}']);
    expect(badFaults.code).toBe(2);
    expect(badFaults.stdout).toBe('');
    expect(badFaults.stderr).toContain('fault specification');
  });
});
