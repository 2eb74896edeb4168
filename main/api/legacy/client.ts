// The client of the legacy v1 API under /api (spec 002), over the same request path as the v2
// client (transport.ts): pass the v2 client's RateLimiter as `limiter` and both stay within the
// service's 2 requests/s together. JSON everywhere but the bulk import, which sends XML (spec
// 002) and reads the answer in the format the service gives for an XML body, XML.
//
// Safe to repeat (retried after a network failure, timeout or 5xx):
//   every GET, including GET /api/projects/<id>/active and /archive, which set a state that a
//   repeat leaves as it is, and GET /api/user/api_auth_token, where a repeat answers another
//   personal token as good as the lost one;
//   PUT entries, projects and users: they set the given values.
// Not safe (an unanswered attempt is reported as unknown_outcome):
//   POST /api/entries: the service refuses the same entry within a minute, so a repeat would
//   answer 422 and hide the first attempt's success;
//   POST /api/entries/import: an import has no duplicate rule, a repeat creates everything twice;
//   POST projects and users: a repeat is refused as a duplicate name or e-mail, hiding the success;
//   DELETE: a repeat answers 404 (or 401 for a user), and only the caller knows that means "done".
import { createAuth, noCredential, basicCredential } from '../auth';
import { ApiError } from '../errors';
import type { ConnectionOptions } from '../options';
import { paginate } from '../paginate';
import { locationOf } from '../redirects';
import { errorFromReply } from '../responseError';
import { transportFromOptions, type Call, type Reply } from '../transport';
import { asText, badInput, entryAttributes, projectAttributes, userAttributes } from './attributes';
import { alignImported } from './importAnswer';
import type {
  LegacyApi,
  LegacyAvatar,
  LegacyEntry,
  LegacyEntryFilters,
  LegacyImportedEntry,
  LegacyProject,
  LegacyTag,
  LegacyUser,
} from './types';
import { LegacyXmlError, readXml, readXmlErrorBody, writeImportXml } from './xml';

export interface LegacyApiOptions extends ConnectionOptions {
  /** the service's base URL; paths are /api/… below it (spec 002's {legacy_base_url}) */
  baseUrl: string;
  /** the personal token, sent as X-ServiceToken; may be left out by a client that only calls apiAuthToken */
  token?: string;
}

type Method = Call['method'];
type Send = ReturnType<typeof transportFromOptions>;

export function createLegacyApi(options: LegacyApiOptions): LegacyApi {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const send = transportFromOptions(
    baseUrl,
    options.token ? createAuth({ kind: 'personal', token: options.token }) : noCredential,
    options,
  );
  const requests = legacyRequests(send);
  return {
    baseUrl,
    ...entryMethods(requests, baseUrl),
    listTags: () => requests.list<LegacyTag>('/api/tags', 'tag'),
    ...projectMethods(requests),
    ...userMethods(requests),
    apiAuthToken: (email, password) => apiAuthToken(send, email, password),
  };
}

/** {name: value} → value */
function unwrap<T>(reply: Reply, name: string): T {
  const body = reply.body as Record<string, unknown> | undefined;
  if (!body || typeof body !== 'object' || Array.isArray(body) || !body[name] || typeof body[name] !== 'object') {
    throw new ApiError({
      kind: 'protocol',
      message: `The service answered without the ${name}`,
      method: 'GET',
      url: reply.url,
      status: reply.status,
    });
  }
  return body[name] as T;
}

type LegacyRequests = ReturnType<typeof legacyRequests>;

/** The request shapes spec 002's resources share, over one transport. */
function legacyRequests(send: Send) {
  const call = (method: Method, url: string, safe: boolean, body?: object) => send({ method, url, safe, body });
  const get = (url: string) => call('GET', url, true);
  const list = async <T>(url: string, name: string): Promise<T[]> => {
    const body = (await get(url)).body;
    if (!Array.isArray(body))
      throw new ApiError({
        kind: 'protocol',
        message: 'The service answered a list request without a list',
        method: 'GET',
        url,
      });
    return body.map((item: Record<string, T>) => item[name]!);
  };
  /** The resource of a 200 answer; read from `fallback` (its Location or path) when the body is empty. */
  const resource = async <T>(reply: Reply, name: string, fallback: string): Promise<T> => {
    if (reply.body !== undefined) return unwrap<T>(reply, name);
    return unwrap<T>(await get(locationOf(reply.headers.location, reply.url) ?? fallback), name);
  };
  /** PUT of a resource's attributes, wrapped in its name; answers the changed resource. */
  const change = async <T>(path: string, name: string, attributes: object): Promise<T> =>
    resource<T>(await call('PUT', path, true, { [name]: attributes }), name, path);
  /** A 201 names the new resource only in its Location (spec 002). */
  const created = async <T>(reply: Reply, name: string): Promise<T> => {
    const location = locationOf(reply.headers.location, reply.url);
    if (!location)
      throw new ApiError({
        kind: 'protocol',
        message: 'The service created it but answered no Location',
        method: 'POST',
        url: reply.url,
        status: reply.status,
      });
    return unwrap<T>(await get(location), name);
  };
  return { send, call, get, list, resource, change, created };
}

