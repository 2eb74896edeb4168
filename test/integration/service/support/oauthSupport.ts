// Helpers of the OAuth tests: a service with a registered application and an owner who has a
// password, and a small "browser" that walks the authorize pages over real HTTP the way a user's
// browser would (keeping the CSRF cookie, posting the forms' hidden fields back).
import type { ServiceOptions } from '../../../../service';
import { registerApplication, type GrantType } from '../../../../service/oauth/applications';
import { serveTeam, type TeamService } from './people';
import { asDb } from '../../../support/sqliteFile';
import { withDb } from './peopleSupport';
import { rawRequest, USER_AGENT } from './support';

export const OWNER_EMAIL = 'owner@stint.test';
export const OWNER_PASSWORD = 'correct horse battery';
export const CALLBACK = 'https://app.example.test:8443/oauth/callback';

export interface OAuthService extends TeamService {
  clientId: string;
  clientSecret: string;
  /** Registers another application. */
  register(
    callbackUrl?: string,
    grantTypes?: GrantType[],
    name?: string,
  ): Promise<{ clientId: string; clientSecret: string }>;
}

export async function serveOAuth(options: ServiceOptions = {}): Promise<OAuthService> {
  const team = await serveTeam({ ownerEmail: OWNER_EMAIL, ownerPassword: OWNER_PASSWORD, ...options });
  const register = (callbackUrl = CALLBACK, grantTypes?: GrantType[], name = 'Timesheet Helper') =>
    withDb(team, async (db) => await registerApplication(asDb(db), { name, callbackUrl, grantTypes }));
  return { ...team, ...(await register()), register };
}

export interface Page {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  /** The hidden and filled-in fields of the page's form. */
  fields: Record<string, string>;
  location?: string;
}

function formFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  const unescapeEntities = (v: string) => v.replace(/&#(\d+);/g, (_, n) => String.fromCharCode(Number(n)));
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g))
    fields[m[1]!] = unescapeEntities(m[2]!);
  return fields;
}

/** A user agent with a cookie jar of one cookie, as a browser would keep it. */
export class Browser {
  cookie: string | undefined;
  constructor(readonly base: string) {}

  private remember(headers: Record<string, string | string[] | undefined>) {
    const set = headers['set-cookie'];
    const first = Array.isArray(set) ? set[0] : set;
    if (first) this.cookie = first.split(';')[0];
  }

  private page(reply: { status: number; headers: Record<string, string | string[] | undefined>; text: string }): Page {
    this.remember(reply.headers);
    return { ...reply, fields: formFields(reply.text), location: reply.headers.location as string | undefined };
  }

  async open(query: Record<string, string | undefined> | string, headers: Record<string, string> = {}): Promise<Page> {
    const search =
      typeof query === 'string'
        ? query
        : new URLSearchParams(
            Object.entries(query).filter((e): e is [string, string] => e[1] !== undefined),
          ).toString();
    const reply = await rawRequest(`${this.base}/oauth/2/authorize?${search}`, {
      headers: { 'user-agent': USER_AGENT, ...(this.cookie ? { cookie: this.cookie } : {}), ...headers },
    });
    return this.page(reply);
  }

  async post(fields: Record<string, string>, headers: Record<string, string> = {}): Promise<Page> {
    const reply = await rawRequest(`${this.base}/oauth/2/authorize`, {
      method: 'POST',
      headers: {
        'user-agent': USER_AGENT,
        'content-type': 'application/x-www-form-urlencoded',
        origin: this.base,
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...headers,
      },
      body: new URLSearchParams(fields).toString(),
    });
    return this.page(reply);
  }

  /** Opens the authorize page and signs in: answers the consent page (or whatever came instead). */
  async signIn(
    query: Record<string, string | undefined>,
    email = OWNER_EMAIL,
    password = OWNER_PASSWORD,
  ): Promise<Page> {
    const page = await this.open(query);
    if (page.status !== 200) return page;
    return this.post({ ...page.fields, email, password });
  }

  /** The whole flow to the redirect back to the application: its Location as a URL. */
  async authorize(query: Record<string, string | undefined>, decision: 'allow' | 'deny' = 'allow'): Promise<URL> {
    const consent = await this.signIn(query);
    if (consent.status !== 200 || !consent.fields.ticket)
      throw new Error(`no consent page: ${consent.status} ${consent.text.slice(0, 400)}`);
    const back = await this.post({ ...consent.fields, action: decision });
    if (back.status !== 303 || !back.location)
      throw new Error(`no redirect: ${back.status} ${back.text.slice(0, 400)}`);
    return new URL(back.location);
  }
}

export interface TokenReply {
  status: number;
  contentType: string;
  text: string;
  /** The JSON body, or the form-encoded one as an object. */
  body: Record<string, any>;
}

/** POST /oauth/2/access_token, form-encoded unless `json`; answers JSON when `accept` says so. */
export async function tokenRequest(
  base: string,
  fields: Record<string, string | undefined>,
  options: { json?: boolean; accept?: string; headers?: Record<string, string> } = {},
): Promise<TokenReply> {
  const present = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Record<
    string,
    string
  >;
  const reply = await rawRequest(`${base}/oauth/2/access_token`, {
    method: 'POST',
    headers: {
      'user-agent': USER_AGENT,
      'content-type': options.json ? 'application/json' : 'application/x-www-form-urlencoded',
      ...(options.accept ? { accept: options.accept } : {}),
      ...options.headers,
    },
    body: options.json ? JSON.stringify(present) : new URLSearchParams(present).toString(),
  });
  const contentType = String(reply.headers['content-type'] ?? '');
  const body = contentType.includes('json')
    ? JSON.parse(reply.text)
    : Object.fromEntries(new URLSearchParams(reply.text));
  return { status: reply.status, contentType, text: reply.text, body };
}

/** The flow up to a code, for the token tests. */
export async function codeFor(service: OAuthService, query: Record<string, string | undefined> = {}): Promise<string> {
  const back = await new Browser(service.service.url).authorize({
    client_id: service.clientId,
    response_type: 'code',
    state: 's1',
    ...query,
  });
  const code = back.searchParams.get('code');
  if (!code) throw new Error(`no code: ${back}`);
  return code;
}

export async function currentUser(base: string, accessToken: string): Promise<number> {
  return (
    await rawRequest(`${base}/v2/current_user`, {
      headers: { 'user-agent': USER_AGENT, authorization: `Bearer ${accessToken}` },
    })
  ).status;
}
