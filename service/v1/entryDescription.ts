// A v1 entry's description and the tags it names, by the rule the write asks for (spec 002
// "allow_hashtags: when true, hashtags are created for hashtag-enabled accounts"; GAPS.md
// "Tags": classic parsing without allow_hashtags). The local account reads #hashtags (v2 does),
// so it is hashtag-enabled: with allow_hashtags the description is read as v2 reads it (its
// #hashtags are the tags, the text is kept as written); without it, by the classic rules
// (v1/classicTags.ts), and a #word is then plain text that creates no tag.
import type { DescribedEntry } from '../domain/entryCommands/entryPolicy';
import { parseHashtags } from '../domain/hashtags';
import { parseClassicDescription } from './classicTags';

export function describeEntry(description: string | null | undefined, allowHashtags: boolean): DescribedEntry {
  if (allowHashtags) {
    const text = description?.trim() || null;
    return { description: text, tags: parseHashtags(text) };
  }
  const classic = parseClassicDescription(description);
  // Classic tags are billable when new; an existing tag keeps its flag (domain/tags.ts).
  return { description: classic.description, tags: classic.tags.map((name) => ({ name, billable: true })) };
}
