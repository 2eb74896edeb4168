// The calls of the service that Stint makes, as one interface. main/api/client.ts implements it
// over HTTP; main/core depends only on this interface.

import type { BroadcastReceiver } from '../../common/serviceTypesMoney';
import type {
  CurrentUser,
  DateString,
  Entry,
  EntryFilters as SpecEntryFilters,
  Project,
  ProjectFilters as SpecProjectFilters,
  Tag,
  Timer,
  TimeFormat,
} from '../../common/serviceTypes';

export interface TimerFilters {
  description?: string;
  projects?: number[];
  billable?: boolean;
}

/** The spec's entry filters plus the page size the client asks for. */
export interface EntryFilters extends SpecEntryFilters {
  per_page?: number;
}

export interface ProjectFilters extends SpecProjectFilters {
  per_page?: number;
}

export interface ProjectInput {
  name: string;
  billable?: boolean;
  project_group_id?: number | null;
  billing_increment?: number;
  color?: string | null;
}

export interface EntryInput {
  date: DateString;
  minutes: number;
  user_id?: number;
  description?: string | null;
  project_id?: number | null;
  project_name?: string;
  source_url?: string | null;
}

export interface CurrentUserInput {
  first_name?: string;
  last_name?: string;
  time_format?: TimeFormat;
  week_start?: 'sunday' | 'monday';
  send_personal_weekly_report?: boolean;
  send_team_weekly_report?: boolean;
}

export interface ServiceApi {
  readonly baseUrl: string;

  getCurrentUser(): Promise<CurrentUser>;
  updateCurrentUser(input: CurrentUserInput): Promise<CurrentUser>;

  listProjects(filters?: ProjectFilters): AsyncIterable<Project>;
  getProject(id: number): Promise<Project>;
  createProject(input: ProjectInput): Promise<Project>;
  updateProject(id: number, input: Partial<ProjectInput>): Promise<Project>;
  archiveProject(id: number): Promise<void>;
  unarchiveProject(id: number): Promise<void>;
  deleteProject(id: number): Promise<void>;

  listTags(filters?: { name?: string; billable?: boolean }): AsyncIterable<Tag>;
  createTags(names: string[]): Promise<Tag[]>;

  listTimers(filters?: TimerFilters): AsyncIterable<Timer>;
  getTimer(projectId: number): Promise<Timer>;
  updateTimer(projectId: number, input: { description?: string }): Promise<Timer>;
  startTimer(projectId: number, input?: { entry_date?: DateString; description?: string }): Promise<Timer>;
  pauseTimer(projectId: number): Promise<Timer>;
  addOrSubtractTime(projectId: number, input: { minutes?: number; seconds?: number }): Promise<Timer>;
  logTimer(projectId: number, input?: { entry_date?: DateString; minutes?: number; description?: string }): Promise<void>;
  deleteTimer(projectId: number): Promise<void>;

  listEntries(filters?: EntryFilters): AsyncIterable<Entry>;
  getEntry(id: number): Promise<Entry>;
  createEntry(input: EntryInput): Promise<Entry>;
  updateEntry(id: number, input: Partial<EntryInput>): Promise<Entry>;

  /** Spec 001 "Broadcast receivers". The answer to creation is the only one carrying the secret. */
  createBroadcastReceiver(input: { name: string; payload_uri: string; subjects: string[] }): Promise<BroadcastReceiver>;
  getBroadcastReceiver(id: number): Promise<BroadcastReceiver>;
  updateBroadcastReceiver(id: number, input: { name?: string; payload_uri?: string }): Promise<BroadcastReceiver>;
  deleteBroadcastReceiver(id: number): Promise<void>;
}

/** Collects an async iterable: for lists known to be small (today's entries, one user's timers). */
export async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}