type EntryMethods = 'listEntries' | 'getEntry' | 'createEntry' | 'updateEntry' | 'deleteEntry' | 'importEntries';

function entryMethods(requests: LegacyRequests, baseUrl: string): Pick<LegacyApi, EntryMethods> {
  const { send, call, get, change, created } = requests;
  return {
    listEntries: (filters) => unwrapEach(paginate<Record<'entry', LegacyEntry>>(send, entriesUrl(filters)), 'entry'),
    getEntry: async (entryId) => unwrap<LegacyEntry>(await get(`/api/entries/${id(entryId)}`), 'entry'),
    createEntry: async (input, opts = {}) =>
      created<LegacyEntry>(
        await call('POST', '/api/entries', false, { entry: entryAttributes(input, opts, 'json') }),
        'entry',
      ),
    updateEntry: async (entryId, input, opts = {}) =>
      change<LegacyEntry>(`/api/entries/${id(entryId)}`, 'entry', entryAttributes(input, opts, 'json')),
    deleteEntry: async (entryId) => {
      await call('DELETE', `/api/entries/${id(entryId)}`, false);
    },
    importEntries: (entries, opts = {}) => importEntries(send, baseUrl, entries, opts),
  };
}

/** POST /api/entries/import: the entries as XML, the answer's entries matched to the ones sent. */
async function importEntries(
  send: Send,
  baseUrl: string,
  entries: Parameters<LegacyApi['importEntries']>[0],
  opts: NonNullable<Parameters<LegacyApi['importEntries']>[1]>,
): ReturnType<LegacyApi['importEntries']> {
  if (entries.length === 0) return [];
  let xml: string;
  try {
    xml = writeImportXml(
      entries.map((entry, i) => asText(entryAttributes(entry, opts, 'xml', `entries[${i}].minutes`))),
    );
  } catch (error) {
    if (error instanceof LegacyXmlError) throw badInput(error.message, 'POST', `${baseUrl}/api/entries/import`);
    throw error;
  }
  const reply = await send({
    method: 'POST',
    url: '/api/entries/import',
    content: { type: 'text/xml; charset=utf-8', text: xml },
    accept: 'text/xml',
    answer: 'text',
    // Errors of an XML request come back in XML; a JSON one (from a proxy) is read as usual.
    readError: (failed, kind) => {
      const body = readXmlErrorBody(failed.text);
      return body ? errorFromReply(failed, kind, body) : null;
    },
    safe: false,
  });
  const made = importedEntries(String(reply.body), reply.url);
  const aligned = alignImported(entries, made);
  if (!aligned) {
    throw new ApiError({
      kind: 'protocol',
      message: `The import created ${made.length} of ${entries.length} entries, but the answer cannot be matched to the entries sent`,
      method: 'POST',
      url: reply.url,
      status: reply.status,
    });
  }
  return aligned;
}

type ProjectMethods =
  | 'listProjects'
  | 'getProject'
  | 'createProject'
  | 'updateProject'
  | 'deleteProject'
  | 'activateProject'
  | 'archiveProject';

function projectMethods({
  call,
  get,
  list,
  resource,
  change,
  created,
}: LegacyRequests): Pick<LegacyApi, ProjectMethods> {
  return {
    listProjects: () => list<LegacyProject>('/api/projects', 'project'),
    getProject: async (projectId) => unwrap<LegacyProject>(await get(`/api/projects/${id(projectId)}`), 'project'),
    createProject: async (input) =>
      created<LegacyProject>(
        await call('POST', '/api/projects', false, { project: projectAttributes(input) }),
        'project',
      ),
    updateProject: async (projectId, input) =>
      change<LegacyProject>(`/api/projects/${id(projectId)}`, 'project', projectAttributes(input)),
    deleteProject: async (projectId) => {
      await call('DELETE', `/api/projects/${id(projectId)}`, false);
    },
    activateProject: async (projectId) =>
      resource<LegacyProject>(
        await get(`/api/projects/${id(projectId)}/active`),
        'project',
        `/api/projects/${id(projectId)}`,
      ),
    archiveProject: async (projectId) =>
      resource<LegacyProject>(
        await get(`/api/projects/${id(projectId)}/archive`),
        'project',
        `/api/projects/${id(projectId)}`,
      ),
  };
}

