// Issue 14's command line: `stint status --json` as a user runs it (the bundled client started as
// a process on the pinned Node, process start to output) against a running app, and how much of
// that is the app's answer (a getSnapshot frame's round trip on the socket, in process); then
// 1000 lines piped to `stint log` while the app's remote account is offline, and their landing,
// each exactly once, when the service is back.
import { spawn } from 'node:child_process';
import { createConnection } from 'node:net';
import { collect } from '../main/api/types';
import { openStintApp } from '../main/core/accounts/app';
import { startCliSocket } from '../main/core/cliSocket/server';
import { createSessionSecrets } from '../platform/keychain';
import { until } from '../test/support/offline';
import { startOfflineRemoteApp } from '../test/support/offlineRemoteApp';
import { bundleCli } from '../test/support/stintCli';
import { tempDir } from '../test/support/tempDir';
import { type Benchmark, type BenchResult, percentile } from './types';

const RUNS = 40;
const FRAMES = 1000;
const LINES = 1000;

const ms = (from: number) => performance.now() - from;

/** Milliseconds from spawning `node <args>` to its exit, stdout collected. */
async function timedRun(args: string[], stdin = ''): Promise<{ ms: number; code: number | null; stdout: string }> {
  const started = performance.now();
  const child = spawn(process.execPath, args, { stdio: ['pipe', 'pipe', 'inherit'] });
  let stdout = '';
  child.stdout.setEncoding('utf8').on('data', (c: string) => {
    stdout += c;
  });
  child.stdin.end(stdin);
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  return { ms: ms(started), code, stdout };
}

/** Round trips of getSnapshot frames, one at a time, on one connection. */
async function frameRoundTrips(path: string, count: number): Promise<number[]> {
  const socket = createConnection(path);
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.setEncoding('utf8');
  let buffered = '';
  let waiting: (() => void) | null = null;
  socket.on('data', (chunk: string) => {
    buffered += chunk;
    if (buffered.endsWith('\n')) {
      buffered = '';
      waiting?.();
    }
  });
  const samples: number[] = [];
  for (let id = 1; id <= count; id++) {
    const started = performance.now();
    await new Promise<void>((resolve) => {
      waiting = resolve;
      socket.write(`{"id":${id},"channel":"getSnapshot","request":{}}\n`);
    });
    samples.push(ms(started));
  }
  socket.destroy();
  return samples;
}

async function statusRoundTrip(bundle: string): Promise<BenchResult[]> {
  const dir = tempDir('stint-cli-bench-');
  const app = await openStintApp({ dataDir: dir.path, secrets: createSessionSecrets() });
  const socket = await startCliSocket({ handlers: app.handlers, dataDir: dir.path });
  try {
    // A day of ordinary use: a few projects, entries, a running timer.
    for (let i = 0; i < 20; i++) await app.handlers.quickEntry({ text: `0:15 @Project${i % 5} bench entry ${i}` });
    await until(
      () => app.getSnapshot().outbox.pending === 0 && app.getSnapshot().projects.filter((p) => p.id > 0).length === 5,
      'the entries sent and their projects read back',
      30_000,
    );
    const first = app.getSnapshot().projects.find((p) => p.id > 0)!;
    await app.handlers.startTimer({ projectId: first.id });

    const args = [bundle, '--data', dir.path, 'status', '--json'];
    for (let i = 0; i < 3; i++) await timedRun(args); // warm the file cache
    const runs: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const run = await timedRun(args);
      if (run.code !== 0 || !JSON.parse(run.stdout).running) throw new Error(`status failed: ${run.stdout}`);
      runs.push(run.ms);
    }
    const bare: number[] = [];
    for (let i = 0; i < RUNS; i++) bare.push((await timedRun(['-e', ''])).ms);
    const frames = await frameRoundTrips(socket.path, FRAMES);
    const p50 = percentile(runs, 50);
    const answer = percentile(frames, 50);
    return [
      {
        name: 'stint status --json: process start to output, p50',
        value: p50,
        unit: 'ms',
        target: '< 150 ms',
        met: p50 < 150,
        detail: `${RUNS} runs of the bundled client (dist/cli/stint.cjs as built) on the pinned Node; p90 ${percentile(runs, 90).toFixed(1)} ms; Node starting an empty script: p50 ${percentile(bare, 50).toFixed(1)} ms`,
      },
      {
        name: "stint status: the app's answer (getSnapshot frame round trip on the socket), p50",
        value: answer,
        unit: 'ms',
        target: '< 2 ms',
        met: answer < 2,
        detail: `${FRAMES} frames one after another on one connection, in process; p99 ${percentile(frames, 99).toFixed(3)} ms; snapshot of 20 entries, 5 projects, 1 timer`,
      },
    ];
  } finally {
    await socket.close();
    await app.stop();
    dir.remove();
  }
}

async function offlineLines(bundle: string): Promise<BenchResult[]> {
  const remote = await startOfflineRemoteApp();
  try {
    await remote.offline();
    const stamp = Date.now().toString(36);
    const lines = Array.from({ length: LINES }, (_, i) => `0:01 @Bench piped ${stamp} ${i + 1}`);
    const run = await timedRun([bundle, '--data', remote.dataDir, 'log'], `${lines.join('\n')}\n`);
    const queued = run.stdout.split('\n').filter((l) => /^line \d+: queued \(offline/.test(l)).length;
    if (run.code !== 0 || queued !== LINES) throw new Error(`log answered ${run.code}, ${queued} queued`);

    const back = performance.now();
    await remote.online();
    await until(() => remote.app.getSnapshot().outbox.pending === 0, 'the outbox to drain', 10 * 60_000);
    const landing = ms(back);
    await remote.app.whenIdle();
    const onService = (await collect(remote.remote.listEntries()))
      .map((e) => e.description ?? '')
      .filter((d) => d.startsWith(`piped ${stamp} `));
    const distinct = new Set(onService).size;
    const once = onService.length === LINES && distinct === LINES;
    return [
      {
        name: 'stint log: 1000 piped lines, offline remote account, process start to all queued',
        value: run.ms,
        unit: 'ms',
        target: '< 1 s',
        met: run.ms < 1000,
        detail: `logLines calls of 500 lines each, each call's good lines queued with one fsync'd journal record`,
      },
      {
        name: 'stint log: the 1000 lines on the service once it is back, each exactly once',
        value: onService.length,
        unit: 'entries',
        target: '1000, no duplicates',
        met: once,
        detail: `${distinct} distinct; landed ${(landing / 1000).toFixed(1)} s after the network came back`,
      },
    ];
  } finally {
    await remote.close();
  }
}

const bench: Benchmark = async () => {
  const dir = tempDir('stint-cli-bundle-');
  try {
    const bundle = await bundleCli(dir.path);
    return [...(await statusRoundTrip(bundle)), ...(await offlineLines(bundle))];
  } finally {
    dir.remove();
  }
};

export default bench;
