// The app goes away in the middle of a command: `stint log` has read the snapshot and waits for
// its lines on standard input when the app stops. The line written after that reaches no app, so
// the command must say so and exit non-zero; exit 0 would tell a script the line was kept.
// The bundled client in its own process, the real socket, the real app on its local service.
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Handlers } from '../../../common/contract';
import { openStintApp } from '../../../main/core/accounts/app';
import { cliSocketPath } from '../../../main/core/cliSocket/address';
import { startCliSocket } from '../../../main/core/cliSocket/server';
import { createSessionSecrets } from '../../../platform/keychain';
import { until } from '../../support/offline';
import { bundleCli, runStint, startStint } from '../../support/stintCli';
import { tempDir } from '../../support/tempDir';

let dir: ReturnType<typeof tempDir>;
let bundle: string;

beforeAll(async () => {
  dir = tempDir('stint-cli-gone-');
  bundle = await bundleCli(dir.path);
});

afterAll(() => dir?.remove());

it('stint log: the app stops while the command waits for its input; the command says the line was not logged and why, exit 1', async () => {
  const dataDir = join(dir.path, 'data');
  const app = await openStintApp({ dataDir, secrets: createSessionSecrets() });
  let snapshotsRead = 0;
  const handlers: Handlers = {
    ...app.handlers,
    getSnapshot: async (request) => {
      const read = await app.handlers.getSnapshot(request);
      snapshotsRead++;
      return read;
    },
  };
  const socket = await startCliSocket({ handlers, dataDir });
  let stopped = false;
  try {
    const run = startStint(bundle, ['--data', dataDir, 'log']);
    // The command has its snapshot and now reads standard input, which stays open.
    await until(() => snapshotsRead >= 1, 'the command to read the snapshot');
    await socket.close();
    await app.stop();
    stopped = true;
    run.stdin.end('0:01 @Website after the app stopped\n');
    const result = await run.done;
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('The Stint app went away before it answered');
    expect(result.stderr).toContain('Not logged (line 1)');
  } finally {
    if (!stopped) {
      await socket.close();
      await app.stop();
    }
  }
});

it('an app that accepts the connection and goes away before answering anything: exit 2, as with no app, with the reason', async () => {
  const dataDir = join(dir.path, 'crashing');
  mkdirSync(dataDir, { mode: 0o700 });
  // Stands in for an app that dies as the command connects: it hangs up on every connection.
  const server = createServer((connection) => connection.destroy());
  await new Promise<void>((resolve) => server.listen(cliSocketPath(dataDir), resolve));
  try {
    const run = await runStint(bundle, ['--data', dataDir, 'status']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('The Stint app went away before it answered');
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});

it('stint log: the app stores the line and goes away before answering; the command says it may be saved (not "run it again"), exit 3', async () => {
  const dataDir = join(dir.path, 'stored');
  const app = await openStintApp({ dataDir, secrets: createSessionSecrets() });
  let socket: Awaited<ReturnType<typeof startCliSocket>> | null = null;
  const handlers: Handlers = {
    ...app.handlers,
    // The line is in the outbox's journal; the app goes away before its answer is written.
    logLines: async (request) => {
      const stored = await app.handlers.logLines(request);
      await socket?.close();
      return stored;
    },
  };
  socket = await startCliSocket({ handlers, dataDir });
  try {
    const result = await runStint(bundle, ['--data', dataDir, 'log', '0:20 @Website stored, then no answer']);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(
      'Stint stopped before answering: the line may be saved; `stint today` shows it (do not log it again before looking).',
    );
    expect(result.stderr).not.toContain('run the command again');
    expect(result.code).toBe(3);
    // It was stored: logging it again, as the old advice said, would have made two entries.
    expect(app.getSnapshot().today.entries.map((e) => e.description)).toContain('stored, then no answer');
  } finally {
    await socket.close();
    await app.stop();
  }
});

it('stint start: the app starts the timer and goes away before answering; the command says it may have started, exit 3', async () => {
  const dataDir = join(dir.path, 'started');
  const app = await openStintApp({ dataDir, secrets: createSessionSecrets() });
  let socket: Awaited<ReturnType<typeof startCliSocket>> | null = null;
  const handlers: Handlers = {
    ...app.handlers,
    startTimer: async (request) => {
      const started = await app.handlers.startTimer(request);
      await socket?.close();
      return started;
    },
  };
  socket = await startCliSocket({ handlers, dataDir });
  try {
    const created = await app.handlers.createProject({ name: 'Website' });
    expect(created.ok).toBe(true);
    const result = await runStint(bundle, ['--data', dataDir, 'start', 'Website']);
    expect(result.stderr).toBe(
      'stint: Stint stopped before answering: the timer may be started; `stint status` shows it.\n',
    );
    expect(result.code).toBe(3);
    expect(app.getSnapshot().timers.find((t) => t.state === 'running')?.projectName).toBe('Website');
  } finally {
    await socket.close();
    await app.stop();
  }
});
