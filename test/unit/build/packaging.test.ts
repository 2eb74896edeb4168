// What `npm run dist` builds, checked offline by electron-builder itself before anything is
// downloaded: the configuration against its schema, package.json's metadata (it refuses electron
// outside devDependencies), and what the deb target requires (a homepage, and a maintainer with an
// e-mail address); then the installers the issue asks for on each platform, and the macOS signing
// files the configuration names.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { AppInfo, LinuxPackager, Packager, Platform } from 'electron-builder';
import { describe, expect, it } from 'vitest';
import { root } from '../../../scripts/electronBinary.mjs';

// Internal modules of electron-builder's library (CommonJS, a default-exported class).
const require = createRequire(import.meta.url);
const FpmTarget = require('app-builder-lib/out/targets/FpmTarget')
  .default as typeof import('app-builder-lib/out/targets/FpmTarget').default;
const { LinuxTargetHelper } =
  require('app-builder-lib/out/targets/LinuxTargetHelper') as typeof import('app-builder-lib/out/targets/LinuxTargetHelper');

async function checkedPackager(): Promise<Packager> {
  const packager = new Packager({
    projectDir: root,
    config: 'electron-builder.yml',
    targets: Platform.LINUX.createTarget(['deb']),
  });
  await packager.validateConfig();
  // What packager.build() does next, before it packs anything.
  packager._appInfo = new AppInfo(packager, null);
  return packager;
}

describe('the installers electron-builder would build', () => {
  it("accepts the configuration and package.json, and finds the deb package's maintainer and homepage", async () => {
    const packager = await checkedPackager();
    const linux = new LinuxPackager(packager);
    const deb = new FpmTarget('deb', linux, new LinuxTargetHelper(linux), join(root, 'out'));
    expect(await deb.checkOptions()).toMatchObject({
      name: 'stint',
      maintainer: 'Stint developers <dev@stint.invalid>',
      url: 'https://stint.invalid',
    });
  });

  it('targets dmg and zip with the hardened runtime on macOS, nsis on Windows, AppImage and deb on Linux', async () => {
    const { config } = await checkedPackager();
    expect(config.mac).toMatchObject({ target: ['dmg', 'zip'], hardenedRuntime: true });
    for (const file of [config.mac!.entitlements, config.mac!.entitlementsInherit])
      expect(existsSync(join(root, file!))).toBe(true);
    expect(config.win?.target).toEqual(['nsis']);
    expect(config.linux?.target).toEqual(['AppImage', 'deb']);
  });
});
