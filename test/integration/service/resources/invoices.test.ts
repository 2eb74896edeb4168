// Invoices (spec 001 "Invoices" table, the creation input and the Invoice shape): creation with
// hand-computed totals for each rate_calculation method, the locking of what an invoice holds,
// references, customization defaults, the list and its filters, and who may do what.
import { describe, expect, it } from 'vitest';
import { serveTeam, type TeamService } from '../support/people';
import { createExpense, createInvoice, MONEY_TABLES, snapshotTables, withDatabase } from '../support/moneySupport';
import { createEntry, createProject, serve } from '../support/support';

const KEYS = [
  'id',
  'state',
  'reference',
  'invoice_date',
  'project_name',
  'company_name',
  'company_details',
  'recipient_details',
  'description',
  'footer',
  'show_hours_worked',
  'show_full_report',
  'show_user_summaries',
  'show_project_summaries',
  'show_project_name_for_expenses',
  'customization',
  'rate_calculation',
  'taxes',
  'taxable_amount',
  'taxfree_amount',
  'tax_total_amount',
  'total_amount',
  'taxable_amount_with_currency',
  'taxfree_amount_with_currency',
  'tax_total_amount_with_currency',
  'total_amount_with_currency',
  'payment',
  'payment_transactions',
  'projects',
  'entries',
  'expenses',
  'entries_url',
  'expenses_url',
  'share_url',
  'url',
  'created_at',
  'updated_at',
];

const CUSTOMIZATION_KEYS = [
  'title',
  'date',
  'project',
  'reference',
  'total_due',
  'summary',
  'project_summary',
  'user_summary',
  'no_project_name',
  'work_time',
  'no_tax',
  'work_total',
  'total',
  'report',
  'taxable_total',
  'tax_total',
  'taxfree_total',
  'total_report',
  'custom_html',
  'currency_name',
  'locale',
  'currency_code',
  'currency_symbol',
  'created_at',
  'updated_at',
  'allow_alpha_invoice',
  'alpha_invoice_title',
  'alpha_currency_code',
  'alpha_address',
  'allow_beta_connect_payment',
  'beta_connect_payment_description',
  'beta_connect_currency_code',
];

const TAXES = [
  { name: 'VAT', percentage: 19 },
  { name: 'City', percentage: '2.5' },
];

/**
 * The worked example of the totals tests. Project Site bills by the minute. The owner logs 90 and
 * 45 minutes, a coworker 30, and 60 minutes are unbillable (#internal*). Expenses: 12.50 taxable,
 * 7.25 tax-free, -2.00 taxable (a credit).
 */
async function worked(): Promise<{
  team: TeamService;
  site: number;
  entries: number[];
  expenses: number[];
  coworkerId: number;
}> {
  const team = await serveTeam();
  const { client } = team;
  const coworker = await team.member('coworker');
  const site = await createProject(client, { name: 'Site', billing_increment: 1 });
  const entries = [
    (await createEntry(client, { project_id: site, minutes: 90 })).id,
    (await createEntry(client, { project_id: site, minutes: 45 })).id,
    (await createEntry(coworker.client, { project_id: site, minutes: 30 })).id,
    (await createEntry(client, { project_id: site, minutes: 60, description: 'Setup #internal*' })).id,
  ];
  const expenses = [
    (await createExpense(client, { project_id: site, price: 12.5 })).id,
    (await createExpense(client, { project_id: site, price: 7.25, taxable: false })).id,
    (await createExpense(client, { project_id: site, price: -2 })).id,
  ];
  return { team, site, entries, expenses, coworkerId: coworker.id };
}

/** The worked example, all of it on one invoice with TAXES, at the rate the example is given to. */
async function workedInvoice(rate: (w: Awaited<ReturnType<typeof worked>>) => Record<string, unknown>) {
  const w = await worked();
  const invoice = await createInvoice(w.team.client, {
    entry_ids: w.entries,
    expense_ids: w.expenses,
    taxes: TAXES,
    rate_calculation: rate(w),
  });
  return { w, invoice };
}

/** A flat_rate rate_calculation. */
const flatRate = (flat_rate: number) => ({ calculation_method: 'flat_rate', flat_rate });

/** A fingerprint of the money tables of a team service's database file. */
const moneySnapshot = (team: TeamService) => withDatabase(team.dataDir, (db) => snapshotTables(db, MONEY_TABLES));

const amounts = (i: any) => [i.taxable_amount, i.taxfree_amount, i.tax_total_amount, i.total_amount];
const withCurrency = (i: any) => [
  i.taxable_amount_with_currency,
  i.taxfree_amount_with_currency,
  i.tax_total_amount_with_currency,
  i.total_amount_with_currency,
];

