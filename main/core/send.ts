// Sends one operation so that it takes effect exactly once and means what the user did, however
// late it is sent: after an attempt that may have reached the service, it first looks for what
// that attempt did; sent late, a timer operation first corrects the service's elapsed time to
// what the user saw (the service counts from when it hears of a start or pause, not from when
// the user clicked).

import { isApiError } from '../api/errors';
import type { ServiceApi } from '../api/types';
import { elapsedMinutes } from './minutes';
import type { Operation } from './operations';

export interface SendContext {
  now: number;
  /** An earlier attempt may have reached the service. */
  attempted: boolean;
}

export interface Sent {
  /** The service's id of a created project. */
  projectId?: number;
}

/** Sent later than this after the user acted, timer operations correct the elapsed time. */
export const LATE_MS = 5_000;
/** Differences below this are the network's latency, not offline time: left alone. */
const TOLERANCE_SECONDS = 2;

const notFound = (error: unknown) => isApiError(error) && error.kind === 'not_found';

export async function sendOperation(api: ServiceApi, op: Operation, ctx: SendContext): Promise<Sent> {
  const late = ctx.now - op.at > LATE_MS;
  switch (op.kind) {
    case 'createProject': {
      if (ctx.attempted) {
        for await (const p of api.listProjects({ name: op.name })) if (p.name === op.name) return { projectId: p.id };
      }
      return { projectId: (await api.createProject({ name: op.name })).id };
    }

    case 'startTimer': {
      if (late && op.pauses) await pauseAt(api, op.pauses.projectId, op.pauses.seconds);
      const timer = await api.startTimer(op.projectId, op.description ? { description: op.description } : undefined);
      if (late) await correct(api, op.projectId, op.fromSeconds + (ctx.now - op.at) / 1000 - timer.seconds);
      return {};
    }

    case 'pauseTimer':
      if (late) await pauseAt(api, op.projectId, op.seconds);
      else await api.pauseTimer(op.projectId).catch(ignore(notFound));
      return {};

    case 'logTimer':
      try {
        await api.logTimer(op.projectId, late ? { minutes: elapsedMinutes(op.seconds) } : undefined);
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
 * Pauses a timer with the elapsed seconds the user paused it at. The service only adds or
 * subtracts time on a running timer, so the correction comes first. A timer that is no longer
 * there, or already paused, needs nothing.
 */
async function pauseAt(api: ServiceApi, projectId: number, seconds: number): Promise<void> {
  const timer = await api.getTimer(projectId).catch(ignore(notFound));
  if (!timer || timer.state !== 'running') return;
  await correct(api, projectId, seconds - timer.seconds);
  await api.pauseTimer(projectId).catch(ignore(notFound));
}

async function correct(api: ServiceApi, projectId: number, deltaSeconds: number): Promise<void> {
  if (Math.abs(deltaSeconds) < TOLERANCE_SECONDS) return;
  await api.addOrSubtractTime(projectId, { seconds: Math.round(deltaSeconds) });
}

const ignore =
  (which: (error: unknown) => boolean) =>
  (error: unknown): undefined => {
    if (which(error)) return undefined;
    throw error;
  };
