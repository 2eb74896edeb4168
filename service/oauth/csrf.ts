// Cross-site request forgery protection of the sign-in and consent forms: a signed double-submit
// cookie (OWASP). The cookie holds a random nonce; each form carries HMAC(secret, nonce). Another
// site can neither read our page's field nor compute one for a cookie it managed to set (any
// port of the same host can set cookies for it), since the secret never leaves the service. The
// secret is made once and kept in the database (service_keys, name CSRF_KEY): every instance on
// one database checks the forms of the others, and a form survives a restart.
// Posts whose Origin names another host than the one the browser connected to (Host) or the
// service's public URL (a proxy in front may rewrite Host) are refused as well.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

export const CSRF_COOKIE = 'stint_oauth_csrf';
/** The name of the secret in service_keys. */
export const CSRF_KEY = 'oauth_csrf';
const NONCE = /^[A-Za-z0-9_-]{32,64}$/;

function cookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

export interface Csrf {
  /** The field for this request's forms; sets the cookie when the browser has none yet. */
  token(request: FastifyRequest, reply: FastifyReply): string;
  /** The browser's nonce when `field` belongs to it and the post comes from our own origin, else null. */
  check(request: FastifyRequest, field: string | undefined): string | null;
}

/** `publicHost`: host[:port] of ServiceOptions.publicUrl, whose pages are ours too. */
export function createCsrf(secret: Buffer = randomBytes(32), publicHost?: string): Csrf {
  const sign = (nonce: string) => createHmac('sha256', secret).update(nonce).digest('base64url');
  return {
    token(request, reply) {
      let nonce = cookie(request, CSRF_COOKIE);
      if (!nonce || !NONCE.test(nonce)) {
        nonce = randomBytes(32).toString('base64url');
        // Strict: no other site's page sends it along; HttpOnly: no script reads it; the path
        // keeps it from reaching the API and other servers on this host.
        reply.header('set-cookie', `${CSRF_COOKIE}=${nonce}; Path=/oauth/2; HttpOnly; SameSite=Strict`);
      }
      return sign(nonce);
    },
    check(request, field) {
      const origin = request.headers.origin;
      if (origin && origin !== 'null') {
        let host: string | undefined;
        try {
          host = new URL(origin).host;
        } catch {
          return null;
        }
        if (host !== request.headers.host && host !== publicHost) return null;
      }
      if (request.headers['sec-fetch-site'] === 'cross-site') return null;
      const nonce = cookie(request, CSRF_COOKIE);
      if (!nonce || !NONCE.test(nonce) || !field) return null;
      const expected = Buffer.from(sign(nonce));
      const given = Buffer.from(field);
      return given.length === expected.length && timingSafeEqual(given, expected) ? nonce : null;
    },
  };
}
