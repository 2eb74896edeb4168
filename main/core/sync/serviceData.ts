// What core last read from the service, already in the snapshot's shapes. The snapshot is this
// plus the outbox's operations applied on top (snapshot.ts), so a fresh read never loses what the
// user did that the service has not seen yet.

import type { CurrentUser, Entry, ProjectRef, Timer } from '../../api/types';
import type { EntryView, ProjectView, Snapshot, TimerView } from '../../../common/snapshot';
import type { WeekRange, WeekStart } from '../../../common/week';
import { DEFAULT_TIME_FORMAT, type TimeFormat } from '../../../common/format';
import { SENT } from '../../../common/savedHere';

export interface ServiceData {
  user: Snapshot['user'];
  userId: number | null;
  projects: ProjectView[];
  /** In the service's order: the running timer first. */
  timers: TimerView[];
  /** Entries of one local day; read again when the day changes. */
  entries: { date: string; list: EntryView[] } | null;
  /** The user's first day of the week (GET /v2/current_user week_start). */
  weekStart: WeekStart;
  /** How the user reads durations (GET /v2/current_user time_format). */
  timeFormat: TimeFormat;
  /** Entries of the week the window shows (read with today's: one request when it holds today). */
  week: (WeekRange & { list: EntryView[] }) | null;
}

export const emptyServiceData = (): ServiceData => ({
  user: null,
  userId: null,
  projects: [],
  timers: [],
  entries: null,
  weekStart: 'monday',
  timeFormat: DEFAULT_TIME_FORMAT,
  week: null,
});

export const projectView = (p: ProjectRef): ProjectView => ({
  id: p.id,
  name: p.name,
  color: p.color ?? null,
  billingIncrement: p.billing_increment,
  enabled: p.enabled,
  billable: p.billable,
});

/** asOf: when the answer arrived, the moment `seconds` was true. */
export const timerView = (t: Timer, asOf: number): TimerView => ({
  projectId: t.project.id,
  projectName: t.project.name,
  color: t.project.color ?? null,
  state: t.state,
  seconds: t.seconds,
  asOf,
  description: t.description || null,
  status: SENT,
});

export const entryView = (e: Entry): EntryView => ({
  key: String(e.id),
  id: e.id,
  date: e.date,
  minutes: e.minutes,
  description: e.description || null,
  projectName: e.project?.name ?? null,
  projectId: e.project?.id ?? null,
  billable: e.billable,
  ...unbillableTagsOf(e),
  ...lockOf(e),
  status: SENT,
});

/**
 * What the service refuses to change (service/resources/entries.ts `changeable`): an approved
 * entry (approved_and_locked; by whom, where it says), one on its invoice (already_invoiced). One
 * marked as invoiced outside the service (invoiced_at with no invoice) stays editable there.
 */
function lockOf(e: Entry): Pick<EntryView, 'locked'> {
  if (e.approved_at) {
    const who = e.approved_by;
    const by = who && ([who.first_name, who.last_name].filter(Boolean).join(' ') || who.email);
    return { locked: by ? { reason: 'approved', by } : { reason: 'approved' } };
  }
  return e.invoice ? { locked: { reason: 'invoiced' } } : {};
}

/** The entry's unbillable tags by name (the Billable checkbox takes them out, common/billableTags.ts); nothing when none. */
function unbillableTagsOf(e: Entry): Pick<EntryView, 'unbillableTags'> {
  const names = (e.tags ?? []).filter((t) => !t.billable).map((t) => t.name);
  return names.length > 0 ? { unbillableTags: names } : {};
}

export const userView = (u: CurrentUser): NonNullable<Snapshot['user']> => ({
  name: [u.first_name, u.last_name].filter(Boolean).join(' ') || u.email,
  email: u.email,
});
