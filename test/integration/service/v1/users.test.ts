// Users, tags and the e-mail-and-password token of the v1 API (spec 002 "Users", "Tags",
// "Authentication").
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { setPassword } from '../../../../service/oauth/setPassword';
import { asDb, openDatabaseFile } from '../../../support/sqliteFile';
import { serveTeam, type TeamService } from '../support/people';
import { createProject, serve } from '../support/support';
import { idOf, postEntryJson, V1 } from '../support/v1Support';
import { Browser, OWNER_EMAIL, OWNER_PASSWORD, serveOAuth } from '../support/oauthSupport';
import { TEST_PASSWORD_COST } from '../../../support/passwordCost';

const USER_KEYS = ['id', 'first_name', 'last_name', 'email', 'permissions', 'time_format', 'week_start', 'hashtags'];

async function withPassword(team: TeamService, userId: number, password: string): Promise<void> {
  const db = openDatabaseFile(join(team.dataDir, 'service.db'));
  try {
    await setPassword(asDb(db), userId, password, { now: '2024-03-04T09:00:00Z', cost: TEST_PASSWORD_COST });
  } finally {
    db.close();
  }
}

const basic = (user: string, password: string) => ({
  authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`,
});

describe('v1 users', () => {
  it('GET /api/users lists active users only, with login; /users/<id> shows a deactivated one; /users/self the caller', async () => {
    const team = await serveTeam();
    const v1 = V1.of(team.client);
    const ann = await team.member('supervisor', { email: 'ann@example.test', first_name: 'Ann', last_name: 'Lee' });
    const gone = await team.member('coworker');
    expect((await team.client.put(`/v2/users/${gone.id}/deactivate`)).status).toBe(204);

    const list = await v1.json('GET', '/api/users.json');
    expect(list.body.map((w: any) => w.user.id)).toEqual([team.service.ownerId, ann.id]);
    expect(Object.keys(list.body[1].user).sort()).toEqual([...USER_KEYS, 'login'].sort());
    expect(list.body[1].user).toMatchObject({
      first_name: 'Ann',
      last_name: 'Lee',
      email: 'ann@example.test',
      login: 'ann@example.test',
      permissions: 'integration,time,invoicing,reports,tags,expenses,projects,team,people,import',
      time_format: 'hours_minutes',
      week_start: 'monday',
      hashtags: true,
    });
    expect(list.body[0].user.permissions.split(',')).toContain('billing');
    const xml = await v1.xml('GET', '/api/users.xml');
    expect(xml.body.users.user.map((u: any) => u.email)).toEqual(['me@stint.local', 'ann@example.test']);

    const shown = await v1.xml('GET', `/api/users/${gone.id}.xml`);
    expect(shown.status).toBe(200);
    expect(Object.keys(shown.body.user).sort()).toEqual([...USER_KEYS].sort());
    expect((await v1.json('GET', '/api/users/self.json')).body.user.id).toBe(team.service.ownerId);
    expect((await V1.of(ann.client).xml('GET', '/api/users/self.xml')).body.user.email).toBe('ann@example.test');
  });

  it('answers 401 for a user that does not exist (spec 002), also for a freelancer asking about someone else', async () => {
    const team = await serveTeam();
    const v1 = V1.of(team.client);
    for (const path of ['/api/users/999999.json', '/api/users/abc.json', '/api/users/999999/avatar.json']) {
      const reply = await v1.json('GET', path);
      expect(reply.status, path).toBe(401);
      expect(reply.body.message).toMatch(/No such user/);
    }
    const contractor = await team.member('contractor');
    const c = V1.of(contractor.client);
    expect((await c.json('GET', `/api/users/${team.service.ownerId}.json`)).status).toBe(401);
    expect((await c.json('GET', `/api/users/${contractor.id}.json`)).status).toBe(200);
    expect((await c.json('GET', '/api/users.json')).status).toBe(422);
  });

  it('a freelancer changing or deleting a user it does not see is refused as a role (422, spec 002), not answered 401', async () => {
    const team = await serveTeam();
    const contractor = await team.member('contractor');
    const c = V1.of(contractor.client);
    const owner = team.service.ownerId;
    for (const [method, path, body] of [
      ['PUT', `/api/users/${owner}.json`, { user: { first_name: 'Boss' } }],
      ['PUT', `/api/users/${contractor.id}.json`, { user: { first_name: 'Me' } }],
      ['PUT', '/api/users/999999.json', { user: { first_name: 'Ghost' } }],
      ['DELETE', `/api/users/${owner}.json`, undefined],
      ['DELETE', '/api/users/999999.json', undefined],
    ] as const) {
      const reply = await c.json(method, path, body);
      expect(reply.status, `${method} ${path}`).toBe(422);
      expect(reply.body.message, `${method} ${path}`).toMatch(/^Not allowed: /);
    }
    const xml = await c.xml('PUT', `/api/users/${owner}.xml`, '<user><first_name>Boss</first_name></user>');
    expect(xml.status).toBe(422);
    expect(xml.body.error.message).toMatch(/^Not allowed: /);
    expect((await team.client.get(`/v2/users/${owner}`)).body.first_name).not.toBe('Boss');
    // The token is good: 401 stays for a missing credential and, for those who may act, a missing user.
    expect((await c.json('GET', '/api/users/self.json')).status).toBe(200);
    expect(
      (await V1.of(team.client).json('PUT', '/api/users/999999.json', { user: { first_name: 'Ghost' } })).status,
    ).toBe(401);
  });

  it('avatar: id, thumbnail and avatar, empty strings without an image', async () => {
    const team = await serveTeam();
    const v1 = V1.of(team.client);
    const reply = await v1.json('GET', `/api/users/${team.service.ownerId}/avatar.json`);
    expect(reply.body).toEqual({ id: team.service.ownerId, thumbnail: '', avatar: '' });
    const xml = await v1.xml('GET', `/api/users/${team.service.ownerId}/avatar.xml`);
    expect(xml.text).toContain('<avatar><id type="integer">');
  });

  it('POST invites (201 + Location), PUT changes names and e-mail, DELETE deletes a user without entries and deactivates one with', async () => {
    const team = await serveTeam();
    const v1 = V1.of(team.client);
    const made = await v1.json('POST', '/api/users.json', {
      user: { first_name: 'Cy', last_name: 'New', email: 'cy@example.test' },
    });
    expect(made.status).toBe(201);
    const id = idOf(made);
    expect(made.headers.get('location')).toBe(`${team.service.url}/api/users/${id}`);
    expect((await team.client.get(`/v2/users/${id}`)).body).toMatchObject({
      email: 'cy@example.test',
      role: 'leader',
      state: 'active',
    });

    const xml = await v1.xml(
      'POST',
      '/api/users.xml',
      '<user><first_name>Di</first_name><last_name>Xml</last_name><email>di@example.test</email></user>',
    );
    expect(xml.status).toBe(201);
    const di = idOf(xml);

    const put = await v1.xml(
      'PUT',
      `/api/users/${id}.xml`,
      '<user><last_name>Changed</last_name><email>cy2@example.test</email></user>',
    );
    expect(put.status).toBe(200);
    expect(put.body.user).toMatchObject({ first_name: 'Cy', last_name: 'Changed', email: 'cy2@example.test' });

    for (const body of [
      { user: { email: 'not an address' } },
      { user: { email: 'di@example.test' } },
      { user: { password: 'secret123' } },
    ]) {
      const reply = await v1.json('PUT', `/api/users/${id}.json`, body);
      expect(reply.status, JSON.stringify(body)).toBe(422);
    }
    expect((await v1.json('POST', '/api/users.json', { user: { first_name: 'No mail' } })).status).toBe(422);
    expect((await v1.json('POST', '/api/users.json', { user: { email: 'cy2@example.test' } })).status).toBe(422);

    // Di has entries: deactivated, still shown by id, gone from the list. Cy has none: deleted.
    await postEntryJson(v1, { user: di, minutes: '1' });
    expect((await v1.json('DELETE', `/api/users/${di}.json`)).status).toBe(200);
    expect((await team.client.get(`/v2/users/${di}`)).body.state).toBe('disabled');
    expect((await v1.json('GET', `/api/users/${di}.json`)).status).toBe(200);
    expect((await v1.json('GET', '/api/users.json')).body.map((w: any) => w.user.id)).not.toContain(di);
    expect((await v1.xml('DELETE', `/api/users/${id}.xml`)).status).toBe(200);
    expect((await team.client.get(`/v2/users/${id}`)).status).toBe(404);
    expect((await v1.json('DELETE', `/api/users/${id}.json`)).status).toBe(401);
  });

  it('who may: managing users takes an administrator or the owner (422), deleting the owner alone, never themself', async () => {
    const team = await serveTeam({ userLimit: 4 });
    const leader = await team.member('leader');
    const supervisor = await team.member('supervisor');
    const l = V1.of(leader.client);
    const s = V1.of(supervisor.client);
    expect((await l.json('POST', '/api/users.json', { user: { email: 'x@example.test' } })).status).toBe(422);
    expect((await l.json('PUT', `/api/users/${leader.id}.json`, { user: { first_name: 'Me' } })).status).toBe(422);
    expect((await s.json('PUT', `/api/users/${leader.id}.json`, { user: { first_name: 'Led' } })).status).toBe(200);
    expect(
      (await s.json('PUT', `/api/users/${team.service.ownerId}.json`, { user: { first_name: 'Boss' } })).status,
    ).toBe(422);
    expect((await s.json('DELETE', `/api/users/${leader.id}.json`)).status).toBe(422);
    const self = await V1.of(team.client).json('DELETE', `/api/users/${team.service.ownerId}.json`);
    expect(self.status).toBe(422);
    expect(self.body.message).toMatch(/cannot delete themself/);
    // The account's user limit applies (spec 002 "account limits apply").
    expect((await s.json('POST', '/api/users.json', { user: { email: 'fourth@example.test' } })).status).toBe(201);
    const over = await s.json('POST', '/api/users.json', { user: { email: 'fifth@example.test' } });
    expect(over.status).toBe(422);
    expect(over.body.errors).toContainEqual({ resource: 'User', field: 'base', code: 'reached_user_limit' });
  });
});

describe('GET /api/tags', () => {
  it('lists every tag wrapped in tag; freelancers see only tags used in projects given them', async () => {
    const team = await serveTeam();
    const v1 = V1.of(team.client);
    const given = await createProject(team.client, { name: 'Given' });
    const other = await createProject(team.client, { name: 'Other' });
    await postEntryJson(v1, { 'project-id': given, description: 'design' });
    await postEntryJson(v1, { 'project-id': other, description: 'secret, meeting' });
    const list = await v1.json('GET', '/api/tags.json');
    expect(list.body.map((w: any) => w.tag.name)).toEqual(['design', 'meeting', 'secret']);
    expect(Object.keys(list.body[0].tag).sort()).toEqual([
      'account_id',
      'billable',
      'created_at',
      'id',
      'import_id',
      'name',
      'updated_at',
    ]);
    expect(list.body[0].tag).toMatchObject({ billable: true, import_id: null });
    const xml = await v1.xml('GET', '/api/tags.xml');
    expect(xml.body.tags.tag.map((t: any) => t.name)).toEqual(['design', 'meeting', 'secret']);

    const contractor = await team.member('contractor');
    await team.client.put(`/v2/users/${contractor.id}/give_access_to_projects`, { project_ids: [given] });
    expect((await V1.of(contractor.client).json('GET', '/api/tags.json')).body.map((w: any) => w.tag.name)).toEqual([
      'design',
    ]);
  });
});

describe('authentication', () => {
  it('GET /api/user/api_auth_token: Basic e-mail and password answer a personal token that works; wrong ones answer 401', async () => {
    const team = await serveTeam();
    const ann = await team.member('leader', { email: 'ann@example.test' });
    await withPassword(team, ann.id, 'correct horse battery');
    const anonymous = new V1(team.service.url, '');
    const reply = await anonymous.raw(
      'GET',
      '/api/user/api_auth_token.json',
      undefined,
      basic('ANN@example.test', 'correct horse battery'),
    );
    expect(reply.status).toBe(200);
    const token = reply.body.user.api_auth_token;
    expect(typeof token).toBe('string');
    expect((await new V1(team.service.url, token).json('GET', '/api/users/self.json')).body.user.id).toBe(ann.id);
    const xml = await anonymous.raw(
      'GET',
      '/api/user/api_auth_token.xml',
      undefined,
      basic('ann@example.test', 'correct horse battery'),
    );
    expect(xml.body.user.api_auth_token).toMatch(/^\S+$/);

    for (const headers of [
      basic('ann@example.test', 'wrong'),
      basic('nobody@example.test', 'correct horse battery'),
      {},
      { authorization: 'Basic !!!' },
    ]) {
      const refused = await anonymous.raw('GET', '/api/user/api_auth_token.json', undefined, headers);
      expect(refused.status).toBe(401);
    }
  });

  it('GET /api/user/api_auth_token is throttled with the sign-in page: 5 free failures, then an empty 429 with Retry-After, even for the right password, until the lock ends', async () => {
    const oauth = await serveOAuth(); // rate limit off: only the sign-in throttle stands in the way
    const anonymous = new V1(oauth.service.url, '');
    const token = (password: string, email = OWNER_EMAIL) =>
      anonymous.raw('GET', '/api/user/api_auth_token.json', undefined, basic(email, password));

    for (let i = 1; i <= 5; i++) {
      const refused = await token(`guess ${i}`);
      expect(refused.status, `failure ${i}`).toBe(401);
      expect(refused.headers.get('retry-after')).toBeNull();
    }
    const sixth = await token('guess 6');
    expect(sixth.status).toBe(401);
    expect(sixth.headers.get('retry-after')).toBe('30');

    const locked = await token(OWNER_PASSWORD);
    expect(locked.status).toBe(429);
    expect(locked.text).toBe('');
    expect(locked.headers.get('retry-after')).toBe('30');
    oauth.clock.advance(29_000);
    expect((await token(OWNER_PASSWORD)).status).toBe(429);
    expect((await token('guess 7')).status).toBe(429); // refused unchecked: does not extend the lock
    oauth.clock.advance(1_000);
    const open = await token(OWNER_PASSWORD);
    expect(open.status).toBe(200);
    expect(
      (await new V1(oauth.service.url, open.body.user.api_auth_token).json('GET', '/api/users/self.json')).body.user
        .email,
    ).toBe(OWNER_EMAIL);

    // One throttle for both ways in: failures on the authorize page lock this endpoint too, and back.
    const browser = new Browser(oauth.service.url);
    const start = { client_id: oauth.clientId, response_type: 'code', state: 's' };
    for (let i = 0; i < 6; i++) await browser.signIn(start, OWNER_EMAIL, `page guess ${i}`);
    expect((await token(OWNER_PASSWORD)).status).toBe(429);
    oauth.clock.advance(60_000);
    expect((await token(OWNER_PASSWORD)).status).toBe(200);
    for (let i = 0; i < 6; i++) await token(`basic guess ${i}`);
    expect((await browser.signIn(start, OWNER_EMAIL, OWNER_PASSWORD)).status).toBe(429);
  });

  it('GET /api/user/api_auth_token: failures on other e-mails from the same address do not lock an account below its own limit', async () => {
    const oauth = await serveOAuth();
    const anonymous = new V1(oauth.service.url, '');
    const token = (email: string, password: string) =>
      anonymous.raw('GET', '/api/user/api_auth_token.json', undefined, basic(email, password));
    for (let i = 0; i <= 20; i++)
      expect((await token(`nobody-${i}@example.test`, 'wrong')).status, `failure ${i + 1}`).toBe(401);
    const owner = await token(OWNER_EMAIL, OWNER_PASSWORD);
    expect(owner.status).toBe(200);
    expect(owner.body.user.api_auth_token).toMatch(/^\S+$/);
  });

  it('takes only X-ServiceToken: none, a wrong one, a Bearer token or the query parameter answer 401', async () => {
    const { service, client } = await serve();
    const anonymous = new V1(service.url, '');
    expect((await anonymous.json('GET', '/api/entries.json')).status).toBe(401);
    expect((await new V1(service.url, 'wrong').json('GET', '/api/entries.json')).status).toBe(401);
    const bearer = await anonymous.raw('GET', '/api/entries.json', undefined, {
      authorization: `Bearer ${client.token}`,
    });
    expect(bearer.status).toBe(401);
    expect(bearer.body.message).toMatch(/OAuth is not supported/);
    expect((await anonymous.raw('GET', `/api/entries.json?service_token=${client.token}`)).status).toBe(401);
    expect((await V1.of(client).json('GET', '/api/entries.json')).status).toBe(200);
  });
});
