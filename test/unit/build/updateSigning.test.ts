// Who may sign the app's own updates, as electron-builder.yml and the build set it: Windows'
// app-update.yml names the publisher electron-updater checks (without publisherName it skips the
// Authenticode check); macOS stays signed, for Squirrel.Mac's check against the running app;
// Linux files are signed by scripts/signUpdate.mjs and checked against the key built into the app,
// which no test key may replace in dist/.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppInfo, Arch, Packager, Platform, WinPackager } from 'electron-builder';
import { describe, expect, it } from 'vitest';
import { RELEASE_PUBLIC_KEY } from '../../../main/core/desktop/updates/releaseKey';
import { signedByRelease } from '../../../main/core/desktop/updates/signature';
import { buildAll } from '../../../scripts/build.mjs';
import { root } from '../../../scripts/electronBinary.mjs';
import { newReleaseKeys, signatureOf, signFile } from '../../../scripts/signUpdate.mjs';

const require = createRequire(import.meta.url);

async function packagerFor(platform: Platform, target: string): Promise<Packager> {
  const packager = new Packager({
    projectDir: root,
    config: 'electron-builder.yml',
    targets: platform.createTarget([target]),
  });
  await packager.validateConfig();
  packager._appInfo = new AppInfo(packager, null);
  return packager;
}

describe('who signs an update', () => {
  it('Windows: the app-update.yml electron-builder writes names the publisher electron-updater checks', async () => {
    const { getAppUpdatePublishConfiguration } = require('app-builder-lib/out/publish/PublishManager') as {
      getAppUpdatePublishConfiguration(
        packager: WinPackager,
        options: object,
        arch: Arch,
        errorIfCannot: boolean,
      ): Promise<Record<string, unknown> | null>;
    };
    const win = new WinPackager(await packagerFor(Platform.WINDOWS, 'nsis'));
    const published = await getAppUpdatePublishConfiguration(win, {}, Arch.x64, true);
    expect(published).toMatchObject({ provider: 'generic', publisherName: ['Stint developers'] });
  });

  it('macOS: the app is signed (no identity: null), so Squirrel.Mac checks an update against it', async () => {
    const { config } = await packagerFor(Platform.LINUX, 'AppImage');
    expect(config.mac).toBeDefined();
    expect(config.mac!.identity).not.toBeNull();
    expect(config.mac).toMatchObject({ hardenedRuntime: true });
  });

  it('Linux: a file signed by scripts/signUpdate.mjs verifies with its public key, and nothing else does', () => {
    const keys = newReleaseKeys();
    const dir = mkdtempSync(join(tmpdir(), 'stint-sign-'));
    try {
      const file = join(dir, 'Stint-1.0.0.AppImage');
      writeFileSync(file, 'the release');
      expect(signFile(file, keys.privateKeyPem)).toBe(`${file}.sig`);
      const signature = readFileSync(`${file}.sig`);
      expect(signedByRelease(readFileSync(file), signature, keys.publicKeyPem)).toBe(true);
      // Raw bytes are accepted as base64 text is.
      expect(signedByRelease(readFileSync(file), Buffer.from(signature.toString(), 'base64'), keys.publicKeyPem)).toBe(
        true,
      );
      expect(signedByRelease(Buffer.from('the release, changed'), signature, keys.publicKeyPem)).toBe(false);
      expect(signedByRelease(readFileSync(file), signature, newReleaseKeys().publicKeyPem)).toBe(false);
      expect(signedByRelease(readFileSync(file), signature, RELEASE_PUBLIC_KEY)).toBe(false);
      expect(signedByRelease(readFileSync(file), Buffer.from('not a signature'), keys.publicKeyPem)).toBe(false);
      expect(signedByRelease(readFileSync(file), Buffer.alloc(0), keys.publicKeyPem)).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('Linux: the release key built into the app is an ed25519 public key, and a signature over the bytes is 64 of them', () => {
    const keys = newReleaseKeys();
    expect(Buffer.from(signatureOf(Buffer.from('x'), keys.privateKeyPem), 'base64')).toHaveLength(64);
    expect(() => signedByRelease(Buffer.from('x'), Buffer.alloc(64), RELEASE_PUBLIC_KEY)).not.toThrow();
    expect(RELEASE_PUBLIC_KEY).toMatch(/^-----BEGIN PUBLIC KEY-----\n[A-Za-z0-9+/=]+\n-----END PUBLIC KEY-----\n$/);
  });

  it('a bundle with another release key (the tests’) is never built into dist/', async () => {
    const before = existsSync(join(root, 'dist/main/index.cjs'))
      ? readFileSync(join(root, 'dist/main/index.cjs'))
      : null;
    await expect(buildAll({ out: join(root, 'dist'), releaseKey: newReleaseKeys().publicKeyPem })).rejects.toThrow(
      /never built into dist/,
    );
    await expect(buildAll({ out: `${root}/./dist/`, releaseKey: newReleaseKeys().publicKeyPem })).rejects.toThrow(
      /never built into dist/,
    );
    const after = existsSync(join(root, 'dist/main/index.cjs'))
      ? readFileSync(join(root, 'dist/main/index.cjs'))
      : null;
    expect(after).toEqual(before);
  });

  it('a bundle with a shorter updates delay (the tests’) is never built into dist/ either', async () => {
    await expect(buildAll({ out: join(root, 'dist'), updatesLoadDelayMs: 0 })).rejects.toThrow(/never built into dist/);
    await expect(buildAll({ out: `${root}/./dist/`, updatesLoadDelayMs: 0 })).rejects.toThrow(/never built into dist/);
  });
});
