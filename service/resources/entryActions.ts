// Approval and invoicing actions on entries (spec 001 entries table and Entry state table):
// approved, unapproved and marked_as_invoiced, on one entry or (bulk) on entry_ids, where the
// entries that cannot take the action are skipped. Each change emits its webhook event through
// the events seam inside its transaction.
//
// Decided where the spec is silent:
// - Roles: approving and unapproving take a role that approves anyone's entries (owner,
//   supervisor, leader; GAPS.md "Roles"); marking as invoiced takes one that makes invoices
//   (owner, supervisor). Others get 403 whatever the entry.
// - PUT unapproved on an entry that is not approved answers 400, code not_approved (field base);
//   like approval, it is refused in an archived project (archived_project).
// - PUT /v2/entries/unapproved (bulk, only named by the spec) takes entry_ids like the bulk approve.
// - marked_as_invoiced stores the date as that day's midnight UTC (invoiced_at is a timestamp).
import type { Queryable } from '../storage/store';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../auth/authenticate';
import { approvesEntries, managesInvoicesAndWebhooks, type Actor } from '../auth/permissions';
import { instant, type Context } from '../context';
import { entryMarks, setApproval, setInvoiced, type EntryMarks } from '../domain/entryActions';
import { emitEntryEvents, type EntryEvent } from '../events/emit';
import { forbidden, notFound, refused } from '../http/errors';
import { bodyOf, pathId } from '../http/fields';
import { readIdArray } from '../http/moneyFields';

type WithId = { Params: { id: string } };

/** Why an entry cannot take an action, as the error the single-entry call answers; null when it can. */
type Check = (entry: EntryMarks) => Error | null;

const canApprove: Check = (e) =>
  e.approved_at
    ? refused('Entry', 'base', 'already_approved', 'The entry is approved already')
    : e.archived
      ? refused(
          'Entry',
          'project_id',
          'archived_project',
          "The entry's project is archived: its entries cannot be approved",
        )
      : null;

const canUnapprove: Check = (e) =>
  !e.approved_at
    ? refused('Entry', 'base', 'not_approved', 'The entry is not approved')
    : e.archived
      ? refused(
          'Entry',
          'project_id',
          'archived_project',
          "The entry's project is archived: its entries cannot be unapproved",
        )
      : null;

const canMarkInvoiced: Check = (e) =>
  e.invoice_id !== null
    ? refused('Entry', 'base', 'already_invoiced', 'The entry is on an invoice of the service already')
    : null;

const midnight = (date: string) => `${date}T00:00:00Z`;

interface ActOptions {
  ids: number[];
  single: boolean;
  check: Check;
  change: (tx: Queryable, e: EntryMarks, now: string) => Promise<EntryEvent>;
}

/** Applies `change` to the entries that pass `check`; `single` refuses (404 or the check's error) instead of skipping. */
async function act(context: Context, actor: Actor, { ids, single, check, change }: ActOptions): Promise<void> {
  const { db } = context;
  // No account lock: entryMarks locks the entries it reads (PostgreSQL, in id order), so a
  // racing approval, deletion or invoice of one of them goes first and this one reads what it left.
  await db.transaction(async (tx) => {
    const now = instant(context).iso;
    const entries = await entryMarks(tx, actor.accountId, ids);
    if (single && entries.length === 0) throw notFound('Entry not found');
    const done: EntryEvent[] = [];
    for (const entry of entries) {
      const problem = check(entry);
      if (problem && single) throw problem;
      if (!problem) done.push(await change(tx, entry, now));
    }
    await emitEntryEvents(tx, done); // in this transaction: the outbox (service/events)
  });
}

function approve(actor: Actor, approvedAt: string | undefined): ActOptions['change'] {
  return async (tx, e, now) =>
    await approval(tx, e, { type: 'entry.updated.approved', actor, at: approvedAt ?? now, byId: actor.userId, now });
}

function unapprove(actor: Actor): ActOptions['change'] {
  return async (tx, e, now) =>
    await approval(tx, e, { type: 'entry.updated.unapproved', actor, at: null, byId: null, now });
}

/** Sets (or with nulls clears) the approval of `e`, and returns the event that says so. */
async function approval(
  tx: Queryable,
  e: EntryMarks,
  { type, actor, at, byId, now }: ApprovalChange,
): Promise<EntryEvent> {
  await setApproval(tx, { id: e.id, approvedAt: at, approvedById: byId, now });
  return event(type, {
    actor,
    entry: e,
    at: now,
    changes: { approved_at: [e.approved_at, at], approved_by_id: [e.approved_by_id, byId] },
  });
}

