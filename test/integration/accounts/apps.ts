// What the app-layer tests share: apps opened on data folders of their own, stopped and removed
// after each test, and the contract's channels called as the window calls them (validated by
// dispatch, answering a Result).
import { afterAll, afterEach, beforeAll } from 'vitest';
import { dispatch } from '../../../common/dispatch';
import type { Result } from '../../../common/result';
import { openStintApp, type StintApp } from '../../../main/core/accounts/app';
import type { SecretStore } from '../../../platform/keychain';
import { startService, type RunningService } from '../../../service';
import { tempDir } from '../../support/tempDir';

export interface Apps {
  /** The app on `dataDir` with these secrets, remote services without a rate limit. */
  open(dataDir: string, secrets: SecretStore): Promise<StintApp>;
  /** A fresh data folder. */
  folder(): string;
}

/** Registers the clean-up; call it once at the top of a test file. */
export function appsPerTest(): Apps {
  const opened: StintApp[] = [];
  const dirs: ReturnType<typeof tempDir>[] = [];
  afterEach(async () => {
    for (const app of opened.splice(0)) await app.stop();
    for (const dir of dirs.splice(0)) dir.remove();
  });
  return {
    async open(dataDir, secrets) {
      const app = await openStintApp({ dataDir, secrets, remote: { rateLimit: 0 } });
      opened.push(app);
      return app;
    },
    folder() {
      const dir = tempDir();
      dirs.push(dir);
      return dir.path;
    },
  };
}

export const call = (app: StintApp, channel: string, request: unknown) =>
  dispatch(app.handlers, channel, request) as Promise<Result<any>>;

/** A remote account's service for the file's tests (see remoteForFile). */
export interface Remote {
  /** A new service on the same folder and token, for a test that closed the running one. */
  reopen(): Promise<RunningService>;
}

/**
 * A second local service playing a remote account, on a data folder of its own and answering
 * `token`: started before the file's tests and closed (its folder removed) after them. `take` is
 * handed it once it is up: `remoteForFile(TOKEN, (started) => (work = started))`.
 */
export function remoteForFile(token: string, take: (service: RunningService) => void): Remote {
  let service: RunningService | undefined;
  let dir: ReturnType<typeof tempDir> | undefined;
  const start = async (dataDir: string) => {
    service = await startService({ dataDir, rateLimit: 0, token });
    return service;
  };
  beforeAll(async () => {
    dir = tempDir();
    take(await start(dir.path));
  });
  afterAll(async () => {
    await service?.close();
    dir?.remove();
  });
  return { reopen: () => start(dir!.path) };
}
