// Fresh folders under the system's temp folder, one per test or suite.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A new empty folder named `<prefix>XXXXXX`; the caller removes it (or leaves it to the OS). */
export function makeTempDir(prefix = 'stint-core-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/** A new empty folder and the way to remove it with everything in it. */
export function tempDir(prefix = 'stint-core-'): { path: string; remove(): void } {
  const path = makeTempDir(prefix);
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}