describe('POST /v2/invoices: totals for each rate_calculation method, with two taxes (computed by hand)', () => {
  it('standard_hourly_rate 80: 165 billable minutes = 220.00; taxable 230.50, tax-free 7.25; VAT 43.795 -> 43.80, City 5.7625 -> 5.76; total 287.31', async () => {
    const { invoice } = await workedInvoice(() => ({
      calculation_method: 'standard_hourly_rate',
      standard_hourly_rate: 80,
    }));
    expect(amounts(invoice)).toEqual([230.5, 7.25, 49.56, 287.31]);
    expect(withCurrency(invoice)).toEqual(['$230.50', '$7.25', '$49.56', '$287.31']);
    expect(invoice.rate_calculation).toEqual({
      calculation_method: 'standard_hourly_rate',
      standard_hourly_rate: 80,
      custom_hourly_rates: [],
      flat_rate: null,
    });
    expect(invoice.taxes).toEqual([
      { id: expect.any(Number), name: 'VAT', percentage: 19 },
      { id: expect.any(Number), name: 'City', percentage: 2.5 },
    ]);
    expect(invoice).toMatchObject({ entries: 4, expenses: 3 });
  });

  it('custom_hourly_rates (owner 100, others the standard 80): 135 min at 100 + 30 min at 80 = 265.00; VAT 52.345 -> 52.35, City 6.8875 -> 6.89; total 341.99', async () => {
    const { w, invoice } = await workedInvoice((w) => ({
      calculation_method: 'custom_hourly_rates',
      standard_hourly_rate: '80.00',
      custom_hourly_rates: [{ user_id: w.team.service.ownerId, hourly_rate: 100 }],
    }));
    expect(amounts(invoice)).toEqual([275.5, 7.25, 59.24, 341.99]);
    expect(invoice.rate_calculation).toEqual({
      calculation_method: 'custom_hourly_rates',
      standard_hourly_rate: 80,
      custom_hourly_rates: [{ user: w.team.service.ownerId, hourly_rate: 100 }],
      flat_rate: null,
    });
  });

  it('custom_hourly_rates with a rate for the coworker only (45.50): 135 min at 80 + 30 min at 45.50 = 202.75; total 266.35', async () => {
    // 135 × 80 / 60 = 180.00; 30 × 45.50 / 60 = 22.75; work 202.75; taxable 213.25;
    // VAT 40.5175 -> 40.52; City 5.33125 -> 5.33; tax 45.85; total 213.25 + 7.25 + 45.85 = 266.35
    const { invoice } = await workedInvoice((w) => ({
      calculation_method: 'custom_hourly_rates',
      standard_hourly_rate: 80,
      custom_hourly_rates: [{ user_id: w.coworkerId, hourly_rate: 45.5 }],
    }));
    expect(amounts(invoice)).toEqual([213.25, 7.25, 45.85, 266.35]);
  });

  it('flat_rate 500: work 500.00 whatever the minutes; taxable 510.50; VAT 96.995 -> 97.00, City 12.7625 -> 12.76; total 627.51', async () => {
    const { invoice } = await workedInvoice(() => flatRate(500));
    expect(amounts(invoice)).toEqual([510.5, 7.25, 109.76, 627.51]);
    expect(invoice.rate_calculation).toEqual({
      calculation_method: 'flat_rate',
      standard_hourly_rate: null,
      custom_hourly_rates: [],
      flat_rate: 500,
    });
  });

  it('rounds a credit like a debit: one taxable expense of -10.05 at 19% is tax -1.9095 -> -1.91, total -11.96, written "-$11.96"', async () => {
    const { client } = await serve();
    const x = await createExpense(client, { project_id: await createProject(client), price: -10.05 });
    const invoice = await createInvoice(client, { expense_ids: [x.id], taxes: [{ percentage: 19 }] });
    expect(amounts(invoice)).toEqual([-10.05, 0, -1.91, -11.96]);
    expect(invoice.total_amount_with_currency).toBe('-$11.96');
    expect(invoice.taxes).toEqual([{ id: expect.any(Number), name: null, percentage: 19 }]);
  });

  it('writes thousands separators and the customization currency symbol: flat 1,234,567.89 in euros', async () => {
    const { client } = await serve();
    const invoice = await createInvoice(client, {
      rate_calculation: { calculation_method: 'flat_rate', flat_rate: 1234567.89 },
      customization: { currency_symbol: '€', currency_code: 'eur', currency_name: 'Euro' },
    });
    expect(invoice.total_amount_with_currency).toBe('€1,234,567.89');
    expect(invoice.taxfree_amount_with_currency).toBe('€0.00');
    expect(invoice.customization).toMatchObject({ currency_symbol: '€', currency_code: 'EUR', currency_name: 'Euro' });
  });

  it('an invoice of expenses alone needs no rate_calculation (standard at 0); one with entries does (400 missing_field)', async () => {
    const { client } = await serve();
    const p = await createProject(client);
    const x = await createExpense(client, { project_id: p, price: 3 });
    const e = await createEntry(client, { project_id: p });
    const alone = await createInvoice(client, { expense_ids: [x.id] });
    expect(alone.rate_calculation).toEqual({
      calculation_method: 'standard_hourly_rate',
      standard_hourly_rate: 0,
      custom_hourly_rates: [],
      flat_rate: null,
    });
    expect(alone.total_amount).toBe(3);
    const refused = await client.post('/v2/invoices', { invoice_date: '2024-03-31', entry_ids: [e.id] });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([{ resource: 'Invoice', field: 'rate_calculation', code: 'missing_field' }]);
  });
});

