// What a timer operation sent late must do when the timer was changed elsewhere meanwhile (the
// phone paused it, the web app added time, someone logged it), so that neither side's time is
// lost and the user is told what happened.
//
// The rule is the union of what both sides tracked: time added elsewhere is added to ours, a
// timer paused elsewhere earlier than here runs to where the user paused it here, and a timer
// logged elsewhere keeps in its entry what it had then, while the time tracked here after that
// becomes an entry of its own. The planning functions are pure; sendOnce.ts applies them.

import { formatMinutes, localDate, type TimeFormat } from '../../../common/format';
import type { Entry, Timer } from '../../api/types';
import { collect, type ServiceApi } from '../../api/types';
import { elapsedMinutes } from '../model/minutes';
import { entryMarker } from '../model/operations';
import { minutesOf, nameIn } from './noticeWords';
import type { SendContext } from './sent';

/** Differences below this are the network's latency, not offline time or a change elsewhere. */
export const TOLERANCE_SECONDS = 2;

export interface Plan {
  /** The seconds the timer should show at the instant `now` (epoch ms). */
  target(now: number): number;
  notice: string | null;
}

/**
 * A start that lands late. `before` is the service's timer just before the start landed (null:
 * there was none), read at `readAt`. `attempted`: an earlier attempt of this start may have
 * landed, so a running timer may be ours and says nothing about other devices. `timeFormat`: how
 * the user reads durations, for the notice.
 */
export function planStart(
  op: { projectName: string; fromSeconds: number; at: number },
  before: Timer | null,
  readAt: number,
  { attempted, timeFormat }: Pick<SendContext, 'attempted' | 'timeFormat'>,
): Plan {
  const name = nameIn(op.projectName);
  const m = (seconds: number) => minutesOf(seconds, timeFormat);
  const ours = (now: number) => op.fromSeconds + (now - op.at) / 1000;
  if (before?.state === 'running') {
    // Started elsewhere too: both ran, so the longer run is the union of the two.
    const theirs = (now: number) => before.seconds + (now - readAt) / 1000;
    const notice = attempted
      ? null
      : `${name} was also started elsewhere while you were offline; its timer keeps the longer of the two runs.`;
    return { target: (now) => Math.max(ours(now), theirs(now)), notice };
  }
  // Paused, pending or gone: it runs on from what the service has, plus the time since the user
  // started it here. What the service has differs from ours when it was changed elsewhere.
  const base = before?.seconds ?? 0;
  const target = (now: number) => base + (now - op.at) / 1000;
  if (attempted || Math.abs(base - op.fromSeconds) < TOLERANCE_SECONDS) return { target, notice: null };
  const notice = before
    ? `${name}'s timer was changed elsewhere while you were offline (${m(base)} there, ${m(op.fromSeconds)} here); it runs on from ${m(base)} plus your time since you started it.`
    : `${name}'s timer was logged or discarded elsewhere while you were offline; it starts again with your time since you started it.`;
  return { target, notice };
}

/**
 * A pause that lands: `answered` is the paused timer the service answered at `landedAt`; the user
 * paused at `seconds` at epoch ms `at`. Had nobody else touched it, the service paused it at
 * `predicted` (it ran until the pause landed). Seconds between the user's and the predicted are
 * our own late landing: run back to the user's. Beyond the predicted, time was added elsewhere:
 * kept. Below the user's, it was paused elsewhere earlier: the user's longer run is kept.
 */
export function planPause(
  op: { projectName: string; seconds: number; at: number },
  answered: Timer,
  landedAt: number,
  format: TimeFormat,
): Plan {
  const name = nameIn(op.projectName);
  const m = (seconds: number) => minutesOf(seconds, format);
  const predicted = op.seconds + Math.max(0, landedAt - op.at) / 1000;
  const svc = answered.seconds;
  if (svc > predicted + TOLERANCE_SECONDS) {
    const added = svc - predicted;
    return {
      target: () => op.seconds + added,
      notice: `${name}'s timer got ${m(added)} more elsewhere while you were offline; both are kept: it is paused at ${m(op.seconds + added)}.`,
    };
  }
  if (svc < op.seconds - TOLERANCE_SECONDS) {
    return {
      target: () => op.seconds,
      notice: `${name}'s timer was paused elsewhere at ${m(svc)} while it ran on here; it keeps your ${m(op.seconds)}.`,
    };
  }
  return { target: () => op.seconds, notice: null };
}

