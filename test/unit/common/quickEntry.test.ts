import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addDays } from '../../../common/dayWords';
import { hashtags, parseQuickEntry, projectNameToType, suggestProjects } from '../../../common/quickEntry';

const known = ['Website', 'Client Website', 'Client Website redesign', 'Internal'];
/** A Wednesday. */
const TODAY = '2025-03-12';

describe('parseQuickEntry', () => {
  it('reads time, a known project, the description and its tags', () => {
    expect(parseQuickEntry('1:30 @Website #meeting call with the client', known, TODAY)).toEqual({
      ok: true,
      date: TODAY,
      minutes: 90,
      projectName: 'Website',
      projectIsNew: false,
      didYouMean: null,
      description: '#meeting call with the client',
      tags: ['meeting'],
    });
  });

  it('takes the longest known project name, which may contain spaces', () => {
    const entry = parseQuickEntry('45m @Client Website redesign fix header', known, TODAY);
    expect(entry).toMatchObject({
      ok: true,
      projectName: 'Client Website redesign',
      projectIsNew: false,
      description: 'fix header',
    });
    expect(parseQuickEntry('45m @client website fix header', known, TODAY)).toMatchObject({
      projectName: 'Client Website',
      description: 'fix header',
    });
  });

  it('matches names without case but answers them as the service spells them', () => {
    expect(parseQuickEntry('1 @website', known, TODAY)).toMatchObject({
      ok: true,
      minutes: 60,
      projectName: 'Website',
      projectIsNew: false,
      description: '',
    });
  });

  it('does not take a known name that is only the start of a longer word', () => {
    expect(parseQuickEntry('1 @Websites new pages', known, TODAY)).toMatchObject({
      projectName: 'Websites',
      projectIsNew: true,
      didYouMean: 'Website',
      description: 'new pages',
    });
  });

  it('marks a project nobody knows as new: one word after @', () => {
    expect(parseQuickEntry('2h @Acme kickoff #call', known, TODAY)).toEqual({
      ok: true,
      date: TODAY,
      minutes: 120,
      projectName: 'Acme',
      projectIsNew: true,
      didYouMean: null,
      description: 'kickoff #call',
      tags: ['call'],
    });
  });

  it('allows an entry without project and without description', () => {
    expect(parseQuickEntry('15', known, TODAY)).toEqual({
      ok: true,
      date: TODAY,
      minutes: 15,
      projectName: null,
      projectIsNew: false,
      didYouMean: null,
      description: '',
      tags: [],
    });
    expect(parseQuickEntry('0:30 reading', known, TODAY)).toMatchObject({
      minutes: 30,
      projectName: null,
      description: 'reading',
    });
  });

  it('reads a time written as several words', () => {
    expect(parseQuickEntry('1h 30m @Internal planning', known, TODAY)).toMatchObject({
      minutes: 90,
      projectName: 'Internal',
      description: 'planning',
    });
    expect(parseQuickEntry('2 hours of review', known, TODAY)).toMatchObject({
      minutes: 120,
      description: 'of review',
    });
    expect(parseQuickEntry('1 call with Sam', known, TODAY)).toMatchObject({
      minutes: 60,
      description: 'call with Sam',
    });
  });

  it('keeps an @ inside the description as text', () => {
    expect(parseQuickEntry('10 mail to sam@example.com', known, TODAY)).toMatchObject({
      projectName: null,
      description: 'mail to sam@example.com',
    });
  });

  it.each([
    ['', 'time', /Start with the time/],
    ['@Website call', 'time', /Start with the time/],
    ['#meeting 1:00', 'time', /Start with the time/],
    ['1:75 @Website call', 'time', /minutes must be below 60/],
    ['abc', 'time', /“abc” is not a time/],
    ['call the client', 'time', /“call” is not a time/],
    ['1:30 @ call', 'project', /project name right after @/],
  ])('refuses %j, pointing at the %s', (text, field, message) => {
    const entry = parseQuickEntry(text, known, TODAY);
    expect(entry).toMatchObject({ ok: false, field });
    if (!entry.ok) expect(entry.message).toMatch(message);
  });
});

