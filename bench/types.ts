// Every benchmark file (bench/*.bench.ts) default-exports a function answering these rows;
// bench/run.ts runs them all, prints a table and writes bench/results.json.

export interface BenchResult {
  /** What was measured, e.g. "action to new tray model, p99". */
  name: string;
  value: number;
  unit: string;
  /** The target, in words, e.g. "< 16 ms". */
  target?: string;
  /** Whether the target is met, when there is one. */
  met?: boolean;
  /** Anything needed to read the number: sample size, the baseline beside it. */
  detail?: string;
}

export type Benchmark = () => Promise<BenchResult[]>;

/** The p-th percentile (0..100) of a list of samples. */
export function percentile(samples: number[], p: number): number {
  if (samples.length === 0) return NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}
