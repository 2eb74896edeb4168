// Tags (spec 001 "Tags", GAPS.md "Tags").
import type { Entry, Tag } from '../../../wire/serviceTypes';
import type { Accepted, EntryFilters, Paged } from './lists';

export type TagFilters = Paged<{ name?: string; billable?: boolean }>;

/** A merge is done when it answers (204), or runs in the background (202) with the tags locked. */
export type TagMergeOutcome = { background: false } | ({ background: true } & Accepted);

export interface TagCalls {
  listTags(filters?: TagFilters): AsyncIterable<Tag>;
  getTag(id: number): Promise<Tag>;
  /** A trailing * makes a tag unbillable; tags that exist or cannot be created are left out. */
  createTags(names: string[]): Promise<Tag[]>;
  /** Renames (a trailing * marks it unbillable); refused with code locked during a merge. */
  updateTag(id: number, input: { name?: string }): Promise<Tag>;
  /** The tag `sourceId` is merged into `id`: entries move, descriptions are rewritten. */
  mergeTag(id: number, sourceId: number): Promise<TagMergeOutcome>;
  deleteTag(id: number): Promise<void>;
  /** Tags that cannot be deleted (locked) are skipped. */
  deleteTags(ids: number[]): Promise<void>;
  listTagEntries(id: number, filters?: EntryFilters): AsyncIterable<Entry>;
}
