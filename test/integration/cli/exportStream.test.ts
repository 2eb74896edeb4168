// exportCsv's stream over the command line's real socket, both ends: while the command's output
// is full, the client stops reading the socket, the app's writes wait for it to drain, and so the
// app stops taking entries from its source; once the output flows, every row arrives once.
// The source stands in for core's reading of the service (tested against the real service in
// test/integration/core/exportCsv.test.ts): what is checked here is the flow control between.
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectToApp, type AppConnection } from '../../../cli/appConnection';
import { ok } from '../../../common/result';
import type { Entry } from '../../../main/api/types';
import { startCliSocket, type CliSocketServer } from '../../../main/core/cliSocket/server';
import { writeRows } from '../../../main/core/export/entriesCsv';
import { fakeBridge } from '../../support/fakeBridge';
import { until } from '../../support/offline';
import { tempDir } from '../../support/tempDir';

const TOTAL = 50_000;
let dir: ReturnType<typeof tempDir>;
let server: CliSocketServer;
let app: AppConnection;
let pulled = 0;

const entry = (i: number) =>
  ({
    date: '2026-11-23',
    minutes: 1 + (i % 600),
    billable: true,
    description: `row ${i}, with "quotes"`,
    project: null,
    tags: [],
    approved_at: null,
    invoiced_at: null,
  }) as unknown as Entry;

beforeAll(async () => {
  dir = tempDir('stint-export-stream-');
  server = await startCliSocket({
    handlers: fakeBridge(),
    dataDir: join(dir.path, 'data'),
    async exportCsv(_range, out, progress) {
      function* source() {
        for (let i = 0; i < TOTAL; i++) {
          pulled++;
          yield entry(i);
        }
      }
      return ok(await writeRows(source(), out, progress));
    },
  });
  app = await connectToApp([server.path]);
});

afterAll(async () => {
  app?.close();
  await server?.close();
  dir?.remove();
});

describe('stint export over the socket', () => {
  it('holds the app back while the output is full, then delivers every row once', async () => {
    const received: string[] = [];
    let flowing = false;
    const held: Array<() => void> = [];
    const sink = new Writable({
      highWaterMark: 1024,
      write(chunk, _encoding, callback) {
        received.push(String(chunk));
        if (flowing) callback();
        else held.push(callback);
      },
    });
    const answer = app.stream<{ entries: number }>(
      'exportCsv',
      { from: '2026-11-23', to: '2026-11-23' },
      sink,
      () => {},
    );
    // The output took one chunk and is full. Another connection's calls are answered meanwhile;
    // once the rows pulled stay put over three of them in a row, the app is holding back.
    await until(() => received.length > 0, 'the first chunk');
    const other = await connectToApp([server.path]);
    try {
      for (let steady = 0, before = -1; steady < 3 && pulled < TOTAL; ) {
        before = pulled;
        expect((await other.call('getSnapshot', {})).ok).toBe(true);
        steady = pulled === before ? steady + 1 : 0;
      }
    } finally {
      other.close();
    }
    // It has stopped well short of the end.
    expect(pulled).toBeGreaterThan(0);
    expect(pulled).toBeLessThan(TOTAL / 2);

    flowing = true;
    for (const callback of held.splice(0)) callback();
    expect(await answer).toEqual({ ok: true, value: { path: '', entries: TOTAL } });
    const lines = received.join('').split('\r\n').slice(1, -1);
    expect(lines).toHaveLength(TOTAL);
    expect(lines[TOTAL - 1]).toBe(
      `2026-11-23,${1 + ((TOTAL - 1) % 600)},${((1 + ((TOTAL - 1) % 600)) / 60).toFixed(2)},,,true,"row ${TOTAL - 1}, with ""quotes""",,`,
    );
  });
});
