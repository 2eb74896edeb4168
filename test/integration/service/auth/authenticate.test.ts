// Spec 000 "Authentication": a personal token in X-ServiceToken, in service_token, or as the
// Basic username (password empty or x-service-token); tokens stored only as hashes.
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startService } from '../../../../service';
import { openDatabaseFile, values } from '../../../support/sqliteFile';
import { rawRequest, serve, USER_AGENT } from '../support/support';

const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

async function status(url: string, headers: Record<string, string>, method = 'GET', body?: string) {
  return (await rawRequest(url, { method, headers: { 'user-agent': USER_AGENT, ...headers }, body })).status;
}

describe('authentication with a personal token', () => {
  it('accepts the token in the X-ServiceToken header', async () => {
    const { service } = await serve();
    expect(await status(`${service.url}/v2/current_user`, { 'x-servicetoken': service.token })).toBe(200);
  });

  it('accepts the token in the service_token query parameter', async () => {
    const { service } = await serve();
    expect(await status(`${service.url}/v2/current_user?service_token=${encodeURIComponent(service.token)}`, {})).toBe(
      200,
    );
  });

  it('accepts the token as the Basic username with an empty password or x-service-token', async () => {
    const { service } = await serve();
    expect(await status(`${service.url}/v2/current_user`, { authorization: basic(service.token, '') })).toBe(200);
    expect(
      await status(`${service.url}/v2/current_user`, { authorization: basic(service.token, 'x-service-token') }),
    ).toBe(200);
  });

  it('refuses Basic with any other password, and a token that is not one', async () => {
    const { service } = await serve();
    const url = `${service.url}/v2/current_user`;
    expect(await status(url, { authorization: basic(service.token, 'secret') })).toBe(401);
    expect(await status(url, { authorization: basic(service.token, 'x-oauth-basic') })).toBe(401); // an OAuth placement
    expect(await status(url, { 'x-servicetoken': `${service.token}x` })).toBe(401);
    expect(await status(`${url}?service_token=nope`, {})).toBe(401);
    expect(await status(url, { authorization: `Bearer ${service.token}` })).toBe(401);
    expect(await status(url, { authorization: 'Basic !!!' })).toBe(401);
  });

  it('answers 401 with an error body when no credential is sent', async () => {
    const { service } = await serve();
    const reply = await rawRequest(`${service.url}/v2/timers`, { headers: { 'user-agent': USER_AGENT } });
    expect(reply.status).toBe(401);
    expect(JSON.parse(reply.text).message).toMatch(/Unauthorized/);
  });

  it('refuses an anonymous caller before reading its body', async () => {
    const { service } = await serve();
    expect(
      await status(`${service.url}/v2/projects`, { 'content-type': 'application/json' }, 'POST', '{not json'),
    ).toBe(401);
  });

  it('stores tokens only as their sha256, never in plain text', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'stint-auth-'));
    const service = await startService({ dataDir, rateLimit: 0, token: 'plain-token-that-must-not-be-stored' });
    await service.close();
    for (const file of readdirSync(dataDir)) {
      expect(readFileSync(join(dataDir, file)).includes('plain-token-that-must-not-be-stored'), file).toBe(false);
    }
    const db = openDatabaseFile(join(dataDir, 'service.db'), { readonly: true });
    const hashes = values(db, 'SELECT token_sha256 FROM personal_tokens');
    db.close();
    expect(hashes).toEqual([createHash('sha256').update('plain-token-that-must-not-be-stored').digest('hex')]);
  });

  it('generates a token on a new database and says so once', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'stint-auth-'));
    const first = await startService({ dataDir, rateLimit: 0 });
    expect(first.tokenCreated).toBe(true);
    expect(first.token.length).toBeGreaterThanOrEqual(32);
    await first.close();
    const again = await startService({ dataDir, rateLimit: 0 });
    try {
      expect(again.tokenCreated).toBe(false);
      expect(again.token).toBe('');
      expect(await status(`${again.url}/v2/current_user`, { 'x-servicetoken': first.token })).toBe(200);
    } finally {
      await again.close();
    }
  });

  it('adds a given token to an existing database beside the tokens it has', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'stint-auth-'));
    const first = await startService({ dataDir, rateLimit: 0 });
    await first.close();
    const again = await startService({ dataDir, rateLimit: 0, token: 'second-token' });
    try {
      expect(again.token).toBe('second-token');
      expect(again.tokenCreated).toBe(false);
      expect(await status(`${again.url}/v2/current_user`, { 'x-servicetoken': 'second-token' })).toBe(200);
      expect(await status(`${again.url}/v2/current_user`, { 'x-servicetoken': first.token })).toBe(200);
    } finally {
      await again.close();
    }
  });

  it('refuses to start with an empty token', async () => {
    await expect(startService({ token: '  ' })).rejects.toThrow(/token/);
  });
});
