// The reads that refresh core's copy of the service's data, one per part of it.

import { collect, type ServiceApi } from '../../api/types';
import type { Collection } from '../model/operations';
import { entryView, projectView, timerView, userView, type ServiceData } from './serviceData';
import { inWeek, weekStartOf } from '../../../common/week';
import type { TimerClock } from '../../api/clock';
import type { WorkerView } from './workerView';

export type Read = 'user' | Collection;

/** In this order when several are due: entries need the user's id. */
export const READS: readonly Read[] = ['user', 'projects', 'timers', 'entries'];

/**
 * The largest page the spec allows (000: "up to 1000 items per page"; 30 by default). At the 2
 * requests/s limit, 10 000 of today's entries take 10 requests (5 s) instead of 334 (almost 3 min).
 */
const PAGE = 1000;

export interface ReadContext {
  api: ServiceApi;
  /** A timer read is stamped by it as it arrives. */
  clock: Pick<TimerClock, 'now'>;
  /** Today's date and the week the window shows, whose entries are read. */
  view: Pick<WorkerView, 'today' | 'week'>;
  userId: number | null;
}

export async function readPart(what: Read, ctx: ReadContext): Promise<Partial<ServiceData>> {
  const { api } = ctx;
  switch (what) {
    case 'user': {
      const user = await api.getCurrentUser();
      return {
        user: userView(user),
        userId: user.id,
        weekStart: weekStartOf(user.week_start),
        timeFormat: user.time_format === 'fraction' ? 'fraction' : 'hours_minutes',
      };
    }
    case 'projects':
      return { projects: await collectViews(api.listProjects({ per_page: PAGE }), projectView) };
    case 'timers': {
      // Stamped when the answer arrived. Not the midpoint of asking and answering: a read retried
      // after a timeout and a backoff spans both attempts, and its midpoint lies long before the
      // answering attempt, so every running timer would show (and log) time it never had (the
      // chaos test caught this). At arrival, the error is one attempt's answer latency, late.
      const timers = await collect(api.listTimers());
      const asOf = ctx.clock.now();
      return { timers: timers.map((t) => timerView(t, asOf)) };
    }
    case 'entries': {
      // Only the user's own: a supervisor may see everyone's.
      const userId = ctx.userId ?? (await api.getCurrentUser()).id;
      const date = ctx.view.today();
      const read = (from: string, to: string) =>
        collectViews(api.listEntries({ from, to, user_ids: [userId], per_page: PAGE }), entryView);
      const week = ctx.view.week();
      // The shown week in one read (one request per 1000 entries); today's are among them when it
      // holds today, else today is read on its own.
      const weekList = await read(week.start, week.end);
      const list = inWeek(date, week) ? weekList.filter((e) => e.date === date) : await read(date, date);
      return { userId, entries: { date, list }, week: { ...week, list: weekList } };
    }
  }
}

/**
 * Each item reduced to core's view as it arrives, so a page's full service objects are garbage
 * once it is read rather than all held until the last page: 10 000 entries peak at a tenth of
 * their full size on top of the views.
 */
async function collectViews<T, V>(items: AsyncIterable<T>, view: (item: T) => V): Promise<V[]> {
  const out: V[] = [];
  for await (const item of items) out.push(view(item));
  return out;
}
