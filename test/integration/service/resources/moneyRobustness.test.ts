// Bad input at every endpoint of the money and event resources (entry approval and invoicing,
// expenses, invoices, webhooks, broadcast receivers): malformed JSON, non-object bodies, wrong
// types, huge strings, SQL metacharacters, negative, NaN and huge prices, unknown ids. Never a 500,
// never a partial write: the database is compared table by table before and after each refusal.
// Driven through fastify inject, as robustness.test.ts is: HTTP adds nothing to what is checked.
import { connectionOf } from '../../../support/sqliteFile';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BuiltService } from '../../../../service';
import { MONEY_TABLES, snapshotTables } from '../support/moneySupport';
import {
  expectArbitraryJsonRefusedCleanly,
  expectMalformedJsonRefused,
  expectOddQueriesAnswered,
  expectRefusedWithCodes,
  expectStatuses,
  expectUnknownIdsNotFound,
  expectWrongFieldsRefused,
  HUGE,
  type Write,
  WRONG_BOOLEAN,
  WRONG_DATE,
  WRONG_TEXT,
} from '../support/badInput';
import { injectedServiceForEach } from '../support/badInputSetup';

let built: BuiltService;
let ids: {
  project: number;
  archived: number;
  entry: number;
  approved: number;
  expense: number;
  invoice: number;
  webhook: number;
  receiver: number;
};

const snapshot = () => snapshotTables(built.db, MONEY_TABLES);

const { call, send, sendRaw, sendMalformed } = injectedServiceForEach({
  ready: (service) => (built = service),
  seed: async () => {
    const project = await create('/v2/projects', { name: 'Main' });
    const archived = await create('/v2/projects', { name: 'Old' });
    await create('/v2/expenses', { date: '2024-03-01', project_id: archived, price: 1 });
    await call('PUT', `/v2/projects/${archived}/archive`);
    const entry = await create('/v2/entries', { date: '2024-03-02', minutes: 5, project_id: project });
    const approved = await create('/v2/entries', { date: '2024-03-02', minutes: 5, project_id: project });
    await call('PUT', `/v2/entries/${approved}/approved`);
    const invoiced = await create('/v2/expenses', { date: '2024-03-01', project_id: project, price: 2 });
    const invoice = await create('/v2/invoices', { invoice_date: '2024-03-31', expense_ids: [invoiced] });
    const expense = await create('/v2/expenses', { date: '2024-03-01', project_id: project, price: 3 });
    const webhook = await create('/v2/webhooks', { name: 'W', payload_uri: 'https://example.com/w', events: ['*'] });
    const receiver = await create('/v2/broadcast_receivers', {
      name: 'R',
      payload_uri: 'https://example.com/r',
      subjects: ['*'],
    });
    ids = { project, archived, entry, approved, expense, invoice, webhook, receiver };
    // The ping's delivery attempt writes its outcome in the background: done before any snapshot.
    await built.events.idle();
  },
});

async function create(url: string, body: unknown): Promise<number> {
  const reply = await call('POST', url, JSON.stringify(body));
  if (reply.status !== 201) throw new Error(`${url}: ${reply.status} ${reply.body}`);
  return JSON.parse(reply.body).id;
}

type Kind =
  | 'text'
  | 'id'
  | 'ids'
  | 'boolean'
  | 'date'
  | 'timestamp'
  | 'money'
  | 'events'
  | 'subjects'
  | 'url'
  | 'rate'
  | 'customization'
  | 'taxes';

