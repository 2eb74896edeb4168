import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkProjectName, editDistance, likelyTypoOf, MAX_PROJECT_NAME } from '../../../common/projectName';
import { projectsRecentFirst, recentFirst } from '../../../common/projectOrder';
import type { ProjectView } from '../../../common/snapshot';

describe('checkProjectName: one rule for quick entry, the entry editor and the Not-saved editor', () => {
  const known = ['Remote', 'Website', 'Client Website', 'QA'];

  it('finds a known project without case, answering it as spelled', () => {
    expect(checkProjectName('  @website ', known)).toEqual({ ok: true, known: true, name: 'Website' });
  });

  it('accepts a new name, tidied, and flags a likely typo of a known one', () => {
    expect(checkProjectName('Acme  Corp', known)).toEqual({
      ok: true,
      known: false,
      name: 'Acme Corp',
      didYouMean: null,
    });
    expect(checkProjectName('Remtoe', known)).toMatchObject({ known: false, didYouMean: 'Remote' });
    expect(checkProjectName('remot', known)).toMatchObject({ didYouMean: 'Remote' });
    expect(checkProjectName('Webiste', known)).toMatchObject({ didYouMean: 'Website' });
    expect(checkProjectName('Client Webside', known)).toMatchObject({ didYouMean: 'Client Website' });
    expect(checkProjectName('Clinet Webstie', known)).toMatchObject({ didYouMean: 'Client Website' });
  });

  it('does not call a short or plainly different name a typo', () => {
    expect(checkProjectName('QB', known)).toMatchObject({ didYouMean: null });
    expect(checkProjectName('Remodel', known)).toMatchObject({ didYouMean: null });
    expect(checkProjectName('Web', known)).toMatchObject({ didYouMean: null });
  });

  it('refuses a name longer than the service takes, in words with the limit', () => {
    expect(checkProjectName('x'.repeat(MAX_PROJECT_NAME), known)).toMatchObject({ ok: true });
    expect(checkProjectName('x'.repeat(MAX_PROJECT_NAME + 1), known)).toEqual({
      ok: false,
      message: 'A project name can be at most 255 characters; this one has 256.',
      words: { id: 'refusals.projectNameTooLong', values: { max: 255, count: 256 } },
    });
  });
});

describe('editDistance', () => {
  it('counts inserts, deletes, changes, and a swap of neighbours as one', () => {
    expect(editDistance('remote', 'remote')).toBe(0);
    expect(editDistance('remtoe', 'remote')).toBe(1);
    expect(editDistance('remot', 'remote')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
  });

  it('is symmetric and zero only for equal strings', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), fc.string({ maxLength: 12 }), (a, b) => {
        expect(editDistance(a, b)).toBe(editDistance(b, a));
        expect(editDistance(a, b) === 0).toBe(a === b);
      }),
    );
  });

  it('never flags a known name as a typo of itself', () => {
    expect(likelyTypoOf('Remote', ['Remote'])).toBeNull();
  });
});

describe('recent first', () => {
  const p = (id: number, name: string, enabled = true): ProjectView => ({
    id,
    name,
    color: null,
    billingIncrement: 15,
    enabled,
  });

  it('puts the recent names first in their order, then the rest alphabetically', () => {
    expect(recentFirst(['b', 'C', 'a', 'd'], ['d', 'b'])).toEqual(['d', 'b', 'a', 'C']);
  });

  it('offers enabled projects only, most recently used first', () => {
    const projects = [p(1, 'Acme'), p(2, 'Zeta'), p(3, 'Old', false), p(4, 'Beta')];
    expect(projectsRecentFirst(projects, [3, 2]).map((x) => x.name)).toEqual(['Zeta', 'Acme', 'Beta']);
  });
});
