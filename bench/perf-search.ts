// Search and assistant latency at catalogue scale, and the server's memory.
//
//   npm run bench:perf [-- --products 50000] [--postgres postgres://…] [--duration 10] [--no-breakdown] [--json]
//
// Generates N products (multi-row INSERTs of 5,000) into a FRESH database (embedded PGlite in a temporary data
// directory, as a real embedded deployment keeps it, or a new database on the given PostgreSQL server, dropped
// afterwards). Then:
// 1. Memory breakdown (in this process, under tsx; skipped with --no-breakdown): process.memoryUsage() after a full
//    collection at each step — the app with no products, the products loaded, the search index built, the
//    recommendation model built, the image-search worker started (network + OpenCV, empty index) — so each line's
//    difference is what that part holds (heap vs. external vs. array buffers; PGlite's WebAssembly memory is
//    outside the V8 heap and counts in RSS only).
// 2. The server as deployed: the bundled server (`apps/server/dist/server.mjs`, what `npm start` runs) started on
//    that database as its own process; its RSS (from /proc) once healthy, once the search index is built, and after
//    the load. The load comes from a separate process: search with one client (p50/p95) and with 32 concurrent
//    clients (req/s), and the built-in assistant with one client (p50/p95).
// Budgets (ARCHITECTURE "Performance budgets"): search single-client p95 ≤ 10 ms and ≥ 1,000 req/s at 50,000
// products; assistant p95 ≤ 50 ms single client; RSS of the server ≤ 300 MB (PostgreSQL) / ≤ 500 MB (embedded) at
// 50,000 products, search p95 ≤ 50 ms (distinct queries) and RSS ≤ 2 GB at 1,000,000.
import { readFileSync } from 'node:fs';
import v8 from 'node:v8';
import vm from 'node:vm';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freshApp, parseArgs } from './lib/fresh-app.js';
import { buildChanged, startBuiltServer } from './lib/built-server.js';
import { cpuMsOf } from './lib/cpu.js';
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

