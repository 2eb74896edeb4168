// What every resource needs: the database, the (injectable) clock, and the base URL of links.
import type { FastifyRequest } from 'fastify';
import { baseUrl } from './http/links';
import type { Store } from './storage/store';
import { secretBox, type SecretBox } from './storage/secretBox';
import { timestamp } from './time';
import { DEFAULT_TUNING, type Tuning } from './tuning';

export interface Context {
  /** The store; route handlers run transactions on it (store.transaction). */
  db: Store;
  clock: () => Date;
  /** Scheme and host for absolute links, from the request's Host (fallback: where we listen). */
  base(request: FastifyRequest): string;
  /** host[:port] used when a request's Host is missing or unusable. */
  fallbackHost: string;
  /** Sizes of background work (tuning.ts); ServiceOptions.tuning overrides the defaults. */
  tuning: Tuning;
  /** Seals and opens the signing secrets of webhooks and broadcast receivers (storage/secretBox.ts). */
  secrets: SecretBox;
}

export interface Instant {
  date: Date;
  ms: number;
  /** YYYY-MM-DDTHH:MM:SSZ */
  iso: string;
}

export function instant(context: Context): Instant {
  const date = context.clock();
  return { date, ms: date.getTime(), iso: timestamp(date) };
}

export function createContext(db: Store, clock: () => Date, secrets: SecretBox = secretBox()): Context {
  const context: Context = {
    db,
    clock,
    fallbackHost: '127.0.0.1',
    tuning: DEFAULT_TUNING,
    secrets,
    base: (request) => baseUrl(request, context.fallbackHost),
  };
  return context;
}
