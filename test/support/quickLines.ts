// Quick-entry lines as users write them, generated (fast-check): a time in each accepted form or a
// range of clock times, an optional day word first, a known project (any case, quoted or not), a
// new one or none, written right after the time, in the middle or at the end, and a description
// with #tags and an e-mail address. Each comes with the minutes it means and the increment the
// service will round it to (service/domain: a project it creates gets 15, no project none), so a
// test can hold what Stint says to what the service stores.
import fc from 'fast-check';
import type { ProjectView } from '../../common/snapshot';

/** Projects with the increments the property covers (1, 6, 15, 30, 60; an entry on none has no increment). */
export const LINE_PROJECTS: ReadonlyArray<{ name: string; increment: number }> = [
  { name: 'Website', increment: 15 },
  { name: 'Docs', increment: 1 },
  { name: 'Acme Corp', increment: 6 },
  { name: 'Research', increment: 30 },
  { name: 'Support', increment: 60 },
];

/** The same as the window's projects. */
export const lineProjectViews = (names: (name: string) => string = (n) => n): ProjectView[] =>
  LINE_PROJECTS.map((p, i) => ({
    id: i + 1,
    name: names(p.name),
    color: null,
    billingIncrement: p.increment,
    enabled: true,
  }));

export interface GeneratedLine {
  /** The line, given a word to write into its description (a test's marker, to find its entry by). */
  text(marker: string): string;
  /** The minutes the time means, before rounding. */
  minutes: number;
  /** The project by its generated name (a known one as LINE_PROJECTS spells it), or null. */
  project: string | null;
  /** The increment the service will round to: null without a project. */
  increment: number | null;
  /** Written with a day word first. */
  day: string | null;
}

const two = (n: number) => String(n).padStart(2, '0');

/** A time written in one of quick entry's forms, with the minutes it means. */
const timeWritten: fc.Arbitrary<{ text: string; minutes: number }> = fc.oneof(
  fc.integer({ min: 1, max: 600 }).map((m) => ({ text: `${Math.floor(m / 60) || ''}:${two(m % 60)}`, minutes: m })),
  fc.integer({ min: 1, max: 600 }).map((m) => ({ text: `${Math.floor(m / 60)}:${two(m % 60)}`, minutes: m })),
  fc
    .tuple(fc.integer({ min: 1, max: 600 }), fc.constantFrom('m', 'min', ' min', 'minutes', ' minutes'))
    .map(([m, unit]) => ({ text: `${m}${unit}`, minutes: m })),
  fc.integer({ min: 10, max: 600 }).map((m) => ({ text: String(m), minutes: m })),
  fc.integer({ min: 1, max: 9 }).map((h) => ({ text: String(h), minutes: h * 60 })),
  fc
    .tuple(fc.integer({ min: 1, max: 9 }), fc.integer({ min: 1, max: 59 }), fc.constantFrom('h', 'h ', ' hours '))
    .map(([h, m, sep]) => ({
      text: `${h}${sep}${m}${sep.includes('hours') ? 'minutes' : 'm'}`,
      minutes: h * 60 + m,
    })),
  // Tenths of an hour: a whole number of minutes.
  fc
    .tuple(fc.integer({ min: 1, max: 99 }), fc.constantFrom('', 'h', ' hours'))
    .map(([tenths, unit]) => ({ text: `${(tenths / 10).toFixed(1)}${unit}`, minutes: tenths * 6 })),
  // A range of clock times, with a hyphen or an en dash, the ends with or without minutes.
  fc
    .tuple(fc.integer({ min: 0, max: 23 * 60 }), fc.integer({ min: 1, max: 8 * 60 }), fc.constantFrom('-', '–'))
    .filter(([start, length]) => start + length <= 24 * 60)
    .map(([start, length, dash]) => {
      const end = start + length;
      const at = (t: number) => (t % 60 === 0 && t > 0 ? String(t / 60) : `${Math.floor(t / 60)}:${two(t % 60)}`);
      return { text: `${at(start)}${dash}${at(end)}`, minutes: length };
    }),
);

type ProjectChoice = { written: string; project: string | null; increment: number | null };

/** A project as written after @: known (any case, in quotes or not), new (one word or quoted), or none. */
const projectWritten: fc.Arbitrary<ProjectChoice> = fc.oneof(
  fc.tuple(fc.constantFrom(...LINE_PROJECTS), fc.constantFrom('as is', 'lower', 'quoted')).map(([p, how]) => ({
    written: how === 'quoted' ? `@"${p.name}"` : `@${how === 'lower' ? p.name.toLowerCase() : p.name}`,
    project: p.name,
    increment: p.increment,
  })),
  fc
    .constantFrom('Zebra', 'Kiosk', '"Blue Moon"', 'Webiste')
    .map((n) => ({ written: `@${n}`, project: n.replaceAll('"', ''), increment: 15 })),
  fc.constant({ written: '', project: null, increment: null }),
);

const descriptionWords = fc.array(
  fc.constantFrom('review', 'call', 'with', 'the', 'client', '#meeting', 'bob@example.com'),
  {
    maxLength: 3,
  },
);

export const quickLine: fc.Arbitrary<GeneratedLine> = fc
  .record({
    day: fc.constantFrom(null, 'yesterday', 'today', 'mon'),
    time: timeWritten,
    project: projectWritten,
    where: fc.constantFrom('after the time', 'in the middle', 'at the end'),
    before: descriptionWords,
    after: descriptionWords,
  })
  .map(({ day, time, project, where, before, after }) => ({
    minutes: time.minutes,
    project: project.project,
    increment: project.increment,
    day,
    text: (marker: string) => {
      // The marker is the first word of the description, so a project "at the end" still ends the line.
      const words =
        where === 'after the time'
          ? [project.written, marker, ...before, ...after]
          : where === 'in the middle'
            ? [marker, ...before, project.written, ...after]
            : [marker, ...before, ...after, project.written];
      return [day, time.text, ...words].filter(Boolean).join(' ');
    },
  }));
