// @vitest-environment happy-dom
// The week view's re-render after a change (issue 22, speed): each pushed snapshot is a fresh
// object graph, parsed from IPC or the WebSocket. Its unchanged parts are kept as the previous
// objects (renderer/keepUnchanged.ts) and the rows are memo()'d, so a change to one entry renders
// that entry's row again, not the whole open day's, and a change on a closed day none of them.
// Counted with Preact's own hook for every component rendered (options.diffed).
import { act, cleanup, render, screen } from '@testing-library/preact';
import { options, type VNode } from 'preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ok } from '../../../common/result';
import type { EntryView, Snapshot } from '../../../common/snapshot';
import { App } from '../../../renderer/components/App';
import { fakeBridge } from '../../support/fakeBridge';
import { snapshot, weekView } from '../../support/snapshot';
import { SENT } from '../../../common/savedHere';

const TODAY = '2025-03-10';
const entries = (date: string, from: number): EntryView[] =>
  Array.from({ length: 30 }, (_, i) => ({
    key: String(from + i),
    id: from + i,
    date,
    minutes: 30,
    description: `item ${from + i}`,
    projectName: `Project ${i % 5}`,
    projectId: (i % 5) + 1,
    billable: true,
    status: SENT,
  }));

/** The week as main pushes it, parsed afresh each time: nothing shared with the one before. */
function pushed(minutesOfFirst = 30, minutesOnTuesday = 30): Snapshot {
  const base = weekView();
  const week = {
    ...base,
    days: base.days.map((d) =>
      d.date === TODAY
        ? { ...d, entries: entries(d.date, 100).map((e, i) => (i === 0 ? { ...e, minutes: minutesOfFirst } : e)) }
        : d.date === '2025-03-11'
          ? { ...d, entries: entries(d.date, 200).map((e, i) => (i === 0 ? { ...e, minutes: minutesOnTuesday } : e)) }
          : d,
    ),
  };
  return JSON.parse(JSON.stringify(snapshot({ week, today: { date: TODAY, entries: [], totalMinutes: 0 } })));
}

let rendered: string[] = [];
const hook = options.diffed;
beforeEach(() => {
  location.hash = '#week';
  options.diffed = (vnode: VNode) => {
    const type = vnode.type as { name?: string } | string;
    if (typeof type === 'function' && type.name === 'EntryRow')
      rendered.push(String((vnode.props as unknown as { entry: EntryView }).entry.key));
    hook?.(vnode);
  };
});
afterEach(() => {
  options.diffed = hook;
  cleanup();
  location.hash = '';
});

describe('the week view after a change', () => {
  it("renders only the changed entry's row again, and none for a change on a closed day", async () => {
    let push: (s: Snapshot) => void = () => {};
    const bridge = {
      ...fakeBridge({ getSnapshot: async () => ok(pushed()) }),
      onSnapshot: (listener: (s: Snapshot) => void) => {
        push = listener;
        return () => {};
      },
    };
    render(<App bridge={bridge} />);
    await screen.findAllByTestId('week-entry');
    expect(screen.getAllByTestId('week-entry')).toHaveLength(30);

    // An unchanged snapshot pushed again: no row renders.
    rendered = [];
    await act(() => push(pushed()));
    expect(rendered).toEqual([]);

    // Today's first entry changed: that row alone.
    await act(() => push(pushed(45)));
    expect(rendered).toEqual(['100']);
    expect(screen.getAllByTestId('entry-minutes')[0]!.textContent).toBe('0:45');

    // An entry of Tuesday, whose day is closed: no row of today's.
    rendered = [];
    await act(() => push(pushed(45, 60)));
    expect(rendered).toEqual([]);

    // The user's time format changed on the service: every row follows it (the rows read it from
    // a context, which reaches them past memo()).
    await act(() => push({ ...pushed(45, 60), timeFormat: 'fraction' }));
    expect(screen.getAllByTestId('entry-minutes')[0]!.textContent).toBe('0.75');
    expect(screen.getAllByTestId('entry-minutes')[29]!.textContent).toBe('0.50');
  });
});
