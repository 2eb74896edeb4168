// Exports a range of days' entries as CSV into the Downloads folder (exportCsv): the days default
// to this week; a bad day or a range that ends before it starts is said at its field before
// anything is sent; while it runs, how many entries are written so far (Snapshot.exporting).

import { useState } from 'preact/hooks';
import type { StintBridge } from '../../common/contract';
import { exportRangeProblem, weekOf } from '../../common/exportRange';
import { useAction } from '../hooks';
import { ErrorLine } from './ErrorLine';
import { t } from '../app/words';

interface Props {
  /** Local YYYY-MM-DD: without `initial`, the week offered first is its week. */
  today: string;
  /** The days offered first (the week view offers the week it shows). */
  initial?: { from: string; to: string };
  exporting: { entries: number } | null;
  bridge: StintBridge;
}

export function ExportCsv({ today, initial, exporting, bridge }: Props) {
  const [range, setRange] = useState(() => initial ?? weekOf(today));
  const [saved, setSaved] = useState<{ path: string; entries: number } | null>(null);
  const action = useAction();

  const submit = async (event: Event) => {
    event.preventDefault();
    setSaved(null);
    const result = await action.run(async () => {
      const problem = exportRangeProblem(range);
      // Said at its field in the window's language; the English message stays for logs.
      if (problem) return { ok: false as const, error: { code: 'invalid_input' as const, ...problem } };
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
          placeholder={t('window-export.datePlaceholder')}
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
    <form class="export-csv" aria-label={t('window-export.title')} onSubmit={submit} noValidate>
      <h3>{t('window-export.title')}</h3>
      <div class="row">
        {field('from', t('window-export.fromLabel'))}
        {field('to', t('window-export.toLabel'))}
        <button type="submit" disabled={action.busy}>
          {t('window-export.export')}
        </button>
      </div>
      <p role="status" class="hint" data-testid="export-csv-status">
        {action.busy
          ? t('window-export.exporting', { count: exporting?.entries ?? 0 })
          : saved
            ? t('window-export.saved', { count: saved.entries, path: saved.path })
            : ''}
      </p>
      <ErrorLine error={action.error} id="export-csv-error" testId="export-csv-error" />
    </form>
  );
}
