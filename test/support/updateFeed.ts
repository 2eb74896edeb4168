// A local update feed, as the generic provider's server would be: real HTTP on 127.0.0.1 serving
// latest-linux.yml and the file it names, with the file's real sha512 (or, for a test, a wrong one).
// The app finds it through the app-update.yml electron-builder writes into a package, made here by
// electron-builder's own code from electron-builder.yml's publish settings with only the address
// changed to this server's.
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
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
}

export interface UpdateFeed {
  /** The feed's address, as electron-builder.yml's publish url. */
  readonly url: string;
  /** The paths asked for, in order (without the no-cache query). */
  readonly requests: string[];
  publish(update: PublishedUpdate): void;
  close(): Promise<void>;
}

export const sha512Of = (bytes: Buffer): string => createHash('sha512').update(bytes).digest('base64');

const fileName = (version: string) => `Stint-${version}.AppImage`;

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

export async function startUpdateFeed(): Promise<UpdateFeed> {
  let published: PublishedUpdate | null = null;
  const requests: string[] = [];
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://feed').pathname;
    requests.push(path);
    if (published && path === '/latest-linux.yml') {
      response.writeHead(200, { 'content-type': 'text/yaml' }).end(latestLinuxYml(published));
    } else if (published && path === `/${fileName(published.version)}`) {
      sendFile(response, published);
    } else {
      response.writeHead(404).end('Not found');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    requests,
    publish(update) {
      published = update;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The whole file at once, or its first half, then 1 KiB every 50 ms until flowing(), then the rest. */
function sendFile(response: import('node:http').ServerResponse, update: PublishedUpdate): void {
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
