// Answers one page of an entry list: the rows, the Link header (the count is read only when a
// link needs it) and the JSON text of resources/entryJson.ts, sent as it is.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { EntryFilters } from '../../wire/serviceTypes';
import type { Context } from '../context';
import { countEntries, entryPage, entryWhere, type EntryWithin } from '../domain/entryQuery';
import { linkHeader, type Page } from '../http/pagination';
import { entriesJson } from './entryJson';

export interface ScopedFilters {
  filters: EntryFilters;
  onlyUserId: number | null;
}

export interface SendEntryPageOptions {
  accountId: number;
  scoped: ScopedFilters;
  page: Page;
  within?: EntryWithin;
}

export async function sendEntryPage(
  context: Context,
  request: FastifyRequest,
  reply: FastifyReply,
  { accountId, scoped, page, within = {} }: SendEntryPageOptions,
): Promise<FastifyReply> {
  const { db } = context;
  const where = entryWhere(db.dialect, accountId, scoped.filters, { onlyUserId: scoped.onlyUserId, within });
  const rows = await entryPage(db, where, page.perPage, page.offset);
  // A first page with room to spare holds the whole list: no count needed.
  const total = page.offset === 0 && rows.length < page.perPage ? rows.length : await countEntries(db, where);
  const base = context.base(request);
  const link = linkHeader(base + request.url, page, total);
  if (link) reply.header('link', link);
  return reply.type('application/json; charset=utf-8').send(await entriesJson(db, base, rows));
}
