// Users and teams through the client, against the real local service, with other users' roles.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collect } from '../../../main/api/types';
import { failureOf, uniqueName } from './harness';
import { startWithMembers, type LocalWithMembers } from './members';

let local: LocalWithMembers;
beforeAll(async () => {
  local = await startWithMembers();
});
afterAll(() => local?.close());

const email = (prefix: string) => `${uniqueName(prefix).replace(/\W/g, '-')}@example.test`;

describe('users', () => {
  it('creates a user with the role given, or leader by default, and reads them back', async () => {
    const { api } = local;
    const address = email('ada');
    const ada = await api.createUser({ email: address, first_name: 'Ada', last_name: 'Lovelace', role: 'coworker' });
    expect(ada).toMatchObject({
      email: address,
      first_name: 'Ada',
      last_name: 'Lovelace',
      role: 'coworker',
      state: 'active',
    });
    expect(await api.getUser(ada.id)).toEqual(ada);
    expect((await api.createUser({ email: email('plain') })).role).toBe('leader');
  });

  it('refuses a creation without an e-mail with the errors array, and a second one of the same address', async () => {
    const { api } = local;
    const missing = await failureOf(api.createUser({ first_name: 'Nobody' } as never));
    expect(missing.kind).toBe('validation');
    expect(missing.errors).toContainEqual(expect.objectContaining({ field: 'email', code: 'missing_field' }));

    const address = email('twice');
    await api.createUser({ email: address });
    expect((await failureOf(api.createUser({ email: address }))).errors).toContainEqual(
      expect.objectContaining({ field: 'email', code: 'already_exists' }),
    );
  });

  it("updates a user, and refuses a change of one's own role", async () => {
    const { api } = local;
    const user = await api.createUser({ email: email('grace') });
    expect(await api.updateUser(user.id, { last_name: 'Hopper', role: 'supervisor' })).toMatchObject({
      id: user.id,
      last_name: 'Hopper',
      role: 'supervisor',
    });
    const me = await api.getCurrentUser();
    const e = await failureOf(api.updateUser(me.id, { role: 'coworker' }));
    expect(e.errors).toContainEqual(expect.objectContaining({ code: 'authenticated_user' }));
  });

  it('lists users by role and e-mail across pages', async () => {
    const { api } = local;
    const tag = uniqueName('pages').replace(/\W/g, '');
    const made = [];
    for (let i = 0; i < 5; i++)
      made.push(await api.createUser({ email: `${tag}-${i}@example.test`, role: i < 3 ? 'contractor' : 'coworker' }));
    const contractors = await collect(api.listUsers({ email: tag, role: 'contractor', per_page: 2 }));
    expect(contractors.map((u) => u.id).sort()).toEqual(
      made
        .slice(0, 3)
        .map((u) => u.id)
        .sort(),
    );
  });

  it("deactivates and activates a user: a deactivated user's token stops working", async () => {
    const { api } = local;
    const member = await local.member('coworker');
    await api.deactivateUser(member.user.id);
    expect((await api.getUser(member.user.id)).state).toBe('disabled');
    expect((await failureOf(member.api.getCurrentUser())).kind).toBe('unauthorized');
    expect((await collect(api.listUsers({ email: member.user.email, state: 'disabled' }))).map((u) => u.id)).toEqual([
      member.user.id,
    ]);

    await api.activateUser(member.user.id);
    expect((await api.getUser(member.user.id)).state).toBe('active');
    expect((await member.api.getCurrentUser()).id).toBe(member.user.id);
  });

  it('gives a contractor access to projects and takes it back, one by one or all at once', async () => {
    const { api } = local;
    const contractor = await local.member('contractor');
    const [a, b] = [
      await api.createProject({ name: uniqueName('Access A') }),
      await api.createProject({ name: uniqueName('Access B') }),
    ];
    const seen = async () => (await collect(contractor.api.listProjects())).map((p) => p.id).sort();
    expect(await seen()).toEqual([]);

    await api.giveAccessToProjects(contractor.user.id, [a.id, b.id]);
    expect(await seen()).toEqual([a.id, b.id].sort());
    await api.revokeAccessToProjects(contractor.user.id, [a.id]);
    expect(await seen()).toEqual([b.id]);
    await api.revokeAccessToAllProjects(contractor.user.id);
    expect(await seen()).toEqual([]);

    const e = await failureOf(api.giveAccessToProjects(contractor.user.id, [999_999]));
    expect(e.errors).toContainEqual(expect.objectContaining({ field: 'project_ids', code: 'missing' }));
  });

  it("lists a user's entries and expenses, and forbids them to a role that sees only its own", async () => {
    const { api } = local;
    const coworker = await local.member('coworker');
    const project = await api.createProject({ name: uniqueName('Theirs') });
    await api.giveAccessToProjects(coworker.user.id, [project.id]);
    const entry = await coworker.api.createEntry({ date: '2025-02-03', minutes: 30, project_id: project.id });
    const expense = await coworker.api.createExpense({ date: '2025-02-03', project_id: project.id, price: 12.5 });
    await api.createEntry({ date: '2025-02-03', minutes: 15, project_id: project.id });

    expect((await collect(api.listUserEntries(coworker.user.id))).map((e) => e.id)).toEqual([entry.id]);
    expect(await collect(api.listUserEntries(coworker.user.id, { from: '2025-03-01' }))).toEqual([]);
    expect((await collect(api.listUserExpenses(coworker.user.id))).map((x) => x.id)).toEqual([expense.id]);

    const me = await api.getCurrentUser();
    expect((await failureOf(collect(coworker.api.listUserEntries(me.id)))).kind).toBe('forbidden');
    expect((await failureOf(collect(coworker.api.listUserExpenses(me.id)))).kind).toBe('forbidden');
  });

  it('forbids managing users to a coworker, and answers not_found for a user that does not exist', async () => {
    const coworker = await local.member('coworker');
    const e = await failureOf(coworker.api.createUser({ email: email('nope') }));
    expect(e.kind).toBe('forbidden');
    expect(e.status).toBe(403);
    expect((await failureOf(local.api.getUser(999_999))).kind).toBe('not_found');
  });
});

