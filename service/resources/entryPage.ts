// Answers one page of an entry list: the rows, the Link header (the count is read only when a
// link needs it) and the JSON text of resources/entryJson.ts, sent as its UTF-8 bytes; on SQLite
// kept while the database is unchanged (entryPageCache.ts).
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { EntryFilters } from '../../wire/serviceTypes';
import type { Context } from '../context';
import { countEntries, entryPage, entryWhere, type EntryWithin } from '../domain/entryQuery';
import type { Where } from '../domain/sqlText';
import { linkHeader, type Page } from '../http/pagination';
import type { Queryable } from '../storage/store';
import { entriesJson } from './entryJson';
import { keptPageAnswer, type PageAnswer } from './entryPageCache';

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
  const url = context.base(request) + request.url;
  const key = JSON.stringify([url, String(where), where.params, page.perPage, page.offset]);
  const answer = await keptPageAnswer(db, key, () => pageAnswer(db, { base: context.base(request), url, where, page }));
  if (answer.link) reply.header('link', answer.link);
  return reply.type('application/json; charset=utf-8').send(answer.body);
}

interface PageQuery {
  base: string;
  url: string;
  where: Where;
  page: Page;
}

async function pageAnswer(db: Queryable, { base, url, where, page }: PageQuery): Promise<PageAnswer> {
  // On PostgreSQL the count (not kept there) runs beside the page, each on a pooled connection,
  // rather than one round trip after the other; on SQLite it is read only when a link needs it.
  const counting = db.dialect === 'postgres' ? countEntries(db, where) : undefined;
  // Awaited below only when a link needs it: a failure it would not report must not go unhandled.
  counting?.catch(() => undefined);
  const rows = await entryPage(db, where, page.perPage, page.offset);
  // A first page with room to spare holds the whole list: no count needed.
  const total =
    page.offset === 0 && rows.length < page.perPage ? rows.length : await (counting ?? countEntries(db, where));
  // Sent as bytes, encoded once: fastify and node:http, given the 1 MB text of a full page, measure
  // its UTF-8 length, join it to the headers and encode it again (a bare route answering the same
  // page as text took 3 times as long as one answering it as a Buffer).
  return { link: linkHeader(url, page, total), body: Buffer.from(await entriesJson(db, base, rows)) };
}
