// Quick entry's work per keystroke (the renderer parses the whole line and orders the @suggestions
// on every input): parseQuickEntry with a new project name, which runs the typo check against
// every known project, and suggestProjects recent first, for 50 and 1000 projects. A keystroke's
// work must fit well inside a frame (16 ms) to keep typing smooth.
import { parseQuickEntry, suggestProjects } from '../common/quickEntry';
import { percentile, type Benchmark, type BenchResult } from './types';

const SAMPLES = 2_000;
const TODAY = '2026-11-25';
const LINE = 'yesterday 9:00-10:30 @Clinet Webstie redesign review #meeting with the team';

const names = (n: number) => Array.from({ length: n }, (_, i) => `Client ${String(i).padStart(4, '0')} project`);

function keystrokes(known: string[]): number[] {
  const recent = known.slice(0, 10);
  const samples: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const text = LINE.slice(0, 12 + (i % (LINE.length - 12)));
    const start = performance.now();
    parseQuickEntry(text, known, TODAY);
    suggestProjects(text, text.length, known, { limit: 12, recent });
    samples.push(performance.now() - start);
  }
  return samples;
}

const bench: Benchmark = async () => {
  keystrokes(names(50)); // warm the JIT
  const rows: BenchResult[] = [];
  for (const n of [50, 1000]) {
    const samples = keystrokes(names(n));
    const p99 = percentile(samples, 99);
    rows.push({
      name: `quick entry keystroke (parse + suggestions), ${n} projects, p99`,
      value: p99,
      unit: 'ms',
      target: '< 16 ms',
      met: p99 < 16,
      detail: `${SAMPLES} keystrokes of a ${LINE.length}-character line; median ${percentile(samples, 50).toPrecision(3)} ms`,
    });
  }
  return rows;
};

export default bench;