describe('teams', () => {
  it('creates a team, renames it, and finds it by a member across pages', async () => {
    const { api } = local;
    const [one, two] = [await api.createUser({ email: email('t1') }), await api.createUser({ email: email('t2') })];
    const name = uniqueName('Team');
    const team = await api.createTeam({ name, user_ids: [one.id, two.id] });
    expect(team.name).toBe(name);
    expect(team.users.map((u) => u.id).sort()).toEqual([one.id, two.id].sort());
    expect(await api.getTeam(team.id)).toEqual(team);
    expect((await api.updateTeam(team.id, { name: `${name} renamed` })).name).toBe(`${name} renamed`);

    const others = [];
    for (let i = 0; i < 3; i++)
      others.push(await api.createTeam({ name: uniqueName('Other team'), user_ids: [one.id] }));
    const found = await collect(api.listTeams({ user_ids: [one.id], per_page: 2 }));
    expect(found.map((t) => t.id).sort()).toEqual([team.id, ...others.map((t) => t.id)].sort());
    expect((await collect(api.listTeams({ user_ids: [two.id] }))).map((t) => t.id)).toEqual([team.id]);
  });

  it('adds and removes users, lists them and their entries, and deletes the team but not them', async () => {
    const { api } = local;
    const [a, b, c] = [
      await api.createUser({ email: email('ma') }),
      await api.createUser({ email: email('mb') }),
      await api.createUser({ email: email('mc'), role: 'coworker' }),
    ];
    const team = await api.createTeam({ name: uniqueName('Crew'), user_ids: [a.id] });

    const afterAdd = await api.addUsersToTeam(team.id, [a.id, b.id, c.id]);
    expect(afterAdd.map((u) => u.id).sort()).toEqual([a.id, b.id, c.id].sort());
    expect((await collect(api.listTeamUsers(team.id, { role: 'coworker' }))).map((u) => u.id)).toEqual([c.id]);

    const project = await api.createProject({ name: uniqueName('Crew work') });
    const entry = await api.createEntry({ date: '2025-04-01', minutes: 60, project_id: project.id, user_id: b.id });
    await api.createEntry({ date: '2025-04-01', minutes: 60, project_id: project.id });
    expect((await collect(api.listTeamEntries(team.id))).map((e) => e.id)).toEqual([entry.id]);

    await api.removeUsersFromTeam(team.id, [b.id]);
    expect((await api.getTeam(team.id)).users.map((u) => u.id).sort()).toEqual([a.id, c.id].sort());
    await api.removeAllUsersFromTeam(team.id);
    expect((await api.getTeam(team.id)).users).toEqual([]);

    await api.deleteTeam(team.id);
    expect((await failureOf(api.getTeam(team.id))).kind).toBe('not_found');
    expect((await api.getUser(a.id)).id).toBe(a.id);
  });

  it('refuses a team without a name (validation) and teams to a contractor (forbidden)', async () => {
    const e = await failureOf(local.api.createTeam({ user_ids: [] } as never));
    expect(e.kind).toBe('validation');
    expect(e.errors).toContainEqual(expect.objectContaining({ field: 'name', code: 'missing_field' }));
    const contractor = await local.member('contractor');
    expect((await failureOf(collect(contractor.api.listTeams()))).kind).toBe('forbidden');
  });
});
