// Where the chaos scenario (chaosScenario.ts) runs: the real local service behind a faulty
// network, and the clock core and the service share. Two of them, one contract:
//
//   http         the service listening on a port, the fault proxy (faultProxy.ts) in front of it,
//                real time plus a skew the scenario moves forward: the slow tier, every byte on a wire.
//   in-process   the same service built without a socket (buildService), reached through `inject`
//                by the fault dispatcher (faultDispatcher.ts) with the same faults, on the fake
//                clock (clock.ts): whenever no request is in flight the scenario moves it to the
//                next timer (core's backoff and undo grace, the client's backoff), so hundreds of
//                seeds run in seconds. Only the client's per-attempt timeout counts real time, as
//                in the app (main/api/exchange.ts): a `timeout-*` fault holds a request until it fires.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Dispatcher } from 'undici';
import type { ApiClock } from '../../main/api/clock';
import type { Clock } from '../../main/core/types';
import { buildService, startService } from '../../service';
import { fakeClock } from './clock';
import { faultDispatcher, type FaultNetwork } from './faultDispatcher';
import { startFaultProxy, type SeenRequest } from './faultProxy';

export type Trace = (seen: SeenRequest & { body: string; status: number | null; answer: string }) => void;

export interface ChaosNetwork {
  /** Core's clock and the service's. */
  clock: Clock;
  /** The clients' waits (backoff); undefined: real time. */
  apiClock?: ApiClock;
  token: string;
  /** How the app's clients reach the service: through the faults. */
  faulty: { baseUrl: string; dispatcher?: Dispatcher };
  /** How the test reads the service's own data: no faults. */
  direct: { baseUrl: string; dispatcher?: Dispatcher };
  faults: FaultNetwork;
  /** Where the app's data folder goes. */
  dataRoot: string;
  /** The client's per-attempt timeout, unless the scenario sets one. */
  timeoutMs: number;
  /** Lets the app run a moment (the caller polls a condition around it). */
  step(): Promise<void>;
  /** `ms` pass for the user, never while a request is in flight. */
  pass(ms: number): Promise<void>;
  close(): Promise<void>;
}

/** Ten past midnight today, local time: a day's worth of minutes passing stays within the day. */
export function earlyToday(): number {
  const d = new Date();
  d.setHours(0, 10, 0, 0);
  return d.getTime();
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const turn = () => new Promise((r) => setImmediate(r));

export function chaosNetwork(kind: 'http' | 'in-process', trace?: Trace): Promise<ChaosNetwork> {
  return kind === 'http' ? overHttp(trace) : inProcess(trace);
}

/** A clock shared by core and the service: real time plus a skew moved forward by the test. */
function skewedClock(startAt: number): Clock & { pass(ms: number): void } {
  let skew = startAt - Date.now();
  return {
    now: () => Date.now() + skew,
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout),
    pass: (ms) => {
      skew += ms;
    },
  };
}

async function overHttp(trace?: Trace): Promise<ChaosNetwork> {
  const clock = skewedClock(earlyToday());
  const service = await startService({ rateLimit: 0, now: () => new Date(clock.now()) });
  const proxy = await startFaultProxy(service.url, trace ? { trace } : {}).catch(async (error) => {
    await service.close();
    throw error;
  });
  /** Until no request is in flight at the proxy and the client has read the last answer. */
  const quiet = async () => {
    const end = Date.now() + 5_000;
    for (;;) {
      while (proxy.inFlight > 0 && Date.now() < end) await sleep(1);
      await turn();
      await turn();
      if (proxy.inFlight === 0 || Date.now() >= end) return;
    }
  };
  return {
    clock,
    token: service.token,
    faulty: { baseUrl: proxy.url },
    direct: { baseUrl: service.url },
    faults: proxy,
    dataRoot: tmpdir(),
    timeoutMs: 100,
    step: () => sleep(1),
    pass: async (ms) => {
      // A request (or its answer) that took minutes would have met the client's timeout, which
      // counts real milliseconds.
      await quiet();
      clock.pass(ms);
    },
    close: async () => {
      await proxy.close();
      await service.close();
    },
  };
}

async function inProcess(trace?: Trace): Promise<ChaosNetwork> {
  const clock = fakeClock(earlyToday());
  const built = await buildService({ rateLimit: 0, now: () => new Date(clock.now()) });
  const net = faultDispatcher(built.app, { now: clock.now, ...(trace ? { trace } : {}) });
  const direct = faultDispatcher(built.app);
  // An origin nothing listens on: every request goes through a dispatcher.
  const baseUrl = 'http://127.0.0.1:9';

  /** Turns of the event loop until nothing is in flight and the last answer has been read. */
  const quiet = async () => {
    for (;;) {
      await turn();
      await turn();
      if (net.inFlight === 0) {
        await turn();
        if (net.inFlight === 0) return;
      }
      // A request held for a timeout fault waits for the client's real timeout.
      await net.whenIdle();
    }
  };
  const advanceToNextTimer = (limit: number) => {
    const next = clock.pending().nextInMs;
    if (next === null || next > limit) return false;
    clock.advance(next);
    return true;
  };
  // A timer that re-arms itself at 0 ms forever would spin here: it is a bug worth a loud stop.
  const MAX_TIMERS_PER_PASS = 100_000;

  return {
    clock,
    apiClock: { now: clock.now, sleep: (ms) => new Promise((r) => clock.setTimeout(() => r(), ms)) },
    token: built.token,
    faulty: { baseUrl, dispatcher: net.dispatcher },
    direct: { baseUrl, dispatcher: direct.dispatcher },
    faults: net,
    // A memory-backed folder where there is one: the journal's fsyncs cost nothing there.
    dataRoot: process.platform === 'linux' ? '/dev/shm' : tmpdir(),
    // Real milliseconds, as in the app; only the timeout faults should meet it. Many seeds share
    // one event loop here, and on a loaded machine a plain request can wait 100 ms for its turn:
    // every attempt would then time out and a seed stall (seen at 16 seeds at once).
    timeoutMs: 1000,
    step: async () => {
      await quiet();
      advanceToNextTimer(Number.POSITIVE_INFINITY);
    },
    pass: async (ms) => {
      const end = clock.now() + ms;
      for (let fired = 0; ; fired++) {
        if (fired > MAX_TIMERS_PER_PASS) throw new Error(`more than ${MAX_TIMERS_PER_PASS} timers in ${ms} ms`);
        await quiet();
        if (!advanceToNextTimer(end - clock.now())) break;
      }
      clock.advance(end - clock.now());
    },
    close: async () => {
      await net.close();
      await direct.close();
      await built.app.close();
    },
  };
}

/** A temporary data folder for the app under `root`. */
export const dataFolder = (root: string) => mkdtempSync(join(root, 'stint-chaos-'));
