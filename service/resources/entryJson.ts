// A page of entries written straight to JSON text. An entry list of 1000 is the service's biggest
// answer (about 1 MB); building 1000 Entry objects and then stringifying them cost twice the
// query. Here each user, project and tag of the page is serialised once and spliced into every
// entry that refers to it, and only the entry's own strings are escaped.
//
// The shape must stay exactly view.entry's (views/tracking.ts), which answers single entries:
// test/integration/service/resources/entryLists.test.ts compares every list item with GET /v2/entries/:id.
import { nocase, idList, bool } from '../storage/dialect';
import type { Queryable } from '../storage/store';
import type { PageRow } from '../domain/entryQuery';
import { jsonList } from '../domain/sqlText';
import { paths } from '../http/links';
import { invoiceRefJsonFor } from './invoiceRefs';

const str = (v: string | null) => (v === null ? 'null' : JSON.stringify(v));

interface TagPart {
  json: string;
  billable: boolean;
  /** position in (name COLLATE NOCASE, id) order, the order of an entry's tags */
  rank: number;
}

async function userParts(db: Queryable, base: string, ids: number[]): Promise<Map<number, string>> {
  const parts = new Map<number, string>();
  if (ids.length === 0) return parts;
  const rows = (await db.arrays(
    `SELECT id, email, first_name, last_name, profile_image_url FROM users WHERE id IN ${idList(db.dialect)}`,
    jsonList(ids),
  )) as Array<[number, string, string | null, string | null, string | null]>;
  for (const [id, email, first, last, image] of rows) {
    parts.set(
      id,
      `{"id":${id},"email":${str(email)},"first_name":${str(first)},"last_name":${str(last)},"profile_image_url":${str(image)},"url":${str(base + paths.user(id))}}`,
    );
  }
  return parts;
}

async function projectParts(
  db: Queryable,
  base: string,
  ids: number[],
): Promise<Map<number, { json: string; billable: boolean }>> {
  const parts = new Map<number, { json: string; billable: boolean }>();
  if (ids.length === 0) return parts;
  const rows = (await db.arrays(
    `SELECT id, name, billing_increment, enabled, billable, color FROM projects WHERE id IN ${idList(db.dialect)}`,
    jsonList(ids),
  )) as Array<[number, string, number, number, number, string | null]>;
  for (const [id, name, increment, enabled, billable, color] of rows) {
    parts.set(id, {
      json: `{"id":${id},"name":${str(name)},"billing_increment":${increment},"enabled":${bool(enabled)},"billable":${bool(billable)},"color":${str(color)},"url":${str(base + paths.project(id))}}`,
      billable: bool(billable),
    });
  }
  return parts;
}

async function tagParts(db: Queryable, base: string, ids: number[]): Promise<Map<number, TagPart>> {
  const parts = new Map<number, TagPart>();
  if (ids.length === 0) return parts;
  const rows = (await db.arrays(
    `SELECT id, name, billable FROM tags WHERE id IN ${idList(db.dialect)} ORDER BY ${nocase(db.dialect, 'name')}, id`,
    jsonList(ids),
  )) as Array<[number, string, number]>;
  rows.forEach(([id, name, billable], rank) => {
    parts.set(id, {
      json: `{"id":${id},"name":${str(name)},"billable":${bool(billable)},"formatted_name":${str(`#${name}`)},"url":${str(base + paths.tag(id))}}`,
      billable: bool(billable),
      rank,
    });
  });
  return parts;
}

/** The JSON array of Entry for the rows, in their order. */
export async function entriesJson(db: Queryable, base: string, rows: PageRow[]): Promise<string> {
  if (rows.length === 0) return '[]';
  const userIds = new Set<number>();
  const projectIds = new Set<number>();
  const tagLists = new Set<string>();
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i]!;
    userIds.add(r[1]);
    if (r[11] !== null) userIds.add(r[11]);
    if (r[2] !== null) projectIds.add(r[2]);
    if (r[14] !== null) tagLists.add(r[14]);
  }
  const tagIds = new Set<number>();
  for (const list of tagLists) for (const t of list.split(',')) tagIds.add(Number(t));
  // Four independent reads, at once: on PostgreSQL each is a round trip on a pooled connection.
  const [users, projects, tags, invoices] = await Promise.all([
    userParts(db, base, [...userIds]),
    projectParts(db, base, [...projectIds]),
    tagParts(db, base, [...tagIds]),
    invoiceRefJsonFor(
      db,
      base,
      rows.map((r) => r[8]),
    ),
  ]);
  const entryUrl = JSON.stringify(base + paths.entry(0)).slice(0, -2); // '"http://host/v2/entries/'
  const importUrl = JSON.stringify(`${base}/v2/imports/`).slice(0, -1);

  // Entries share a few combinations of tags: each combination is written once.
  const tagSets = new Map<string, { json: string; billable: boolean }>();
  const tagSet = (list: string) => {
    let set = tagSets.get(list);
    if (!set) {
      const own = list
        .split(',')
        .map((t) => tags.get(Number(t))!)
        .sort((a, b) => a.rank - b.rank);
      set = { json: own.map((t) => t.json).join(','), billable: own.every((t) => t.billable) };
      tagSets.set(list, set);
    }
    return set;
  };

  // One growing string: V8 appends in place, where an array of row strings joined at the end
  // costs half as much again.
  let out = '[';
  for (let i = 0; i < rows.length; i++) {
    // Indexed reads: destructuring an array goes through its iterator.
    const r = rows[i]!;
    const id = r[0];
    const projectId = r[2];
    const importId = r[9];
    const approvedById = r[11];
    const tagList = r[14];
    const project = projectId === null ? undefined : projects.get(projectId);
    const set = tagList === null ? undefined : tagSet(tagList);
    const billable = (project ? project.billable : true) && (set ? set.billable : true);
    const url = `${entryUrl}${id}`;
    if (i > 0) out += ',';
    out +=
      `{"id":${id},"date":${str(r[3])},"user":${users.get(r[1])},"billable":${billable},"minutes":${r[4]},"description":${str(r[5])},` +
      `"project":${project ? project.json : 'null'},"tags":[${set ? set.json : ''}],"source_url":${str(r[6])},"invoiced_at":${str(r[7])},"invoice":${invoices(r[8])},` +
      `"import":${importId === null ? 'null' : `{"id":${importId},"url":${importUrl}${importId}"}`},"approved_at":${str(r[10])},` +
      `"approved_by":${approvedById === null ? 'null' : users.get(approvedById)},"url":${url}","invoiced_outside_of_service_url":${url}/marked_as_invoiced",` +
      `"approved_url":${url}/approved","unapproved_url":${url}/unapproved","created_at":${str(r[12])},"updated_at":${str(r[13])}}`;
  }
  return `${out}]`;
}
