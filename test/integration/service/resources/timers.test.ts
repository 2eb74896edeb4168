// Timers: every row of the spec 001 timer table, the endpoint table, and GAPS.md "Timers".
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeBeside } from '../../../support/sqliteFile';
import { createEntry, createProject, serve, type Client } from '../support/support';

const KEYS = [
  'id',
  'state',
  'seconds',
  'formatted_time',
  'date',
  'description',
  'user',
  'project',
  'url',
  'start_url',
  'pause_url',
  'add_or_subtract_time_url',
  'log_url',
];

async function today(client: Client, clockNow: Date): Promise<string> {
  const offset = (await client.get('/v2/current_user')).body.utc_offset as number;
  return new Date(clockNow.getTime() + offset * 1000).toISOString().slice(0, 10);
}

describe('timer states and transitions', () => {
  it('PUT timer creates a pending timer with the description when there is none', async () => {
    const { service, client, clock } = await serve();
    const p = await createProject(client);
    const reply = await client.put(`/v2/projects/${p}/timer`, { description: 'Draft #writing' });
    expect(reply.status).toBe(200);
    const t = reply.body;
    expect(Object.keys(t).sort()).toEqual([...KEYS].sort());
    const url = `${service.url}/v2/projects/${p}/timer`;
    expect(t).toMatchObject({
      state: 'pending',
      seconds: 0,
      formatted_time: '00:00:00',
      date: await today(client, clock()),
      description: 'Draft #writing',
      user: { id: service.ownerId },
      project: { id: p },
      url,
      start_url: `${url}/start`,
      pause_url: `${url}/pause`,
      add_or_subtract_time_url: `${url}/add_or_subtract_time`,
      log_url: `${url}/log`,
    });
    expect((await client.get('/v2/tags')).body.map((tag: any) => tag.name)).toEqual(['writing']);
  });

  it('PUT timer changes the description of an existing timer and keeps its state and time', async () => {
    const { client, clock } = await serve();
    const p = await createProject(client);
    await client.put(`/v2/projects/${p}/timer/start`);
    clock.advance(90_000);
    const t = (await client.put(`/v2/projects/${p}/timer`, { description: 'Renamed' })).body;
    expect(t).toMatchObject({ state: 'running', seconds: 90, description: 'Renamed' });
    expect((await client.put(`/v2/projects/${p}/timer`, {})).body.description).toBe('Renamed');
  });

  it('PUT start creates a running timer when there is none and points Location at it', async () => {
    const { service, client, clock } = await serve();
    const p = await createProject(client);
    const reply = await client.put(`/v2/projects/${p}/timer/start`, { description: 'Calls' });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('location')).toBe(`${service.url}/v2/projects/${p}/timer`);
    expect(reply.body).toMatchObject({
      state: 'running',
      seconds: 0,
      description: 'Calls',
      date: await today(client, clock()),
    });
  });

  it('PUT start takes entry_date as the timer date', async () => {
    const { client } = await serve();
    const p = await createProject(client);
    expect((await client.put(`/v2/projects/${p}/timer/start`, { entry_date: '2024-02-29' })).body.date).toBe(
      '2024-02-29',
    );
    expect((await client.put(`/v2/projects/${p}/timer/start`, { entry_date: '2024-02-30' })).status).toBe(400);
  });

  it('counts running time exactly at each read, from the clock', async () => {
    const { client, clock } = await serve();
    const p = await createProject(client);
    await client.put(`/v2/projects/${p}/timer/start`);
    clock.advance(3_723_999); // 1 h 2 min 3.999 s
    const t = (await client.get(`/v2/projects/${p}/timer`)).body;
    expect(t.seconds).toBe(3723);
    expect(t.formatted_time).toBe('01:02:03');
  });

  it('PUT start pauses the running timer of another project: one timer runs at a time', async () => {
    const { client, clock } = await serve();
    const [a, b] = [await createProject(client), await createProject(client)];
    await client.put(`/v2/projects/${a}/timer/start`);
    clock.advance(60_000);
    await client.put(`/v2/projects/${b}/timer/start`);
    clock.advance(30_000);
    const timers = (await client.get('/v2/timers')).body;
    expect(timers.map((t: any) => [t.project.id, t.state, t.seconds])).toEqual([
      [b, 'running', 30],
      [a, 'paused', 60],
    ]);
  });

  it('keeps exactly one timer running when starts of many projects race', async () => {
    const { client } = await serve();
    const projects = await Promise.all(Array.from({ length: 8 }, () => createProject(client)));
    const replies = await Promise.all(projects.map((p) => client.put(`/v2/projects/${p}/timer/start`)));
    expect(replies.every((r) => r.status === 200)).toBe(true);
    const states = (await client.get('/v2/timers')).body.map((t: any) => t.state);
    expect(states.filter((s: string) => s === 'running')).toHaveLength(1);
    expect(states).toHaveLength(8);
  });

  it('PUT start resumes a paused timer and keeps its time', async () => {
    const { client, clock } = await serve();
    const p = await createProject(client);
    await client.put(`/v2/projects/${p}/timer/start`);
    clock.advance(10_000);
    await client.put(`/v2/projects/${p}/timer/pause`);
    clock.advance(50_000);
    await client.put(`/v2/projects/${p}/timer/start`);
    clock.advance(5_000);
    expect((await client.get(`/v2/projects/${p}/timer`)).body).toMatchObject({ state: 'running', seconds: 15 });
  });

  it('PUT pause stops the clock of a running timer and leaves a paused one unchanged', async () => {
    const { client, clock } = await serve();
    const p = await createProject(client);
    await client.put(`/v2/projects/${p}/timer/start`);
    clock.advance(42_000);
    const paused = (await client.put(`/v2/projects/${p}/timer/pause`)).body;
    expect(paused).toMatchObject({ state: 'paused', seconds: 42 });
    clock.advance(60_000);
    const again = await client.put(`/v2/projects/${p}/timer/pause`);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(paused);
  });

  it('PUT pause leaves a pending timer pending', async () => {
    const { client } = await serve();
    const p = await createProject(client);
    await client.put(`/v2/projects/${p}/timer`, { description: 'later' });
    expect((await client.put(`/v2/projects/${p}/timer/pause`)).body.state).toBe('pending');
  });

  it('PUT add_or_subtract_time adds and subtracts minutes and seconds, never going below zero', async () => {
    const { client, clock } = await serve();
    const p = await createProject(client);
    await client.put(`/v2/projects/${p}/timer/start`);
    clock.advance(60_000);
    expect(
      (await client.put(`/v2/projects/${p}/timer/add_or_subtract_time`, { minutes: 5, seconds: 30 })).body,
    ).toMatchObject({ state: 'running', seconds: 390 });
    clock.advance(10_000);
    expect((await client.put(`/v2/projects/${p}/timer/add_or_subtract_time`, { seconds: -100 })).body.seconds).toBe(
      300,
    );
    expect((await client.put(`/v2/projects/${p}/timer/add_or_subtract_time`, { minutes: -60 })).body).toMatchObject({
      state: 'running',
      seconds: 0,
    });
    expect((await client.put(`/v2/projects/${p}/timer/add_or_subtract_time`, { minutes: 1.5 })).status).toBe(400);
  });

  it('PUT add_or_subtract_time leaves a paused or pending timer unchanged (spec 001)', async () => {
    const { client, clock } = await serve();
    const p = await createProject(client);
    await client.put(`/v2/projects/${p}/timer/start`);
    clock.advance(90_000);
    await client.put(`/v2/projects/${p}/timer/pause`);
    const paused = await client.put(`/v2/projects/${p}/timer/add_or_subtract_time`, { minutes: 20 });
    expect(paused.status).toBe(200);
    expect(paused.body).toMatchObject({ state: 'paused', seconds: 90 });
    const q = await createProject(client, { name: 'Pending one' });
    await client.put(`/v2/projects/${q}/timer`);
    expect((await client.put(`/v2/projects/${q}/timer/add_or_subtract_time`, { minutes: 20 })).body).toMatchObject({
      state: 'pending',
      seconds: 0,
    });
  });

  it('PUT log answers 404 for a pending timer, which was never started, and keeps it', async () => {
    const { client } = await serve();
    const p = await createProject(client);
    await client.put(`/v2/projects/${p}/timer`, { description: 'later' });
    expect((await client.put(`/v2/projects/${p}/timer/log`)).status).toBe(404);
    expect((await client.get(`/v2/projects/${p}/timer`)).body.state).toBe('pending');
  });

  it('PUT log records an entry of the elapsed minutes rounded up to the increment, and removes the timer', async () => {
    const { service, client, clock } = await serve();
    const p = await createProject(client, { billing_increment: 15 });
    await client.put(`/v2/projects/${p}/timer/start`, { description: 'Review #code', entry_date: '2024-03-01' });
    clock.advance(16 * 60_000 + 1_000); // 16 min 1 s: 17 started minutes, 30 after rounding
    const reply = await client.put(`/v2/projects/${p}/timer/log`);
    expect(reply.status).toBe(204);
    expect(reply.text).toBe('');
    expect((await client.get(`/v2/projects/${p}/timer`)).status).toBe(404);
    const [entry] = (await client.get('/v2/entries')).body;
    expect(entry).toMatchObject({
      date: '2024-03-01',
      minutes: 30,
      description: 'Review #code',
      project: { id: p },
      user: { id: service.ownerId },
    });
    expect(entry.tags.map((t: any) => t.name)).toEqual(['code']);
  });

  it('PUT log counts a timer stopped within its first second as one started minute, rounded up', async () => {
    const { client, clock } = await serve();
    const p = await createProject(client, { billing_increment: 15 });
    await client.put(`/v2/projects/${p}/timer/start`);
    clock.advance(400);
    expect((await client.put(`/v2/projects/${p}/timer/log`)).status).toBe(204);
    expect((await client.get('/v2/entries')).body[0].minutes).toBe(15);
  });

  it('PUT log takes entry_date, minutes and description, rounding the minutes up too', async () => {
    const { client } = await serve();
    const p = await createProject(client, { billing_increment: 10 });
    await client.put(`/v2/projects/${p}/timer/start`, { description: 'old' });
    expect(
      (await client.put(`/v2/projects/${p}/timer/log`, { entry_date: '2024-01-02', minutes: 21, description: 'new' }))
        .status,
    ).toBe(204);
    expect((await client.get('/v2/entries')).body[0]).toMatchObject({
      date: '2024-01-02',
      minutes: 30,
      description: 'new',
    });
  });

  it('PUT log refuses bad input and then keeps the timer', async () => {
    const { client } = await serve();
    const p = await createProject(client);
    await client.put(`/v2/projects/${p}/timer/start`);
    expect((await client.put(`/v2/projects/${p}/timer/log`, { minutes: -5 })).status).toBe(400);
    expect((await client.put(`/v2/projects/${p}/timer/log`, { entry_date: 'today' })).status).toBe(400);
    expect((await client.get(`/v2/projects/${p}/timer`)).status).toBe(200);
    expect((await client.get('/v2/entries')).body).toEqual([]);
  });

  it('DELETE timer removes it without recording an entry', async () => {
    const { client, clock } = await serve();
    const p = await createProject(client);
    await client.put(`/v2/projects/${p}/timer/start`);
    clock.advance(600_000);
    const reply = await client.del(`/v2/projects/${p}/timer`);
    expect(reply.status).toBe(204);
    expect((await client.get(`/v2/projects/${p}/timer`)).status).toBe(404);
    expect((await client.get('/v2/entries')).body).toEqual([]);
  });

  it('answers 404 on GET, pause, add_or_subtract_time, log and DELETE when the project has no timer', async () => {
    const { client } = await serve();
    const p = await createProject(client);
    for (const [method, path] of [
      ['GET', ''],
      ['PUT', '/pause'],
      ['PUT', '/add_or_subtract_time'],
      ['PUT', '/log'],
      ['DELETE', ''],
    ] as const) {
      const reply = await client.call(method, `/v2/projects/${p}/timer${path}`);
      expect(reply.status, `${method} ${path}`).toBe(404);
      expect(reply.body.message).toBeTypeOf('string');
    }
  });

  it('answers 404 on log_inbox_entry, which the service does not implement', async () => {
    const { client } = await serve();
    const p = await createProject(client);
    await client.put(`/v2/projects/${p}/timer/start`);
    expect((await client.put(`/v2/projects/${p}/timer/log_inbox_entry`, {})).status).toBe(404);
    expect((await client.get(`/v2/projects/${p}/timer`)).status).toBe(200);
  });

  it('answers 404 for the timer of a project that does not exist', async () => {
    const { client } = await serve();
    expect((await client.put('/v2/projects/999/timer/start')).status).toBe(404);
    expect((await client.put('/v2/projects/999/timer', { description: 'x' })).status).toBe(404);
  });

  it('refuses to start, create or log a timer of an archived project with code archived_project', async () => {
    const { client } = await serve();
    const p = await createProject(client);
    await client.put(`/v2/projects/${p}/timer/start`);
    await createEntry(client, { project_id: p });
    expect((await client.put(`/v2/projects/${p}/archive`)).status).toBe(204);
    for (const path of ['/start', '/log']) {
      const reply = await client.put(`/v2/projects/${p}/timer${path}`);
      expect(reply.status, path).toBe(400);
      expect(reply.body.errors[0].code, path).toBe('archived_project');
    }
    expect((await client.put(`/v2/projects/${p}/timer/pause`)).body.state).toBe('paused');
    expect((await client.del(`/v2/projects/${p}/timer`)).status).toBe(204);
    expect((await client.put(`/v2/projects/${p}/timer`, {})).body.errors[0].code).toBe('archived_project');
  });
});

