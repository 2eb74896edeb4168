// No production function over 80 lines (the project's rule: a function one can read whole). Reads
// every TypeScript file of the production folders with TypeScript's parser and measures each
// function declaration, function expression, arrow function, method, accessor and constructor,
// from its first line to its last (a function inside another is measured on its own too). Tests
// and benchmarks are exempt. Run by `npm run lint` and `npm test`; `--list` prints every offender.
//
// LONG_FUNCTIONS.md beside this script listed the functions already longer when the rule came
// (issue 19), one `file › name (N lines)` a line, to be split. All are split and the list is
// empty, so the rule is simply no function over the limit. The script still reads the list (a
// listed function may not grow, and one no longer too long must leave it): it only shrinks.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export const MAX_LINES = 80;
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const PRODUCTION = ['main', 'common', 'wire', 'preload', 'renderer', 'service', 'web', 'cli'];

/** The name a function goes by: its own, its variable's, its property's, or where it starts. */
function nameOf(node, source) {
  if (node.name && ts.isIdentifier(node.name)) return node.name.text;
  if (node.name && (ts.isStringLiteral(node.name) || ts.isPrivateIdentifier(node.name))) return node.name.text;
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  const parent = node.parent;
  if (parent && ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  if (parent && ts.isPropertyAssignment(parent) && (ts.isIdentifier(parent.name) || ts.isStringLiteral(parent.name)))
    return parent.name.text;
  if (parent && ts.isPropertyDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  return `(anonymous, line ${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1})`;
}

const isFunction = (node) =>
  ts.isFunctionDeclaration(node) ||
  ts.isFunctionExpression(node) ||
  ts.isArrowFunction(node) ||
  ts.isMethodDeclaration(node) ||
  ts.isGetAccessorDeclaration(node) ||
  ts.isSetAccessorDeclaration(node) ||
  ts.isConstructorDeclaration(node);

/** Every function of one source text longer than `max` lines: `{ name, lines }`. */
export function longFunctions(fileName, text, max = MAX_LINES) {
  const kind = fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, kind);
  const found = [];
  const visit = (node) => {
    if (isFunction(node) && node.body) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = last - first + 1;
      if (lines > max) found.push({ name: nameOf(node, source), lines });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** `file › name (N lines)` for every production function over the limit. */
export function offenders() {
  return PRODUCTION.flatMap((dir) =>
    readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.d.ts'))
      .map((f) => posix.join(dir, f.split('\\').join('/')))
      .flatMap((file) =>
        longFunctions(file, readFileSync(join(root, file), 'utf8')).map((f) => ({ key: `${file} › ${f.name}`, ...f })),
      ),
  );
}

/** The listed functions (LONG_FUNCTIONS.md): `file › name` to the lines it had when listed. */
export function listed() {
  const lines = readFileSync(join(root, 'scripts/LONG_FUNCTIONS.md'), 'utf8').split('\n');
  return new Map(
    lines
      .map((l) => /^- (.+) \((\d+) lines\)$/.exec(l))
      .filter((m) => m !== null)
      .map((m) => [m[1], Number(m[2])]),
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const found = offenders();
  if (process.argv.includes('--list')) {
    for (const f of found.sort((a, b) => b.lines - a.lines)) console.log(`- ${f.key} (${f.lines} lines)`);
    process.exit(0);
  }
  const allowed = listed();
  const over = found.filter((f) => !allowed.has(f.key) || f.lines > allowed.get(f.key));
  const foundKeys = new Set(found.map((f) => f.key));
  const shrunk = [...allowed.keys()].filter((k) => !foundKeys.has(k));
  for (const f of over)
    console.log(
      allowed.has(f.key)
        ? `${f.key}: ${f.lines} lines, longer than the ${allowed.get(f.key)} it was listed with: split it`
        : `${f.key}: ${f.lines} lines, over ${MAX_LINES}: split it`,
    );
  for (const k of shrunk)
    console.log(`${k} is no longer over ${MAX_LINES} lines (or gone): take it off scripts/LONG_FUNCTIONS.md`);
  if (over.length || shrunk.length) process.exit(1);
  console.log(
    allowed.size === 0
      ? `Function length: none over ${MAX_LINES} lines`
      : `Function length: none over ${MAX_LINES} lines but the ${allowed.size} listed in scripts/LONG_FUNCTIONS.md`,
  );
}
