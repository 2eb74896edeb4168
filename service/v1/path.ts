// The v1 prefix on its own, so that whoever only needs to tell a v1 path (v2's app, which hands
// those to v1's, v1/lazyApp.ts; idempotency) does not load the v1 API.

/** Whether a request's URL is under the v1 prefix /api. */
export const isV1Path = (url: string) => /^\/api(?:[/.?]|$)/.test(url);
