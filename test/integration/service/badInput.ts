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
