// What a successful sign-in on the authorize page leads to: a single-use ticket carried by the
// consent form, naming the user and the already-checked authorization request. It is bound to the
// browser's CSRF nonce, so a ticket copied out of the page is useless elsewhere. Kept in the
// database (oauth_consent_tickets, migration 11), only its sha256: the consent form may be posted
// to another instance than the one that showed it, and is still taken once (a DELETE … RETURNING
// that only one caller wins).
import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../storage/store';
import { findApplication } from './applications';
import type { AuthorizeRequest } from './authorizeRequest';

export interface Ticket {
  userId: number;
  request: AuthorizeRequest;
  nonce: string;
  expiresMs: number;
}

/** A consent form left open longer than this must sign in again. */
export const TICKET_LIFETIME_MS = 10 * 60 * 1000;

const digest = (ticket: string) => createHash('sha256').update(ticket).digest('hex');

/** The request as stored: its application by client id (looked up again when the ticket is used). */
interface StoredRequest {
  clientId: string;
  target: string;
  redirectUri: string | null;
  state: string | undefined;
  scope: string;
  codeChallenge: string | null;
}

const stored = ({ app, target, ...rest }: AuthorizeRequest): StoredRequest => ({
  ...rest,
  clientId: app.clientId,
  target: target.href,
});

export function createTickets(db: Queryable) {
  return {
    async issue(ticket: Omit<Ticket, 'expiresMs'>, nowMs: number): Promise<string> {
      // Expired tickets go when new ones come: the table holds only the last ten minutes' sign-ins.
      await db.run('DELETE FROM oauth_consent_tickets WHERE expires_ms <= ?', nowMs);
      const value = randomBytes(32).toString('base64url');
      await db.run(
        'INSERT INTO oauth_consent_tickets (ticket_sha256, user_id, nonce, request, expires_ms) VALUES (?, ?, ?, ?, ?)',
        digest(value),
        ticket.userId,
        ticket.nonce,
        JSON.stringify(stored(ticket.request)),
        nowMs + TICKET_LIFETIME_MS,
      );
      return value;
    },
    /** Takes the ticket out (single use); null when unknown, expired or bound to another browser. */
    async redeem(value: string | undefined, nonce: string, nowMs: number): Promise<Ticket | null> {
      if (!value) return null;
      const row = await db.get<{ user_id: number; request: string; expires_ms: number }>(
        'DELETE FROM oauth_consent_tickets WHERE ticket_sha256 = ? AND nonce = ? RETURNING user_id, request, expires_ms',
        digest(value),
        nonce,
      );
      if (!row || row.expires_ms <= nowMs) return null;
      const { clientId, target, ...rest } = JSON.parse(row.request) as StoredRequest;
      const app = await findApplication(db, clientId);
      if (!app) return null;
      return {
        userId: row.user_id,
        nonce,
        expiresMs: row.expires_ms,
        request: { ...rest, app, target: new URL(target) },
      };
    },
  };
}

export type Tickets = ReturnType<typeof createTickets>;
