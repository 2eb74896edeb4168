// Entries (logged time): writes that round minutes to the project's increment and link the
// description's #hashtags, and the filtered list of spec 001 "GET /v2/entries".
import { refused } from '../http/errors';
import { rowLock } from '../storage/dialect';
import { lockWithin, PROJECTS_OF_ACCOUNT } from '../storage/narrowLocks';
import type { Queryable } from '../storage/store';
import { findProjectByName, getProject, insertProject, projectForEntry, type ProjectRow } from './projects';
import { roundUpMinutes } from './rounding';
import { ENTRY_BILLABLE } from './sqlText';
import { countEntries, entryWhere } from './entryQuery';
import { linkTags, tagsOfEntries, type TagRow } from './tags';
import { parseHashtags, type ParsedTag } from './hashtags';
import type { EntryFilters } from '../../wire/serviceTypes';

export interface EntryRow {
  id: number;
  account_id: number;
  user_id: number;
  project_id: number | null;
  date: string;
  minutes: number;
  description: string | null;
  source_url: string | null;
  invoiced_at: string | null;
  invoice_id: number | null;
  import_id: number | null;
  approved_at: string | null;
  approved_by_id: number | null;
  created_at: string;
  updated_at: string;
  /** computed: the project and every tag are billable */
  billable: number;
}

export interface EntryValues {
  userId: number;
  projectId: number | null;
  date: string;
  /** as given; stored rounded up to the project's billing increment */
  minutes: number;
  description: string | null;
  sourceUrl: string | null;
  /**
   * The tags to link, parsed by the caller's rule (v2's #hashtags, v1's classic tags). Absent: an
   * insert links the description's #hashtags; an update keeps the links the entry has.
   */
  tags?: ParsedTag[];
  /** Stored as given, not rounded up (v1: spec 002 leaves rounding to the increment to the client). */
  exactMinutes?: boolean;
  /** The row of projectId (null: none) when the caller has read it already: not read again. */
  project?: ProjectRow | null;
}

/** The entry's project row as the caller gave it, undefined when it gave none (or another one). */
const givenProject = (values: EntryValues) =>
  values.project !== undefined && (values.project?.id ?? null) === values.projectId ? values.project : undefined;

const SELECT = `SELECT e.*, ${ENTRY_BILLABLE} AS billable FROM entries e LEFT JOIN projects p ON p.id = e.project_id`;

export async function getEntry(db: Queryable, accountId: number, id: number): Promise<EntryRow | undefined> {
  return (await db.get(`${SELECT} WHERE e.account_id = ? AND e.id = ?`, accountId, id)) as EntryRow | undefined;
}

/**
 * The entry as a write transaction must read it before changing it from what it read (its
 * approval, its invoice): locked on PostgreSQL, so an approval, an invoice or another edit racing
 * on another instance waits, and this transaction reads what the one before it left.
 */
export async function lockedEntry(tx: Queryable, accountId: number, id: number): Promise<EntryRow | undefined> {
  return (await tx.get(`${SELECT} WHERE e.account_id = ? AND e.id = ?${rowLock(tx, 'UPDATE', 'e')}`, accountId, id)) as
    | EntryRow
    | undefined;
}

export interface ProjectChoice {
  project_id?: number | null;
  project_name?: string | null;
}

/**
 * The project an entry goes to (spec 001 POST/PUT /v2/entries): project_id when given; else
 * project_name, creating that project when the account has none of the name; else none when
 * project_id was sent null; else undefined (keep the current one). Archived projects refuse.
 */
export async function chooseEntryProject(
  db: Queryable,
  accountId: number,
  choice: ProjectChoice,
  now: string,
): Promise<ProjectRow | null | undefined> {
  let project: ProjectRow | undefined;
  if (typeof choice.project_id === 'number') {
    project = await projectForEntry(db, accountId, choice.project_id);
    if (!project) throw refused('Entry', 'project_id', 'missing', `Project ${choice.project_id} does not exist`);
  } else if (choice.project_name) {
    project = await findOrCreateProject(db, accountId, choice.project_name, now);
  } else {
    return choice.project_id === null ? null : undefined;
  }
  return refuseArchived(project);
}

/**
 * The project of the name, created when the account has none. Creation waits for the account's
 * other project creations (narrowLocks.ts) and looks again: two entries naming the same new
 * project at once, on two instances, make one project, and the project limit counts them all.
 */
async function findOrCreateProject(db: Queryable, accountId: number, name: string, now: string): Promise<ProjectRow> {
  const found = await findProjectByName(db, accountId, name);
  if (found) return found;
  await lockWithin(db, PROJECTS_OF_ACCOUNT, accountId);
  return (
    (await findProjectByName(db, accountId, name)) ??
    (await insertProject(db, accountId, { name, billable: true, billing_increment: 15, color: null }, now))
  );
}

/** Entries of an archived project can be neither created nor changed (decided for changes). */
export function refuseArchived(project: ProjectRow): ProjectRow {
  if (!project.enabled)
    throw refused(
      'Entry',
      'project_id',
      'archived_project',
      `Project "${project.name}" is archived: its entries cannot change`,
    );
  return project;
}

