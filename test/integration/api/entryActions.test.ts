// Entry approval, invoicing outside the service and deletion through the client, against the real
// local service.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collect } from '../../../main/api/types';
import { failureOf, uniqueName } from './harness';
import { startWithMembers, type LocalWithMembers } from './members';

let local: LocalWithMembers;
beforeAll(async () => {
  local = await startWithMembers();
});
afterAll(() => local?.close());

const ids = (items: Array<{ id: number }>) => items.map((x) => x.id).sort((a, b) => a - b);
async function entries(n: number) {
  const project = await local.api.createProject({ name: uniqueName('Approvals') });
  const made = [];
  for (let i = 0; i < n; i++)
    made.push(await local.api.createEntry({ date: '2025-09-01', minutes: 15, project_id: project.id }));
  return { project, made };
}

describe('approval', () => {
  it('approves one entry at the time given, refuses a second approval, and unapproves it', async () => {
    const { api } = local;
    const {
      made: [entry],
    } = await entries(1);
    const me = await api.getCurrentUser();
    await api.approveEntry(entry.id, '2025-09-02T10:00:00Z');
    expect(await api.getEntry(entry.id)).toMatchObject({
      approved_at: '2025-09-02T10:00:00Z',
      approved_by: expect.objectContaining({ id: me.id }),
    });
    expect((await failureOf(api.approveEntry(entry.id))).errors).toContainEqual(
      expect.objectContaining({ code: 'already_approved' }),
    );
    expect((await failureOf(api.updateEntry(entry.id, { description: 'changed' }))).errors).toContainEqual(
      expect.objectContaining({ code: 'approved_and_locked' }),
    );

    await api.unapproveEntry(entry.id);
    expect((await api.getEntry(entry.id)).approved_at).toBeNull();
    expect((await failureOf(api.unapproveEntry(entry.id))).errors).toContainEqual(
      expect.objectContaining({ code: 'not_approved' }),
    );
  });

  it('approves and unapproves many, skipping those that cannot, and filters by approver', async () => {
    const { api } = local;
    const { project, made } = await entries(3);
    await api.approveEntry(made[0].id, '2025-09-01T08:00:00Z');
    await api.approveEntries(ids(made));
    const me = await api.getCurrentUser();
    const approved = await collect(api.listProjectEntries(project.id, { approved_by_ids: [me.id], per_page: 2 }));
    expect(ids(approved)).toEqual(ids(made));
    // The one approved before kept its time.
    expect(approved.find((e) => e.id === made[0].id)?.approved_at).toBe('2025-09-01T08:00:00Z');

    await api.unapproveEntries([made[0].id, made[1].id]);
    expect(ids(await collect(api.listProjectEntries(project.id, { approved_by_ids: [me.id] })))).toEqual([made[2].id]);
  });

  it('forbids approval to a coworker', async () => {
    const {
      made: [entry],
    } = await entries(1);
    const coworker = await local.member('coworker');
    expect((await failureOf(coworker.api.approveEntries([entry.id]))).kind).toBe('forbidden');
    expect((await failureOf(coworker.api.approveEntry(entry.id))).kind).toBe('forbidden');
  });
});

describe('marked as invoiced', () => {
  it('marks one entry with a date and again with another, and many at once', async () => {
    const { api } = local;
    const { project, made } = await entries(3);
    await api.markEntryInvoiced(made[0].id, '2025-09-10');
    expect((await api.getEntry(made[0].id)).invoiced_at).toMatch(/^2025-09-10/);
    await api.markEntryInvoiced(made[0].id, '2025-09-11');
    expect((await api.getEntry(made[0].id)).invoiced_at).toMatch(/^2025-09-11/);

    await api.markEntriesInvoiced([made[1].id], '2025-09-12');
    expect(ids(await collect(api.listProjectEntries(project.id, { invoiced: true })))).toEqual(ids(made.slice(0, 2)));
    expect(ids(await collect(api.listProjectEntries(project.id, { invoiced: false })))).toEqual([made[2].id]);
  });

  it('refuses a mark without a date (validation, the field named)', async () => {
    const {
      made: [entry],
    } = await entries(1);
    const e = await failureOf(local.api.markEntryInvoiced(entry.id, undefined as never));
    expect(e.errors).toContainEqual(expect.objectContaining({ field: 'date', code: 'missing_field' }));
  });
});

describe("deletion and the current user's entries", () => {
  it("deletes an entry; the current user's list no longer has it", async () => {
    const { api } = local;
    const { made } = await entries(2);
    const mine = () => collect(api.listCurrentUserEntries({ from: '2025-09-01', to: '2025-09-01', per_page: 1000 }));
    expect(ids(await mine())).toEqual(expect.arrayContaining(ids(made)));
    await api.deleteEntry(made[0].id);
    expect((await failureOf(api.getEntry(made[0].id))).kind).toBe('not_found');
    expect(ids(await mine())).not.toContain(made[0].id);
    expect(ids(await mine())).toContain(made[1].id);
  });
});
