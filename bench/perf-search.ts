// Search and assistant latency at catalogue scale.
//
//   npm run bench:perf [-- --products 50000] [--postgres postgres://…] [--duration 10] [--all-modules] [--json]
//
// Generates N products (multi-row INSERTs of 5,000) into a FRESH database (embedded PGlite in a temporary data
// directory, as a real embedded deployment keeps it, or a new database on the given PostgreSQL server, dropped
// afterwards), builds the search index, starts the real app on a loopback port, and measures from a separate
// process: search with one client (p50/p95) and with 32 concurrent clients (req/s), and the built-in assistant with
// one client (p50/p95). Memory: the process RSS (and V8 heap, external, array buffers) after the index build and
// after the load, and the peak RSS. The app runs in this process (under tsx, like `npm run dev`), so the figures
// include tsx and the benchmark's own small state. Budgets (ARCHITECTURE "Performance budgets"): search
// single-client p95 ≤ 10 ms and ≥ 1,000 req/s at 50,000 products; assistant p95 ≤ 50 ms single client; RSS
// ≤ 300 MB (PostgreSQL) / ≤ 500 MB (embedded) at 50,000 products, search p95 ≤ 50 ms and RSS ≤ 2 GB at 1,000,000.
import { readFileSync } from 'node:fs';
import v8 from 'node:v8';
import vm from 'node:vm';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { freshApp, parseArgs } from './lib/fresh-app.js';
import { runLoad } from './lib/run-load.js';
import { insertProducts } from './lib/bulk-insert.js';
import { coldQueries, generateBatches, queries } from './lib/catalogue-gen.js';

function chatBodies(sampleIds: number[]) {
  const bodies: unknown[] = [];
  const msgs = ['show me wireless headphones under 200', 'do you have running shoes?', 'cheap laptop for students', 'hello', 'gift ideas under 50', 'what is the best smart tv?'];
  for (let i = 0; i < 60; i++) {
    const id = sampleIds[i % sampleIds.length]!;
    const other = sampleIds[(i + 7) % sampleIds.length]!;
    switch (i % 6) {
      case 0: bodies.push({ message: msgs[i % msgs.length], sessionId: `bench-${i % 10}` }); break;
      case 1: bodies.push({ message: 'Is it worth the price?', productContext: { id }, sessionId: `bench-${i % 10}` }); break;
      case 2: bodies.push({ message: 'Which has better value?', lockedProductIds: [id, other], sessionId: `bench-${i % 10}` }); break;
      case 3: bodies.push({ message: 'Show me similar products', productContext: { id }, sessionId: `bench-${i % 10}` }); break;
      case 4: bodies.push({ message: 'how much is it?', productContext: { id }, sessionId: `bench-${i % 10}` }); break;
      default: bodies.push({ message: msgs[(i + 3) % msgs.length], sessionId: `bench-${i % 10}` });
    }
  }
  return bodies;
}

// a full collection before each reading, so the figures show what is kept rather than garbage not yet collected
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

/** The process's memory now (MB): RSS, V8 heap in use, memory outside the heap (buffers, WASM), peak RSS. */
function memory() {
  gc();
  const m = process.memoryUsage();
  const mb = (x: number) => Math.round(x / 1e6);
  const peak = /VmHWM:\s+(\d+) kB/.exec(safeRead('/proc/self/status'));
  return {
    rss_mb: mb(m.rss),
    heap_used_mb: mb(m.heapUsed),
    external_mb: mb(m.external),
    array_buffers_mb: mb(m.arrayBuffers),
    peak_rss_mb: peak ? Math.round((Number(peak[1]) * 1024) / 1e6) : null,
  };
}

const describe = (m: ReturnType<typeof memory>) =>
  `RSS ${m.rss_mb} MB: heap ${m.heap_used_mb}, external ${m.external_mb} (array buffers ${m.array_buffers_mb}); peak RSS ${m.peak_rss_mb ?? '?'} MB`;

