// Issue 29 item 2: what may happen once happens once, and a state change reads the state it
// changes, whichever instances the requests reach at the same moment. Each test sends 9 simultaneous requests over 3 real instances on one PostgreSQL
// database, for 10 rounds (one lucky round proves little: before the fix nearly every round let
// several through).
import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { registerApplication } from '../../../../service/oauth/applications';
import { issueCode } from '../../../../service/oauth/grants';
import { DEFAULT_OAUTH_SETTINGS } from '../../../../service/oauth/settings';
import { beforeAllWithPostgres, testDatabase } from '../../../support/postgres';
import { type Instances, instancesOnOneDatabase, race } from '../support/instancesSupport';
import { CALLBACK, currentUser, tokenRequest } from '../support/oauthSupport';
import { Client, createProject } from '../support/support';

beforeAllWithPostgres(async () => {
  // Starts the shared cluster before the first test's clock runs.
  await (await testDatabase()).drop();
});

const ROUNDS = 10;
const RACERS = 9;

const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

interface OAuthTeam extends Instances {
  clientId: string;
  clientSecret: string;
  /** A fresh code of the owner bound to an S256 challenge, and its verifier. */
  code(): Promise<{ code: string; verifier: string }>;
}

/** The one token answer of a race of grants: exactly one 200, every other one a replay (400 invalid_grant). */
function oneGrantWon<R extends { status: number; body: any }>(replies: R[], round: number): R {
  const won = replies.filter((r) => r.status === 200);
  expect(won, `round ${round}: ${replies.map((r) => r.status)}`).toHaveLength(1);
  for (const lost of replies.filter((r) => r.status !== 200)) {
    expect(lost.status).toBe(400);
    expect(lost.body.error).toBe('invalid_grant');
  }
  return won[0]!;
}

/** A race of writes: exactly one answered `won`, every other one 400 with `errors`. */
function oneWriteWon<R extends { status: number; body: any; text: string }>(
  replies: R[],
  won: number,
  round: number,
  errors: unknown[],
): void {
  const statuses = replies.map((r) => r.status);
  expect(
    statuses.filter((s) => s === won),
    `round ${round}: ${statuses}`,
  ).toHaveLength(1);
  for (const lost of replies.filter((r) => r.status !== won)) {
    expect(lost.status, lost.text).toBe(400);
    expect(lost.body.errors).toEqual(errors);
  }
}

async function oauthTeam(): Promise<OAuthTeam> {
  const team = await instancesOnOneDatabase(3);
  const { clientId, clientSecret } = await registerApplication(team.admin, {
    name: 'Timesheet Helper',
    callbackUrl: CALLBACK,
  });
  const code = async () => {
    const verifier = randomBytes(32).toString('base64url');
    const request = {
      clientId,
      userId: team.services[0]!.ownerId,
      redirectUri: null,
      scope: '',
      codeChallenge: s256(verifier),
    };
    return { code: await issueCode(team.admin, request, new Date(), DEFAULT_OAUTH_SETTINGS), verifier };
  };
  return { ...team, clientId, clientSecret, code };
}

describe('single use across 3 instances on one PostgreSQL database', () => {
  it('redeems an authorization code once when 9 token requests race with it; the replays revoke what it gave', async () => {
    const team = await oauthTeam();
    for (let round = 0; round < ROUNDS; round++) {
      const { code, verifier } = await team.code();
      const replies = await race(team.services, RACERS, (base) =>
        tokenRequest(
          base,
          {
            grant_type: 'authorization_code',
            client_id: team.clientId,
            client_secret: team.clientSecret,
            code,
            code_verifier: verifier,
          },
          { accept: 'application/json' },
        ),
      );
      const won = oneGrantWon(replies, round);
      // One set of tokens was ever issued from the code, and the replays revoked it (RFC 6749 §4.1.2).
      const issued = await team.admin.column<number>(
        'SELECT COUNT(*) FROM oauth_access_tokens t JOIN oauth_authorization_codes c ON c.id = t.authorization_code_id WHERE c.code_sha256 = ?',
        createHash('sha256').update(code).digest('hex'),
      );
      expect(issued, `round ${round}`).toEqual([1]);
      expect(await currentUser(team.services[round % 3]!.url, won.body.access_token)).toBe(401);
    }
  }, 120_000);

  it('rotates a refresh token once when 9 refreshes race with it, and leaves no live token family', async () => {
    const team = await oauthTeam();
    for (let round = 0; round < ROUNDS; round++) {
      const { code, verifier } = await team.code();
      const first = await tokenRequest(
        team.services[0]!.url,
        {
          grant_type: 'authorization_code',
          client_id: team.clientId,
          client_secret: team.clientSecret,
          code,
          code_verifier: verifier,
        },
        { accept: 'application/json' },
      );
      expect(first.status).toBe(200);
      const replies = await race(team.services, RACERS, (base) =>
        tokenRequest(
          base,
          {
            grant_type: 'refresh_token',
            client_id: team.clientId,
            client_secret: team.clientSecret,
            refresh_token: first.body.refresh_token,
          },
          { accept: 'application/json' },
        ),
      );
      const won = oneGrantWon(replies, round);
      // The first pair and one rotation, nothing more; the replays of the used token revoked the family.
      const family = await team.admin.all<{ live: number; total: number }>(
        `SELECT COUNT(*) AS total, COUNT(*) FILTER (WHERE revoked_at IS NULL) AS live FROM oauth_refresh_tokens
          WHERE authorization_code_id = (SELECT id FROM oauth_authorization_codes WHERE code_sha256 = ?)`,
        createHash('sha256').update(code).digest('hex'),
      );
      expect(family, `round ${round}`).toEqual([{ total: 2, live: 0 }]);
      expect(await currentUser(team.services[round % 3]!.url, won.body.access_token)).toBe(401);
    }
  }, 120_000);
});