function markInvoiced(actor: Actor, date: string): ActOptions['change'] {
  return async (tx, e, now) => {
    await setInvoiced(tx, { ids: [e.id], invoicedAt: midnight(date), invoiceId: null, now });
    return event('entry.updated.invoiced', {
      actor,
      entry: e,
      at: now,
      changes: { invoiced_at: [e.invoiced_at, midnight(date)] },
    });
  };
}

/** A missing entry answers 404 before its body is looked at, as PUT /v2/entries/:id does. */
async function existingId(db: Queryable, actor: Actor, rawId: string): Promise<number> {
  const id = pathId(rawId, 'Entry');
  if ((await entryMarks(db, actor.accountId, [id])).length === 0) throw notFound('Entry not found');
  return id;
}

const approver = (actor: Actor) => {
  if (!approvesEntries(actor)) throw forbidden('Forbidden: your role cannot approve or unapprove entries');
  return actor;
};
const invoicer = (actor: Actor) => {
  if (!managesInvoicesAndWebhooks(actor)) throw forbidden('Forbidden: your role cannot mark entries as invoiced');
  return actor;
};

export function entryActionRoutes(app: FastifyInstance, context: Context): void {
  registerApprovalRoutes(app, context);
  registerMarkedAsInvoicedRoutes(app, context);
}

/** Approving and unapproving one entry or many. */
function registerApprovalRoutes(app: FastifyInstance, context: Context): void {
  const { db } = context;
  app.put<WithId>('/v2/entries/:id/approved', async (request, reply) => {
    const actor = approver(actorOf(request));
    const id = await existingId(db, actor, request.params.id);
    const f = bodyOf(request.body, 'Entry');
    const approvedAt = f.timestamp('approved_at');
    f.check();
    await act(context, actor, { ids: [id], single: true, check: canApprove, change: approve(actor, approvedAt) });
    return reply.code(204).send();
  });

  app.put('/v2/entries/approved', async (request, reply) => {
    const actor = approver(actorOf(request));
    const f = bodyOf(request.body, 'Entry');
    const ids = readIdArray(f, request.body, 'entry_ids', { required: true });
    const approvedAt = f.timestamp('approved_at');
    f.check();
    await act(context, actor, { ids: ids!, single: false, check: canApprove, change: approve(actor, approvedAt) });
    return reply.code(204).send();
  });

  app.put<WithId>('/v2/entries/:id/unapproved', async (request, reply) => {
    const actor = approver(actorOf(request));
    await act(context, actor, {
      ids: [pathId(request.params.id, 'Entry')],
      single: true,
      check: canUnapprove,
      change: unapprove(actor),
    });
    return reply.code(204).send();
  });

  app.put('/v2/entries/unapproved', async (request, reply) => {
    const actor = approver(actorOf(request));
    const f = bodyOf(request.body, 'Entry');
    const ids = readIdArray(f, request.body, 'entry_ids', { required: true });
    f.check();
    await act(context, actor, { ids: ids!, single: false, check: canUnapprove, change: unapprove(actor) });
    return reply.code(204).send();
  });
}

/** Marking one entry or many as invoiced outside the service. */
function registerMarkedAsInvoicedRoutes(app: FastifyInstance, context: Context): void {
  const { db } = context;
  app.put<WithId>('/v2/entries/:id/marked_as_invoiced', async (request, reply) => {
    const actor = invoicer(actorOf(request));
    const id = await existingId(db, actor, request.params.id);
    const f = bodyOf(request.body, 'Entry');
    const date = f.date('date', { required: true });
    f.check();
    await act(context, actor, { ids: [id], single: true, check: canMarkInvoiced, change: markInvoiced(actor, date!) });
    return reply.code(204).send();
  });

  app.put('/v2/entries/marked_as_invoiced', async (request, reply) => {
    const actor = invoicer(actorOf(request));
    const f = bodyOf(request.body, 'Entry');
    const ids = readIdArray(f, request.body, 'entry_ids', { required: true });
    const date = f.date('date', { required: true });
    f.check();
    await act(context, actor, { ids: ids!, single: false, check: canMarkInvoiced, change: markInvoiced(actor, date!) });
    return reply.code(204).send();
  });
}

interface ApprovalChange {
  type: 'entry.updated.approved' | 'entry.updated.unapproved';
  actor: Actor;
  at: string | null;
  byId: number | null;
  now: string;
}

interface EventOptions {
  actor: Actor;
  entry: EntryMarks;
  at: string;
  changes: EntryEvent['changes'];
}

function event(type: EntryEvent['type'], { actor, entry, at, changes }: EventOptions): EntryEvent {
  return { type, accountId: actor.accountId, entryId: entry.id, changes, at };
}
