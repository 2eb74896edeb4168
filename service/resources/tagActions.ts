// Tags beyond list/create/show (spec 001 "Tags", GAPS.md "Tags"): rename, merge, delete one or
// many, and a tag's entries. A tag being merged is locked (code locked) for PUT, merge and DELETE.
// Decided where the spec is silent:
// - a new name given to PUT that another tag has (in any letter case) answers already_exists;
//   the name without a trailing * makes the tag billable again;
// - deleting a tag turns "#meeting" and "#meeting*" into the plain word "meeting";
// - PUT /v2/tags/delete skips locked tags; an id that names no tag answers 400 missing and
//   nothing is deleted (service/README.md);
// - a merge moving more than Tuning.tagMergeInlineMax entries answers 202 and runs in the
//   background (jobs/tagMergeRunner.ts).
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../auth/authenticate';
import { managesProjects, seesTag, type Actor } from '../auth/permissions';
import { instant, type Context } from '../context';
import { parseTagName } from '../domain/hashtags';
import { deleteTag, updateTag } from '../domain/tagEdits';
import { isTagLocked, lockRowsLinkedTo, runTagMergeBatch, startTagMerge } from '../domain/tagMerges';
import { countTagEntries, findTagByName, getTag, lockedTags, tagForChange, type TagRow } from '../domain/tags';
import { forbidden, notFound, refused } from '../http/errors';
import { bodyOf, LIMITS, pathId } from '../http/fields';
import { idArray } from '../http/idArray';
import { isUniqueViolation } from '../storage/constraintErrors';
import type { Queryable } from '../storage/store';
import { TagMergeRunner } from '../jobs/tagMergeRunner';
import * as view from '../views/tracking';
import { sendEntryList } from './entryList';
import { requireKnownIds } from './knownIds';

export const MERGE_ACCEPTED_MESSAGE =
  'The tags are being merged in the background; you will be notified by e-mail when it completes.';

const notFoundTag = (): never => {
  throw notFound('Tag not found');
};

const nameTaken = (name: string) =>
  refused('Tag', 'name', 'already_exists', `A tag named #${name} already exists: merge the tags instead`);

async function ownTag(db: Queryable, actor: Actor, rawId: unknown): Promise<TagRow> {
  const tag = await getTag(db, actor.accountId, pathId(rawId, 'Tag'));
  if (!tag || !(await seesTag(db, actor, tag.id))) throw notFound('Tag not found');
  return tag;
}

function mayManage(actor: Actor): void {
  if (!managesProjects(actor)) throw forbidden('Forbidden: your role cannot manage tags');
}

async function unlocked(db: Queryable, tag: TagRow): Promise<void> {
  if (await isTagLocked(db, tag.id))
    throw refused(
      'Tag',
      'base',
      'locked',
      `Tag #${tag.name} is locked while a merge runs: try again when it has finished`,
    );
}

/** The target and source of a merge read again, locked, in the merge's transaction; refused as the route refuses them. */
async function mergePair(
  tx: Queryable,
  actor: Actor,
  targetId: number,
  sourceId: number,
): Promise<{ target: TagRow; source: TagRow }> {
  const tags = await lockedTags(tx, actor.accountId, [targetId, sourceId]);
  const target = tags.find((t) => t.id === targetId);
  const source = tags.find((t) => t.id === sourceId);
  if (!target) throw notFound('Tag not found');
  if (!source) throw refused('Tag', 'tag_id', 'missing', `Tag ${sourceId} does not exist`);
  await unlocked(tx, target);
  await unlocked(tx, source);
  return { target, source };
}

type WithId = { Params: { id: string } };

export function tagActionRoutes(app: FastifyInstance, context: Context): void {
  const { db } = context;
  const runner = new TagMergeRunner(db, context.clock, context.tuning, app.log);
  app.addHook('onReady', async () => runner.kick()); // merges a stop cut short
  // preClose, as the event workers: onClose hooks run last-registered first, so the store's close (index.ts)
  // would come before this one and leave the poll querying an ended pool.
  app.addHook('preClose', async () => runner.stop());

  registerTagRename(app, context);
  registerTagMerge(app, context, runner);
  registerTagDeletes(app, context);
  registerTagEntries(app, context);
}

