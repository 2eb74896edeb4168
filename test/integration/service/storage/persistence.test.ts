// The database file: numbered migrations (PRAGMA user_version), re-opening an existing file
// keeps everything, and a file from a newer service is left alone.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildService, startService } from '../../../../service';
import type { SqliteStore } from '../../../../service/storage/sqliteStore';
import { migrations } from '../../../../service/storage/migrations';
import { FILLED_OWNER_TOKEN, fillEveryTable } from '../../../support/filledDatabase';
import { nodeSqlite } from '../../../../service/storage/driver';
import { openDatabaseFile, value, values } from '../../../support/sqliteFile';
import { Client, createEntry, createProject, manualClock } from '../support/support';

const tempDir = () => mkdtempSync(join(tmpdir(), 'stint-db-'));

describe('the database file', () => {
  it('re-opens an existing file with its data, its owner and its tokens', async () => {
    const dataDir = tempDir();
    const first = await startService({ dataDir, rateLimit: 0, now: manualClock() });
    const client = new Client(first.url, first.token);
    const p = await createProject(client, { name: 'Kept' });
    await createEntry(client, { project_id: p, description: '#kept' });
    await client.put(`/v2/projects/${p}/timer/start`);
    await first.close();

    const again = await startService({ dataDir, rateLimit: 0, now: manualClock() });
    try {
      expect(again.ownerId).toBe(first.ownerId);
      const reopened = new Client(again.url, first.token);
      expect((await reopened.get('/v2/projects')).body.map((x: any) => x.name)).toEqual(['Kept']);
      expect((await reopened.get('/v2/entries')).body[0].tags[0].name).toBe('kept');
      expect((await reopened.get('/v2/timers')).body[0].state).toBe('running');
    } finally {
      await again.close();
    }
  });

  it('opens a file the app wrote at schema version 10 with its data, and from then on gives no deleted id again', async () => {
    const dataDir = tempDir();
    const old = nodeSqlite.open(join(dataDir, 'service.db'));
    fillEveryTable(old);
    old.close();
    const service = await startService({ dataDir, rateLimit: 0, now: manualClock() });
    try {
      expect(service.ownerId).toBe(1);
      const client = new Client(service.url, FILLED_OWNER_TOKEN);
      const entries = (await client.get('/v2/entries')).body;
      expect(entries.map((e: any) => [e.id, e.project?.id, e.tags.map((t: any) => t.name).sort()])).toEqual([
        [9, 7, ['design', 'meeting']],
        [5, 2, ['design']],
      ]);
      expect((await client.get('/v2/timers')).body.map((t: any) => [t.id, t.state])).toContainEqual([3, 'running']);
      // The file's largest entry id is 12 (the other account's): the next ones count on from it.
      const made = await createEntry(client, { project_id: 2 });
      expect(made.id).toBe(13);
      expect((await client.del(`/v2/entries/${made.id}`)).status).toBe(204);
      expect((await createEntry(client, { project_id: 2 })).id).toBe(14);
    } finally {
      await service.close();
    }
  });

  it('syncs every commit to disk (WAL, synchronous=FULL), so an acknowledged write survives a power cut', async () => {
    const dataDir = tempDir();
    const built = await buildService({ dataDir, rateLimit: 0 });
    try {
      // The service's own connection: synchronous is a setting of each connection, not of the file.
      expect((built.db as SqliteStore).pragma('journal_mode')).toBe('wal');
      expect((built.db as SqliteStore).pragma('synchronous')).toBe(2);
    } finally {
      await built.app.close();
    }
  });

  it('records the number of migrations applied in user_version, and applies none twice', async () => {
    const dataDir = tempDir();
    for (let i = 0; i < 2; i++) await (await startService({ dataDir, rateLimit: 0 })).close();
    const db = openDatabaseFile(join(dataDir, 'service.db'), { readonly: true });
    expect(value(db, 'PRAGMA user_version')).toBe(migrations.length);
    expect(
      values<string>(
        db,
        `SELECT name FROM sqlite_master WHERE type = 'index' AND name IN ('tags_name', 'timers_one_per_project', 'timers_one_running')`,
      ).sort(),
    ).toEqual(['tags_name', 'timers_one_per_project', 'timers_one_running']);
    db.close();
  });

  it('refuses to open a file written by a newer service, and leaves it untouched', async () => {
    const dataDir = tempDir();
    await (await startService({ dataDir, rateLimit: 0 })).close();
    const db = openDatabaseFile(join(dataDir, 'service.db'));
    db.exec(`PRAGMA user_version = ${migrations.length + 1}`);
    db.close();
    await expect(startService({ dataDir, rateLimit: 0 })).rejects.toThrow(/newer/);
    const check = openDatabaseFile(join(dataDir, 'service.db'), { readonly: true });
    expect(value(check, 'PRAGMA user_version')).toBe(migrations.length + 1);
    check.close();
  });

  it('keeps foreign keys on: an entry cannot point at a project that does not exist', async () => {
    const dataDir = tempDir();
    const service = await startService({ dataDir, rateLimit: 0 });
    await service.close();
    // The service's connection enables them; this one checks the schema declares them.
    const db = openDatabaseFile(join(dataDir, 'service.db'));
    db.exec('PRAGMA foreign_keys = ON');
    expect(() =>
      db
        .prepare(
          `INSERT INTO entries (account_id, user_id, project_id, date, minutes, created_at, updated_at) VALUES (1, 1, 999, '2024-01-01', 1, 'x', 'x')`,
        )
        .run(),
    ).toThrow(/FOREIGN KEY/);
    db.close();
  });
});