describe('hashtags', () => {
  it('finds each tag once, keeping the unbillable star', () => {
    expect(hashtags('#Meeting call, #vacation* and #meeting again #x-1, #a_b.')).toEqual([
      'Meeting',
      'vacation*',
      'x-1',
      'a_b',
    ]);
  });

  it('ignores a # inside a word', () => {
    expect(hashtags('issue C#9 and a#b')).toEqual([]);
  });
});

describe('suggestProjects', () => {
  const at = (text: string) => suggestProjects(text, text.length, known);

  it('offers names starting with what is typed after @, then names containing it', () => {
    expect(at('1:30 @web')).toEqual({
      from: 6,
      to: 9,
      query: 'web',
      names: ['Website', 'Client Website', 'Client Website redesign'],
    });
  });

  it('offers every name right after the @', () => {
    expect(at('1:30 @')?.names).toEqual(['Client Website', 'Client Website redesign', 'Internal', 'Website']);
  });

  it('follows names with spaces', () => {
    expect(at('1:30 @Client Website r')?.names).toEqual(['Client Website redesign']);
  });

  it('stops once the typing has moved past any name', () => {
    expect(at('1:30 @Internal planning')).toBeNull();
    expect(at('1:30 @Internal #x')).toBeNull();
    expect(at('1:30 call')).toBeNull();
    expect(at('mail sam@web')).toBeNull();
  });

  it('uses the cursor, not the end of the text', () => {
    const text = '1:30 @Int planning';
    expect(suggestProjects(text, 9, known)).toEqual({ from: 6, to: 9, query: 'Int', names: ['Internal'] });
  });
});

describe('parseQuickEntry: the day before the time', () => {
  const day = (text: string) => parseQuickEntry(text, known, TODAY);

  it('logs to today unless a day is written first', () => {
    expect(day('1:30 @Website')).toMatchObject({ ok: true, date: TODAY });
    expect(day('today 1:30 @Website')).toMatchObject({ ok: true, date: TODAY, projectName: 'Website' });
  });

  it('reads yesterday, and a weekday as the most recent such day (today included, never a future one)', () => {
    expect(day('yesterday 1:30 @Website review')).toMatchObject({
      ok: true,
      date: '2025-03-11',
      minutes: 90,
      projectName: 'Website',
      description: 'review',
    });
    expect(day('mon 1:00')).toMatchObject({ date: '2025-03-10' });
    expect(day('Monday 1:00')).toMatchObject({ date: '2025-03-10' });
    // Today is a Wednesday: "wed" is today, "thu" last week's.
    expect(day('WED 1:00')).toMatchObject({ date: TODAY });
    expect(day('thu 1:00')).toMatchObject({ date: '2025-03-06' });
    expect(day('sun 1:00')).toMatchObject({ date: '2025-03-09' });
  });

  it('reads an ISO date up to today, and refuses a future or impossible one at the date', () => {
    expect(day('2025-03-01 45m @Internal')).toMatchObject({ ok: true, date: '2025-03-01', minutes: 45 });
    expect(day('2025-03-12 45m')).toMatchObject({ ok: true, date: TODAY });
    expect(day('2025-03-13 45m')).toEqual({
      ok: false,
      field: 'date',
      message: 'Thu 13 Mar is in the future: time can be logged up to today.',
    });
    expect(day('2024-02-30 1:00')).toEqual({
      ok: false,
      field: 'date',
      message: 'There is no 30 Feb 2024: check the date.',
    });
    expect(day('2025-3-1 1:00')).toMatchObject({ ok: false, field: 'date', message: /two-digit month and day/ });
  });

  it('refuses tomorrow at the date, in words', () => {
    expect(day('tomorrow 1:00')).toEqual({
      ok: false,
      field: 'date',
      message: 'Time can be logged up to today, not tomorrow.',
    });
  });

  it('asks for the time after a day alone', () => {
    expect(day('yesterday')).toMatchObject({
      ok: false,
      field: 'time',
      message: 'Now the time, like “yesterday 1:30”.',
    });
  });
});

