// Locked entries against the real local service (issue 27 item 8): the service changes no
// approved entry (approved_and_locked) and none on one of its invoices (already_invoiced). The
// snapshot says which are locked (and by whom they were approved), and core refuses their edit
// or delete at once, in words, with nothing queued to fail later in the outbox.
import { describe, expect, it } from 'vitest';
import { localDate } from '../../../common/format';
import type { Core } from '../../../main/core/types';
import { uniqueName } from '../../support/names';
import { until } from '../../support/offline';
import { must, untilSynced, type Local, localForFile, type TempDir } from './harness';

let local: Local;
let dir: TempDir;
localForFile((shared) => ({ local, dir } = shared));

const shown = (core: Core, id: number) => core.getSnapshot().today.entries.find((e) => e.id === id);

async function loggedElsewhere() {
  const project = await local.api.createProject({ name: uniqueName('Locked') });
  const today = localDate(local.clock.now());
  const entry = await local.api.createEntry({ date: today, minutes: 30, project_id: project.id, description: 'call' });
  return { project, entry };
}

describe('an entry the service will not change', () => {
  it('approved: shown locked with who approved it, its edit and delete refused at once, Continue still works', async () => {
    const { project, entry } = await loggedElsewhere();
    await local.api.approveEntry(entry.id);
    const me = await local.api.getCurrentUser();
    const core = await local.core(dir.path);
    await until(() => shown(core, entry.id) !== undefined, 'the entry read');
    const name = [me.first_name, me.last_name].filter(Boolean).join(' ') || me.email;
    expect(shown(core, entry.id)?.locked).toEqual({ reason: 'approved', by: name });

    const edit = await core.handlers.updateEntry({
      key: String(entry.id),
      time: '1:00',
      description: 'x',
      project: '',
    });
    expect(edit.ok ? 'queued' : edit.error).toMatchObject({
      code: 'invalid_input',
      message: `Approved by ${name}, it is locked: it cannot be edited here.`,
    });
    const gone = await core.handlers.deleteEntry({ entryId: entry.id });
    expect(gone.ok ? 'queued' : gone.error.message).toBe(
      `Approved by ${name}, it is locked: it cannot be deleted here.`,
    );
    expect(core.getSnapshot().outbox).toMatchObject({ pending: 0, failed: [] });
    expect(core.getSnapshot().undo).toEqual([]);

    await must(core.handlers.startTimer({ projectId: project.id, description: 'call' }));
    await untilSynced(core);
    expect((await local.api.getTimer(project.id)).state).toBe('running');
    expect((await local.api.getEntry(entry.id)).minutes).toBe(30);
  });

  it('on an invoice: shown invoiced, its edit refused at once; one marked invoiced elsewhere stays editable', async () => {
    const { entry } = await loggedElsewhere();
    const marked = (await loggedElsewhere()).entry;
    await local.api.createInvoice({
      invoice_date: localDate(local.clock.now()),
      entry_ids: [entry.id],
      rate_calculation: { calculation_method: 'flat_rate', flat_rate: 1 },
    });
    await local.api.markEntryInvoiced(marked.id, localDate(local.clock.now()));
    const core = await local.core(dir.path);
    await until(() => shown(core, marked.id) !== undefined, 'the entries read');
    expect(shown(core, entry.id)?.locked).toEqual({ reason: 'invoiced' });
    expect(shown(core, marked.id)?.locked).toBeUndefined();
    const edit = await core.handlers.updateEntry({ key: String(entry.id), time: '1:00', description: '', project: '' });
    expect(edit.ok ? 'queued' : edit.error.message).toBe('It is on an invoice: it cannot be edited here.');
    expect(core.getSnapshot().outbox.pending).toBe(0);
  });
});
