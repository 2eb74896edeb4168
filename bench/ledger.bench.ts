// What the sync ledger (issue 14) costs the outbox: the same 300 operations queued, attempted and
// settled through the outbox alone and through the outbox with its ledger (ledgerOutbox.ts),
// alternating rounds in fresh folders; the ledger's appends are not waited for, so the fsync'd
// journal's time should dominate both. And the Activity view's read of a full ledger (500 changes).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openLedger, LEDGER_SIZE } from '../main/core/sync/ledger';
import { ledgerOutbox } from '../main/core/sync/ledgerOutbox';
import type { Operation } from '../main/core/model/operations';
import { openOutbox, type Outbox } from '../main/core/sync/outbox';
import { percentile, type Benchmark } from './types';

const OPS = 300;
const ROUNDS = 4;
const clock = { now: () => Date.now(), setTimeout, clearTimeout: (h: unknown) => clearTimeout(h as NodeJS.Timeout) };

const op = (outbox: Outbox, i: number): Operation => ({
  kind: 'createEntry',
  id: `op-${i}`,
  seq: outbox.newSeq(),
  at: Date.now(),
  date: '2026-11-25',
  minutes: 30,
  description: `entry ${i}`,
  projectId: 1,
  projectName: 'Website',
  marker: `stint:op-${i}`,
});

/** ms per operation (add + attempt + settle, each fsync'd by the journal). */
async function round(withLedger: boolean): Promise<number[]> {
  const dir = mkdtempSync(join(tmpdir(), 'stint-bench-ledger-'));
  const raw = (await openOutbox(dir)).outbox;
  const ledger = openLedger(dir);
  const outbox = withLedger
    ? ledgerOutbox(raw, ledger, clock, () => ({ timeFormat: 'hours_minutes', projects: [] }))
    : raw;
  const samples: number[] = [];
  for (let i = 0; i < OPS; i++) {
    const start = performance.now();
    const o = op(outbox, i);
    await outbox.add(o);
    await outbox.attempt(o.id);
    await outbox.settle(o.id, undefined, i);
    samples.push(performance.now() - start);
  }
  await outbox.close();
  await ledger.close();
  rmSync(dir, { recursive: true, force: true });
  return samples;
}

const bench: Benchmark = async () => {
  const plain: number[] = [];
  const ledgered: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    plain.push(...(await round(false)));
    ledgered.push(...(await round(true)));
  }
  const [p, l] = [percentile(plain, 50), percentile(ledgered, 50)];

  const dir = mkdtempSync(join(tmpdir(), 'stint-bench-ledger-'));
  const ledger = openLedger(dir);
  for (let i = 0; i < LEDGER_SIZE; i++) {
    ledger.record({ t: 'queued', id: `op-${i}`, what: `Log 0:30 on Website: entry ${i}`, kind: 'createEntry', at: i });
    ledger.record({ t: 'confirmed', id: `op-${i}`, at: i + 300, serviceId: i });
  }
  await ledger.close();
  const reads: number[] = [];
  for (let i = 0; i < 200; i++) {
    const start = performance.now();
    JSON.stringify(ledger.entries());
    reads.push(performance.now() - start);
  }
  const reopen = performance.now();
  const reopened = openLedger(dir);
  const reopenMs = performance.now() - reopen;
  await reopened.close();
  rmSync(dir, { recursive: true, force: true });

  const detail = `${ROUNDS} alternating rounds of ${OPS} operations each (add, attempt, settle: 3 fsync'd journal records), fresh folders`;
  return [
    { name: 'outbox operation (add + attempt + settle), p50, without the ledger', value: p, unit: 'ms', detail },
    {
      name: 'outbox operation (add + attempt + settle), p50, with the ledger',
      value: l,
      unit: 'ms',
      target: 'within 10 % of without',
      met: l <= p * 1.1,
      detail: `${detail}; ratio ${(l / p).toFixed(3)}; p95 ${percentile(ledgered, 95).toFixed(2)} vs ${percentile(plain, 95).toFixed(2)} ms`,
    },
    {
      name: `Activity read of a full ledger (${LEDGER_SIZE} changes, as JSON), p50`,
      value: percentile(reads, 50),
      unit: 'ms',
      target: '< 16 ms',
      met: percentile(reads, 50) < 16,
      detail: `200 reads; p99 ${percentile(reads, 99).toFixed(2)} ms; opening it from disk ${reopenMs.toFixed(1)} ms`,
    },
  ];
};

export default bench;
