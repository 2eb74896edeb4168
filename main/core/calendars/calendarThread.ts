// Main's side of the calendars' thread (calendarWorker.ts): started on the first request, asked
// by message, answers as promises. A request the thread has not answered in READ_LIMIT_MS (a rule
// ical.js cannot finish, say) ends the thread: every waiting request fails in words, and the next
// request starts a fresh one, which holds no calendar until each is loaded again.

import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { CalendarOccurrence } from './icsCalendar';
import { type CalendarFacts, type DaySpan, WORKER_MARK, type WorkerAnswer, type WorkerRequest } from './workerProtocol';

export type { CalendarFacts, DaySpan };

/** The most one request may take: a calendar of 50 MB parses in a few seconds. */
export const READ_LIMIT_MS = 60_000;

export type ThreadAnswer =
  | { ok: true; facts: CalendarFacts; days: Record<string, CalendarOccurrence[]> }
  | { ok: false; message: string; unknown?: boolean; notCalendar?: boolean };

export interface CalendarThread {
  /** Parses a calendar's text (kept under its id), and lists these days of it. */
  load(id: string, text: string, spans: DaySpan[]): Promise<ThreadAnswer>;
  /** Lists these days of a calendar loaded before. */
  days(id: string, spans: DaySpan[]): Promise<ThreadAnswer>;
  drop(id: string): void;
  stop(): void;
}

type Request = WorkerRequest extends infer R ? (R extends unknown ? Omit<R, 'seq'> : never) : never;

export function startCalendarThread(): CalendarThread {
  let worker: Worker | null = null;
  let seq = 0;
  const waiting = new Map<number, { resolve(a: ThreadAnswer): void; timer: NodeJS.Timeout }>();
  const failAll = (message: string) => {
    for (const [n, w] of waiting) {
      clearTimeout(w.timer);
      waiting.delete(n);
      w.resolve({ ok: false, message });
    }
  };
  const end = (message: string) => {
    const ending = worker;
    worker = null;
    failAll(message);
    void ending?.terminate();
  };
  const spawn = () => {
    const { file, execArgv } = workerEntry();
    const started = new Worker(file, { workerData: WORKER_MARK, execArgv });
    // The thread never keeps the app from quitting.
    started.unref();
    started.on('message', (a: WorkerAnswer) => {
      const one = waiting.get(a.seq);
      if (!one) return;
      clearTimeout(one.timer);
      waiting.delete(a.seq);
      one.resolve(a.ok ? { ok: true, facts: a.facts!, days: a.days } : a);
    });
    started.on('error', () => worker === started && end('Stint could not read this calendar.'));
    started.on('exit', () => worker === started && end('Stint could not read this calendar.'));
    return started;
  };
  const ask = (request: Request): Promise<ThreadAnswer> =>
    new Promise((resolve) => {
      const n = ++seq;
      const timer = setTimeout(
        () => end('Reading this calendar took too long: its events are left out.'),
        READ_LIMIT_MS,
      );
      timer.unref();
      waiting.set(n, { resolve, timer });
      worker ??= spawn();
      worker.postMessage({ ...request, seq: n });
    });
  return {
    load: (id, text, spans) => ask({ kind: 'load', id, text, spans }),
    days: (id, spans) => ask({ kind: 'days', id, spans }),
    drop: (id) => void (worker && ask({ kind: 'drop', id })),
    stop: () => end('Stint is stopping.'),
  };
}

/**
 * The thread's file: in the bundle, calendarWorker.cjs beside this one (scripts/build.mjs builds
 * it); from the sources (tests, the web host under tsx), the .ts file, loaded through tsx.
 */
function workerEntry(): { file: URL; execArgv: string[] } {
  const here = import.meta.url;
  if (here.endsWith('.cjs')) return { file: new URL('./calendarWorker.cjs', here), execArgv: [] };
  const tsx = pathToFileURL(createRequire(here).resolve('tsx')).href;
  return { file: new URL('./calendarWorker.ts', here), execArgv: ['--import', tsx] };
}