describe('parseQuickEntry: a range of clock times instead of a duration', () => {
  const range = (text: string) => parseQuickEntry(text, known, TODAY);

  it('gives the minutes between start and end', () => {
    expect(range('9:00-10:30 @Website')).toMatchObject({ ok: true, minutes: 90, projectName: 'Website' });
    expect(range('9-10:30 standup')).toMatchObject({ ok: true, minutes: 90, description: 'standup' });
    expect(range('9:00–10:30')).toMatchObject({ ok: true, minutes: 90 });
    expect(range('yesterday 13:15-17 @Internal')).toMatchObject({ ok: true, date: '2025-03-11', minutes: 225 });
  });

  it.each([
    ['10:30-9:00', /ends before it starts.*across midnight/],
    ['22:00-1:00', /across midnight/],
    ['9:00-9:00', /starts and ends at the same time/],
    ['9:70-10', /0:00 to 24:00/],
    ['9:00-', /not a range of times/],
  ])('refuses %j at the time', (text, message) => {
    const entry = range(text);
    expect(entry).toMatchObject({ ok: false, field: 'time' });
    if (!entry.ok) expect(entry.message).toMatch(message);
  });
});

describe('parseQuickEntry: new project names', () => {
  it('refuses a name longer than the service takes, saying the limit in words', () => {
    const entry = parseQuickEntry(`1:00 @${'a'.repeat(300)} x`, known, TODAY);
    expect(entry).toEqual({
      ok: false,
      field: 'project',
      message: 'A project name can be at most 255 characters; this one has 300.',
    });
    expect(parseQuickEntry(`1:00 @${'a'.repeat(255)}`, known, TODAY)).toMatchObject({ ok: true, projectIsNew: true });
  });

  it('flags a likely typo of a known project, and not a name that is plainly new', () => {
    const names = ['Remote', 'Website'];
    expect(parseQuickEntry('0:20 @Remtoe x', names, TODAY)).toMatchObject({
      ok: true,
      projectName: 'Remtoe',
      projectIsNew: true,
      didYouMean: 'Remote',
    });
    expect(parseQuickEntry('0:20 @Acme x', names, TODAY)).toMatchObject({ projectIsNew: true, didYouMean: null });
  });
});

describe('parseQuickEntry: a project name of several words in quotes (issue 22)', () => {
  it('takes a new name of two words whole in quotes, the rest as the note', () => {
    expect(parseQuickEntry('1:00 @"Acme Corp" design #review', known, TODAY)).toEqual({
      ok: true,
      date: TODAY,
      minutes: 60,
      projectName: 'Acme Corp',
      projectIsNew: true,
      didYouMean: null,
      description: 'design #review',
      tags: ['review'],
    });
  });

  it('takes curly quotes as a keyboard may type them, and tidies the spaces inside', () => {
    expect(parseQuickEntry('1:00 @“ Acme   Corp ” design', known, TODAY)).toMatchObject({
      projectName: 'Acme Corp',
      description: 'design',
    });
  });

  it('answers a known name in quotes as the service spells it, not new', () => {
    expect(parseQuickEntry('0:30 @"client website" call', known, TODAY)).toMatchObject({
      projectName: 'Client Website',
      projectIsNew: false,
      description: 'call',
    });
  });

  it('asks for the closing quote, and for a name between empty quotes, at the project', () => {
    expect(parseQuickEntry('1:00 @"Acme Corp design', known, TODAY)).toEqual({
      ok: false,
      field: 'project',
      message: 'Close the project name with a quote, like @"Acme Corp".',
    });
    expect(parseQuickEntry('1:00 @"" design', known, TODAY)).toMatchObject({ ok: false, field: 'project' });
  });

  it('offers names while a quoted name is typed, and none once it is closed', () => {
    expect(suggestProjects('1:30 @"Client W', 15, known)).toEqual({
      from: 6,
      to: 15,
      query: 'Client W',
      names: ['Client Website', 'Client Website redesign'],
    });
    expect(suggestProjects('1:30 @"Client Website" x', 24, known)).toBeNull();
  });

  it('writes a name with a space in quotes for completion, one word as it is', () => {
    expect(projectNameToType('Acme Corp')).toBe('"Acme Corp"');
    expect(projectNameToType('Website')).toBe('Website');
  });
});

