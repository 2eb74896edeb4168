// Calendars (issue 21 item 4): a calendar of five years, generated as Google writes one (every
// working day four one-off meetings in Europe/Berlin, one of them declined; twenty weekly series
// and a daily stand-up running the whole five years), read with ical.js and one day listed as
// Today lists it: expanded, filtered, matched with the day's entries and written as lines.
// Target: parse + list under 200 ms. The first sample is the one a fresh app pays (cold JIT).
import { dayEvents } from '../main/core/calendars/dayEvents';
import { occurrencesBetween, parseCalendar } from '../main/core/calendars/icsCalendar';
import { fiveYearCalendar, ME } from '../test/support/calendars';
import { percentile, type Benchmark } from './types';

const SAMPLES = 30;

function parseAndList(text: string, day: Date): number {
  const calendar = parseCalendar(text);
  const dayStart = new Date(day.getFullYear(), day.getMonth(), day.getDate()).getTime();
  const dayEnd = new Date(day.getFullYear(), day.getMonth(), day.getDate() + 1).getTime();
  const occurrences = occurrencesBetween(calendar, dayStart, dayEnd).map((o) => ({ ...o, calendarId: 'c' }));
  const { open } = dayEvents({
    occurrences,
    entries: [],
    userAddresses: [ME],
    dismissed: new Set(),
    projects: {},
    dayStart,
    dayEnd,
  });
  return open.length;
}

const bench: Benchmark = async () => {
  // A working day (a Wednesday) near the end of the five years: the series are iterated furthest.
  const day = new Date();
  day.setDate(day.getDate() + ((3 - day.getDay() + 7) % 7));
  const text = fiveYearCalendar(day);
  const events = parseCalendar(text).eventCount;
  const timeOne = () => {
    const cpu = process.cpuUsage();
    const start = performance.now();
    const listed = parseAndList(text, day);
    const used = process.cpuUsage(cpu);
    return { ms: performance.now() - start, cpuMs: (used.user + used.system) / 1000, listed };
  };
  const first = timeOne();
  const samples: number[] = [];
  const cpuSamples: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const one = timeOne();
    samples.push(one.ms);
    cpuSamples.push(one.cpuMs);
  }
  const p50 = percentile(samples, 50);
  const p95 = percentile(samples, 95);
  const cpuP50 = percentile(cpuSamples, 50);
  const detail = `${events} VEVENTs (${(text.length / 1e6).toFixed(2)} MB), ${first.listed} events listed for ${day.toDateString()}; ${SAMPLES} samples after the first`;
  return [
    {
      name: 'calendar of 5 years: parse + list one day, p50',
      value: p50,
      unit: 'ms',
      target: '< 200 ms',
      met: p50 < 200,
      detail,
    },
    {
      name: 'calendar of 5 years: parse + list one day, p95',
      value: p95,
      unit: 'ms',
      target: '< 200 ms',
      met: p95 < 200,
      detail,
    },
    {
      name: 'calendar of 5 years: parse + list one day, CPU time p50',
      value: cpuP50,
      unit: 'ms',
      target: '< 200 ms',
      met: cpuP50 < 200,
      detail:
        "the process's user + system CPU time (GC threads included): what the work costs, whatever else runs beside",
    },
    {
      name: 'calendar of 5 years: parse + list one day, first (cold JIT)',
      value: first.ms,
      unit: 'ms',
      detail: 'the first read in a fresh process',
    },
  ];
};

export default bench;
