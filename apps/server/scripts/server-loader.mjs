// dist/server.mjs, what `npm start` runs (written by scripts/bundle.mjs from this template; decision 0066): compiles
// the bundled server (a CommonJS script named after a hash of its content) with the V8 code cache saved next to it,
// so a restart neither parses the 5 MB bundle nor compiles the functions start-up runs. With no usable cache (first
// start after a build, another Node, other V8 flags) it compiles as usual and leaves a function that main.ts calls
// once the server listens (platform/code-cache.ts) to save one. A cache that cannot be written (read-only dist) is
// skipped silently: the server runs the same either way.
import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const file = fileURLToPath(new URL('./__SOUQ_BUNDLE__', import.meta.url));
const cacheFile = `${file}.v8-cache`;
const source = fs.readFileSync(file, 'utf8');
let cachedData;
try {
  cachedData = fs.readFileSync(cacheFile);
} catch {
  cachedData = undefined;
}
// the wrapper CommonJS gives a module, on one line so the bundle's line numbers stay as they are in stack traces
const script = new vm.Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, { filename: file, cachedData });
if (cachedData === undefined || script.cachedDataRejected) {
  globalThis[Symbol.for('souq.saveCodeCache')] = () => {
    delete globalThis[Symbol.for('souq.saveCodeCache')];
    try {
      const temp = `${cacheFile}.${process.pid}`;
      fs.writeFileSync(temp, script.createCachedData());
      fs.renameSync(temp, cacheFile);
    } catch {
      // not writable: the next start compiles without a cache, as this one did
    }
  };
}
const module = { exports: {} };
script.runInThisContext().call(module.exports, module.exports, createRequire(file), module, file, path.dirname(file));
