// The function-length check of the lint step (scripts/functionLength.mjs): it measures every kind
// of function, and production code has none over the limit (the list of those left to split,
// scripts/LONG_FUNCTIONS.md, is empty since issue 19 item 4).
import { describe, expect, it } from 'vitest';
import { listed, longFunctions, MAX_LINES, offenders } from '../../../scripts/functionLength.mjs';

const body = (lines: number) => Array.from({ length: lines - 2 }, (_, i) => `  const x${i} = ${i};`).join('\n');

describe('function length check', () => {
  it('finds a declaration, an arrow, a method and a component over the limit, and none at it', () => {
    const text = [
      `function atLimit() {\n${body(MAX_LINES)}\n}`,
      `function declared() {\n${body(MAX_LINES + 1)}\n}`,
      `const arrow = () => {\n${body(MAX_LINES + 1)}\n};`,
      `const object = { method() {\n${body(MAX_LINES + 1)}\n} };`,
      `class Thing { run() {\n${body(MAX_LINES + 1)}\n} }`,
    ].join('\n');
    expect(longFunctions('example.ts', text).map((f) => f.name)).toEqual(['declared', 'arrow', 'method', 'run']);
    const component = `export function View() {\n  return (\n    <ul>\n${body(MAX_LINES).replace(/const (\w+) = \d+;/g, '<li>$1</li>')}\n    </ul>\n  );\n}`;
    expect(longFunctions('View.tsx', component)).toEqual([{ name: 'View', lines: MAX_LINES + 4 }]);
  });

  it('production code has no function over the limit, and none is listed to be split', () => {
    expect(offenders().map((f) => `${f.key} (${f.lines} lines)`)).toEqual([]);
    expect([...listed().keys()]).toEqual([]);
  });
});
