// Issue 28 item 4: a calendar server (anyone's https address) may redirect Stint to a service on
// this computer's loopback, and the error then quoted that service's answer. Here a real https
// server on this machine's own network address (not loopback; its certificate made by openssl and
// trusted by the reading process through NODE_EXTRA_CA_CERTS, which Node reads only at start, so
// the reading runs in a process of its own) redirects to loopback: refused before any request
// reaches loopback, and the message names the host and the kind of failure only.

import { execFileSync, spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { root } from '../../../scripts/electronBinary.mjs';
import { dstWeekCalendar } from '../../support/calendars';
import { tempDir } from '../../support/tempDir';

/** This machine's first address that is not loopback (the https server's, as a calendar host's would be). */
const external = Object.values(networkInterfaces())
  .flat()
  .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;

const dir = tempDir('stint-redirects-');
let https: Server;
let loopback: Server;
let loopbackRequests = 0;
const redirects = new Map<string, string>();

const listen = (server: Server, host: string) =>
  new Promise<number>((resolve) => server.listen(0, host, () => resolve((server.address() as AddressInfo).port)));

beforeAll(async () => {
  if (!external) return;
  execFileSync(
    'openssl',
    [
      ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=stint-test'],
      ...['-addext', `subjectAltName=IP:${external}`, '-keyout', join(dir.path, 'key.pem')],
      ...['-out', join(dir.path, 'cert.pem')],
    ],
    { stdio: 'ignore' },
  );
  loopback = createHttpServer((_req, res) => {
    loopbackRequests++;
    res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Router admin</title>');
  });
  const key = readFileSync(join(dir.path, 'key.pem'));
  const cert = readFileSync(join(dir.path, 'cert.pem'));
  https = createHttpsServer({ key, cert }, (req, res) => {
    const location = redirects.get(req.url ?? '');
    if (location) res.writeHead(302, { location }).end();
    else res.writeHead(200, { 'content-type': 'text/calendar' }).end(dstWeekCalendar());
  });
  const loopbackPort = await listen(loopback, '127.0.0.1');
  await listen(https, external);
  redirects.set('/to-loopback.ics', `http://127.0.0.1:${loopbackPort}/admin`);
  redirects.set('/to-localhost.ics', `https://localhost:${loopbackPort}/admin`);
  redirects.set('/to-zero.ics', `http://0.0.0.0:${loopbackPort}/admin`);
});
afterAll(async () => {
  for (const server of [https, loopback]) await new Promise((resolve) => server?.close(resolve));
  dir.remove();
});

/** readCalendarText in a process that trusts the test's certificate: its result, or its error's message. */
function readInChild(address: string): Promise<{ ok: boolean; text?: string; message?: string }> {
  const script = join(dir.path, 'read.ts');
  writeFileSync(
    script,
    `import { checkAddress, readCalendarText } from ${JSON.stringify(join(root, 'main/core/calendars/calendarAddress.ts'))};
const checked = checkAddress(process.argv[2]);
if (!checked.ok) throw new Error(checked.message);
readCalendarText(checked).then(
  (text) => console.log(JSON.stringify({ ok: true, text: text.slice(0, 15) })),
  (error) => console.log(JSON.stringify({ ok: false, message: error.message })),
);`,
  );
  const tsx = join(root, 'node_modules/.bin/tsx');
  const child = spawn(tsx, [script, address], {
    env: { ...process.env, NODE_EXTRA_CA_CERTS: join(dir.path, 'cert.pem') },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (chunk) => {
    out += chunk;
  });
  return new Promise((resolve) => child.on('close', () => resolve(JSON.parse(out))));
}

describe.skipIf(!external)('a calendar server that redirects', () => {
  const host = () => `${external}:${(https.address() as AddressInfo).port}`;

  it('is read when it answers (the certificate is trusted: a refusal below is no TLS failure)', async () => {
    expect(await readInChild(`https://${host()}/calendar.ics`)).toEqual({ ok: true, text: 'BEGIN:VCALENDAR' });
  });

  it.each(['/to-loopback.ics', '/to-localhost.ics', '/to-zero.ics'])(
    'to this computer (%s) is refused, loopback never asked, and the message quotes nothing of it',
    async (path) => {
      const answer = await readInChild(`https://${host()}${path}`);
      expect(answer).toEqual({
        ok: false,
        message: `${host()} sent Stint on to this computer's own services, which it reads only when you give such an address.`,
      });
      expect(loopbackRequests).toBe(0);
    },
  );
});
