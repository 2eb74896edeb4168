// Teams of an account (spec 001 "Teams"): a name and a set of users; a user may be in several
// teams, and deleting a team keeps its users.
import { equalsNocase, nocase, like, idList } from '../storage/dialect';
import type { TeamFilters } from '../../wire/serviceTypesPeople';
import type { Queryable } from '../storage/store';
import { jsonList, likeContains, Where } from './sqlText';
import { usersByIds, type UserRow } from './users';

export interface TeamRow {
  id: number;
  account_id: number;
  name: string;
  created_at: string;
  updated_at: string;
}

export async function getTeam(db: Queryable, accountId: number, id: number): Promise<TeamRow | undefined> {
  return (await db.get('SELECT * FROM teams WHERE account_id = ? AND id = ?', accountId, id)) as TeamRow | undefined;
}

export async function findTeamByName(
  db: Queryable,
  accountId: number,
  name: string,
  exceptId = 0,
): Promise<TeamRow | undefined> {
  return (await db.get(
    `SELECT * FROM teams WHERE account_id = ? AND ${equalsNocase(db.dialect, 'name')} AND id != ?`,
    accountId,
    name,
    exceptId,
  )) as TeamRow | undefined;
}

export async function insertTeam(db: Queryable, accountId: number, name: string, now: string): Promise<TeamRow> {
  const id = (await db.get<{ id: number }>(
    'INSERT INTO teams (account_id, name, created_at, updated_at) VALUES (?, ?, ?, ?) RETURNING id',
    accountId,
    name,
    now,
    now,
  ))!.id;
  return (await getTeam(db, accountId, Number(id)))!;
}

export async function renameTeam(db: Queryable, id: number, name: string, now: string): Promise<void> {
  await db.run('UPDATE teams SET name = ?, updated_at = ? WHERE id = ?', name, now, id);
}

/** Touches the team when its members change, so updated_at tells a client to re-read it. */
async function touch(db: Queryable, id: number, now: string): Promise<void> {
  await db.run('UPDATE teams SET updated_at = ? WHERE id = ?', now, id);
}

/** Users already in the team are skipped. */
export async function addTeamUsers(db: Queryable, id: number, userIds: number[], now: string): Promise<void> {
  const added = (
    await db.run(
      `INSERT INTO team_users (team_id, user_id) SELECT ?, value FROM ${idList(db.dialect)} AS ids WHERE TRUE ON CONFLICT DO NOTHING`,
      id,
      jsonList(userIds),
    )
  ).changes;
  if (added) await touch(db, id, now);
}

/** Users not in the team are skipped. */
export async function removeTeamUsers(
  db: Queryable,
  id: number,
  userIds: number[] | 'all',
  now: string,
): Promise<void> {
  const removed =
    userIds === 'all'
      ? (await db.run('DELETE FROM team_users WHERE team_id = ?', id)).changes
      : (
          await db.run(
            `DELETE FROM team_users WHERE team_id = ? AND user_id IN ${idList(db.dialect)}`,
            id,
            jsonList(userIds),
          )
        ).changes;
  if (removed) await touch(db, id, now);
}

export async function deleteTeam(db: Queryable, id: number): Promise<void> {
  await db.run('DELETE FROM teams WHERE id = ?', id); // memberships go with it (ON DELETE CASCADE)
}

export async function teamUserIds(db: Queryable, id: number): Promise<number[]> {
  return await db.column<number>('SELECT user_id FROM team_users WHERE team_id = ? ORDER BY user_id', id);
}

/** The members of each team, by team id, oldest user first. */
export async function usersOfTeams(db: Queryable, teamIds: number[]): Promise<Map<number, UserRow[]>> {
  const pairs = (await db.all(
    `SELECT team_id, user_id FROM team_users WHERE team_id IN ${idList(db.dialect)} ORDER BY user_id`,
    jsonList(teamIds),
  )) as Array<{
    team_id: number;
    user_id: number;
  }>;
  const users = await usersByIds(
    db,
    pairs.map((p) => p.user_id),
  );
  const byTeam = new Map<number, UserRow[]>();
  for (const pair of pairs) byTeam.set(pair.team_id, [...(byTeam.get(pair.team_id) ?? []), users.get(pair.user_id)!]);
  return byTeam;
}

/** The teams of each user, by user id, by team name. */
export async function teamsOfUsers(db: Queryable, userIds: number[]): Promise<Map<number, TeamRow[]>> {
  const rows = (await db.all(
    `SELECT tu.user_id, t.* FROM team_users tu JOIN teams t ON t.id = tu.team_id
     WHERE tu.user_id IN ${idList(db.dialect)} ORDER BY ${nocase(db.dialect, 't.name')}, t.id`,
    jsonList(userIds),
  )) as Array<TeamRow & { user_id: number }>;
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
export async function listTeams(
  db: Queryable,
  { accountId, filters, limit, offset }: ListTeamsOptions,
): Promise<{ rows: TeamRow[]; total: number }> {
  const w = new Where().add('t.account_id = ?', accountId);
  if (filters.name !== undefined) w.add(`${like(db.dialect, 't.name')}`, likeContains(filters.name));
  if (filters.user_ids)
    w.add(
      `t.id IN (SELECT team_id FROM team_users WHERE user_id IN ${idList(db.dialect)})`,
      jsonList(filters.user_ids),
    );
  const total = ((await db.get(`SELECT COUNT(*) AS n FROM teams t WHERE ${w}`, ...w.params)) as { n: number }).n;
  const list = (await db.all(
    `SELECT t.* FROM teams t WHERE ${w} ORDER BY ${nocase(db.dialect, 't.name')}, t.id LIMIT ? OFFSET ?`,
    ...w.params,
    limit,
    offset,
  )) as TeamRow[];
  return { rows: list, total };
}
