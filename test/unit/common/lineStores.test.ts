// The one function that says what a line or a timer's Log stores, held to the service's own
// rounding rule (service/domain/rounding.ts) over generated lines and increments (issue 27 item 2).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lineStores, timerStores } from '../../../common/lineStores';
import { parseQuickEntry } from '../../../common/quickEntry';
import { elapsedMinutes, roundUpMinutes } from '../../../service/domain/rounding';
import { LINE_PROJECTS, lineProjectViews, quickLine } from '../../support/quickLines';

const TODAY = '2026-11-25';
const projects = lineProjectViews();
const names = projects.map((p) => p.name);

describe('lineStores: what a line stores is what the service stores', () => {
  it('for any line, in any form, on any project or none', () => {
    fc.assert(
      fc.property(quickLine, (line) => {
        const text = line.text('marker');
        const parsed = parseQuickEntry(text, names, TODAY);
        if (!parsed.ok) throw new Error(`${text}: ${parsed.message}`);
        expect(parsed.minutes).toBe(line.minutes);
        expect(parsed.projectName?.toLowerCase() ?? null).toBe(line.project?.toLowerCase() ?? null);
        const stored = lineStores(parsed, projects);
        expect(stored.minutes).toBe(roundUpMinutes(line.minutes, line.increment));
        expect(stored.typedMinutes).toBe(line.minutes);
      }),
      { numRuns: 2000 },
    );
  });

  it("for a timer's Log at any seconds on any increment (paused: the seconds it has)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10 * 3600 * 1000 }),
        fc.constantFrom(...LINE_PROJECTS.map((p) => p.increment)),
        (ms, increment) => {
          const seconds = ms / 1000;
          expect(timerStores(seconds, false, increment).minutes).toBe(
            roundUpMinutes(elapsedMinutes(seconds), increment),
          );
        },
      ),
    );
  });
});
