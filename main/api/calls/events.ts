// Webhooks and broadcast receivers (spec 001): the same calls on two collections, one subscribing
// to events, the other to subjects; webhooks also ping and retry deliveries.
import type { BroadcastReceiver, Webhook } from '../../../wire/serviceTypesMoney';
import type { BroadcastReceiverCalls, WebhookCalls } from '../types/events';
import type { Accepted } from '../types/lists';
import { id, ONCE, SAFE, segment, type Requester } from './requester';

function subscriptionCalls<T>(r: Requester, prefix: string, topics: 'events' | 'subjects') {
  const one = (subscriptionId: number, action = '') => `${prefix}/${id(subscriptionId)}${action}`;
  return {
    one,
    list: (filters?: object) => r.list<T>(prefix, filters),
    get: async (subscriptionId: number) => r.get<T>(one(subscriptionId)),
    create: async (input: object) => r.create<T>(prefix, input),
    update: async (subscriptionId: number, input: object) => r.put<T>(one(subscriptionId), input, SAFE),
    add: async (subscriptionId: number, names: string[]) =>
      r.put<T>(one(subscriptionId, `/add_${topics}`), { [topics]: names }, SAFE),
    remove: async (subscriptionId: number, names: string[]) =>
      r.put<T>(one(subscriptionId, `/remove_${topics}`), { [topics]: names }, SAFE),
    // Each run makes another secret (spec 001 answers a new one): after an unanswered attempt the
    // caller decides whether to reroll again.
    reroll: async (subscriptionId: number) =>
      r.put<{ secret: string }>(one(subscriptionId, '/reroll_secret'), undefined, ONCE),
    enable: async (subscriptionId: number) => r.act(one(subscriptionId, '/enable'), undefined, SAFE),
    disable: async (subscriptionId: number) => r.act(one(subscriptionId, '/disable'), undefined, SAFE),
    del: async (subscriptionId: number) => r.del(one(subscriptionId)),
  };
}

export function webhookCalls(r: Requester): WebhookCalls {
  const s = subscriptionCalls<Webhook>(r, '/v2/webhooks', 'events');
  return {
    listWebhooks: s.list,
    getWebhook: s.get,
    createWebhook: s.create,
    updateWebhook: s.update,
    addWebhookEvents: s.add,
    removeWebhookEvents: s.remove,
    rerollWebhookSecret: s.reroll,
    enableWebhook: s.enable,
    disableWebhook: s.disable,
    pingWebhook: async (webhookId) =>
      r.put<Accepted & { payload_id?: string }>(s.one(webhookId, '/ping'), undefined, ONCE),
    retryWebhookPayload: async (webhookId, payloadId) =>
      r.put<Accepted>(s.one(webhookId, `/retry/${segment(payloadId)}`), undefined, ONCE),
    deleteWebhook: s.del,
  };
}

export function broadcastReceiverCalls(r: Requester): BroadcastReceiverCalls {
  const s = subscriptionCalls<BroadcastReceiver>(r, '/v2/broadcast_receivers', 'subjects');
  return {
    listBroadcastReceivers: s.list,
    getBroadcastReceiver: s.get,
    createBroadcastReceiver: s.create,
    updateBroadcastReceiver: s.update,
    addBroadcastSubjects: s.add,
    removeBroadcastSubjects: s.remove,
    rerollBroadcastReceiverSecret: s.reroll,
    enableBroadcastReceiver: s.enable,
    disableBroadcastReceiver: s.disable,
    deleteBroadcastReceiver: s.del,
  };
}
