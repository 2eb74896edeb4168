// The CSV export against the real local service over HTTP: a range of more than two pages is
// read page by page and written once each, in the file the window asks for or a stream.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLegacyApi } from '../../../main/api/legacy';
import { createCore } from '../../../main/core/core';
import type { Core } from '../../../main/core/types';
import { ACCOUNT } from '../../support/offline';
import { tempDir } from '../../support/tempDir';
import { lossyProxy, startLocal, type Local } from './harness';

const IN_RANGE = 2100;
let local: Local;
let dir: ReturnType<typeof tempDir>;
let core: Core;
const downloads = () => join(dir.path, 'Downloads');

beforeAll(async () => {
  local = await startLocal();
  dir = tempDir('stint-export-');
  const project = await local.api.createProject({ name: 'Website, "main"' });
  const v1 = createLegacyApi({ baseUrl: local.url, token: local.token, rateLimit: 0 });
  // Seeded by bulk import: 2100 entries in the week, and some just outside it on each side.
  const inWeek = Array.from({ length: IN_RANGE }, (_, i) => ({
    date: `2026-01-${String(5 + (i % 7)).padStart(2, '0')}`,
    minutes: 1 + (i % 600),
    description: `${i % 100 === 0 ? '=cmd|calc ' : ''}item ${i}`,
    projectId: project.id,
  }));
  const outside = ['2026-01-04', '2026-01-12'].map((date) => ({ date, minutes: 30, description: 'outside' }));
  const all = [...inWeek, ...outside];
  // An import holds at most 1000 entries.
  for (let i = 0; i < all.length; i += 1000) await v1.importEntries(all.slice(i, i + 1000));
  core = await createCore({ api: local.client(), dataDir: dir.path, account: ACCOUNT, downloadsDir: downloads() });
}, 60_000);

afterAll(async () => {
  await core?.stop();
  await local?.close();
  dir?.remove();
});

const week = { from: '2026-01-05', to: '2026-01-11' };

/** The data rows of a CSV we wrote (no cell of these spans lines). */
const rows = (csv: string) =>
  csv
    .split('\r\n')
    .slice(1, -1)
    .map((line) => line.split(','));

describe('CSV export', () => {
  it('streams every entry of the range once, page by page, with progress in the callback and the snapshot', async () => {
    const chunks: string[] = [];
    const out = new Writable({
      write(chunk, _encoding, callback) {
        chunks.push(String(chunk));
        callback();
      },
    });
    const progress: Array<{ entries: number; pages: number }> = [];
    const seen: Array<{ entries: number } | null> = [];
    const unsubscribe = core.subscribe((s) => seen.push(s.exporting));
    const done = await core.exportCsv(week, out, (p) => progress.push(p));
    unsubscribe();
    expect(done).toEqual({ ok: true, value: { entries: IN_RANGE, pages: 3 } });
    expect(progress).toEqual([
      { entries: 1000, pages: 1 },
      { entries: 2000, pages: 2 },
      { entries: 2100, pages: 3 },
    ]);
    expect(seen).toContainEqual({ entries: 2000 });
    expect(core.getSnapshot().exporting).toBeNull();

    const csv = chunks.join('');
    expect(csv.startsWith('date,minutes,hours,project,tags,billable,description,approved,invoiced\r\n')).toBe(true);
    const data = rows(csv);
    const descriptions = data.map((r) => r.at(-3));
    expect(descriptions).toHaveLength(IN_RANGE);
    expect(new Set(descriptions).size).toBe(IN_RANGE);
    expect(descriptions).not.toContain('outside');
    expect(data.every((r) => r[0]! >= week.from && r[0]! <= week.to)).toBe(true);
    // Oldest day first, as a timesheet reads (the service lists newest first), across its pages.
    const dates = data.map((r) => r[0]!);
    expect(dates).toEqual([...dates].sort());
    expect(dates[0]).toBe(week.from);
    // The project's comma and quotes are quoted; a description that would start a formula does not.
    expect(csv).toContain(',"Website, ""main""",');
    expect(descriptions).toContain("'=cmd|calc item 100");
    // The hours in the user's format: hours and minutes unless they chose fractions.
    expect(data.find((r) => r.at(-3) === 'item 7')?.slice(1, 3)).toEqual(['8', '0:08']);
  });

  it('a range within one page is oldest first too (issue 27 item 20)', async () => {
    const chunks: string[] = [];
    const out = new Writable({
      write(chunk, _encoding, callback) {
        chunks.push(String(chunk));
        callback();
      },
    });
    expect(await core.exportCsv({ from: '2026-01-04', to: '2026-01-05' }, out)).toMatchObject({ ok: true });
    const dates = rows(chunks.join('')).map((r) => r[0]!);
    expect(dates.length).toBeLessThan(1000);
    expect(dates[0]).toBe('2026-01-04');
    expect(dates).toEqual([...dates].sort());
  });

  it('the window writes stint-<from>-to-<to>.csv in Downloads, never over an earlier one, and answers how many', async () => {
    const first = await core.handlers.exportCsv(week);
    expect(first).toEqual({
      ok: true,
      value: { path: join(downloads(), 'stint-2026-01-05-to-2026-01-11.csv'), entries: IN_RANGE },
    });
    const second = await core.handlers.exportCsv(week);
    expect(second).toMatchObject({
      ok: true,
      value: { path: join(downloads(), 'stint-2026-01-05-to-2026-01-11-1.csv') },
    });
    expect(rows(readFileSync(join(downloads(), 'stint-2026-01-05-to-2026-01-11-1.csv'), 'utf8'))).toHaveLength(
      IN_RANGE,
    );
  });

  it('a connection lost after the first page stops the export with the reason in words, and leaves no partial file', async () => {
    const proxy = await lossyProxy(local.url, (method, path) => method === 'GET' && /[?&]page=2\b/.test(path));
    const elsewhere = join(dir.path, 'cut');
    const cut = await createCore({
      api: local.client(proxy.url),
      dataDir: join(dir.path, 'cut-core'),
      account: ACCOUNT,
      downloadsDir: elsewhere,
    });
    try {
      const answer = await cut.handlers.exportCsv(week);
      expect(proxy.lost()).toBe(1);
      expect(answer).toMatchObject({ ok: false, error: { message: expect.stringMatching(/^The export stopped: /) } });
      expect(readdirSync(elsewhere)).toEqual([]);
      expect(cut.getSnapshot().exporting).toBeNull();
    } finally {
      await cut.stop();
      await proxy.close();
    }
  });

  it('refuses a range that ends before it starts, or a day that is no date, at its field, and writes nothing', async () => {
    const before = readdirSync(downloads()).length;
    expect(await core.handlers.exportCsv({ from: '2026-01-11', to: '2026-01-05' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_argument', field: 'to' },
    });
    expect(await core.handlers.exportCsv({ from: '2026-02-30', to: '2026-03-01' })).toMatchObject({
      ok: false,
      error: { field: 'from', message: expect.stringContaining('2026-11-23') },
    });
    expect(readdirSync(downloads())).toHaveLength(before);
  });
});
