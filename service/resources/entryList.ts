// One way to answer any list of entries (spec 001 "the entry list filters"): read the filters,
// narrow them to the path's resource (a user, a team, ...), narrow them again to what the actor
// may see (auth/permissions.ts), then page. Used by /v2/current_user/entries, /v2/users/:id/entries
// and /v2/teams/:id/entries; fit for the other "…/:id/entries" lists too.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { EntryFilters } from '../../wire/serviceTypes';
import { actorOf } from '../auth/authenticate';
import { scopeEntryFilters } from '../auth/permissions';
import type { Context } from '../context';
import type { EntryWithin } from '../domain/entryQuery';
import { queryOf } from '../http/fields';
import { readPage } from '../http/pagination';
import { readFilters } from './entries';
import { sendEntryPage } from './entryPage';

/** Restricts a list's ids filter to `allowed`: the intersection when the client sent one, else `allowed`. */
export function within(requested: number[] | undefined, allowed: number[]): number[] {
  if (!requested) return allowed;
  const set = new Set(allowed);
  return requested.filter((id) => set.has(id));
}

export interface SendEntryListOptions {
  narrow?: (filters: EntryFilters) => EntryFilters;
  within?: EntryWithin;
}

/** `within`: narrowing the filters cannot say (entries of a tag, whatever the client's tag filters). */
export async function sendEntryList(
  context: Context,
  request: FastifyRequest,
  reply: FastifyReply,
  { narrow = (f) => f, within = {} }: SendEntryListOptions = {},
) {
  const { db } = context;
  const actor = actorOf(request);
  const f = queryOf(request.query, 'Entry');
  const filters = readFilters(f);
  f.check();
  const page = readPage(request.query as Record<string, unknown>, 'Entry');
  const scoped = await scopeEntryFilters(db, actor, narrow(filters));
  return await sendEntryPage(context, request, reply, { accountId: actor.accountId, scoped, page, within });
}
