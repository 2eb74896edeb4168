// What a successful sign-in on the authorize page leads to: a single-use ticket carried by the
// consent form, naming the user and the already-checked authorization request. It is bound to the
// browser's CSRF nonce, so a ticket copied out of the page is useless elsewhere. Kept in memory:
// a restart between sign-in and consent only means signing in again.
import { createHash, randomBytes } from 'node:crypto';
import type { AuthorizeRequest } from './authorizeRequest';

export interface Ticket {
  userId: number;
  request: AuthorizeRequest;
  nonce: string;
  expiresMs: number;
}

/** A consent form left open longer than this must sign in again. */
export const TICKET_LIFETIME_MS = 10 * 60 * 1000;
const MAX_TICKETS = 10_000;

const digest = (ticket: string) => createHash('sha256').update(ticket).digest('hex');

export function createTickets() {
  const tickets = new Map<string, Ticket>();
  return {
    issue(ticket: Omit<Ticket, 'expiresMs'>, nowMs: number): string {
      for (const [key, t] of tickets) if (t.expiresMs <= nowMs) tickets.delete(key);
      // A flood of sign-ins (each costing a correct password) must not grow memory without end.
      if (tickets.size >= MAX_TICKETS) tickets.delete(tickets.keys().next().value!);
      const value = randomBytes(32).toString('base64url');
      tickets.set(digest(value), { ...ticket, expiresMs: nowMs + TICKET_LIFETIME_MS });
      return value;
    },
    /** Takes the ticket out (single use); null when unknown, expired or bound to another browser. */
    redeem(value: string | undefined, nonce: string, nowMs: number): Ticket | null {
      if (!value) return null;
      const key = digest(value);
      const ticket = tickets.get(key);
      if (!ticket || ticket.nonce !== nonce) return null;
      tickets.delete(key);
      return ticket.expiresMs > nowMs ? ticket : null;
    },
  };
}

export type Tickets = ReturnType<typeof createTickets>;
