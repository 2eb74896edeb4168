// Wire shapes of the service's v2 resources, exactly as ../shared/spec/001 names their fields.
// Produced by service/ and consumed by main/api, so they are written once, here.

/** YYYY-MM-DD */
export type DateString = string;
/** YYYY-MM-DDTHH:MM:SSZ, UTC */
export type Timestamp = string;

export interface UserRef {
  id: number;
  email: string;
  first_name: string | null;
  last_name: string | null;
  profile_image_url: string | null;
  url: string;
}

export interface ProjectRef {
  id: number;
  name: string;
  /** minutes */
  billing_increment: number;
  enabled: boolean;
  billable: boolean;
  /** hex colour with leading # */
  color: string | null;
  url: string;
}

export interface TagRef {
  id: number;
  name: string;
  billable: boolean;
  formatted_name: string;
  url: string;
}

export interface GroupRef {
  id: number;
  name: string;
  url: string;
}

export interface InvoiceRef {
  id: number;
  reference: string;
  invoice_date: DateString;
  state: string;
  total_amount: number;
  url: string;
}

export interface ImportRef {
  id: number;
  url: string;
}

export type TimerState = 'pending' | 'running' | 'paused';

export interface Timer {
  id: number;
  state: TimerState;
  seconds: number;
  formatted_time: string;
  date: DateString;
  description: string | null;
  user: UserRef;
  project: ProjectRef;
  url: string;
  start_url: string;
  pause_url: string;
  add_or_subtract_time_url: string;
  log_url: string;
}

export interface Entry {
  id: number;
  date: DateString;
  user: UserRef;
  billable: boolean;
  minutes: number;
  description: string | null;
  project: ProjectRef | null;
  tags: TagRef[];
  source_url: string | null;
  invoiced_at: Timestamp | null;
  invoice: InvoiceRef | null;
  import: ImportRef | null;
  approved_at: Timestamp | null;
  approved_by: UserRef | null;
  url: string;
  invoiced_outside_of_service_url: string;
  approved_url: string;
  unapproved_url: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** The full project form (ProjectRef plus the rest), as GET /v2/projects answers. */
export interface Project extends ProjectRef {
  group: GroupRef | null;
  minutes: number;
  billable_minutes: number;
  unbillable_minutes: number;
  invoiced_minutes: number;
  remaining_minutes: number | null;
  budgeted_minutes: number | null;
  /**
   * Not in spec 001; the real service sends both and its clients read them (service/README.md
   * "Beyond the spec"). description: '' when none. uninvoiced_minutes: minutes of the project's
   * billable entries that are on no invoice.
   */
  description: string;
  uninvoiced_minutes: number;
  import: ImportRef | null;
  invoices: InvoiceRef[];
  participants: UserRef[];
  entries: number;
  entries_url: string;
  expenses: number;
  expenses_url: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  merge_url: string;
  archive_url: string;
  unarchive_url: string;
}

/** Spec 001 "Project group". */
export interface ProjectGroup {
  id: number;
  name: string;
  projects: ProjectRef[];
  url: string;
  entries_url: string;
  invoices_url: string;
  projects_url: string;
  add_projects_url: string;
  remove_projects_url: string;
  remove_all_projects_url: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface Tag extends TagRef {
  import: ImportRef | null;
  entries: number;
  entries_url: string;
  merge_url: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type TimeFormat = 'fraction' | 'hours_minutes';

export interface CurrentUser extends UserRef {
  state: string;
  role: string;
  entries: number;
  entries_url: string;
  expenses: number;
  expenses_url: string;
  time_format: TimeFormat;
  /** capitalised day name in output, e.g. "Monday" */
  week_start: string;
  /** seconds */
  utc_offset: number;
  send_personal_weekly_report_email: boolean;
  send_team_weekly_report_email: boolean;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One object of the errors array of an error body. */
export interface ValidationErrorItem {
  resource: string;
  field: string;
  code: string;
}

/** The error body of every non-2xx JSON answer (GAPS.md "Errors and status codes"). */
export interface ErrorBody {
  message: string;
  errors?: ValidationErrorItem[];
}

/** The query filters of GET /v2/entries (spec 001), combined; also of every "entry list filters" endpoint. */
export interface EntryFilters {
  user_ids?: number[];
  project_ids?: number[];
  tag_ids?: number[];
  invoice_ids?: number[];
  import_ids?: number[];
  approved_by_ids?: number[];
  description?: string;
  tag_filter_type?: 'and' | 'combination of';
  from?: DateString;
  to?: DateString;
  invoiced?: boolean;
  invoiced_at_from?: DateString;
  invoiced_at_to?: DateString;
  updated_from?: Timestamp;
  updated_to?: Timestamp;
  billable?: boolean;
  approved_at_from?: DateString;
  approved_at_to?: DateString;
}

/** The query filters of GET /v2/projects (GAPS.md). */
export interface ProjectFilters {
  name?: string;
  project_group_ids?: number[];
  billing_increment?: number;
  enabled?: boolean;
  billable?: boolean;
}
