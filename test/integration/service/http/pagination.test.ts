// Spec 000 conventions 9 and GAPS.md "Pagination": page from 1, per_page up to 1000 (default
// 30), and a Link header written exactly so: one line, `<URL>; rel="x"`, ", " between, in the
// order first, last, next, prev, only the relations that apply, other parameters kept.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildService } from '../../../../service';
import { serve, type Client } from '../support/support';

async function projects(client: Client, count: number) {
  for (let i = 1; i <= count; i++)
    await client.post('/v2/projects', { name: `P${String(i).padStart(2, '0')}`, billable: i % 2 === 0 });
}

describe('pagination over a real socket', () => {
  it('gives page 1 the last and next links only, keeping per_page because the client sent it', async () => {
    const { service, client } = await serve();
    await projects(client, 7);
    const reply = await client.get('/v2/projects?per_page=2');
    expect(reply.body.map((p: any) => p.name)).toEqual(['P01', 'P02']);
    expect(reply.headers.get('link')).toBe(
      `<${service.url}/v2/projects?per_page=2&page=4>; rel="last", <${service.url}/v2/projects?per_page=2&page=2>; rel="next"`,
    );
  });

  it('gives a middle page first, last, next and prev in that order', async () => {
    const { service, client } = await serve();
    await projects(client, 7);
    const reply = await client.get('/v2/projects?page=2&per_page=2');
    expect(reply.body.map((p: any) => p.name)).toEqual(['P03', 'P04']);
    const u = (n: number) => `<${service.url}/v2/projects?page=${n}&per_page=2>`;
    expect(reply.headers.get('link')).toBe(
      `${u(1)}; rel="first", ${u(4)}; rel="last", ${u(3)}; rel="next", ${u(1)}; rel="prev"`,
    );
  });

  it('gives the last page first and prev only', async () => {
    const { service, client } = await serve();
    await projects(client, 7);
    const reply = await client.get('/v2/projects?per_page=2&page=4');
    expect(reply.body.map((p: any) => p.name)).toEqual(['P07']);
    expect(reply.headers.get('link')).toBe(
      `<${service.url}/v2/projects?per_page=2&page=1>; rel="first", <${service.url}/v2/projects?per_page=2&page=3>; rel="prev"`,
    );
  });

  it('leaves per_page out of the links when the client did not send it, and keeps the other parameters', async () => {
    const { service, client } = await serve();
    await client.post('/v2/tags', { names: Array.from({ length: 35 }, (_, i) => `t${String(i).padStart(2, '0')}`) });
    const reply = await client.get('/v2/tags?name=t');
    expect(reply.body).toHaveLength(30);
    expect(reply.headers.get('link')).toBe(
      `<${service.url}/v2/tags?name=t&page=2>; rel="last", <${service.url}/v2/tags?name=t&page=2>; rel="next"`,
    );
    const filtered = await client.get('/v2/projects?billable=true&per_page=1');
    expect(filtered.headers.get('link')).toBeNull(); // no project yet: nothing applies
  });

  it('sends no Link header when everything fits on one page', async () => {
    const { client } = await serve();
    await projects(client, 3);
    const reply = await client.get('/v2/projects');
    expect(reply.body).toHaveLength(3);
    expect(reply.headers.get('link')).toBeNull();
  });

  it('answers a page past the end with an empty list whose prev leads back to the last page', async () => {
    const { service, client } = await serve();
    await projects(client, 3);
    const reply = await client.get('/v2/projects?per_page=2&page=9');
    expect(reply.body).toEqual([]);
    expect(reply.headers.get('link')).toBe(
      `<${service.url}/v2/projects?per_page=2&page=1>; rel="first", <${service.url}/v2/projects?per_page=2&page=2>; rel="last", <${service.url}/v2/projects?per_page=2&page=2>; rel="prev"`,
    );
  });

  it('accepts per_page up to 1000 and refuses anything else with 400', async () => {
    const { client } = await serve();
    expect((await client.get('/v2/entries?per_page=1000')).status).toBe(200);
    for (const query of [
      'per_page=1001',
      'per_page=0',
      'per_page=-1',
      'per_page=abc',
      'per_page=1.5',
      'page=0',
      'page=x',
      'page=',
      'per_page=',
      'page=1&page=2',
    ]) {
      const reply = await client.get(`/v2/entries?${query}`);
      expect(reply.status, query).toBe(400);
      expect(reply.body.errors[0].field, query).toMatch(/^(page|per_page)$/);
    }
  });
});

describe('following Link rel=next', () => {
  it('yields every item exactly once, most recent date first and newest first within a date, for any size and per_page', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 1, max: 5 }), { maxLength: 120, size: 'max' }),
        fc.integer({ min: 1, max: 50 }),
        async (days, perPage) => {
          const { app, token } = await buildService({ rateLimit: 0 });
          try {
            const headers = { 'user-agent': 'Prop/1', 'x-servicetoken': token };
            const made: Array<{ id: number; date: string }> = [];
            for (const day of days) {
              const reply = await app.inject({
                method: 'POST',
                url: '/v2/entries',
                headers,
                payload: { date: `2024-01-0${day}`, minutes: 1 },
              });
              made.push({ id: reply.json().id, date: `2024-01-0${day}` });
            }
            const expected = made.sort((a, b) => b.date.localeCompare(a.date) || b.id - a.id).map((e) => e.id);

            const seen: number[] = [];
            let url: string | null = `/v2/entries?per_page=${perPage}`;
            for (let pages = 0; url && pages <= 121; pages++) {
              const reply = await app.inject({ method: 'GET', url, headers });
              expect(reply.statusCode).toBe(200);
              seen.push(...reply.json().map((e: { id: number }) => e.id));
              const next = /<([^>]+)>; rel="next"/.exec(String(reply.headers.link ?? ''));
              url = next ? new URL(next[1]!).pathname + new URL(next[1]!).search : null;
            }
            expect(seen).toEqual(expected);
          } finally {
            await app.close();
          }
        },
      ),
      { numRuns: 60 },
    );
  }, 180_000); // 60 services and up to 7 200 writes: a hang guard, not a speed bound (near 30 s at load 20)
});
