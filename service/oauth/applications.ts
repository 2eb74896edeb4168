// Applications that may send users through the OAuth flow. Registered through the CLI
// (`register-app`): spec 000 says registering "is not an API operation". The client secret is
// shown once and only its sha256 kept.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { generateToken, hashToken } from '../auth/tokens';
import type { Queryable } from '../storage/store';
import { timestamp } from '../time';

export type GrantType = 'authorization_code' | 'refresh_token';
export const GRANT_TYPES: readonly GrantType[] = ['authorization_code', 'refresh_token'];

export interface Application {
  id: number;
  name: string;
  clientId: string;
  callbackUrl: string;
  grantTypes: GrantType[];
}

export interface NewApplication {
  name: string;
  /** Absolute http(s) URL without a fragment: where users return (spec 000 step 2). */
  callbackUrl: string;
  /** Default both. An application without refresh_token gets no refresh tokens. */
  grantTypes?: GrantType[];
  now?: Date;
}

function checkCallbackUrl(text: string): void {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`callback URL is not an absolute URL: ${text}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('callback URL must be http or https');
  if (text.includes('#')) throw new Error('callback URL must not have a fragment (RFC 6749 §3.1.2)');
  if (url.username || url.password) throw new Error('callback URL must not carry a user name or password');
}

export async function registerApplication(
  db: Queryable,
  app: NewApplication,
): Promise<{ clientId: string; clientSecret: string }> {
  const name = app.name.trim();
  if (!name || name.length > 255) throw new Error('application name must be 1 to 255 characters');
  checkCallbackUrl(app.callbackUrl);
  const grantTypes = [...new Set(app.grantTypes ?? GRANT_TYPES)];
  if (grantTypes.some((g) => !GRANT_TYPES.includes(g))) throw new Error(`grant types are ${GRANT_TYPES.join(' and ')}`);
  const clientId = randomBytes(18).toString('base64url');
  const clientSecret = generateToken();
  await db.run(
    'INSERT INTO oauth_applications (name, client_id, client_secret_sha256, callback_url, grant_types, created_at) VALUES (?, ?, ?, ?, ?, ?)',
    name,
    clientId,
    hashToken(clientSecret),
    app.callbackUrl,
    grantTypes.join(' '),
    timestamp(app.now ?? new Date()),
  );
  return { clientId, clientSecret };
}

type Row = {
  id: number;
  name: string;
  client_id: string;
  callback_url: string;
  grant_types: string;
  client_secret_sha256: string;
};

const toApplication = (row: Row): Application => ({
  id: row.id,
  name: row.name,
  clientId: row.client_id,
  callbackUrl: row.callback_url,
  grantTypes: row.grant_types.split(' ').filter((g): g is GrantType => (GRANT_TYPES as string[]).includes(g)),
});

const byClientId = async (db: Queryable, clientId: string) =>
  (await db.get(
    'SELECT id, name, client_id, callback_url, grant_types, client_secret_sha256 FROM oauth_applications WHERE client_id = ?',
    clientId,
  )) as Row | undefined;

export async function findApplication(db: Queryable, clientId: string): Promise<Application | null> {
  const row = await byClientId(db, clientId);
  return row ? toApplication(row) : null;
}

/** The application when the id and secret match one, else null. */
export async function authenticateClient(
  db: Queryable,
  clientId: string,
  clientSecret: string,
): Promise<Application | null> {
  const row = await byClientId(db, clientId);
  if (!row) return null;
  // Comparing digests of equal length in constant time: the timing says nothing about the secret.
  const ok = timingSafeEqual(Buffer.from(hashToken(clientSecret), 'hex'), Buffer.from(row.client_secret_sha256, 'hex'));
  return ok ? toApplication(row) : null;
}
