// OAuth access tokens as credentials (spec 000 "Placement of the credential", GAPS.md
// "Robustness"): Authorization Bearer and `token`, the access_token query parameter, and Basic
// with the token as username and an empty or x-oauth-basic password, over a real socket.
// Missing, expired and revoked tokens answer 401.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { issueAccessToken } from '../../../../service/auth/oauthTokens';
import { serveTeam } from '../support/people';
import { asDb, openDatabaseFile, values } from '../../../support/sqliteFile';
import { issueToken, revokeToken, withDb } from '../support/peopleSupport';
import { rawRequest, USER_AGENT } from '../support/support';

const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

async function me(url: string, headers: Record<string, string>, query = '') {
  const reply = await rawRequest(`${url}/v2/current_user${query}`, {
    headers: { 'user-agent': USER_AGENT, ...headers },
  });
  return { status: reply.status, body: reply.text ? JSON.parse(reply.text) : undefined };
}

describe('OAuth access tokens', () => {
  it('authenticate as their user in every placement: Bearer, token, access_token, Basic with an empty or x-oauth-basic password', async () => {
    const team = await serveTeam();
    const lee = await team.member('leader');
    const token = await issueToken(team, lee.id);
    const url = team.service.url;
    for (const [headers, query] of [
      [{ authorization: `Bearer ${token}` }, ''],
      [{ authorization: `bearer ${token}` }, ''],
      [{ authorization: `token ${token}` }, ''],
      [{}, `?access_token=${encodeURIComponent(token)}`],
      [{ authorization: basic(token, '') }, ''],
      [{ authorization: basic(token, 'x-oauth-basic') }, ''],
    ] as Array<[Record<string, string>, string]>) {
      const reply = await me(url, headers, query);
      expect(reply.status, JSON.stringify(headers) + query).toBe(200);
      expect(reply.body.id).toBe(lee.id);
    }
  });

  it('are not personal tokens, nor the other way round', async () => {
    const team = await serveTeam();
    const token = await issueToken(team, team.service.ownerId);
    const url = team.service.url;
    expect((await me(url, { 'x-servicetoken': token })).status).toBe(401);
    expect((await me(url, {}, `?service_token=${token}`)).status).toBe(401);
    expect((await me(url, { authorization: basic(token, 'x-service-token') })).status).toBe(401);
    expect((await me(url, { authorization: `Bearer ${team.service.token}` })).status).toBe(401);
    expect((await me(url, { authorization: basic(team.service.token, 'x-oauth-basic') })).status).toBe(401);
  });

  it('answer 401 when missing, unknown or sent with another password', async () => {
    const team = await serveTeam();
    const token = await issueToken(team, team.service.ownerId);
    const url = team.service.url;
    expect((await me(url, {})).status).toBe(401);
    expect((await me(url, { authorization: 'Bearer' })).status).toBe(401);
    expect((await me(url, { authorization: `Bearer ${token}x` })).status).toBe(401);
    expect((await me(url, {}, '?access_token=')).status).toBe(401);
    expect((await me(url, { authorization: basic(token, 'secret') })).status).toBe(401);
  });

  it("answer 401 once expired, by the service's clock", async () => {
    const team = await serveTeam();
    const token = await issueToken(team, team.service.ownerId, {
      expiresAt: new Date(team.clock().getTime() + 60 * 60_000),
    });
    const url = team.service.url;
    expect((await me(url, { authorization: `Bearer ${token}` })).status).toBe(200);
    team.clock.advance(60 * 60_000 - 1000);
    expect((await me(url, { authorization: `Bearer ${token}` })).status).toBe(200);
    team.clock.advance(1000);
    expect((await me(url, { authorization: `Bearer ${token}` })).status).toBe(401);
    expect((await me(url, {}, `?access_token=${token}`)).status).toBe(401);
  });

  it('live 2 weeks by default', async () => {
    const team = await serveTeam();
    const token = await issueToken(team, team.service.ownerId);
    team.clock.advance(14 * 24 * 3600_000 - 1000);
    expect((await me(team.service.url, { authorization: `Bearer ${token}` })).status).toBe(200);
    team.clock.advance(1000);
    expect((await me(team.service.url, { authorization: `Bearer ${token}` })).status).toBe(401);
  });

  it('answer 401 once revoked, at the next request', async () => {
    const team = await serveTeam();
    const token = await issueToken(team, team.service.ownerId);
    const url = team.service.url;
    expect((await me(url, { authorization: `token ${token}` })).status).toBe(200);
    expect(await revokeToken(team, token)).toBe(true);
    expect((await me(url, { authorization: `token ${token}` })).status).toBe(401);
    expect((await me(url, { authorization: basic(token, '') })).status).toBe(401);
    expect(await revokeToken(team, token)).toBe(false);
  });

  it('answer 401 when their user is deactivated, and again 200 once activated', async () => {
    const team = await serveTeam();
    const cora = await team.member('coworker');
    const token = await issueToken(team, cora.id);
    await team.client.put(`/v2/users/${cora.id}/deactivate`);
    expect((await me(team.service.url, { authorization: `Bearer ${token}` })).status).toBe(401);
    await team.client.put(`/v2/users/${cora.id}/activate`);
    expect((await me(team.service.url, { authorization: `Bearer ${token}` })).status).toBe(200);
  });

  it("carry their user's role: a coworker's OAuth token may not create projects", async () => {
    const team = await serveTeam();
    const cora = await team.member('coworker');
    const token = await issueToken(team, cora.id);
    const reply = await rawRequest(`${team.service.url}/v2/projects`, {
      method: 'POST',
      headers: { 'user-agent': USER_AGENT, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{"name":"Nope"}',
    });
    expect(reply.status).toBe(403);
  });

  it('are stored only as their sha256, with their refresh tokens', async () => {
    const team = await serveTeam();
    const { accessToken, refreshToken } = await withDb(
      team,
      async (db) =>
        await issueAccessToken(asDb(db), team.service.ownerId, { now: team.clock(), withRefreshToken: true }),
    );
    await team.service.close();
    for (const file of readdirSync(team.dataDir)) {
      const bytes = readFileSync(join(team.dataDir, file));
      expect(bytes.includes(accessToken), file).toBe(false);
      expect(bytes.includes(refreshToken!), file).toBe(false);
    }
    const db = openDatabaseFile(join(team.dataDir, 'service.db'), { readonly: true });
    const sha = (t: string) => createHash('sha256').update(t).digest('hex');
    expect(values(db, 'SELECT token_sha256 FROM oauth_access_tokens')).toEqual([sha(accessToken)]);
    expect(values(db, 'SELECT token_sha256 FROM oauth_refresh_tokens')).toEqual([sha(refreshToken!)]);
    db.close();
  });
});
