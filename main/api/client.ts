// The typed client of the service's v2 API: one method per call of ServiceApi, each a thin
// description (verb, path, body, safe to repeat?) handed to the one request path in transport.ts.
//
// Safe to repeat (retried after a network failure, timeout or 5xx), because a second run leaves
// the service exactly as the first did:
//   every GET; PUT current_user, PUT projects/:id, PUT entries/:id (they set given values);
//   PUT projects/:id/archive and /unarchive; PUT timer (sets the description);
//   PUT broadcast_receivers/:id (sets the given values);
//   PUT timer/pause (pausing a paused timer leaves it unchanged);
//   PUT timer/start: starting a running timer leaves it running, and the timer it paused stays
//   paused, so a repeat adds nothing.
// Not safe (an unanswered attempt is reported as unknown_outcome): POST projects, entries and
// tags (a second record); PUT timer/log (a second entry, or a 404 that hides the first's
// success); PUT timer/add_or_subtract_time (adds twice); DELETE (a repeat answers 404, and only
// the caller knows whether that means "done").
import { DEFAULT_BACKOFF } from './backoff';
import { systemClock } from './clock';
import { createAuth } from './auth';
import { ApiError } from './errors';
import { createRateLimiter } from './limiter';
import { DEFAULTS, type ApiOptions } from './options';
import { paginate } from './paginate';
import { withQuery } from './query';
import { createRedirectMemory, locationOf } from './redirects';
import { createTransport, type Reply, type Transport } from './transport';
import type { ServiceApi } from './types';
import type { CurrentUser, Entry, Project, Tag, Timer } from '../../common/serviceTypes';
import type { BroadcastReceiver } from '../../common/serviceTypesMoney';
import { DEFAULT_USER_AGENT } from './version';

export type { ApiOptions, Credentials } from './options';
export { createRateLimiter, type RateLimiter } from './limiter';

export function createServiceApi(options: ApiOptions): ServiceApi {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const clock = options.clock ?? systemClock;
  const rate = options.rateLimit ?? DEFAULTS.rateLimit;
  const send = createTransport({
    baseUrl,
    userAgent: options.userAgent ?? DEFAULT_USER_AGENT,
    auth: createAuth(options.credentials),
    limiter: options.limiter ?? (rate > 0 ? createRateLimiter(rate, clock) : null),
    redirects: createRedirectMemory(),
    timeoutMs: options.timeoutMs ?? DEFAULTS.timeoutMs,
    retries: options.retries ?? DEFAULTS.retries,
    backoff: options.backoff ?? DEFAULT_BACKOFF,
    clock,
    random: options.random ?? Math.random,
    dispatcher: options.dispatcher,
  });

  const get = async <T>(path: string) => (await send({ method: 'GET', url: path, safe: true })).body as T;
  const put = async <T>(path: string, body: unknown, safe: boolean) => (await send({ method: 'PUT', url: path, body, safe })).body as T;
  const create = async <T>(path: string, body: unknown) => created<T>(send, await send({ method: 'POST', url: path, body, safe: false }));
  const del = async (path: string) => {
    await send({ method: 'DELETE', url: path, safe: false });
  };
  const timer = (projectId: number, action = '') => `/v2/projects/${id(projectId)}/timer${action}`;

  return {
    baseUrl,

    getCurrentUser: async () => get<CurrentUser>('/v2/current_user'),
    updateCurrentUser: async (input) => put<CurrentUser>('/v2/current_user', input, true),

    listProjects: (filters) => paginate<Project>(send, withQuery('/v2/projects', filters)),
    getProject: async (projectId) => get<Project>(`/v2/projects/${id(projectId)}`),
    createProject: async (input) => create<Project>('/v2/projects', input),
    updateProject: async (projectId, input) => put<Project>(`/v2/projects/${id(projectId)}`, input, true),
    archiveProject: async (projectId) => {
      await put(`/v2/projects/${id(projectId)}/archive`, undefined, true);
    },
    unarchiveProject: async (projectId) => {
      await put(`/v2/projects/${id(projectId)}/unarchive`, undefined, true);
    },
    deleteProject: async (projectId) => del(`/v2/projects/${id(projectId)}`),

    listTags: (filters) => paginate<Tag>(send, withQuery('/v2/tags', filters)),
    createTags: async (names) => (await create<Tag[] | undefined>('/v2/tags', { names })) ?? [],

    listTimers: (filters) => paginate<Timer>(send, withQuery('/v2/timers', filters)),
    getTimer: async (projectId) => get<Timer>(timer(projectId)),
    updateTimer: async (projectId, input) => put<Timer>(timer(projectId), input, true),
    startTimer: async (projectId, input) => put<Timer>(timer(projectId, '/start'), nonEmpty(input), true),
    pauseTimer: async (projectId) => put<Timer>(timer(projectId, '/pause'), undefined, true),
    addOrSubtractTime: async (projectId, input) => put<Timer>(timer(projectId, '/add_or_subtract_time'), input, false),
    logTimer: async (projectId, input) => {
      await put(timer(projectId, '/log'), nonEmpty(input), false);
    },
    deleteTimer: async (projectId) => del(timer(projectId)),

    listEntries: (filters) => paginate<Entry>(send, withQuery('/v2/entries', filters)),
    getEntry: async (entryId) => get<Entry>(`/v2/entries/${id(entryId)}`),
    createEntry: async (input) => create<Entry>('/v2/entries', input),
    updateEntry: async (entryId, input) => {
      const path = `/v2/entries/${id(entryId)}`;
      // Spec 001: an update without minutes gives the entry 0 minutes. The interface takes a
      // Partial, whose reader expects "unchanged when absent", so the current minutes are read
      // and sent back rather than silently wiping the logged time.
      const minutes = input.minutes ?? (await get<Entry>(path)).minutes;
      return put<Entry>(path, { ...input, minutes }, true);
    },

    createBroadcastReceiver: async (input) => create<BroadcastReceiver>('/v2/broadcast_receivers', input),
    getBroadcastReceiver: async (receiverId) => get<BroadcastReceiver>(`/v2/broadcast_receivers/${id(receiverId)}`),
    updateBroadcastReceiver: async (receiverId, input) => put<BroadcastReceiver>(`/v2/broadcast_receivers/${id(receiverId)}`, input, true),
    deleteBroadcastReceiver: async (receiverId) => del(`/v2/broadcast_receivers/${id(receiverId)}`),
  };
}

// A 201 names the new resource in Location; when its body is empty, read it from there.
async function created<T>(send: Transport, reply: Reply): Promise<T> {
  if (reply.body !== undefined) return reply.body as T;
  const location = locationOf(reply.headers.location, reply.url);
  if (!location) throw new ApiError({ kind: 'protocol', message: 'The service created it but answered neither the record nor its Location', method: 'POST', url: reply.url, status: reply.status });
  return (await send({ method: 'GET', url: location, safe: true })).body as T;
}

// Ids go into paths: refuse anything but a positive integer rather than build a wrong URL.
function id(value: number): string {
  if (!Number.isSafeInteger(value) || value <= 0) {
    throw new ApiError({ kind: 'validation', message: `Not a valid id: ${String(value)}`, method: '', url: '' });
  }
  return String(value);
}

// PUT actions without input send no body at all (GAPS.md "Robustness toward real clients").
function nonEmpty<T extends object>(input: T | undefined): T | undefined {
  return input && Object.values(input).some((v) => v !== undefined) ? input : undefined;
}
