// Which wire one attempt goes over: node:http to the service on this computer (loopbackExchange.ts),
// undici to any other and whenever a dispatcher is given (undiciExchange.ts). undici is loaded at
// the first attempt that needs it, so that the open embedded account (whose client only ever talks
// to 127.0.0.1) does not carry it (issue 30, item 7).
import type { Attempt, Exchange, RawReply } from './exchangeFailure';
import { loopbackExchange } from './loopbackExchange';

export { type Attempt, type Exchange, ExchangeFailure, type RawReply } from './exchangeFailure';

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Whether `url` names this computer. */
export const isLoopback = (url: string) => {
  const host = URL.parse(url)?.hostname;
  return host !== undefined && LOOPBACK_HOSTS.has(host);
};

let undici: Promise<Exchange> | undefined;
const undiciWire = () => (undici ??= import('./undiciExchange').then((m) => m.undiciExchange));

/** One attempt over the wire that fits it: its answer, or an ExchangeFailure. */
export async function exchange(attempt: Attempt): Promise<RawReply> {
  if (attempt.dispatcher === undefined && isLoopback(attempt.url)) return loopbackExchange(attempt);
  return (await undiciWire())(attempt);
}
