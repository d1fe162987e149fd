// CPU time over a measured stretch: this process's, its main thread's, its busiest worker thread's, and
// the emulator's (another process on the same cores). A sync's wall time cannot be shorter than its
// busiest thread's CPU time, nor than all the CPU time it and the host need spread over the machine's
// cores: the bench prints that floor beside the sync (docs/bench.md, `catalog.syncFloorVsFetchOnly`).
import { readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:https';
import os from 'node:os';
import { round } from './bench-stats.ts';

/** Linux's clock ticks per second for /proc's CPU times (USER_HZ, 100 on every Linux Node runs on). */
const TICKS_PER_SECOND = 100;
/** How often worker threads' CPU is read: a worker's last figure is read before it ends. */
const SAMPLE_MS = 25;

/**
 * CPU seconds of each of this process's worker threads (Node names their OS threads "WorkerThread"), by
 * thread id; undefined where /proc does not exist (not Linux).
 */
function workerThreadCpuSeconds(): Map<string, number> | undefined {
  let tasks: string[];
  try {
    tasks = readdirSync('/proc/self/task');
  } catch {
    return undefined;
  }
  const seconds = new Map<string, number>();
  for (const task of tasks) {
    try {
      if (readFileSync(`/proc/self/task/${task}/comm`, 'utf8').trim() !== 'WorkerThread') continue;
      // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
      const fields = readFileSync(`/proc/self/task/${task}/stat`, 'utf8').split(') ')[1]!.split(' ');
      seconds.set(task, (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND);
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return seconds;
}

/**
 * The emulator's CPU seconds so far, from its admin API (`GET /process`), over node:https alone: the
 * project's admin client (test/support/emulator-admin.ts) loads undici, which the sync would then find
 * loaded.
 */
function emulatorCpuSeconds(adminUrl: string, ca: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const call = request(`${adminUrl}/process`, { ca }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => {
        const { cpuSeconds } = JSON.parse(body) as { cpuSeconds?: unknown };
        if (typeof cpuSeconds === 'number') resolve(cpuSeconds);
        else reject(new Error(`The emulator's /process has no cpuSeconds: ${body}`));
      });
    });
    call.on('error', reject);
    call.end();
  });
}

const seconds = ({ user, system }: NodeJS.CpuUsage) => (user + system) / 1e6;

export interface CpuFigures {
  /** This process, every thread. */
  processSeconds: number;
  mainThreadSeconds: number;
  /** The worker thread that spent the most (a sync's: the catalog worker); null where not measured. */
  busiestWorkerSeconds: number | null;
  emulatorSeconds: number;
}

/** Starts counting; the answer stops and tells what was spent since. */
export async function watchCpu(emulator: {
  adminUrl: string;
  caFile: string;
}): Promise<() => Promise<CpuFigures>> {
  const workersAtStart = workerThreadCpuSeconds();
  const workersSeen = new Map<string, number>();
  const sample = () => {
    for (const [task, spent] of workerThreadCpuSeconds() ?? []) workersSeen.set(task, spent);
  };
  const ca = readFileSync(emulator.caFile, 'utf8');
  const emulatorAtStart = await emulatorCpuSeconds(emulator.adminUrl, ca);
  const processAtStart = process.cpuUsage();
  const mainAtStart = process.threadCpuUsage();
  const sampler = workersAtStart ? setInterval(sample, SAMPLE_MS) : undefined;
  return async () => {
    const processSeconds = seconds(process.cpuUsage(processAtStart));
    const mainThreadSeconds = seconds(process.threadCpuUsage(mainAtStart));
    clearInterval(sampler);
    sample();
    const emulatorSeconds = (await emulatorCpuSeconds(emulator.adminUrl, ca)) - emulatorAtStart;
    let busiest: number | null = null;
    if (workersAtStart)
      for (const [task, spent] of workersSeen)
        busiest = Math.max(busiest ?? 0, spent - (workersAtStart.get(task) ?? 0));
    return {
      processSeconds: round(processSeconds, 2),
      mainThreadSeconds: round(mainThreadSeconds, 2),
      busiestWorkerSeconds: busiest === null ? null : round(busiest, 2),
      emulatorSeconds: round(emulatorSeconds, 2),
    };
  };
}

/**
 * The least wall time this machine allows work that spent `cpu`: its busiest thread's CPU time, or all of
 * its CPU time and the emulator's spread over every core, whichever is larger.
 */
export function wallTimeFloorSeconds(cpu: CpuFigures): number {
  return round(
    Math.max(
      cpu.mainThreadSeconds,
      cpu.busiestWorkerSeconds ?? 0,
      (cpu.processSeconds + cpu.emulatorSeconds) / os.availableParallelism(),
    ),
    2,
  );
}
