// What a deliverer (webhooks, broadcasts) needs besides the database, handed over as one object.
import type { FastifyBaseLogger } from 'fastify';
import type { SecretBox } from '../storage/secretBox';
import type { Agents } from './post';
import type { Scheduler } from './scheduler';

export interface DeliveryDeps<Tuning> {
  clock: () => Date;
  scheduler: Scheduler;
  agents: Agents;
  tuning: Tuning;
  log: FastifyBaseLogger;
  secrets: SecretBox;
}
