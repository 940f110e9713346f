// Search and assistant latency at catalogue scale.
//
//   npm run bench:perf [-- --products 50000] [--postgres postgres://…] [--duration 10] [--json]
//
// Generates N products into a FRESH database (PGlite in memory, or a new database on the given PostgreSQL server,
// dropped afterwards), builds the search index, starts the real app on a loopback port, and measures from a
// separate process: search with one client (p50/p95) and with 32 concurrent clients (req/s), and the built-in
// assistant with one client (p50/p95). Budgets (ARCHITECTURE "Performance budgets"): search single-client
// p95 ≤ 10 ms and ≥ 1,000 req/s; assistant p95 ≤ 50 ms single client.
import type { AddressInfo } from 'node:net';
import { freshApp, parseArgs } from './lib/fresh-app.js';
import { insertProducts, runLoad } from './lib/run-load.js';
import { coldQueries, generate, queries } from './lib/catalogue-gen.js';

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

const round = (x: number | undefined) => (x === undefined ? undefined : Math.round(x * 100) / 100);

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const n = Number(args.get('products') ?? 50_000);
  const duration = Number(args.get('duration') ?? 10);
  const postgres = typeof args.get('postgres') === 'string' ? (args.get('postgres') as string) : undefined;
  const json = args.has('json');
  const log = (m: string) => (json ? undefined : console.log(m));

  const bench = await freshApp({ postgresUrl: postgres });
  try {
    let t = performance.now();
    await insertProducts(bench.database, generate(n));
    log(`generated ${n} products into ${bench.database.kind} in ${Math.round(performance.now() - t)} ms`);
    t = performance.now();
    await bench.app.services.search.rebuild();
    const buildMs = Math.round(performance.now() - t);
    const rssMb = Math.round(process.memoryUsage().rss / 1e6);
    log(`search index built in ${buildMs} ms (process RSS ${rssMb} MB)`);

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

    const budgets = {
      search_p95_ms: { value: round(searchSingle.p95)!, budget: 10, ok: (searchSingle.p95 ?? Infinity) <= 10 },
      search_rps: { value: Math.round(searchConcurrent.rps), budget: 1000, ok: searchConcurrent.rps >= 1000 },
      assistant_p95_ms: { value: round(chatSingle.p95)!, budget: 50, ok: (chatSingle.p95 ?? Infinity) <= 50 },
    };
    const result = {
      products: n,
      database: bench.database.kind,
      index_build_ms: buildMs,
      rss_mb: rssMb,
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
  }
}

await main();
