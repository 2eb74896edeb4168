// One outbound POST of a delivery, with the safety rules of event delivery:
// - only http: and https: payload URIs (the API refuses others; a row written by hand is refused here too);
// - no redirect is followed (node:http follows none): a 3xx is an answer like any other, a failure;
// - loopback is allowed (the desktop app's receiver is on 127.0.0.1) and so is the LAN (a local
//   service's user owns it), but link-local and unspecified addresses are refused: they are never
//   a receiver and are where cloud metadata services listen. The decision is on the address's
//   bytes, whatever its spelling (IPv4 inside IPv6: mapped, translated, compatible, 6to4, NAT64;
//   IPv4 in decimal, octal or hex), the same when the API takes a payload_uri (refusedUri) as
//   here; a name is decided when connecting, on every address it resolves to then, and the
//   connection goes to an address so checked (a name cannot rebind between check and connect);
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
  /** How names are resolved (node:dns lookup unless a test stands in for it); every answer is checked. */
  resolve?: Resolve;
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

/** An IPv4 address as WHATWG URL parsing and inet_aton read it: 1 to 4 parts, each decimal, octal (0…) or hex (0x…); null when the text is not one. */
function ipv4Bytes(text: string): number[] | null {
  const parts = text.split('.');
  if (parts.length > 1 && parts.at(-1) === '') parts.pop();
  if (parts.length < 1 || parts.length > 4) return null;
  const numbers: number[] = [];
  for (const part of parts) {
    let n: number;
    if (/^0x[0-9a-f]*$/i.test(part)) n = part.length === 2 ? 0 : parseInt(part.slice(2), 16);
    else if (/^0[0-7]+$/.test(part)) n = parseInt(part.slice(1), 8);
    else if (/^(0|[1-9][0-9]*)$/.test(part)) n = Number(part);
    else return null;
    numbers.push(n);
  }
  const last = numbers.pop()!;
  if (numbers.some((n) => n > 255) || last >= 256 ** (4 - numbers.length)) return null;
  const bytes = [...numbers];
  for (let i = 4 - numbers.length - 1; i >= 0; i--) bytes.push(Math.floor(last / 256 ** i) % 256);
  return bytes;
}

/** An IPv6 address (brackets and a zone allowed, a dotted IPv4 tail too) as 16 bytes; null when the text is not one. */
function ipv6Bytes(text: string): number[] | null {
  const address = text.replace(/^\[(.*)\]$/, '$1').replace(/%.*$/, '');
  if (isIP(address) !== 6) return null;
  const halves = address.split('::');
  const groups = (half: string): number[] => {
    if (half === '') return [];
    const out: number[] = [];
    for (const piece of half.split(':')) {
      if (piece.includes('.')) {
        const [a, b, c, d] = piece.split('.').map(Number) as [number, number, number, number];
        out.push((a << 8) | b, (c << 8) | d);
      } else out.push(parseInt(piece, 16));
    }
    return out;
  };
  const head = groups(halves[0]!);
  const tail = halves.length === 2 ? groups(halves[1]!) : [];
  const all = [...head, ...new Array<number>(8 - head.length - tail.length).fill(0), ...tail];
  return all.flatMap((g) => [g >> 8, g & 0xff]);
}

const refusedIPv4 = (b: number[]): boolean =>
  (b[0] === 0 && b[1] === 0 && b[2] === 0 && b[3] === 0) || (b[0] === 169 && b[1] === 254);

/** The IPv4 address an IPv6 one stands for, or carries to an IPv4 host: mapped (::ffff:0:0/96), translated (::ffff:0:0:0/96), compatible (::/96), 6to4 (2002::/16), NAT64 (64:ff9b::/96). */
function embeddedIPv4(b: number[]): number[] | null {
  const zero = (from: number, to: number) => b.slice(from, to).every((x) => x === 0);
  if (zero(0, 10) && b[10] === 0xff && b[11] === 0xff) return b.slice(12);
  if (zero(0, 8) && b[8] === 0xff && b[9] === 0xff && zero(10, 12)) return b.slice(12);
  if (zero(0, 12)) return b.slice(12);
  if (b[0] === 0x20 && b[1] === 0x02) return b.slice(2, 6);
  if (b[0] === 0x00 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b && zero(4, 12)) return b.slice(12);
  return null;
}

/**
 * An address a delivery may not go to: unspecified (0.0.0.0, ::) or link-local (IPv4 169.254/16,
 * IPv6 fe80::/10), in any spelling that reaches one of them (see above). Loopback and the LAN are
 * allowed, also inside IPv6 (::ffff:127.0.0.1). Text that is no address (a name) is not refused
 * here: its resolved addresses are, when connecting.
 */
export function forbiddenAddress(address: string): boolean {
  const v6 = ipv6Bytes(address);
  if (v6) {
    if (v6[0] === 0xfe && (v6[1]! & 0xc0) === 0x80) return true;
    const v4 = embeddedIPv4(v6);
    return v4 ? refusedIPv4(v4) : false;
  }
  const v4 = ipv4Bytes(address);
  return v4 ? refusedIPv4(v4) : false;
}

/**
 * Why a payload URI may not be posted to, or null when it may: not a URL, a scheme other than
 * http and https, or a host that is a refused address. The API refuses a payload_uri for the same
 * reasons (resources/subscriptions.ts), and a delivery checks again (a row may be written by hand).
 */
export function refusedUri(uri: string): string | null {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return 'payload_uri is not a URL';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `payload_uri scheme ${url.protocol} is not allowed`;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (forbiddenAddress(host)) return `address ${host} is not allowed`;
  return null;
}

/** node:dns lookup asked for every address (how checkedLookup resolves; a stand-in in tests). */
export type Resolve = (
  hostname: string,
  options: LookupOptions & { all: true },
  callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

const dnsResolve: Resolve = (hostname, options, callback) => dnsLookup(hostname, options, callback);

/**
 * The lookup a delivery connects through: every address the name resolves to is checked, and the
 * connection is handed only allowed ones, so it goes to an address checked at connect time (an
 * IP literal is not looked up; post() checks it first). An answer that is not an address is refused.
 */
export function checkedLookup(resolve: Resolve = dnsResolve): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { ...(options as LookupOptions), all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const allowed = addresses.filter((a) => isIP(a.address) !== 0 && !forbiddenAddress(a.address));
      if (allowed.length === 0)
        return callback(
          Object.assign(new Error(`${hostname} resolves to an address deliveries may not go to`), {
            code: 'EADDRNOTALLOWED',
          }),
          '',
          0,
        );
      if ((options as LookupOptions).all)
        return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, allowed);
      callback(null, allowed[0]!.address, allowed[0]!.family);
    });
  };
}

const defaultLookup = checkedLookup();

export interface PostRequest {
  body: Buffer;
  headers: Record<string, string>;
  agents: Agents;
  options: PostOptions;
}

export function post(uri: string, { body, headers, agents, options }: PostRequest): Promise<PostOutcome> {
  const refused = refusedUri(uri);
  if (refused) return Promise.resolve({ detail: refused });
  const url = new URL(uri);
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
      lookup: options.resolve ? checkedLookup(options.resolve) : defaultLookup,
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
    req.on('error', (error: NodeJS.ErrnoException) =>
      finish({ detail: error.code ? `${error.code}: ${error.message}` : error.message }),
    );
    req.on('response', (res: IncomingMessage) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const done = () =>
        finish({
          status: res.statusCode,
          detail: Buffer.concat(chunks).toString('utf8').slice(0, options.responseLimit),
        });
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
