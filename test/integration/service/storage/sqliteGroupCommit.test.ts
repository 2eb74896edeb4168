// Group commit on the SQLite file (service/storage/groupCommit.ts), end to end: a real service
// process (`npm run service -- --data`) takes a burst of concurrent writes, which it commits in
// shared batches, and is killed with SIGKILL the moment answers arrive. Every write it
// acknowledged must then be in the file, exactly once; the writes of a batch that failed (a name
// already taken, inside the transaction) took none of the others with them.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openSqliteStore } from '../../../../service/storage/sqliteStore';
import { onPostgres } from '../../../support/postgresService';
import { serviceCommand } from '../../../support/serviceCommand';
import { makeTempDir } from '../../../support/tempDir';
import { Client, type Reply } from '../support/support';

const ENTRIES = 60;
const PROJECTS = 12;

// The service command's own SQLite file: the same on the PostgreSQL run.
describe.skipIf(onPostgres())('concurrent writes on the SQLite file, committed together', () => {
  it('are each in the file once when answered: kill -9 just after the answers, reopen, every acknowledged write is there once', async () => {
    const dataDir = makeTempDir('stint-group-commit-');
    const token = randomBytes(32).toString('base64url');
    const service = serviceCommand(['--port', '0', '--data', dataDir, '--rate-limit', '0'], {
      STINT_SERVICE_TOKEN: token,
      LOG_LEVEL: 'silent',
    });
    const [, url] = await service.line(/listening on (http:\/\/127\.0\.0\.1:\d+)/);
    const client = new Client(url!, token);
    expect((await client.get('/v2/current_user')).status).toBe(200);

    const answers: Array<{ kind: 'entry' | 'project'; i: number; reply: Reply }> = [];
    let killedAfter = 0;
    const kill = () => {
      if (service.child.exitCode === null && service.child.signalCode === null) {
        killedAfter = answers.length;
        service.child.kill('SIGKILL');
      }
    };
    const answered = (kind: 'entry' | 'project', i: number) => (reply: Reply) => {
      answers.push({ kind, i, reply });
      // Killed while most of the burst is still in flight: some batches are open, some half answered.
      if (answers.length === (ENTRIES + PROJECTS) / 2) kill();
    };
    // Entries with unique descriptions, and among them a burst of one project name: one 201, the
    // rest refused inside their transactions while sharing batches with the entries.
    const sends = [
      ...Array.from({ length: ENTRIES }, (_, i) =>
        client
          .post('/v2/entries', { date: '2024-03-04', minutes: 30, description: `burst ${i} #batch` })
          .then(answered('entry', i)),
      ),
      ...Array.from({ length: PROJECTS }, (_, i) =>
        client.post('/v2/projects', { name: 'Shared name' }).then(answered('project', i)),
      ),
    ];
    await Promise.allSettled(sends);
    kill();
    await service.exit;

    const store = openSqliteStore(dataDir);
    try {
      const stored = await store.all<{ id: number; description: string }>('SELECT id, description FROM entries');
      const projects = await store.all<{ id: number; name: string }>('SELECT id, name FROM projects');
      const entries = answers.filter((a) => a.kind === 'entry' && a.reply.status === 201);
      for (const { i, reply } of entries) {
        const copies = stored.filter((row) => row.description === `burst ${i} #batch`);
        expect(copies, `entry ${i}, answered 201`).toEqual([{ id: reply.body.id, description: `burst ${i} #batch` }]);
      }
      // Nothing stored twice, answered or not.
      expect(new Set(stored.map((row) => row.description)).size).toBe(stored.length);
      const made = answers.filter((a) => a.kind === 'project' && a.reply.status === 201);
      expect(made.length).toBeLessThanOrEqual(1);
      for (const { reply } of made) expect(projects).toContainEqual({ id: reply.body.id, name: 'Shared name' });
      expect(projects.filter((p) => p.name === 'Shared name').length).toBeLessThanOrEqual(1);
      for (const { reply } of answers.filter((a) => a.kind === 'project' && a.reply.status !== 201))
        expect(reply.body.errors).toEqual([{ resource: 'Project', field: 'name', code: 'already_exists' }]);
      // The kill came with answers still to come, and after some were given.
      expect(killedAfter).toBeGreaterThan(0);
      expect(entries.length).toBeGreaterThan(0);
    } finally {
      await store.close();
    }
  });
});
