// Classic tag parsing of v1 descriptions (spec 002 "Tag parsing of description in classic accounts
// without allow_hashtags"). Each case names the rule it tests, as service/v1/classicTags.ts
// numbers them:
//   R1 a tag is a piece that starts and ends at the text boundary or a comma
//   R2 one or two words          R3 at most 30 characters          R4 does not start with !
//   R5 not preceded by !!; a !! anywhere stops tag parsing after it
//   R6 normalised: extra whitespace removed, tags moved to the front in alphabetical order
//   D-… the decisions of classicTags.ts where the spec is silent (pieces joined with ", ",
//       empty pieces dropped, ! kept in the text, ASCII case, duplicates, code points)
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseClassicDescription } from '../../../service/v1/classicTags';

const cases: Array<[string, string | null, string | null, string[]]> = [
  // [rule, description, normalised description, tags]
  ['R1: a whole description of one word is a tag', 'meeting', 'meeting', ['meeting']],
  ['R1: pieces between commas are tags', 'meeting, call', 'call, meeting', ['call', 'meeting']],
  ['R1: a piece ends at the text boundary', 'Worked on the layout, design', 'design, Worked on the layout', ['design']],
  [
    'R1: a piece starts at the text boundary',
    'design, Worked on the layout',
    'design, Worked on the layout',
    ['design'],
  ],
  [
    'R1: a piece between two commas',
    'Wrote the report, review, and sent it off',
    'review, Wrote the report, and sent it off',
    ['review'],
  ],
  [
    'R1: words inside a long piece are not tags',
    'Fixed the meeting room booking',
    'Fixed the meeting room booking',
    [],
  ],
  ['R2: two words make one tag', 'client call', 'client call', ['client call']],
  ['R2: three words are text', 'call the client', 'call the client', []],
  [
    'R2: two-word and one-word tags together',
    'Long text about things, client call, qa',
    'client call, qa, Long text about things',
    ['client call', 'qa'],
  ],
  [
    'R2: a two-word piece beside text is still a tag (classic rules are blunt)',
    'Worked with the team, with Bob',
    'with Bob, Worked with the team',
    ['with Bob'],
  ],
  ['R3: a word of exactly 30 characters is a tag', 'a'.repeat(30), 'a'.repeat(30), ['a'.repeat(30)]],
  ['R3: a word of 31 characters is text', 'a'.repeat(31), 'a'.repeat(31), []],
  [
    'R3: two words of 30 characters with their space are a tag',
    'abcdefghijklmn opqrstuvwxyzabc',
    'abcdefghijklmn opqrstuvwxyzabc',
    ['abcdefghijklmn opqrstuvwxyzabc'],
  ],
  ['R3: two words of 31 characters are text', 'abcdefghijklmno opqrstuvwxyzabc', 'abcdefghijklmno opqrstuvwxyzabc', []],
  [
    'R3: length is counted after whitespace is normalised',
    `${'a'.repeat(14)}     ${'b'.repeat(15)}`,
    `${'a'.repeat(14)} ${'b'.repeat(15)}`,
    [`${'a'.repeat(14)} ${'b'.repeat(15)}`],
  ],
  ['R3 (D-code points): 30 accented letters are 30 characters', 'é'.repeat(30), 'é'.repeat(30), ['é'.repeat(30)]],
  ['R3 (D-code points): an emoji counts as one character', '😀'.repeat(30), '😀'.repeat(30), ['😀'.repeat(30)]],
  ['R4: a leading ! keeps a piece as text', '!meeting', '!meeting', []],
  ['R4: a leading ! keeps only its own piece as text', '!meeting, call', 'call, !meeting', ['call']],
  ['R4 (D-! kept): the ! stays in the text as written', 'Notes, !todo', 'Notes, !todo', ['Notes']],
  ['R4: a ! inside a piece does not stop it being a tag', 'go!', 'go!', ['go!']],
  ['R4: a ! after a space inside the piece does not either', 'big !deal', 'big !deal', ['big !deal']],
  ['R5: a !! stops tag parsing after it', 'meeting, !! call, review', 'meeting, !! call, review', ['meeting']],
  [
    'R5: pieces before the !! are still tags',
    'review, design, !! rest',
    'design, review, !! rest',
    ['design', 'review'],
  ],
  ['R5: the piece holding the !! is text', 'call !!, later', 'call !!, later', []],
  ['R5: a !! glued to a word is text and stops parsing', 'qa, note!!, more', 'qa, note!!, more', ['qa']],
  ['R5: a !! at the start leaves no tags at all', '!! meeting, call', '!! meeting, call', []],
  [
    'R5: a !! inside a long text piece still stops what follows',
    'Planning the sprint !! later, call',
    'Planning the sprint !! later, call',
    [],
  ],
  ['R6: tags are sorted alphabetically', 'zeta, alpha, mid', 'alpha, mid, zeta', ['alpha', 'mid', 'zeta']],
  [
    'R6: tags move to the front, text keeps its order',
    'First part of text, b, Second part of text, a',
    'a, b, First part of text, Second part of text',
    ['a', 'b'],
  ],
  ['R6: extra whitespace inside a piece is removed', 'client    call', 'client call', ['client call']],
  ['R6: whitespace around commas is removed', '  meeting  ,   call  ', 'call, meeting', ['call', 'meeting']],
  ['R6: tabs and newlines count as whitespace', 'meeting,\n\tcall', 'call, meeting', ['call', 'meeting']],
  ['R6: whitespace in text pieces is removed too', 'Worked   on\nthe  layout', 'Worked on the layout', []],
  [
    'R6 (D-ASCII case): order ignores letter case',
    'beta, Alpha, gamma',
    'Alpha, beta, gamma',
    ['Alpha', 'beta', 'gamma'],
  ],
  [
    'R6 (D-ASCII case): a tag written twice is one tag, first spelling',
    'Meeting, meeting, MEETING',
    'Meeting',
    ['Meeting'],
  ],
  ['R6 (D-empty pieces): doubled commas are dropped', 'meeting,,call', 'call, meeting', ['call', 'meeting']],
  ['R6 (D-empty pieces): a trailing comma is dropped', 'meeting,', 'meeting', ['meeting']],
  ['R6 (D-empty pieces): only commas and spaces leave nothing', ' , ,, ', null, []],
  ['R6: empty description', '', null, []],
  ['R6: no description at all', null, null, []],
  ['R1 (D-#): a #word without allow_hashtags is a classic tag like any word', '#bug', '#bug', ['#bug']],
  ['R1 (D-#): a #word inside text creates nothing', 'Fixed the #bug in login', 'Fixed the #bug in login', []],
  [
    'R2 (digits): a number alone is a one-word tag',
    'Sprint 12 planning session, 2024',
    '2024, Sprint 12 planning session',
    ['2024'],
  ],
];

