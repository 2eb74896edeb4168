// The sync ledger ("Activity", issue 14): a bounded history of what the outbox did with each
// operation, kept beside its journal in activity.jsonl. The journal forgets what settled (it is
// compacted), so the ledger keeps its own record, written from the same events (ledgerOutbox.ts).
// It is a convenience, never the truth: each event is appended after the journal's own write,
// without fsync, without being waited for, and a failure to write it is swallowed (one warning),
// so it can neither slow nor endanger the outbox. It holds only what the user did in words and
// what the service answered, with anything that looks like a credential cut out.

import { appendFile, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ActivityEntry, ActivityState } from '../../../common/activity';
import { PRIVATE_FILE_MODE } from '../../../platform/privateFiles';

export const LEDGER_FILE = 'activity.jsonl';
/** The changes kept: older ones drop off at open and as new ones come. */
export const LEDGER_SIZE = 500;
/** Lines appended before the file is rewritten from memory, so it stays near LEDGER_SIZE lines. */
const REWRITE_AFTER = 2_000;

export type LedgerEvent =
  | { t: 'queued'; id: string; what: string; kind: string; at: number }
  | { t: 'sent'; id: string; at: number }
  | { t: 'confirmed'; id: string; at: number; serviceId?: number }
  /** retrying: a failure time can fix, so the worker sends it again by itself; otherwise the outbox keeps it failed. */
  | { t: 'failed'; id: string; at: number; message: string; refused: boolean; retrying?: true }
  /** Queued again (retried, edited) or changed while queued (amended): what may have new words. */
  | { t: 'waiting'; id: string; what?: string }
  /** Changed while queued (amended): new words, the same state. */
  | { t: 'changed'; id: string; what: string }
  | { t: 'discarded'; id: string; at: number }
  /** One change as it stood, written when the file is rewritten. */
  | { t: 'entry'; entry: ActivityEntry };

/** The entries these events describe, oldest first, at most `size`. Pure; exported for tests. */
export function foldLedger(events: readonly unknown[], size = LEDGER_SIZE): Map<string, ActivityEntry> {
  const entries = new Map<string, ActivityEntry>();
  for (const raw of events) {
    if (!raw || typeof raw !== 'object' || typeof (raw as { t?: unknown }).t !== 'string') continue;
    applyEvent(entries, raw as LedgerEvent, size);
  }
  return entries;
}

function applyEvent(entries: Map<string, ActivityEntry>, e: LedgerEvent, size: number): void {
  if (e.t === 'entry' || e.t === 'queued') {
    keep(entries, e.t === 'entry' ? e.entry : waiting(e), size);
    return;
  }
  const was = entries.get(e.id);
  if (was) entries.set(e.id, next(was, e));
}

const waiting = (e: Extract<LedgerEvent, { t: 'queued' }>): ActivityEntry => ({
  id: e.id,
  what: e.what,
  kind: e.kind,
  state: 'waiting',
  queuedAt: e.at,
  sentAt: null,
  settledAt: null,
  tookMs: null,
  serviceId: null,
  message: null,
});

/** A change known to the ledger after this event. */
function next(was: ActivityEntry, e: Exclude<LedgerEvent, { t: 'entry' | 'queued' }>): ActivityEntry {
  const settled = (state: ActivityState, at: number) => ({ state, settledAt: at, tookMs: at - was.queuedAt });
  switch (e.t) {
    case 'sent':
      return { ...was, state: 'sent', sentAt: was.sentAt ?? e.at };
    case 'confirmed':
      return { ...was, ...settled('confirmed', e.at), serviceId: e.serviceId ?? null, message: null };
    case 'failed':
      return {
        ...was,
        state: e.refused ? 'refused' : e.retrying ? 'failed' : 'kept',
        message: withoutSecrets(e.message),
      };
    case 'waiting':
      return { ...was, state: 'waiting', message: null, ...(e.what ? { what: e.what } : {}) };
    case 'changed':
      return { ...was, what: e.what };
    case 'discarded':
      return { ...was, ...settled('discarded', e.at) };
  }
}

function keep(entries: Map<string, ActivityEntry>, entry: ActivityEntry, size: number): void {
  entries.delete(entry.id);
  entries.set(entry.id, entry);
  // A Map iterates in insertion order: the first key is the oldest change.
  while (entries.size > size) entries.delete(entries.keys().next().value as string);
}

/**
 * A message with anything credential-like cut out: the service's messages should hold none, but a
 * message may quote a request (an address with a token in its query, an Authorization header).
 */
export function withoutSecrets(message: string): string {
  return message
    .replace(/\b(bearer|basic|token)(\s*[:=]?\s*)[^\s,;"']+/gi, '$1$2[hidden]')
    .replace(/\b(authorization|cookie|set-cookie|x-api-key)(\s*[:=]\s*)[^\n,;]+/gi, '$1$2[hidden]')
    .replace(/(https?:\/\/[^\s?#"']*)[?#][^\s"']*/gi, '$1')
    .replace(/\b((?:access|refresh)_token|client_secret|api_key|password|secret|code)=([^\s&"']+)/gi, '$1=[hidden]');
}

export interface Ledger {
  record(event: LedgerEvent): void;
  /** Newest first. */
  entries(): ActivityEntry[];
  /** Resolves once what was recorded so far was written (or given up on). */
  close(): Promise<void>;
}

/** Opens the ledger in an account's data folder: its last LEDGER_SIZE changes, the file trimmed to them. */
export function openLedger(dataDir: string): Ledger {
  const path = join(dataDir, LEDGER_FILE);
  const events: unknown[] = [];
  try {
    for (const line of readFileSync(path, 'utf8').split('\n')) {
      if (line.trim() === '') continue;
      try {
        events.push(JSON.parse(line));
      } catch {
        // a line cut short by a crash: that change's last step is lost, nothing else
      }
    }
  } catch {
    // no ledger yet (or unreadable: it starts afresh)
  }
  const entries = foldLedger(events);
  let chain: Promise<void> = Promise.resolve();
  let appended = 0;
  let warned = false;
  const write = (work: () => Promise<void>) => {
    chain = chain.then(work).catch((error: unknown) => {
      if (warned) return;
      warned = true;
      const why = error instanceof Error ? error.message : String(error);
      console.warn(`Stint could not write its activity ledger (the outbox is not affected): ${why}`);
    });
  };
  const rewrite = () => {
    appended = 0;
    const text = [...entries.values()].map((entry) => `${JSON.stringify({ t: 'entry', entry })}\n`).join('');
    write(() => writeFile(path, text, { mode: PRIVATE_FILE_MODE }));
  };
  if (events.length > entries.size) rewrite();

  return {
    record(given) {
      // Cut before it is written, not only when read: the file must hold no secret either.
      const event = given.t === 'failed' ? { ...given, message: withoutSecrets(given.message) } : given;
      applyEvent(entries, event, LEDGER_SIZE);
      if (++appended >= REWRITE_AFTER) return rewrite();
      write(() => appendFile(path, `${JSON.stringify(event)}\n`, { mode: PRIVATE_FILE_MODE }));
    },
    entries: () => [...entries.values()].reverse(),
    close: () => chain,
  };
}
