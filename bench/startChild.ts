// One boot of the shipped main bundle for bench/start.bench.ts, in a process of its own (bundled
// for plain node): dist/main/index.cjs under the Electron stand-in on a fresh data folder, the
// embedded account and the keychain of DBUS_SESSION_BUS_ADDRESS. Prints one JSON line once the
// tray is up: ms from the process's start (performance.now(): its time origin is the process's
// start), resident memory then, the same once the account is open (the app draws the tray first),
// and, with STINT_START_MODULES=1, the slowest package requires. STINT_START_BUNDLE boots another
// build's index.cjs instead of dist/'s (bench/startAB.ts: builds compared in alternated boots).
//
//   node startChild.mjs <userData> <port of the embedded service>
import { Module } from 'node:module';
import { accountOpen, bootBundle } from '../test/support/electron/boot';

const userData = process.argv[2]!;
const loads: Array<{ id: string; ms: number; rssAfter: number }> = [];
if (process.env.STINT_START_MODULES === '1') {
  // Each top-level package require from the bundle and how long it took, its own requires included.
  const M = Module as unknown as { _load(request: string, parent: unknown, isMain: boolean): unknown };
  const load = M._load;
  let depth = 0;
  M._load = function (request, parent, isMain) {
    const started = performance.now();
    depth++;
    try {
      return load.call(this, request, parent, isMain);
    } finally {
      depth--;
      if (depth === 0 || (depth === 1 && !request.startsWith('.') && !request.startsWith('node:')))
        loads.push({ id: request, ms: performance.now() - started, rssAfter: process.memoryUsage().rss });
    }
  };
}

const cpuMsNow = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};
// The tray is up when the app has made it and given the main thread back to the event loop (where
// Electron hands it to the desktop): the first turn of the loop after the tray was made.
type Moment = { ms: number; rss: number; cpuMs: number };
let trayUp: (moment: Moment) => void = () => {};
const atTray = new Promise<Moment>((resolve) => (trayUp = resolve));
const booted = await bootBundle({
  userData,
  args: [`--local-port=${process.argv[3]}`],
  upTo: 'tray',
  bundle: process.env.STINT_START_BUNDLE || undefined,
  onTray: () =>
    setImmediate(() =>
      // CPU time to the tray: on a loaded machine wall time mostly measures the wait for a core.
      trayUp({ ms: performance.now(), rss: process.memoryUsage().rss, cpuMs: cpuMsNow() }),
    ),
});
if (booted.electron.exitCode() !== null) throw new Error('the app exited before it made its tray');
const { ms, rss, cpuMs } = await atTray;
await accountOpen(booted.electron);
const account = { ms: performance.now(), cpuMs: cpuMsNow(), rss: process.memoryUsage().rss };
const slowest = [...loads].sort((a, b) => b.ms - a.ms).slice(0, 25);
const codeLoadedRss = Math.max(0, ...loads.map((l) => l.rssAfter));
// Memory once the start's garbage is gone and the embedded service has settled.
await new Promise((r) => setTimeout(r, 1500));
console.log(
  JSON.stringify({
    ms,
    cpuMs,
    rss,
    account,
    settledRss: process.memoryUsage().rss,
    codeLoadedRss,
    errors: booted.electron.errorBoxes,
    modules: slowest,
  }),
);
await booted.quit();
process.exit(0);