describe('classic tag parsing (spec 002)', () => {
  it.each(cases)('%s', (_rule, text, description, tags) => {
    expect(parseClassicDescription(text)).toEqual({ description, tags });
  });

  it('holds at least 40 described cases', () => {
    expect(cases.length).toBeGreaterThanOrEqual(40);
  });

  // What v1 stores must read back as itself: PUT of an unchanged description keeps its tags.
  it('D-idempotent: normalising a normalised description changes nothing', () => {
    const piece = fc.oneof(
      fc.constantFrom(
        'meeting',
        'client call',
        '!todo',
        '!!',
        'Worked on the layout',
        'a'.repeat(31),
        'Meeting',
        ' ',
        '',
        'x!!y',
        '#bug',
      ),
      fc.string({ maxLength: 12 }),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 8 }), fc.constantFrom(',', ', ', ' ,', ',,'), (pieces, comma) => {
        const once = parseClassicDescription(pieces.join(comma));
        expect(parseClassicDescription(once.description)).toEqual(once);
      }),
      { numRuns: 500 },
    );
  });

  it('tags are at most 30 characters, never start with !, and are one or two words', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (text) => {
        for (const tag of parseClassicDescription(text).tags) {
          expect([...tag].length).toBeLessThanOrEqual(30);
          expect(tag.startsWith('!')).toBe(false);
          expect(tag.split(' ').length).toBeLessThanOrEqual(2);
        }
      }),
    );
  });
});
