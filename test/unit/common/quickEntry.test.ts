import { describe, expect, it } from 'vitest';
import { hashtags, parseQuickEntry, suggestProjects } from '../../../common/quickEntry';

const known = ['Website', 'Client Website', 'Client Website redesign', 'Internal'];

describe('parseQuickEntry', () => {
  it('reads time, a known project, the description and its tags', () => {
    expect(parseQuickEntry('1:30 @Website #meeting call with the client', known)).toEqual({
      ok: true,
      minutes: 90,
      projectName: 'Website',
      projectIsNew: false,
      description: '#meeting call with the client',
      tags: ['meeting'],
    });
  });

  it('takes the longest known project name, which may contain spaces', () => {
    const entry = parseQuickEntry('45m @Client Website redesign fix header', known);
    expect(entry).toMatchObject({
      ok: true,
      projectName: 'Client Website redesign',
      projectIsNew: false,
      description: 'fix header',
    });
    expect(parseQuickEntry('45m @client website fix header', known)).toMatchObject({
      projectName: 'Client Website',
      description: 'fix header',
    });
  });

  it('matches names without case but answers them as the service spells them', () => {
    expect(parseQuickEntry('1 @website', known)).toMatchObject({
      ok: true,
      minutes: 60,
      projectName: 'Website',
      projectIsNew: false,
      description: '',
    });
  });

  it('does not take a known name that is only the start of a longer word', () => {
    expect(parseQuickEntry('1 @Websites new pages', known)).toMatchObject({
      projectName: 'Websites',
      projectIsNew: true,
      description: 'new pages',
    });
  });

  it('marks a project nobody knows as new: one word after @', () => {
    expect(parseQuickEntry('2h @Acme kickoff #call', known)).toEqual({
      ok: true,
      minutes: 120,
      projectName: 'Acme',
      projectIsNew: true,
      description: 'kickoff #call',
      tags: ['call'],
    });
  });

  it('allows an entry without project and without description', () => {
    expect(parseQuickEntry('15', known)).toEqual({
      ok: true,
      minutes: 15,
      projectName: null,
      projectIsNew: false,
      description: '',
      tags: [],
    });
    expect(parseQuickEntry('0:30 reading', known)).toMatchObject({
      minutes: 30,
      projectName: null,
      description: 'reading',
    });
  });

  it('reads a time written as several words', () => {
    expect(parseQuickEntry('1h 30m @Internal planning', known)).toMatchObject({
      minutes: 90,
      projectName: 'Internal',
      description: 'planning',
    });
    expect(parseQuickEntry('2 hours of review', known)).toMatchObject({ minutes: 120, description: 'of review' });
    expect(parseQuickEntry('1 call with Sam', known)).toMatchObject({ minutes: 60, description: 'call with Sam' });
  });

  it('keeps an @ inside the description as text', () => {
    expect(parseQuickEntry('10 mail to sam@example.com', known)).toMatchObject({
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
    const entry = parseQuickEntry(text, known);
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
