// Absolute URLs for _url fields, Location and Link headers (spec 000 conventions 7) and webhook
// payloads: from the service's public URL (ServiceOptions.publicUrl: what clients reach it as,
// behind a proxy or a load balancer in front of many instances), else from the address it
// listens on. Never from the request's Host header: that is client input, and links written into
// stored payloads or shared with other users must not say whatever a caller claimed.

/** The public URL as given, checked: http(s), no query or fragment; its trailing slash dropped. */
export function readPublicUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`publicUrl must be an absolute URL (got ${text})`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('publicUrl must be http or https');
  if (url.search || url.hash || url.username || url.password)
    throw new Error('publicUrl must have no query, fragment, user or password');
  return url.href.replace(/\/+$/, '');
}

/** The base of links when no public URL is set: the listening address (an unspecified one reads as loopback). */
export function listenBase(address: string, port: number): string {
  const host = address === '0.0.0.0' ? '127.0.0.1' : address === '::' ? '::1' : address;
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
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
