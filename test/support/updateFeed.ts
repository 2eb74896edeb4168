// A local update feed, as the generic provider's server would be: real HTTPS on 127.0.0.1 (its own
// certificate, which the stand-in's machine trusts as a CA in its store) serving latest-linux.yml,
// the file it names, with the file's real sha512 (or, for a test, a wrong one), and the file's
// detached signature (`<file>.sig`) when one is published. The same answers also come over plain
// HTTP on another port, the address an update's file may be redirected to (which must be refused).
// The app finds it through the app-update.yml electron-builder writes into a package, made here by
// electron-builder's own code from electron-builder.yml's publish settings with only the address
// changed to this server's.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { tmpdir } from 'node:os';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { AppInfo, Arch, LinuxPackager, Packager, Platform } from 'electron-builder';
import { root } from '../../scripts/electronBinary.mjs';

const require = createRequire(import.meta.url);

export interface PublishedUpdate {
  version: string;
  /** The file's bytes (the AppImage the test plays). */
  payload: Buffer;
  /** What latest-linux.yml claims the file's sha512 is; by default its real one. */
  sha512?: string;
  /** While false, the file is sent a little at a time after its first half (a slow download, for progress). */
  flowing?(): boolean;
  /** `<file>.sig`'s content (scripts/signUpdate.mjs's); none published (a 404) when absent. */
  signature?: string | Buffer;
  /** The file's address answers 302 to this one instead of the file (the feed also serves the file at /mirror/<file>). */
  redirectTo?: string;
}

export interface UpdateFeed {
  /** The feed's address, as electron-builder.yml's publish url (https). */
  readonly url: string;
  /** The same answers over plain HTTP. */
  readonly httpUrl: string;
  /** The feed's certificate (PEM), for the machine to trust. */
  readonly certificate: string;
  /** The paths asked for over HTTPS, in order (without the no-cache query). */
  readonly requests: string[];
  /** The paths asked for over plain HTTP. */
  readonly plainRequests: string[];
  publish(update: PublishedUpdate): void;
  close(): Promise<void>;
}

export const sha512Of = (bytes: Buffer): string => createHash('sha512').update(bytes).digest('base64');

export const fileName = (version: string) => `Stint-${version}.AppImage`;

/** A self-signed certificate for 127.0.0.1 and its key (openssl, as a test CA would issue it). */
function localCertificate(): { key: string; cert: string } {
  const dir = mkdtempSync(join(tmpdir(), 'stint-feed-tls-'));
  try {
    execFileSync(
      'openssl',
      ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2']
        .concat(['-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'])
        .concat(['-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')]),
      { stdio: 'ignore' },
    );
    return { key: readFileSync(join(dir, 'key.pem'), 'utf8'), cert: readFileSync(join(dir, 'cert.pem'), 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** latest-linux.yml as electron-builder writes it for an AppImage. */
function latestLinuxYml(update: PublishedUpdate): string {
  const sha512 = update.sha512 ?? sha512Of(update.payload);
  const name = fileName(update.version);
  return [
    `version: ${update.version}`,
    'files:',
    `  - url: ${name}`,
    `    sha512: ${sha512}`,
    `    size: ${update.payload.length}`,
    `path: ${name}`,
    `sha512: ${sha512}`,
    `releaseDate: '2026-11-27T10:00:00.000Z'`,
    '',
  ].join('\n');
}

function answer(published: PublishedUpdate | null, path: string, response: ServerResponse): void {
  const file = published && `/${fileName(published.version)}`;
  if (published && path === '/latest-linux.yml') {
    response.writeHead(200, { 'content-type': 'text/yaml' }).end(latestLinuxYml(published));
  } else if (published?.redirectTo && path === file) {
    response.writeHead(302, { location: published.redirectTo }).end();
  } else if (published && (path === file || path === `/mirror${file}`)) {
    sendFile(response, published);
  } else if (published?.signature !== undefined && path === `${file}.sig`) {
    response.writeHead(200, { 'content-type': 'application/octet-stream' }).end(published.signature);
  } else {
    response.writeHead(404).end('Not found');
  }
}

async function listening(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

const closed = (server: Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

export async function startUpdateFeed(): Promise<UpdateFeed> {
  let published: PublishedUpdate | null = null;
  const requests: string[] = [];
  const plainRequests: string[] = [];
  const handler = (seen: string[]) => (request: IncomingMessage, response: ServerResponse) => {
    const path = new URL(request.url ?? '/', 'http://feed').pathname;
    seen.push(path);
    answer(published, path, response);
  };
  const tls = localCertificate();
  const secure: Server = createHttpsServer(tls, handler(requests));
  const plain: Server = createServer(handler(plainRequests));
  const [port, plainPort] = await Promise.all([listening(secure), listening(plain)]);
  return {
    url: `https://127.0.0.1:${port}/`,
    httpUrl: `http://127.0.0.1:${plainPort}/`,
    certificate: tls.cert,
    requests,
    plainRequests,
    publish(update) {
      published = update;
    },
    close: async () => {
      await Promise.all([closed(secure), closed(plain)]);
    },
  };
}

/** The whole file at once, or its first half, then 1 KiB every 50 ms until flowing(), then the rest. */
function sendFile(response: ServerResponse, update: PublishedUpdate): void {
  const { payload } = update;
  response.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': payload.length });
  if (!update.flowing) {
    response.end(payload);
    return;
  }
  let sent = Math.floor(payload.length / 2);
  response.write(payload.subarray(0, sent));
  const more = () => {
    if (response.destroyed) return;
    if (update.flowing?.() || sent + 1024 >= payload.length) {
      response.end(payload.subarray(sent));
      return;
    }
    response.write(payload.subarray(sent, sent + 1024));
    sent += 1024;
    setTimeout(more, 50);
  };
  setTimeout(more, 50);
}

/**
 * Writes the app-update.yml electron-builder would put into the Linux package's resources, from
 * electron-builder.yml's publish settings, with the feed's address in place of the published one.
 * Answers the published settings (to check the address the package would use).
 */
export async function writeAppUpdateYml(resourcesDir: string, feedUrl: string): Promise<Record<string, unknown>> {
  const { getAppUpdatePublishConfiguration } = require('app-builder-lib/out/publish/PublishManager') as {
    getAppUpdatePublishConfiguration(
      packager: LinuxPackager,
      options: object,
      arch: Arch,
      errorIfCannot: boolean,
    ): Promise<Record<string, unknown> | null>;
  };
  const { serializeToYaml } = require('builder-util') as { serializeToYaml(o: object): string };
  const packager = new Packager({
    projectDir: root,
    config: 'electron-builder.yml',
    targets: Platform.LINUX.createTarget(['AppImage']),
  });
  await packager.validateConfig();
  packager._appInfo = new AppInfo(packager, null);
  const published = await getAppUpdatePublishConfiguration(new LinuxPackager(packager), {}, Arch.x64, true);
  if (!published) throw new Error('electron-builder.yml names no publish feed');
  mkdirSync(resourcesDir, { recursive: true });
  writeFileSync(join(resourcesDir, 'app-update.yml'), serializeToYaml({ ...published, url: feedUrl }));
  return published;
}
