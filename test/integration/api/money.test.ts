// Expenses and invoices through the client, against the real local service.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collect } from '../../../main/api/types';
import { failureOf, uniqueName } from './harness';
import { startWithMembers, type LocalWithMembers } from './members';

let local: LocalWithMembers;
beforeAll(async () => {
  local = await startWithMembers();
});
afterAll(() => local?.close());

const ids = (items: Array<{ id: number }>) => items.map((x) => x.id).sort((a, b) => a - b);
const project = (prefix: string) => local.api.createProject({ name: uniqueName(prefix) });

describe('expenses', () => {
  it('creates an expense with the fields given and the defaults, reads, updates and deletes it', async () => {
    const { api } = local;
    const p = await project('Expensed');
    const me = await api.getCurrentUser();
    const expense = await api.createExpense({
      date: '2025-03-01',
      project_id: p.id,
      price: -12.34,
      description: 'refund #notatag',
    });
    expect(expense).toMatchObject({
      date: '2025-03-01',
      price: -12.34,
      description: 'refund #notatag',
      taxable: true,
      invoice: null,
    });
    expect(expense.project.id).toBe(p.id);
    expect(expense.user.id).toBe(me.id);
    expect(await api.getExpense(expense.id)).toEqual(expense);

    const updated = await api.updateExpense(expense.id, {
      date: '2025-03-02',
      project_id: p.id,
      price: 99.5,
      taxable: false,
    });
    expect(updated).toMatchObject({ id: expense.id, date: '2025-03-02', price: 99.5, taxable: false });

    await api.deleteExpense(expense.id);
    expect((await failureOf(api.getExpense(expense.id))).kind).toBe('not_found');
  });

  it('refuses an expense without its required fields, naming each', async () => {
    const e = await failureOf(local.api.createExpense({ date: '2025-03-01' } as never));
    expect(e.kind).toBe('validation');
    expect(e.errors.map((x) => x.field).sort()).toEqual(['price', 'project_id']);
  });

  it("filters by price (inclusive decimals) and taxable across pages, and lists the current user's", async () => {
    const { api } = local;
    const p = await project('Priced');
    const made = [];
    for (const price of [5, 10, 10.5, 20, 30])
      made.push(await api.createExpense({ date: '2025-03-05', project_id: p.id, price, taxable: price !== 20 }));
    const between = await collect(api.listExpenses({ project_ids: [p.id], price_from: 10, price_to: 20, per_page: 2 }));
    expect(ids(between)).toEqual(ids(made.slice(1, 4)));
    expect(ids(await collect(api.listExpenses({ project_ids: [p.id], taxable: false })))).toEqual([made[3].id]);
    expect(ids(await collect(api.listCurrentUserExpenses({ project_ids: [p.id], price_from: 30 })))).toEqual([
      made[4].id,
    ]);
  });

  it("lists only a coworker's own expenses to them, and refuses them another user's", async () => {
    const { api } = local;
    const coworker = await local.member('coworker');
    const p = await project('Shared costs');
    const theirs = await coworker.api.createExpense({ date: '2025-03-06', project_id: p.id, price: 1 });
    const mine = await api.createExpense({ date: '2025-03-06', project_id: p.id, price: 2 });
    expect(ids(await collect(coworker.api.listExpenses({ project_ids: [p.id] })))).toEqual([theirs.id]);
    expect((await failureOf(coworker.api.getExpense(mine.id))).kind).toBe('not_found');
    expect(
      (
        await failureOf(
          coworker.api.updateExpense(theirs.id, {
            date: '2025-03-06',
            project_id: p.id,
            price: 1,
            user_id: (await api.getCurrentUser()).id,
          }),
        )
      ).kind,
    ).toBe('forbidden');
  });
});

