// Webhooks and broadcast receivers (spec 001 tables and their state table): CRUD, adding and
// removing events (subjects), rerolling the secret, enable and disable; for webhooks also ping and
// retry, which queue payloads that service/events/ delivers (see domain/webhookDeliveries.ts).
//
// Decided where the spec is silent:
// - Only roles that manage invoices and webhooks (owner, supervisor) use these endpoints; others 403.
// - An unknown event or subject name answers 400, code invalid on field events (subjects); so does
//   an empty list on creation (missing_field). Listed names are kept once, in the order given.
// - payload_uri is an absolute http or https URL of up to 2048 characters, else 400 invalid; so is
//   one whose host is an address no delivery may go to (link-local, unspecified, in any spelling:
//   events/post.ts refusedUri, the same decision a delivery makes). A name is not resolved here:
//   what it resolves to is checked when a delivery connects.
// - enable and disable are idempotent (204 whatever the state).
// - ping answers 202 with {message, payload_id}: the id of the queued ping payload, which the ping
//   delivery will carry in X-Service-Delivery. A new webhook queues a ping too (spec 000).
// - retry answers 202 for a failed payload of the webhook, 404 for any other payload_id.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BROADCAST_SUBJECTS, WEBHOOK_EVENTS, type SubscriptionState } from '../../wire/serviceTypesMoney';
import { actorOf } from '../auth/authenticate';
import { managesInvoicesAndWebhooks, type Actor } from '../auth/permissions';
import { instant, type Context } from '../context';
import {
  deleteSubscription,
  getSubscription,
  subscriptionForChange,
  insertSubscription,
  listSubscriptions,
  rerollSecret,
  setState,
  setTopics,
  updateSubscription,
  type Kind,
  type SubscriptionRow,
} from '../domain/subscriptions';
import { queuePing, retryPayload } from '../domain/webhookDeliveries';
import { claimReceiver } from '../events/outbox';
import { refusedUri } from '../events/post';
import { ApiError, forbidden, notFound } from '../http/errors';
import { bodyOf, LIMITS, pathId, queryOf, type Fields } from '../http/fields';
import { readPage, sendPage } from '../http/pagination';
import * as view from '../views/money';

const WEBHOOKS: Kind = { table: 'webhooks', column: 'events', resource: 'Webhook', topics: WEBHOOK_EVENTS };
const RECEIVERS: Kind = {
  table: 'broadcast_receivers',
  column: 'subjects',
  resource: 'BroadcastReceiver',
  topics: BROADCAST_SUBJECTS,
};

type WithId = { Params: { id: string } };

/** An absolute http(s) URL a delivery may go to, or null. */
export function httpUrl(text: string): string | null {
  if (/\s/.test(text)) return null;
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' && refusedUri(text) === null
      ? text
      : null;
  } catch {
    return null;
  }
}

function readPayloadUri(f: Fields, required: boolean): string | undefined {
  const text = f.text('payload_uri', { required, max: LIMITS.url });
  if (text === null && !required) f.fail('payload_uri', 'missing_field');
  if (!text) return undefined;
  return httpUrl(text) ?? f.fail('payload_uri');
}

function readName(f: Fields, required: boolean): string | undefined {
  const name = f.text('name', { required, max: LIMITS.name });
  if (name === null && !required) f.fail('name', 'missing_field');
  return name ?? undefined;
}

/** A body list of topics: known names or '*', each kept once in the order given. */
function readTopics(f: Fields, k: Kind, required: boolean): string[] | undefined {
  const list = f.strings(k.column, { required });
  if (list === undefined) return undefined;
  if (list.length > LIMITS.idList || !list.every((t) => t === '*' || k.topics.includes(t))) return f.fail(k.column);
  if (required && list.length === 0) return f.fail(k.column, 'missing_field');
  return [...new Set(list)];
}

/** A query list of topics written "a,b". */
function readTopicFilter(f: Fields, k: Kind): string[] | undefined {
  const text = f.text(k.column, { max: LIMITS.description });
  if (!text) return undefined;
  const list = text.split(',').map((t) => t.trim());
  return list.every((t) => t === '*' || k.topics.includes(t)) ? list : f.fail(k.column);
}

