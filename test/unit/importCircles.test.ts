// No import circles in production code. A circle (a imports b, b imports a, however long the
// way round) means neither file can be read, tested or moved without the other; type-only
// imports count too, since they tie the files' meanings together just the same. Each
// dependency's type is declared beside the factory that needs it, so the one that builds it
// imports that, and not the other way round.
import { readdirSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = join(__dirname, '../..');
const PRODUCTION = ['main', 'common', 'wire', 'platform', 'preload', 'renderer', 'service', 'web', 'cli'];

const RESOLVE = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

/** Every production source file (repo-relative) and the files of this repository it imports, type-only imports included. */
function importGraph(): Map<string, string[]> {
  const files = PRODUCTION.flatMap((dir) =>
    readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.d.ts'))
      .map((f) => posix.join(dir, f.split('\\').join('/'))),
  );
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(join(root, file), 'utf8'), true, true);
    const targets = importedFiles
      .map(({ fileName }) => fileName)
      .filter((s) => s.startsWith('.'))
      .map((s) => posix.normalize(posix.join(posix.dirname(file), s)))
      .map((base) => RESOLVE.map((ext) => base + ext).find((c) => known.has(c)))
      .filter((t): t is string => t !== undefined);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** The circles of a graph: each strongly connected part of more than one file, as one way round it. */
function circles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const parts: string[][] = [];
  let next = 0;
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const part: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      part.push(w);
    } while (w !== v);
    if (part.length > 1) parts.push(part.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return parts.map((part) => wayRound(graph, part));
}

/** One way round a circle, from its first file back to it: a → b → c → a. */
function wayRound(graph: Map<string, string[]>, part: string[]): string[] {
  const inPart = new Set(part);
  const start = part[0]!;
  const from = new Map<string, string>();
  const queue = [start];
  while (queue.length) {
    const v = queue.shift()!;
    for (const w of graph.get(v) ?? []) {
      if (!inPart.has(w)) continue;
      if (w === start) {
        const way = [v];
        while (way[0] !== start) way.unshift(from.get(way[0]!)!);
        return [...way, start];
      }
      if (!from.has(w)) {
        from.set(w, v);
        queue.push(w);
      }
    }
  }
  return part;
}

describe('import circles', () => {
  it('production code has none', () => {
    const found = circles(importGraph()).map((c) => c.join(' → '));
    expect(found).toEqual([]);
  });

  it('finds a circle when there is one, type-only imports included (the check itself works)', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts', 'd.ts']],
      ['d.ts', []],
    ]);
    expect(circles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts', 'a.ts']]);
    const { importedFiles } = ts.preProcessFile(
      "import type { A } from './a';\nexport type B = import('./b').B;",
      true,
      true,
    );
    expect(importedFiles.map((f) => f.fileName)).toEqual(['./a', './b']);
  });
});
