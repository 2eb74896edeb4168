// What an entry or timer write may bring into being besides itself (spec 001 error table for
// POST and PUT /v2/entries): a project named by project_name that does not exist yet
// (cannot_create_projects) and #hashtags that name no tag yet (cannot_create_tags), both 400.
// Also where contractors may log: only in projects given them, never without a project (403).
// Called inside the write's transaction, before anything is written.
import { findProjectByName } from '../domain/projects';
import { parseHashtags } from '../domain/hashtags';
import { findTagByName } from '../domain/tags';
import { forbidden, refused } from '../http/errors';
import type { Queryable } from '../storage/store';
import {
  createsProjectsThroughEntries,
  createsTagsThroughEntries,
  restrictedToGivenProjects,
  seesProject,
  type Actor,
} from './permissions';

export interface EntryProjectChoice {
  project_id?: number | null;
  project_name?: string | null;
}

export interface GuardEntryProjectOptions {
  actor: Actor;
  resource: string;
  choice: EntryProjectChoice;
  currentProjectId: number | null;
}

/**
 * Refuses what the actor may not do with the project of an entry. `currentProjectId` is the
 * entry's project before the write (null when creating): it stays when the body names none.
 */
export async function guardEntryProject(
  db: Queryable,
  { actor, resource, choice, currentProjectId }: GuardEntryProjectOptions,
): Promise<void> {
  let projectId: number | null = currentProjectId;
  if (typeof choice.project_id === 'number') {
    // A project the actor does not see names nothing, as a missing one does.
    if (!(await seesProject(db, actor, choice.project_id)))
      throw refused(resource, 'project_id', 'missing', `Project ${choice.project_id} does not exist`);
    projectId = choice.project_id;
  } else if (choice.project_name) {
    const existing = await findProjectByName(db, actor.accountId, choice.project_name);
    if (!existing || !(await seesProject(db, actor, existing.id))) {
      if (!(await createsProjectsThroughEntries(db, actor))) {
        throw refused(
          resource,
          'project_name',
          'cannot_create_projects',
          `You cannot create projects: there is no project named "${choice.project_name}"`,
        );
      }
      return; // the project will be created, by someone who may create it
    }
    projectId = existing.id;
  } else if (choice.project_id === null) projectId = null;

  if (restrictedToGivenProjects(actor) && projectId === null) {
    throw forbidden('Forbidden: contractors log time only in the projects they were given access to');
  }
}

/** Refuses a description whose #hashtags would create tags the actor may not create. */
export async function guardNewTags(
  db: Queryable,
  actor: Actor,
  resource: string,
  description: string | null | undefined,
): Promise<void> {
  if (!description || (await createsTagsThroughEntries(db, actor))) return;
  const unknown = [];
  for (const tag of parseHashtags(description))
    if (!(await findTagByName(db, actor.accountId, tag.name))) unknown.push(tag);
  if (unknown.length) {
    throw refused(
      resource,
      'description',
      'cannot_create_tags',
      `You cannot create tags: ${unknown.map((t) => `#${t.name}`).join(', ')} do not exist`,
    );
  }
}