/** What the routes of one kind share: how it renders, who may use it, and the subscription of the path. */
function subscriptionScope(context: Context, k: Kind) {
  const { db } = context;
  const render = k === WEBHOOKS ? view.webhook : view.broadcastReceiver;
  const noun = k === WEBHOOKS ? 'Webhook' : 'Broadcast receiver';

  function manager(request: FastifyRequest): Actor {
    const actor = actorOf(request);
    if (!managesInvoicesAndWebhooks(actor))
      throw forbidden(`Forbidden: your role cannot manage ${noun.toLowerCase()}s`);
    return actor;
  }

  async function existing(request: FastifyRequest<WithId>): Promise<{ actor: Actor; row: SubscriptionRow }> {
    const actor = manager(request);
    const row = await getSubscription(db, k, actor.accountId, pathId(request.params.id, noun));
    if (!row) throw notFound(`${noun} not found`);
    return { actor, row };
  }

  const reread = async (request: FastifyRequest, actor: Actor, id: number) =>
    render(context.base(request), (await getSubscription(db, k, actor.accountId, id))!);
  return { render, manager, existing, reread };
}

/** The list and one subscription. */
function registerSubscriptionReads(app: FastifyInstance, context: Context, k: Kind, prefix: string): void {
  const { db } = context;
  const { render, manager, existing } = subscriptionScope(context, k);
  app.get(prefix, async (request, reply) => {
    const actor = manager(request);
    const f = queryOf(request.query, k.resource);
    const filters = {
      name: f.text('name', { max: LIMITS.name }) ?? undefined,
      topics: readTopicFilter(f, k),
      state: f.oneOf('state', ['enabled', 'disabled'] as const),
    };
    f.check();
    const page = readPage(request.query as Record<string, unknown>, k.resource);
    const { rows, total } = await listSubscriptions(db, k, {
      accountId: actor.accountId,
      filters,
      limit: page.perPage,
      offset: page.offset,
    });
    const base = context.base(request);
    return sendPage(request, reply, { base, page, total, items: rows.map((r) => render(base, r)) });
  });

  app.get<WithId>(`${prefix}/:id`, async (request) => {
    const { row } = await existing(request);
    return render(context.base(request), row);
  });
}

function registerSubscriptionCreateAndUpdate(app: FastifyInstance, context: Context, k: Kind, prefix: string): void {
  const { db } = context;
  const { render, manager, existing, reread } = subscriptionScope(context, k);
  // The secret appears in this answer and in reroll_secret's, nowhere else.
  app.post(prefix, async (request, reply) => {
    const actor = manager(request);
    const f = bodyOf(request.body, k.resource);
    const name = readName(f, true);
    const payloadUri = readPayloadUri(f, true);
    const topics = readTopics(f, k, true);
    f.check();
    const { row, secret } = await db.transaction(async (tx) => {
      const now = instant(context).iso;
      const { id, secret } = await insertSubscription(tx, k, {
        box: context.secrets,
        accountId: actor.accountId,
        v: { name: name!, payloadUri: payloadUri!, topics: topics! },
        now,
      });
      const row = (await getSubscription(tx, k, actor.accountId, id))!;
      if (k === WEBHOOKS)
        await queuePing(tx, row, now); // spec 000: "When a webhook is created, a webhook.ping event is sent."
      else await claimReceiver(tx, id, actor.userId); // it hears its creator's timers (events/outbox.ts)
      return { row, secret };
    });
    const base = context.base(request);
    const shown = render(base, row, secret);
    reply.code(201).header('location', shown.url);
    return shown;
  });

  app.put<WithId>(`${prefix}/:id`, async (request) => {
    const { actor, row } = await existing(request);
    const f = bodyOf(request.body, k.resource);
    const name = readName(f, false);
    const payloadUri = readPayloadUri(f, false);
    f.check();
    // One UPDATE of the fields given: two racing updates end as if one went after the other.
    await db.transaction(
      async (tx) => await updateSubscription(tx, k, { id: row.id, v: { name, payloadUri }, now: instant(context).iso }),
    );
    return await reread(request, actor, row.id);
  });
}