/** 3 instances, a client per instance, all with the owner's token, and a project of the owner's. */
async function ownerTeam() {
  const team = await instancesOnOneDatabase(3);
  const clients = team.services.map((s) => new Client(s.url, team.services[0]!.token));
  const projectId = await createProject(clients[0]!);
  return { ...team, clients, projectId };
}

/** RACERS calls at once, spread over the clients in turn. */
const raceOn = <T>(clients: Client[], call: (client: Client) => Promise<T>) =>
  Promise.all(Array.from({ length: RACERS }, (_, i) => call(clients[i % clients.length]!)));

describe('timer state across 3 instances on one PostgreSQL database', () => {
  /** An owner's team (ownerTeam) and the timer of its project. */
  async function timerTeam() {
    const team = await ownerTeam();
    return { ...team, timer: `/v2/projects/${team.projectId}/timer` };
  }

  it('logs a running timer once when 9 logs race: one entry, the others 404', async () => {
    const team = await timerTeam();
    for (let round = 0; round < ROUNDS; round++) {
      expect((await team.clients[0]!.put(`${team.timer}/start`, {})).status).toBe(200);
      const statuses = (await raceOn(team.clients, (c) => c.put(`${team.timer}/log`, { minutes: 5 }))).map(
        (r) => r.status,
      );
      expect(
        statuses.filter((s) => s === 204),
        `round ${round}: ${statuses}`,
      ).toHaveLength(1);
      expect(
        statuses.filter((s) => s === 404),
        `round ${round}: ${statuses}`,
      ).toHaveLength(RACERS - 1);
      expect(
        await team.admin.column<number>('SELECT COUNT(*) FROM entries WHERE project_id = ?', team.projectId),
      ).toEqual([round + 1]);
    }
  }, 120_000);

  it('adds every one of 9 racing corrections to a running timer; 9 racing pauses leave it paused with that time', async () => {
    const team = await timerTeam();
    for (let round = 0; round < ROUNDS; round++) {
      expect((await team.clients[0]!.put(`${team.timer}/start`, {})).status).toBe(200);
      const adds = await raceOn(team.clients, (c) => c.put(`${team.timer}/add_or_subtract_time`, { minutes: 1 }));
      expect(adds.map((r) => r.status)).toEqual(Array(RACERS).fill(200));
      const pauses = await raceOn(team.clients, (c) => c.put(`${team.timer}/pause`, {}));
      expect(pauses.map((r) => r.status)).toEqual(Array(RACERS).fill(200));
      const [row] = await team.admin.all<{ state: string; elapsed_ms: number }>(
        'SELECT state, elapsed_ms FROM timers WHERE project_id = ?',
        team.projectId,
      );
      // 9 minutes added, plus the real seconds the round took (generous for a loaded machine).
      expect(row!.state).toBe('paused');
      expect(row!.elapsed_ms, `round ${round}`).toBeGreaterThanOrEqual(RACERS * 60_000);
      expect(row!.elapsed_ms, `round ${round}`).toBeLessThan((RACERS + 1) * 60_000);
      expect((await team.clients[0]!.del(team.timer)).status).toBe(204);
    }
  }, 120_000);
});

describe('invoice state across 3 instances on one PostgreSQL database', () => {
  it('puts an entry on one invoice when 9 invoices of it race: one 201, the others already_invoiced', async () => {
    const team = await ownerTeam();
    const { clients, projectId } = team;
    for (let round = 0; round < ROUNDS; round++) {
      const entry = await clients[0]!.post('/v2/entries', { project_id: projectId, date: '2024-03-04', minutes: 30 });
      expect(entry.status).toBe(201);
      const replies = await raceOn(clients, (c) =>
        c.post('/v2/invoices', {
          invoice_date: '2024-03-31',
          entry_ids: [entry.body.id],
          rate_calculation: { calculation_method: 'standard_hourly_rate', standard_hourly_rate: 60 },
        }),
      );
      oneWriteWon(replies, 201, round, [{ resource: 'Invoice', field: 'entry_ids', code: 'already_invoiced' }]);
      expect(await team.admin.column<number>('SELECT COUNT(*) FROM invoices')).toEqual([round + 1]);
    }
  }, 120_000);
});

describe('tag merges across 3 instances on one PostgreSQL database', () => {
  it('merges a tag once when 9 merges of it race: one 204, the others find it gone (400 missing)', async () => {
    const team = await ownerTeam();
    const { clients, projectId } = team;
    for (let round = 0; round < ROUNDS; round++) {
      const entry = await clients[0]!.post('/v2/entries', {
        project_id: projectId,
        date: '2024-03-04',
        minutes: 30,
        description: `#target${round} #source${round}`,
      });
      expect(entry.status).toBe(201);
      const ids = new Map<string, number>(
        (await clients[0]!.get('/v2/tags?per_page=1000')).body.map((t: { id: number; name: string }) => [t.name, t.id]),
      );
      const [target, source] = [ids.get(`target${round}`)!, ids.get(`source${round}`)!];
      const replies = await raceOn(clients, (c) => c.put(`/v2/tags/${target}/merge`, { tag_id: source }));
      oneWriteWon(replies, 204, round, [{ resource: 'Tag', field: 'tag_id', code: 'missing' }]);
      expect(await team.admin.column<number>('SELECT COUNT(*) FROM tags WHERE id = ?', source)).toEqual([0]);
      expect(await team.admin.column<number>('SELECT COUNT(*) FROM entry_tags WHERE tag_id = ?', target)).toEqual([1]);
    }
  }, 120_000);
});