type UserMethods = 'listUsers' | 'getUser' | 'getSelf' | 'getAvatar' | 'createUser' | 'updateUser' | 'deleteUser';

function userMethods({ call, get, list, change, created }: LegacyRequests): Pick<LegacyApi, UserMethods> {
  return {
    listUsers: () => list<LegacyUser>('/api/users', 'user'),
    getUser: async (userId) => unwrap<LegacyUser>(await get(`/api/users/${id(userId)}`), 'user'),
    getSelf: async () => unwrap<LegacyUser>(await get('/api/users/self'), 'user'),
    // The avatar is the one object spec 002 gives no wrapper.
    getAvatar: async (userId) => (await get(`/api/users/${id(userId)}/avatar`)).body as LegacyAvatar,
    createUser: async (input) =>
      created<LegacyUser>(await call('POST', '/api/users', false, { user: userAttributes(input) }), 'user'),
    updateUser: async (userId, input) => change<LegacyUser>(`/api/users/${id(userId)}`, 'user', userAttributes(input)),
    deleteUser: async (userId) => {
      await call('DELETE', `/api/users/${id(userId)}`, false);
    },
  };
}

/** GET /api/user/api_auth_token with an e-mail and password: the user's personal token. */
async function apiAuthToken(send: Send, email: string, password: string): Promise<string> {
  const reply = await send({
    method: 'GET',
    url: '/api/user/api_auth_token',
    auth: basicCredential(email, password),
    safe: true,
  });
  const token = unwrap<{ api_auth_token?: unknown }>(reply, 'user').api_auth_token;
  if (typeof token !== 'string' || !token)
    throw new ApiError({
      kind: 'protocol',
      message: 'The service answered no api_auth_token',
      method: 'GET',
      url: reply.url,
      status: reply.status,
    });
  return token;
}

/** GET /api/entries with spec 002's query: per_page and search[…], lists comma-separated. */
function entriesUrl(filters: LegacyEntryFilters = {}): string {
  const query = new URLSearchParams();
  const set = (name: string, value: string | number | boolean | ReadonlyArray<string | number> | undefined) => {
    if (value !== undefined) query.set(name, Array.isArray(value) ? value.join(',') : String(value));
  };
  set('per_page', filters.perPage);
  set('search[people]', filters.people);
  set('search[projects]', filters.projects);
  set('search[tags]', filters.tags);
  set('search[from]', filters.from);
  set('search[to]', filters.to);
  set('search[billable]', filters.billable);
  const text = query.toString();
  return text ? `/api/entries?${text}` : '/api/entries';
}

async function* unwrapItems<T>(items: AsyncIterable<Record<string, T>>, name: string): AsyncGenerator<T> {
  for await (const item of items) yield item[name]!;
}
const unwrapEach = <T>(items: AsyncIterable<Record<string, T>>, name: string): AsyncIterable<T> => ({
  [Symbol.asyncIterator]: () => unwrapItems(items, name),
});

/** The entries of an import's XML answer (<entries type="array"><entry>…). */
function importedEntries(text: string, url: string): LegacyImportedEntry[] {
  let entries: unknown;
  try {
    entries = readXml(text, 'entries');
  } catch (error) {
    if (!(error instanceof LegacyXmlError)) throw error;
    throw new ApiError({
      kind: 'protocol',
      message: `${error.message}; the import may have been done`,
      method: 'POST',
      url,
    });
  }
  const valid =
    Array.isArray(entries) &&
    entries.every((e) => !!e && typeof e === 'object' && typeof (e as LegacyImportedEntry).id === 'number');
  if (!valid)
    throw new ApiError({
      kind: 'protocol',
      message: 'The import was answered without the created entries and their ids',
      method: 'POST',
      url,
    });
  return entries as LegacyImportedEntry[];
}

// Ids go into paths: refuse anything but a positive integer rather than build a wrong URL.
function id(value: number): string {
  if (!Number.isSafeInteger(value) || value <= 0) throw badInput(`Not a valid id: ${String(value)}`);
  return String(value);
}
