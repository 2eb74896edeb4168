// `npm start`: the Electron app on the embedded local account. Where Electron's binary cannot be
// had (it is downloaded on first run, which fails on an offline machine) it says so in one line
// and starts the web host instead, which serves the same app to a browser.
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { buildAll } from './build.mjs';
import { electronBinary, root } from './electronBinary.mjs';

function fetchElectron() {
  // Electron's own installer; it fails quickly without network.
  const result = spawnSync(process.execPath, [join(root, 'node_modules/electron/install.js')], {
    stdio: 'ignore',
    timeout: 120_000,
  });
  return result.status === 0 ? electronBinary() : null;
}

const binary = electronBinary() ?? fetchElectron();
if (binary) {
  await buildAll();
  const child = spawn(binary, [root, ...process.argv.slice(2)], { stdio: 'inherit' });
  child.on('exit', (code) => process.exit(code ?? 0));
} else {
  console.log("Electron's binary could not be downloaded here (no network?): starting Stint's web host instead.");
  const tsx = join(root, 'node_modules/.bin/tsx');
  const child = spawn(tsx, [join(root, 'web/cli.ts'), ...process.argv.slice(2)], { stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code) => process.exit(code ?? 0));
}
