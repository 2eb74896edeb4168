// Registers a v1 route under each of its spellings (spec 002 "Format": the suffix .json or .xml
// chooses the format). A path that ends in a parameter (/entries/:id) is registered once: the
// suffix arrives inside the parameter ("12.xml") and v1/format.ts's parseId reads past it.
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import { V1_ROUTE } from './auth';

export type Handler = (
  request: FastifyRequest<{ Params: Record<string, string> }>,
  reply: FastifyReply,
) => Promise<unknown>;

export function route(api: FastifyInstance, method: HTTPMethods, path: string, handler: Handler): void {
  routeWith(api, { method, path, handler });
}

export interface RouteOptions {
  method: HTTPMethods;
  path: string;
  handler: Handler;
  config?: object;
}

/** route(), with a route config of its own in place of V1_ROUTE. */
export function routeWith(api: FastifyInstance, { method, path, handler, config = V1_ROUTE }: RouteOptions): void {
  const paths = /\/:[^/]+$/.test(path) ? [path] : [path, `${path}.json`, `${path}.xml`];
  for (const url of paths) api.route({ method, url, handler, config });
}
