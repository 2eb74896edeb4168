// GET /api/user/api_auth_token (spec 002): HTTP Basic with the user's e-mail and password answers
// {user: {api_auth_token}}; wrong credentials answer 401.
//
// Decided: only the sha256 of a personal token is stored (auth/tokens.ts), so the service cannot
// show a token it made before; each successful call makes a new personal token for the user and
// answers it. Earlier tokens keep working.
//
// Decided: the password is checked through the authorize page's sign-in throttle (oauth/signIn.ts),
// sharing its counts, so guessing here is limited as there (and the rate limit, which may be off,
// is not what stands between a guesser and the passwords). A failure answers 401, with
// Retry-After when it started a lock; while the e-mail or address is locked the password is not
// looked at and the answer is 429 with an empty body and Retry-After (GAPS.md "Errors and status
// codes", as past the rate limit), even for the right password.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { addPersonalToken, generateToken } from '../auth/tokens';
import { instant, type Context } from '../context';
import { signIn } from '../oauth/signIn';
import { V1_BASIC } from './auth';
import { V1Error } from './errors';
import { sendOne } from './reply';
import { routeWith } from './route';

const wrongCredentials = () =>
  new V1Error(401, 'Unauthorized: send your e-mail address and password with HTTP Basic authentication');

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

  routeWith(api, {
    method: 'GET',
    path: '/user/api_auth_token',
    handler: async (request, reply) => {
      const { email, password } = basicCredentials(request);
      const result = await signIn(db, {
        email,
        password,
        address: request.ip,
        now: context.clock,
        passwordCost: context.tuning.passwordHash,
      });
      if (!result.ok) {
        const retryAfter = Math.ceil(result.retryAfterMs / 1000);
        if (!result.checked)
          return reply
            .code(429)
            .header('retry-after', String(Math.max(1, retryAfter)))
            .send();
        if (retryAfter > 0) reply.header('retry-after', String(retryAfter));
        throw wrongCredentials();
      }
      const { userId } = result;
      // A HEAD (spec 000 conventions 6) would make a token nobody sees: it makes none.
      if (request.method === 'HEAD') return sendOne(request, reply, { name: 'user', value: { api_auth_token: '' } });
      const token = generateToken();
      await addPersonalToken(db, userId, token, instant(context).iso);
      return sendOne(request, reply, { name: 'user', value: { api_auth_token: token } });
    },
    config: V1_BASIC,
  });
}
