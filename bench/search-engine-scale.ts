// The search engine alone at catalogue scale: memory of the index and CPU time per query, in one process, without
// a database or a server (a 1,000,000-product `bench:perf` run takes most of an hour; this takes minutes).
//
//   npm run bench:engine [-- --products 1000000] [--queries 1000] [--dump FILE | --check FILE] [--json]
//
// Fills a SearchIndex with the same generated products `bench:perf` inserts (bench/lib/catalogue-gen.ts, turned
// into search documents as search.queries' toDoc turns their rows), then:
// - memory after a full collection: before the build, with the index built (the documents released);
// - CPU time (process.cpuUsage, this thread) per `search()` for `bench:perf`'s repeated query mix (queries(), each
//   asked once here: the server's result cache is not involved) and for its distinct queries (coldQueries), limit 50
//   as the public search asks; p50 / p95 / max / mean;
// - --dump FILE writes every query's answer (first 50 ids, total, interpreted words) to FILE, and --check FILE
//   compares with such a file: a change of data layout or evaluation order must not change a single answer.
import fs from 'node:fs';
import v8 from 'node:v8';
import vm from 'node:vm';
import { SearchIndex, type SearchDoc } from '../apps/server/src/modules/search/search.engine.js';
import { coldQueries, generateBatches, queries } from './lib/catalogue-gen.js';
import type { BulkProduct } from './lib/bulk-insert.js';
import { parseArgs } from './lib/args.js';

v8.setFlagsFromString('--expose-gc');

const gc = vm.runInNewContext('gc') as () => void;

/** A generated product as the search service reads its row back (ids are 1…n, in insertion order). */
function toSearchDoc(p: BulkProduct, id: number): SearchDoc {
  return {
    id,
    name: p.name,
    brand: p.brand,
    categories: p.category ? [p.category] : [],
    tags: p.tags ? p.tags.split(',') : [],
    description: p.description,
    priceCents: p.priceCents,
    stock: p.stock,
    rating: p.rating,
    reviewCount: p.reviews,
  };
}

function memory() {
  gc();
  gc();
  const m = process.memoryUsage();
  const mb = (x: number) => Math.round(x / 1e6);
  return { rss_mb: mb(m.rss), heap_used_mb: mb(m.heapUsed), array_buffers_mb: mb(m.arrayBuffers) };
}

function stats(us: number[]) {
  const s = [...us].sort((a, b) => a - b);
  const at = (q: number) => Math.round(s[Math.min(s.length - 1, Math.floor(q * s.length))]! / 10) / 100;
  return { n: s.length, p50_ms: at(0.5), p95_ms: at(0.95), max_ms: at(1), mean_ms: Math.round(s.reduce((a, b) => a + b, 0) / s.length / 10) / 100 };
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const n = Number(args.get('products') ?? 200_000);
  const distinct = Number(args.get('queries') ?? 1000);
  const json = args.has('json');
  const log = (m: string) => (json ? undefined : console.log(m));

  const before = memory();
  let docs: SearchDoc[] = [];
  for (const batch of generateBatches(n)) for (const p of batch) docs.push(toSearchDoc(p, docs.length + 1));
  const index = new SearchIndex();
  const cpu0 = process.cpuUsage();
  await index.load(docs);
  const cpu = process.cpuUsage(cpu0);
  const buildCpuMs = Math.round((cpu.user + cpu.system) / 1000);
  docs = [];
  const built = memory();
  log(`${n} products: build ${buildCpuMs} ms CPU; heap ${before.heap_used_mb} → ${built.heap_used_mb} MB, array buffers ${before.array_buffers_mb} → ${built.array_buffers_mb} MB, RSS ${before.rss_mb} → ${built.rss_mb} MB`);

  const answers: Record<string, unknown> = {};
  const run = (qs: string[]) => {
    const times: number[] = [];
    for (const q of qs) {
      const t = process.cpuUsage();
      const r = index.search(q, { limit: 50 });
      const d = process.cpuUsage(t);
      times.push(d.user + d.system);
      answers[q] = [r.total, r.interpreted.join(' '), r.ids.join(',')];
    }
    return times;
  };
  const repeated = queries();
  const cold = coldQueries(60_000).slice(30_000, 30_000 + distinct);
  // one pass to warm the JIT (and the lazily built word list), then the measured passes
  run(repeated.slice(0, 50));
  const rep = stats([...run(repeated), ...run(repeated)]);
  const dis = stats(run(cold));
  const after = memory();
  log(`repeated mix (${rep.n}): p50 ${rep.p50_ms} ms, p95 ${rep.p95_ms} ms, max ${rep.max_ms} ms, mean ${rep.mean_ms} ms CPU`);
  log(`distinct    (${dis.n}): p50 ${dis.p50_ms} ms, p95 ${dis.p95_ms} ms, max ${dis.max_ms} ms, mean ${dis.mean_ms} ms CPU`);
  log(`after the queries: heap ${after.heap_used_mb} MB, array buffers ${after.array_buffers_mb} MB, RSS ${after.rss_mb} MB`);

  const dump = args.get('dump');
  if (typeof dump === 'string') fs.writeFileSync(dump, JSON.stringify(answers));
  const check = args.get('check');
  if (typeof check === 'string') {
    const expected = JSON.parse(fs.readFileSync(check, 'utf8')) as Record<string, unknown>;
    const differ = Object.keys(expected).filter((q) => JSON.stringify(expected[q]) !== JSON.stringify(answers[q]));
    log(differ.length === 0 ? `answers: all ${Object.keys(expected).length} identical to ${check}` : `answers: ${differ.length} differ from ${check}, e.g. ${differ.slice(0, 5).join(' | ')}`);
    if (differ.length) process.exitCode = 1;
  }
  if (json) console.log(JSON.stringify({ products: n, build_cpu_ms: buildCpuMs, before, built, after, repeated: rep, distinct: dis, load: (await import('node:os')).loadavg()[0] }));
}

await main();
