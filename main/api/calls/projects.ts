// Projects and project groups (GAPS.md "Projects and users", spec 001 "Project groups").
import type { Entry, Project, ProjectGroup } from '../../../wire/serviceTypes';
import type { Expense, Invoice } from '../../../wire/serviceTypesMoney';
import type { ProjectCalls, ProjectGroupCalls } from '../types/projects';
import { id, ONCE, SAFE, type Requester } from './requester';

export function projectCalls(r: Requester): ProjectCalls {
  const project = (projectId: number, action = '') => `/v2/projects/${id(projectId)}${action}`;
  return {
    listProjects: (filters) => r.list<Project>('/v2/projects', filters),
    getProject: async (projectId) => r.get<Project>(project(projectId)),
    createProject: async (input, options) => r.create<Project>('/v2/projects', input, options),
    updateProject: async (projectId, input) => r.put<Project>(project(projectId), input, SAFE),
    mergeProject: async (projectId, sourceId) => r.act(project(projectId, '/merge'), { project_id: sourceId }, ONCE),
    archiveProject: async (projectId) => r.act(project(projectId, '/archive'), undefined, SAFE),
    unarchiveProject: async (projectId) => r.act(project(projectId, '/unarchive'), undefined, SAFE),
    deleteProject: async (projectId) => r.del(project(projectId)),
    archiveProjects: async (ids) => r.act('/v2/projects/archive', { project_ids: ids }, SAFE),
    unarchiveProjects: async (ids) => r.act('/v2/projects/unarchive', { project_ids: ids }, SAFE),
    deleteProjects: async (ids) => r.act('/v2/projects/delete', { project_ids: ids }, ONCE),
    listProjectEntries: (projectId, filters) => r.list<Entry>(project(projectId, '/entries'), filters),
    listProjectExpenses: (projectId, filters) => r.list<Expense>(project(projectId, '/expenses'), filters),
  };
}

// Spec 001 writes these paths without /v2 and with trailing slashes; the links the service answers
// name them under /v2, without.
export function projectGroupCalls(r: Requester): ProjectGroupCalls {
  const group = (groupId: number, action = '') => `/v2/project_groups/${id(groupId)}${action}`;
  return {
    listProjectGroups: (filters) => r.list<ProjectGroup>('/v2/project_groups', filters),
    getProjectGroup: async (groupId) => r.get<ProjectGroup>(group(groupId)),
    createProjectGroup: async (input) => r.create<ProjectGroup>('/v2/project_groups', input),
    updateProjectGroup: async (groupId, input) => r.put<ProjectGroup>(group(groupId), input, SAFE),
    deleteProjectGroup: async (groupId) => r.del(group(groupId)),
    listProjectGroupEntries: (groupId, filters) => r.list<Entry>(group(groupId, '/entries'), filters),
    listProjectGroupProjects: (groupId, filters) => r.list<Project>(group(groupId, '/projects'), filters),
    listProjectGroupInvoices: (groupId, filters) => r.list<Invoice>(group(groupId, '/invoices'), filters),
    // A POST that creates nothing: members already there are ignored (spec 001), so a repeat is harmless.
    addProjectsToGroup: async (groupId, ids) =>
      r.post<Project[]>(group(groupId, '/add_projects'), { project_ids: ids }, SAFE),
    removeProjectsFromGroup: async (groupId, ids) =>
      r.act(group(groupId, '/remove_projects'), { project_ids: ids }, SAFE),
    removeAllProjectsFromGroup: async (groupId) => r.act(group(groupId, '/remove_all_projects'), undefined, SAFE),
  };
}
