// Spec 000 "Limits": N requests/s per address; up to 5 excess requests are slowed down, the
// rest answered with an empty 429. Timing is asserted loosely: the machine is shared.
import { describe, expect, it } from 'vitest';
import { serve } from '../support/support';

async function burst(url: string, token: string, count: number, headers: Record<string, string> = {}) {
  const started = performance.now();
  return Promise.all(
    Array.from({ length: count }, async () => {
      const response = await fetch(`${url}/v2/current_user`, {
        headers: { 'user-agent': 'RateTest/1', 'x-servicetoken': token, ...headers },
      });
      const text = await response.text();
      return { status: response.status, text, ms: performance.now() - started };
    }),
  );
}

describe('rate limit', () => {
  it('serves 2 requests at once, delays the next 5 half a second apart, and answers the rest 429 with an empty body', async () => {
    const { service } = await serve({ rateLimit: 2 });
    const replies = await burst(service.url, service.token, 10);
    const ok = replies.filter((r) => r.status === 200).sort((a, b) => a.ms - b.ms);
    const refused = replies.filter((r) => r.status === 429);
    expect(ok).toHaveLength(7);
    expect(refused).toHaveLength(3);
    for (const r of refused) {
      expect(r.text).toBe('');
      expect(r.ms).toBeLessThan(1000); // refused at once, not after waiting
    }
    expect(ok[1]!.ms).toBeLessThan(500); // both served before the first delayed slot
    // The 5 delayed ones come out about 500 ms apart: the last after about 2.5 s.
    for (let i = 2; i < 7; i++) expect(ok[i]!.ms).toBeGreaterThanOrEqual((i - 1) * 500 - 100);
    expect(ok[6]!.ms).toBeLessThan(4500);
  });

  it('is one budget for v1 and v2: the requests of both count against the same address', async () => {
    const { service } = await serve({ rateLimit: 2 });
    const headers = { 'user-agent': 'RateTest/1', 'x-servicetoken': service.token };
    // v1's app is built at its first request: built first, so that all of the burst meets the limit.
    expect((await fetch(`${service.url}/api/projects.json`, { headers })).status).toBe(200);
    // 1 + 6 + 6 at once: 2 served, 5 delayed, the rest refused, when both APIs share one budget;
    // with a budget each, v1's 7 and v2's 6 would all be served.
    const statuses = await Promise.all(
      [...Array(6).fill('/api/projects.json'), ...Array(6).fill('/v2/current_user')].map(async (path: string) => ({
        v1: path.startsWith('/api'),
        status: (await fetch(`${service.url}${path}`, { headers })).status,
      })),
    );
    const refused = statuses.filter((s) => s.status === 429);
    expect(refused.length).toBeGreaterThan(0);
  });

  it('serves the address again once its requests have drained', async () => {
    const { service } = await serve({ rateLimit: 5 });
    const first = await burst(service.url, service.token, 12);
    expect(first.filter((r) => r.status === 429).length).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const again = await burst(service.url, service.token, 5);
    expect(again.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
  });

  it("counts the client named by a trusted proxy's X-Forwarded-For, each client on its own", async () => {
    const { service } = await serve({ rateLimit: 2, trustProxy: '127.0.0.1' });
    const [first, second] = await Promise.all([
      burst(service.url, service.token, 8, { 'x-forwarded-for': '203.0.113.7' }),
      burst(service.url, service.token, 2, { 'x-forwarded-for': '198.51.100.9' }),
    ]);
    expect(first.filter((r) => r.status === 429)).toHaveLength(1);
    expect(second.map((r) => r.status)).toEqual([200, 200]);
    for (const r of second) expect(r.ms).toBeLessThan(500); // its own budget: not behind the first client
  });

  it('ignores X-Forwarded-For unless a proxy is trusted: a client cannot name itself anew per request', async () => {
    const { service } = await serve({ rateLimit: 2 });
    const replies = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        burst(service.url, service.token, 1, { 'x-forwarded-for': `203.0.113.${i + 1}` }),
      ),
    );
    expect(replies.flat().filter((r) => r.status === 429)).toHaveLength(3);
  });

  it('does not limit at all when the rate is 0', async () => {
    const { service } = await serve({ rateLimit: 0 });
    const replies = await burst(service.url, service.token, 40);
    expect(replies.every((r) => r.status === 200)).toBe(true);
    expect(Math.max(...replies.map((r) => r.ms))).toBeLessThan(3000);
  });
});
