// GET and POST /oauth/2/authorize (spec 000 steps 1 and 2): the sign-in page, then the consent
// page, then back to the application with a code or an error. There is no session: each
// authorization asks for the password again, and what links the two forms is a single-use
// ticket (tickets.ts) bound to the browser's CSRF cookie.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PUBLIC_ROUTE } from '../auth/authenticate';
import type { Context } from '../context';
import { userById } from '../domain/users';
import { checkAuthorizeRequest, type AuthorizeRequest, type Checked } from './authorizeRequest';
import type { Csrf } from './csrf';
import { OAuthError } from './errors';
import { issueCode } from './grants';
import { fromSearch, one, type Params } from './params';
import type { Words } from '../../common/i18n/words';
import { consentPage, errorPage, type PageMessage, pageWords, signInPage } from './pages';
import { withParameters } from './redirectUri';
import type { OAuthSettings } from './settings';
import { signIn } from './signIn';
import type { Tickets } from './tickets';

export interface AuthorizeDeps {
  context: Context;
  settings: OAuthSettings;
  csrf: Csrf;
  tickets: Tickets;
}

/** The step 1 parameters a sign-in form carries through its post. */
const carried = (request: AuthorizeRequest) => ({
  client_id: request.app.clientId,
  response_type: 'code',
  redirect_uri: request.redirectUri ?? undefined,
  state: request.state,
  scope: request.scope || undefined,
  code_challenge: request.codeChallenge ?? undefined,
  code_challenge_method: request.codeChallenge === null ? undefined : 'S256',
});

/** How long to wait, in the page's language ("30 seconds", "30 Sekunden"), through Intl. */
const waitText = (words: Words, ms: number) =>
  ms < 90_000
    ? words.formatNumber(Math.ceil(ms / 1000), { style: 'unit', unit: 'second', unitDisplay: 'long' })
    : words.formatNumber(Math.ceil(ms / 60_000), { style: 'unit', unit: 'minute', unitDisplay: 'long' });

// A refused form post must not reach the application (it may be forged); a GET redirects with 302,
// a POST with 303 so the browser follows with a GET.
function answerCheck(
  reply: FastifyReply,
  words: Words,
  checked: Exclude<Checked, { kind: 'ok' }>,
  status: 302 | 303,
): FastifyReply {
  if (checked.kind === 'page')
    return errorPage(reply, words, 400, { error: checked.error, description: checked.description });
  return reply.redirect(
    withParameters(checked.target, {
      error: checked.error,
      error_description: checked.description,
      state: checked.state,
    }),
    status,
  );
}

