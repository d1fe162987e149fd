import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Agent, fetch } from 'undici';

const cliPath = join(import.meta.dirname, '../emulator/cli.ts');
const benchVariants = 500_000;

interface ReadinessLine {
  baseUrl: string;
  authUrl: string;
  tenant: string;
  apiResource: string;
  companyName: string;
  sync: { clientId: string; clientSecret: string };
  caFile: string;
  pid: number;
  steel: boolean;
}

/** A client-credentials token from the emulator's identity provider, as the app gets one. */
export async function clientCredentialsToken(
  agent: Agent,
  info: { authUrl: string; tenant: string; apiResource: string },
  credentials: { clientId: string; clientSecret: string },
): Promise<string> {
  const answer = await fetch(`${info.authUrl}/${info.tenant}/oauth2/v2.0/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: credentials.clientId,
      client_secret: credentials.clientSecret,
      scope: `${info.apiResource}/.default`,
    }).toString(),
    dispatcher: agent,
  });
  const { access_token: accessToken } = (await answer.json()) as { access_token: string };
  return accessToken;
}

/** Peak resident set size of a process (VmHWM), in MB. */
function peakRssMb(pid: number): number {
  const match = /^VmHWM:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match?.[1] ? Math.round((Number(match[1]) / 1024) * 10) / 10 : Number.NaN;
}

/**
 * Starts the emulator in a child process with 500,000 variants, then reads every catalog page in full
 * over HTTPS with a synchronization token, following @odata.nextLink as the app does. Reports the
 * wall time of the whole read (token included), the rows received, and the emulator's peak RSS.
 */
export async function benchEmulatorServe(): Promise<Record<string, number>> {
  const child = spawn(
    process.execPath,
    [
      '--disable-warning=ExperimentalWarning',
      cliPath,
      '--variants',
      String(benchVariants),
      '--seed',
      'bench',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += String(chunk)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    const info = await new Promise<ReadinessLine>((resolve, reject) => {
      let stdout = '';
      child.stdout.on('data', (chunk) => {
        stdout += String(chunk);
        const newline = stdout.indexOf('\n');
        if (newline >= 0) resolve(JSON.parse(stdout.slice(0, newline)) as ReadinessLine);
      });
      child.once('exit', (code) => reject(new Error(`emulator exited with ${code}: ${stderr}`)));
    });
    const agent = new Agent({ connect: { ca: await readFile(info.caFile, 'utf8') } });
    try {
      const started = performance.now();
      const accessToken = await clientCredentialsToken(agent, info, info.sync);
      const headers = {
        Authorization: `Bearer ${accessToken}`,
        Accept: 'application/json',
        'Accept-Language': 'nl-NL',
      };
      const company = encodeURIComponent(info.companyName.replaceAll("'", "''"));
      const pages = [
        'voaCategories',
        'voaItems',
        'voaVariants',
        ...(info.steel ? ['voaProfiles', 'voaGrades', 'voaItemTypes'] : []),
      ];
      let rows = 0;
      for (const page of pages) {
        let url: string | undefined = `${info.baseUrl}/ODataV4/Company('${company}')/${page}`;
        while (url) {
          const answer = await fetch(url, { headers, dispatcher: agent });
          if (answer.status !== 200) throw new Error(`${page}: HTTP ${answer.status} ${await answer.text()}`);
          const body = (await answer.json()) as { value: unknown[]; '@odata.nextLink'?: string };
          rows += body.value.length;
          url = body['@odata.nextLink'];
        }
      }
      const seconds = (performance.now() - started) / 1000;
      return {
        serve500kSeconds: Math.round(seconds * 100) / 100,
        serve500kRows: rows,
        emulatorPeakRssMb: peakRssMb(info.pid),
      };
    } finally {
      await agent.close();
    }
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

if (import.meta.main) {
  console.log(JSON.stringify(await benchEmulatorServe()));
}