async function increment(db: Queryable, accountId: number, projectId: number | null): Promise<number | null> {
  return projectId === null ? null : ((await getProject(db, accountId, projectId))?.billing_increment ?? null);
}

async function storedMinutes(db: Queryable, accountId: number, values: EntryValues): Promise<number> {
  if (values.exactMinutes) return values.minutes;
  const project = givenProject(values);
  const step =
    project === undefined ? await increment(db, accountId, values.projectId) : (project?.billing_increment ?? null);
  return roundUpMinutes(values.minutes, step);
}

/** The tags an entry links: those given, else the #hashtags of its description. */
const entryTags = (values: EntryValues) => values.tags ?? parseHashtags(values.description);

/** An entry just written, with what its answer needs besides: its tags. */
export interface WrittenEntry {
  entry: EntryRow;
  tags: TagRow[];
}

/** As ENTRY_BILLABLE computes it: the project and every tag billable. */
const billableOf = (project: ProjectRow | null, tags: TagRow[]) =>
  (project === null || project.billable === 1) && tags.every((t) => t.billable === 1) ? 1 : 0;

/**
 * Inserts the entry and links its tags; answers the row as getEntry reads it, built from what
 * the writes returned.
 */
export async function insertEntry(
  db: Queryable,
  accountId: number,
  values: EntryValues,
  now: string,
): Promise<WrittenEntry> {
  const minutes = await storedMinutes(db, accountId, values);
  const row = (await db.get(
    `INSERT INTO entries (account_id, user_id, project_id, date, minutes, description, source_url, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING *`,
    accountId,
    values.userId,
    values.projectId,
    values.date,
    minutes,
    values.description,
    values.sourceUrl,
    now,
    now,
  )) as Omit<EntryRow, 'billable'>;
  const id = Number(row.id);
  const tags = await linkTags(db, { table: 'entry_tags', ownerId: id, accountId, tags: entryTags(values), now });
  const project = await projectOf(db, accountId, values);
  return { entry: { ...row, id, billable: billableOf(project, tags) }, tags };
}

/** The row of the entry's project: the one given, else read. */
async function projectOf(db: Queryable, accountId: number, values: EntryValues): Promise<ProjectRow | null> {
  const given = givenProject(values);
  if (given !== undefined) return given;
  return values.projectId === null ? null : ((await getProject(db, accountId, values.projectId)) ?? null);
}

export interface UpdateEntryOptions {
  accountId: number;
  id: number;
  /** The new values; `tags` are the links to make, absent: the links stay as they are. */
  values: EntryValues;
  now: string;
}

/**
 * Writes the entry's new values and, when given tags, its new links; answers the row as getEntry
 * reads it, built from what the writes returned (and its kept tags, read).
 */
export async function updateEntry(
  db: Queryable,
  { accountId, id, values, now }: UpdateEntryOptions,
): Promise<WrittenEntry> {
  const minutes = await storedMinutes(db, accountId, values);
  const row = (await db.get(
    'UPDATE entries SET user_id = ?, project_id = ?, date = ?, minutes = ?, description = ?, source_url = ?, updated_at = ? WHERE id = ? RETURNING *',
    values.userId,
    values.projectId,
    values.date,
    minutes,
    values.description,
    values.sourceUrl,
    now,
    id,
  )) as Omit<EntryRow, 'billable'>;
  const tags =
    values.tags === undefined
      ? ((await tagsOfEntries(db, [id])).get(id) ?? [])
      : await linkTags(db, { table: 'entry_tags', ownerId: id, accountId, tags: values.tags, now });
  const project = await projectOf(db, accountId, values);
  return { entry: { ...row, id: Number(row.id), billable: billableOf(project, tags) }, tags };
}

export async function deleteEntry(db: Queryable, id: number): Promise<void> {
  await db.run('DELETE FROM entries WHERE id = ?', id);
}

export type { EntryFilters };

export interface ListEntriesOptions {
  accountId: number;
  filters: EntryFilters;
  onlyUserId: number | null;
  limit: number;
  offset: number;
}

/**
 * Entries of the filters as rows, for callers that want EntryRow objects. The HTTP lists answer
 * through resources/entryPage.ts instead, from the same WHERE clause (domain/entryQuery.ts).
 */
export async function listEntries(
  db: Queryable,
  { accountId, filters, onlyUserId, limit, offset }: ListEntriesOptions,
): Promise<{ rows: EntryRow[]; total: number }> {
  const w = entryWhere(db.dialect, accountId, filters, { onlyUserId });
  // Most recent date first; among one date the newest entry first.
  const rows = (await db.all(
    `${SELECT} WHERE ${w} ORDER BY e.date DESC, e.id DESC LIMIT ? OFFSET ?`,
    ...w.params,
    limit,
    offset,
  )) as EntryRow[];
  return { rows, total: await countEntries(db, w) };
}