function registerTagRename(app: FastifyInstance, context: Context): void {
  const { db } = context;
  app.put<WithId>('/v2/tags/:id', async (request) => {
    const actor = actorOf(request);
    const tag = await ownTag(db, actor, request.params.id);
    mayManage(actor);
    const f = bodyOf(request.body, 'Tag');
    const raw = f.text('name', { max: LIMITS.name + 2 }); // room for "#" and "*"
    const parsed = typeof raw === 'string' ? parseTagName(raw) : undefined;
    if (raw === null) f.fail('name', 'missing_field');
    else if (parsed === null) f.fail('name');
    f.check();
    await unlocked(db, tag);
    if (parsed) {
      const rename = async (tx: Queryable) => {
        // Read again, locked: a rename, deletion or merge of the tag racing on another instance went first.
        const fresh = (await tagForChange(tx, actor.accountId, tag.id)) ?? notFoundTag();
        await unlocked(tx, fresh);
        const other = await findTagByName(tx, actor.accountId, parsed.name);
        if (other && other.id !== tag.id) throw nameTaken(other.name);
        await updateTag(tx, { tag: fresh, name: parsed.name, billable: parsed.billable, now: instant(context).iso });
      };
      // A tag of the name committed after the look above (an entry's #hashtag on another instance):
      // the unique index refuses the rename, and the answer is the same as the look's.
      await db.transaction(rename).catch((error: unknown) => {
        throw isUniqueViolation(error) ? nameTaken(parsed.name) : error;
      });
    }
    const current = (await getTag(db, actor.accountId, tag.id)) ?? notFoundTag();
    return view.tag(context.base(request), current, await countTagEntries(db, current.id));
  });
}

/** Merging a tag into another: inline when few entries move, else in the background (`runner`). */
function registerTagMerge(app: FastifyInstance, context: Context, runner: TagMergeRunner): void {
  const { db } = context;
  // tag_id is merged into this tag (spec 001).
  app.put<WithId>('/v2/tags/:id/merge', async (request, reply) => {
    const actor = actorOf(request);
    const target = await ownTag(db, actor, request.params.id);
    mayManage(actor);
    const f = bodyOf(request.body, 'Tag');
    const sourceId = f.id('tag_id', { required: true });
    if (sourceId === target.id) f.fail('tag_id'); // a tag cannot be merged into itself
    f.check();
    const source = await getTag(db, actor.accountId, sourceId!);
    if (!source) throw refused('Tag', 'tag_id', 'missing', `Tag ${sourceId} does not exist`);
    await unlocked(db, target);
    await unlocked(db, source);
    const now = instant(context).iso;
    // Started from the pair as it is inside the transaction: a merge racing this one may have
    // deleted the source (or the target) or locked them since they were read above.
    const start = async (tx: Queryable) =>
      await startTagMerge(tx, {
        accountId: actor.accountId,
        ...(await mergePair(tx, actor, target.id, source.id)),
        now,
      });
    if ((await countTagEntries(db, source.id)) <= context.tuning.tagMergeInlineMax) {
      await db.transaction(async (tx) => {
        await lockRowsLinkedTo(tx, source.id); // before the tags: the order an entry edit takes them in
        await runTagMergeBatch(tx, await start(tx), -1, now);
      });
      return reply.code(204).send();
    }
    await db.transaction(start);
    runner.kick();
    return reply.code(202).send({ message: MERGE_ACCEPTED_MESSAGE });
  });
}

/** Deleting one tag or many. */
function registerTagDeletes(app: FastifyInstance, context: Context): void {
  const { db } = context;
  app.delete<WithId>('/v2/tags/:id', async (request, reply) => {
    const actor = actorOf(request);
    const tag = await ownTag(db, actor, request.params.id);
    mayManage(actor);
    await unlocked(db, tag);
    await db.transaction(async (tx) => {
      // Read again, locked: a merge or deletion racing on another instance may have taken it since.
      const fresh = (await tagForChange(tx, actor.accountId, tag.id)) ?? notFoundTag();
      await unlocked(tx, fresh);
      await deleteTag(tx, fresh, instant(context).iso);
    });
    return reply.code(204).send();
  });

  app.put('/v2/tags/delete', async (request, reply) => {
    const actor = actorOf(request);
    mayManage(actor);
    const f = bodyOf(request.body, 'Tag');
    const ids = idArray(f, request.body, 'tag_ids', { required: true });
    await requireKnownIds(db, f, { table: 'tags', accountId: actor.accountId, ids, field: 'tag_ids' });
    f.check();
    await db.transaction(async (tx) => {
      const now = instant(context).iso;
      // In id order, each read again locked; one a racing request deleted (or merged away) meanwhile is gone already.
      for (const id of [...new Set(ids!)].sort((a, b) => a - b)) {
        const tag = await tagForChange(tx, actor.accountId, id);
        if (tag && !(await isTagLocked(tx, tag.id))) await deleteTag(tx, tag, now);
      }
    });
    return reply.code(204).send();
  });
}

function registerTagEntries(app: FastifyInstance, context: Context): void {
  const { db } = context;
  app.get<WithId>('/v2/tags/:id/entries', async (request, reply) => {
    const tag = await ownTag(db, actorOf(request), request.params.id);
    return await sendEntryList(context, request, reply, { narrow: undefined, within: { tagId: tag.id } });
  });
}
