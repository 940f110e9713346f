/**
 * The V8 code cache of the bundled server (docs/decisions/0066). `npm start` runs dist/server.mjs, a loader that
 * compiles the bundle with the bytecode V8 saved on an earlier start; when there was none (first start after a
 * build) or V8 rejected it (another Node, other V8 flags), the loader leaves a function here that writes a new one.
 * main.ts calls it once the server listens, so the cache holds every function the start-up ran, and before any V8
 * flag changes at run time (platform/memory-profile.ts): V8 rejects a cache made under other flags. Under
 * `npm run serve`, `npm run dev` and the tests there is no loader and this does nothing.
 */
const SAVE = Symbol.for('souq.saveCodeCache');

export function saveCodeCache(): void {
  const save = (globalThis as Record<symbol, unknown>)[SAVE];
  if (typeof save === 'function') save();
}
