// The first words a user reads where secrets stay in memory (no keychain answered, or
// --session-secrets): `npm run web` says so once, in one short sentence, and it is true: nothing
// secret reaches the data folder. Which keychain answers differs between machines (the keyring
// library may fall back to the kernel's keyring without a session bus), so the test asks for the
// in-memory mode; core's choice when no keychain answers is tested in accounts.test.ts.

import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sessionSecretsNotice } from '../../../platform/keychain';
import { root } from '../../../scripts/electronBinary.mjs';
import { makeTempDir } from '../../support/tempDir';

/** Runs the web host's command line until it prints its address; answers everything it printed. */
function startWebCli(dataDir: string): Promise<string> {
  const child = spawn(
    join(root, 'node_modules/.bin/tsx'),
    [join(root, 'web/cli.ts'), '--data', dataDir, '--port', '0', '--session-secrets'],
    {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the web host printed no address:\n${out}`));
    }, 25_000);
    const read = (chunk: Buffer) => {
      out += chunk;
      if (!out.includes('Stint is running at')) return;
      clearTimeout(timer);
      // 'close': both pipes read to their end (the notice goes to stderr, the address to stdout).
      child.once('close', () => resolve(out));
      child.kill('SIGTERM');
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
  });
}

/** The files under a folder (not the command line's socket, which holds no data and cannot be read). */
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((f) => {
    const stat = statSync(join(dir, f));
    return stat.isDirectory() ? files(join(dir, f)) : stat.isFile() ? [join(dir, f)] : [];
  });

describe('the web host with secrets in memory', () => {
  it('says so once, in one calm sentence, and keeps the token out of its files', async () => {
    const dataDir = makeTempDir('stint-web-first-run-');
    try {
      const out = await startWebCli(dataDir);
      const lines = out.split('\n').filter((l) => /keychain|token|secret/i.test(l));
      expect(lines).toEqual([sessionSecretsNotice(true)]);
      expect(lines[0]!.length).toBeLessThan(160);
      expect(lines[0]!.split(/[.!?](\s|$)/).filter((s) => s.trim()).length).toBe(1);
      // What it says is true: the token is in no file of the data folder.
      const token = /[A-Za-z0-9_-]{43}/; // 32 random bytes, base64url: the embedded token's shape
      for (const file of files(dataDir).filter((f) => !f.endsWith('.db') && !f.includes('.db-')))
        expect(readFileSync(file, 'utf8')).not.toMatch(token);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
