// What the two APIs decide differently about the same entry writes: spec 001 (v2, under /v2) and
// spec 002 (v1, under /api) lock entries by different rules and word their refusals in their own
// answers. Each API hands its policy to the commands of this folder (resources/entryPolicy.ts,
// v1/entryPolicy.ts); everything else about a create, change or removal is the command's, once.
import type { Actor } from '../../auth/permissions';
import type { Queryable } from '../../storage/store';
import type { EntryRow } from '../entries';
import type { ParsedTag } from '../hashtags';
import type { ProjectRow } from '../projects';

export interface EntryPolicy {
  /**
   * Refuses changing or removing the entry as read again, locked, inside the write (undefined:
   * gone meanwhile): the API's own lock rule (approved, invoiced, archived project) in its words.
   * Answers the entry's project row when the rule read it, so the command does not read it again.
   */
  refuseLocked(tx: Queryable, actor: Actor, entry: EntryRow | undefined): Promise<LockedEntry>;
  /** Logging time for another user, by a role that may not (GAPS.md "Roles"). */
  othersEntries(): Error;
  /** Tags an entry names that do not exist, by a role that may not create them. */
  unknownTags(tags: ParsedTag[]): Error;
  /** Minutes stored as given (v1: spec 002 leaves rounding to the client), else rounded up to the project's increment. */
  exactMinutes: boolean;
  /** A change that sends the description it has links the tags read from it again (v1), else keeps its links (v2). */
  relinksSameDescription: boolean;
  /**
   * The tags a change that leaves the description out must still be allowed to create: v2 checks
   * the kept description's #hashtags as if it were sent again; v1 nothing.
   */
  keptTags(entry: EntryRow): ParsedTag[];
}

export interface LockedEntry {
  entry: EntryRow;
  /** The entry's project as the lock rule read it; undefined when it read none. */
  project?: ProjectRow;
}

/** A description as the API's rule reads it (v2 #hashtags; v1 classic tags or #hashtags): parsed once. */
export interface DescribedEntry {
  description: string | null;
  tags: ParsedTag[];
}

export type { ProjectChoice } from '../entries';
