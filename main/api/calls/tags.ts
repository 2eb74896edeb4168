// Tags (spec 001 "Tags", GAPS.md "Tags").
import type { Entry, Tag } from '../../../wire/serviceTypes';
import type { Accepted } from '../types/lists';
import type { TagCalls } from '../types/tags';
import { id, ONCE, SAFE, type Requester } from './requester';

export function tagCalls(r: Requester): TagCalls {
  const tag = (tagId: number, action = '') => `/v2/tags/${id(tagId)}${action}`;
  return {
    listTags: (filters) => r.list<Tag>('/v2/tags', filters),
    getTag: async (tagId) => r.get<Tag>(tag(tagId)),
    // 201 with the created ones; none created may come as an empty body.
    createTags: async (names) => (await r.create<Tag[] | undefined>('/v2/tags', { names })) ?? [],
    updateTag: async (tagId, input) => r.put<Tag>(tag(tagId), input, SAFE),
    mergeTag: async (tagId, sourceId) => {
      const reply = await r.call('PUT', tag(tagId, '/merge'), { tag_id: sourceId }, ONCE);
      // A large merge answers 202 and goes on in the background (spec 000 convention 10).
      return reply.status === 202 ? { background: true, ...(reply.body as Accepted) } : { background: false };
    },
    deleteTag: async (tagId) => r.del(tag(tagId)),
    deleteTags: async (ids) => r.act('/v2/tags/delete', { tag_ids: ids }, ONCE),
    listTagEntries: (tagId, filters) => r.list<Entry>(tag(tagId, '/entries'), filters),
  };
}
