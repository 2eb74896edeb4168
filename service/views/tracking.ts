// Rows to the wire shapes of wire/serviceTypes.ts. `base` is the scheme and host the client
// used; every _url is absolute (spec 000 conventions 7).
import { bool } from '../storage/dialect';
import type {
  CurrentUser,
  Entry,
  GroupRef,
  InvoiceRef,
  Project,
  ProjectRef,
  Tag,
  TagRef,
  Timer,
  UserRef,
} from '../../wire/serviceTypes';
import type { EntryRow } from '../domain/entries';
import type { ProjectRow, ProjectStats } from '../domain/projects';
import type { TagRow } from '../domain/tags';
import { elapsedMs, type TimerListRow, type TimerProject } from '../domain/timers';
import type { UserRow } from '../domain/users';
import { paths } from '../http/links';
import { formatDuration } from '../time';

export function userRef(base: string, u: UserRow): UserRef {
  return {
    id: u.id,
    email: u.email,
    first_name: u.first_name,
    last_name: u.last_name,
    profile_image_url: u.profile_image_url,
    url: base + paths.user(u.id),
  };
}

export function currentUser(base: string, u: UserRow, entries: number): CurrentUser {
  return {
    ...userRef(base, u),
    state: u.state,
    role: u.role,
    entries,
    entries_url: `${base}${paths.currentUser()}/entries`,
    expenses: 0,
    expenses_url: `${base}${paths.currentUser()}/expenses`,
    time_format: u.time_format,
    week_start: u.week_start[0]!.toUpperCase() + u.week_start.slice(1),
    utc_offset: u.utc_offset,
    send_personal_weekly_report_email: bool(u.send_personal_weekly_report_email),
    send_team_weekly_report_email: bool(u.send_team_weekly_report_email),
    created_at: u.created_at,
    updated_at: u.updated_at,
  };
}

export function projectRef(
  base: string,
  p: Pick<ProjectRow, 'id' | 'name' | 'billable' | 'billing_increment' | 'enabled' | 'color'>,
): ProjectRef {
  return {
    id: p.id,
    name: p.name,
    billing_increment: p.billing_increment,
    enabled: bool(p.enabled),
    billable: bool(p.billable),
    color: p.color,
    url: base + paths.project(p.id),
  };
}

const NO_STATS: ProjectStats = {
  entries: 0,
  minutes: 0,
  billable_minutes: 0,
  unbillable_minutes: 0,
  invoiced_minutes: 0,
  uninvoiced_minutes: 0,
};

/** What the full Project form shows from other resources: its group, invoices and expense count. */
export interface ProjectExtras {
  group?: GroupRef | null;
  invoices?: InvoiceRef[];
  expenses?: number;
}

export interface ProjectOptions {
  stats?: ProjectStats;
  participants?: UserRow[];
  extras?: ProjectExtras;
}

export function project(
  base: string,
  p: ProjectRow,
  { stats = NO_STATS, participants = [], extras = {} }: ProjectOptions = {},
): Project {
  const url = base + paths.project(p.id);
  return {
    ...projectRef(base, p),
    group: extras.group ?? null,
    minutes: stats.minutes,
    billable_minutes: stats.billable_minutes,
    unbillable_minutes: stats.unbillable_minutes,
    invoiced_minutes: stats.invoiced_minutes,
    // A budget is set through v1 (budget-minutes); what remains of it may fall below zero.
    remaining_minutes: p.budget_minutes == null ? null : p.budget_minutes - stats.minutes,
    budgeted_minutes: p.budget_minutes ?? null,
    // Beyond spec 001, as the real service sends them (service/README.md "Beyond the spec").
    description: p.description ?? '',
    uninvoiced_minutes: stats.uninvoiced_minutes,
    import: null,
    invoices: extras.invoices ?? [],
    participants: participants.map((u) => userRef(base, u)),
    entries: stats.entries,
    entries_url: `${url}/entries`,
    expenses: extras.expenses ?? 0,
    expenses_url: `${url}/expenses`,
    created_at: p.created_at,
    updated_at: p.updated_at,
    merge_url: `${url}/merge`,
    archive_url: `${url}/archive`,
    unarchive_url: `${url}/unarchive`,
  };
}

export function tagRef(base: string, t: TagRow): TagRef {
  return {
    id: t.id,
    name: t.name,
    billable: bool(t.billable),
    formatted_name: `#${t.name}`,
    url: base + paths.tag(t.id),
  };
}

export function tag(base: string, t: TagRow, entries: number): Tag {
  const url = base + paths.tag(t.id);
  return {
    ...tagRef(base, t),
    import: null,
    entries,
    entries_url: `${url}/entries`,
    merge_url: `${url}/merge`,
    created_at: t.created_at,
    updated_at: t.updated_at,
  };
}

export interface EntryOptions {
  user: UserRow;
  proj: ProjectRow | null;
  tags: TagRow[];
  approvedBy: UserRow | null;
  invoice?: InvoiceRef | null;
}

export function entry(
  base: string,
  e: EntryRow,
  { user, proj, tags, approvedBy, invoice = null }: EntryOptions,
): Entry {
  const url = base + paths.entry(e.id);
  return {
    id: e.id,
    date: e.date,
    user: userRef(base, user),
    billable: bool(e.billable),
    minutes: e.minutes,
    description: e.description,
    project: proj ? projectRef(base, proj) : null,
    tags: tags.map((t) => tagRef(base, t)),
    source_url: e.source_url,
    invoiced_at: e.invoiced_at,
    invoice,
    import: e.import_id === null ? null : { id: e.import_id, url: `${base}/v2/imports/${e.import_id}` },
    approved_at: e.approved_at,
    approved_by: approvedBy ? userRef(base, approvedBy) : null,
    url,
    invoiced_outside_of_service_url: `${url}/marked_as_invoiced`,
    approved_url: `${url}/approved`,
    unapproved_url: `${url}/unapproved`,
    created_at: e.created_at,
    updated_at: e.updated_at,
  };
}

export function timer(
  base: string,
  t: TimerListRow,
  { user, proj, nowMs }: { user: UserRow; proj: TimerProject; nowMs: number },
): Timer {
  const url = base + paths.timer(t.project_id);
  const seconds = Math.floor(elapsedMs(t, nowMs) / 1000);
  return {
    id: t.id,
    state: t.state,
    seconds,
    formatted_time: formatDuration(seconds),
    date: t.date,
    description: t.description,
    user: userRef(base, user),
    project: projectRef(base, proj),
    url,
    start_url: `${url}/start`,
    pause_url: `${url}/pause`,
    add_or_subtract_time_url: `${url}/add_or_subtract_time`,
    log_url: `${url}/log`,
  };
}
