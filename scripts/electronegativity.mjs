// Electron security lint, gated: runs @doyensec/electronegativity over the app's own sources
// (main/, preload/, renderer/, common/ and package.json, copied to a temp folder so node_modules,
// tests and the service are not scanned), reads its CSV, drops the justified exceptions below and
// exits 1 when any HIGH or MEDIUM finding remains. `npm test` runs it beside the type checks.
//
// Why the TypeScript sources and not dist/: electronegativity parses .ts/.tsx itself and follows
// `new BrowserWindow({...})`, `will-navigate` and `setPermissionRequestHandler` there; in the
// esbuild bundle they become `import_electron.BrowserWindow`, so it sees no window at all (missing
// the webPreferences checks) and reports the navigation and permission handlers as absent.
//
// The tool exits 0 whatever it finds, and prints "No connectivity?" where it cannot fetch
// Electron's release list (its check for newer security releases): harmless offline.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from './electronBinary.mjs';

const SCANNED = ['main', 'preload', 'renderer', 'common', 'package.json'];
const GATED = new Set(['HIGH', 'MEDIUM']);

/**
 * Findings judged safe. Each names the check, the file and a pattern of the flagged line, so the
 * same check elsewhere (a second window, another openExternal) is reported again.
 */
export const EXCEPTIONS = [
  {
    issue: 'PRELOAD_JS_CHECK',
    file: 'main/shell/window.ts',
    sample: /preload: paths\.preload/,
    // The preload is our own bundled file in a sandboxed, context-isolated window; it exposes
    // only the contract's channels through contextBridge (no ipcRenderer, no Node), and main
    // validates every argument with the contract's zod schemas and checks the sender.
    why: 'sandboxed preload exposing only the validated contract',
  },
  {
    issue: 'OPEN_EXTERNAL_JS_CHECK',
    file: 'main/shell/window.ts',
    sample: /isSafeExternalUrl\(url\)/,
    // openExternal runs only after isSafeExternalUrl (main/core/desktop/externalLinks.ts, unit-tested):
    // absolute http(s) with a host and no credentials; file:, javascript: and custom schemes
    // never reach the OS.
    why: 'only http(s) URLs checked in main',
  },
  {
    issue: 'OPEN_EXTERNAL_JS_CHECK',
    file: 'main/shell/account.ts',
    sample: /await shell\.openExternal\(url\); \/\/ checked on the line above/,
    // The browser sign-in's opener: the same isSafeExternalUrl check guards it, and anything else
    // is refused with an error rather than handed to the OS.
    why: 'browser sign-in opener, only http(s) URLs checked in main',
  },
  {
    issue: 'OPEN_EXTERNAL_JS_CHECK',
    file: 'main/core/accounts/signIn.ts',
    sample: /deps\.openExternal\(url\)/,
    // The authorize URL built by the OAuth client, checked with isSafeExternalUrl on the line
    // before; deps.openExternal is the shell's opener above, which checks again.
    why: 'OAuth authorize URL, checked before and inside the opener',
  },
];

/** Parses the tool's CSV (RFC 4180 quoting; unquoted N/A fields) into objects keyed by header. */
export function parseCsv(text) {
  const rows = [];
  let row = [],
    field = '',
    quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') (field += '"'), i++;
      else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') row.push(field), (field = '');
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field), rows.push(row), (row = []), (field = '');
    } else field += c;
  }
  if (field !== '' || row.length) row.push(field), rows.push(row);
  const [header, ...body] = rows.filter((r) => r.some((cell) => cell.trim() !== ''));
  const keys = (header ?? []).map((key) => key.trim());
  return body.map((cells) => Object.fromEntries(keys.map((key, i) => [key, cells[i] ?? ''])));
}

/** Splits findings into those an exception covers and those that remain. */
export function applyExceptions(findings, exceptions = EXCEPTIONS) {
  const excepted = [],
    remaining = [];
  for (const finding of findings) {
    const exception = exceptions.find(
      (e) => e.issue === finding.issue && e.file === finding.filename && e.sample.test(finding.sample),
    );
    (exception ? excepted : remaining).push({ ...finding, why: exception?.why });
  }
  return { excepted, remaining };
}

export const isGated = (finding) => GATED.has(finding.severity);

/**
 * Runs the tool once over a copy of the sources, every scanned folder in one tree (so no folder
 * is left out, whatever the tool does with several inputs); returns its findings. `from` and
 * `parts` let a test scan a tree of its own.
 */
export function scan(from = root, parts = SCANNED) {
  const work = mkdtempSync(join(tmpdir(), 'stint-electronegativity-'));
  try {
    const tree = join(work, 'app');
    for (const part of parts) cpSync(join(from, part), join(tree, part), { recursive: true });
    const electron = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).devDependencies.electron;
    const csv = join(work, 'findings.csv');
    const bin = join(root, 'node_modules/.bin/electronegativity');
    // No network for its update checks, and its report written in order: see the preload.
    const env = {
      ...process.env,
      NODE_OPTIONS:
        `${process.env.NODE_OPTIONS ?? ''} --require ${join(root, 'scripts/electronegativityPreload.cjs')}`.trim(),
    };
    const run = spawnSync(bin, ['-i', tree, '-o', csv, '-r', '-v', 'false', '-e', electron], { encoding: 'utf8', env });
    // A file it could not parse went unchecked: a failure too, not a silent pass ("Tolerable
    // error parsing" lines are warnings and pass).
    const errors = `${run.stdout}\n${run.stderr}`.split('\n').filter((line) => line.includes('Error parsing'));
    // A tool that died may leave an empty report: that is no pass.
    const text = run.status === 0 ? readFileSync(csv, 'utf8') : '';
    if (!text.startsWith('issue'))
      throw new Error(`electronegativity wrote no report (exit ${run.status}):\n${run.stdout}${run.stderr}`);
    return { findings: parseCsv(text), errors };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

const describe = (f) =>
  `${f.severity.padEnd(13)} ${f.issue} ${f.filename}:${f.location} ${f.sample === 'N/A' ? '' : f.sample}`;

if (import.meta.url === `file://${process.argv[1]}`) {
  const { findings, errors } = scan();
  const { excepted, remaining } = applyExceptions(findings);
  for (const f of excepted) console.log(`excepted      ${f.issue} ${f.filename}:${f.location} (${f.why})`);
  for (const f of remaining) console.log(describe(f));
  for (const line of errors) console.log(`parse error: ${line}`);
  const gated = remaining.filter(isGated);
  console.log(
    `electronegativity: ${gated.length} HIGH/MEDIUM finding(s), ${remaining.length - gated.length} lower, ${excepted.length} excepted` +
      (errors.length ? `, ${errors.length} parse error(s)` : ''),
  );
  process.exit(gated.length || errors.length ? 1 : 0);
}
