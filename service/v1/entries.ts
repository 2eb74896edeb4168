// Entries of the v1 API (spec 002 "Entries"): list, create, update, delete. Import is
// v1/entryImport.ts. Writes are the entry commands v2 runs too (domain/entryCommands/), given
// v1's reading of the body (v1/entryWrite.ts) and v1's policy (v1/entryPolicy.ts).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { scopeEntryFilters, seesRecord, type Actor } from '../auth/permissions';
import { instant, type Context } from '../context';
import { getEntry, listEntries, type EntryRow } from '../domain/entries';
import { changeEntry } from '../domain/entryCommands/changeEntry';
import { createEntry } from '../domain/entryCommands/createEntry';
import { removeEntry } from '../domain/entryCommands/removeEntry';
import { linkHeader } from '../http/pagination';
import type { Queryable } from '../storage/store';
import { v1Actor } from './auth';
import { readAttributes } from './body';
import { readEntryInput } from './entryInput';
import { readEntryListQuery } from './entryListQuery';
import { entryViews } from './entryViews';
import { v1Duplicate, v1EntryPolicy } from './entryPolicy';
import { changeOf, chooseUser, newEntryOf } from './entryWrite';
import { invalid, notFound } from './errors';
import { parseId } from './format';
import { V1Input } from './input';
import { sendHead, sendList, sendOne } from './reply';
import { entryView } from './views';
import { route } from './route';

/** An entry the actor sees (GAPS.md "Roles"); any other answers as a missing one, 404. */
async function visibleEntry(db: Queryable, actor: Actor, raw: unknown): Promise<EntryRow> {
  const id = parseId(raw);
  const entry = id === null ? undefined : await getEntry(db, actor.accountId, id);
  if (!entry || !(await seesRecord(db, actor, entry))) throw notFound('Entry not found');
  return entry;
}

function entryInputOf(request: FastifyRequest, creating: boolean) {
  const { attributes, format } = readAttributes(request, 'entry');
  const input = new V1Input(attributes, format, 'Entry');
  const values = readEntryInput(input, creating);
  input.check();
  return values;
}

export function v1EntryRoutes(api: FastifyInstance, context: Context): void {
  const { db } = context;

  // Sorted by date, newest first (domain/entryQuery.ts); the next page in the Link header.
  route(api, 'GET', '/entries', async (request, reply) => {
    const actor = v1Actor(request);
    const { filters, page } = await readEntryListQuery(db, actor.accountId, request.query as Record<string, unknown>);
    const scoped = await scopeEntryFilters(db, actor, filters);
    const { rows, total } = await listEntries(db, {
      accountId: actor.accountId,
      filters: scoped.filters,
      onlyUserId: scoped.onlyUserId,
      limit: page.perPage,
      offset: page.offset,
    });
    const link = linkHeader(context.base(request) + request.url, page, total);
    if (link) reply.header('link', link);
    return sendList(request, reply, { listName: 'entries', itemName: 'entry', values: await entryViews(db, rows) });
  });

  route(api, 'POST', '/entries', async (request, reply) => {
    const actor = v1Actor(request);
    const input = entryInputOf(request, true);
    const id = await db.transaction(async (tx) => {
      const chosen = await chooseUser(tx, actor, input.user);
      if ('unusable' in chosen)
        throw invalid(`Invalid data: user: ${chosen.unusable}`, [
          { resource: 'Entry', field: 'user', code: 'missing' },
        ]);
      const entry = { ...newEntryOf(input, chosen.user), duplicate: v1Duplicate };
      return (await createEntry(tx, { actor, entry, policy: v1EntryPolicy, at: instant(context) })).entry.id;
    });
    return sendHead(request, reply, 201, `${context.base(request)}/api/entries/${id}`);
  });

  // Not in spec 002's table, but its Location names /api/entries/<id>: decided, served, so the
  // Location of a create leads somewhere.
  route(api, 'GET', '/entries/:id', async (request, reply) => {
    const entry = await visibleEntry(db, v1Actor(request), request.params.id);
    return sendOne(request, reply, { name: 'entry', value: (await entryViews(db, [entry]))[0]! });
  });

  // Decided: the changed entry is answered (spec 002 shows no body for 200).
  route(api, 'PUT', '/entries/:id', async (request, reply) => {
    const actor = v1Actor(request);
    const entry = await visibleEntry(db, actor, request.params.id);
    const input = entryInputOf(request, false);
    const changed = await db.transaction(
      async (tx) =>
        await changeEntry(tx, {
          actor,
          id: entry.id,
          change: changeOf(actor, input),
          policy: v1EntryPolicy,
          now: instant(context).iso,
        }),
    );
    // Built from what the writes returned.
    const value = entryView(changed.entry, changed.user, changed.project, changed.tags);
    return sendOne(request, reply, { name: 'entry', value });
  });

  route(api, 'DELETE', '/entries/:id', async (request, reply) => {
    const actor = v1Actor(request);
    const entry = await visibleEntry(db, actor, request.params.id);
    await db.transaction(async (tx) => {
      await removeEntry(tx, { actor, id: entry.id, policy: v1EntryPolicy, now: instant(context).iso });
    });
    return sendHead(request, reply, 200);
  });
}
