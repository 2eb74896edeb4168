// Other users of the account, for tests of what each role may see and do. They are written
// straight into the database (with a personal token, hashed as the service stores it) so that a
// test of one area does not depend on the users API; that API has its own tests.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ServiceOptions } from '../../../../service';
import { generateToken, hashToken } from '../../../../service/auth/tokens';
import { writeBeside } from '../../../support/sqliteFile';
import { Client, serve, type TestService } from './support';

export type Role = 'owner' | 'supervisor' | 'leader' | 'coworker' | 'contractor';

export interface Member {
  id: number;
  role: Role;
  email: string;
  /** A client that acts as this user over real HTTP. */
  client: Client;
}

export interface TeamService extends TestService {
  dataDir: string;
  /** Adds an active user of the owner's account with the role, and a personal token for them. */
  member(role: Role, fields?: { email?: string; first_name?: string; last_name?: string }): Promise<Member>;
}

let counter = 0;

export async function serveTeam(options: ServiceOptions = {}): Promise<TeamService> {
  const dataDir = mkdtempSync(join(tmpdir(), 'stint-team-'));
  const served = await serve({ dataDir, ...options });
  return {
    ...served,
    dataDir,
    async member(role, fields = {}) {
      const email = fields.email ?? `${role}-${++counter}@example.test`;
      const token = generateToken();
      const id = await writeBeside(join(dataDir, 'service.db'), (db) => {
        const now = new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
        const { account_id } = db.prepare('SELECT account_id FROM users WHERE id = ?').get(served.service.ownerId) as {
          account_id: number;
        };
        const user = Number(
          db
            .prepare(
              `INSERT INTO users (account_id, email, first_name, last_name, role, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
            )
            .run(account_id, email, fields.first_name ?? null, fields.last_name ?? null, role, now, now)
            .lastInsertRowid,
        );
        db.prepare('INSERT INTO personal_tokens (user_id, token_sha256, created_at) VALUES (?, ?, ?)').run(
          user,
          hashToken(token),
          now,
        );
        return user;
      });
      return { id, role, email, client: new Client(served.service.url, token) };
    },
  };
}