describe('POST /v2/invoices: the answer', () => {
  it('answers 201 with the whole Invoice and a Location to it; unpaid, with defaults for every show_* flag and label', async () => {
    const w = await worked();
    const { client, service } = w.team;
    // Given, and answered as given.
    const given = {
      invoice_date: '2024-03-31',
      project_name: 'Website',
      company_name: 'Stint Ltd',
      company_details: 'Main St 1',
      recipient_details: 'Client Inc',
      description: 'March **work**',
      footer: 'Thanks',
    };
    const reply = await client.post('/v2/invoices', {
      ...given,
      entry_ids: w.entries.slice(0, 1),
      expense_ids: w.expenses.slice(0, 1),
      rate_calculation: { calculation_method: 'standard_hourly_rate', standard_hourly_rate: 60 },
    });
    expect(reply.status).toBe(201);
    const i = reply.body;
    expect(reply.headers.get('location')).toBe(`${service.url}/v2/invoices/${i.id}`);
    expect(Object.keys(i).sort()).toEqual([...KEYS].sort());
    expect(Object.keys(i.customization).sort()).toEqual([...CUSTOMIZATION_KEYS].sort());
    const url = `${service.url}/v2/invoices/${i.id}`;
    expect(i).toMatchObject({
      state: 'unpaid',
      reference: '1',
      ...given,
      show_hours_worked: true,
      show_full_report: false,
      show_user_summaries: false,
      show_project_summaries: false,
      show_project_name_for_expenses: false,
      taxes: [],
      taxable_amount: 102.5, // 90 min at 60 = 90.00, + 12.50
      total_amount: 102.5,
      payment: null,
      payment_transactions: [],
      projects: [
        {
          id: w.site,
          name: 'Site',
          billing_increment: 1,
          enabled: true,
          billable: true,
          color: null,
          url: `${service.url}/v2/projects/${w.site}`,
        },
      ],
      entries: 1,
      expenses: 1,
      entries_url: `${url}/entries`,
      expenses_url: `${url}/expenses`,
      url,
      created_at: '2024-03-04T09:00:00Z',
      updated_at: '2024-03-04T09:00:00Z',
    });
    expect(i.share_url).toMatch(new RegExp(`^${service.url}/invoices/shared/[0-9a-f]{32}$`));
    expect(i.customization).toEqual({
      title: 'Invoice',
      date: 'Date',
      project: 'Projects',
      reference: 'Invoice reference',
      total_due: 'Total amount due',
      summary: 'Summary',
      project_summary: 'Project summary',
      user_summary: 'People summary',
      no_project_name: 'No project',
      work_time: 'work time',
      no_tax: 'no tax',
      work_total: 'Total worked',
      total: 'TOTAL',
      report: 'Report',
      taxable_total: 'Taxable total',
      tax_total: 'Tax total',
      taxfree_total: 'Tax-free total',
      total_report: 'Total reported',
      custom_html: null,
      currency_name: 'US Dollar',
      locale: 'en-US',
      currency_code: 'USD',
      currency_symbol: '$',
      allow_alpha_invoice: false,
      alpha_invoice_title: null,
      alpha_currency_code: null,
      alpha_address: null,
      allow_beta_connect_payment: false,
      beta_connect_payment_description: null,
      beta_connect_currency_code: null,
      created_at: '2024-03-04T09:00:00Z',
      updated_at: '2024-03-04T09:00:00Z',
    });
    expect((await client.get(`/v2/invoices/${i.id}`)).body).toEqual(i);
  });

  it('puts the entries and expenses on the invoice: invoice set, entries invoiced_at = the invoice date; they list under entries_url and expenses_url', async () => {
    const w = await worked();
    const { client } = w.team;
    const invoice = await createInvoice(client, {
      invoice_date: '2024-04-02',
      entry_ids: w.entries.slice(0, 2),
      expense_ids: [w.expenses[1]],
      rate_calculation: flatRate(10),
    });
    const ref = {
      id: invoice.id,
      reference: invoice.reference,
      invoice_date: '2024-04-02',
      state: 'unpaid',
      total_amount: 17.25,
      url: invoice.url,
    };
    for (const id of w.entries.slice(0, 2))
      expect((await client.get(`/v2/entries/${id}`)).body).toMatchObject({
        invoiced_at: '2024-04-02T00:00:00Z',
        invoice: ref,
      });
    expect((await client.get(`/v2/entries/${w.entries[2]}`)).body).toMatchObject({ invoiced_at: null, invoice: null });
    expect((await client.get(`/v2/expenses/${w.expenses[1]}`)).body.invoice).toEqual(ref);
    const listed = await client.get(invoice.entries_url.replace(w.team.service.url, ''));
    expect(listed.status).toBe(200);
    expect(listed.body.map((e: any) => e.id).sort()).toEqual(w.entries.slice(0, 2).sort());
    expect(listed.body[0].invoice).toEqual(ref);
    expect((await client.get(`/v2/invoices/${invoice.id}/entries?invoice_ids=999`)).body).toEqual([]);
    expect((await client.get(`/v2/invoices/${invoice.id}/expenses`)).body.map((x: any) => x.id)).toEqual([
      w.expenses[1],
    ]);
    expect((await client.get('/v2/entries?invoiced=true')).body).toHaveLength(2);
    expect((await client.get(`/v2/entries?invoice_ids=${invoice.id}`)).body).toHaveLength(2);
  });
});

