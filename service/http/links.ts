// Absolute URLs for _url fields, Location and Link headers (spec 000 conventions 7), built from
// the host the client used, so links work whether it called 127.0.0.1, localhost or a LAN name.
import type { FastifyRequest } from 'fastify';

// A Host header is client input: only a plain host[:port] is echoed back into links.
const SAFE_HOST = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

export function baseUrl(request: FastifyRequest, fallbackHost: string): string {
  const host = request.host;
  return `${request.protocol}://${typeof host === 'string' && SAFE_HOST.test(host) ? host : fallbackHost}`;
}

/** Path builders of every link the v2 shapes carry; `base` is the scheme and host. */
export const paths = {
  user: (id: number) => `/v2/users/${id}`,
  currentUser: () => `/v2/current_user`,
  project: (id: number) => `/v2/projects/${id}`,
  projectGroup: (id: number) => `/v2/project_groups/${id}`,
  tag: (id: number) => `/v2/tags/${id}`,
  entry: (id: number) => `/v2/entries/${id}`,
  timer: (projectId: number) => `/v2/projects/${projectId}/timer`,
};
