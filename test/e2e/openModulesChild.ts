// One boot of a built main bundle for openModules.test.ts, in a process of its own (bundled for
// plain node), so that nothing a test loaded counts: the packages the app has required, from
// require.cache, and the fastify apps it has made (fastify announces each on the diagnostics
// channel fastify.initialization). Prints them as a JSON line once the account is open, and again
// at each line read on stdin.
//
//   node openModulesChild.mjs <bundle> <userData> <port of the embedded service>
import { subscribe } from 'node:diagnostics_channel';
import { createInterface } from 'node:readline';
import { accountOpen, bootBundle } from '../support/electron/boot';

const [bundle, userData, port] = process.argv.slice(2) as [string, string, string];
const apps: Array<{ hasRoute(options: { method: string; url: string }): boolean }> = [];
subscribe('fastify.initialization', (message) => apps.push((message as { fastify: (typeof apps)[number] }).fastify));

const packagesLoaded = () => {
  const names = new Set<string>();
  for (const file of Object.keys(require.cache)) {
    // The package of the last node_modules in the path: a dependency's own dependency counts too.
    const match = /.*[\\/]node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(file);
    if (match) names.add(match[1]!.replace('\\', '/'));
  }
  return [...names].sort();
};
const report = () => console.log(JSON.stringify({ packages: packagesLoaded(), apps: apps.length }));

const booted = await bootBundle({ userData, args: [`--local-port=${port}`], upTo: 'tray', bundle });
await accountOpen(booted.electron);
report();
for await (const line of createInterface({ input: process.stdin })) {
  if (line === 'quit') break;
  report();
}
await booted.quit();
process.exit(0);
