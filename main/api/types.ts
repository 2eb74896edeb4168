// The calls of the service that Stint makes, as one interface. main/api/client.ts implements it
// over HTTP; main/core depends only on this interface. Each resource group declares its calls,
// filters and inputs in main/api/types/; this file puts them together.
import type { CurrentUserCalls, EntryCalls, TimerCalls } from './types/entries';
import type { BroadcastReceiverCalls, WebhookCalls } from './types/events';
import type { InboxCalls } from './types/inbox';
import type { ExpenseCalls, InvoiceCalls } from './types/money';
import type { TeamCalls, UserCalls } from './types/people';
import type { ProjectCalls, ProjectGroupCalls } from './types/projects';
import type { TagCalls } from './types/tags';
import type { TokenManagementFactory } from './types/tokens';

// The wire shapes core works with, so that only main/api and service import wire/.
export type { CurrentUser, Entry, ProjectRef, Timer } from '../../wire/serviceTypes';
export type { BroadcastReceiver } from '../../wire/serviceTypesMoney';
export type * from './types/entries';
export type * from './types/events';
export type * from './types/inbox';
export type * from './types/lists';
export type * from './types/money';
export type * from './types/people';
export type * from './types/projects';
export type * from './types/tags';
export type * from './types/tokens';
export type * from './types/writes';

export interface ServiceApi
  extends CurrentUserCalls,
    ProjectCalls,
    ProjectGroupCalls,
    UserCalls,
    TeamCalls,
    TagCalls,
    TimerCalls,
    EntryCalls,
    ExpenseCalls,
    InvoiceCalls,
    WebhookCalls,
    BroadcastReceiverCalls,
    InboxCalls,
    TokenManagementFactory {
  readonly baseUrl: string;
}

/** Collects an async iterable: for lists known to be small (today's entries, one user's timers). */
export async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}
