// What the open embedded account has loaded (issue 30, item 7: the account open under 100 MB): the
// shipped bundle booted in a process of its own (openModulesChild.ts) lists the packages it has
// required and the fastify apps it has made. Its client talks to the embedded service over
// node:http, so undici is not loaded; v1's app, its modules and its XML wait for the first /api
// request, which builds them once.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { root } from '../../scripts/electronBinary.mjs';
import { buildTestBundle, type TestBundle } from '../support/bundle';
import { bundleForNode } from '../support/nodeBundle';
import { startSecretService, type SecretServiceHandle } from '../support/secretService';
import { freePort } from './support';

const here = dirname(fileURLToPath(import.meta.url));
interface Loaded {
  packages: string[];
  apps: number;
}

let secretService: SecretServiceHandle;
let bundle: TestBundle;
let userData: string;
let child: ChildProcessWithoutNullStreams | undefined;
let script: string | undefined;

beforeAll(async () => {
  secretService = await startSecretService();
  bundle = await buildTestBundle('open-modules');
  userData = mkdtempSync(join(tmpdir(), 'stint-open-modules-'));
}, 120_000);

afterAll(async () => {
  child?.kill();
  if (script) rmSync(script, { force: true });
  rmSync(userData, { recursive: true, force: true });
  bundle?.remove();
  await secretService?.stop();
});

describe('the open embedded account', () => {
  it('has not loaded undici, fast-xml-parser or v1’s app, and builds v1’s at its first request', async () => {
    const port = await freePort();
    // In .scratch/, right below the project's root, as bench/startChild.ts is: the boot support finds the project from there.
    script = await bundleForNode(
      join(here, 'openModulesChild.ts'),
      join(root, '.scratch', `openModulesChild-${process.pid}.mjs`),
    );
    child = spawn(process.execPath, [script, bundle.main, userData, String(port)], {
      env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: secretService.busAddress },
    });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
    const next = async (): Promise<Loaded> => {
      for (;;) {
        const { value, done } = await lines.next();
        if (done) throw new Error(`the app exited before it reported: ${errors.slice(-2000)}`);
        if (value.startsWith('{')) return JSON.parse(value) as Loaded;
      }
    };

    const open = await next();
    expect(open.packages).toContain('fastify');
    expect(open.packages).not.toContain('undici');
    expect(open.packages).not.toContain('fast-xml-parser');
    expect(open.apps).toBe(1); // v2's app only

    // Several v1 requests at once, the first ones: one v1 app is built, and it answers them all.
    const v1 = await Promise.all(
      Array.from({ length: 5 }, () =>
        fetch(`http://127.0.0.1:${port}/api/projects.json`, { headers: { 'user-agent': 'OpenModules/1' } }),
      ),
    );
    for (const reply of v1) {
      expect(reply.status).toBe(401);
      expect(await reply.text()).toMatch(/X-ServiceToken/);
    }
    child.stdin.write('again\n');
    const after = await next();
    expect(after.apps).toBe(2);
    expect(after.packages).not.toContain('fast-xml-parser'); // JSON asked: the XML still waits
    child.stdin.write('quit\n');
  });
});
