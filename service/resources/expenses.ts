// Expenses (spec 001 "Expenses"): list with every filter, create, show, update, delete. The
// spec shows an expense's url as /v2/expense/<id> (singular): the routes of one expense answer
// under both /v2/expense/:id and /v2/expenses/:id.
//
// Decided where the spec is silent:
// - Who sees and changes what follows entries (GAPS.md "Roles"): owner, supervisor and leader see
//   all expenses; coworkers and contractors their own (contractors only in projects given them);
//   only owner and supervisor change other users' expenses.
// - An expense cannot be created in, or moved to, an archived project (archived_project, as on
//   PUT and DELETE); an expense on an invoice can neither change nor go (code invoiced).
// - PUT without user_id keeps the expense's user (the other fields are required, as on create).
// - price: a JSON number or decimal string with at most two decimals, from -1,000,000,000 to
//   1,000,000,000; more decimals are refused, not rounded.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { actorOf } from '../auth/authenticate';
import { changesOthersEntries, seesProject, seesRecord, seesUser, type Actor } from '../auth/permissions';
import { instant, type Context } from '../context';
import {
  deleteExpense,
  expenseForChange,
  getExpense,
  insertExpense,
  updateExpense,
  type ExpenseRow,
  type ExpenseValues,
} from '../domain/expenses';
import { getProject, projectForEntry, type ProjectRow } from '../domain/projects';
import { getUser } from '../domain/users';
import { forbidden, notFound, refused } from '../http/errors';
import { bodyOf, LIMITS, pathId, type Fields } from '../http/fields';
import { readCents } from '../http/moneyFields';
import type { Queryable } from '../storage/store';
import * as view from '../views/money';
import { expenseViews, sendExpenseList } from './expenseList';

interface ExpenseInput {
  date: string;
  projectId: number;
  priceCents: number;
  userId: number | undefined;
  taxable: boolean;
  description: string | null;
}

/** The body of POST and PUT: the same fields, the same required ones (spec 001). */
function readExpense(f: Fields, body: unknown): ExpenseInput {
  const input = {
    date: f.date('date', { required: true })!,
    projectId: f.id('project_id', { required: true })!,
    priceCents: readCents(f, body, 'price', { required: true })!,
    userId: f.id('user_id') ?? undefined,
    taxable: f.boolean('taxable') ?? true,
    description: f.text('description', { max: LIMITS.description }) ?? null,
  };
  f.check();
  return input;
}

/** The user an expense is for: oneself, or (for roles allowed to) another user of the account. */
async function expenseUser(db: Queryable, actor: Actor, userId: number): Promise<number> {
  if (userId === actor.userId) return userId;
  if (!(await getUser(db, actor.accountId, userId)) || !seesUser(actor, userId))
    throw refused('Expense', 'user_id', 'missing', `User ${userId} does not exist`);
  if (!changesOthersEntries(actor)) throw forbidden("Forbidden: your role cannot change other users' expenses");
  return userId;
}

/** The project an expense goes to: one the actor sees, not archived. */
async function expenseProject(db: Queryable, actor: Actor, projectId: number): Promise<number> {
  // Held FOR KEY SHARE (projectForEntry): a deletion of the project racing on another instance waits, or went first.
  const project = await projectForEntry(db, actor.accountId, projectId);
  if (!project || !(await seesProject(db, actor, projectId)))
    throw refused('Expense', 'project_id', 'missing', `Project ${projectId} does not exist`);
  refuseArchived(project);
  return projectId;
}

/** An archived project's expenses stay as they are. */
function refuseArchived(project: Pick<ProjectRow, 'enabled' | 'name'>): void {
  if (!project.enabled)
    throw refused(
      'Expense',
      'project_id',
      'archived_project',
      `Project "${project.name}" is archived: its expenses cannot change`,
    );
}

/**
 * The expense a PUT or DELETE changes, read again in its transaction (locked: an invoice of it
 * racing on another instance went first, or waits): refused when it is on an invoice or in an
 * archived project, or another user's for roles that change only their own.
 */
async function changeable(tx: Queryable, actor: Actor, id: number): Promise<ExpenseRow> {
  const x = await expenseForChange(tx, actor.accountId, id);
  if (!x) throw notFound('Expense not found');
  if (x.user_id !== actor.userId && !changesOthersEntries(actor))
    throw forbidden("Forbidden: your role cannot change other users' expenses");
  if (x.invoice_id !== null)
    throw refused('Expense', 'base', 'invoiced', 'The expense is on an invoice: it cannot change');
  refuseArchived((await getProject(tx, actor.accountId, x.project_id))!);
  return x;
}

export function expenseRoutes(app: FastifyInstance, context: Context): void {
  const { db } = context;
  type WithId = { Params: { id: string } };

  async function visible(request: FastifyRequest<WithId>): Promise<{ actor: Actor; expense: ExpenseRow }> {
    const actor = actorOf(request);
    const expense = await getExpense(db, actor.accountId, pathId(request.params.id, 'Expense'));
    // An expense the role may not see answers as a missing one (auth/permissions.ts).
    if (!expense || !(await seesRecord(db, actor, expense))) throw notFound('Expense not found');
    return { actor, expense };
  }

  const show = async (request: FastifyRequest, actor: Actor, id: number) =>
    (await expenseViews(db, context.base(request), [(await getExpense(db, actor.accountId, id))!]))[0];

  app.get('/v2/expenses', async (request, reply) => await sendExpenseList(context, request, reply));

  app.post('/v2/expenses', async (request, reply) => {
    const actor = actorOf(request);
    const input = readExpense(bodyOf(request.body, 'Expense'), request.body);
    const id = await db.transaction(async (tx) => {
      const values: ExpenseValues = {
        ...input,
        userId: await expenseUser(tx, actor, input.userId ?? actor.userId),
        projectId: await expenseProject(tx, actor, input.projectId),
      };
      return await insertExpense(tx, actor.accountId, values, instant(context).iso);
    });
    reply.code(201).header('location', context.base(request) + view.moneyPaths.expense(id));
    return await show(request, actor, id);
  });

  for (const path of ['/v2/expenses/:id', '/v2/expense/:id']) {
    app.get<WithId>(path, async (request) => {
      const { actor, expense } = await visible(request);
      return await show(request, actor, expense.id);
    });

    app.put<WithId>(path, async (request) => {
      const { actor, expense } = await visible(request);
      const input = readExpense(bodyOf(request.body, 'Expense'), request.body);
      await db.transaction(async (tx) => {
        const fresh = await changeable(tx, actor, expense.id);
        const values: ExpenseValues = {
          ...input,
          userId: await expenseUser(tx, actor, input.userId ?? fresh.user_id),
          projectId: await expenseProject(tx, actor, input.projectId),
        };
        await updateExpense(tx, expense.id, values, instant(context).iso);
      });
      return await show(request, actor, expense.id);
    });

    app.delete<WithId>(path, async (request, reply) => {
      const { actor, expense } = await visible(request);
      await db.transaction(async (tx) => {
        await changeable(tx, actor, expense.id);
        await deleteExpense(tx, expense.id);
      });
      return reply.code(204).send();
    });
  }
}