/** Every write endpoint of this area, with a valid base body and the kind of each field it reads. */
function writes(): Write<Kind>[] {
  const expense: Record<string, Kind> = {
    date: 'date',
    project_id: 'id',
    price: 'money',
    user_id: 'id',
    taxable: 'boolean',
    description: 'text',
  };
  const expenseBase = { date: '2024-03-05', project_id: ids.project, price: 4 };
  const invoice: Record<string, Kind> = {
    invoice_date: 'date',
    reference: 'text',
    project_name: 'text',
    company_name: 'text',
    company_details: 'text',
    recipient_details: 'text',
    description: 'text',
    footer: 'text',
    show_hours_worked: 'boolean',
    show_full_report: 'boolean',
    show_user_summaries: 'boolean',
    show_project_summaries: 'boolean',
    show_project_name_for_expenses: 'boolean',
    entry_ids: 'ids',
    expense_ids: 'ids',
    taxes: 'taxes',
    rate_calculation: 'rate',
    customization: 'customization',
  };
  const hook = (topics: 'events' | 'subjects'): Record<string, Kind> => ({
    name: 'text',
    payload_uri: 'url',
    [topics]: topics,
  });
  const w = `/v2/webhooks/${ids.webhook}`;
  const r = `/v2/broadcast_receivers/${ids.receiver}`;
  return [
    { method: 'PUT', url: `/v2/entries/${ids.entry}/approved`, base: {}, fields: { approved_at: 'timestamp' } },
    {
      method: 'PUT',
      url: '/v2/entries/approved',
      base: { entry_ids: [ids.entry] },
      fields: { entry_ids: 'ids', approved_at: 'timestamp' },
    },
    { method: 'PUT', url: '/v2/entries/unapproved', base: { entry_ids: [ids.approved] }, fields: { entry_ids: 'ids' } },
    {
      method: 'PUT',
      url: `/v2/entries/${ids.entry}/marked_as_invoiced`,
      base: { date: '2024-03-05' },
      fields: { date: 'date' },
    },
    {
      method: 'PUT',
      url: '/v2/entries/marked_as_invoiced',
      base: { entry_ids: [ids.entry], date: '2024-03-05' },
      fields: { entry_ids: 'ids', date: 'date' },
    },
    { method: 'POST', url: '/v2/expenses', base: expenseBase, fields: expense },
    { method: 'PUT', url: `/v2/expenses/${ids.expense}`, base: expenseBase, fields: expense },
    { method: 'PUT', url: `/v2/expense/${ids.expense}`, base: expenseBase, fields: expense },
    { method: 'POST', url: '/v2/invoices', base: { invoice_date: '2024-04-30' }, fields: invoice },
    {
      method: 'POST',
      url: '/v2/webhooks',
      base: { name: 'N', payload_uri: 'https://e.com/x', events: ['*'] },
      fields: hook('events'),
    },
    { method: 'PUT', url: w, base: {}, fields: { name: 'text', payload_uri: 'url' } },
    { method: 'PUT', url: `${w}/add_events`, base: { events: ['entry.created'] }, fields: { events: 'events' } },
    { method: 'PUT', url: `${w}/remove_events`, base: { events: ['*'] }, fields: { events: 'events' } },
    {
      method: 'POST',
      url: '/v2/broadcast_receivers',
      base: { name: 'N', payload_uri: 'https://e.com/x', subjects: ['timer'] },
      fields: hook('subjects'),
    },
    { method: 'PUT', url: r, base: {}, fields: { name: 'text', payload_uri: 'url' } },
    { method: 'PUT', url: `${r}/add_subjects`, base: { subjects: ['timer'] }, fields: { subjects: 'subjects' } },
    { method: 'PUT', url: `${r}/remove_subjects`, base: { subjects: ['*'] }, fields: { subjects: 'subjects' } },
  ];
}

