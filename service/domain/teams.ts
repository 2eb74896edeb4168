// Teams of an account (spec 001 "Teams"): a name and a set of users; a user may be in several
// teams, and deleting a team keeps its users.
import type { TeamFilters } from '../../wire/serviceTypesPeople';
import { column, sql, type Db } from '../storage/db';
import { jsonList, likeContains, Where } from './sqlText';
import { usersByIds, type UserRow } from './users';

export interface TeamRow {
  id: number;
  account_id: number;
  name: string;
  created_at: string;
  updated_at: string;
}

export function getTeam(db: Db, accountId: number, id: number): TeamRow | undefined {
  return sql(db, 'SELECT * FROM teams WHERE account_id = ? AND id = ?').get(accountId, id) as TeamRow | undefined;
}

export function findTeamByName(db: Db, accountId: number, name: string, exceptId = 0): TeamRow | undefined {
  return sql(db, 'SELECT * FROM teams WHERE account_id = ? AND name = ? COLLATE NOCASE AND id != ?').get(
    accountId,
    name,
    exceptId,
  ) as TeamRow | undefined;
}

export function insertTeam(db: Db, accountId: number, name: string, now: string): TeamRow {
  const id = sql(db, 'INSERT INTO teams (account_id, name, created_at, updated_at) VALUES (?, ?, ?, ?)').run(
    accountId,
    name,
    now,
    now,
  ).lastInsertRowid;
  return getTeam(db, accountId, Number(id))!;
}

export function renameTeam(db: Db, id: number, name: string, now: string): void {
  sql(db, 'UPDATE teams SET name = ?, updated_at = ? WHERE id = ?').run(name, now, id);
}

/** Touches the team when its members change, so updated_at tells a client to re-read it. */
function touch(db: Db, id: number, now: string): void {
  sql(db, 'UPDATE teams SET updated_at = ? WHERE id = ?').run(now, id);
}

/** Users already in the team are skipped. */
export function addTeamUsers(db: Db, id: number, userIds: number[], now: string): void {
  const added = sql(db, 'INSERT OR IGNORE INTO team_users (team_id, user_id) SELECT ?, value FROM json_each(?)').run(
    id,
    jsonList(userIds),
  ).changes;
  if (added) touch(db, id, now);
}

/** Users not in the team are skipped. */
export function removeTeamUsers(db: Db, id: number, userIds: number[] | 'all', now: string): void {
  const removed =
    userIds === 'all'
      ? sql(db, 'DELETE FROM team_users WHERE team_id = ?').run(id).changes
      : sql(db, 'DELETE FROM team_users WHERE team_id = ? AND user_id IN (SELECT value FROM json_each(?))').run(
          id,
          jsonList(userIds),
        ).changes;
  if (removed) touch(db, id, now);
}

export function deleteTeam(db: Db, id: number): void {
  sql(db, 'DELETE FROM teams WHERE id = ?').run(id); // memberships go with it (ON DELETE CASCADE)
}

export function teamUserIds(db: Db, id: number): number[] {
  return column<number>(db, 'SELECT user_id FROM team_users WHERE team_id = ? ORDER BY user_id').all(id);
}

/** The members of each team, by team id, oldest user first. */
export function usersOfTeams(db: Db, teamIds: number[]): Map<number, UserRow[]> {
  const pairs = sql(
    db,
    'SELECT team_id, user_id FROM team_users WHERE team_id IN (SELECT value FROM json_each(?)) ORDER BY user_id',
  ).all(jsonList(teamIds)) as Array<{
    team_id: number;
    user_id: number;
  }>;
  const users = usersByIds(
    db,
    pairs.map((p) => p.user_id),
  );
  const byTeam = new Map<number, UserRow[]>();
  for (const pair of pairs) byTeam.set(pair.team_id, [...(byTeam.get(pair.team_id) ?? []), users.get(pair.user_id)!]);
  return byTeam;
}

/** The teams of each user, by user id, by team name. */
export function teamsOfUsers(db: Db, userIds: number[]): Map<number, TeamRow[]> {
  const rows = sql(
    db,
    `SELECT tu.user_id, t.* FROM team_users tu JOIN teams t ON t.id = tu.team_id
     WHERE tu.user_id IN (SELECT value FROM json_each(?)) ORDER BY t.name COLLATE NOCASE, t.id`,
  ).all(jsonList(userIds)) as Array<TeamRow & { user_id: number }>;
  const byUser = new Map<number, TeamRow[]>();
  for (const { user_id, ...team } of rows) byUser.set(user_id, [...(byUser.get(user_id) ?? []), team]);
  return byUser;
}

export interface ListTeamsOptions {
  accountId: number;
  filters: TeamFilters;
  limit: number;
  offset: number;
}

/** The filters of GET /v2/teams, combined; by name. user_ids (decided): teams with any of them. */
export function listTeams(
  db: Db,
  { accountId, filters, limit, offset }: ListTeamsOptions,
): { rows: TeamRow[]; total: number } {
  const w = new Where().add('t.account_id = ?', accountId);
  if (filters.name !== undefined) w.add(`t.name LIKE ? ESCAPE '\\'`, likeContains(filters.name));
  if (filters.user_ids)
    w.add(
      't.id IN (SELECT team_id FROM team_users WHERE user_id IN (SELECT value FROM json_each(?)))',
      jsonList(filters.user_ids),
    );
  const total = (sql(db, `SELECT COUNT(*) AS n FROM teams t WHERE ${w}`).get(...w.params) as { n: number }).n;
  const list = sql(db, `SELECT t.* FROM teams t WHERE ${w} ORDER BY t.name COLLATE NOCASE, t.id LIMIT ? OFFSET ?`).all(
    ...w.params,
    limit,
    offset,
  ) as TeamRow[];
  return { rows: list, total };
}
