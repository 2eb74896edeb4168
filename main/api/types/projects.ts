// Projects and project groups (GAPS.md "Projects and users", spec 001 "Project groups").
import type { Entry, Project, ProjectFilters as SpecProjectFilters, ProjectGroup } from '../../../wire/serviceTypes';
import type { Expense, Invoice } from '../../../wire/serviceTypesMoney';
import type { EntryFilters, ExpenseFilters, Paged } from './lists';
import type { InvoiceFilters } from './money';
import type { CreateOptions } from './writes';

export type ProjectFilters = Paged<SpecProjectFilters>;

export interface ProjectInput {
  name: string;
  billable?: boolean;
  project_group_id?: number | null;
  billing_increment?: number;
  color?: string | null;
}

export type ProjectGroupFilters = Paged<{
  /** contained text */
  name?: string;
  project_ids?: number[];
}>;

export interface ProjectCalls {
  listProjects(filters?: ProjectFilters): AsyncIterable<Project>;
  getProject(id: number): Promise<Project>;
  createProject(input: ProjectInput, options?: CreateOptions): Promise<Project>;
  updateProject(id: number, input: Partial<ProjectInput>): Promise<Project>;
  /** The project `sourceId` is merged into `id` and deleted; refused if either is archived. */
  mergeProject(id: number, sourceId: number): Promise<void>;
  archiveProject(id: number): Promise<void>;
  unarchiveProject(id: number): Promise<void>;
  deleteProject(id: number): Promise<void>;
  /** The bulk actions skip projects that do not qualify (GAPS.md). */
  archiveProjects(ids: number[]): Promise<void>;
  unarchiveProjects(ids: number[]): Promise<void>;
  deleteProjects(ids: number[]): Promise<void>;
  listProjectEntries(id: number, filters?: EntryFilters): AsyncIterable<Entry>;
  listProjectExpenses(id: number, filters?: ExpenseFilters): AsyncIterable<Expense>;
}

export interface ProjectGroupCalls {
  listProjectGroups(filters?: ProjectGroupFilters): AsyncIterable<ProjectGroup>;
  getProjectGroup(id: number): Promise<ProjectGroup>;
  /** Projects already in another group move to this one. */
  createProjectGroup(input: { name: string; project_ids: number[] }): Promise<ProjectGroup>;
  updateProjectGroup(id: number, input: { name?: string }): Promise<ProjectGroup>;
  deleteProjectGroup(id: number): Promise<void>;
  listProjectGroupEntries(id: number, filters?: EntryFilters): AsyncIterable<Entry>;
  listProjectGroupProjects(id: number, filters?: ProjectFilters): AsyncIterable<Project>;
  listProjectGroupInvoices(id: number, filters?: InvoiceFilters): AsyncIterable<Invoice>;
  /** Projects already in another group are left there; answers the group's projects. */
  addProjectsToGroup(id: number, projectIds: number[]): Promise<Project[]>;
  removeProjectsFromGroup(id: number, projectIds: number[]): Promise<void>;
  removeAllProjectsFromGroup(id: number): Promise<void>;
}
