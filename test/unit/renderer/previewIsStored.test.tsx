// @vitest-environment happy-dom
// What the window says a line or a timer's Log will store, held to the service's own rounding
// rule over generated lines and increments (issue 27 item 2): quick entry's preview, a pasted
// day's lines and its Log button, a calendar line's preview and a paused timer's Log button.
// (test/integration/core/previewIsStored.test.ts then runs a sample through each real path to
// the service and reads back what it stored.)
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { formatMinutes } from '../../../common/format';
import { roundUpMinutes, elapsedMinutes } from '../../../service/domain/rounding';
import { CalendarEvents } from '../../../renderer/components/CalendarEvents';
import { QuickEntry } from '../../../renderer/components/QuickEntry';
import { TimerCard } from '../../../renderer/components/TimerCard';
import { fakeBridge } from '../../support/fakeBridge';
import { LINE_PROJECTS, lineProjectViews, quickLine } from '../../support/quickLines';
import { SNAPSHOT_NOW, timerView } from '../../support/snapshot';

afterEach(cleanup);

const TODAY = '2026-11-25';
const projects = lineProjectViews();
const RUNS = { numRuns: 40 };

/** What the service stores of a generated line, in the window's words. */
const storedText = (line: { minutes: number; increment: number | null }) =>
  formatMinutes(roundUpMinutes(line.minutes, line.increment));

function paste(text: string) {
  const box = screen.getByTestId('quick-input');
  const event = new Event('paste', { bubbles: true, cancelable: true }) as Event & { clipboardData: unknown };
  event.clipboardData = { getData: (type: string) => (type === 'text/plain' ? text : '') };
  fireEvent(box, event);
}

describe('what the window says a line stores is what the service stores', () => {
  it("quick entry's preview", () => {
    fc.assert(
      fc.property(quickLine, (line) => {
        cleanup();
        render(<QuickEntry projects={projects} recentProjectIds={[]} today={TODAY} bridge={fakeBridge()} />);
        fireEvent.input(screen.getByTestId('quick-input'), { target: { value: line.text('note') } });
        expect(screen.getByTestId('preview-time').textContent).toBe(storedText(line));
      }),
      RUNS,
    );
  });

  it("a pasted day's lines and the total on its Log button", () => {
    fc.assert(
      fc.property(fc.array(quickLine, { minLength: 2, maxLength: 6 }), (lines) => {
        cleanup();
        render(<QuickEntry projects={projects} recentProjectIds={[]} today={TODAY} bridge={fakeBridge()} />);
        paste(lines.map((l, i) => l.text(`n${i}`)).join('\n'));
        const shown = screen.getAllByTestId('paste-line').map((li) => li.querySelector('.hint')?.textContent ?? '');
        expect(shown.map((hint) => hint.split(' ')[0])).toEqual(lines.map(storedText));
        const total = lines.reduce((sum, l) => sum + roundUpMinutes(l.minutes, l.increment), 0);
        expect(screen.getByTestId('paste-log').textContent).toBe(
          `Log ${lines.length} entries (${formatMinutes(total)})`,
        );
      }),
      RUNS,
    );
  });

  it("a calendar line's preview", () => {
    fc.assert(
      fc.property(quickLine, (line) => {
        cleanup();
        const event = {
          key: 'k',
          calendarId: 'c',
          title: 'Sync',
          start: 0,
          end: 0,
          allDay: false,
          line: line.text('note'),
          projectName: null,
        };
        render(<CalendarEvents events={[event]} projects={projects} today={TODAY} bridge={fakeBridge()} />);
        fireEvent.click(screen.getByRole('button', { name: 'Log Sync' }));
        expect(screen.getByTestId('event-preview').textContent).toMatch(new RegExp(`^Logs ${storedText(line)}[ (]`));
      }),
      RUNS,
    );
  });

  it("a paused timer's Log button, at any seconds on any increment", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10 * 3600 * 1000 }),
        fc.constantFrom(...LINE_PROJECTS.map((p) => p.increment)),
        (ms, increment) => {
          cleanup();
          const seconds = ms / 1000;
          render(
            <TimerCard
              timer={timerView({ state: 'paused', seconds })}
              now={SNAPSHOT_NOW}
              billingIncrement={increment}
              bridge={fakeBridge()}
            />,
          );
          fireEvent.click(screen.getByRole('button', { name: 'More for Website' }));
          expect(screen.getByTestId('log-button').textContent).toBe(
            `Log ${formatMinutes(roundUpMinutes(elapsedMinutes(seconds), increment))}`,
          );
        },
      ),
      RUNS,
    );
  });
});
