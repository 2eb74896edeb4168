// The legacy v1 API's shapes (spec 002 "Resources and their fields") as the client answers them,
// unwrapped from their {entry: …} / {project: …} / {user: …} / {tag: …} objects, and the inputs
// of its calls. Deprecated fields (spec 002: "to be removed in the next version") are left out
// of the types; they are still in the objects if the service sends them.
import type { DateString, Timestamp } from '../../../wire/serviceTypes';

export interface LegacyEntry {
  id: number;
  date: DateString;
  user_id: number;
  user_name: string;
  /** false if the entry or its project is unbillable */
  billable: boolean;
  created_at: Timestamp;
  updated_at: Timestamp;
  minutes: number;
  /** the full text, tags included */
  description: string | null;
  project_id: number | null;
  project: { id: number; name: string } | null;
  tags: Array<{ name: string; billable: boolean; id: number }>;
  /** link to the source of the entry */
  url: string | null;
  invoiced_at: Timestamp | null;
  project_invoice_id: number | null;
  import_id: number | null;
}

/** An entry as POST /api/entries/import answers it (spec 002 lists these fields, hyphenated). */
export interface LegacyImportedEntry {
  id: number;
  date: DateString;
  minutes: number;
  description: string | null;
  billable: boolean;
  'project-id': number | null;
  'user-id': number;
  url: string | null;
  'created-at': Timestamp;
  'updated-at': Timestamp;
}

export interface LegacyProject {
  id: number;
  name: string;
  group_name: string | null;
  project_group_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  minutes: number | null;
  billable_minutes: number | null;
  unbillable_minutes: number | null;
  invoiced_minutes: number | null;
  remaining_minutes: number | null;
  budget_minutes: number | null;
  billable: boolean;
  import_id: number | null;
  /** true active, false archived */
  enabled: boolean;
  /** rrggbb */
  color_hex: string | null;
  /** billing increment in minutes */
  stepping: number;
}

export interface LegacyUser {
  id: number;
  first_name: string | null;
  last_name: string | null;
  email: string;
  /** in the list only */
  login?: string;
  /** comma-separated: integration, time, invoicing, reports, … */
  permissions: string;
  time_format: string | null;
  week_start: string | null;
  hashtags: boolean;
}

export interface LegacyAvatar {
  id: number;
  /** '' when the user has no avatar */
  thumbnail: string;
  avatar: string;
}

export interface LegacyTag {
  id: number;
  name: string;
  billable: boolean;
  created_at: Timestamp;
  updated_at: Timestamp;
  import_id: number | null;
  account_id: number;
}

/** The attributes of an entry to create (spec 002 "Entry attributes for create and update"). */
export interface LegacyEntryInput {
  date: DateString;
  /** whole minutes, 0 or more; sent as the time string H:MM, the form spec 002 recommends */
  minutes: number;
  /** text including tags */
  description?: string | null;
  /** takes precedence over projectName, except in an import; null = no project */
  projectId?: number | null;
  projectName?: string | null;
  /** a user id, e-mail address or full name; absent = the token's user */
  user?: string | number;
}

export interface LegacyEntryOptions {
  /** when true, #hashtags are created for hashtag-enabled accounts (spec 002 allow_hashtags) */
  allowHashtags?: boolean;
}

/** GET /api/entries query (spec 002); lists of ids are sent comma-separated. */
export interface LegacyEntryFilters {
  /** 1 to 1000, the service's default 100 */
  perPage?: number;
  /** user ids */
  people?: readonly number[];
  /** project ids */
  projects?: readonly number[];
  /** tag ids or names, mixed; several combine with AND */
  tags?: ReadonlyArray<number | string>;
  from?: DateString;
  to?: DateString;
  /** true only billable, false only unbillable */
  billable?: boolean;
}

/** Project attributes (spec 002 PUT /api/projects/:id); name is required on create. */
export interface LegacyProjectInput {
  name?: string;
  groupName?: string | null;
  billable?: boolean;
  budgetMinutes?: number | null;
  /** rrggbb */
  colorHex?: string | null;
}

/** "first_name, last_name, email (the only settable fields)"; email is required on create. */
export interface LegacyUserInput {
  firstName?: string | null;
  lastName?: string | null;
  email?: string;
}

export interface LegacyApi {
  readonly baseUrl: string;

  /** Newest date first, following the Link header page by page. */
  listEntries(filters?: LegacyEntryFilters): AsyncIterable<LegacyEntry>;
  getEntry(entryId: number): Promise<LegacyEntry>;
  /** Refused (422) when the exact same entry was created within the last minute. */
  createEntry(input: LegacyEntryInput, options?: LegacyEntryOptions): Promise<LegacyEntry>;
  updateEntry(entryId: number, input: Partial<LegacyEntryInput>, options?: LegacyEntryOptions): Promise<LegacyEntry>;
  deleteEntry(entryId: number): Promise<void>;
  /**
   * One POST /api/entries/import for all of them (XML, spec 002): answers, in the order given,
   * the created entry of each input, or null for one the service skipped because its `user`
   * names a missing or inactive user. Any other invalid input refuses the whole import (422),
   * and nothing is created.
   */
  importEntries(
    entries: readonly LegacyEntryInput[],
    options?: LegacyEntryOptions,
  ): Promise<Array<LegacyImportedEntry | null>>;

  listTags(): Promise<LegacyTag[]>;

  /** Active and archived. */
  listProjects(): Promise<LegacyProject[]>;
  getProject(projectId: number): Promise<LegacyProject>;
  createProject(input: LegacyProjectInput & { name: string }): Promise<LegacyProject>;
  updateProject(projectId: number, input: LegacyProjectInput): Promise<LegacyProject>;
  /** Only a project without entries, expenses and invoices; the refusal's reason is the error's message. */
  deleteProject(projectId: number): Promise<void>;
  /** GET /api/projects/<id>/active: makes an archived project active again. */
  activateProject(projectId: number): Promise<LegacyProject>;
  /** GET /api/projects/<id>/archive */
  archiveProject(projectId: number): Promise<LegacyProject>;

  /** Active users only. */
  listUsers(): Promise<LegacyUser[]>;
  /** Deactivated users too; an unknown user answers 401 (spec 002), an ApiError of kind unauthorized. */
  getUser(userId: number): Promise<LegacyUser>;
  getSelf(): Promise<LegacyUser>;
  getAvatar(userId: number): Promise<LegacyAvatar>;
  createUser(input: LegacyUserInput & { email: string }): Promise<LegacyUser>;
  updateUser(userId: number, input: LegacyUserInput): Promise<LegacyUser>;
  /** Deactivates the user, or deletes them when they have no entries; the owner only. */
  deleteUser(userId: number): Promise<void>;

  /**
   * GET /api/user/api_auth_token with HTTP Basic e-mail and password instead of the token: the
   * user's personal token. Wrong credentials answer 401 (an ApiError of kind unauthorized).
   */
  apiAuthToken(email: string, password: string): Promise<string>;
}