describe('locking of invoiced entries and expenses', () => {
  it('an entry on an invoice cannot be changed or deleted (already_invoiced), even after unapproval', async () => {
    const w = await worked();
    const { client } = w.team;
    const [id] = w.entries;
    await client.put(`/v2/entries/${id}/approved`);
    await createInvoice(client, {
      entry_ids: [id],
      rate_calculation: flatRate(1),
    });
    await client.put(`/v2/entries/${id}/unapproved`);
    for (const reply of [
      await client.put(`/v2/entries/${id}`, { minutes: 1 }),
      await client.del(`/v2/entries/${id}`),
    ]) {
      expect(reply.status).toBe(400);
      expect(reply.body.errors).toEqual([{ resource: 'Entry', field: 'base', code: 'already_invoiced' }]);
    }
    expect((await client.get(`/v2/entries/${id}`)).body.minutes).toBe(90);
  });

  it('an expense on an invoice cannot be changed or deleted (invoiced)', async () => {
    const w = await worked();
    const { client } = w.team;
    const [id] = w.expenses;
    await createInvoice(client, { expense_ids: [id] });
    const put = await client.put(`/v2/expenses/${id}`, { date: '2024-03-01', project_id: w.site, price: 1 });
    const del = await client.del(`/v2/expense/${id}`);
    for (const reply of [put, del])
      expect(reply.body.errors).toEqual([{ resource: 'Expense', field: 'base', code: 'invoiced' }]);
    expect((await client.get(`/v2/expenses/${id}`)).body.price).toBe(12.5);
  });

  it('what is invoiced cannot go on another invoice: entries already_invoiced (also when marked outside the service), expenses invoiced; nothing is written', async () => {
    const w = await worked();
    const { client } = w.team;
    await createInvoice(client, {
      entry_ids: [w.entries[0]],
      expense_ids: [w.expenses[0]],
      rate_calculation: flatRate(1),
    });
    await client.put(`/v2/entries/${w.entries[1]}/marked_as_invoiced`, { date: '2024-03-05' });
    const before = moneySnapshot(w.team);
    const rate = flatRate(1);
    for (const [body, field, code] of [
      [{ entry_ids: [w.entries[2], w.entries[0]] }, 'entry_ids', 'already_invoiced'],
      [{ entry_ids: [w.entries[1]] }, 'entry_ids', 'already_invoiced'],
      [{ entry_ids: [w.entries[2]], expense_ids: [w.expenses[1], w.expenses[0]] }, 'expense_ids', 'invoiced'],
      [{ entry_ids: [w.entries[2], 9999] }, 'entry_ids', 'missing'],
      [{ expense_ids: [w.expenses[1], 9999] }, 'expense_ids', 'missing'],
    ] as const) {
      const reply = await client.post('/v2/invoices', { invoice_date: '2024-04-30', rate_calculation: rate, ...body });
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body.errors, JSON.stringify(body)).toEqual([{ resource: 'Invoice', field, code }]);
    }
    expect(moneySnapshot(w.team)).toBe(before);
  });

  it("an archived project's entries and expenses can be invoiced (decided)", async () => {
    const { client } = await serve();
    const p = await createProject(client);
    const e = await createEntry(client, { project_id: p });
    const x = await createExpense(client, { project_id: p });
    await client.put(`/v2/projects/${p}/archive`);
    const invoice = await createInvoice(client, {
      entry_ids: [e.id],
      expense_ids: [x.id],
      rate_calculation: flatRate(1),
    });
    expect(invoice).toMatchObject({ entries: 1, expenses: 1, total_amount: 11, projects: [{ id: p, enabled: false }] });
  });

  it('a project whose entries or expenses are invoiced cannot be deleted, only archived', async () => {
    const { client } = await serve();
    const p = await createProject(client);
    const x = await createExpense(client, { project_id: p });
    await createInvoice(client, { expense_ids: [x.id] });
    expect((await client.del(`/v2/projects/${p}`)).body.errors[0].code).toBe('not_deletable');
    expect((await client.put(`/v2/projects/${p}/archive`)).status).toBe(204);
  });
});