/** Adding and removing topics, rerolling the secret, enabling and disabling. */
function registerSubscriptionActions(app: FastifyInstance, context: Context, k: Kind, prefix: string): void {
  const { db } = context;
  const { existing, reread } = subscriptionScope(context, k);
  const changeTopics = (verb: 'add' | 'remove') => async (request: FastifyRequest<WithId>) => {
    const { actor, row } = await existing(request);
    const f = bodyOf(request.body, k.resource);
    const given = readTopics(f, k, false);
    if (given === undefined && !f.errors.length) f.fail(k.column, 'missing_field');
    f.check();
    await db.transaction(async (tx) => {
      // The topics as the change before this one left them (another instance's add or remove went first).
      const fresh = await subscriptionForChange(tx, k, actor.accountId, row.id);
      if (!fresh) throw notFound(`${k === WEBHOOKS ? 'Webhook' : 'Broadcast receiver'} not found`);
      const current = JSON.parse(fresh.topics) as string[];
      // Already subscribed ones are ignored when adding, unsubscribed ones when removing (spec 001).
      const next =
        verb === 'add'
          ? [...current, ...given!.filter((t) => !current.includes(t))]
          : current.filter((t) => !given!.includes(t));
      await setTopics(tx, k, { id: row.id, topics: next, now: instant(context).iso });
    });
    return await reread(request, actor, row.id);
  };
  app.put<WithId>(`${prefix}/:id/add_${k.column}`, changeTopics('add'));
  app.put<WithId>(`${prefix}/:id/remove_${k.column}`, changeTopics('remove'));

  app.put<WithId>(`${prefix}/:id/reroll_secret`, async (request) => {
    const { row } = await existing(request);
    return {
      secret: await db.transaction(
        async (tx) => await rerollSecret(tx, k, { box: context.secrets, id: row.id, now: instant(context).iso }),
      ),
    };
  });

  const changeState = (state: SubscriptionState) => async (request: FastifyRequest<WithId>, reply: FastifyReply) => {
    const { row } = await existing(request);
    // A conditional UPDATE (state != the new one): of racing enables, one resumes the queue.
    await db.transaction(async (tx) => await setState(tx, k, { id: row.id, state, now: instant(context).iso }));
    return reply.code(204).send();
  };
  app.put<WithId>(`${prefix}/:id/enable`, changeState('enabled'));
  app.put<WithId>(`${prefix}/:id/disable`, changeState('disabled'));
}

function registerSubscriptionDelete(app: FastifyInstance, context: Context, k: Kind, prefix: string): void {
  const { db } = context;
  const { existing } = subscriptionScope(context, k);
  app.delete<WithId>(`${prefix}/:id`, async (request, reply) => {
    const { row } = await existing(request);
    await db.transaction(async (tx) => await deleteSubscription(tx, k, row.id)); // its queued payloads go with it
    return reply.code(204).send();
  });
}

/** The routes of one kind under `prefix`; ping and retry are only for webhooks. */
function subscriptionRoutes(app: FastifyInstance, context: Context, k: Kind, prefix: string): void {
  const { db } = context;
  const { existing } = subscriptionScope(context, k);
  registerSubscriptionReads(app, context, k, prefix);
  registerSubscriptionCreateAndUpdate(app, context, k, prefix);
  registerSubscriptionActions(app, context, k, prefix);
  registerSubscriptionDelete(app, context, k, prefix);

  if (k !== WEBHOOKS) return;

  app.put<WithId>(`${prefix}/:id/ping`, async (request, reply) => {
    const { row } = await existing(request);
    const payloadId = await db.transaction(async (tx) => {
      // Read again, locked: a deletion racing on another instance went first (404), or waits for the ping.
      const fresh = await subscriptionForChange(tx, k, row.account_id, row.id);
      if (!fresh) throw notFound('Webhook not found');
      return await queuePing(tx, fresh, instant(context).iso);
    });
    return reply
      .code(202)
      .send({ message: 'The ping is queued for delivery to the payload URI', payload_id: payloadId });
  });

  app.put<{ Params: { id: string; payload_id: string } }>(`${prefix}/:id/retry/:payload_id`, async (request, reply) => {
    const { row } = await existing(request);
    const retried = await db.transaction(
      // A conditional UPDATE (the payload failed or failing): of racing retries, one requeues it.
      async (tx) => await retryPayload(tx, row.id, request.params.payload_id, instant(context).iso),
    );
    if (!retried) throw new ApiError(404, 'No failed or failing payload with this id for this webhook');
    return reply.code(202).send({ message: 'The payload is queued for delivery again' });
  });
}

export function webhookRoutes(app: FastifyInstance, context: Context): void {
  subscriptionRoutes(app, context, WEBHOOKS, '/v2/webhooks');
}

export function broadcastReceiverRoutes(app: FastifyInstance, context: Context): void {
  subscriptionRoutes(app, context, RECEIVERS, '/v2/broadcast_receivers');
}
