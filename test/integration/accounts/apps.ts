// What the app-layer tests share: apps opened on data folders of their own, stopped and removed
// after each test, and the contract's channels called as the window calls them (validated by
// dispatch, answering a Result).
import { afterEach } from 'vitest';
import { dispatch } from '../../../common/dispatch';
import type { Result } from '../../../common/result';
import { openStintApp, type StintApp } from '../../../main/core/accounts/app';
import type { SecretStore } from '../../../platform/keychain';
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
