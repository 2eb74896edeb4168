// The tests' second connection to a running service's file must not deadlock against the
// service's group commit in the same process (a fresh-clone run failed a webhook test so).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { openSqliteStore, type SqliteStore } from '../../../service/storage/sqliteStore';
import { openDatabaseFile, value, writeBeside } from '../../support/sqliteFile';

let store: SqliteStore | undefined;
afterEach(() => store?.close());

it('writes beside a batch that holds the write lock across turns of the event loop, once the batch commits', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'stint-beside-'));
  store = openSqliteStore(dataDir);
  let finish!: () => void;
  const held = new Promise<void>((resolve) => (finish = resolve));
  const batch = store.transaction(async (tx) => {
    await tx.run("INSERT INTO accounts (name, created_at) VALUES ('Held', '2024-01-01T00:00:00Z')");
    await held; // the service's unit waits on something, as a request's does, with the lock held
  });
  await new Promise((resolve) => setImmediate(resolve));
  const written = writeBeside(join(dataDir, 'service.db'), (db) =>
    db.prepare("INSERT INTO accounts (name, created_at) VALUES ('Beside', '2024-01-01T00:00:00Z')").run(),
  );
  // The event loop stays free while the write waits: the batch can still finish.
  setTimeout(finish, 50);
  await batch;
  await written;
  const db = openDatabaseFile(join(dataDir, 'service.db'), { readonly: true });
  expect(
    value(
      db,
      "SELECT group_concat(name, ',') FROM (SELECT name FROM accounts WHERE name IN ('Held', 'Beside') ORDER BY id)",
    ),
  ).toBe('Held,Beside');
  db.close();
});
