// Helpers of the people-and-permissions tests: a second connection to a TeamService's database,
// OAuth access tokens issued the way the later OAuth step will issue them, and a second account
// whose ids must name nothing for the first one.
import { join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { issueAccessToken, revokeAccessToken, type IssueOptions } from '../../../../service/auth/oauthTokens';
import { asDb, openDatabaseFile, writeBeside } from '../../../support/sqliteFile';
import type { TeamService } from './people';

/** The keys the CurrentUser and the User shapes share (spec 001); each test adds its shape's own. */
export const PERSON_KEYS = [
  'id',
  'email',
  'first_name',
  'last_name',
  'profile_image_url',
  'url',
  'state',
  'role',
  'entries',
  'entries_url',
  'expenses',
  'expenses_url',
  'created_at',
  'updated_at',
];

/** Runs fn on a second connection to the service's file; closes it when fn (or its promise) is done. */
export function withDb<T>(team: TeamService, fn: (db: DatabaseSync) => T): T {
  const db = openDatabaseFile(join(team.dataDir, 'service.db'));
  db.exec('PRAGMA foreign_keys = ON');
  let result: T;
  try {
    result = fn(db);
  } catch (error) {
    db.close();
    throw error;
  }
  if (result instanceof Promise) return result.finally(() => db.close()) as T;
  db.close();
  return result;
}

/** Runs the synchronous `write` in one transaction beside the running service (see writeBeside). */
export function writeDb<T>(team: TeamService, write: (db: DatabaseSync) => T): Promise<T> {
  return writeBeside(join(team.dataDir, 'service.db'), write);
}

/** An access token for the user; by default issued at the service's (manual) clock, valid 2 weeks. */
export function issueToken(team: TeamService, userId: number, options: IssueOptions = {}): Promise<string> {
  return withDb(
    team,
    async (db) => (await issueAccessToken(asDb(db), userId, { now: team.clock(), ...options })).accessToken,
  );
}

export function revokeToken(team: TeamService, token: string): Promise<boolean> {
  return withDb(team, async (db) => await revokeAccessToken(asDb(db), token, team.clock()));
}

export interface OtherAccount {
  accountId: number;
  userId: number;
  email: string;
  projectId: number;
  teamId: number;
  entryId: number;
}

/** A second account with one user, project, team and entry, written straight into the database. */
export function otherAccount(team: TeamService): Promise<OtherAccount> {
  return writeDb(team, (db) => {
    const now = '2024-01-01T00:00:00Z';
    const accountId = Number(
      db.prepare('INSERT INTO accounts (name, created_at) VALUES (?, ?)').run('Other', now).lastInsertRowid,
    );
    const email = `stranger-${accountId}@elsewhere.test`;
    const userId = Number(
      db
        .prepare(`INSERT INTO users (account_id, email, role, created_at, updated_at) VALUES (?, ?, 'owner', ?, ?)`)
        .run(accountId, email, now, now).lastInsertRowid,
    );
    const projectId = Number(
      db
        .prepare('INSERT INTO projects (account_id, name, created_at, updated_at) VALUES (?, ?, ?, ?)')
        .run(accountId, 'Theirs', now, now).lastInsertRowid,
    );
    const teamId = Number(
      db
        .prepare('INSERT INTO teams (account_id, name, created_at, updated_at) VALUES (?, ?, ?, ?)')
        .run(accountId, 'Their team', now, now).lastInsertRowid,
    );
    db.prepare('INSERT INTO team_users (team_id, user_id) VALUES (?, ?)').run(teamId, userId);
    const entryId = Number(
      db
        .prepare(
          'INSERT INTO entries (account_id, user_id, project_id, date, minutes, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
        )
        .run(accountId, userId, projectId, '2024-01-01', 15, now, now).lastInsertRowid,
    );
    return { accountId, userId, email, projectId, teamId, entryId };
  });
}
