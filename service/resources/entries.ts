// Entries (spec 001 "Entries"): list with every filter, create, show, update, delete. Writes are
// the entry commands v1 runs too (domain/entryCommands/), given v2's policy (resources/entryPolicy.ts).
import type { FastifyInstance } from 'fastify';
import type { Entry } from '../../wire/serviceTypes';
import { actorOf } from '../auth/authenticate';
import { scopeEntryFilters, seesRecord, seesUser, type Actor } from '../auth/permissions';
import { instant, type Context } from '../context';
import { getEntry, type EntryFilters, type EntryRow } from '../domain/entries';
import { changeEntry } from '../domain/entryCommands/changeEntry';
import { createEntry } from '../domain/entryCommands/createEntry';
import { removeEntry } from '../domain/entryCommands/removeEntry';
import { parseHashtags } from '../domain/hashtags';
import { projectsByIds } from '../domain/projects';
import { tagsOfEntries } from '../domain/tags';
import { getUser, usersByIds, type UserRow } from '../domain/users';
import { notFound, refused } from '../http/errors';
import { bodyOf, LIMITS, pathId, queryOf, type Fields } from '../http/fields';
import { paths } from '../http/links';
import { readPage } from '../http/pagination';
import type { Queryable } from '../storage/store';
import * as view from '../views/tracking';
import { sendEntryPage } from './entryPage';
import { refuseV2Locks, v2EntryPolicy } from './entryPolicy';
import { invoiceRefsFor } from './invoiceRefs';

export async function entryViews(db: Queryable, base: string, rows: EntryRow[]): Promise<Entry[]> {
  const users = await usersByIds(
    db,
    rows.flatMap((e) => (e.approved_by_id === null ? [e.user_id] : [e.user_id, e.approved_by_id])),
  );
  const projects = await projectsByIds(
    db,
    rows.flatMap((e) => (e.project_id === null ? [] : [e.project_id])),
  );
  const tags = await tagsOfEntries(
    db,
    rows.map((e) => e.id),
  );
  const invoiceOf = await invoiceRefsFor(db, base, rows);
  return rows.map((e) =>
    view.entry(base, e, {
      user: users.get(e.user_id)!,
      proj: e.project_id === null ? null : projects.get(e.project_id)!,
      tags: tags.get(e.id) ?? [],
      approvedBy: e.approved_by_id === null ? null : users.get(e.approved_by_id)!,
      invoice: invoiceOf(e),
    }),
  );
}

/** The entry list filters of spec 001, for every list of entries (see resources/entryList.ts). */
export function readFilters(f: Fields): EntryFilters {
  return {
    user_ids: f.ids('user_ids'),
    project_ids: f.ids('project_ids'),
    tag_ids: f.ids('tag_ids'),
    invoice_ids: f.ids('invoice_ids'),
    import_ids: f.ids('import_ids'),
    approved_by_ids: f.ids('approved_by_ids'),
    description: f.text('description') ?? undefined,
    tag_filter_type: f.oneOf('tag_filter_type', ['and', 'combination of'] as const),
    from: f.date('from'),
    to: f.date('to'),
    invoiced: f.boolean('invoiced'),
    invoiced_at_from: f.date('invoiced_at_from'),
    invoiced_at_to: f.date('invoiced_at_to'),
    updated_from: f.timestamp('updated_from'),
    updated_to: f.timestamp('updated_to'),
    billable: f.boolean('billable'),
    approved_at_from: f.date('approved_at_from'),
    approved_at_to: f.date('approved_at_to'),
  };
}

/**
 * The user an entry is logged for, named by user_id: oneself, or another user of the account (who
 * may log for them is the entry commands' rule, domain/entryCommands/entryGuards.ts).
 */
async function entryUser(db: Queryable, actor: Actor, userId: number): Promise<UserRow> {
  if (userId === actor.userId) return actor.user;
  // A user the actor may not see (contractors see only themselves) names nobody, as a missing one.
  const user = await getUser(db, actor.accountId, userId);
  if (!user || !seesUser(actor, userId)) throw refused('Entry', 'user_id', 'missing', `User ${userId} does not exist`);
  return user;
}

async function visibleEntry(db: Queryable, actor: Actor, rawId: unknown): Promise<EntryRow> {
  return await seen(db, actor, await getEntry(db, actor.accountId, pathId(rawId, 'Entry')));
}

async function seen(db: Queryable, actor: Actor, entry: EntryRow | undefined): Promise<EntryRow> {
  // An entry the role may not see answers as a missing one (auth/permissions.ts).
  if (!entry || !(await seesRecord(db, actor, entry))) throw notFound('Entry not found');
  return entry;
}

