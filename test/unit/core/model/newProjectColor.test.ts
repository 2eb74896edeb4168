import { describe, expect, it } from 'vitest';
import { NEW_PROJECT_PALETTE, newProjectColor as pick } from '../../../../main/core/model/newProjectColor';

/** The colour for a new project beside projects wearing these. */
const newProjectColor = (colors: Array<string | null>) => pick(colors.map((color) => ({ color })));

describe('the colour of a project Stint creates', () => {
  it('is the palette’s first for a user with no coloured project', () => {
    expect(newProjectColor([])).toBe(NEW_PROJECT_PALETTE[0]);
    expect(newProjectColor([null, 'not a colour'])).toBe(NEW_PROJECT_PALETTE[0]);
  });

  it('is one no project wears yet while there is one, in any hex form the service stores', () => {
    expect(newProjectColor(['#1E88E5', '#e53935'])).toBe('#43a047');
    expect(newProjectColor(['#1e88e5', '#e53935', '#43a047', '#fb8c00', '#ff0000'])).toBe('#8e24aa');
  });

  it('gives a dozen new projects a dozen colours, and the thirteenth one of the fewest worn', () => {
    const worn: string[] = [];
    for (let i = 0; i < NEW_PROJECT_PALETTE.length; i++) worn.push(newProjectColor(worn));
    expect(new Set(worn).size).toBe(NEW_PROJECT_PALETTE.length);
    worn.push('#e53935');
    const next = newProjectColor(worn);
    expect(next).toBe(NEW_PROJECT_PALETTE[0]);
  });
});
