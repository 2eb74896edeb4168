// One way to answer any list of expenses (spec 001 "the expense list filters"), the counterpart
// of entryList.ts: read the filters, narrow them to the path's resource (a user, a project, an
// invoice, the current user), narrow them again to what the actor may see, then page. Used by
// GET /v2/expenses and /v2/invoices/:id/expenses; fit for /v2/users/:id/expenses,
// /v2/projects/:id/expenses and /v2/current_user/expenses.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Expense } from '../../wire/serviceTypesMoney';
import { actorOf } from '../auth/authenticate';
import { recordScope } from '../auth/permissions';
import type { Context } from '../context';
import { listExpenses, type ExpenseFilters, type ExpenseRow } from '../domain/expenses';
import { invoicesByIds } from '../domain/invoices';
import { projectsByIds } from '../domain/projects';
import { usersByIds } from '../domain/users';
import { queryOf, type Fields } from '../http/fields';
import { readCents } from '../http/moneyFields';
import { readPage, sendPage } from '../http/pagination';
import type { Queryable } from '../storage/store';
import * as view from '../views/money';
import { within } from './entryList';

/** The expense list filters of spec 001 from a query string; price_from and price_to are inclusive. */
export function readExpenseFilters(f: Fields, query: unknown): ExpenseFilters {
  return {
    user_ids: f.ids('user_ids'),
    project_ids: f.ids('project_ids'),
    invoice_ids: f.ids('invoice_ids'),
    description: f.text('description') ?? undefined,
    from: f.date('from'),
    to: f.date('to'),
    price_from_cents: readCents(f, query, 'price_from'),
    price_to_cents: readCents(f, query, 'price_to'),
    taxable: f.boolean('taxable'),
    invoiced: f.boolean('invoiced'),
  };
}

export async function expenseViews(db: Queryable, base: string, rows: ExpenseRow[]): Promise<Expense[]> {
  const users = await usersByIds(
    db,
    rows.map((x) => x.user_id),
  );
  const projects = await projectsByIds(
    db,
    rows.map((x) => x.project_id),
  );
  const invoices = await invoicesByIds(
    db,
    rows.flatMap((x) => (x.invoice_id === null ? [] : [x.invoice_id])),
  );
  return rows.map((x) =>
    view.expense(base, x, {
      user: users.get(x.user_id)!,
      project: projects.get(x.project_id)!,
      invoice: x.invoice_id === null ? null : (invoices.get(x.invoice_id) ?? null),
    }),
  );
}

export async function sendExpenseList(
  context: Context,
  request: FastifyRequest,
  reply: FastifyReply,
  narrow: (filters: ExpenseFilters) => ExpenseFilters = (f) => f,
) {
  const { db } = context;
  const actor = actorOf(request);
  const f = queryOf(request.query, 'Expense');
  const filters = readExpenseFilters(f, request.query);
  f.check();
  const page = readPage(request.query as Record<string, unknown>, 'Expense');
  const scope = await recordScope(db, actor);
  const narrowed = narrow(filters);
  const scoped =
    scope.projectIds === null ? narrowed : { ...narrowed, project_ids: within(narrowed.project_ids, scope.projectIds) };
  const { rows, total } = await listExpenses(db, {
    accountId: actor.accountId,
    filters: scoped,
    onlyUserId: scope.userId,
    limit: page.perPage,
    offset: page.offset,
  });
  const base = context.base(request);
  return sendPage(request, reply, { base, page, total, items: await expenseViews(db, base, rows) });
}
