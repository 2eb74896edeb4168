// The preload as Electron loads it: one CommonJS file whose only require is 'electron'. Electron
// cannot run here, so the bundle runs in a Node vm with a stand-in for the two objects it uses,
// which records what the page would be given.
import { build } from 'esbuild';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { channels, ipcChannel, SNAPSHOT_CHANNEL, UI_COMMAND_CHANNEL } from '../../../common/contract';

const root = join(__dirname, '../../..');

async function bundle(): Promise<string> {
  const result = await build({
    absWorkingDir: root,
    entryPoints: ['preload/index.ts'],
    bundle: true,
    write: false,
    platform: 'node',
    format: 'cjs',
    target: 'chrome130',
    external: ['electron'],
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}

function load(code: string) {
  const exposed: Record<string, unknown> = {};
  const invoked: Array<[string, unknown]> = [];
  const listeners = new Map<string, Set<(...args: unknown[]) => void>>();
  const electron = {
    contextBridge: { exposeInMainWorld: (key: string, api: unknown) => (exposed[key] = api) },
    ipcRenderer: {
      invoke: async (channel: string, request: unknown) => (
        invoked.push([channel, request]), { ok: true, value: null }
      ),
      on: (channel: string, fn: (...args: unknown[]) => void) =>
        listeners.set(channel, (listeners.get(channel) ?? new Set()).add(fn)),
      removeListener: (channel: string, fn: (...args: unknown[]) => void) => listeners.get(channel)?.delete(fn),
    },
  };
  const required: string[] = [];
  const module = { exports: {} };
  const require = (name: string) => (required.push(name), name === 'electron' ? electron : undefined);
  runInNewContext(code, { module, exports: module.exports, require });
  return { exposed, invoked, listeners, required };
}

describe('the preload', () => {
  it('is one small CommonJS file that requires only electron', async () => {
    const code = await bundle();
    const { required } = load(code);
    expect(required).toEqual(['electron']);
    expect(code.length).toBeLessThan(5_000);
  });

  it('exposes window.stint with one method per channel plus onSnapshot and onUiCommand, and nothing else', async () => {
    const { exposed } = load(await bundle());
    expect(Object.keys(exposed)).toEqual(['stint']);
    const api = exposed.stint as Record<string, unknown>;
    expect(Object.keys(api).sort()).toEqual([...channels, 'onSnapshot', 'onUiCommand'].sort());
    for (const key of Object.keys(api)) expect(typeof api[key]).toBe('function');
  });

  it('invokes each call on its own channel with the request as given', async () => {
    const { exposed, invoked } = load(await bundle());
    const api = exposed.stint as Record<string, (r: unknown) => Promise<unknown>>;
    for (const channel of channels) await api[channel]!({ probe: channel });
    expect(invoked).toEqual(channels.map((c) => [ipcChannel(c), { probe: c }]));
  });

  it('passes snapshots to the listener without the IPC event, until unsubscribed', async () => {
    const { exposed, listeners } = load(await bundle());
    const api = exposed.stint as { onSnapshot(fn: (s: unknown) => void): () => void };
    const got: unknown[] = [];
    const stop = api.onSnapshot((s) => got.push(s));
    for (const fn of listeners.get(SNAPSHOT_CHANNEL)!) fn({ sender: 'secret' }, { n: 1 });
    stop();
    expect(got).toEqual([{ n: 1 }]);
    expect(listeners.get(SNAPSHOT_CHANNEL)!.size).toBe(0);
  });

  it('passes only known UI commands to the page (the quick-entry hotkey), until unsubscribed', async () => {
    const { exposed, listeners } = load(await bundle());
    const api = exposed.stint as { onUiCommand(fn: (c: unknown) => void): () => void };
    const got: unknown[] = [];
    const stop = api.onUiCommand((c) => got.push(c));
    for (const fn of listeners.get(UI_COMMAND_CHANNEL)!) {
      fn({ sender: 'secret' }, 'focus-quick-entry');
      fn({ sender: 'secret' }, 'format-disk');
    }
    stop();
    expect(got).toEqual(['focus-quick-entry']);
    expect(listeners.get(UI_COMMAND_CHANNEL)!.size).toBe(0);
  });
});
