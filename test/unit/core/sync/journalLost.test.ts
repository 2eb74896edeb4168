// The outbox's journal deleted or replaced under a running app (issue 18: a second app's start-up
// compaction renamed a new journal over the first's): the first must not answer "queued" for a
// change it can only write into a file no one will read again. It refuses, in words, from then on,
// and leaves the file now at the path alone.
import { readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { JournalLostError, openJournal } from '../../../../main/core/sync/journal';
import type { Operation } from '../../../../main/core/model/operations';
import type { Outbox } from '../../../../main/core/sync/outbox';
import { useOutboxFolder } from '../support/outboxFolder';

const dir = useOutboxFolder();

let n = 0;
function pause(outbox: Outbox): Operation {
  return {
    kind: 'pauseTimer',
    projectId: 7,
    projectName: 'Website',
    seconds: 60,
    id: `lost-${++n}`,
    seq: outbox.newSeq(),
    at: 1000,
  };
}

const LOST = /outbox file .* was deleted or replaced .* not saved/;

describe('the journal lost under a running outbox', () => {
  it('refuses every change once its file was replaced, and leaves the new file as it is', async () => {
    const { outbox } = await dir.reopen();
    const kept = pause(outbox);
    await outbox.add(kept);
    // As the second app's compaction did: a new file renamed over the path.
    writeFileSync(`${dir.journal()}.other`, '{"t":"op","op":{"id":"theirs"}}\n');
    renameSync(`${dir.journal()}.other`, dir.journal());
    const replacement = readFileSync(dir.journal(), 'utf8');

    const lost = pause(outbox);
    await expect(outbox.add(lost)).rejects.toThrow(JournalLostError);
    await expect(outbox.add(pause(outbox))).rejects.toThrow(LOST);
    expect(outbox.items().map((i) => i.op.id)).toEqual([kept.id]);
    expect(readFileSync(dir.journal(), 'utf8')).toBe(replacement);
  });

  it('refuses a change once its file was deleted', async () => {
    const { outbox } = await dir.reopen();
    await outbox.add(pause(outbox));
    unlinkSync(dir.journal());
    await expect(outbox.add(pause(outbox))).rejects.toThrow(LOST);
    await expect(outbox.settle(outbox.items()[0]!.op.id)).rejects.toThrow(LOST);
  });

  it('a compaction does not rename its records over a file that replaced its own', async () => {
    const { journal } = await openJournal(dir.path);
    try {
      await journal.append({ t: 'op', op: { id: 'ours' } });
      writeFileSync(`${dir.journal()}.other`, 'theirs\n');
      renameSync(`${dir.journal()}.other`, dir.journal());
      await expect(journal.rewrite([{ t: 'op', op: { id: 'ours' } }])).rejects.toThrow(LOST);
      expect(readFileSync(dir.journal(), 'utf8')).toBe('theirs\n');
    } finally {
      await journal.close();
    }
  });
});
