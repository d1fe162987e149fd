// Memory under a hostile host: the peak RSS of a syncing core while the host misbehaves in each of the
// ways the security tests name (an endless page, next-page loops, endless pages, a trickling page, huge
// fields), beside the peak of a good sync of the same catalog in the same process. Every limit is the
// default one (docs/security.md, "Bounded answers and syncs"); only the retries are cut to two quick
// attempts, which change the time a case takes and not what it holds in memory.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { startEmulator } from '../emulator/index.ts';
import {
  HOSTILE_CATALOG_CASES,
  startHostileHost,
  type HostileCatalogCase,
  type HostileHost,
} from '../test/support/hostile-host.ts';
import { compared, round } from './bench-stats.ts';
import { openBenchCore, type BenchCoreInput } from './catalog-sync-child.ts';

/** Enough sizes for a sync with many pages of each kind, in seconds. */
const SIZES = 20_000;
/** A hostile host may add at most half a good sync's peak: the page limit's worth of bytes, not more. */
const PEAK_GOAL_RATIO = 1.5;

interface SyncMemory {
  outcome: string;
  reason: string | null;
  seconds: number;
  peakRssMb: number;
}

export default async function benchHostile(): Promise<Record<string, unknown>> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'voa-desk-hostile-bench-'));
  const stateDir = path.join(dir, 'emulator');
  const emulator = await startEmulator({ variants: SIZES, seed: 'bench', log: () => {}, stateDir });
  const hostile = await startHostileHost(stateDir, emulator.info);
  try {
    const figures: Record<string, unknown> = { sizes: SIZES };
    for (const name of Object.keys(HOSTILE_CATALOG_CASES) as HostileCatalogCase[]) {
      const { good, bad } = await runCase(name, hostile, {
        info: { ...emulator.info, baseUrl: hostile.baseUrl },
        dataDir: path.join(dir, name),
      });
      figures[name] = {
        outcome: `${bad.outcome}${bad.reason ? ` (${bad.reason})` : ''}`,
        seconds: bad.seconds,
        peakRss: compared(bad.peakRssMb, good.peakRssMb, {
          unit: 'MB',
          measures: `peak RSS of the syncing process while the host sends ${name}`,
          baselineIs: `the same process's peak during a good sync of ${SIZES.toLocaleString('en')} sizes`,
          goal: `≤ ${PEAK_GOAL_RATIO} × the good sync's peak`,
        }),
      };
    }
    return figures;
  } finally {
    hostile.misbehave = undefined;
    await hostile.close();
    await emulator.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

/** One child process: a good sync, then, once the parent has made the host misbehave, the hostile one. */
async function runCase(
  name: HostileCatalogCase,
  hostile: HostileHost,
  input: BenchCoreInput,
): Promise<{ good: SyncMemory; bad: SyncMemory }> {
  const child = spawn(
    process.execPath,
    ['--disable-warning=ExperimentalWarning', import.meta.filename, '--child', JSON.stringify(input)],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const next = async (): Promise<SyncMemory> => {
    const line = await lines.next();
    if (line.done)
      throw new Error(`${name}: the child exited with ${String(await exited)} before it answered`);
    return JSON.parse(line.value) as SyncMemory;
  };
  const misbehaviour = HOSTILE_CATALOG_CASES[name](hostile);
  try {
    const good = await next();
    if (good.outcome !== 'succeeded') throw new Error(`${name}: the good sync ${good.outcome}`);
    hostile.misbehave = misbehaviour;
    child.stdin.write('go\n');
    const bad = await next();
    return { good, bad };
  } finally {
    hostile.misbehave = undefined;
    misbehaviour.stop();
    child.stdin.end();
    await exited;
  }
}

async function childMain(input: BenchCoreInput): Promise<void> {
  const core = await openBenchCore(input);
  core.catalog.setSyncPolicy({ maxAttempts: 2, backoffBaseMs: 1, backoffMaxMs: 1 });
  const syncMeasured = async (): Promise<SyncMemory> => {
    let peak = process.memoryUsage().rss;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
    const run = await core.catalog.syncNow('manual');
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    return {
      outcome: run.outcome,
      reason: run.failure?.reason ?? null,
      seconds: round(run.durationMs / 1000),
      peakRssMb: round(peak / 1024 / 1024, 1),
    };
  };
  process.stdout.write(`${JSON.stringify(await syncMeasured())}\n`);
  const commands = createInterface({ input: process.stdin })[Symbol.asyncIterator]();
  await commands.next();
  process.stdout.write(`${JSON.stringify(await syncMeasured())}\n`);
  await core.close();
}

if (import.meta.main && process.argv[2] === '--child') {
  await childMain(JSON.parse(process.argv[3] as string) as BenchCoreInput);
  process.exit(0);
}
