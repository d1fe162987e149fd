/** Percentile of already-measured durations (nearest rank). */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return round(sorted[index] ?? NaN);
}

export function round(value: number, digits = 3): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

/**
 * A figure beside its baseline, measured in the same run on the same data: on a shared machine the ratio
 * holds when the absolute figures drift. `ratio` is figure / baseline. bench/run.ts lists every Compared
 * it finds in its table.
 */
export interface Compared {
  figure: number;
  baseline: number;
  ratio: number;
  unit: string;
  /** What the figure is. */
  measures: string;
  /** What the baseline is: the limit the figure is held against. */
  baselineIs: string;
  goal: string;
}

export function compared(
  figure: number,
  baseline: number,
  labels: { unit: string; measures: string; baselineIs: string; goal?: string },
): Compared {
  return {
    figure: round(figure),
    baseline: round(baseline),
    ratio: round(figure / baseline, 3),
    unit: labels.unit,
    measures: labels.measures,
    baselineIs: labels.baselineIs,
    goal: labels.goal ?? '',
  };
}

export function isCompared(value: unknown): value is Compared {
  return (
    typeof value === 'object' &&
    value !== null &&
    'figure' in value &&
    'baseline' in value &&
    'ratio' in value &&
    'baselineIs' in value
  );
}

/** A figure over several runs: the median to quote, min and max for the spread. */
export interface Spread {
  median: number;
  min: number;
  max: number;
}

export function isSpread(value: unknown): value is Spread {
  return typeof value === 'object' && value !== null && 'median' in value && 'min' in value && 'max' in value;
}

/**
 * The runs of one section folded into one: every number becomes its spread (median, min, max), other
 * values are taken from the first run. With one run, the run itself.
 */
export function spreadOver(runs: unknown[]): unknown {
  if (runs.length === 1) return runs[0];
  if (runs.every((run) => typeof run === 'number')) {
    const sorted = [...runs].sort((a, b) => a - b);
    return { median: sorted[Math.floor((sorted.length - 1) / 2)]!, min: sorted[0]!, max: sorted.at(-1)! };
  }
  if (runs.every((run) => typeof run === 'object' && run !== null && !Array.isArray(run))) {
    const records = runs as Record<string, unknown>[];
    const keys = [...new Set(records.flatMap((record) => Object.keys(record)))];
    return Object.fromEntries(
      keys.map((key) => [
        key,
        spreadOver(records.map((record) => record[key]).filter((v) => v !== undefined)),
      ]),
    );
  }
  return runs[0];
}
