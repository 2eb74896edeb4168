// Pagination (spec 000 conventions 9, GAPS.md "Pagination"): page from 1, per_page up to 1000
// (default 30); the Link header is one line of `<URL>; rel="x"` entries joined by ", ", in the
// order first, last, next, prev, leaving out those that do not apply. Other query parameters
// are kept as sent; per_page appears only when the client sent it.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { validationFailed } from './errors';

export const DEFAULT_PER_PAGE = 30;
export const MAX_PER_PAGE = 1000;

export interface Page {
  page: number;
  perPage: number;
  offset: number;
}

function positive(value: unknown, max: number): number | null {
  if (typeof value !== 'string' || !/^\d{1,9}$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 && n <= max ? n : null;
}

export function readPage(query: Record<string, unknown>, resource: string): Page {
  const page = query.page === undefined ? 1 : positive(query.page, 999_999_999);
  const perPage = query.per_page === undefined ? DEFAULT_PER_PAGE : positive(query.per_page, MAX_PER_PAGE);
  const errors = [];
  if (page === null) errors.push({ resource, field: 'page', code: 'invalid' });
  if (perPage === null) errors.push({ resource, field: 'per_page', code: 'invalid' });
  if (errors.length)
    throw validationFailed(errors, 'Invalid pagination: page is a whole number from 1, per_page from 1 to 1000');
  return { page: page!, perPage: perPage!, offset: (page! - 1) * perPage! };
}

/** The Link header value for `page` of a collection of `total` items, or null when no relation applies (decided: then no header at all). */
export function linkHeader(url: string, page: Page, total: number): string | null {
  if (page.page === 1 && total <= page.perPage) return null; // the usual case: one page holds it all
  const last = Math.max(1, Math.ceil(total / page.perPage));
  const cut = url.indexOf('?');
  const path = cut < 0 ? url : url.slice(0, cut);
  const query = cut < 0 ? '' : url.slice(cut + 1);
  const at = (n: number) => {
    const params = new URLSearchParams(query);
    params.set('page', String(n));
    return `<${path}?${params}>`;
  };
  const links: string[] = [];
  if (page.page > 1) links.push(`${at(1)}; rel="first"`);
  if (page.page !== last) links.push(`${at(last)}; rel="last"`);
  if (page.page < last) links.push(`${at(page.page + 1)}; rel="next"`);
  // Past the end, prev leads back to the last page that has items.
  if (page.page > 1) links.push(`${at(Math.min(page.page - 1, last))}; rel="prev"`);
  return links.length ? links.join(', ') : null;
}

export function sendPage<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  { base, page, total, items }: { base: string; page: Page; total: number; items: T[] },
): T[] {
  const link = linkHeader(base + request.url, page, total);
  if (link) reply.header('link', link);
  return items;
}