describe('references (decided: next number after the highest trailing number, its prefix and width kept)', () => {
  it('generates 1, 2, ... and follows a reference given by hand; a taken reference answers already_exists', async () => {
    const { client } = await serve();
    expect((await createInvoice(client)).reference).toBe('1');
    expect((await createInvoice(client)).reference).toBe('2');
    expect((await createInvoice(client, { reference: 'INV-0041' })).reference).toBe('INV-0041');
    expect((await createInvoice(client)).reference).toBe('INV-0042');
    expect((await createInvoice(client, { reference: 'Draft' })).reference).toBe('Draft');
    expect((await createInvoice(client, { reference: 'INV-0043' })).reference).toBe('INV-0043');
    expect((await createInvoice(client)).reference).toBe('INV-0044');
    const taken = await client.post('/v2/invoices', { invoice_date: '2024-03-31', reference: 'INV-0041' });
    expect(taken.status).toBe(400);
    expect(taken.body.errors).toEqual([{ resource: 'Invoice', field: 'reference', code: 'already_exists' }]);
  });

  it('skips a generated number someone already used by hand', async () => {
    const { client } = await serve();
    await createInvoice(client, { reference: '9' });
    await createInvoice(client, { reference: 'A-10' });
    // The highest trailing number is A-10's: A-11.
    expect((await createInvoice(client)).reference).toBe('A-11');
    await createInvoice(client, { reference: '12' });
    expect((await createInvoice(client)).reference).toBe('13');
  });
});

describe('customization defaults', () => {
  it("each label and the currency default to the latest invoice for the same projects, else the spec's defaults; locale to the latest invoice's, else en-US", async () => {
    const { client } = await serve();
    const a = await createProject(client, { name: 'A' });
    const b = await createProject(client, { name: 'B' });
    const x = async (project: number) => (await createExpense(client, { project_id: project })).id;
    const first = await createInvoice(client, {
      expense_ids: [await x(a)],
      customization: {
        title: 'Rechnung',
        total: 'SUMME',
        locale: 'de-DE',
        currency_symbol: '€',
        currency_code: 'EUR',
        custom_html: '<b>hi</b>',
      },
    });
    expect(first.customization).toMatchObject({
      title: 'Rechnung',
      total: 'SUMME',
      date: 'Date',
      locale: 'de-DE',
      currency_symbol: '€',
    });
    const again = await createInvoice(client, { expense_ids: [await x(a)], customization: { date: 'Datum' } });
    expect(again.customization).toMatchObject({
      title: 'Rechnung',
      total: 'SUMME',
      date: 'Datum',
      locale: 'de-DE',
      currency_symbol: '€',
      custom_html: '<b>hi</b>',
    });
    const other = await createInvoice(client, { expense_ids: [await x(b)] });
    expect(other.customization).toMatchObject({
      title: 'Invoice',
      total: 'TOTAL',
      date: 'Date',
      locale: 'de-DE',
      currency_symbol: '$',
      custom_html: null,
    });
    expect(other.total_amount_with_currency).toBe('$10.00');
    const blank = await createInvoice(client, {
      expense_ids: [await x(a)],
      customization: { title: '', locale: 'fr-CH' },
    });
    expect(blank.customization).toMatchObject({ title: 'Rechnung', date: 'Datum', locale: 'fr-CH' });
  });

  it('refuses labels that are not text or too long, a locale or currency code that is not one, with the nested field named', async () => {
    const { client } = await serve();
    const reply = await client.post('/v2/invoices', {
      invoice_date: '2024-03-31',
      customization: {
        title: 5,
        report: 'x'.repeat(256),
        locale: 'en US',
        currency_code: 'EURO',
        allow_alpha_invoice: 'yes',
      },
    });
    expect(reply.status).toBe(400);
    expect(reply.body.errors).toEqual([
      { resource: 'Invoice', field: 'customization.title', code: 'invalid' },
      { resource: 'Invoice', field: 'customization.report', code: 'invalid' },
      { resource: 'Invoice', field: 'customization.locale', code: 'invalid' },
      { resource: 'Invoice', field: 'customization.currency_code', code: 'invalid' },
      { resource: 'Invoice', field: 'customization.allow_alpha_invoice', code: 'invalid' },
    ]);
  });
});

