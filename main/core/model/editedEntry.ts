// What an edit of an entry means: the values typed in the form, read as quick entry reads them
// (the time string, a project by name) and refused at the field they are about. A project name
// follows the one rule of common/projectName.ts, as in quick entry: a new name is created by the
// service (the form says so, and names a known project it is probably a typo of).

import { fail, ok, type Result } from '../../../common/result';
import { checkProjectName } from '../../../common/projectName';
import type { Snapshot } from '../../../common/snapshot';
import { parseTimeString } from '../../../common/timeString';

/** The project an entry is on now: by id where an operation knows it, else only by name (a read entry). */
export interface CurrentProject {
  projectId?: number | null;
  projectName: string | null;
}

/** Where the entry goes: an id (null: none), or, with projectId absent, the project it is on. */
export type EditedProject = CurrentProject;

export interface EditedEntry extends EditedProject {
  minutes: number;
  description: string;
}

export interface TypedEntry {
  time: string;
  description: string;
  project: string;
}

/** A project name as typed: an @ in front allowed (as in quick entry), spaces tidied. */
export const cleanName = (text: string) => text.trim().replace(/\s+/g, ' ');

export const projectNamed = (snap: Snapshot, name: string) =>
  snap.projects.find((p) => p.name.toLowerCase() === name.toLowerCase());

export function editedEntry(typed: TypedEntry, current: CurrentProject, snap: Snapshot): Result<EditedEntry> {
  const time = parseTimeString(typed.time);
  if (!time.ok) return fail('invalid_input', time.message, 'time');
  const project = editedProject(typed.project, current, snap);
  if (!project.ok) return project;
  return ok({ minutes: time.minutes, description: typed.description.trim(), ...project.value });
}

/**
 * The project typed for an entry: empty for none, the one it is on (kept as it is, even one the
 * service is still to create by name), another the user has, or a new name (projectId null with
 * the name: sent as project_name, which the service creates). An archived one is refused: the
 * service changes no entry of an archived project.
 */
export function editedProject(typed: string, current: CurrentProject, snap: Snapshot): Result<EditedProject> {
  const name = cleanName(typed.startsWith('@') ? typed.slice(1) : typed);
  const same = name.toLowerCase() === (current.projectName ?? '').toLowerCase();
  const known = name === '' ? undefined : projectNamed(snap, name);
  if (known && !known.enabled)
    return fail('invalid_input', `${known.name} is archived: its entries cannot change.`, 'project');
  if (same)
    return ok(
      current.projectId === undefined
        ? { projectName: current.projectName }
        : { projectId: current.projectId, projectName: current.projectName },
    );
  if (name === '') return ok({ projectId: null, projectName: null });
  if (known) return ok({ projectId: known.id, projectName: known.name });
  const checked = checkProjectName(name, []);
  if (!checked.ok) return fail('invalid_input', checked.message, 'project');
  return ok({ projectId: null, projectName: checked.name });
}
