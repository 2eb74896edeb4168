// The app's data is this OS user's alone: on a fresh start and after an earlier version left its
// folder open to others, every folder is 0700 and every file 0600 (the embedded service's
// database and WAL, the outbox journal, accounts.json, settings.json). Windows keeps its own
// per-user rules; there the modes are not checked.

import { chmodSync, lstatSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSessionSecrets } from '../../../platform/keychain';
import { appsPerTest, call } from './apps';

const apps = appsPerTest();

/** Every folder and file below dir with its permission bits, as "path 700". */
function modes(dir: string, base = dir): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    const stat = lstatSync(path);
    const line = `${path.slice(base.length + 1)} ${(stat.mode & 0o777).toString(8)}`;
    return stat.isDirectory() ? [line, ...modes(path, base)] : [line];
  });
}

/** Opens everything up as a careless umask would have created it. */
function openToOthers(dir: string): void {
  chmodSync(dir, 0o755);
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (lstatSync(path).isDirectory()) openToOthers(path);
    else chmodSync(path, 0o644);
  }
}

let umask: number;
beforeAll(() => {
  umask = process.umask(0o022);
});
afterAll(() => {
  process.umask(umask);
});

describe.skipIf(process.platform === 'win32')('the data folder', () => {
  const useAndStop = async (dataDir: string) => {
    const app = await apps.open(dataDir, createSessionSecrets());
    expect((await call(app, 'quickEntry', { text: '0:30 @Modes kept private' })).ok).toBe(true);
    await app.whenIdle?.();
    return app;
  };

  it('is created for this user only: folders 0700, files 0600', async () => {
    const dataDir = apps.folder();
    const app = await useAndStop(dataDir);
    const found = modes(dataDir);
    expect(found).toEqual(
      expect.arrayContaining([
        'settings.json 600',
        'local-service 700',
        'local-service/service.db 600',
        'local-service/service.db-wal 600',
        'accounts/local/outbox.jsonl 600',
      ]),
    );
    expect(found.filter((l) => !/ (600|700)$/.test(l))).toEqual([]);
    expect(lstatSync(dataDir).mode & 0o777).toBe(0o700);
    await app.stop();
  });

  it('is tightened at start where an earlier run left it readable by others', async () => {
    const dataDir = apps.folder();
    await (await useAndStop(dataDir)).stop();
    openToOthers(dataDir);
    expect(modes(dataDir).some((l) => l.endsWith(' 644'))).toBe(true);
    await useAndStop(dataDir);
    expect(modes(dataDir).filter((l) => !/ (600|700)$/.test(l))).toEqual([]);
    expect(lstatSync(dataDir).mode & 0o777).toBe(0o700);
  });
});
