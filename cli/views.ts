// What `stint status`, `stint today` and `stint week` print, from the app's snapshot. The --json shapes are the
// command line's own, documented in README.md and kept stable: the snapshot may change shape,
// these may only gain fields.

import { DEFAULT_TIME_FORMAT, formatElapsed, formatMinutes, type TimeFormat } from '../common/format';
import { liveSeconds } from '../common/liveSeconds';
import type { Snapshot, TimerView } from '../common/snapshot';
import { todayTotal } from '../common/todayTotal';

export interface TimerJson {
  project: string;
  projectId: number;
  /** Whole seconds tracked, at the moment of the command. */
  seconds: number;
  description: string | null;
  /** False while a change to it has not reached the service yet. */
  synced: boolean;
}

/** A timer of an account not in use, as the app last read it (Snapshot.otherAccountTimers). */
export interface OtherAccountTimerJson {
  account: string;
  project: string;
  state: TimerView['state'];
  seconds: number;
}

export interface StatusJson {
  /** The account in use (the window's, the tray's, the one commands act on), by its label. */
  account: string;
  online: boolean;
  /** Changes queued in the outbox, not yet on the service. */
  pending: number;
  /** Changes the service refused, waiting in the window for a retry, an edit or a discard. */
  failed: number;
  running: TimerJson | null;
  /** Paused timers (and any not yet started on the service), most recent first. */
  paused: TimerJson[];
  /** Other accounts' timers, as last read (the window and the tray show them too). */
  otherAccounts: OtherAccountTimerJson[];
}

export interface EntryJson {
  project: string | null;
  minutes: number;
  description: string | null;
  synced: boolean;
}

/**
 * The running timer's part of today, counted into the printed totals as the window and the tray
 * count it (common/todayTotal.ts); totalMinutes stays the minutes logged, as it always was.
 */
interface TimerPart {
  /** The running timer's whole minutes so far; 0 when none runs (or, in a week, today is not in it). */
  timerMinutes: number;
  /** "with Website's timer" when timerMinutes are counted in; null otherwise. */
  timerLabel: string | null;
}

export interface TodayJson extends TimerPart {
  /** YYYY-MM-DD, the app's local day. */
  date: string;
  totalMinutes: number;
  entries: EntryJson[];
}

const timerJson = (t: TimerView, now: number): TimerJson => ({
  project: t.projectName,
  projectId: t.projectId,
  seconds: liveSeconds(t, now),
  description: t.description,
  synced: t.status.state === 'sent',
});

export function statusJson(s: Snapshot, now: number): StatusJson {
  const running = s.timers.find((t) => t.state === 'running');
  return {
    account: s.account.label,
    online: s.online,
    pending: s.outbox.pending,
    failed: s.outbox.failed.length,
    running: running ? timerJson(running, now) : null,
    paused: s.timers.filter((t) => t !== running).map((t) => timerJson(t, now)),
    otherAccounts: s.otherAccountTimers.map((t) => ({
      account: t.accountLabel,
      project: t.projectName,
      state: t.state,
      seconds: liveSeconds(t, now),
    })),
  };
}

/** The running timer counted into today: its minutes and its label (none when today is not in the days shown). */
function timerPart(s: Snapshot, now: number, shown = true): TimerPart {
  const total = todayTotal(s.today.totalMinutes, s.timers, now);
  return shown && total.label
    ? { timerMinutes: total.timerMinutes, timerLabel: total.label }
    : { timerMinutes: 0, timerLabel: null };
}

const withTimer = (part: TimerPart) => (part.timerLabel ? ` (${part.timerLabel})` : '');

export function todayJson(s: Snapshot, now: number): TodayJson {
  return {
    date: s.today.date,
    totalMinutes: s.today.totalMinutes,
    ...timerPart(s, now),
    entries: s.today.entries.map((e) => ({
      project: e.projectName,
      minutes: e.minutes,
      description: e.description,
      synced: e.status.state === 'sent',
    })),
  };
}

const unsent = (synced: boolean) => (synced ? '' : '  (not on the service yet)');
const note = (description: string | null) => (description ? `  ${description}` : '');

