// What an entry will store, decided once. The service rounds an entry's minutes up to its
// project's billing increment (spec 001; service/domain/rounding.ts), so every place that says
// what a line or a timer's Log will store asks this file: quick entry's preview, the pasted day's
// lines and their total, a calendar line, the timer card's Log button, and main, which queues
// these minutes and answers them (the window's "Logged …", `stint log`'s words). A preview that
// computed its own minutes once said "0:10" of a line the service stored as 0:15 (issue 27 item 2).
// test/unit/common/lineStores.test.ts holds it to the service's own rule.

import { billingIncrement, minutesToLog, roundUpToIncrement } from './minutes';
import type { QuickEntry } from './quickEntry';
import type { ProjectView } from './snapshot';

/** The minutes an entry stores, and what they were before rounding. contract.ts LoggedEntry's shape. */
export interface Stored {
  /** What the service stores: rounded up to the increment. */
  minutes: number;
  /** As typed, or as the timer counted them. */
  typedMinutes: number;
  /** The project's billing increment (1 without a project). */
  increment: number;
}

/** What a line stores: its minutes, its project and its day. */
export interface StoredLine extends Stored {
  projectName: string | null;
  date: string;
}

type ReadLine = Extract<QuickEntry, { ok: true }>;
type Project = Pick<ProjectView, 'name' | 'billingIncrement'>;

/** The one rule: `typedMinutes` rounded up to `increment`. */
export const stored = (typedMinutes: number, increment: number): Stored => ({
  minutes: roundUpToIncrement(typedMinutes, increment),
  typedMinutes,
  increment,
});

/**
 * What a line read by parseQuickEntry stores among these projects: its known project's increment,
 * the default for one the service will create, none without a project.
 */
export function lineStores(line: ReadLine, projects: readonly Project[]): StoredLine {
  const project = line.projectIsNew ? undefined : projects.find((p) => p.name === line.projectName);
  const increment = billingIncrement(project, line.projectName !== null);
  return { ...stored(line.minutes, increment), projectName: line.projectName, date: line.date };
}

/**
 * What logging a timer at `seconds` stores; `running`: the minute under way counts, as it will
 * by the time the log is sent (common/minutes.ts minutesToLog). Main, logging at the exact
 * seconds, passes false.
 */
export const timerStores = (seconds: number, running: boolean, increment: number): Stored =>
  stored(minutesToLog(seconds, running), increment);
