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
