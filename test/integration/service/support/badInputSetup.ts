// The set-ups of the service's bad-input files (the robustness tests), one per way they reach the
// service: a team service over real HTTP with a read-only connection to its database file, or a
// service built in this process and driven through fastify inject. Each starts a service for every
// test, runs the file's seed in it, hands the file what the checks of badInput.ts send with, and
// closes what it opened after the test.
import { join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach } from 'vitest';
import { buildService, type BuiltService } from '../../../../service';
import { openDatabaseFile } from '../../../support/sqliteFile';
import type { Send } from './badInput';
import { serveTeam, type TeamService } from './people';
import type { Client } from './support';

/** A fingerprint of every row of the tables, to compare before and after a refused request. */
export function snapshotOf(db: DatabaseSync, tables: readonly string[]): string {
  return JSON.stringify(tables.map((t) => db.prepare(`SELECT * FROM ${t} ORDER BY 1, 2`).all()));
}

/**
 * What a bad-input file sends with, the same functions for every test (each reaches the service of
 * the test that runs): the checks of badInput.ts take these as their `send`.
 */
export interface Senders {
  /** The body as an object (serialized as JSON; undefined: no body); the answer's status and parsed body. */
  send: Send;
  /** The raw body as it is; the answer's status. */
  sendRaw(method: string, url: string, body: string): Promise<{ status: number }>;
  /** The raw body as it is; the answer's status and its error body's message. */
  sendMalformed(method: string, url: string, body: string): Promise<{ status: number; message: unknown }>;
}

export interface BadInputTeam<Ids> {
  team: TeamService;
  client: Client;
  /** A read-only connection to the service's database file, opened once the seed is written. */
  reader: DatabaseSync;
  /** What the seed answered. */
  ids: Ids;
}

/**
 * For each test: a team service (serveTeam), the file's seed, then a read-only connection to its
 * database; `ready` hands them to the file. Answers the senders and the fingerprint of `tables`.
 */
export function badInputTeamForEach<Ids>(options: {
  tables: readonly string[];
  seed(team: TeamService): Promise<Ids>;
  ready(started: BadInputTeam<Ids>): void;
}): Senders & { snapshot(): string } {
  let current: BadInputTeam<Ids> | undefined;
  beforeEach(async () => {
    const team = await serveTeam();
    const ids = await options.seed(team);
    const reader = openDatabaseFile(join(team.dataDir, 'service.db'), { readonly: true });
    current = { team, client: team.client, reader, ids };
    options.ready(current);
  });
  afterEach(() => current?.reader.close());
  const client = () => current!.client;
  return {
    snapshot: () => snapshotOf(current!.reader, options.tables),
    send: (method, url, body) => client().call(method, url, body),
    sendRaw: (method, url, body) => client().call(method, url, body),
    sendMalformed: (method, url, body) =>
      client()
        .call(method, url, body)
        .then((r) => ({ status: r.status, message: r.body?.message })),
  };
}

/** The raw body as it is (undefined: none); the answer's status and unparsed body. */
export type Call = (method: string, url: string, payload?: string) => Promise<{ status: number; body: string }>;

/**
 * For each test: a service built in this process (rate limit off, the clock at 2024-03-04 09:00
 * UTC) and driven through fastify inject with its own token, since HTTP adds nothing to what a
 * bad-input test checks; `ready` hands it to the file, then the file's seed runs, sending with
 * the `call` answered here.
 */
export function injectedServiceForEach(options: {
  ready(built: BuiltService): void;
  seed(): Promise<void>;
}): Senders & { call: Call } {
  let built: BuiltService | undefined;
  beforeEach(async () => {
    built = await buildService({ rateLimit: 0, now: () => new Date('2024-03-04T09:00:00Z') });
    options.ready(built);
    await options.seed();
  });
  afterEach(async () => {
    await built?.app.close();
  });
  const call: Call = async (method, url, payload) => {
    const reply = await built!.app.inject({
      method: method as 'GET',
      url,
      headers: {
        'user-agent': 'Fuzz/1',
        'x-servicetoken': built!.token,
        ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      },
      payload,
    });
    return { status: reply.statusCode, body: reply.body };
  };
  return {
    call,
    send: (method, url, body) =>
      call(method, url, body === undefined ? undefined : JSON.stringify(body)).then((r) => ({
        status: r.status,
        body: r.body ? JSON.parse(r.body) : undefined,
      })),
    sendRaw: call,
    sendMalformed: (method, url, body) =>
      call(method, url, body).then((r) => ({ status: r.status, message: JSON.parse(r.body).message })),
  };
}
