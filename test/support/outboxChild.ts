// The app, as a child process the crash test kills: opens a real core on a data folder, performs
// a script of user actions through core's handlers and drains the outbox; killed at any moment,
// it is started again on the same folder and carries on where the user was.
//
//   node outboxChild.mjs <dataDir> <serviceUrl> <token> <scriptFile>
//
// The script file holds { actions: Action[] }. <dataDir>/progress.log records each action the
// app accepted, as "done <index> <epoch ms>", fsync'd right after core answered. A kill between
// core's answer and that line leaves the last action in doubt: core had written it to its
// journal or not. Core's journal says which, the way a user would look at the screen: the last
// operation it holds is that action's (two actions in a row never look alike), or the action was
// never recorded and is done again.
//
// It takes the data folder first, as the app does (main/core/dataFolderLock.ts, in openStintApp):
// prints "locked" then, or "refused" and exits 4 when another life holds the folder, having read
// and written nothing there (the crash test starts two lives at once now and then).
// Prints "ready <ms since the process started>" once core is open, "drained" once the script is
// done and the outbox empty; exits 0 then, 3 if core gave up on an operation.
import { appendFileSync, closeSync, fsyncSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createServiceApi } from '../../main/api/client';
import { createLegacyApi } from '../../main/api/legacy';
import { createCore } from '../../main/core/core';
import { DataFolderInUseError, lockDataFolder } from '../../main/core/accounts/dataFolderLock';
import { JOURNAL_FILE } from '../../main/core/sync/journal';
import type { Operation } from '../../main/core/model/operations';
import {
  actionSignature,
  applyToModel,
  Model,
  operationSignature,
  perform,
  shows,
  UNDO_GRACE_MS_UNDER_TEST,
  type Action,
} from './userModel';

const [dataDir, serviceUrl, token, scriptFile] = process.argv.slice(2) as [string, string, string, string];
const actions = (JSON.parse(readFileSync(scriptFile, 'utf8')) as { actions: Action[] }).actions;
const progressFile = join(dataDir, 'progress.log');

const PROGRESS_LINE = /^done (\d+) (\d+)$/;

function readLines(file: string): string[] {
  try {
    return readFileSync(file, 'utf8').split('\n');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** Durable before it returns, so a kill right after cannot take it back. */
function record(index: number, at: number): void {
  const fd = openSync(progressFile, 'a');
  try {
    appendFileSync(fd, `done ${index} ${at}\n`);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** The last operation the journal holds, read as core will read it (torn lines skipped). */
function lastJournalOperation(): Operation | null {
  let last: Operation | null = null;
  for (const line of readLines(join(dataDir, JOURNAL_FILE))) {
    try {
      const r = JSON.parse(line) as { t?: string; op?: Operation; ops?: Operation[] };
      if (r?.t === 'op' && r.op) last = r.op;
      // Several queued in one write (outbox.addAll: a note started apart logs the timer first): the last is the action's.
      if (r?.t === 'ops' && r.ops?.length) last = r.ops.at(-1)!;
    } catch {
      // torn by a kill
    }
  }
  return last;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The exit of a life refused because another holds the folder. */
const REFUSED = 4;

async function main(): Promise<number> {
  try {
    await lockDataFolder(dataDir);
  } catch (error) {
    if (!(error instanceof DataFolderInUseError)) throw error;
    console.log('refused');
    return REFUSED;
  }
  console.log('locked');
  let done = -1;
  const at = new Map<number, number>();
  for (const line of readLines(progressFile)) {
    const m = PROGRESS_LINE.exec(line);
    if (m) (done = Math.max(done, Number(m[1]))), at.set(Number(m[1]), Number(m[2]));
  }
  // The action in doubt: recorded by core, or not?
  const doubt = actions[done + 1];
  const last = lastJournalOperation();
  if (doubt && last && operationSignature(last) === actionSignature(doubt)) {
    done++;
    at.set(done, last.at);
    record(done, last.at);
    console.log(`doubt ${done} recorded`);
  }

  const api = createServiceApi({
    baseUrl: serviceUrl,
    credentials: { kind: 'personal', token },
    rateLimit: 0,
    timeoutMs: 2_000,
    retries: 1,
    backoff: { baseMs: 2, capMs: 10 },
  });
  // With the bulk importer, as the embedded account: a kill may land between a batch's attempt and its answer.
  const importer = createLegacyApi({
    baseUrl: serviceUrl,
    token,
    rateLimit: 0,
    timeoutMs: 2_000,
    retries: 1,
    backoff: { baseMs: 2, capMs: 10 },
  });
  const core = await createCore({
    api,
    dataDir,
    account: { id: 'crash', label: 'Crash', kind: 'local' },
    backoff: { firstMs: 5, capMs: 50 },
    importer,
    undoGraceMs: UNDO_GRACE_MS_UNDER_TEST,
  });
  console.log(`ready ${Math.round(process.uptime() * 1000)}`);

  const model = new Model();
  for (let i = 0; i <= done; i++) applyToModel(model, actions[i]!, at.get(i)!);

  for (let i = done + 1; i < actions.length; i++) {
    // As after a start, the user acts on what the app shows.
    const end = Date.now() + 30_000;
    while (!shows(core.getSnapshot(), model) && Date.now() < end) await sleep(2);
    if (!shows(core.getSnapshot(), model))
      throw new Error(`core does not show the user's projects and timers before action ${i}`);
    const now = Date.now();
    await perform(core, actions[i]!);
    record(i, now);
    applyToModel(model, actions[i]!, now);
    // A user clicks a few times a second; now and then the app falls behind by a few operations.
    const backlog = i % 11 === 0 ? 8 : 1;
    while (core.getSnapshot().outbox.pending > backlog) await sleep(1);
    if (i % 3 === 0) await sleep(i % 5);
  }

  const end = Date.now() + 30_000;
  while (core.getSnapshot().outbox.pending > 0 && Date.now() < end) await sleep(2);
  const { outbox } = core.getSnapshot();
  await core.stop();
  if (outbox.failed.length > 0 || outbox.pending > 0) {
    console.log(`failed ${JSON.stringify(outbox)}`);
    return 3;
  }
  console.log('drained');
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(2);
  },
);
