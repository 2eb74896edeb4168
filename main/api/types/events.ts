// Webhooks and broadcast receivers (spec 001 tables, spec 000 "Events").
import type { BroadcastReceiver, SubscriptionState, Webhook, WebhookEvent } from '../../../wire/serviceTypesMoney';
import type { Accepted, Paged } from './lists';

/** An event name, or '*' for all of them. */
export type EventName = WebhookEvent | '*';

export type WebhookFilters = Paged<{ name?: string; events?: EventName[]; state?: SubscriptionState }>;
export type BroadcastReceiverFilters = Paged<{ name?: string; subjects?: string[]; state?: SubscriptionState }>;

/** Where a subscription sends its payloads, and its name. */
export interface SubscriptionChange {
  name?: string;
  payload_uri?: string;
}

export interface WebhookCalls {
  /** Most recently created first. */
  listWebhooks(filters?: WebhookFilters): AsyncIterable<Webhook>;
  getWebhook(id: number): Promise<Webhook>;
  /** The answer carries the signing secret, the only one that does besides a reroll. */
  createWebhook(input: { name: string; payload_uri: string; events: EventName[] }): Promise<Webhook>;
  updateWebhook(id: number, input: SubscriptionChange): Promise<Webhook>;
  addWebhookEvents(id: number, events: EventName[]): Promise<Webhook>;
  removeWebhookEvents(id: number, events: EventName[]): Promise<Webhook>;
  rerollWebhookSecret(id: number): Promise<{ secret: string }>;
  enableWebhook(id: number): Promise<void>;
  disableWebhook(id: number): Promise<void>;
  /** Queues a webhook.ping; the local service also names its payload. */
  pingWebhook(id: number): Promise<Accepted & { payload_id?: string }>;
  /** Queues a failed payload for delivery again. */
  retryWebhookPayload(id: number, payloadId: string): Promise<Accepted>;
  deleteWebhook(id: number): Promise<void>;
}

export interface BroadcastReceiverCalls {
  /** Most recently created first. */
  listBroadcastReceivers(filters?: BroadcastReceiverFilters): AsyncIterable<BroadcastReceiver>;
  getBroadcastReceiver(id: number): Promise<BroadcastReceiver>;
  /** The answer to creation is the only one carrying the secret besides a reroll. */
  createBroadcastReceiver(input: { name: string; payload_uri: string; subjects: string[] }): Promise<BroadcastReceiver>;
  updateBroadcastReceiver(id: number, input: SubscriptionChange): Promise<BroadcastReceiver>;
  addBroadcastSubjects(id: number, subjects: string[]): Promise<BroadcastReceiver>;
  removeBroadcastSubjects(id: number, subjects: string[]): Promise<BroadcastReceiver>;
  rerollBroadcastReceiverSecret(id: number): Promise<{ secret: string }>;
  enableBroadcastReceiver(id: number): Promise<void>;
  disableBroadcastReceiver(id: number): Promise<void>;
  deleteBroadcastReceiver(id: number): Promise<void>;
}
