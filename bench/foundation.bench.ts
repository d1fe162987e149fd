// Cold start of the core (open the database, load settings) in a fresh process, started as the CLI and the
// browser shell start it (their source start first: Node's compile cache, zod's translations), beside a bare Node start;
// and bridge round trips through the browser shell over loopback HTTP, beside a bare node:http server
// answering the same JSON over the same kind of connection (the limit of the transport).
import { spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startBrowserShell } from '../src/main/browser-shell/browser-shell-server.ts';
import { BRIDGE_CALL_PATH, BRIDGE_TOKEN_HEADER } from '../src/main/browser-shell/bridge-paths.ts';
import { VoaCore } from '../src/main/core/voa-core.ts';
import { compared, percentile, round } from './bench-stats.ts';

const COLD_STARTS = 15;
const ROUND_TRIPS = 2000;

export default async function benchFoundation(): Promise<Record<string, unknown>> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'voa-desk-bench-'));
  try {
    // Cold start in a fresh Node process each time, as src/main/cli/index.mjs and
    // src/main/browser-shell/cli.mjs start: their source start (src/main/cli/source-start.mjs), then import
    // the core, open app.db, load settings.
    const probe = `
      const { prepareSourceStart } = await import(${JSON.stringify(path.resolve(import.meta.dirname, '../src/main/cli/source-start.mjs'))});
      prepareSourceStart();
      const t0 = performance.now();
      const { VoaCore } = await import(${JSON.stringify(path.resolve(import.meta.dirname, '../src/main/core/voa-core.ts'))});
      const t1 = performance.now();
      const core = await VoaCore.open({ location: { profile: 'bench', dataDir: process.argv[1] }, shell: 'browser', version: 'bench' });
      const t2 = performance.now();
      await core.close();
      console.log(JSON.stringify({ importMs: t1 - t0, openMs: t2 - t1 }));`;
    const imports: number[] = [];
    const opens: number[] = [];
    const starts: number[] = [];
    const bareStarts: number[] = [];
    const uncachedStarts: number[] = [];
    const startCore = (env: NodeJS.ProcessEnv = process.env) => {
      const started = performance.now();
      const result = spawnSync(process.execPath, ['--input-type=module', '-e', probe, dataDir], {
        encoding: 'utf8',
        env,
      });
      const ms = performance.now() - started;
      if (result.status !== 0) throw new Error(result.stderr);
      return { ms, ...(JSON.parse(result.stdout) as { importMs: number; openMs: number }) };
    };
    // The first start after a change of the sources fills the cache; the starts measured are the next ones.
    startCore();
    for (let run = 0; run < COLD_STARTS; run++) {
      // The whole process, in turns with a bare Node start: what the core adds to starting Node.
      const bareStarted = performance.now();
      const bare = spawnSync(process.execPath, ['--input-type=module', '-e', ''], { encoding: 'utf8' });
      bareStarts.push(performance.now() - bareStarted);
      if (bare.status !== 0) throw new Error(bare.stderr);
      const { ms, importMs, openMs } = startCore();
      starts.push(ms);
      imports.push(importMs);
      opens.push(openMs);
      // The same start with the cache switched off: what the cache saves, in the same turns.
      uncachedStarts.push(startCore({ ...process.env, NODE_DISABLE_COMPILE_CACHE: '1' }).ms);
    }

    const core = await VoaCore.open({
      location: { profile: 'bench', dataDir },
      shell: 'browser',
      version: 'bench',
    });
    const shell = await startBrowserShell({ core, buildDir: path.resolve(import.meta.dirname, '../out') });
    const latencies: number[] = [];
    const bare = createServer((request, response) => {
      request.resume();
      request.on('end', () => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ ok: true, value: { version: 'bench' } }));
      });
    });
    await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
    const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}${BRIDGE_CALL_PATH}/app:info`;
    const bareLatencies: number[] = [];
    try {
      for (let call = 0; call < ROUND_TRIPS; call++) {
        const started = performance.now();
        const response = await fetch(`${shell.origin}${BRIDGE_CALL_PATH}/app:info`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', [BRIDGE_TOKEN_HEADER]: shell.token },
          body: '{}',
        });
        await response.json();
        latencies.push(performance.now() - started);
        const bareStarted = performance.now();
        const bareResponse = await fetch(bareUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json', [BRIDGE_TOKEN_HEADER]: shell.token },
          body: '{}',
        });
        await bareResponse.json();
        bareLatencies.push(performance.now() - bareStarted);
      }
    } finally {
      await new Promise((resolve) => bare.close(resolve));
      await shell.close();
      await core.close();
    }
    return {
      coreColdStart: {
        runs: COLD_STARTS,
        importCoreMsP50: percentile(imports, 50),
        openDatabaseAndSettingsMsP50: percentile(opens, 50),
        openDatabaseAndSettingsMsP99: percentile(opens, 99),
        processVsBareNode: compared(percentile(starts, 50), percentile(bareStarts, 50), {
          unit: 'ms',
          measures:
            'a Node process that starts as the CLI does (compile cache, zod’s translations), imports the core, opens app.db and loads settings, median',
          baselineIs: 'a bare Node process',
          goal: '≤ 5 ×',
        }),
        withoutCompileCacheVsBareNode: compared(percentile(uncachedStarts, 50), percentile(bareStarts, 50), {
          unit: 'ms',
          measures:
            'the same process with the compile cache switched off (NODE_DISABLE_COMPILE_CACHE=1), median',
          baselineIs: 'a bare Node process',
        }),
      },
      bridgeRoundTripBrowserShell: {
        calls: ROUND_TRIPS,
        call: 'app:info',
        p50Ms: percentile(latencies, 50),
        p99Ms: percentile(latencies, 99),
        meanMs: round(latencies.reduce((a, b) => a + b, 0) / latencies.length),
        p99VsBareHttp: compared(percentile(latencies, 99), percentile(bareLatencies, 99), {
          unit: 'ms',
          measures: 'app:info through the browser shell bridge, p99',
          baselineIs: 'a bare node:http server answering JSON, p99',
        }),
      },
    };
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
