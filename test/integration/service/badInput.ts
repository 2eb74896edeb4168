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