const SQL = "'; DROP TABLE expenses; --";
const WRONG: Record<Kind, unknown[]> = {
  text: WRONG_TEXT,
  id: [SQL, '12', { n: 1 }, [1], 1.5, true, 0, -3, 1e308, HUGE],
  ids: [SQL, '1,2', 1, { a: 1 }, [0], [-1], [1.5], ['1'], [null], [[1]], Array.from({ length: 1001 }, (_, i) => i + 1)],
  boolean: WRONG_BOOLEAN,
  date: WRONG_DATE,
  timestamp: ['2024-03-01', '2024-03-01T25:00:00Z', 1709283600, { t: 1 }, SQL, HUGE],
  money: [
    'NaN',
    'Infinity',
    '-Infinity',
    '1e999',
    1e300,
    -1e300,
    1_000_000_000.01,
    0.001,
    '12,50',
    '1.234',
    SQL,
    { p: 1 },
    [1],
    true,
    HUGE,
  ],
  events: ['*', ['nope'], [1], [['*']], { e: 1 }, [SQL], [HUGE]],
  subjects: ['timer', ['entry.created'], [1], { s: 1 }, [SQL]],
  url: ['example.com', 'ftp://e.com', 'https://', `https://e.com/${HUGE}`, 'http://e .com', 1, { u: 1 }, SQL],
  rate: [
    'x',
    1,
    ['a'],
    true,
    {},
    { calculation_method: SQL },
    { calculation_method: 'flat_rate', flat_rate: 'NaN' },
    { calculation_method: 'flat_rate', flat_rate: 1e300 },
  ],
  customization: ['x', 1, ['a'], true, { title: HUGE }, { locale: SQL }, { currency_code: SQL }, { custom_html: HUGE }],
  taxes: [
    'x',
    1,
    { percentage: 1 },
    [1],
    [null],
    [{ percentage: 'NaN' }],
    [{ percentage: SQL }],
    [{ percentage: 1e308 }],
    [{ percentage: 1, name: HUGE }],
  ],
};

