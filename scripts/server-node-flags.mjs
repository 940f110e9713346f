// The Node options the bundled server runs with, in every place that starts it: `npm start` (package.json, where a
// test checks they are the same), Playwright's web server and the benchmarks (decision 0074).
//
// --max-semi-space-size=4: V8's young generation grows to 2 × 16 MB by default; under a burst of requests it did,
// and that garbage space was ~10 % of the server's RSS at 50,000 products (peak 290 → 271 MB on PostgreSQL with a
// 4 MB semi-space, no measurable CPU per request or until healthy). V8 sizes the young generation when the process
// starts, so this cannot be set from inside the server the way `--optimize-for-size` is (platform/memory-profile.ts).
// It must be the same everywhere: V8 rejects a code cache made under other flags (decision 0066), and a start with
// other flags would compile from source and replace the cache for the next.
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=4'];

// The environment of the same starts (decision 0189): glibc's malloc with fixed thresholds. By default glibc raises its
// mmap threshold to the size of each large block freed (up to 32 MB) and its trim threshold to twice that, so after
// start-up's and the index build's large temporary blocks (V8's own malloc'd memory peaks at ~600 MB on the embedded
// database) later blocks of up to 32 MB come from the heap, and up to 64 MB of free memory at its top is never given
// back. Fixed at glibc's own defaults (128 KB), blocks that large are mapped and unmapped on their own and the heap's
// free top is returned: at 50,000 products 451 → 378 MB after the load on the embedded database. Read by glibc when
// the process starts (so an environment of the start, like the Node options above); other C libraries ignore them.
export const SERVER_ENV = { MALLOC_MMAP_THRESHOLD_: '131072', MALLOC_TRIM_THRESHOLD_: '131072' };

/** `npm start`'s command line: the environment above as a shell prefix, then Node with the options above. */
export const serverStartCommand = (script) =>
  `${Object.entries(SERVER_ENV).map(([k, v]) => `${k}=${v}`).join(' ')} node ${SERVER_NODE_FLAGS.join(' ')} ${script}`;
