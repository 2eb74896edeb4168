// The API client's suites over both of its wires (main/api/exchange.ts): undici, which talks to
// other computers, and node:http, which talks to the service on this one. The fault servers here
// listen on 127.0.0.1, where the client's own choice would be node:http every time, so each suite
// names its wire: the same tests, the same expectations, once per wire. A suite wrapped in
// overEachWire makes its clients with this file's createServiceApi and createOAuthClient, which
// pass the wire of the block running.
import { beforeAll, describe } from 'vitest';
import { createServiceApi as clientOf } from '../../../main/api/client';
import type { Exchange } from '../../../main/api/exchangeFailure';
import { loopbackExchange } from '../../../main/api/loopbackExchange';
import { createOAuthClient as oauthClientOf } from '../../../main/api/oauth';
import { undiciExchange } from '../../../main/api/undiciExchange';

export const WIRES: Array<[string, Exchange]> = [
  ['undici', undiciExchange],
  ['node:http', loopbackExchange],
];

let wire: Exchange | undefined;

/** The suites `define`s, once in a block per wire ("over undici", "over node:http"). */
export function overEachWire(define: () => void): void {
  describe.each(WIRES)('over %s', (_name, exchange) => {
    beforeAll(() => {
      wire = exchange;
    });
    define();
  });
}

const current = (): Exchange => {
  if (!wire) throw new Error('a client of wires.ts is made inside overEachWire');
  return wire;
};

/** createServiceApi over the wire of the running block. */
export const createServiceApi: typeof clientOf = (options) => clientOf({ exchange: current(), ...options });

/** createOAuthClient over the wire of the running block. */
export const createOAuthClient: typeof oauthClientOf = (options) => oauthClientOf({ exchange: current(), ...options });
