// The three files of undici that undiciRequest.ts requires instead of its index (undici types
// only its index). Their signatures as undici's index uses them.
declare module 'undici/lib/api/api-request.js' {
  import type { Dispatcher } from 'undici';
  /** Dispatcher.prototype.request: called on the dispatcher, with the origin and path split. */
  function request(
    this: Dispatcher,
    options: Dispatcher.RequestOptions & { origin: string; path: string },
  ): Promise<Dispatcher.ResponseData>;
  export = request;
}

declare module 'undici/lib/global.js' {
  import type { Dispatcher } from 'undici';
  export function getGlobalDispatcher(): Dispatcher;
}

declare module 'undici/lib/core/util.js' {
  /** A URL, checked as undici's request checks it (an http(s) origin, else InvalidArgumentError). */
  export function parseURL(url: string | URL): URL;
}
