// Invoices (spec 001 "Invoices"): list with every filter, show, create, and the entries and
// expenses of one invoice (its entries_url and expenses_url). Creating an invoice puts the given
// entries and expenses on it: they are invoiced (invoice set; entries also get invoiced_at, the
// invoice date at midnight UTC) and locked for good (entries: already_invoiced on PUT and DELETE;
// expenses: invoiced).
//
// Decided where the spec is silent:
// - Roles: owner, supervisor and leader (who see every entry) see invoices; owner and supervisor
//   make them; others get 403.
// - POST answers 201 with the Invoice and a Location to it; a new invoice is unpaid.
// - entry_ids and expense_ids must all name entries and expenses of the account (400 missing) that
//   are not invoiced yet (400 already_invoiced, also for entries marked as invoiced outside the
//   service; 400 invoiced for expenses). Any refusal writes nothing.
// - Entries and expenses of archived projects can be invoiced: archiving freezes the work, not
//   the billing of it.
// - A reference already used by another invoice of the account answers 400 already_exists; an
//   absent one is generated (domain/invoiceReference.ts).
// - The list is ordered by invoice_date, latest first, then newest first.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Invoice } from '../../wire/serviceTypesMoney';
import { CALCULATION_METHODS, INVOICE_STATES } from '../../wire/serviceTypesMoney';
import { actorOf } from '../auth/authenticate';
import { managesInvoicesAndWebhooks, seesAllEntries, type Actor } from '../auth/permissions';
import { instant, type Context } from '../context';
import { setInvoiced } from '../domain/entryActions';
import { expensesByIds, invoiceExpenses } from '../domain/expenses';
import { invoiceAmounts } from '../domain/invoiceAmounts';
import { resolveCustomization } from '../domain/invoiceCustomization';
import { nextInvoiceReference } from '../domain/invoiceReference';
import {
  customRatesOf,
  entriesForInvoice,
  getInvoice,
  insertInvoice,
  invoiceCounts,
  invoiceProjects,
  listInvoices,
  referenceTaken,
  taxesOf,
  type InvoiceFilters,
  type InvoiceRow,
} from '../domain/invoices';
import { getProjectGroup, projectsOfGroups } from '../domain/projectGroups';
import { getUser } from '../domain/users';
import { emitEntryEvents, type EntryEvent } from '../events/emit';
import { forbidden, notFound, refused, validationFailed } from '../http/errors';
import { bodyOf, LIMITS, pathId, queryOf, type Fields } from '../http/fields';
import { readCents } from '../http/moneyFields';
import { readPage, sendPage } from '../http/pagination';
import { isUniqueViolation } from '../storage/constraintErrors';
import { INVOICES_OF_ACCOUNT, narrowLock } from '../storage/narrowLocks';
import type { Queryable } from '../storage/store';
import * as view from '../views/money';
import { sendEntryList } from './entryList';
import { sendExpenseList } from './expenseList';
import { readInvoiceInput, type InvoiceInput } from './invoiceInput';

export async function invoiceViews(db: Queryable, base: string, rows: InvoiceRow[]): Promise<Invoice[]> {
  const ids = rows.map((i) => i.id);
  const taxes = await taxesOf(db, ids);
  const rates = await customRatesOf(db, ids);
  const projects = await invoiceProjects(db, ids);
  const counts = await invoiceCounts(db, ids);
  return rows.map((i) =>
    view.invoice(base, i, {
      taxes: taxes.get(i.id) ?? [],
      customRates: rates.get(i.id) ?? [],
      projects: projects.get(i.id) ?? [],
      entries: counts.get(i.id)?.entries ?? 0,
      expenses: counts.get(i.id)?.expenses ?? 0,
    }),
  );
}

function readFilters(f: Fields, query: unknown): InvoiceFilters {
  const short = { max: LIMITS.name };
  const long = { max: LIMITS.description };
  const locale = f.text('locale', { max: 35 }) ?? undefined;
  const currency = f.text('currency_code', { max: 3 }) ?? undefined;
  return {
    state: f.oneOf('state', INVOICE_STATES),
    reference: f.text('reference', short) ?? undefined,
    project_name: f.text('project_name', short) ?? undefined,
    recipient_details: f.text('recipient_details', long) ?? undefined,
    company_name: f.text('company_name', short) ?? undefined,
    company_details: f.text('company_details', long) ?? undefined,
    description: f.text('description', long) ?? undefined,
    footer: f.text('footer', long) ?? undefined,
    currency_symbol: f.text('currency_symbol', { max: 10 }) ?? undefined,
    invoice_date_from: f.date('invoice_date_from'),
    invoice_date_to: f.date('invoice_date_to'),
    total_amount_from_cents: readCents(f, query, 'total_amount_from'),
    total_amount_to_cents: readCents(f, query, 'total_amount_to'),
    project_ids: f.ids('project_ids'),
    has_online_payment_details: f.boolean('has_online_payment_details'),
    has_custom_html: f.boolean('has_custom_html'),
    show_hours_worked: f.boolean('show_hours_worked'),
    show_full_report: f.boolean('show_full_report'),
    show_user_summaries: f.boolean('show_user_summaries'),
    show_project_summaries: f.boolean('show_project_summaries'),
    show_project_name_for_expenses: f.boolean('show_project_name_for_expenses'),
    locale: locale === undefined || /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/.test(locale) ? locale : f.fail('locale'),
    currency_code: currency === undefined || /^[A-Za-z]{3}$/.test(currency) ? currency : f.fail('currency_code'),
    rate_calculation: f.oneOf('rate_calculation', CALCULATION_METHODS),
    updated_from: f.timestamp('updated_from'),
    updated_to: f.timestamp('updated_to'),
  };
}