describe('POST /v2/invoices: bad input', () => {
  it('refuses a missing invoice_date and every malformed part of the body, naming each field, writing nothing', async () => {
    const team = await serveTeam();
    const { client } = team;
    const before = moneySnapshot(team);
    expect((await client.post('/v2/invoices', {})).body.errors).toEqual([
      { resource: 'Invoice', field: 'invoice_date', code: 'missing_field' },
    ]);
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ invoice_date: '2024-02-30' }, 'invoice_date', 'invalid'],
      [{ reference: 'x'.repeat(256) }, 'reference', 'invalid'],
      [{ footer: 'x'.repeat(10_001) }, 'footer', 'invalid'],
      [{ show_hours_worked: 'no' }, 'show_hours_worked', 'invalid'],
      [{ entry_ids: [1.5] }, 'entry_ids', 'invalid'],
      [{ expense_ids: '1,2' }, 'expense_ids', 'invalid'],
      [{ taxes: { percentage: 5 } }, 'taxes', 'invalid'],
      [{ taxes: [5] }, 'taxes', 'invalid'],
      [{ taxes: [{ name: 'VAT' }] }, 'taxes.percentage', 'missing_field'],
      [{ taxes: [{ percentage: 101 }] }, 'taxes.percentage', 'invalid'],
      [{ taxes: [{ percentage: -1 }] }, 'taxes.percentage', 'invalid'],
      [{ taxes: [{ percentage: '7.1234' }] }, 'taxes.percentage', 'invalid'],
      [{ taxes: Array.from({ length: 101 }, () => ({ percentage: 1 })) }, 'taxes', 'invalid'],
      [{ rate_calculation: 'flat_rate' }, 'rate_calculation', 'invalid'],
      [{ rate_calculation: {} }, 'rate_calculation.calculation_method', 'missing_field'],
      [{ rate_calculation: { calculation_method: 'hourly' } }, 'rate_calculation.calculation_method', 'invalid'],
      [{ rate_calculation: { calculation_method: 'flat_rate' } }, 'rate_calculation.flat_rate', 'missing_field'],
      [
        { rate_calculation: { calculation_method: 'flat_rate', flat_rate: -5 } },
        'rate_calculation.flat_rate',
        'invalid',
      ],
      [
        { rate_calculation: { calculation_method: 'standard_hourly_rate' } },
        'rate_calculation.standard_hourly_rate',
        'missing_field',
      ],
      [
        { rate_calculation: { calculation_method: 'custom_hourly_rates', custom_hourly_rates: [] } },
        'rate_calculation.standard_hourly_rate',
        'missing_field',
      ],
      [
        { rate_calculation: { calculation_method: 'standard_hourly_rate', standard_hourly_rate: 1e20 } },
        'rate_calculation.standard_hourly_rate',
        'invalid',
      ],
      [
        {
          rate_calculation: {
            calculation_method: 'custom_hourly_rates',
            standard_hourly_rate: 1,
            custom_hourly_rates: [{ hourly_rate: 5 }],
          },
        },
        'rate_calculation.custom_hourly_rates.user_id',
        'missing_field',
      ],
      [
        {
          rate_calculation: {
            calculation_method: 'custom_hourly_rates',
            standard_hourly_rate: 1,
            custom_hourly_rates: [{ user_id: 1, hourly_rate: 'NaN' }],
          },
        },
        'rate_calculation.custom_hourly_rates.hourly_rate',
        'invalid',
      ],
      [
        {
          rate_calculation: {
            calculation_method: 'custom_hourly_rates',
            standard_hourly_rate: 1,
            custom_hourly_rates: [
              { user_id: 1, hourly_rate: 1 },
              { user_id: 1, hourly_rate: 2 },
            ],
          },
        },
        'rate_calculation.custom_hourly_rates.user_id',
        'invalid',
      ],
      [
        {
          rate_calculation: {
            calculation_method: 'custom_hourly_rates',
            standard_hourly_rate: 1,
            custom_hourly_rates: [{ user_id: 999, hourly_rate: 1 }],
          },
        },
        'rate_calculation.custom_hourly_rates.user_id',
        'missing',
      ],
      [{ customization: ['title'] }, 'customization', 'invalid'],
    ];
    for (const [body, field, code] of cases) {
      const reply = await client.post('/v2/invoices', { invoice_date: '2024-03-31', ...body });
      expect(reply.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(reply.body.errors, JSON.stringify(body).slice(0, 80)).toEqual([{ resource: 'Invoice', field, code }]);
    }
    expect(moneySnapshot(team)).toBe(before);
  });

  it('refuses an invoice whose amounts are beyond what it can hold (400, base invalid), never 500', async () => {
    const { client } = await serve();
    const p = await createProject(client, { billing_increment: 1 });
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push((await createEntry(client, { project_id: p, minutes: 999_999 })).id);
    const reply = await client.post('/v2/invoices', {
      invoice_date: '2024-03-31',
      entry_ids: ids,
      rate_calculation: { calculation_method: 'standard_hourly_rate', standard_hourly_rate: 1_000_000_000 },
    });
    expect(reply.status).toBe(400);
    expect(reply.body.errors).toEqual([{ resource: 'Invoice', field: 'base', code: 'invalid' }]);
    expect((await client.get('/v2/invoices')).body).toEqual([]);
  });
});