/**
 * The timer a pause or log was meant for is gone from the service: logged or discarded elsewhere.
 * The entry logged elsewhere (the newest of the user's on that project since the timer started)
 * holds what the service had counted then; what the user tracked here beyond it is logged as an
 * entry of its own, carrying the operation's marker so that a repeat after a crash finds it
 * instead of logging it twice. When nothing was logged elsewhere (it was discarded there): a
 * pause respects the discard, a log logs the user's time here, since logging is what they asked.
 * The notice writes its durations in `format`, as the user reads them.
 */
export async function recoverGoneTimer(
  api: ServiceApi,
  op: {
    id: string;
    kind: 'pauseTimer' | 'logTimer';
    projectId: number;
    projectName: string;
    seconds: number;
    at: number;
    description?: string | null;
  },
  format: TimeFormat,
): Promise<string> {
  const marker = entryMarker(op.id);
  const startedAt = op.at - op.seconds * 1000;
  const user = await api.getCurrentUser();
  const since = new Date(startedAt - 60_000).toISOString();
  const entries = await collect(
    api.listEntries({ project_ids: [op.projectId], user_ids: [user.id], updated_from: since }),
  );
  const ours = entries.find((e) => e.source_url === marker);
  const logged = newest(entries.filter((e) => e !== ours && Date.parse(e.created_at) >= startedAt - 60_000));
  const tracked = elapsedMinutes(op.seconds);
  const rest = logged ? tracked - logged.minutes : op.kind === 'logTimer' ? tracked : 0;
  const m = (minutes: number) => formatMinutes(minutes, format);
  const elsewhere = logged ? `was logged elsewhere (${m(logged.minutes)})` : 'was discarded elsewhere';
  const gone = `${nameIn(op.projectName)}'s timer ${elsewhere} while you were offline`;
  if (rest <= 0) {
    return logged
      ? `${gone}; that covers the ${m(tracked)} you tracked here.`
      : `${gone}; your pause had nothing left to pause.`;
  }
  if (!ours) {
    await api.createEntry({
      date: logged?.date ?? localDate(startedAt),
      minutes: rest,
      project_id: op.projectId,
      ...(op.description ? { description: op.description } : {}),
      source_url: marker,
    });
  }
  return logged
    ? `${gone}; the ${m(rest)} you tracked here beyond that is logged as an entry of its own.`
    : `${gone}; your ${m(rest)} is logged as you asked.`;
}

function newest(entries: Entry[]): Entry | undefined {
  return entries.reduce<Entry | undefined>(
    (a, e) => (!a || Date.parse(e.created_at) > Date.parse(a.created_at) ? e : a),
    undefined,
  );
}

/** How far before the user's log its entry may look created (the app's and the service's clocks differ). */
const LOG_CLOCK_SLACK_MS = 5 * 60_000;

/**
 * Whether an unanswered attempt of this log made its entry: the user's entry on the project,
 * created since the user logged, with exactly the minutes and description the log gives it.
 * (Timer log answers 204 with no entry, and carries no marker, so this is how it is recognised.)
 */
export async function loggedByAttempt(
  api: ServiceApi,
  op: { projectId: number; minutes: number; at: number; description?: string | null },
): Promise<boolean> {
  const user = await api.getCurrentUser();
  const since = op.at - LOG_CLOCK_SLACK_MS;
  const text = (d: string | null | undefined) => (d ?? '').trim();
  for await (const e of api.listEntries({
    project_ids: [op.projectId],
    user_ids: [user.id],
    updated_from: new Date(since).toISOString(),
  })) {
    if (
      Date.parse(e.created_at) >= since &&
      e.source_url === null &&
      e.minutes === op.minutes &&
      text(e.description) === text(op.description)
    )
      return true;
  }
  return false;
}
