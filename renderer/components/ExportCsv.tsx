// Exports a range of days' entries as CSV into the Downloads folder (exportCsv): the days default
// to this week; a bad day or a range that ends before it starts is said at its field before
// anything is sent; while it runs, how many entries are written so far (Snapshot.exporting).

import { useState } from 'preact/hooks';
import type { StintBridge } from '../../common/contract';
import { exportRangeProblem, weekOf } from '../../common/exportRange';
import { fail } from '../../common/result';
import { useAction } from '../hooks';
import { ErrorLine } from './ErrorLine';

interface Props {
  /** Local YYYY-MM-DD: without `initial`, the week offered first is its week. */
  today: string;
  /** The days offered first (the week view offers the week it shows). */
  initial?: { from: string; to: string };
  exporting: { entries: number } | null;
  bridge: StintBridge;
}

const count = (n: number) => n.toLocaleString('en-US');

export function ExportCsv({ today, initial, exporting, bridge }: Props) {
  const [range, setRange] = useState(() => initial ?? weekOf(today));
  const [saved, setSaved] = useState<{ path: string; entries: number } | null>(null);
  const action = useAction();

  const submit = async (event: Event) => {
    event.preventDefault();
    setSaved(null);
    const result = await action.run(async () => {
      const problem = exportRangeProblem(range);
      if (problem) return fail('invalid_input', problem.message, problem.field);
      return bridge.exportCsv(range);
    });
    if (result?.ok) setSaved(result.value);
  };

  const field = (name: 'from' | 'to', label: string) => {
    const wrong = action.error?.field === name;
    return (
      <label>
        <span class="label">{label}</span>
        {/* Text, as the entry editor's Date field: a native date field draws the browser's own
            style ("11/30/2026"), unlike every other date in the window. */}
        <input
          type="text"
          name={name}
          inputMode="numeric"
          autocomplete="off"
          spellcheck={false}
          placeholder="YYYY-MM-DD"
          size={10}
          value={range[name]}
          aria-invalid={wrong}
          aria-describedby={wrong ? 'export-csv-error' : undefined}
          onInput={(e) => {
            setRange({ ...range, [name]: e.currentTarget.value });
            action.clear();
          }}
        />
      </label>
    );
  };

  return (
    <form class="export-csv" aria-label="Export to CSV" onSubmit={submit} noValidate>
      <h3>Export to CSV</h3>
      <div class="row">
        {field('from', 'From')}
        {field('to', 'To')}
        <button type="submit" disabled={action.busy}>
          Export
        </button>
      </div>
      <p role="status" class="hint" data-testid="export-csv-status">
        {action.busy
          ? `Exporting… ${count(exporting?.entries ?? 0)} entries`
          : saved
            ? `Saved ${count(saved.entries)} ${saved.entries === 1 ? 'entry' : 'entries'} to ${saved.path}`
            : ''}
      </p>
      <ErrorLine error={action.error} id="export-csv-error" testId="export-csv-error" />
    </form>
  );
}
