// The expenses of a user and of the current user (GAPS.md "GET /v2/users/:id/expenses"; spec 001
// "GET /current_user/expenses"), with the expense list filters, and the expense counts of the
// User and Current user forms.
import { describe, expect, it } from 'vitest';
import { serveTeam } from '../support/people';
import { createProject, type Client } from '../support/support';

const ids = (list: Array<{ id: number }>) => list.map((x) => x.id);

async function expense(client: Client, fields: Record<string, unknown>): Promise<{ id: number }> {
  const reply = await client.post('/v2/expenses', { date: '2024-03-01', price: 12.5, ...fields });
  if (reply.status !== 201) throw new Error(`expense not created: ${reply.status} ${reply.text}`);
  return reply.body;
}

async function setup() {
  const team = await serveTeam();
  const project = await createProject(team.client, { name: 'Main' });
  const lee = await team.member('leader');
  const cora = await team.member('coworker');
  const mine = await expense(team.client, { project_id: project, date: '2024-03-01' });
  const lees = [
    await expense(lee.client, { project_id: project, date: '2024-02-01', price: 3 }),
    await expense(lee.client, { project_id: project, date: '2024-03-02' }),
  ];
  const coras = await expense(cora.client, { project_id: project });
  return { team, project, lee, cora, expenses: { mine, lees, coras } };
}

describe('expenses of users', () => {
  it("GET /v2/users/:id/expenses answers 200 with that user's expenses, most recent first, with the expense list filters", async () => {
    const { team, lee, expenses } = await setup();
    const reply = await team.client.get(`/v2/users/${lee.id}/expenses`);
    expect(reply.status).toBe(200);
    expect(ids(reply.body)).toEqual([expenses.lees[1]!.id, expenses.lees[0]!.id]);
    expect(reply.body[0].user.id).toBe(lee.id);
    expect(ids((await team.client.get(`/v2/users/${lee.id}/expenses?price_to=5`)).body)).toEqual([
      expenses.lees[0]!.id,
    ]);
    expect(ids((await team.client.get(`/v2/users/${lee.id}/expenses?user_ids=${team.service.ownerId}`)).body)).toEqual(
      [],
    );
    expect((await team.client.get(`/v2/users/${lee.id}/expenses?from=soon`)).status).toBe(400);
    expect((await team.client.get('/v2/users/999999/expenses')).status).toBe(404);
  });

  it("GET /v2/users/:id/expenses answers 403 to a coworker asking for another user's, 200 for their own", async () => {
    const { team, cora, expenses } = await setup();
    expect((await cora.client.get(`/v2/users/${team.service.ownerId}/expenses`)).status).toBe(403);
    expect(ids((await cora.client.get(`/v2/users/${cora.id}/expenses`)).body)).toEqual([expenses.coras.id]);
  });

  it("GET /current_user/expenses answers 200 with the current user's expenses, with the expense list filters", async () => {
    const { lee, expenses } = await setup();
    const reply = await lee.client.get('/v2/current_user/expenses');
    expect(reply.status).toBe(200);
    expect(ids(reply.body)).toEqual([expenses.lees[1]!.id, expenses.lees[0]!.id]);
    expect(ids((await lee.client.get('/v2/current_user/expenses/?to=2024-02-15')).body)).toEqual([
      expenses.lees[0]!.id,
    ]);
    expect((await lee.client.get('/v2/current_user/expenses?taxable=sometimes')).status).toBe(400);
  });

  it('counts expenses in the User and Current user forms', async () => {
    const { team, lee } = await setup();
    expect((await team.client.get(`/v2/users/${lee.id}`)).body.expenses).toBe(2);
    expect((await lee.client.get('/v2/current_user')).body.expenses).toBe(2);
    expect((await team.client.get('/v2/current_user')).body.expenses).toBe(1);
  });
});