function safeRead(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

const round = (x: number | undefined) => (x === undefined ? undefined : Math.round(x * 100) / 100);

/** A running process's RSS and peak RSS (MB), from /proc. */
function processMemory(pid: number) {
  const status = safeRead(`/proc/${pid}/status`);
  const kb = (key: string) => {
    const m = new RegExp(`${key}:\\s+(\\d+) kB`).exec(status);
    return m ? Math.round((Number(m[1]) * 1024) / 1e6) : null;
  };
  return { rss_mb: kb('VmRSS'), peak_rss_mb: kb('VmHWM') };
}

/** The WebAssembly memory PGlite has reserved (MB): its heap, outside V8's; only touched pages count in RSS. */
function pgliteWasmMb(pglite: unknown): number | null {
  const mod = (pglite as { mod?: { HEAP8?: Uint8Array; wasmMemory?: { buffer: ArrayBuffer } } } | undefined)?.mod;
  const bytes = mod?.wasmMemory?.buffer.byteLength ?? mod?.HEAP8?.byteLength;
  return bytes === undefined ? null : Math.round(bytes / 1e6);
}

type Step = { step: string; rss_mb: number; heap_used_mb: number; external_mb: number; array_buffers_mb: number; pglite_wasm_mb: number | null };

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const n = Number(args.get('products') ?? 50_000);
  const duration = Number(args.get('duration') ?? 10);
  const postgres = typeof args.get('postgres') === 'string' ? (args.get('postgres') as string) : undefined;
  const json = args.has('json');
  const breakdown = !args.has('no-breakdown');
  const log = (m: string) => (json ? undefined : console.log(m));

  buildChanged();
  // the embedded database lives where the server looks for it: DATA_DIR/pglite
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'souq-perf-'));
  const pgliteDir = postgres ? undefined : path.join(dataDir, 'pglite');
  const bench = await freshApp({ postgresUrl: postgres, pgliteDir, env: { IMAGE_SEARCH_IDLE_SECONDS: '0' } });
  const kind = bench.database.kind;
  const steps: Step[] = [];
  const step = (name: string) => {
    const m = memory();
    const s: Step = { step: name, rss_mb: m.rss_mb, heap_used_mb: m.heap_used_mb, external_mb: m.external_mb, array_buffers_mb: m.array_buffers_mb, pglite_wasm_mb: pgliteWasmMb(bench.database.pglite) };
    steps.push(s);
    log(`  ${name.padEnd(44)} RSS ${String(s.rss_mb).padStart(5)} MB  heap ${String(s.heap_used_mb).padStart(4)}  external ${String(s.external_mb).padStart(4)} (array buffers ${s.array_buffers_mb})${s.pglite_wasm_mb === null ? '' : `  PGlite wasm ${s.pglite_wasm_mb}`}`);
  };
  let buildMs = 0;
  let closed = false;
  let server: Awaited<ReturnType<typeof startBuiltServer>> | null = null;
  try {
    if (breakdown) step('app ready, no products (tsx)');
    let t = performance.now();
    for (const batch of generateBatches(n)) await insertProducts(bench.database, batch);
    log(`generated ${n} products into ${kind} in ${Math.round(performance.now() - t)} ms`);
    const ids = (await bench.database.query<{ id: number }>('select id from products order by id limit 200')).map((r) => r.id);
    if (breakdown) {
      step(`${n} products inserted`);
      t = performance.now();
      await bench.app.services.search.rebuild();
      buildMs = Math.round(performance.now() - t);
      step(`search index built (${buildMs} ms)`);
      await bench.app.services.recommendations.warmUp();
      step('recommendation model built');
      await bench.app.services.imageSearch.warm();
      step('image-search worker started (empty index)');
      await bench.app.services.imageSearch.close();
      step('image-search worker stopped');
    }
    // the embedded database allows one process at a time: the server gets it now
    await bench.app.close();
    if (kind === 'pglite') await bench.database.close();
    closed = true;

    const env: Record<string, string> = { SEED_DEMO: 'false', ADMIN_ACCESS_CODE: 'bench-admin-code', WEB_DIST: path.join(dataDir, 'no-web') };
    if (postgres) env.DATABASE_URL = bench.databaseUrl!;
    server = await startBuiltServer({ dataDir, env, timeoutMs: 30 * 60_000 });
    const pid = server.child.pid!;
    const atHealthy = processMemory(pid);
    log(`server healthy in ${Math.round(server.healthyMs)} ms: RSS ${atHealthy.rss_mb} MB`);
    const base = server.base;
    t = performance.now();
    // a search waits for the index the server builds after it listens; at 1,000,000 products that can outlast the
    // HTTP client's 5-minute header timeout, so ask again until it answers
    for (;;) {
      const first = await fetch(`${base}/api/products/search/${encodeURIComponent('wireless headphones')}`).catch((err: Error) => err);
      if (first instanceof Error) {
        if (server.child.exitCode !== null) throw new Error(`the server exited: ${server.output()}`);
        continue;
      }
      if (!first.ok) throw new Error(`search answered ${first.status}`);
      break;
    }
    const serverBuildMs = Math.round(performance.now() - t);
    const afterBuild = processMemory(pid);
    log(`server: search index ready ${serverBuildMs} ms after healthy: RSS ${afterBuild.rss_mb} MB (peak ${afterBuild.peak_rss_mb})`);

    const paths = queries().map((q) => `/api/products/search/${encodeURIComponent(q)}`);
    log('search, 1 client …');
    // the server's CPU time per request as well (all its threads, from /proc): a shared machine inflates it far less
    // than wall time (decision 0177)
    let cpu0 = cpuMsOf(pid);
    const searchSingle = await runLoad({ base, paths, mode: 'sequential', amount: 1000, warmup: 100 });
    const searchCpuMs = cpu0 === null ? null : ((cpuMsOf(pid) ?? cpu0) - cpu0) / 1100;
    log(`search, 32 clients for ${duration} s …`);
    const searchConcurrent = await runLoad({ base, paths, mode: 'concurrent', amount: duration, connections: 32 });
    // the same with distinct queries: the result cache rarely helps, the index does the work
    const coldPaths = coldQueries(60_000).map((q) => `/api/products/search/${encodeURIComponent(q)}`);
    log(`search, 32 clients, distinct queries for ${duration} s …`);
    const searchCold = await runLoad({ base, paths: coldPaths, mode: 'concurrent', amount: duration, connections: 32 });
    log('search, 1 client, distinct queries …');
    const searchColdSingle = await runLoad({ base, paths: coldPaths.slice(30_000), mode: 'sequential', amount: 1000, warmup: 100 });
    log('assistant, 1 client …');
    cpu0 = cpuMsOf(pid);
    const chatSingle = await runLoad({ base, post: { path: '/api/ai/chat', bodies: chatBodies(ids) }, mode: 'sequential', amount: 300, warmup: 30 });
    const chatCpuMs = cpu0 === null ? null : ((cpuMsOf(pid) ?? cpu0) - cpu0) / 330;
    const afterLoad = processMemory(pid);
    log(`server after the load: RSS ${afterLoad.rss_mb} MB (peak ${afterLoad.peak_rss_mb})`);

    const rssMb = Math.max(afterBuild.rss_mb ?? 0, afterLoad.rss_mb ?? 0);
    const big = n >= 1_000_000;
    const rssBudget = big ? 2000 : kind === 'postgres' ? 300 : 500;
    const budgets = {
      search_p95_ms: { value: round(searchSingle.p95)!, budget: 10, ok: (searchSingle.p95 ?? Infinity) <= 10 },
      search_rps: { value: Math.round(searchConcurrent.rps), budget: 1000, ok: searchConcurrent.rps >= 1000 },
      assistant_p95_ms: { value: round(chatSingle.p95)!, budget: 50, ok: (chatSingle.p95 ?? Infinity) <= 50 },
      ...(n === 50_000 || big ? { rss_mb: { value: rssMb, budget: rssBudget, ok: rssMb <= rssBudget } } : {}),
      ...(big ? { search_cold_p95_ms: { value: round(searchColdSingle.p95)!, budget: 50, ok: (searchColdSingle.p95 ?? Infinity) <= 50 } } : {}),
    };
    const result = {
      products: n,
      database: kind,
      load_average: round(os.loadavg()[0]),
      breakdown: steps,
      index_build_ms_in_process: buildMs || null,
      server: { healthy_ms: Math.round(server.healthyMs), index_ready_ms: serverBuildMs, at_healthy: atHealthy, after_index: afterBuild, after_load: afterLoad },
      rss_mb: rssMb,
      search_single: { p50: round(searchSingle.p50), p95: round(searchSingle.p95), rps: Math.round(searchSingle.rps), errors: searchSingle.errors, server_cpu_ms: round(searchCpuMs ?? undefined) ?? null },
      search_32: { rps: Math.round(searchConcurrent.rps), p50: round(searchConcurrent.p50), p90: round(searchConcurrent.p90), p97_5: round(searchConcurrent.p97_5), errors: searchConcurrent.errors },
      search_cold_single: { p50: round(searchColdSingle.p50), p95: round(searchColdSingle.p95), errors: searchColdSingle.errors },
      search_cold_32: { rps: Math.round(searchCold.rps), p50: round(searchCold.p50), p90: round(searchCold.p90), p97_5: round(searchCold.p97_5), errors: searchCold.errors },
      assistant_single: { p50: round(chatSingle.p50), p95: round(chatSingle.p95), rps: Math.round(chatSingle.rps), errors: chatSingle.errors, server_cpu_ms: round(chatCpuMs ?? undefined) ?? null },
      budgets,
    };
    if (json) {
      console.log(JSON.stringify(result));
    } else {
      console.log('');
      console.log(`memory of the server (bundled, own process), ${n} products on ${kind}:`);
      console.log(`  healthy ${atHealthy.rss_mb} MB · search index built ${afterBuild.rss_mb} MB · after the load ${afterLoad.rss_mb} MB · peak ${afterLoad.peak_rss_mb} MB`);
      console.log(`search    1 client : p50 ${result.search_single.p50} ms, p95 ${result.search_single.p95} ms (${result.search_single.errors} errors), server CPU ${result.search_single.server_cpu_ms} ms per request`);
      console.log(`search   32 clients: ${result.search_32.rps} req/s, p50 ${result.search_32.p50} ms, p90 ${result.search_32.p90} ms, p97.5 ${result.search_32.p97_5} ms (${result.search_32.errors} errors)`);
      console.log(`search    1 client, distinct queries : p50 ${result.search_cold_single.p50} ms, p95 ${result.search_cold_single.p95} ms`);
      console.log(`search   32 clients, distinct queries: ${result.search_cold_32.rps} req/s, p50 ${result.search_cold_32.p50} ms, p90 ${result.search_cold_32.p90} ms, p97.5 ${result.search_cold_32.p97_5} ms (${result.search_cold_32.errors} errors)`);
      console.log(`assistant 1 client : p50 ${result.assistant_single.p50} ms, p95 ${result.assistant_single.p95} ms (${result.assistant_single.errors} errors), server CPU ${result.assistant_single.server_cpu_ms} ms per request`);
      console.log(`(load average ${result.load_average} on ${os.cpus().length} cores: timings on a busy machine are inflated; RSS figures are not)`);
      for (const [k, b] of Object.entries(budgets)) console.log(`  ${b.ok ? 'PASS' : 'FAIL'} ${k}: ${b.value} (budget ${k.endsWith('rps') ? '≥' : '≤'} ${b.budget})`);
    }
  } finally {
    await server?.stop();
    if (!closed) await bench.app.close().catch(() => undefined);
    await bench.close().catch(() => undefined);
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

await main();
