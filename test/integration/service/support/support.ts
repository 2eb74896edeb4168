// Shared by the service's integration tests: a running service on a free loopback port, a
// small client speaking to it over real HTTP, and a clock the test moves by hand.
import { request as httpRequest } from 'node:http';
import { startService, type RunningService, type ServiceOptions } from '../../../../service';
import { onPostgres, postgresTestStore } from '../../../support/postgresService';
import { withTestPasswordCost } from '../../../support/passwordCost';
import { afterEachTest } from '../../../support/afterEachTest';
import { makeTempDir } from '../../../support/tempDir';

export const USER_AGENT = 'StintTests/1.0';

export interface Reply<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export class Client {
  constructor(
    readonly base: string,
    readonly token: string,
  ) {}

  async call<T = any>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Reply<T>> {
    const init: RequestInit = {
      method,
      headers: {
        'user-agent': USER_AGENT,
        'x-servicetoken': this.token,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    };
    const response = await fetch(this.base + path, init);
    const text = await response.text();
    let parsed: unknown;
    // v1's 201 answers are a single space under a JSON content type: nothing to parse.
    if (text.trim() && (response.headers.get('content-type') ?? '').includes('application/json'))
      parsed = JSON.parse(text);
    return { status: response.status, headers: response.headers, body: parsed as T, text };
  }

  get = <T = any>(path: string, headers?: Record<string, string>) => this.call<T>('GET', path, undefined, headers);
  post = <T = any>(path: string, body?: unknown) => this.call<T>('POST', path, body);
  put = <T = any>(path: string, body?: unknown) => this.call<T>('PUT', path, body);
  del = <T = any>(path: string) => this.call<T>('DELETE', path);
}

export interface ManualClock {
  (): Date;
  advance(ms: number): void;
  set(iso: string): void;
}

export function manualClock(start = '2024-03-04T09:00:00Z'): ManualClock {
  let t = Date.parse(start);
  const clock = (() => new Date(t)) as ManualClock;
  clock.advance = (ms) => void (t += ms);
  clock.set = (iso) => void (t = Date.parse(iso));
  return clock;
}

export interface TestService {
  service: RunningService;
  client: Client;
  clock: ManualClock;
}

const running: RunningService[] = [];
afterEachTest(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()));
});

/**
 * A service on a free port with the rate limit off unless asked, passwords hashed at the tests'
 * cost (test/support/passwordCost.ts); closed after each test.
 */
export async function serve(options: ServiceOptions = {}): Promise<TestService> {
  const clock = manualClock();
  const store = options.store ?? (onPostgres() && !options.dataDir ? await postgresTestStore() : undefined);
  // STINT_TEST_STORE=sqlite-file: SQLite in a file (WAL, FULL, its reading connection) instead of memory.
  const onFile = process.env.STINT_TEST_STORE === 'sqlite-file' && !store && !options.dataDir;
  const dataDir = onFile ? { dataDir: makeTempDir('stint-service-file-') } : {};
  const service = await startService({
    rateLimit: 0,
    now: clock,
    ...dataDir,
    ...options,
    tuning: withTestPasswordCost(options.tuning),
    ...(store ? { store } : {}),
  });
  running.push(service);
  return { service, client: new Client(service.url, service.token), clock };
}

/** A raw request over node:http, for what fetch will not send (no User-Agent, odd Host). */
export function rawRequest(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string },
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: options.method ?? 'GET', headers: options.headers ?? {} }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, text }));
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

/** Creates a project and answers its id. */
export async function createProject(client: Client, fields: Record<string, unknown> = {}): Promise<number> {
  const reply = await client.post('/v2/projects', {
    name: `Project ${Math.random().toString(36).slice(2, 8)}`,
    ...fields,
  });
  if (reply.status !== 201) throw new Error(`project not created: ${reply.status} ${reply.text}`);
  return reply.body.id;
}

export async function createEntry(client: Client, fields: Record<string, unknown>): Promise<any> {
  const reply = await client.post('/v2/entries', { date: '2024-03-04', minutes: 30, ...fields });
  if (reply.status !== 201) throw new Error(`entry not created: ${reply.status} ${reply.text}`);
  return reply.body;
}
