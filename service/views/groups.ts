// The project group shape of spec 001, with every link it names.
import type { ProjectGroup } from '../../wire/serviceTypes';
import type { ProjectGroupRow } from '../domain/projectGroups';
import type { ProjectRow } from '../domain/projects';
import { paths } from '../http/links';
import { projectRef } from './tracking';

export function projectGroup(base: string, g: ProjectGroupRow, projects: ProjectRow[]): ProjectGroup {
  const url = base + paths.projectGroup(g.id);
  return {
    id: g.id,
    name: g.name,
    projects: projects.map((p) => projectRef(base, p)),
    url,
    entries_url: `${url}/entries`,
    invoices_url: `${url}/invoices`,
    projects_url: `${url}/projects`,
    add_projects_url: `${url}/add_projects`,
    remove_projects_url: `${url}/remove_projects`,
    remove_all_projects_url: `${url}/remove_all_projects`,
    created_at: g.created_at,
    updated_at: g.updated_at,
  };
}
