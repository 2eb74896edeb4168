// @vitest-environment happy-dom
// Project colours in the window (issue 22 item 13): the dots of timers and entries and the week's
// bars carry the project's colour, a colour too close to a theme's background is ringed in that
// theme (common/projectColor.ts), and a missing or invalid colour is grey.
import { cleanup, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import type { EntryView, ProjectView, WeekView } from '../../../common/snapshot';
import { ProjectDot } from '../../../renderer/components/ProjectDot';
import { TimerCard } from '../../../renderer/components/TimerCard';
import { Today } from '../../../renderer/components/Today';
import { WeekPanel } from '../../../renderer/components/week/WeekPanel';
import { fakeBridge } from '../../support/fakeBridge';
import { snapshot, SNAPSHOT_NOW, timerView, weekView } from '../../support/snapshot';
import { SENT } from '../../../common/savedHere';

afterEach(cleanup);

const colourOf = (el: Element) => (el as HTMLElement).style.getPropertyValue('--dot');
const classesOf = (el: Element) => [...el.classList];

const projects: ProjectView[] = [
  { id: 1, name: 'Website', color: '#E53935', billingIncrement: 15, enabled: true, billable: true },
  { id: 2, name: 'Lemon', color: '#ffeb3b', billingIncrement: 15, enabled: true, billable: true },
  { id: 3, name: 'Navy', color: '#1a237e', billingIncrement: 15, enabled: true, billable: true },
  { id: 4, name: 'Broken', color: 'url(evil)', billingIncrement: 15, enabled: true, billable: true },
];
const entry = (key: string, projectId: number, minutes = 60): EntryView => ({
  key,
  id: Number(key),
  date: '2025-03-10',
  minutes,
  description: `item ${key}`,
  projectName: projects.find((p) => p.id === projectId)!.name,
  projectId,
  billable: true,
  status: SENT,
});

describe('ProjectDot', () => {
  it('carries a valid colour, and rings it in the theme where it is below 3:1', () => {
    const { container } = render(
      <>
        <ProjectDot color="#E53935" />
        <ProjectDot color="#ffeb3b" />
        <ProjectDot color="#1a237e" />
        <ProjectDot color="#fff" />
      </>,
    );
    const [red, lemon, navy, white] = [...container.querySelectorAll('.dot')];
    expect([colourOf(red!), classesOf(red!)]).toEqual(['#e53935', ['dot']]);
    expect([colourOf(lemon!), classesOf(lemon!)]).toEqual(['#ffeb3b', ['dot', 'ring-light']]);
    expect([colourOf(navy!), classesOf(navy!)]).toEqual(['#1a237e', ['dot', 'ring-dark']]);
    expect(classesOf(white!)).toEqual(['dot', 'ring-light']);
  });

  it('is grey (no colour of its own) for a missing or invalid colour', () => {
    const { container } = render(
      <>
        <ProjectDot color={null} />
        <ProjectDot color="url(evil)" />
        <ProjectDot color="#12345" />
      </>,
    );
    for (const dot of container.querySelectorAll('.dot')) {
      expect(colourOf(dot)).toBe('');
      expect(classesOf(dot)).toEqual(['dot']);
    }
  });
});

describe('colours in the views', () => {
  it("a timer's card shows its project's colour", () => {
    const timer = timerView({ color: '#ffeb3b', state: 'paused', seconds: 60 });
    const { container } = render(
      <TimerCard timer={timer} now={SNAPSHOT_NOW} billingIncrement={15} bridge={fakeBridge()} />,
    );
    const dot = container.querySelector('.dot')!;
    expect(colourOf(dot)).toBe('#ffeb3b');
    expect(classesOf(dot)).toContain('ring-light');
  });

  it("each of today's entries shows its project's colour beside the name, grey for an invalid one", () => {
    const entries = [entry('1', 1), entry('2', 3), entry('3', 4)];
    render(
      <Today
        today={{ date: '2025-03-10', entries, totalMinutes: 180 }}
        timers={[]}
        projects={projects}
        bridge={fakeBridge()}
      />,
    );
    const dots = screen.getAllByTestId('today-entry').map((row) => row.querySelector('.dot')!);
    expect(dots.map(colourOf)).toEqual(['#e53935', '#1a237e', '']);
    expect(classesOf(dots[1]!)).toContain('ring-dark');
  });

  it("splits each day's bar into its projects' minutes in their colours, most-logged project at the bottom", () => {
    const base = weekView();
    const week: WeekView = {
      ...base,
      days: base.days.map((d) =>
        d.date === '2025-03-11' ? { ...d, totalMinutes: 180, entries: [entry('1', 2, 60), entry('2', 1, 120)] } : d,
      ),
      projects: [
        { projectName: 'Website', color: '#E53935', billableMinutes: 120, unbillableMinutes: 0, totalMinutes: 120 },
        { projectName: 'Lemon', color: '#ffeb3b', billableMinutes: 60, unbillableMinutes: 0, totalMinutes: 60 },
      ],
      totalMinutes: 180,
    };
    const snap = snapshot({ week });
    render(<WeekPanel {...snap} bridge={fakeBridge()} />);
    const bars = screen.getByTestId('week-chart').querySelectorAll('.week-bar');
    const tuesday = [...bars[1]!.querySelectorAll('rect.week-segment')];
    expect(tuesday.map((r) => r.getAttribute('data-project'))).toEqual(['Website', 'Lemon']);
    expect(tuesday.map(colourOf)).toEqual(['#e53935', '#ffeb3b']);
    expect(classesOf(tuesday[1]!)).toContain('ring-light');
    // Stacked in minutes from the bottom (the group's transform scales them to the bar):
    // Website's 2 hours first, Lemon's hour on top of it.
    const [website, lemon] = tuesday.map((r) => [Number(r.getAttribute('y')), Number(r.getAttribute('height'))]);
    expect(website).toEqual([0, 120]);
    expect(lemon).toEqual([120, 60]);
    // The chart's scale: the longest day (3 hours) fills the 90 units of height.
    expect(tuesday[0]!.parentElement!.getAttribute('transform')).toMatch(
      /^translate\([\d.]+ 90\) scale\([\d.]+ -0\.5\)$/,
    );
    // A day with nothing logged has no segments.
    expect(bars[0]!.querySelectorAll('rect.week-segment')).toHaveLength(0);
  });
});
