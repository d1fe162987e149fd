// Cold start of the core (open the database, load settings) in a fresh process, and bridge round trips
// through the browser shell over loopback HTTP.
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startBrowserShell } from '../src/main/browser-shell/browser-shell-server.ts';
import { BRIDGE_CALL_PATH, BRIDGE_TOKEN_HEADER } from '../src/main/browser-shell/bridge-paths.ts';
import { VoaCore } from '../src/main/core/voa-core.ts';
import { percentile, round } from './bench-stats.ts';

const COLD_STARTS = 15;
const ROUND_TRIPS = 2000;

export default async function benchFoundation(): Promise<Record<string, unknown>> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'voa-desk-bench-'));
  try {
    // Cold start in a fresh Node process each time: import the core, open app.db, load settings.
    const probe = `
      const t0 = performance.now();
      const { VoaCore } = await import(${JSON.stringify(path.resolve(import.meta.dirname, '../src/main/core/voa-core.ts'))});
      const t1 = performance.now();
      const core = await VoaCore.open({ location: { profile: 'bench', dataDir: process.argv[1] }, shell: 'browser', version: 'bench' });
      const t2 = performance.now();
      await core.close();
      console.log(JSON.stringify({ importMs: t1 - t0, openMs: t2 - t1 }));`;
    const imports: number[] = [];
    const opens: number[] = [];
    for (let run = 0; run < COLD_STARTS; run++) {
      const result = spawnSync(process.execPath, ['--input-type=module', '-e', probe, dataDir], {
        encoding: 'utf8',
      });
      if (result.status !== 0) throw new Error(result.stderr);
      const { importMs, openMs } = JSON.parse(result.stdout) as { importMs: number; openMs: number };
      imports.push(importMs);
      opens.push(openMs);
    }

    const core = await VoaCore.open({
      location: { profile: 'bench', dataDir },
      shell: 'browser',
      version: 'bench',
    });
    const shell = await startBrowserShell({ core, buildDir: path.resolve(import.meta.dirname, '../out') });
    const latencies: number[] = [];
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
      }
    } finally {
      await shell.close();
      await core.close();
    }
    return {
      coreColdStart: {
        runs: COLD_STARTS,
        importCoreMsP50: percentile(imports, 50),
        openDatabaseAndSettingsMsP50: percentile(opens, 50),
        openDatabaseAndSettingsMsP99: percentile(opens, 99),
      },
      bridgeRoundTripBrowserShell: {
        calls: ROUND_TRIPS,
        call: 'app:info',
        p50Ms: percentile(latencies, 50),
        p99Ms: percentile(latencies, 99),
        meanMs: round(latencies.reduce((a, b) => a + b, 0) / latencies.length),
      },
    };
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