describe('GET /v2/invoices/:id', () => {
  it('answers 200 with the Invoice; 404 for a missing one or an id that is not one', async () => {
    const { client } = await serve();
    const invoice = await createInvoice(client);
    expect((await client.get(`/v2/invoices/${invoice.id}`)).body).toEqual(invoice);
    for (const path of [
      '/v2/invoices/999',
      '/v2/invoices/abc',
      '/v2/invoices/999/entries',
      '/v2/invoices/999/expenses',
    ]) {
      expect((await client.get(path)).status, path).toBe(404);
    }
  });
});

describe('GET /v2/invoices', () => {
  it('lists the latest invoice_date first, newest first within a date, paginated; trailing slash served', async () => {
    const { client } = await serve();
    const a = await createInvoice(client, { invoice_date: '2024-01-31' });
    const b = await createInvoice(client, { invoice_date: '2024-02-29' });
    const c = await createInvoice(client, { invoice_date: '2024-01-31' });
    expect((await client.get('/v2/invoices/')).body.map((i: any) => i.id)).toEqual([b.id, c.id, a.id]);
    const page = await client.get('/v2/invoices?per_page=1&page=3');
    expect(page.body.map((i: any) => i.id)).toEqual([a.id]);
    expect(page.headers.get('link')).toContain('rel="prev"');
  });

  it('filters by every filter of the spec, combined', async () => {
    const { client, clock } = await serve();
    const site = await createProject(client, { name: 'Site' });
    const app = await createProject(client, { name: 'App' });
    const x = async (project: number, price = 10) => (await createExpense(client, { project_id: project, price })).id;
    const one = await createInvoice(client, {
      invoice_date: '2024-01-31',
      reference: 'INV-1',
      project_name: 'Website relaunch',
      company_name: 'Stint Ltd',
      company_details: 'Main St 1',
      recipient_details: 'ACME 100%',
      description: 'January',
      footer: 'Thanks',
      show_full_report: true,
      show_user_summaries: true,
      show_project_summaries: true,
      show_project_name_for_expenses: true,
      expense_ids: [await x(site, 100)],
      customization: {
        currency_symbol: '€',
        currency_code: 'EUR',
        locale: 'de-DE',
        custom_html: '<p>x</p>',
        allow_alpha_invoice: true,
      },
    });
    clock.set('2024-03-10T00:00:00Z');
    const two = await createInvoice(client, {
      invoice_date: '2024-02-29',
      reference: 'INV-2',
      show_hours_worked: false,
      expense_ids: [await x(app, 50)],
      customization: { locale: 'en-GB' },
      rate_calculation: flatRate(1),
    });
    const three = await createInvoice(client, {
      invoice_date: '2024-03-31',
      reference: 'Q-3',
      expense_ids: [await x(app, 5), await x(site, 5)],
      rate_calculation: { calculation_method: 'custom_hourly_rates', standard_hourly_rate: 1 },
    });
    const list = async (q: string) => {
      const reply = await client.get(`/v2/invoices?${q}`);
      expect(reply.status, q).toBe(200);
      return reply.body.map((i: any) => i.id);
    };
    const all = [three.id, two.id, one.id];
    expect(await list('state=unpaid')).toEqual(all);
    expect(await list('state=paid')).toEqual([]);
    expect(await list('reference=inv')).toEqual([two.id, one.id]);
    expect(await list('project_name=relaunch')).toEqual([one.id]);
    expect(await list('recipient_details=100%25')).toEqual([one.id]);
    expect(await list('company_name=stint')).toEqual([one.id]);
    expect(await list('company_details=Main')).toEqual([one.id]);
    expect(await list('description=Jan')).toEqual([one.id]);
    expect(await list('footer=thanks')).toEqual([one.id]);
    expect(await list(`currency_symbol=${encodeURIComponent('€')}`)).toEqual([one.id]);
    expect(await list('invoice_date_from=2024-02-29')).toEqual([three.id, two.id]);
    expect(await list('invoice_date_to=2024-02-29')).toEqual([two.id, one.id]);
    // Totals: one 100, two 51 (flat 1 + 50), three 10.
    expect(await list('total_amount_from=51')).toEqual([two.id, one.id]);
    expect(await list('total_amount_from=51.01')).toEqual([one.id]);
    expect(await list('total_amount_to=51')).toEqual([three.id, two.id]);
    expect(await list(`project_ids=${site}`)).toEqual([three.id, one.id]);
    expect(await list(`project_ids=${app}`)).toEqual([three.id, two.id]);
    expect(await list('has_online_payment_details=true')).toEqual([one.id]);
    expect(await list('has_online_payment_details=false')).toEqual([three.id, two.id]);
    expect(await list('has_custom_html=true')).toEqual([one.id]);
    expect(await list('has_custom_html=false')).toEqual([three.id, two.id]);
    expect(await list('show_hours_worked=false')).toEqual([two.id]);
    expect(await list('show_full_report=true')).toEqual([one.id]);
    expect(await list('show_user_summaries=true')).toEqual([one.id]);
    expect(await list('show_project_summaries=true')).toEqual([one.id]);
    expect(await list('show_project_name_for_expenses=true')).toEqual([one.id]);
    expect(await list('show_project_name_for_expenses=false&show_hours_worked=true')).toEqual([three.id]);
    expect(await list('locale=de-DE')).toEqual([one.id]);
    expect(await list('locale=en-gb')).toEqual([three.id, two.id]); // three takes the locale of two, the latest invoice of its projects
    expect(await list('currency_code=eur')).toEqual([one.id]);
    expect(await list('rate_calculation=flat_rate')).toEqual([two.id]);
    expect(await list('rate_calculation=standard_hourly_rate')).toEqual([one.id]);
    expect(await list('updated_from=2024-03-10T00:00:00Z')).toEqual([three.id, two.id]);
    expect(await list('updated_to=2024-03-09T23:59:59Z')).toEqual([one.id]);
    expect(await list(`reference=INV&project_ids=${app}`)).toEqual([two.id]);
  });

  it('refuses every filter of the wrong type with 400 naming it', async () => {
    const { client } = await serve();
    for (const [param, value] of [
      ['state', 'open'],
      ['invoice_date_from', 'x'],
      ['invoice_date_to', '2024-02-30'],
      ['total_amount_from', 'lots'],
      ['total_amount_to', '1.001'],
      ['project_ids', 'a'],
      ['has_online_payment_details', 'yes'],
      ['has_custom_html', '0'],
      ['show_hours_worked', 'x'],
      ['show_full_report', 'x'],
      ['show_user_summaries', 'x'],
      ['show_project_summaries', 'x'],
      ['show_project_name_for_expenses', 'x'],
      ['locale', 'en US'],
      ['currency_code', 'EURO'],
      ['rate_calculation', 'hourly'],
      ['updated_from', '2024-01-01'],
      ['updated_to', 'x'],
    ]) {
      const reply = await client.get(`/v2/invoices?${param}=${encodeURIComponent(value!)}`);
      expect(reply.status, param).toBe(400);
      expect(reply.body.errors, param).toEqual([{ resource: 'Invoice', field: param, code: 'invalid' }]);
    }
  });
});