/** format: the user's time format (Snapshot.timeFormat): a timer's time as the tray writes it, 0:10:48 or 0.17. */
export function statusText(status: StatusJson, format: TimeFormat = DEFAULT_TIME_FORMAT): string {
  const time = (seconds: number) => formatElapsed(seconds, format);
  const lines = [
    `Account: ${status.account}`,
    status.running
      ? `Running: ${status.running.project} ${time(status.running.seconds)}${note(status.running.description)}${unsent(status.running.synced)}`
      : 'No timer running.',
    ...status.paused.map((t) => `Paused:  ${t.project} ${time(t.seconds)}${note(t.description)}${unsent(t.synced)}`),
  ];
  // A timer running elsewhere is no "No timer running" for the user: said with how to reach it.
  for (const t of status.otherAccounts.filter((o) => o.state === 'running'))
    lines.push(
      `Running on ${t.account}: ${t.project} ${time(t.seconds)} (another account: stint --account ${JSON.stringify(t.account)} status)`,
    );
  if (!status.online) lines.push(`Offline: ${status.pending} change(s) queued, sent when the service is back.`);
  else if (status.pending > 0) lines.push(`${status.pending} change(s) being sent.`);
  if (status.failed > 0) lines.push(`${status.failed} change(s) refused by the service: see the Stint window.`);
  return lines.join('\n');
}

/** format: the user's time format (Snapshot.timeFormat). */
export function todayText(today: TodayJson, format: TimeFormat = DEFAULT_TIME_FORMAT): string {
  const total = formatMinutes(today.totalMinutes + today.timerMinutes, format);
  const lines = [`Today (${today.date}): ${total}${withTimer(today)}`];
  if (today.entries.length === 0) lines.push('  No entries yet.');
  for (const e of today.entries)
    lines.push(
      `  ${formatMinutes(e.minutes, format).padStart(5)}  ${e.project ?? '(no project)'}${note(e.description)}${unsent(e.synced)}`,
    );
  return lines.join('\n');
}

export interface WeekJson extends TimerPart {
  /** First and last day, YYYY-MM-DD. */
  start: string;
  end: string;
  /** The app's local day (YYYY-MM-DD): the row timerMinutes count into. */
  today: string;
  totalMinutes: number;
  /** True while the app is offline: the last read with the changes not sent yet. */
  stale: boolean;
  days: Array<{ date: string; totalMinutes: number }>;
  /** The most minutes first; project null: entries on no project. */
  projects: Array<{ project: string | null; totalMinutes: number; billableMinutes: number; unbillableMinutes: number }>;
}

export function weekJson(s: Snapshot, now: number): WeekJson {
  const { week } = s;
  return {
    start: week.start,
    end: week.end,
    totalMinutes: week.totalMinutes,
    ...timerPart(
      s,
      now,
      week.days.some((d) => d.date === s.today.date),
    ),
    today: s.today.date,
    stale: week.stale,
    days: week.days.map((d) => ({ date: d.date, totalMinutes: d.totalMinutes })),
    projects: week.projects.map((p) => ({
      project: p.projectName,
      totalMinutes: p.totalMinutes,
      billableMinutes: p.billableMinutes,
      unbillableMinutes: p.unbillableMinutes,
    })),
  };
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const weekday = (date: string) => WEEKDAYS[new Date(`${date}T12:00:00Z`).getUTCDay()]!;

/** format: the user's time format (Snapshot.timeFormat). */
export function weekText(week: WeekJson, format: TimeFormat = DEFAULT_TIME_FORMAT): string {
  const total = formatMinutes(week.totalMinutes + week.timerMinutes, format);
  const lines = [`Week ${week.start} to ${week.end}: ${total}${withTimer(week)}`];
  if (week.stale) lines.push('  (offline: as last read, with your changes not sent yet)');
  for (const d of week.days) {
    const today = d.date === week.today;
    const minutes = formatMinutes(d.totalMinutes + (today ? week.timerMinutes : 0), format).padStart(5);
    lines.push(`  ${weekday(d.date)} ${d.date}  ${minutes}${today ? withTimer(week) : ''}`);
  }
  if (week.projects.length > 0) lines.push('Projects:');
  for (const p of week.projects)
    lines.push(
      `  ${formatMinutes(p.totalMinutes, format).padStart(5)}  ${p.project ?? '(no project)'}  (billable ${formatMinutes(p.billableMinutes, format)}, unbillable ${formatMinutes(p.unbillableMinutes, format)})`,
    );
  return lines.join('\n');
}
