// undici's request(), required from its own files. The package's index loads every dispatcher,
// fetch, WebSocket, the caches and their SQLite store: +29 MB and ~140 ms of CPU at load in plain
// Node 24, where the client makes one kind of call over the global Agent: +15 MB, ~65 ms. This is
// what the index's `request` is (index.js, makeDispatcher over lib/api/api-request.js), for an
// absolute URL string with no `path` option: the same checks, the same global dispatcher.
import type { Dispatcher } from 'undici';
import apiRequest from 'undici/lib/api/api-request.js';
import { parseURL } from 'undici/lib/core/util.js';
import { getGlobalDispatcher } from 'undici/lib/global.js';

export function request(
  url: string,
  options: Omit<Dispatcher.RequestOptions, 'origin' | 'path' | 'method'> & {
    method?: Dispatcher.HttpMethod;
    dispatcher?: Dispatcher;
  },
): Promise<Dispatcher.ResponseData> {
  const parsed = parseURL(url);
  const { dispatcher = getGlobalDispatcher(), ...rest } = options;
  return apiRequest.call(dispatcher, {
    ...rest,
    origin: parsed.origin,
    path: parsed.search ? `${parsed.pathname}${parsed.search}` : parsed.pathname,
    method: options.method || (options.body ? 'PUT' : 'GET'),
  });
}
