// Search and assistant latency at catalogue scale.
//
//   npm run bench:perf [-- --products 50000] [--postgres postgres://…] [--duration 10] [--json]
//
// Generates N products into a FRESH database (PGlite in memory, or a new database on the given PostgreSQL server,
// dropped afterwards), builds the search index, starts the real app on a loopback port, and measures from a
// separate process: search with one client (p50/p95) and with 32 concurrent clients (req/s), and the built-in
// assistant with one client (p50/p95). Budgets (ARCHITECTURE "Performance budgets"): search single-client
// p95 ≤ 10 ms and ≥ 1,000 req/s; assistant p95 ≤ 50 ms single client.
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import { freshApp, parseArgs } from './lib/fresh-app.js';
import type { LoadResult, LoadSpec } from './lib/load-client.js';
import { coldQueries, generate, queries, type Row } from './lib/catalogue-gen.js';

const here = path.dirname(fileURLToPath(import.meta.url));

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

async function runLoad(spec: LoadSpec): Promise<LoadResult> {
  // the spec can be large (thousands of paths): it travels in a temporary file, not on the command line
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'souq-load-'));
  const file = path.join(dir, 'spec.json');
  await fs.writeFile(file, JSON.stringify(spec));
  try {
    return await new Promise((resolve, reject) => {
      execFile(
        process.execPath,
        ['--import', 'tsx', path.join(here, 'lib/load-client.ts'), file],
        { maxBuffer: 1 << 20, timeout: 10 * 60_000 },
        (err, stdout, stderr) => {
          if (err) return reject(new Error(`load client failed: ${stderr || err.message}`));
          resolve(JSON.parse(stdout.trim().split('\n').pop()!) as LoadResult);
        },
      );
    });
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

async function insertAll(bench: Awaited<ReturnType<typeof freshApp>>, rows: Row[]) {
  const BATCH = 2000;
  for (let i = 0; i < rows.length; i += BATCH) {
    const b = rows.slice(i, i + BATCH);
    const col = <K extends keyof Row>(k: K) => b.map((r) => r[k]);
    await bench.database.query(
      `insert into products (name, slug, description, price_cents, stock, brand, categories, tags, rating, review_count, sku, status)
       select n, s, d, p, st, br, array[c], string_to_array(t, ','), ra, rv, sk, 'active'
       from unnest($1::text[], $2::text[], $3::text[], $4::int[], $5::int[], $6::text[], $7::text[], $8::text[], $9::float8[], $10::int[], $11::text[])
         as x(n, s, d, p, st, br, c, t, ra, rv, sk)`,
      [col('name'), col('slug'), col('description'), col('priceCents'), col('stock'), col('brand'), col('category'), col('tags'), col('rating'), col('reviews'), col('sku')],
    );
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

  const bench = await freshApp({ postgresUrl: postgres });
  try {
    let t = performance.now();
    await insertAll(bench, generate(n));
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
