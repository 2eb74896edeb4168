// Rows to v1's shapes (spec 002 "Resources and their fields"), the same for JSON and XML (the
// XML writer adds its type and nil attributes). Keys are written as the spec's tables write
// them; the import's answer uses the hyphenated names its row lists.
//
// Decided values of the deprecated fields, which the local service does not keep: time_from and
// time_to null; recently_updated_at = updated_at; formatted_description = description;
// description_text = the description without its tag pieces; money_status invoiced or
// not_invoiced; billable_status billable or unbillable. A project's user_id, budget,
// invoice_recipient_details and cached_tags are null.
import { bool } from '../storage/dialect';
import type { EntryRow } from '../domain/entries';
import type { ProjectRow, ProjectStats } from '../domain/projects';
import type { TagRow } from '../domain/tags';
import type { UserRow } from '../domain/users';
import { permissionsOf } from './roles';

export const userName = (u: UserRow) => [u.first_name, u.last_name].filter((s) => s).join(' ') || u.email;

const tagNames = (tags: TagRow[]) => new Set(tags.map((t) => t.name.toLowerCase()));

function descriptionText(description: string | null, tags: TagRow[]): string | null {
  if (description === null) return null;
  const names = tagNames(tags);
  return description
    .split(',')
    .map((piece) => piece.trim())
    .filter((piece) => piece !== '' && !names.has(piece.toLowerCase()))
    .join(', ');
}

export function entryView(e: EntryRow, user: UserRow, project: ProjectRow | null, tags: TagRow[]) {
  const billable = bool(e.billable);
  return {
    id: e.id,
    date: e.date,
    user_id: e.user_id,
    user_name: userName(user),
    billable,
    created_at: e.created_at,
    updated_at: e.updated_at,
    minutes: e.minutes,
    description: e.description,
    project_id: e.project_id,
    project: project ? { id: project.id, name: project.name } : null,
    tags: tags.map((t) => ({ name: t.name, billable: bool(t.billable), id: t.id })),
    url: e.source_url,
    invoiced_at: e.invoiced_at,
    project_invoice_id: e.invoice_id,
    import_id: e.import_id,
    time_from: null,
    time_to: null,
    recently_updated_at: e.updated_at,
    description_text: descriptionText(e.description, tags),
    formatted_description: e.description,
    money_status: e.invoiced_at === null ? 'not_invoiced' : 'invoiced',
    billable_status: billable ? 'billable' : 'unbillable',
  };
}

/** POST /api/entries/import: "fields: billable, created-at, date, description, id, minutes, project-id, updated-at, url, user-id". */
export function importedEntryView(e: EntryRow) {
  return {
    billable: bool(e.billable),
    'created-at': e.created_at,
    date: e.date,
    description: e.description,
    id: e.id,
    minutes: e.minutes,
    'project-id': e.project_id,
    'updated-at': e.updated_at,
    url: e.source_url,
    'user-id': e.user_id,
  };
}

/** rrggbb (spec 002) of v2's #rgb or #rrggbb. */
function colorHex(color: string | null): string | null {
  if (!color) return null;
  const hex = color.replace(/^#/, '').toLowerCase();
  return hex.length === 3 ? hex.replace(/./g, (c) => c + c) : hex;
}

export function projectView(p: ProjectRow, stats: ProjectStats | undefined, groupName: string | null) {
  const minutes = stats?.minutes ?? 0;
  const budget = p.budget_minutes ?? null;
  return {
    id: p.id,
    name: p.name,
    group_name: groupName,
    project_group_id: p.project_group_id,
    created_at: p.created_at,
    updated_at: p.updated_at,
    minutes,
    billable_minutes: stats?.billable_minutes ?? 0,
    unbillable_minutes: stats?.unbillable_minutes ?? 0,
    invoiced_minutes: stats?.invoiced_minutes ?? 0,
    // Beside the sums spec 002 lists, as v2 shows it (service/README.md "Beyond the spec").
    uninvoiced_minutes: stats?.uninvoiced_minutes ?? 0,
    remaining_minutes: budget === null ? null : budget - minutes,
    budget_minutes: budget,
    billable: bool(p.billable),
    import_id: null,
    enabled: bool(p.enabled),
    color_hex: colorHex(p.color),
    stepping: p.billing_increment,
    user_id: null,
    budget: null,
    account_id: p.account_id,
    invoice_recipient_details: null,
    cached_tags: null,
  };
}

/** `login` appears in the list (spec 002); decided: the e-mail address, which is what one signs in with. */
export function userView(u: UserRow, inList = false) {
  return {
    id: u.id,
    first_name: u.first_name,
    last_name: u.last_name,
    email: u.email,
    ...(inList ? { login: u.email } : {}),
    permissions: permissionsOf(u.role),
    time_format: u.time_format,
    week_start: u.week_start,
    // The account reads #hashtags (v2 does); v1 parses classic tags only without allow_hashtags.
    hashtags: true,
  };
}

export function avatarView(u: UserRow) {
  const url = u.profile_image_url ?? '';
  return { id: u.id, thumbnail: url, avatar: url };
}

export function tagView(t: TagRow) {
  return {
    name: t.name,
    billable: bool(t.billable),
    created_at: t.created_at,
    updated_at: t.updated_at,
    import_id: null,
    account_id: t.account_id,
    id: t.id,
  };
}
