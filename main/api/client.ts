// The typed client of the service's v2 API: one method per call of ServiceApi, each a thin
// description (verb, path, body, safe to repeat?) handed to the one request path in transport.ts.
// The calls are written per resource in calls/; this file builds the request path once and puts
// them together.
//
// Safe to repeat (retried after a network failure, timeout or 5xx), because a second run leaves
// the service's records as the first did and answers as the first would have (a change that
// emits a webhook event may emit it again: receivers then see the same values twice):
//   every GET (lists, records, the inbox and token-management reads);
//   PUT that sets given values: current_user, projects/:id, entries/:id, expenses/:id, tags/:id,
//   users/:id, teams/:id, project_groups/:id, webhooks/:id, broadcast_receivers/:id,
//   inbox_entries/:id, timer (the description), an authorization's notes and scopes (adding a
//   scope it has, or removing one it lacks, is ignored);
//   PUT actions that move to a state or set a value, where a repeat finds it done and says the
//   same: projects/:id/archive and /unarchive; projects/archive and /unarchive (projects that no
//   longer qualify are skipped); users/:id/activate and /deactivate; webhooks and receivers
//   /enable and /disable; entries/:id/marked_as_invoiced and entries/marked_as_invoiced (the same
//   date again); the bulk entries/approved and /unapproved (entries already done are skipped);
//   timer/pause (pausing a paused timer leaves it unchanged); timer/start (starting a running
//   timer leaves it running, and the timer it paused stays paused);
//   set changes where adding a member or removing a missing one is ignored:
//   give_access_to_projects, revoke_access_to_projects, revoke_access_to_all_projects;
//   project_groups/:id/remove_projects, /remove_all_projects; teams/:id/remove_users,
//   /remove_all_users; webhooks /add_events, /remove_events; receivers /add_subjects,
//   /remove_subjects;
//   the two POST set changes, project_groups/:id/add_projects and teams/:id/add_users: POST, but
//   not creations. Spec 001 says "users already in the team are ignored", and "projects already
//   in another group are ignored" (one already in this group stays in it), so a repeat finds
//   the members the first attempt added and leaves the same membership; both answer the group's
//   or team's members after the change (service/README.md), the same list a repeat answers;
//   PUT authorizations/:subdomain/clients/:client_id: finds the application's authorization or
//   creates it, so a repeat finds the first one.
// Not safe (an unanswered attempt is reported as unknown_outcome):
//   POST creations (projects, entries, tags, expenses, invoices, users, teams, project groups,
//   webhooks, broadcast receivers, inbox entries, authorizations): a second record, or a refusal
//   (already_exists) that hides the first one's success;
//   merges (projects/:id/merge, tags/:id/merge): the merged one is gone, so a repeat answers
//   `missing`;
//   deletes, DELETE and the bulk PUT projects/delete and tags/delete: a repeat answers 404 or
//   `missing`, and only the caller knows whether that means "done";
//   entries/:id/approved and /unapproved: a repeat is refused (already_approved, not_approved),
//   hiding the first one's success;
//   timer/log, timer/log_inbox_entry and inbox_entries/:id/log: a second entry, or a 404 that
//   hides the first's success; timer/add_or_subtract_time: adds twice;
//   webhooks/:id/ping and /retry/:payload_id: a second delivery;
//   webhooks and receivers /reroll_secret: each run makes another secret (spec 001 answers a new
//   {secret}), so it is no idempotent action; after an unanswered attempt the caller decides
//   whether to reroll again (the secret that attempt made is known to nobody).
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
