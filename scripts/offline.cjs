// Preloaded (node --require) into electronegativity, which reaches for the network on its own
// (Electron's release list, its translations) through `got`. Build machines have no network, and
// on Node 24 a failed `got` request kills the tool: a late timeout throws from p-cancelable, or
// the request's 'error' event goes unhandled. Here `got` answers at once that it is offline,
// which the tool already reports as "No connectivity?" and goes on with its checks.
const Module = require('node:module');

const offline = () => Promise.reject(Object.assign(new Error('offline: scripts/offline.cjs'), { code: 'ENOTFOUND' }));
const got = Object.assign(offline, { head: offline, get: offline, default: undefined });
got.default = got;

const load = Module._load;
Module._load = function (request, parent, isMain) {
  if (request === 'got') return got;
  return load.call(this, request, parent, isMain);
};
