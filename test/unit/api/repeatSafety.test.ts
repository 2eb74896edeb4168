// Which calls the client repeats after a network failure, a timeout or a 5xx: the SAFE/ONCE flag
// each call in main/api/calls/ passes. Checked here against the rules (client.ts): a repeat must
// leave the service's records and its answer as the first attempt did.
import { describe, expect, it } from 'vitest';
import { currentUserCalls, entryCalls, timerCalls } from '../../../main/api/calls/entries';
import { broadcastReceiverCalls, webhookCalls } from '../../../main/api/calls/events';
import { inboxCalls } from '../../../main/api/calls/inbox';
import { expenseCalls, invoiceCalls } from '../../../main/api/calls/money';
import { teamCalls, userCalls } from '../../../main/api/calls/people';
import { projectCalls, projectGroupCalls } from '../../../main/api/calls/projects';
import { createRequester } from '../../../main/api/calls/requester';
import { tagCalls } from '../../../main/api/calls/tags';
import { tokenCalls } from '../../../main/api/calls/tokens';
import type { Call, Transport } from '../../../main/api/transport';

type Sent = Pick<Call, 'method' | 'url' | 'safe'>;

/** Every call of every group, each made once against a transport that only records it. */
async function everyCall(): Promise<{ sent: Sent[]; unsent: string[] }> {
  const sent: Sent[] = [];
  const transport: Transport = async ({ method, url, safe }) => {
    sent.push({ method, url, safe });
    return { status: 200, headers: {}, body: { id: 1 }, url };
  };
  const r = createRequester(transport);
  const groups = [
    currentUserCalls(r),
    entryCalls(r),
    timerCalls(r),
    broadcastReceiverCalls(r),
    webhookCalls(r),
    inboxCalls(r),
    expenseCalls(r),
    invoiceCalls(r),
    teamCalls(r),
    userCalls(r),
    projectCalls(r),
    projectGroupCalls(r),
    tagCalls(r),
    tokenCalls(r),
  ];
  // Arguments every call accepts in one of these shapes: ids, names, a date, a non-empty input, a list of ids.
  const tries: unknown[][] = [
    [1, 2, 3],
    [1, { name: 'x', minutes: 1, date: '2025-03-10' }],
    [1, [2], '2025-03-10'],
    [[1], '2025-03-10'],
    ['sub', 'client', { notes: 'x' }],
    ['sub', 'client'],
    ['sub', 1, { notes: 'x' }],
    [1, 'payload'],
    [{ name: 'x', minutes: 1, date: '2025-03-10' }],
    [],
  ];
  const unsent: string[] = [];
  for (const group of groups) {
    for (const [name, fn] of Object.entries(group as object) as Array<[string, unknown]>) {
      if (typeof fn !== 'function') continue;
      const before = sent.length;
      for (const args of tries) {
        try {
          const out = (fn as (...a: unknown[]) => unknown)(...args);
          if (out && typeof out === 'object' && Symbol.asyncIterator in out) {
            for await (const _ of out as AsyncIterable<unknown>) break;
          } else await out;
        } catch {}
        if (sent.length > before) break;
      }
      if (sent.length === before) unsent.push(name);
    }
  }
  return { sent, unsent };
}

/** PUTs and POSTs whose repeat is not harmless: a second record, a second delivery, or a refusal that hides the first's success. */
const ONCE_ACTIONS = [
  /\/merge$/,
  /^\/v2\/(projects|tags)\/delete$/,
  /^\/v2\/entries\/\d+\/(approved|unapproved)$/,
  /\/timer\/(log|log_inbox_entry|add_or_subtract_time)$/,
  /^\/v2\/inbox_entries\/\d+\/log$/,
  /\/ping$/,
  /\/retry\/[^/]+$/,
  /\/reroll_secret$/,
];
/** The two POSTs that change a set rather than create: a member already there is ignored (spec 001). */
const SAFE_POSTS = [/^\/v2\/project_groups\/\d+\/add_projects$/, /^\/v2\/teams\/\d+\/add_users$/];

const path = (url: string) => new URL(url, 'http://service.invalid').pathname;

describe('the safe-to-repeat flags', () => {
  it('are checked for every call', async () => {
    const { sent, unsent } = await everyCall();
    expect(unsent).toEqual([]);
    expect(sent.length).toBeGreaterThan(80);
  });

  it('make every GET safe and every DELETE once', async () => {
    const { sent } = await everyCall();
    for (const c of sent.filter((s) => s.method === 'GET')) expect(c, c.url).toMatchObject({ safe: true });
    for (const c of sent.filter((s) => s.method === 'DELETE')) expect(c, c.url).toMatchObject({ safe: false });
  });

  it('make every POST that creates, or acts, once; the set changes are safe', async () => {
    const { sent } = await everyCall();
    for (const c of sent.filter((s) => s.method === 'POST'))
      expect(c.safe, `POST ${c.url}`).toBe(SAFE_POSTS.some((p) => p.test(path(c.url))));
  });

  it('make every PUT that sets values or reaches a state safe, and the rest once', async () => {
    const { sent } = await everyCall();
    const puts = sent.filter((s) => s.method === 'PUT');
    expect(puts.length).toBeGreaterThan(30);
    for (const c of puts) expect(c.safe, `PUT ${c.url}`).toBe(!ONCE_ACTIONS.some((p) => p.test(path(c.url))));
  });
});
