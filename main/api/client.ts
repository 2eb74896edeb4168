// The typed client of the service's v2 API: one method per call of ServiceApi, each a thin
// description (verb, path, body, safe to repeat?) handed to the one request path in transport.ts.
// The calls are written per resource in calls/; this file builds the request path once and puts
// them together.
//
// Whether a call is safe to repeat (retried after a network failure, timeout or 5xx) is the
// SAFE/ONCE flag at its call site in calls/: SAFE when a second run leaves the service's records
// and its answer as the first did (a change that emits a webhook event may emit it again:
// receivers then see the same values twice), ONCE otherwise (an unanswered attempt is then reported as
// unknown_outcome). test/unit/api/repeatSafety.test.ts checks every flag against those rules.
import { basicCredential, createAuth } from './auth';
import { currentUserCalls, entryCalls, timerCalls } from './calls/entries';
import { broadcastReceiverCalls, webhookCalls } from './calls/events';
import { inboxCalls } from './calls/inbox';
import { expenseCalls, invoiceCalls } from './calls/money';
import { teamCalls, userCalls } from './calls/people';
import { projectCalls, projectGroupCalls } from './calls/projects';
import { createRequester } from './calls/requester';
import { tagCalls } from './calls/tags';
import { tokenCalls } from './calls/tokens';
import type { ApiOptions } from './options';
import { transportFromOptions } from './transport';
import type { ServiceApi } from './types';

export type { ApiOptions, Credentials } from './options';
export { createRateLimiter, type RateLimiter } from './limiter';

const withoutTrailingSlash = (url: string) => url.replace(/\/+$/, '');

export function createServiceApi(options: ApiOptions): ServiceApi {
  const baseUrl = withoutTrailingSlash(options.baseUrl);
  const send = transportFromOptions(baseUrl, createAuth(options.credentials), options);
  const r = createRequester(send);

  return {
    baseUrl,
    ...currentUserCalls(r),
    ...projectCalls(r),
    ...projectGroupCalls(r),
    ...userCalls(r),
    ...teamCalls(r),
    ...tagCalls(r),
    ...timerCalls(r),
    ...entryCalls(r),
    ...expenseCalls(r),
    ...invoiceCalls(r),
    ...webhookCalls(r),
    ...broadcastReceiverCalls(r),
    ...inboxCalls(r),
    // Another host and another credential, through the same transport: the same limiter, clock
    // and retry rules.
    tokenManagement: (login) =>
      tokenCalls(
        createRequester(send, {
          base: withoutTrailingSlash(login.authUrl ?? baseUrl),
          auth: basicCredential(login.username, login.password),
        }),
      ),
  };
}
