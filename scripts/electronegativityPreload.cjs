// Preloaded (node --require) into electronegativity by scripts/electronegativity.mjs, to make two
// of its habits harmless:
//
// 1. It reaches for the network on its own (Electron's release list, its translations) through
//    `got`. Build machines have no network, and on Node 24 a failed `got` request kills the tool
//    (a late timeout throws from p-cancelable, or the request's 'error' event goes unhandled).
//    Here `got` answers at once that it is offline, which the tool reports as "No connectivity?"
//    and goes on with its checks.
// 2. It writes its CSV report with two fs.writeFile calls at once, the header with flag 'w' and
//    the findings with flag 'a' (dist/util/file.js), so the header may truncate the findings
//    (an empty report) or overwrite their first bytes (a garbled first row). Here fs.writeFile
//    writes synchronously and calls back after, so the two land in the order they were made.
const fs = require('node:fs');
const Module = require('node:module');

const offline = () =>
  Promise.reject(Object.assign(new Error('offline (electronegativityPreload.cjs)'), { code: 'ENOTFOUND' }));
const got = Object.assign(offline, { head: offline, get: offline });
got.default = got;

const load = Module._load;
Module._load = function (request, parent, isMain) {
  if (request === 'got') return got;
  return load.call(this, request, parent, isMain);
};

fs.writeFile = (file, data, options, callback) => {
  const done = typeof options === 'function' ? options : callback;
  let error = null;
  try {
    fs.writeFileSync(file, data, typeof options === 'function' ? undefined : options);
  } catch (caught) {
    error = caught;
  }
  process.nextTick(() => done?.(error));
};