type WithId = { Params: { id: string } };

export function entryRoutes(app: FastifyInstance, context: Context): void {
  registerEntryListAndCreate(app, context);
  registerEntryShowAndUpdate(app, context);
  registerEntryDelete(app, context);
}

function registerEntryListAndCreate(app: FastifyInstance, context: Context): void {
  const { db } = context;
  app.get('/v2/entries', async (request, reply) => {
    const actor = actorOf(request);
    const f = queryOf(request.query, 'Entry');
    const filters = readFilters(f);
    f.check();
    const page = readPage(request.query as Record<string, unknown>, 'Entry');
    const scoped = await scopeEntryFilters(db, actor, filters);
    return await sendEntryPage(context, request, reply, { accountId: actor.accountId, scoped, page });
  });

  app.post('/v2/entries', async (request, reply) => {
    const actor = actorOf(request);
    const f = bodyOf(request.body, 'Entry');
    const date = f.date('date', { required: true });
    const minutes = f.integer('minutes', { required: true, min: 0, max: LIMITS.minutes });
    const userId = f.id('user_id');
    const description = f.text('description') ?? null;
    const choice = { project_id: f.id('project_id'), project_name: f.text('project_name', { max: LIMITS.name }) };
    const sourceUrl = f.text('source_url', { max: LIMITS.url }) ?? null;
    f.check();
    const written = await db.transaction(async (tx) => {
      const user = await entryUser(tx, actor, userId ?? actor.userId);
      const entry = {
        user,
        choice,
        date: date!,
        minutes: minutes!,
        described: { description, tags: parseHashtags(description) },
        sourceUrl,
      };
      return await createEntry(tx, { actor, entry, policy: v2EntryPolicy, at: instant(context) });
    });
    const base = context.base(request);
    reply.code(201).header('location', base + paths.entry(written.entry.id));
    // Built from what the writes returned: a new entry has no approval and no invoice.
    return view.entry(base, written.entry, {
      user: written.user,
      proj: written.project,
      tags: written.tags,
      approvedBy: null,
    });
  });
}

function registerEntryShowAndUpdate(app: FastifyInstance, context: Context): void {
  const { db } = context;
  app.get<WithId>('/v2/entries/:id', async (request) => {
    const entry = await visibleEntry(db, actorOf(request), request.params.id);
    return (await entryViews(db, context.base(request), [entry]))[0];
  });

  // Spec 001: user_id and project_id stay as they are when absent, but absent minutes mean 0.
  app.put<WithId>('/v2/entries/:id', async (request) => {
    const actor = actorOf(request);
    const entry = await visibleEntry(db, actor, request.params.id);
    const f = bodyOf(request.body, 'Entry');
    const date = f.date('date');
    const minutes = f.integer('minutes', { min: 0, max: LIMITS.minutes });
    const userId = f.id('user_id');
    const description = f.text('description');
    const choice = { project_id: f.id('project_id'), project_name: f.text('project_name', { max: LIMITS.name }) };
    const sourceUrl = f.text('source_url', { max: LIMITS.url });
    f.check();
    // Refused before any transaction as first read; the command checks again what it locks.
    refuseV2Locks(actor, entry);
    const changed = await db.transaction(
      async (tx) =>
        await changeEntry(tx, {
          actor,
          id: entry.id,
          change: {
            user: userId ? (tx) => entryUser(tx, actor, userId) : undefined,
            choice,
            date,
            minutes: minutes ?? 0,
            described: description === undefined ? undefined : { description, tags: parseHashtags(description) },
            sourceUrl,
          },
          policy: v2EntryPolicy,
          now: instant(context).iso,
        }),
    );
    // Built from what the writes returned: the lock rule refused approved and invoiced entries.
    return view.entry(context.base(request), changed.entry, {
      user: changed.user,
      proj: changed.project,
      tags: changed.tags,
      approvedBy: null,
    });
  });
}

function registerEntryDelete(app: FastifyInstance, context: Context): void {
  const { db } = context;
  // Decided: the spec only names this operation; it answers 204 like every v2 delete.
  app.delete<WithId>('/v2/entries/:id', async (request, reply) => {
    const actor = actorOf(request);
    const entry = await visibleEntry(db, actor, request.params.id);
    refuseV2Locks(actor, entry);
    await db.transaction(async (tx) => {
      await removeEntry(tx, { actor, id: entry.id, policy: v2EntryPolicy, now: instant(context).iso });
    });
    return reply.code(204).send();
  });
}