const midnight = (date: string) => `${date}T00:00:00Z`;

type WithId = { Params: { id: string } };

function viewer(request: FastifyRequest): Actor {
  const actor = actorOf(request);
  if (!seesAllEntries(actor)) throw forbidden('Forbidden: your role cannot see invoices');
  return actor;
}

async function existing(
  db: Queryable,
  request: FastifyRequest<WithId>,
): Promise<{ actor: Actor; invoice: InvoiceRow }> {
  const actor = viewer(request);
  const invoice = await getInvoice(db, actor.accountId, pathId(request.params.id, 'Invoice'));
  if (!invoice) throw notFound('Invoice not found');
  return { actor, invoice };
}

const referenceTakenRefusal = (reference: string) =>
  refused('Invoice', 'reference', 'already_exists', `An invoice "${reference}" exists already`);

/** Checks what the body names in transaction `db`: its entries, expenses, custom rates' users and reference; throws when any cannot go on the invoice. */
async function invoiceable(db: Queryable, actor: Actor, input: InvoiceInput) {
  const entries = await entriesForInvoice(db, actor.accountId, input.entryIds);
  if (entries.length !== input.entryIds.length)
    throw refused('Invoice', 'entry_ids', 'missing', 'Some entry_ids name no entry');
  if (entries.some((e) => e.invoice_id !== null || e.invoiced_at !== null)) {
    throw refused('Invoice', 'entry_ids', 'already_invoiced', 'Some entries are invoiced already');
  }
  const expenses = await expensesByIds(db, actor.accountId, input.expenseIds);
  if (expenses.length !== input.expenseIds.length)
    throw refused('Invoice', 'expense_ids', 'missing', 'Some expense_ids name no expense');
  if (expenses.some((x) => x.invoice_id !== null))
    throw refused('Invoice', 'expense_ids', 'invoiced', 'Some expenses are on an invoice already');
  const rate = input.rate ?? {
    method: 'standard_hourly_rate' as const,
    standardCents: 0,
    flatCents: null,
    customRates: [],
  };
  const users = await Promise.all(rate.customRates.map((r) => getUser(db, actor.accountId, r.userId)));
  if (users.some((user) => !user)) {
    throw refused(
      'Invoice',
      'rate_calculation.custom_hourly_rates.user_id',
      'missing',
      'A custom hourly rate names no user',
    );
  }
  let reference = input.text.reference;
  if (reference === undefined) reference = await nextInvoiceReference(db, actor.accountId);
  else if (await referenceTaken(db, actor.accountId, reference)) throw referenceTakenRefusal(reference);
  return { entries, expenses, rate, reference };
}

/** Checks what the body names and writes the invoice in transaction `db`; throws before writing anything when it cannot. */
async function create(
  context: Context,
  db: Queryable,
  actor: Actor,
  input: InvoiceInput,
): Promise<{ id: number; events: EntryEvent[] }> {
  const now = instant(context).iso;
  const { entries, expenses, rate, reference } = await invoiceable(db, actor, input);

  const amounts = invoiceAmounts({
    rate: {
      method: rate.method,
      standardCents: rate.standardCents,
      flatCents: rate.flatCents,
      customCents: new Map(rate.customRates.map((r) => [r.userId, r.cents])),
    },
    entries,
    expenses,
    taxes: input.taxes.map((t) => t.thousandths),
  });
  if (!amounts)
    throw validationFailed(
      [{ resource: 'Invoice', field: 'base', code: 'invalid' }],
      'The invoice amounts are beyond what an invoice can hold',
    );

  const projectIds = [
    ...new Set([
      ...entries.flatMap((e) => (e.project_id === null ? [] : [e.project_id])),
      ...expenses.map((x) => x.project_id),
    ]),
  ];
  const customization = await resolveCustomization(db, actor.accountId, projectIds, input.customization);
  const id = await insertInvoice(
    db,
    actor.accountId,
    { ...input.text, reference, customization, ...rate, taxes: input.taxes, amounts },
    now,
  );
  const invoicedAt = midnight(input.text.invoice_date);
  await setInvoiced(db, { ids: entries.map((e) => e.id), invoicedAt, invoiceId: id, now });
  await invoiceExpenses(db, input.expenseIds, id, now);
  const events = entries.map(
    (e): EntryEvent => ({
      type: 'entry.updated.invoiced',
      accountId: actor.accountId,
      entryId: e.id,
      changes: { invoiced_at: [e.invoiced_at, invoicedAt], invoice_id: [e.invoice_id, id] },
      at: now,
    }),
  );
  return { id, events };
}

