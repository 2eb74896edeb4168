// Sends one operation so that it takes effect exactly once and means what the user did, however
// late it is sent: after an attempt that may have reached the service, it first looks for what
// that attempt did. Timer operations are checked against the answer: the service counts from
// when a request lands, which may be long after the user clicked (queued while offline, or a
// request the client had to send again), so every start and pause compares the seconds the
// service answers with the seconds the user saw at that moment, and corrects the difference.

import { isApiError } from '../api/errors';
import type { ServiceApi } from '../api/types';
import type { Timer } from '../../common/serviceTypes';
import { elapsedMinutes } from './minutes';
import type { Operation } from './operations';

export interface SendContext {
  /** The clock: read after each answer, since a request may land long after the send began. */
  now(): number;
  /** An earlier attempt may have reached the service. */
  attempted: boolean;
}

export interface Sent {
  /** The service's id of a created project. */
  projectId?: number;
  /** What the user must be told: a change made elsewhere meanwhile, and how both were kept. */
  notice?: string;
}

/** Differences below this are the network's latency, not offline time: left alone. */
export const TOLERANCE_SECONDS = 2;
/**
 * How often a pause that landed late is run back to the user's seconds before the residue is
 * accepted (each round is three quick requests; only a network slower than the tolerance at
 * every step uses them all, and the operation must settle some time).
 */
const ROUNDS = 3;

const notFound = (error: unknown) => isApiError(error) && error.kind === 'not_found';

export async function sendOperation(api: ServiceApi, op: Operation, ctx: SendContext): Promise<Sent> {
  switch (op.kind) {
    case 'createProject': {
      if (ctx.attempted) {
        for await (const p of api.listProjects({ name: op.name })) if (p.name === op.name) return { projectId: p.id };
      }
      return { projectId: (await api.createProject({ name: op.name })).id };
    }

    case 'startTimer': {
      // The timer it paused is paused first, at the user's seconds: left to the service, it would
      // stop whenever this start lands.
      if (op.pauses) await pauseAt(api, op.pauses.projectId, op.pauses.seconds);
      const timer = await api.startTimer(op.projectId, op.description ? { description: op.description } : undefined);
      await runAt(api, timer, () => op.fromSeconds + (ctx.now() - op.at) / 1000);
      return {};
    }

    case 'pauseTimer':
      await pauseAt(api, op.projectId, op.seconds);
      return {};

    case 'logTimer':
      try {
        // The minutes the user saw, whatever the service's timer counted meanwhile.
        await api.logTimer(op.projectId, { minutes: elapsedMinutes(op.seconds) });
      } catch (error) {
        // The unanswered attempt logged it: the timer is gone because it became the entry.
        if (!(ctx.attempted && notFound(error))) throw error;
      }
      return {};

    case 'discardTimer':
      // Gone is what the user asked for, whoever removed it.
      await api.deleteTimer(op.projectId).catch(ignore(notFound));
      return {};

    case 'createEntry': {
      if (ctx.attempted) {
        for await (const e of api.listEntries({ from: op.date, to: op.date })) if (e.source_url === op.marker) return {};
      }
      await api.createEntry({
        date: op.date,
        minutes: op.minutes,
        description: op.description,
        ...(op.projectId !== null ? { project_id: op.projectId } : op.projectName !== null ? { project_name: op.projectName } : {}),
        source_url: op.marker,
      });
      return {};
    }
  }
}

/**
 * Pauses a timer at the elapsed seconds the user paused it at. The pause stops the service's
 * clock whenever it lands; if that is off by more than the tolerance (it landed late, or the
 * service counted time the app was offline), the timer is run back: started, corrected, paused
 * again. Nothing else runs meanwhile: this was the user's running timer, and starting it keeps
 * the date its entry will have. A timer that is gone needs nothing.
 */
async function pauseAt(api: ServiceApi, projectId: number, seconds: number): Promise<void> {
  let timer = await api.pauseTimer(projectId).catch(ignore(notFound));
  for (let round = 0; timer && timer.state === 'paused' && round < ROUNDS; round++) {
    if (Math.abs(timer.seconds - seconds) < TOLERANCE_SECONDS) return;
    // Another timer running means someone else uses them now: starting this one would pause it.
    if (await otherRunning(api, projectId)) return;
    const running = await api.startTimer(projectId, { entry_date: timer.date });
    await runAt(api, running, () => seconds, 1);
    timer = await api.pauseTimer(projectId);
  }
}

async function otherRunning(api: ServiceApi, projectId: number): Promise<boolean> {
  // The running timer comes first in the list (GAPS.md "Timers").
  for await (const t of api.listTimers()) return t.state === 'running' && t.project.id !== projectId;
  return false;
}

/**
 * Brings a running timer to the seconds the user sees now (`expected` is read after each answer).
 * add_or_subtract_time acts only on a running timer; its answer tells where it landed.
 */
async function runAt(api: ServiceApi, timer: Timer, expected: () => number, rounds = ROUNDS): Promise<void> {
  for (let round = 0; round < rounds && timer.state === 'running'; round++) {
    const delta = expected() - timer.seconds;
    if (Math.abs(delta) < TOLERANCE_SECONDS) return;
    timer = await api.addOrSubtractTime(timer.project.id, { seconds: Math.round(delta) });
  }
}

const ignore =
  (which: (error: unknown) => boolean) =>
  (error: unknown): undefined => {
    if (which(error)) return undefined;
    throw error;
  };
