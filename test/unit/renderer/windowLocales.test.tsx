// @vitest-environment happy-dom
// Today's list, the week and quick entry's answers in the user's language (issue 31 items 2, 4, 6,
// 7): German weekday and month names, its decimal comma in fraction durations (1,50); Arabic from
// right to left with its names and times isolated; Polish counting entries in its own forms.
import { cleanup, render, screen } from '@testing-library/preact';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ResponseOf } from '../../../common/contract';
import type { Locale } from '../../../common/i18n/locales';
import { type Catalog, createWords } from '../../../common/i18n/words';
import { SENT } from '../../../common/savedHere';
import type { EntryView, WeekView } from '../../../common/snapshot';
import { showWords } from '../../../renderer/app/words';
import { Today } from '../../../renderer/components/Today';
import { WeekPanel } from '../../../renderer/components/week/WeekPanel';
import { doneWords } from '../../../renderer/quickEntryMessage';
import { TimeFormatContext } from '../../../renderer/timeFormat';
import { fakeBridge } from '../../support/fakeBridge';
import { savedHere, snapshot, timerView, weekView } from '../../support/snapshot';

// The catalogs are read from disk (platform/catalogFiles.ts, Node's fs): imported by a name the
// window's type-check does not follow, as it has no Node types.
const CATALOG_FILES = '../../../platform/catalogFiles';
let readCatalog: (locale: Locale) => Catalog;
beforeAll(async () => {
  ({ readCatalog } = (await import(/* @vite-ignore */ CATALOG_FILES)) as { readCatalog: typeof readCatalog });
});

const speak = (locale: Locale) => showWords(createWords(locale, readCatalog(locale), readCatalog('en')));

afterEach(() => {
  cleanup();
  speak('en');
});

const entry = (over: Partial<EntryView> = {}): EntryView => ({
  key: '41',
  id: 41,
  date: '2025-03-11',
  minutes: 90,
  description: 'call with the client',
  projectName: 'Website',
  projectId: 1,
  billable: true,
  status: SENT,
  ...over,
});

const week = (): WeekView => {
  const w = weekView({ totalMinutes: 90 });
  return {
    ...w,
    days: w.days.map((d) => (d.date === '2025-03-11' ? { ...d, totalMinutes: 90, entries: [entry()] } : d)),
    projects: [{ projectName: 'Website', color: null, billableMinutes: 90, unbillableMinutes: 0, totalMinutes: 90 }],
  };
};

const today = { date: '2025-03-11', entries: [entry()], totalMinutes: 90 };

function showWeek(format: 'fraction' | 'hours_minutes', over: Parameters<typeof snapshot>[0] = {}) {
  const snap = snapshot({ week: week(), today, ...over });
  render(
    <TimeFormatContext.Provider value={format}>
      <WeekPanel {...snap} bridge={fakeBridge()} />
    </TimeFormatContext.Provider>,
  );
}

describe('in German', () => {
  it('the week names its days and months in German and writes fractions with a decimal comma', () => {
    speak('de');
    showWeek('fraction');
    expect(screen.getByRole('heading', { level: 2 }).textContent).toContain('10.–16. März 2025');
    expect(screen.getByRole('button', { name: /Dienstag, 11\. März \(heute\)/ }).textContent).toContain('1,50');
    expect(screen.getByTestId('week-total').textContent).toBe('1,50');
    expect(screen.getByRole('button', { name: '← Vorige Woche' })).toBeTruthy();
    const rows = screen.getAllByRole('row').map((r) => [...r.children].map((c) => c.textContent));
    expect(rows).toEqual([
      ['Projekt', 'Abrechenbar', 'Nicht abrechenbar', 'Gesamt'],
      ['Website', '1,50', '0,00', '1,50'],
    ]);
  });

  it('today’s list says what it holds in German, with the running timer counted in', () => {
    speak('de');
    const running = timerView({ state: 'running', seconds: 0, asOf: Date.now() - 30 * 60_000 });
    render(
      <TimeFormatContext.Provider value="fraction">
        <Today today={today} timers={[running]} projects={[]} bridge={fakeBridge()} />
      </TimeFormatContext.Provider>,
    );
    expect(screen.getByRole('heading', { level: 2 }).textContent).toContain('Heute');
    expect(screen.getByTestId('today-total').textContent).toBe('2,00');
    expect(screen.getByTestId('today-total-label').textContent).toBe(' (mit dem Timer von Website)');
    expect(screen.getByRole('list', { name: 'Heutige Einträge' })).toBeTruthy();
    expect(screen.getByTestId('entry-minutes').textContent).toBe('1,50');
    expect(screen.getByRole('button', { name: '1,50 Website call with the client bearbeiten' })).toBeTruthy();
  });

  it('writes H:MM durations as they are: the hours-and-minutes format has no decimal separator', () => {
    speak('de');
    showWeek('hours_minutes');
    expect(screen.getByTestId('week-total').textContent).toBe('1:30');
  });
});

describe('in Arabic', () => {
  it('reads right to left, with the week in Arabic and each name and duration isolated', () => {
    speak('ar');
    const running = timerView({ state: 'running', seconds: 0, asOf: Date.now() - 30 * 60_000 });
    showWeek('hours_minutes', { timers: [running] });
    expect(createWords('ar', readCatalog('ar')).dir).toBe('rtl');
    expect(screen.getByRole('heading', { level: 2 }).textContent).toContain('10–16 مارس 2025');
    // Today's row: the timer's project between isolates, so a Latin name keeps its place in the Arabic sentence.
    const row = screen.getByRole('button', { name: /الثلاثاء، 11 مارس/ });
    expect(row.textContent).toContain('مع مؤقّت \u2068Website\u2069');
    expect(row.querySelector('.total')!.textContent).toBe('2:00');
    const bar = [...screen.getByTestId('week-chart').querySelectorAll('title')].map((t) => t.textContent);
    expect(bar).toContain('\u2068الثلاثاء، 11 مارس\u2069: \u20682:00\u2069');
  });
});

describe('in Polish', () => {
  type Pasted = ResponseOf<'logLines'>;
  const pasted = (count: number): Pasted => ({
    logged: Array.from({ length: count }, (_, i) => ({
      line: i + 1,
      key: `k${i}`,
      minutes: 30,
      typedMinutes: 30,
      increment: 1,
      projectName: 'Website',
      date: '2025-03-10',
    })),
    refused: [],
  });

  it('counts a pasted day’s entries in the form each number takes', () => {
    speak('pl');
    const said = (n: number) => doneWords(pasted(n), '2025-03-11', { operations: {} }).text;
    expect(said(1)).toBe('Zapisano: 1 wpis wczoraj (pon., 10 mar), łącznie 0:30.');
    expect(said(2)).toBe('Zapisano: 2 wpisy wczoraj (pon., 10 mar), łącznie 1:00.');
    expect(said(5)).toBe('Zapisano: 5 wpisów wczoraj (pon., 10 mar), łącznie 2:30.');
    expect(said(22)).toBe('Zapisano: 22 wpisy wczoraj (pon., 10 mar), łącznie 11:00.');
  });

  it('says an entry waits on this computer in Polish, naming the account', () => {
    speak('pl');
    const one = pasted(1);
    const text = doneWords(one, '2025-03-10', { operations: { k0: savedHere('Praca') } }).text;
    expect(text).toBe('Zapisano tutaj · zostanie wysłane, gdy Praca odpowie: 1 wpis, łącznie 0:30.');
  });
});
