// `npm run bench [-- SECTION…] [--runs N]`: prints one JSON object of figures on stdout, and on stderr a
// table of every figure that has a same-run baseline (Markdown, to paste into a note). Each
// `bench/*.bench.ts` file adds a section: its default export returns that section's figures, and is run
// N times (3 by default) one after the other; each number is then given as its median, min and max over
// the runs. Targets are printed beside the figures, not asserted.
import { readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { isCompared, isSpread, round, spreadOver } from './bench-stats.ts';
import {
  ANSWER_MAX_BYTES,
  DEFAULT_MINIMUM_RATE,
  ERROR_ANSWER_KEPT_BYTES,
  HOST_WORDS_MAX_CHARS,
} from '../src/main/core/host/answer-limits.ts';
import { DEFAULT_SYNC_POLICY } from '../src/main/core/catalog/sync/catalog-sync.ts';

const { values: options, positionals: only } = parseArgs({
  allowPositionals: true,
  options: { runs: { type: 'string', default: process.env.VOA_BENCH_RUNS ?? '3' } },
});
const runs = Number(options.runs);
if (!Number.isInteger(runs) || runs < 1)
  throw new Error(`--runs takes a whole number of runs, not ${options.runs}`);

const files = (await readdir(import.meta.dirname))
  .filter((name) => name.endsWith('.bench.ts'))
  .filter((name) => only.length === 0 || only.some((wanted) => name.startsWith(wanted)))
  .sort();

const loadAverage = () => os.loadavg().map((load) => round(load, 2));
const machine: Record<string, unknown> = {
  node: process.version,
  cpus: os.cpus().length,
  cpuModel: os.cpus()[0]?.model ?? 'unknown',
  memoryGb: round(os.totalmem() / 1024 ** 3, 1),
  platform: `${process.platform} ${os.release()}`,
  startedAt: new Date().toISOString(),
  loadAverageAtStart: loadAverage(),
  runs,
  // The limits a broken or hostile host meets (docs/security.md, "Bounded answers and syncs"): every
  // figure below is measured with them in force.
  limits: {
    answerMaxBytes: ANSWER_MAX_BYTES,
    errorAnswerKeptBytes: ERROR_ANSWER_KEPT_BYTES,
    hostWordsMaxChars: HOST_WORDS_MAX_CHARS,
    minimumRate: DEFAULT_MINIMUM_RATE,
    sync: {
      maxPageBytes: DEFAULT_SYNC_POLICY.maxPageBytes,
      maxPagesFloor: DEFAULT_SYNC_POLICY.maxPagesFloor,
      maxRowsFloor: DEFAULT_SYNC_POLICY.maxRowsFloor,
      growth: DEFAULT_SYNC_POLICY.growth,
      deadlineMs: DEFAULT_SYNC_POLICY.deadlineMs,
    },
  },
};
const figures: Record<string, unknown> = { machine };
for (const file of files) {
  const section = file.replace(/\.bench\.ts$/, '');
  const module = (await import(pathToFileURL(path.join(import.meta.dirname, file)).href)) as {
    default: () => Promise<Record<string, unknown>>;
  };
  const results: Record<string, unknown>[] = [];
  for (let run = 1; run <= runs; run++) {
    process.stderr.write(`bench: ${section}, run ${run} of ${runs} (load ${loadAverage().join(' ')})…\n`);
    const started = performance.now();
    try {
      results.push(await module.default());
    } catch (error) {
      results.push({ error: (error as Error).message });
    }
    process.stderr.write(
      `bench: ${section}, run ${run} done in ${((performance.now() - started) / 1000).toFixed(1)} s\n`,
    );
  }
  figures[section] = spreadOver(results);
}
machine.finishedAt = new Date().toISOString();
machine.loadAverageAtEnd = loadAverage();
process.stdout.write(`${JSON.stringify(figures, null, 2)}\n`);
process.stderr.write(`\n${table(figures)}\n`);

/** A number as the table shows it: the median, and the range over the runs. */
function shown(value: unknown): string {
  const format = (n: number) =>
    Math.abs(n) >= 100 ? Math.round(n).toLocaleString('en') : String(round(n, 2));
  if (typeof value === 'number') return format(value);
  if (isSpread(value)) return `${format(value.median)} (${format(value.min)}–${format(value.max)})`;
  return String(value);
}

/** Every figure with a baseline, one row each, in Markdown; the machine and its load above. */
function table(all: Record<string, unknown>): string {
  const rows: string[][] = [];
  const visit = (name: string, value: unknown) => {
    if (isCompared(value)) {
      rows.push([
        `${name} (${value.measures})`,
        `${shown(value.figure)} ${value.unit}`,
        `${shown(value.baseline)} ${value.unit} (${value.baselineIs})`,
        shown(value.ratio),
        value.goal,
      ]);
    } else if (typeof value === 'object' && value !== null && !isSpread(value))
      for (const [key, inner] of Object.entries(value)) visit(name ? `${name}.${key}` : key, inner);
  };
  for (const [section, value] of Object.entries(all)) if (section !== 'machine') visit(section, value);
  const lines = [
    `Node ${String(machine.node)}, ${String(machine.cpus)} × ${String(machine.cpuModel)}, ${String(machine.memoryGb)} GB; ` +
      `load average (1, 5, 15 min) ${(machine.loadAverageAtStart as number[]).join(' ')} at start, ` +
      `${(machine.loadAverageAtEnd as number[]).join(' ')} at end; ${runs} run(s): median (min–max).`,
    '',
    '| Figure | Result | Baseline, same run | Ratio | Goal |',
    '| --- | --- | --- | --- | --- |',
    ...rows.map((row) => `| ${row.join(' | ')} |`),
  ];
  const errors = Object.entries(all).filter(
    ([, value]) => typeof value === 'object' && value !== null && 'error' in value,
  );
  for (const [section, value] of errors)
    lines.push(`\n${section} failed: ${String((value as { error: unknown }).error)}`);
  return lines.join('\n');
}
