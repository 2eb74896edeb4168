// Shared by the service's bad-input tests: whatever JSON arrives at an endpoint, the answer is
// never a 5xx, and a refusal writes nothing.
import fc from 'fast-check';
import { expect } from 'vitest';

export interface Endpoint {
  method: string;
  url: string;
}

export async function expectArbitraryJsonRefusedCleanly(options: {
  endpoints: Endpoint[];
  /** Sends the raw body; answers at least the status. */
  send(method: string, url: string, body: string): Promise<{ status: number }>;
  /** A fingerprint of every table the endpoints could write. */
  snapshot(): string;
  numRuns: number;
}): Promise<void> {
  await fc.assert(
    fc.asyncProperty(fc.constantFrom(...options.endpoints), fc.jsonValue(), async ({ method, url }, value) => {
      const before = options.snapshot();
      const reply = await options.send(method, url, JSON.stringify(value));
      expect(reply.status).toBeLessThan(500);
      if (reply.status >= 400) expect(options.snapshot()).toBe(before);
    }),
    { numRuns: options.numRuns },
  );
}

/** Bodies that are not JSON, or JSON that is not an object (spec 000 errors: the first two rows). */
export const MALFORMED_BODIES = [
  '{',
  '{"a":}',
  "{'a':1}",
  '[]',
  '[{"name":"x"}]',
  '[{"date":"2024-03-01"}]',
  '1',
  '"x"',
  'null',
  'true',
  '\u0000',
  '{"a":1}{"b":2}',
  'NaN',
];

/** Every endpoint answers each malformed body with 400 and the spec's message, and writes nothing. */
export async function expectMalformedJsonRefused(options: {
  endpoints: Endpoint[];
  /** Sends the raw body; answers the status and the error body's message. */
  send(method: string, url: string, body: string): Promise<{ status: number; message: unknown }>;
  snapshot(): string;
}): Promise<void> {
  const before = options.snapshot();
  for (const { method, url } of options.endpoints) {
    for (const body of MALFORMED_BODIES) {
      const reply = await options.send(method, url, body);
      const what = `${method} ${url} ${JSON.stringify(body)}`;
      expect(reply.status, what).toBe(400);
      expect(['JSON Parsing Error', 'Body should be JSON Hash'], what).toContain(reply.message);
    }
  }
  expect(options.snapshot()).toBe(before);
}

// --- Values the robustness files share ------------------------------------------------------------

/** A string far longer than any field takes. */
export const HUGE = 'x'.repeat(200_000);

/** Wrong values for a text field, a boolean, a date (YYYY-MM-DD). */
export const WRONG_TEXT: unknown[] = [{ nested: true }, ['a'], 1.5, true, HUGE];
export const WRONG_BOOLEAN: unknown[] = ['true', 1, { b: true }, [true], HUGE];
export const WRONG_DATE: unknown[] = ['2024-02-30', '2024-3-1', 20240301, { d: 1 }, "2024-03-01' OR 1=1 --", HUGE];

/** Wrong values for a list of ids, the last one naming `table` in an SQL injection. */
export const wrongIds = (table: string): unknown[] => [
  '1',
  [0],
  [-1],
  ['1'],
  [1.5],
  [1e308],
  { a: 1 },
  [null],
  Array.from({ length: 1001 }, (_, i) => i + 1),
  `1; DROP TABLE ${table}`,
];

/** Query strings every list answers with 200 or 400; each file adds its own filters' odd values. */
export const ODD_QUERIES = [
  '?page[]=1',
  '?per_page=1e3',
  '?name=%00',
  '?a=%E0%A4%A',
  `?name=${'n'.repeat(5000)}`,
  '?&&&=',
];

// --- Table-driven checks: each robustness file lists its rows, these run them ----------------------

/** An answer as the table checks read it: the status and the parsed body. */
export interface Reply {
  status: number;
  body: any;
}

/** Sends `body` (an object, serialized as JSON; undefined: no body). */
export type Send = (method: string, url: string, body?: unknown) => Promise<Reply>;

export type Route = readonly [method: string, url: string];

/** A write endpoint with a valid base body and the kind of each field it reads. */
export interface Write<Kind extends string> {
  method: string;
  url: string;
  base: Record<string, unknown>;
  fields: Record<string, Kind>;
}