describe('parseQuickEntry: a parsed date is never in the future', () => {
  const isoDay = fc
    .date({ min: new Date(Date.UTC(2000, 0, 1)), max: new Date(Date.UTC(2099, 11, 31)), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10));
  const dayWord = fc.oneof(
    fc.constantFrom('today', 'yesterday', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun', 'Sunday', 'FRIDAY'),
    isoDay,
  );

  it('for any today and any day word: at most today, and within a week unless written as a date', () => {
    fc.assert(
      fc.property(isoDay, dayWord, (today, word) => {
        const entry = parseQuickEntry(`${word} 1:00 @Website`, known, today);
        if (!entry.ok) {
          expect(entry.field).toBe('date');
          expect(word > today).toBe(true);
          return;
        }
        expect(entry.date <= today).toBe(true);
        if (!/^\d/.test(word)) expect(entry.date >= addDays(today, -7)).toBe(true);
      }),
    );
  });
});

describe('suggestProjects: recent first', () => {
  const names = ['Acme', 'Backend', 'Internal', 'Remote', 'Website'];

  it('offers the most recently used projects first, then the rest alphabetically', () => {
    expect(suggestProjects('1:30 @', 6, names, { recent: ['Website', 'Internal'] })?.names).toEqual([
      'Website',
      'Internal',
      'Acme',
      'Backend',
      'Remote',
    ]);
  });

  it('keeps names starting with the query ahead of names containing it, each recent first', () => {
    const webs = ['Web', 'Website', 'Client Website', 'Remote'];
    expect(suggestProjects('1:30 @web', 9, webs, { recent: ['Client Website', 'Website'] })?.names).toEqual([
      'Website',
      'Web',
      'Client Website',
    ]);
  });

  it('shows up to the limit asked for', () => {
    const many = Array.from({ length: 20 }, (_, i) => `Project ${String(i).padStart(2, '0')}`);
    expect(suggestProjects('1:30 @', 6, many, { limit: 12 })?.names).toHaveLength(12);
  });
});

describe('parseQuickEntry: @project anywhere in the line (issue 27 item 19)', () => {
  it('reads a project written at the end, as a meeting line is edited', () => {
    expect(parseQuickEntry('14:00-15:00 #meeting Weekly sync @"Acme Corp"', known, TODAY)).toEqual({
      ok: true,
      date: TODAY,
      minutes: 60,
      projectName: 'Acme Corp',
      projectIsNew: true,
      didYouMean: null,
      description: '#meeting Weekly sync',
      tags: ['meeting'],
    });
  });

  it('reads a known project of several words in the middle, the words either side the description', () => {
    expect(parseQuickEntry('yesterday 45m fixed the @Client Website redesign header #bug', known, TODAY)).toEqual({
      ok: true,
      date: addDays(TODAY, -1),
      minutes: 45,
      projectName: 'Client Website redesign',
      projectIsNew: false,
      didYouMean: null,
      description: 'fixed the header #bug',
      tags: ['bug'],
    });
  });

  it('takes @ only at a word start: an e-mail address stays in the description', () => {
    expect(parseQuickEntry('0:10 mail to bob@example.com @Website', known, TODAY)).toMatchObject({
      ok: true,
      projectName: 'Website',
      description: 'mail to bob@example.com',
    });
  });

  it('names the project by the first @word; a later one is part of the description', () => {
    expect(parseQuickEntry('1:00 call @Website with @bob', known, TODAY)).toMatchObject({
      projectName: 'Website',
      description: 'call with @bob',
    });
  });

  it('refuses a lone @ or an unclosed quote wherever it stands, at the project', () => {
    expect(parseQuickEntry('1:00 call @', known, TODAY)).toMatchObject({ ok: false, field: 'project' });
    expect(parseQuickEntry('1:00 call @"Acme Corp', known, TODAY)).toMatchObject({ ok: false, field: 'project' });
  });
});