export function invoiceRoutes(app: FastifyInstance, context: Context): void {
  registerInvoiceLists(app, context);
  registerInvoiceCreate(app, context);
  registerInvoiceReads(app, context);
}

/** The invoice list and a project group's invoices. */
function registerInvoiceLists(app: FastifyInstance, context: Context): void {
  const { db } = context;
  app.get('/v2/invoices', async (request, reply) => {
    const actor = viewer(request);
    const f = queryOf(request.query, 'Invoice');
    const filters = readFilters(f, request.query);
    f.check();
    const page = readPage(request.query as Record<string, unknown>, 'Invoice');
    const { rows, total } = await listInvoices(db, {
      accountId: actor.accountId,
      filters,
      limit: page.perPage,
      offset: page.offset,
    });
    const base = context.base(request);
    return sendPage(request, reply, { base, page, total, items: await invoiceViews(db, base, rows) });
  });

  // The project group's invoices_url: the invoice list filters, narrowed to invoices that bill
  // any of the group's projects (an empty group has none).
  app.get<WithId>('/v2/project_groups/:id/invoices', async (request, reply) => {
    const actor = viewer(request);
    const group = await getProjectGroup(db, actor.accountId, pathId(request.params.id, 'Project group'));
    if (!group) throw notFound('Project group not found');
    const f = queryOf(request.query, 'Invoice');
    const filters = readFilters(f, request.query);
    f.check();
    const groupProjects = ((await projectsOfGroups(db, [group.id])).get(group.id) ?? []).map((p) => p.id);
    const wanted = filters.project_ids ? filters.project_ids.filter((id) => groupProjects.includes(id)) : groupProjects;
    const page = readPage(request.query as Record<string, unknown>, 'Invoice');
    const { rows, total } =
      wanted.length === 0
        ? { rows: [], total: 0 }
        : await listInvoices(db, {
            accountId: actor.accountId,
            filters: { ...filters, project_ids: wanted },
            limit: page.perPage,
            offset: page.offset,
          });
    const base = context.base(request);
    return sendPage(request, reply, { base, page, total, items: await invoiceViews(db, base, rows) });
  });
}

/** Making an invoice: its entries and expenses are invoiced with it, in one transaction. */
function registerInvoiceCreate(app: FastifyInstance, context: Context): void {
  const { db } = context;
  app.post('/v2/invoices', async (request, reply) => {
    const actor = actorOf(request);
    if (!managesInvoicesAndWebhooks(actor)) throw forbidden('Forbidden: your role cannot make invoices');
    const input = readInvoiceInput(bodyOf(request.body, 'Invoice'), request.body);
    // The account's invoices are made one at a time (narrowLocks.ts): a generated reference counts
    // on from the earlier ones. The entries and expenses are locked as they are read (invoiceable).
    const { id } = await db
      .transaction(
        async (tx) => {
          const made = await create(context, tx, actor, input);
          await emitEntryEvents(tx, made.events); // in this transaction: the outbox (service/events)
          return made;
        },
        narrowLock(INVOICES_OF_ACCOUNT, actor.accountId),
      )
      .catch((error: unknown) => {
        // The unique index on references: the answer of the look before it, should a writer outside this lock race.
        throw isUniqueViolation(error) ? referenceTakenRefusal(input.text.reference ?? '') : error;
      });
    const base = context.base(request);
    reply.code(201).header('location', base + view.moneyPaths.invoice(id));
    return (await invoiceViews(db, base, [(await getInvoice(db, actor.accountId, id))!]))[0];
  });
}

/** One invoice, and its entries and expenses. */
function registerInvoiceReads(app: FastifyInstance, context: Context): void {
  const { db } = context;
  app.get<WithId>('/v2/invoices/:id', async (request) => {
    const { invoice } = await existing(db, request);
    return (await invoiceViews(db, context.base(request), [invoice]))[0];
  });

  // The entry and expense list filters, narrowed to the invoice.
  app.get<WithId>('/v2/invoices/:id/entries', async (request, reply) => {
    const { invoice } = await existing(db, request);
    return await sendEntryList(context, request, reply, {
      narrow: (filters) => ({
        ...filters,
        invoice_ids: within(filters.invoice_ids, invoice.id),
      }),
    });
  });

  app.get<WithId>('/v2/invoices/:id/expenses', async (request, reply) => {
    const { invoice } = await existing(db, request);
    return await sendExpenseList(context, request, reply, (filters) => ({
      ...filters,
      invoice_ids: within(filters.invoice_ids, invoice.id),
    }));
  });
}

/** The invoice's id when the client's invoice_ids allow it; an empty list (nothing) when they do not. */
const within = (requested: number[] | undefined, id: number) => (!requested || requested.includes(id) ? [id] : []);
