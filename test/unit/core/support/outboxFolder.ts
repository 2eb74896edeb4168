// The outbox tests' folder: a fresh one per test, the outbox opened on it as often as a test
// "restarts", and after the test every outbox closed and the folder removed.
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { JOURNAL_FILE } from '../../../../main/core/sync/journal';
import { openOutbox, type OpenedOutbox, type Outbox } from '../../../../main/core/sync/outbox';
import { tempDir } from '../../../support/tempDir';

export interface OutboxFolder {
  readonly path: string;
  /** The journal file's path. */
  journal(): string;
  /** Opens the outbox on the folder, as the app does on start. */
  reopen(): Promise<OpenedOutbox>;
}

/** Call at the top of a test file: registers the hooks that make and clean the folder. */
export function useOutboxFolder(): OutboxFolder {
  let dir: ReturnType<typeof tempDir>;
  const open: Outbox[] = [];
  beforeEach(() => {
    dir = tempDir();
  });
  afterEach(async () => {
    for (const o of open.splice(0)) await o.close().catch(() => {});
    dir.remove();
  });
  return {
    get path() {
      return dir.path;
    },
    journal: () => join(dir.path, JOURNAL_FILE),
    async reopen() {
      const opened = await openOutbox(dir.path);
      open.push(opened.outbox);
      return opened;
    },
  };
}