export function authorizeRoutes(app: FastifyInstance, deps: AuthorizeDeps): void {
  const { context, settings, csrf, tickets } = deps;
  const db = context.db;
  const errorHandler = (error: Error, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof OAuthError)
      return errorPage(reply, pageWords(request), 400, { error: error.error, description: error.description });
    const status = (error as { statusCode?: number }).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500)
      return errorPage(reply, pageWords(request), status, { error: 'invalid_request', description: error.message });
    request.log.error(error);
    return errorPage(reply, pageWords(request), 500, {
      error: 'server_error',
      description: 'the service failed unexpectedly',
    });
  };

  app.get('/oauth/2/authorize', { ...PUBLIC_ROUTE, errorHandler }, async (request, reply) => {
    const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
    const checked = await checkAuthorizeRequest(db, fromSearch(search));
    if (checked.kind !== 'ok') return answerCheck(reply, pageWords(request), checked, 302);
    return signInPage(reply, pageWords(request), 200, {
      appName: checked.request.app.name,
      fields: carried(checked.request),
      csrf: csrf.token(request, reply),
      returnOrigin: checked.request.target.origin,
    });
  });

  app.post('/oauth/2/authorize', { ...PUBLIC_ROUTE, errorHandler }, async (request, reply) => {
    const params = (request.body as Params | undefined) ?? new Map<string, string[]>();
    const nonce = csrf.check(request, one(params, 'csrf'));
    if (!nonce)
      return errorPage(reply, pageWords(request), 403, {
        error: 'invalid_request',
        description: 'this form has expired or was not sent from the sign-in page',
      });
    const action = one(params, 'action');
    if (action === 'sign_in') return signInStep(deps, request, reply, { params, nonce });
    if (action !== 'allow' && action !== 'deny')
      return errorPage(reply, pageWords(request), 400, {
        error: 'invalid_request',
        description: 'action must be sign_in, allow or deny',
      });

    const ticket = await tickets.redeem(one(params, 'ticket'), nonce, context.clock().getTime());
    if (!ticket)
      return errorPage(reply, pageWords(request), 400, {
        error: 'invalid_request',
        description: 'this consent form has expired or was already used',
      });
    const { request: authorization } = ticket;
    const back = (parameters: Record<string, string | undefined>) =>
      reply.redirect(withParameters(authorization.target, { ...parameters, state: authorization.state }), 303);
    if (action === 'deny') return back({ error: 'access_denied', error_description: 'the user denied access' });
    let code: string;
    try {
      code = await issueCode(
        db,
        {
          clientId: authorization.app.clientId,
          userId: ticket.userId,
          redirectUri: authorization.redirectUri,
          scope: authorization.scope,
          codeChallenge: authorization.codeChallenge,
        },
        context.clock(),
        settings,
      );
    } catch (error) {
      // The application is known and its URI checked, so it hears of the failure (spec 000 step 2).
      request.log.error(error);
      return back({ error: 'server_error', error_description: 'the service failed unexpectedly; try again' });
    }
    return back({ code });
  });
}

/** The sign-in form's post: checks the carried step 1 parameters and the password, then shows the consent page. */
async function signInStep(
  deps: AuthorizeDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  { params, nonce }: { params: Params; nonce: string },
): Promise<FastifyReply> {
  const { context, csrf, tickets } = deps;
  const db = context.db;
  const words = pageWords(request);
  // The hidden fields came back from the browser: check them all again.
  const checked = await checkAuthorizeRequest(db, params);
  if (checked.kind !== 'ok') return answerCheck(reply, words, checked, 303);
  const authorization = checked.request;
  const email = one(params, 'email')?.trim();
  const password = one(params, 'password');
  const view = (status: number, message: PageMessage) =>
    signInPage(reply, words, status, {
      appName: authorization.app.name,
      fields: carried(authorization),
      csrf: csrf.token(request, reply),
      email,
      message,
      returnOrigin: authorization.target.origin,
    });
  if (!email || !password) return view(400, { id: 'oauth.enter-credentials' });
  if (email.length > 255 || password.length > 1024) return view(401, { id: 'oauth.wrong-credentials' });
  const result = await signIn(db, {
    email,
    password,
    address: request.ip,
    now: context.clock,
    passwordCost: context.tuning.passwordHash,
  });
  if (!result.ok) {
    if (result.retryAfterMs > 0) reply.header('retry-after', String(Math.ceil(result.retryAfterMs / 1000)));
    const wait = waitText(words, result.retryAfterMs);
    if (!result.checked) return view(429, { id: 'oauth.too-many', values: { wait } });
    return view(
      401,
      result.retryAfterMs > 0
        ? { id: 'oauth.wrong-credentials-throttled', values: { wait } }
        : { id: 'oauth.wrong-credentials' },
    );
  }
  const ticket = await tickets.issue(
    { userId: result.userId, request: authorization, nonce },
    context.clock().getTime(),
  );
  return consentPage(reply, words, {
    appName: authorization.app.name,
    email: (await userById(db, result.userId))?.email ?? email,
    target: authorization.target.origin + authorization.target.pathname,
    ticket,
    csrf: csrf.token(request, reply),
    returnOrigin: authorization.target.origin,
  });
}