describe('invoices', () => {
  it('creates an invoice of entries and expenses, reads it, and lists what it bills', async () => {
    const { api } = local;
    const p = await project('Billed');
    const entry = await api.createEntry({ date: '2025-04-01', minutes: 120, project_id: p.id });
    const unbilled = await api.createEntry({ date: '2025-04-02', minutes: 60, project_id: p.id });
    const expense = await api.createExpense({ date: '2025-04-01', project_id: p.id, price: 50, taxable: false });
    const reference = uniqueName('INV');
    const invoice = await api.createInvoice({
      invoice_date: '2025-04-30',
      reference,
      recipient_details: 'ACME',
      entry_ids: [entry.id],
      expense_ids: [expense.id],
      taxes: [{ percentage: 10, name: 'VAT' }],
      rate_calculation: { calculation_method: 'standard_hourly_rate', standard_hourly_rate: 100 },
      customization: { title: 'Bill', currency_code: 'EUR' },
    });
    expect(invoice).toMatchObject({
      reference,
      invoice_date: '2025-04-30',
      recipient_details: 'ACME',
      entries: 1,
      expenses: 1,
      show_hours_worked: true,
    });
    expect(invoice.taxes).toEqual([expect.objectContaining({ name: 'VAT', percentage: 10 })]);
    expect(invoice.customization).toMatchObject({ title: 'Bill', currency_code: 'EUR', date: 'Date' });
    expect(invoice.total_amount).toBe(200 + 20 + 50);
    expect(await api.getInvoice(invoice.id)).toEqual(invoice);

    expect(ids(await collect(api.listInvoiceEntries(invoice.id)))).toEqual([entry.id]);
    expect(ids(await collect(api.listInvoiceExpenses(invoice.id)))).toEqual([expense.id]);
    expect((await api.getEntry(entry.id)).invoice?.id).toBe(invoice.id);
    expect((await api.getEntry(unbilled.id)).invoice).toBeNull();
  });

  it("lists invoices by reference, amount and project, and a project group's invoices", async () => {
    const { api } = local;
    const [a, b] = [await project('Invoiced A'), await project('Invoiced B')];
    const group = await api.createProjectGroup({ name: uniqueName('Billing group'), project_ids: [a.id] });
    const prefix = uniqueName('REF');
    const bill = async (projectId: number, price: number, n: number) =>
      api.createInvoice({
        invoice_date: '2025-05-01',
        reference: `${prefix}-${n}`,
        expense_ids: [(await api.createExpense({ date: '2025-05-01', project_id: projectId, price })).id],
      });
    const made = [
      await bill(a.id, 10, 1),
      await bill(a.id, 100, 2),
      await bill(b.id, 100, 3),
      await bill(a.id, 1000, 4),
    ];

    expect(ids(await collect(api.listInvoices({ reference: prefix, per_page: 2 })))).toEqual(ids(made));
    expect(
      ids(await collect(api.listInvoices({ reference: prefix, total_amount_from: 50, total_amount_to: 100 }))),
    ).toEqual(ids(made.slice(1, 3)));
    expect(ids(await collect(api.listInvoices({ project_ids: [b.id] })))).toEqual([made[2].id]);
    expect(ids(await collect(api.listProjectGroupInvoices(group.id, { per_page: 2 })))).toEqual(
      ids([made[0], made[1], made[3]]),
    );
  });

  it('refuses an invoice of entries without a rate calculation, and invoices to a leader', async () => {
    const { api } = local;
    const p = await project('Unrated');
    const entry = await api.createEntry({ date: '2025-04-01', minutes: 30, project_id: p.id });
    const e = await failureOf(api.createInvoice({ invoice_date: '2025-04-30', entry_ids: [entry.id] }));
    expect(e.errors).toContainEqual(expect.objectContaining({ field: 'rate_calculation', code: 'missing_field' }));
    const leader = await local.member('leader');
    expect((await failureOf(leader.api.createInvoice({ invoice_date: '2025-04-30' }))).kind).toBe('forbidden');
    expect((await failureOf(api.getInvoice(999_999))).kind).toBe('not_found');
  });
});