/** Each field, given each wrong value of its kind over the base body: 400 naming the field; nothing written. */
export async function expectWrongFieldsRefused<Kind extends string>(options: {
  writes: Write<Kind>[];
  wrong: Record<Kind, unknown[]>;
  send: Send;
  snapshot(): string;
  /** How an error names the field it is about (default: as it is). */
  errorField?: (field: string) => string;
  /** How much of the value the message shows. */
  shown?: number;
}): Promise<void> {
  const errorField = options.errorField ?? ((f: string) => f);
  const before = options.snapshot();
  for (const { method, url, base, fields } of options.writes) {
    for (const [field, kind] of Object.entries(fields) as Array<[string, Kind]>) {
      for (const value of options.wrong[kind]) {
        const what = `${method} ${url} ${field}=${JSON.stringify(value).slice(0, options.shown ?? 30)}`;
        const reply = await options.send(method, url, { ...base, [field]: value });
        expect(reply.status, what).toBe(400);
        expect(
          reply.body.errors.map((e: { field: string }) => errorField(e.field)),
          what,
        ).toContain(field);
      }
    }
  }
  expect(options.snapshot()).toBe(before);
}

/** A write endpoint and the fields it requires. */
export interface Required {
  method: string;
  url: string;
  fields: string[];
}

/** Each endpoint, sent {}, no body, and its fields as null: 400 with missing_field for each; nothing written. */
export async function expectMissingFieldsRefused(options: {
  rows: Required[];
  send: Send;
  snapshot(): string;
}): Promise<void> {
  const before = options.snapshot();
  for (const { method, url, fields } of options.rows) {
    for (const body of [{}, undefined, Object.fromEntries(fields.map((f) => [f, null]))]) {
      const reply = await options.send(method, url, body);
      expect(reply.status, `${method} ${url}`).toBe(400);
      expect(reply.body.errors, `${method} ${url}`).toEqual(
        fields.map((field) => ({ resource: expect.any(String), field, code: 'missing_field' })),
      );
    }
  }
  expect(options.snapshot()).toBe(before);
}

/** Ids that name nothing here, the routes that take one in their path, and the body each method sends. */
export interface UnknownIds {
  ids: string[];
  routes(id: string): Route[];
  body(method: string): unknown;
}

/** Every route with every id: 404. */
export async function expectUnknownIdsNotFound(options: { rows: UnknownIds[]; send: Send }): Promise<void> {
  for (const { ids, routes, body } of options.rows) {
    for (const id of ids) {
      for (const [method, url] of routes(id)) {
        expect((await options.send(method, url, body(method))).status, `${method} ${url}`).toBe(404);
      }
    }
  }
}

/** A body naming something that is not there (or not this account's), and the field it names it in. */
export interface Reference {
  method: string;
  url: string;
  body: Record<string, unknown>;
  field: string;
}

/** Each row: 400 with one error, `missing` at its field. */
export async function expectMissingReferencesRefused(options: { rows: Reference[]; send: Send }): Promise<void> {
  for (const { method, url, body, field } of options.rows) {
    const reply = await options.send(method, url, body);
    expect(reply.status, `${method} ${url}`).toBe(400);
    expect(reply.body.errors, `${method} ${url}`).toEqual([{ resource: expect.any(String), field, code: 'missing' }]);
  }
}

/** Every list with every query string: 200 or 400, never 500. */
export async function expectOddQueriesAnswered(options: {
  lists: string[];
  queries: string[];
  get(url: string): Promise<{ status: number }>;
}): Promise<void> {
  for (const list of options.lists) {
    for (const query of options.queries) {
      const reply = await options.get(list + query);
      expect([200, 400], list + query.slice(0, 40)).toContain(reply.status);
    }
  }
}

/** A request and the status it must answer. */
export interface Expected {
  method: string;
  url: string;
  body?: unknown;
  status: number;
}

/** Each row answers its status. */
export async function expectStatuses(options: { rows: Expected[]; send: Send }): Promise<void> {
  for (const { method, url, body, status } of options.rows) {
    expect((await options.send(method, url, body)).status, `${method} ${url}`).toBe(status);
  }
}

/** A request refused for the state of what it names, and the code its first error carries. */
export interface Refusal {
  method: string;
  url: string;
  body?: unknown;
  code: string;
}

/** Each row: 400 with its code first. */
export async function expectRefusedWithCodes(options: { rows: Refusal[]; send: Send }): Promise<void> {
  for (const { method, url, body, code } of options.rows) {
    const reply = await options.send(method, url, body);
    expect(reply.status, `${method} ${url}`).toBe(400);
    expect(reply.body.errors[0].code, `${method} ${url}`).toBe(code);
  }
}
