import { describe, expect, it } from 'vitest';
import type { EntryView, ProjectView } from '../../../../common/snapshot';
import { savedHere } from '../../../support/snapshot';
import type { OutboxItem } from '../../../../main/core/sync/outbox';
import { recentProjectIds } from '../../../../main/core/views/recentProjects';

const project = (id: number, name: string): ProjectView => ({
  id,
  name,
  color: null,
  billingIncrement: 15,
  enabled: true,
});
const entry = (key: string, projectName: string | null): EntryView => ({
  key,
  id: null,
  date: '2025-03-10',
  minutes: 15,
  description: null,
  projectName,
  status: savedHere(),
});

describe('recentProjectIds', () => {
  const projects = [project(1, 'Acme'), project(2, 'Beta'), project(3, 'Gamma'), project(4, 'Delta')];

  it("takes the timers touched first, then today's entries newest first, each project once", () => {
    const entries = [entry('a', 'Gamma'), entry('b', null), entry('c', 'Beta'), entry('d', 'Gamma')];
    expect(recentProjectIds([2, 4], entries, projects, [])).toEqual([2, 4, 3]);
    expect(recentProjectIds([], entries, projects, [])).toEqual([3, 2]);
  });

  it('leaves out ids no longer among the projects (a local id since resolved, a deleted project)', () => {
    expect(recentProjectIds([-7, 99, 1], [entry('a', 'Gone')], projects, [])).toEqual([1]);
  });

  it('knows a project touched under its local id by the id the service gave it', () => {
    const created = {
      op: { kind: 'createProject', localId: -3, projectId: 4, name: 'Delta', id: 'p', seq: 3, at: 0 },
      status: 'settled',
      awaiting: ['projects'],
    } as unknown as OutboxItem;
    expect(recentProjectIds([-3], [], projects, [created])).toEqual([4]);
  });
});