describe('who sees and makes invoices (decided)', () => {
  it('owner and supervisor make invoices; leaders see them but POST answers 403; coworkers and contractors get 403 everywhere', async () => {
    const team = await serveTeam();
    const supervisor = await team.member('supervisor');
    const leader = await team.member('leader');
    const invoice = await createInvoice(supervisor.client);
    expect((await leader.client.get('/v2/invoices')).body.map((i: any) => i.id)).toEqual([invoice.id]);
    expect((await leader.client.get(`/v2/invoices/${invoice.id}`)).status).toBe(200);
    expect((await leader.client.post('/v2/invoices', { invoice_date: '2024-03-31' })).status).toBe(403);
    for (const role of ['coworker', 'contractor'] as const) {
      const member = await team.member(role);
      for (const path of [
        '/v2/invoices',
        `/v2/invoices/${invoice.id}`,
        `/v2/invoices/${invoice.id}/entries`,
        `/v2/invoices/${invoice.id}/expenses`,
      ]) {
        expect((await member.client.get(path)).status, `${role} ${path}`).toBe(403);
      }
      expect((await member.client.post('/v2/invoices', { invoice_date: '2024-03-31' })).status, role).toBe(403);
    }
    expect((await team.client.get('/v2/invoices')).body).toHaveLength(1);
  });
});

describe('GET /v2/project_groups/:id/invoices (the group invoices_url)', () => {
  it("lists the invoices that bill any of the group's projects, with the invoice filters; none for an empty group; 404 for a missing group", async () => {
    const w = await worked();
    const { client } = w.team;
    const other = await createProject(client, { name: 'Elsewhere', billing_increment: 1 });
    const elsewhere = (await createEntry(client, { project_id: other, minutes: 10 })).id;
    const onSite = await createInvoice(client, {
      invoice_date: '2024-04-02',
      entry_ids: [w.entries[0]],
      rate_calculation: flatRate(10),
    });
    await createInvoice(client, {
      invoice_date: '2024-04-03',
      entry_ids: [elsewhere],
      rate_calculation: flatRate(20),
    });
    const group = await client.post('/v2/project_groups', { name: 'Web', project_ids: [w.site] });
    expect(group.status).toBe(201);

    const listed = await client.get(group.body.invoices_url.replace(w.team.service.url, ''));
    expect(listed.status).toBe(200);
    expect(listed.body.map((i: any) => i.id)).toEqual([onSite.id]);
    expect(
      (await client.get(`/v2/project_groups/${group.body.id}/invoices?invoice_date_from=2024-05-01`)).body,
    ).toEqual([]);

    const empty = await client.post('/v2/project_groups', { name: 'Empty', project_ids: [] });
    expect(empty.status).toBe(201);
    expect((await client.get(`/v2/project_groups/${empty.body.id}/invoices`)).body).toEqual([]);
    expect((await client.get('/v2/project_groups/99999/invoices')).status).toBe(404);
  });
});
