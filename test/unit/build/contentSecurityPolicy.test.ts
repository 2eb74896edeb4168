// The Electron window's page carries the tightest policy the renderer runs under: its own script
// and stylesheet, the data: favicon, no connections (it talks over IPC), no <base>, no form
// targets. The web host's variant, sent as a header, is checked where it is served
// (test/e2e/bridge.test.ts). One policy source (scripts/csp.mjs) fills both.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { electronPage } from '../../../scripts/build.mjs';
import { withCspMeta } from '../../../scripts/csp.mjs';
import { root } from '../../../scripts/electronBinary.mjs';

const policiesIn = (html: string) =>
  [...html.matchAll(/<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]*)"/gi)].map((m) => m[1]);

describe("the renderer page's Content-Security-Policy", () => {
  it("is exactly Electron's policy in the page the build writes to dist/", () => {
    expect(policiesIn(electronPage())).toEqual([
      "default-src 'none'; script-src 'self'; style-src 'self'; img-src data:; base-uri 'none'; form-action 'none'",
    ]);
  });

  it('lets nothing load from the source page as it is, before the build or the web host fill it in', () => {
    expect(policiesIn(readFileSync(join(root, 'renderer/index.html'), 'utf8'))).toEqual(["default-src 'none'"]);
  });

  it('refuses a page with no policy element, or two, rather than serve it without one', () => {
    const page = readFileSync(join(root, 'renderer/index.html'), 'utf8');
    expect(() =>
      withCspMeta(page.replace(/<meta\s+http-equiv="Content-Security-Policy"[^>]*>/, ''), "default-src 'self'"),
    ).toThrow(/found 0/);
    expect(() =>
      withCspMeta(
        page.replace('<title>', '<meta http-equiv="Content-Security-Policy" content="" /><title>'),
        "default-src 'self'",
      ),
    ).toThrow(/found 2/);
  });

  it('leaves no policy element where the policy goes in a header instead', () => {
    const page = withCspMeta(readFileSync(join(root, 'renderer/index.html'), 'utf8'), null);
    expect(policiesIn(page)).toEqual([]);
    expect(page).toContain('<script defer src="renderer.js"></script>');
  });
});
