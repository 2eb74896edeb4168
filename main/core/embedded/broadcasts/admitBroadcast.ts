// Stands between the HTTP server and core for one receiver: verifies each broadcast (verify.ts),
// remembers the newest sent_at accepted so a replay is refused, maps a refusal to its 4xx, and
// calls onVerified for accepted broadcasts only.
import type { IncomingHttpHeaders } from 'node:http';
import type { CheckResult } from './server';
import { verifyBroadcast, type Rejection } from './verify';

export interface GateOptions {
  receiverId: number;
  secret: string;
  /** The clock that stamps sent_at (the service's); default Date.now. */
  now?: () => number;
  onVerified(lastEvent: string): void;
}

export interface Gate {
  check(body: Buffer, headers: IncomingHttpHeaders): CheckResult;
}

const STATUS: Record<Rejection, number> = {
  unsigned: 401,
  'bad-signature': 401,
  malformed: 400,
  'other-receiver': 403,
  'other-subject': 422,
  replayed: 409,
  stale: 409,
  ahead: 409,
};

export function createGate(options: GateOptions): Gate {
  const now = options.now ?? Date.now;
  // Nothing sent before this receiver started is news: core read everything when it started.
  // One second back, since sent_at has whole seconds and the start may fall inside one.
  let newest = Math.floor(now() / 1000) * 1000 - 1000;
  return {
    check(body, headers) {
      const verdict = verifyBroadcast(body, headers, {
        secret: options.secret,
        receiverId: options.receiverId,
        newerThan: newest,
        now: now(),
      });
      if (!verdict.ok) return { status: STATUS[verdict.reason], reason: verdict.reason };
      newest = verdict.sentAt;
      options.onVerified(verdict.lastEvent);
      return { status: 204 };
    },
  };
}
