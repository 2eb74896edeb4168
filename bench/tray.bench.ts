// Action to new tray model: from a core action (start or pause a timer, as the tray, hotkey or
// window does) to a snapshot subscriber having recomputed the tray model, with the service
// unreachable. The real core, the real client pointed at a closed loopback port, and the real
// journal in a temp folder (append + fsync per record) are all in the path; the outbox only
// grows while offline, so the later actions carry a longer queue than the first.

import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServiceApi } from '../main/api/client';
import { createCore } from '../main/core/core';
import { mainWords } from '../main/core/mainWords';
import { trayModel, type Platform, type TrayModel } from '../main/core/views/trayModel';
import { percentile, type Benchmark } from './types';

const WARMUP = 20;
const ACTIONS = 600;
const TARGET_MS = 16;

async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

const bench: Benchmark = async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'stint-tray-bench-'));
  const platform: Platform = process.platform === 'darwin' || process.platform === 'win32' ? process.platform : 'linux';
  const api = createServiceApi({
    baseUrl: await closedPortUrl(),
    credentials: { kind: 'personal', token: 'unused' },
    rateLimit: 0,
  });
  const core = await createCore({ api, dataDir, account: { id: 'bench', label: 'Bench', kind: 'local' } });

  // Resolves when the model shows the timer in the wanted state: other snapshots (the worker
  // going offline, backing off) also reach subscribers and must not end a measurement early.
  let waiting: { running: boolean; done: (model: TrayModel) => void } | null = null;
  const unsubscribe = core.subscribe((snapshot) => {
    const model = trayModel(snapshot, Date.now(), platform, mainWords(snapshot.locale));
    if (waiting && (model.icon === 'running') === waiting.running) waiting.done(model);
  });

  const samples: number[] = [];
  try {
    const created = await core.handlers.createProject({ name: 'Bench' });
    if (!created.ok) throw new Error(created.error.message);
    const projectId = created.value.projectId;

    for (let i = 0; i < WARMUP + ACTIONS; i++) {
      const running = i % 2 === 0;
      const shown = new Promise<TrayModel>((resolve) => (waiting = { running, done: resolve }));
      const start = performance.now();
      const result = running ? core.handlers.startTimer({ projectId }) : core.handlers.pauseTimer({ projectId });
      await shown;
      const ms = performance.now() - start;
      waiting = null;
      const answered = await result;
      if (!answered.ok) throw new Error(answered.error.message);
      if (i >= WARMUP) samples.push(ms);
    }
  } finally {
    unsubscribe();
    await core.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }

  const detail = `${ACTIONS} alternating start/pause after ${WARMUP} warm-up, service unreachable, journal fsync'd per action, outbox grew to ${WARMUP + ACTIONS} queued operations; max ${percentile(samples, 100).toFixed(2)} ms`;
  const p50 = percentile(samples, 50);
  const p99 = percentile(samples, 99);
  return [
    {
      name: 'action to new tray model, p50',
      value: p50,
      unit: 'ms',
      target: `< ${TARGET_MS} ms`,
      met: p50 < TARGET_MS,
      detail,
    },
    {
      name: 'action to new tray model, p99',
      value: p99,
      unit: 'ms',
      target: `< ${TARGET_MS} ms`,
      met: p99 < TARGET_MS,
      detail,
    },
  ];
};

export default bench;
