// What a deliverer (webhooks, broadcasts) needs besides the database, handed over as one object.
import type { FastifyBaseLogger } from 'fastify';
import type { SecretBox } from '../storage/secretBox';
import { post, type Agents, type PostOutcome } from './post';
import type { Scheduler } from './scheduler';

export interface DeliveryDeps<Tuning> {
  clock: () => Date;
  scheduler: Scheduler;
  agents: Agents;
  tuning: Tuning;
  log: FastifyBaseLogger;
  secrets: SecretBox;
}

/** The request limits every deliverer's tuning holds. */
export interface RequestLimits {
  requestTimeoutMs: number;
  responseLimit: number;
}

export interface Delivery {
  body: Buffer;
  headers: Record<string, string>;
  /** Aborts the request when the deliverer stops. */
  signal: AbortSignal;
}

/** Posts a delivery through the deliverer's agents, within its request limits. */
export function postDelivery(
  deps: Pick<DeliveryDeps<RequestLimits>, 'agents' | 'tuning'>,
  uri: string,
  { body, headers, signal }: Delivery,
): Promise<PostOutcome> {
  const { requestTimeoutMs: timeoutMs, responseLimit } = deps.tuning;
  return post(uri, { body, headers, agents: deps.agents, options: { timeoutMs, responseLimit, signal } });
}
