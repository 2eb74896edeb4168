// A v1 entry's description and the tags it names, by the rule the write asks for (spec 002
// "allow_hashtags: when true, hashtags are created for hashtag-enabled accounts"; GAPS.md
// "Tags": classic parsing without allow_hashtags). The local account reads #hashtags (v2 does),
// so it is hashtag-enabled: with allow_hashtags the description is read as v2 reads it (its
// #hashtags are the tags, the text is kept as written); without it, by the classic rules
// (v1/classicTags.ts), and a #word is then plain text that creates no tag.
import { createsTagsThroughEntries, type Actor } from '../auth/permissions';
import { parseHashtags, type ParsedTag } from '../domain/hashtags';
import { findTagByName } from '../domain/tags';
import type { Queryable } from '../storage/store';
import { parseClassicDescription } from './classicTags';
import { notAllowed } from './errors';

export interface DescribedEntry {
  description: string | null;
  tags: ParsedTag[];
}

export function describeEntry(description: string | null | undefined, allowHashtags: boolean): DescribedEntry {
  if (allowHashtags) {
    const text = description?.trim() || null;
    return { description: text, tags: parseHashtags(text) };
  }
  const classic = parseClassicDescription(description);
  // Classic tags are billable when new; an existing tag keeps its flag (domain/tags.ts).
  return { description: classic.description, tags: classic.tags.map((name) => ({ name, billable: true })) };
}

/**
 * GAPS.md "Roles": coworkers create tags through an entry only if the account allows it,
 * contractors never; the same holds for classic tags as for #hashtags (auth/entryGuard.ts).
 */
export async function guardNewTags(db: Queryable, actor: Actor, tags: ParsedTag[]): Promise<void> {
  if (tags.length === 0 || (await createsTagsThroughEntries(db, actor))) return;
  const unknown: ParsedTag[] = [];
  for (const tag of tags) if (!(await findTagByName(db, actor.accountId, tag.name))) unknown.push(tag);
  if (unknown.length)
    throw notAllowed(`your role cannot create tags, and ${unknown.map((t) => `"${t.name}"`).join(', ')} do not exist`);
}
