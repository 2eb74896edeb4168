// One ES module file that plain `node` runs: for child processes that must start fast (the crash
// test's app lives start ~0.1 s this way, against ~0.3 s under tsx) or be measured alone (the
// memory benchmark). Packages are bundled too; `require` is provided for the CommonJS among them.
import { build } from 'esbuild';

export async function bundleForNode(entry: string, outfile: string): Promise<string> {
  await build({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    outfile,
    logLevel: 'error',
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
  });
  return outfile;
}
