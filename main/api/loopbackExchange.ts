// One HTTP attempt over node:http, for the service on this computer (127.0.0.1, localhost: the
// embedded one). node:http is in the process anyway (the embedded service listens with it), while
// undici costs the open account about a megabyte resident for requests that never leave the
// machine. Answers and fails as undiciExchange.ts does: the whole answer read within the timeout,
// the headers in undici's shape, the same ExchangeFailure (test/unit/api runs over both wires).
import { request, type IncomingMessage } from 'node:http';
import { type Attempt, exchangeFailure, type RawReply } from './exchangeFailure';

export function loopbackExchange(attempt: Attempt): Promise<RawReply> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), attempt.timeoutMs);
  return new Promise<RawReply>((resolve, reject) => {
    const fail = (error: unknown) => reject(exchangeFailure(error, controller.signal.aborted));
    try {
      const headers: Record<string, string | number> = { ...attempt.headers };
      // As undici sends them: the length of a body, and 0 for a PUT or POST without one.
      if (attempt.body !== undefined) headers['content-length'] = Buffer.byteLength(attempt.body);
      else if (attempt.method === 'PUT' || attempt.method === 'POST') headers['content-length'] = 0;
      const req = request(attempt.url, { method: attempt.method, headers, signal: controller.signal }, (res) =>
        // The timeout covers the body too: a service that stalls mid-answer is as silent as one that never answers.
        readAll(res).then(resolve, fail),
      );
      req.on('error', fail);
      req.end(attempt.body);
    } catch (error) {
      // node:http refuses a malformed URL or header before anything is sent, by throwing.
      fail(error);
    }
  }).finally(() => clearTimeout(timer));
}

function readAll(res: IncomingMessage): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    res.on('data', (chunk: Buffer) => chunks.push(chunk));
    res.on('error', reject);
    // A connection cut mid-body ends the answer as aborted, with no error of its own on the response.
    res.on('close', () => {
      if (!res.complete) reject(Object.assign(new Error('the answer was cut short'), { code: 'ECONNRESET' }));
    });
    res.on('end', () =>
      resolve({
        status: res.statusCode ?? 0,
        headers: undiciShaped(res),
        // TextDecoder as undici's body.text(): UTF-8, a byte order mark dropped, bad bytes replaced.
        text: new TextDecoder().decode(Buffer.concat(chunks)),
      }),
    );
  });
}

/** undici's header shape: lower-case names, a header sent once as its string, one sent more often as the list of its values. */
function undiciShaped(res: IncomingMessage): RawReply['headers'] {
  const headers: RawReply['headers'] = {};
  for (const [name, values] of Object.entries(res.headersDistinct)) {
    if (values) headers[name] = values.length === 1 ? values[0] : values;
  }
  return headers;
}