describe('GET /v2/timers', () => {
  it('lists the running timer first, then paused, then pending ones', async () => {
    const { client } = await serve();
    const [a, b, c, d] = [
      await createProject(client),
      await createProject(client),
      await createProject(client),
      await createProject(client),
    ];
    await client.put(`/v2/projects/${a}/timer`);
    await client.put(`/v2/projects/${b}/timer/start`);
    await client.put(`/v2/projects/${c}/timer/start`);
    await client.put(`/v2/projects/${d}/timer/start`);
    const list = (await client.get('/v2/timers')).body;
    expect(list.map((t: any) => [t.project.id, t.state])).toEqual([
      [d, 'running'],
      [b, 'paused'],
      [c, 'paused'],
      [a, 'pending'],
    ]);
  });

  it('filters by contained description, by projects and by billable', async () => {
    const { client } = await serve();
    const billable = await createProject(client, { name: 'Client' });
    const internal = await createProject(client, { name: 'Internal', billable: false });
    const holiday = await createProject(client, { name: 'Holiday' });
    await client.put(`/v2/projects/${billable}/timer`, { description: 'Design review' });
    await client.put(`/v2/projects/${internal}/timer`, { description: 'Planning' });
    await client.put(`/v2/projects/${holiday}/timer`, { description: 'Off #vacation*' });
    const ids = async (q: string) => (await client.get(`/v2/timers${q}`)).body.map((t: any) => t.project.id);
    expect(await ids('?description=REVIEW')).toEqual([billable]);
    expect(await ids(`?projects=${internal},${holiday}`)).toEqual([internal, holiday]);
    expect(await ids('?billable=true')).toEqual([billable]);
    expect(await ids('?billable=false')).toEqual([internal, holiday]);
    expect(await ids(`?billable=false&projects=${holiday}&description=off`)).toEqual([holiday]);
  });

  it("lists only the current user's timers", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'stint-timers-'));
    const { client } = await serve({ dataDir });
    const p = await createProject(client);
    await client.put(`/v2/projects/${p}/timer/start`);
    // A second user of the account exists only through the database until users have endpoints.
    await writeBeside(join(dataDir, 'service.db'), (db) => {
      const now = '2024-03-04T09:00:00Z';
      const other = db
        .prepare(
          `INSERT INTO users (account_id, email, role, created_at, updated_at) VALUES (1, 'other@example.com', 'leader', ?, ?)`,
        )
        .run(now, now).lastInsertRowid;
      db.prepare(
        `INSERT INTO timers (user_id, project_id, state, running_since_ms, date, created_at, updated_at) VALUES (?, ?, 'running', 0, '2024-03-04', ?, ?)`,
      ).run(other, p, now, now);
    });
    const list = (await client.get('/v2/timers')).body;
    expect(list).toHaveLength(1);
    expect(list[0].user.email).toBe('me@stint.local');
  });
});
