// One outbound POST of a delivery, with the safety rules of event delivery:
// - only http: and https: payload URIs (the API refuses others; a row written by hand is refused here too);
// - no redirect is followed (node:http follows none): a 3xx is an answer like any other, a failure;
// - loopback is allowed (the desktop app's receiver is on 127.0.0.1) and so is the LAN (a local
//   service's user owns it), but link-local and unspecified addresses are refused, also after DNS
//   resolution: they are never a receiver and are where cloud metadata services listen;
// - a deadline covers connecting, waiting and reading; the response body is read up to a small
//   limit, then the connection is dropped, so a receiver cannot hold memory or a slot for long.
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';

export interface PostOutcome {
  /** The HTTP status, absent when there was no answer. */
  status?: number;
  /** Why there was no usable answer (timeout, refused, address not allowed), or the start of the answer's body. */
  detail: string;
}

export interface PostOptions {
  timeoutMs: number;
  responseLimit: number;
  /** Aborts the request when the service stops. */
  signal: AbortSignal;
}

/** Keep-alive connections per deliverer: a busy receiver is not reconnected to for every payload. */
export class Agents {
  readonly http = new HttpAgent({ keepAlive: true, maxSockets: 8 });
  readonly https = new HttpsAgent({ keepAlive: true, maxSockets: 8 });
  destroy(): void {
    this.http.destroy();
    this.https.destroy();
  }
}

/** An address a delivery may not go to: unspecified, link-local (IPv4 169.254/16, IPv6 fe80::/10), or IPv4-mapped forms of them. */
export function forbiddenAddress(address: string): boolean {
  const a = address.toLowerCase().replace(/^::ffff:(?=\d+\.)/, '');
  if (isIP(a) === 4) return a === '0.0.0.0' || a.startsWith('169.254.');
  if (isIP(a) === 6) return a === '::' || /^fe[89ab][0-9a-f]:/.test(a);
  return false;
}

// Checks every address DNS gives, so a name cannot lead where an address literal may not.
const checkedLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...(options as LookupOptions), all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 0);
    const allowed = addresses.filter((a) => !forbiddenAddress(a.address));
    if (allowed.length === 0) return callback(Object.assign(new Error(`${hostname} resolves to an address deliveries may not go to`), { code: 'EADDRNOTALLOWED' }), '', 0);
    if ((options as LookupOptions).all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, allowed);
    callback(null, allowed[0]!.address, allowed[0]!.family);
  });
};

export function post(uri: string, body: Buffer, headers: Record<string, string>, agents: Agents, options: PostOptions): Promise<PostOutcome> {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return Promise.resolve({ detail: 'payload_uri is not a URL' });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return Promise.resolve({ detail: `payload_uri scheme ${url.protocol} is not allowed` });
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) && forbiddenAddress(host)) return Promise.resolve({ detail: `address ${host} is not allowed` });
  if (options.signal.aborted) return Promise.resolve({ detail: 'stopped' });

  return new Promise((resolve) => {
    let settled = false;
    const finish = (outcome: PostOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      options.signal.removeEventListener('abort', onAbort);
      resolve(outcome);
    };
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(url, {
      method: 'POST',
      headers: { ...headers, 'content-length': String(body.length) },
      agent: url.protocol === 'https:' ? agents.https : agents.http,
      lookup: checkedLookup,
    });
    const deadline = setTimeout(() => {
      req.destroy();
      finish({ detail: `no answer within ${options.timeoutMs} ms` });
    }, options.timeoutMs);
    const onAbort = () => {
      req.destroy();
      finish({ detail: 'stopped' });
    };
    options.signal.addEventListener('abort', onAbort, { once: true });
    req.on('error', (error: NodeJS.ErrnoException) => finish({ detail: error.code ? `${error.code}: ${error.message}` : error.message }));
    req.on('response', (res: IncomingMessage) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const done = () => finish({ status: res.statusCode, detail: Buffer.concat(chunks).toString('utf8').slice(0, options.responseLimit) });
      res.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.length;
        // Enough read: the rest is not wanted, and the connection is not reused.
        if (size >= options.responseLimit) {
          done();
          res.destroy();
        }
      });
      res.on('end', done);
      res.on('error', done);
      res.on('close', done);
    });
    req.end(body);
  });
}
