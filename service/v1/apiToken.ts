// GET /api/user/api_auth_token (spec 002): HTTP Basic with the user's e-mail and password answers
// {user: {api_auth_token}}; wrong credentials answer 401.
//
// Decided: only the sha256 of a personal token is stored (auth/tokens.ts), so the service cannot
// show a token it made before; each successful call makes a new personal token for the user and
// answers it. Earlier tokens keep working. The rate limit (spec 000) and checkCredentials' equal
// timing for unknown e-mails stand between a guesser and the passwords.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { checkCredentials } from '../auth/passwords';
import { addPersonalToken, generateToken } from '../auth/tokens';
import { instant, type Context } from '../context';
import { V1_BASIC } from './auth';
import { V1Error } from './errors';
import { sendOne } from './reply';
import { route } from './route';

const wrongCredentials = () => new V1Error(401, 'Unauthorized: send your e-mail address and password with HTTP Basic authentication');

function basicCredentials(request: FastifyRequest): { email: string; password: string } {
  const header = request.headers.authorization;
  const m = typeof header === 'string' ? /^basic\s+([A-Za-z0-9+/=_-]+)\s*$/i.exec(header) : null;
  if (!m) throw wrongCredentials();
  const decoded = Buffer.from(m[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) throw wrongCredentials();
  return { email: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

export function v1ApiTokenRoute(api: FastifyInstance, context: Context): void {
  const { db } = context;

  route(
    api,
    'GET',
    '/user/api_auth_token',
    async (request, reply) => {
      const { email, password } = basicCredentials(request);
      const userId = await checkCredentials(db, email, password);
      if (userId === null) throw wrongCredentials();
      // A HEAD (spec 000 conventions 6) would make a token nobody sees: it makes none.
      if (request.method === 'HEAD') return sendOne(request, reply, 'user', { api_auth_token: '' });
      const token = generateToken();
      addPersonalToken(db, userId, token, instant(context).iso);
      return sendOne(request, reply, 'user', { api_auth_token: token });
    },
    V1_BASIC,
  );
}
