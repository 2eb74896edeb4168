// The page's own work, read from a Chromium trace: for each window between two user-timing marks
// (`<name>-start-<n>`, `<name>-end-<n>`, made by performance.mark in the page), the CPU time its
// main thread spent in the tasks that ran in it (each task's thread time, `tdur`). Unlike the
// wall time between the marks, it leaves out the time the OS gave other processes, so it says
// what the page costs on a machine whose load the bench cannot control (a loaded machine still
// slows it some: caches and shared cores).

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
}

/** Trace categories the measure needs: the tasks (toplevel) and the page's marks. */
export const PAGE_CPU_CATEGORIES = ['toplevel', 'blink.user_timing'];

// A task's event: toplevel's name, or the timeline's where only that was recorded (one of them, never both, so nothing counts twice).
const TASK_NAMES = ['ThreadControllerImpl::RunTask', 'RunTask'];

/** Milliseconds of main-thread CPU per marked window the trace holds whole, in the order of their numbers. */
export function pageCpuPerWindow(trace: Buffer, name: string): number[] {
  const events = (JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
  const marks = new Map<string, TraceEvent>();
  const pattern = new RegExp(`^${name}-(start|end)-(\\d+)$`);
  for (const e of events) if (pattern.test(e.name) && !marks.has(e.name)) marks.set(e.name, e);
  const first = [...marks.values()][0];
  if (!first) return [];
  // The page's main thread is the one its marks were made on.
  const onMain = events.filter(
    (e) => e.ph === 'X' && e.pid === first.pid && e.tid === first.tid && e.tdur !== undefined && e.dur !== undefined,
  );
  const taskName = TASK_NAMES.find((n) => onMain.some((e) => e.name === n));
  const tasks = onMain.filter((e) => e.name === taskName);
  const out: number[] = [];
  const numbers = [...marks.keys()].flatMap((key) =>
    key.startsWith(`${name}-start-`) ? [Number(key.split('-').pop())] : [],
  );
  for (const n of numbers.sort((a, b) => a - b)) {
    const start = marks.get(`${name}-start-${n}`)!;
    const end = marks.get(`${name}-end-${n}`);
    if (!end) continue;
    let cpu = 0;
    for (const t of tasks) if (t.ts <= end.ts && t.ts + t.dur! >= start.ts) cpu += t.tdur!;
    out.push(cpu / 1000);
  }
  return out;
}