function safeRead(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

const round = (x: number | undefined) => (x === undefined ? undefined : Math.round(x * 100) / 100);

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const n = Number(args.get('products') ?? 50_000);
  const duration = Number(args.get('duration') ?? 10);
  const postgres = typeof args.get('postgres') === 'string' ? (args.get('postgres') as string) : undefined;
  const json = args.has('json');
  const log = (m: string) => (json ? undefined : console.log(m));

  const pgliteDir = postgres ? undefined : await fs.mkdtemp(path.join(os.tmpdir(), 'souq-perf-pglite-'));
  const bench = await freshApp({ postgresUrl: postgres, pgliteDir });
  try {
    let t = performance.now();
    for (const batch of generateBatches(n)) await insertProducts(bench.database, batch);
    log(`generated ${n} products into ${bench.database.kind} in ${Math.round(performance.now() - t)} ms`);
    t = performance.now();
    await bench.app.services.search.rebuild();
    const buildMs = Math.round(performance.now() - t);
    const afterBuild = memory();
    log(`search index built in ${buildMs} ms (${describe(afterBuild)})`);

    await bench.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(bench.app.server.address() as AddressInfo).port}`;
    const paths = queries().map((q) => `/api/products/search/${encodeURIComponent(q)}`);
    const ids = (await bench.database.query<{ id: number }>('select id from products order by id limit 200')).map((r) => r.id);

    log('search, 1 client …');
    const searchSingle = await runLoad({ base, paths, mode: 'sequential', amount: 1000, warmup: 100 });
    log(`search, 32 clients for ${duration} s …`);
    const searchConcurrent = await runLoad({ base, paths, mode: 'concurrent', amount: duration, connections: 32 });
    // the same with distinct queries: the result cache rarely helps, the index does the work
    const coldPaths = coldQueries(60_000).map((q) => `/api/products/search/${encodeURIComponent(q)}`);
    log(`search, 32 clients, distinct queries for ${duration} s …`);
    const searchCold = await runLoad({ base, paths: coldPaths, mode: 'concurrent', amount: duration, connections: 32 });
    log('search, 1 client, distinct queries …');
    const searchColdSingle = await runLoad({ base, paths: coldPaths.slice(30_000), mode: 'sequential', amount: 1000, warmup: 100 });
    log('assistant, 1 client …');
    const chatSingle = await runLoad({ base, post: { path: '/api/ai/chat', bodies: chatBodies(ids) }, mode: 'sequential', amount: 300, warmup: 30 });

    const afterLoad = memory();
    log(`after the load: ${describe(afterLoad)}`);
    // --all-modules: also what the server builds at start next to search (main.ts): the recommendation model and
    // the image index, to see what they add
    let afterAllModules: ReturnType<typeof memory> | null = null;
    if (args.has('all-modules')) {
      const t0 = performance.now();
      await bench.app.services.recommendations.warmUp();
      await bench.app.services.imageSearch.ensureIndexed();
      afterAllModules = memory();
      log(`after the recommendation model and image index (${Math.round(performance.now() - t0)} ms): ${describe(afterAllModules)}`);
    }
    const rssMb = Math.max(afterBuild.rss_mb, afterLoad.rss_mb, afterAllModules?.rss_mb ?? 0);
    const big = n >= 1_000_000;
    const rssBudget = big ? 2000 : bench.database.kind === 'postgres' ? 300 : 500;
    const budgets = {
      search_p95_ms: { value: round(searchSingle.p95)!, budget: 10, ok: (searchSingle.p95 ?? Infinity) <= 10 },
      search_rps: { value: Math.round(searchConcurrent.rps), budget: 1000, ok: searchConcurrent.rps >= 1000 },
      assistant_p95_ms: { value: round(chatSingle.p95)!, budget: 50, ok: (chatSingle.p95 ?? Infinity) <= 50 },
      ...(n === 50_000 || big ? { rss_mb: { value: rssMb, budget: rssBudget, ok: rssMb <= rssBudget } } : {}),
      ...(big ? { search_cold_p95_ms: { value: round(searchColdSingle.p95)!, budget: 50, ok: (searchColdSingle.p95 ?? Infinity) <= 50 } } : {}),
    };
    const result = {
      products: n,
      database: bench.database.kind,
      index_build_ms: buildMs,
      rss_mb: rssMb,
      memory_after_build: afterBuild,
      memory_after_load: afterLoad,
      memory_after_all_modules: afterAllModules,
      search_single: { p50: round(searchSingle.p50), p95: round(searchSingle.p95), rps: Math.round(searchSingle.rps), errors: searchSingle.errors },
      search_32: { rps: Math.round(searchConcurrent.rps), p50: round(searchConcurrent.p50), p90: round(searchConcurrent.p90), p97_5: round(searchConcurrent.p97_5), errors: searchConcurrent.errors },
      search_cold_single: { p50: round(searchColdSingle.p50), p95: round(searchColdSingle.p95), errors: searchColdSingle.errors },
      search_cold_32: { rps: Math.round(searchCold.rps), p50: round(searchCold.p50), p90: round(searchCold.p90), p97_5: round(searchCold.p97_5), errors: searchCold.errors },
      assistant_single: { p50: round(chatSingle.p50), p95: round(chatSingle.p95), rps: Math.round(chatSingle.rps), errors: chatSingle.errors },
      budgets,
    };
    if (json) {
      console.log(JSON.stringify(result));
    } else {
      console.log('');
      console.log(`search    1 client : p50 ${result.search_single.p50} ms, p95 ${result.search_single.p95} ms (${result.search_single.errors} errors)`);
      console.log(`search   32 clients: ${result.search_32.rps} req/s, p50 ${result.search_32.p50} ms, p90 ${result.search_32.p90} ms, p97.5 ${result.search_32.p97_5} ms (${result.search_32.errors} errors)`);
      console.log(`search    1 client, distinct queries : p50 ${result.search_cold_single.p50} ms, p95 ${result.search_cold_single.p95} ms`);
      console.log(`search   32 clients, distinct queries: ${result.search_cold_32.rps} req/s, p50 ${result.search_cold_32.p50} ms, p90 ${result.search_cold_32.p90} ms, p97.5 ${result.search_cold_32.p97_5} ms (${result.search_cold_32.errors} errors)`);
      console.log(`assistant 1 client : p50 ${result.assistant_single.p50} ms, p95 ${result.assistant_single.p95} ms (${result.assistant_single.errors} errors)`);
      for (const [k, b] of Object.entries(budgets)) console.log(`  ${b.ok ? 'PASS' : 'FAIL'} ${k}: ${b.value} (budget ${k.endsWith('rps') ? '≥' : '≤'} ${b.budget})`);
    }
  } finally {
    await bench.close();
    if (pgliteDir) await fs.rm(pgliteDir, { recursive: true, force: true });
  }
}

await main();
