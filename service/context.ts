// What every resource needs: the database, the (injectable) clock, and the base URL of links.
import type { FastifyRequest } from 'fastify';
import type { Store } from './storage/store';
import { secretBox, type SecretBox } from './storage/secretBox';
import { timestamp } from './time';
import { DEFAULT_TUNING, type Tuning } from './tuning';

export interface Context {
  /** The store; route handlers run transactions on it (store.transaction). */
  db: Store;
  clock: () => Date;
  /**
   * Scheme, host and path prefix of absolute links (http/links.ts): the public URL, else where the
   * service listens. The request is not read (its Host is client input); the parameter stays for
   * the callers' sake.
   */
  base(request?: FastifyRequest): string;
  /** ServiceOptions.publicUrl, checked (readPublicUrl); undefined: links use listenBase. */
  publicUrl: string | undefined;
  /** http://host:port where the service listens (set when it starts listening). */
  listenBase: string;
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
    publicUrl: undefined,
    listenBase: 'http://127.0.0.1',
    tuning: DEFAULT_TUNING,
    secrets,
    base: () => context.publicUrl ?? context.listenBase,
  };
  return context;
}