describe('bad input at the money and event endpoints', () => {
  it('answers malformed and non-object JSON with 400 at every write endpoint and writes nothing', async () => {
    await expectMalformedJsonRefused({
      endpoints: writes(),
      send: sendMalformed,
      snapshot,
    });
  });

  it('answers a wrong type, form or size in any field with 400 naming that field, and writes nothing', async () => {
    await expectWrongFieldsRefused({
      writes: writes(),
      wrong: WRONG,
      send,
      snapshot,
      errorField: (field) => field.split('.')[0]!,
      shown: 40,
    });
  });

  it('stores SQL metacharacters as text and finds them again through the filters', async () => {
    const evil = 'x\'); DROP TABLE invoices; -- " % _ \\';
    const expense = JSON.parse(
      (
        await call(
          'POST',
          '/v2/expenses',
          JSON.stringify({ date: '2024-03-01', project_id: ids.project, price: 1, description: evil }),
        )
      ).body,
    );
    expect(expense.description).toBe(evil);
    const invoice = JSON.parse(
      (
        await call(
          'POST',
          '/v2/invoices',
          JSON.stringify({ invoice_date: '2024-03-01', reference: evil, footer: evil }),
        )
      ).body,
    );
    expect(invoice.reference).toBe(evil);
    const hook = JSON.parse(
      (
        await call(
          'POST',
          '/v2/webhooks',
          JSON.stringify({ name: evil, payload_uri: `https://e.com/?q=${encodeURIComponent(evil)}`, events: ['*'] }),
        )
      ).body,
    );
    expect(hook.name).toBe(evil);
    expect(
      JSON.parse((await call('GET', `/v2/expenses?description=${encodeURIComponent("'); DROP")}`)).body),
    ).toHaveLength(1);
    expect(JSON.parse((await call('GET', `/v2/invoices?reference=${encodeURIComponent(evil)}`)).body)).toHaveLength(1);
    expect(JSON.parse((await call('GET', `/v2/webhooks?name=${encodeURIComponent('%')}`)).body)).toHaveLength(1);
    for (const table of MONEY_TABLES)
      expect(() => connectionOf(built.db).prepare(`SELECT 1 FROM ${table}`).all()).not.toThrow();
  });

  it('answers unknown ids with 404 (paths) or 400 (body references) at every endpoint, writing nothing', async () => {
    const before = snapshot();
    await expectUnknownIdsNotFound({
      rows: [
        {
          ids: ['999999', 'abc', '-1', '0', '1e3', '99999999999999999999', "1'%20OR%20'1'='1"],
          routes: (id) => [
            ['PUT', `/v2/entries/${id}/approved`],
            ['PUT', `/v2/entries/${id}/unapproved`],
            ['PUT', `/v2/entries/${id}/marked_as_invoiced`],
            ['GET', `/v2/expenses/${id}`],
            ['PUT', `/v2/expenses/${id}`],
            ['DELETE', `/v2/expenses/${id}`],
            ['GET', `/v2/expense/${id}`],
            ['PUT', `/v2/expense/${id}`],
            ['DELETE', `/v2/expense/${id}`],
            ['GET', `/v2/invoices/${id}`],
            ['GET', `/v2/invoices/${id}/entries`],
            ['GET', `/v2/invoices/${id}/expenses`],
            ['GET', `/v2/webhooks/${id}`],
            ['PUT', `/v2/webhooks/${id}`],
            ['PUT', `/v2/webhooks/${id}/add_events`],
            ['PUT', `/v2/webhooks/${id}/remove_events`],
            ['PUT', `/v2/webhooks/${id}/reroll_secret`],
            ['PUT', `/v2/webhooks/${id}/enable`],
            ['PUT', `/v2/webhooks/${id}/disable`],
            ['PUT', `/v2/webhooks/${id}/ping`],
            ['PUT', `/v2/webhooks/${id}/retry/${id}`],
            ['PUT', `/v2/webhooks/${ids.webhook}/retry/${id}`],
            ['DELETE', `/v2/webhooks/${id}`],
            ['GET', `/v2/broadcast_receivers/${id}`],
            ['PUT', `/v2/broadcast_receivers/${id}`],
            ['PUT', `/v2/broadcast_receivers/${id}/add_subjects`],
            ['PUT', `/v2/broadcast_receivers/${id}/remove_subjects`],
            ['PUT', `/v2/broadcast_receivers/${id}/reroll_secret`],
            ['PUT', `/v2/broadcast_receivers/${id}/enable`],
            ['PUT', `/v2/broadcast_receivers/${id}/disable`],
            ['DELETE', `/v2/broadcast_receivers/${id}`],
          ],
          body: (method) => (method === 'GET' ? undefined : {}),
        },
      ],
      send,
    });
    const expense = (extra: Record<string, unknown>) => ({
      date: '2024-03-01',
      project_id: ids.project,
      price: 1,
      ...extra,
    });
    await expectStatuses({
      rows: [
        ...[{ project_id: 999999 }, { user_id: 999999 }].flatMap((extra) => [
          { method: 'POST', url: '/v2/expenses', body: expense(extra), status: 400 },
          { method: 'PUT', url: `/v2/expenses/${ids.expense}`, body: expense(extra), status: 400 },
        ]),
        ...[{ entry_ids: [999999] }, { expense_ids: [999999] }].map((extra) => ({
          method: 'POST',
          url: '/v2/invoices',
          body: { invoice_date: '2024-04-01', ...extra },
          status: 400,
        })),
        // Bulk actions skip ids that name nothing: 204, nothing written.
        { method: 'PUT', url: '/v2/entries/approved', body: { entry_ids: [999999] }, status: 204 },
        {
          method: 'PUT',
          url: '/v2/entries/marked_as_invoiced',
          body: { entry_ids: [999999], date: '2024-03-01' },
          status: 204,
        },
      ],
      send,
    });
    expect(snapshot()).toBe(before);
  });

  it('refuses every locked or archived change with 400 and its code, writing nothing', async () => {
    const before = snapshot();
    const invoicedExpense = (
      JSON.parse((await call('GET', `/v2/invoices/${ids.invoice}/expenses`)).body) as Array<{ id: number }>
    )[0]!.id;
    const archivedExpense = (
      JSON.parse((await call('GET', `/v2/expenses?project_ids=${ids.archived}`)).body) as Array<{ id: number }>
    )[0]!.id;
    const expenseBody = { date: '2024-03-01', project_id: ids.project, price: 1 };
    await expectRefusedWithCodes({
      rows: [
        { method: 'PUT', url: `/v2/expenses/${invoicedExpense}`, body: expenseBody, code: 'invoiced' },
        { method: 'DELETE', url: `/v2/expenses/${invoicedExpense}`, code: 'invoiced' },
        { method: 'PUT', url: `/v2/expenses/${archivedExpense}`, body: expenseBody, code: 'archived_project' },
        { method: 'DELETE', url: `/v2/expense/${archivedExpense}`, code: 'archived_project' },
        {
          method: 'POST',
          url: '/v2/expenses',
          body: { date: '2024-03-01', project_id: ids.archived, price: 1 },
          code: 'archived_project',
        },
        { method: 'PUT', url: `/v2/entries/${ids.approved}/approved`, code: 'already_approved' },
        { method: 'PUT', url: `/v2/entries/${ids.entry}/unapproved`, code: 'not_approved' },
        { method: 'PUT', url: `/v2/entries/${ids.approved}`, body: { minutes: 1 }, code: 'approved_and_locked' },
        {
          method: 'POST',
          url: '/v2/invoices',
          body: { invoice_date: '2024-04-01', expense_ids: [invoicedExpense] },
          code: 'invoiced',
        },
        {
          method: 'POST',
          url: '/v2/invoices',
          body: { invoice_date: '2024-04-01', reference: '1' },
          code: 'already_exists',
        },
      ],
      send,
    });
    expect(snapshot()).toBe(before);
  });

  it('answers odd query strings at every list with 200 or 400, never 500', async () => {
    const lists = [
      '/v2/expenses',
      '/v2/invoices',
      '/v2/webhooks',
      '/v2/broadcast_receivers',
      `/v2/invoices/${ids.invoice}/entries`,
      `/v2/invoices/${ids.invoice}/expenses`,
    ];
    const queries = [
      '?page[]=1',
      '?per_page=1e3',
      '?name=%00',
      '?description=%25%25',
      '?a=%E0%A4%A',
      '?taxable=true&taxable=false',
      '?price_from=NaN',
      '?price_to=1e999',
      '?total_amount_from=-0',
      `?reference=${'n'.repeat(5000)}`,
      '?events=*,*',
      '?subjects=',
      '?&&&=',
    ];
    await expectOddQueriesAnswered({ lists, queries, get: (url) => call('GET', url) });
  });

  it('never answers 5xx nor changes anything for arbitrary JSON bodies it refuses', async () => {
    await expectArbitraryJsonRefusedCleanly({
      endpoints: writes(),
      send: sendRaw,
      snapshot,
      numRuns: 300,
    });
  });

  it('never answers 5xx for arbitrary objects in the nested invoice inputs', async () => {
    const nested = fc.dictionary(
      fc.constantFrom(
        'calculation_method',
        'standard_hourly_rate',
        'flat_rate',
        'custom_hourly_rates',
        'percentage',
        'name',
        'user_id',
        'hourly_rate',
        'title',
        'locale',
      ),
      fc.oneof(
        fc.jsonValue(),
        fc.constantFrom('flat_rate', 'standard_hourly_rate', 'custom_hourly_rates', 1, -1, 0.005, 1e15),
      ),
    );
    await fc.assert(
      fc.asyncProperty(nested, fc.array(nested, { maxLength: 3 }), nested, async (rate, taxes, customization) => {
        const before = snapshot();
        const reply = await call(
          'POST',
          '/v2/invoices',
          JSON.stringify({ invoice_date: '2024-04-01', rate_calculation: rate, taxes, customization }),
        );
        expect(reply.status).toBeLessThan(500);
        if (reply.status >= 400) expect(snapshot()).toBe(before);
      }),
      { numRuns: 300 },
    );
  });

  it('answers a body over 1 MiB with 413, not 500', async () => {
    const reply = await call(
      'POST',
      '/v2/invoices',
      JSON.stringify({ invoice_date: '2024-03-01', footer: 'x'.repeat(1_100_000) }),
    );
    expect(reply.status).toBe(413);
  });
});
