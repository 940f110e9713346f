// Search relevance benchmark: NDCG@10 and MRR@10 of Souq's search next to two open-source baselines, in one run.
//
//   npm run bench:search -- --data DIR [--json] [--verbose]
//
// DIR holds products.tsv (product_id, title[, title_ar, description, description_ar, category, brand, price]), queries.tsv (query_id, text)
// and qrels.tsv (query_id, product_id, grade), tab-separated with header rows. Unjudged products count as grade 0.
//
// Souq: the products are bulk-loaded into a fresh, migrated in-memory PGlite and ranked by the real search service
// (search.rank, as the public search box asks: prefix completion of the last word on). The products are loaded
// in a seeded random order, so database ids (the engine's last tie-breaker) carry nothing of the data set's ids.
// Baselines, fed the same products in the same order:
//   wink   — wink-bm25-text-search (BM25), lower case, split on non-alphanumerics, Porter2 stemming;
//   minisearch — MiniSearch with fuzzy (0.2) and prefix matching, title boosted.
// The Arabic set (bench/data/search-ar: the demo catalogue with its Arabic names and descriptions, Arabic queries)
// gives every engine the Arabic fields too: Souq indexes them itself, the baselines as two more fields, the Arabic
// title boosted like the English one.
// Queries are split into two fixed halves by a hash of the query id: 'tune' (the half any tuning looked at) and
// 'held' (checked only). Intervals: 95 % percentile bootstrap over queries (1,000 resamples, seeded) of Souq's
// NDCG@10 and of its difference to the best baseline (paired, same resampled queries).
import path from 'node:path';
import MiniSearch from 'minisearch';
import bm25 from 'wink-bm25-text-search';
import porterStem from 'wink-porter2-stemmer';
import { insertProducts, seededRandom } from './lib/bulk-insert.js';
import { freshApp, parseArgs } from './lib/fresh-app.js';
import { mean, ndcgAt, reciprocalRankAt, type Qrels } from './lib/metrics.js';
import { readTsv } from './lib/tsv.js';

type Product = {
  id: string; title: string; title_ar: string; description: string; description_ar: string; category: string; brand: string; price: number | null;
};
type Query = { id: string; text: string };
type Ranker = (text: string) => Promise<string[]> | string[];
const K = 10;
const BOOTSTRAP = 1000;

function loadData(dir: string) {
  const products: Product[] = readTsv(path.join(dir, 'products.tsv')).map((r) => ({
    id: r.product_id ?? '',
    title: r.title ?? '',
    title_ar: r.title_ar ?? '',
    description: r.description ?? '',
    description_ar: r.description_ar ?? '',
    category: r.category ?? '',
    brand: r.brand ?? '',
    price: r.price ? Number(r.price) : null,
  }));
  const queries: Query[] = readTsv(path.join(dir, 'queries.tsv')).map((r) => ({ id: r.query_id ?? '', text: r.text ?? '' }));
  const qrels = new Map<string, Qrels>();
  for (const r of readTsv(path.join(dir, 'qrels.tsv'))) {
    const q = qrels.get(r.query_id ?? '') ?? new Map<string, number>();
    q.set(r.product_id ?? '', Number(r.grade ?? 0));
    qrels.set(r.query_id ?? '', q);
  }
  if (products.some((p) => !p.id || !p.title)) throw new Error('products.tsv: every row needs product_id and title');
  return { products, queries, qrels };
}

/** The same seeded shuffle for every engine. */
function shuffled<T>(xs: T[], seed = 7): T[] {
  const r = seededRandom(seed);
  const out = [...xs];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** 0 ('tune') or 1 ('held'): FNV-1a of the query id. */
function half(queryId: string): 0 | 1 {
  let h = 2166136261;
  for (let i = 0; i < queryId.length; i++) h = Math.imul(h ^ queryId.charCodeAt(i), 16777619);
  return ((h >>> 0) % 2) as 0 | 1;
}

const simpleTokens = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map((t) => porterStem(t));

function winkRanker(products: Product[]): Ranker {
  const engine = bm25();
  engine.defineConfig({ fldWeights: { title: 3, title_ar: 3, brand: 2, category: 2, description: 1, description_ar: 1 } });
  engine.definePrepTasks([simpleTokens]);
  for (const p of products) {
    engine.addDoc({ title: p.title, title_ar: p.title_ar, brand: p.brand, category: p.category, description: p.description, description_ar: p.description_ar }, p.id);
  }
  engine.consolidate();
  return (text) => engine.search(text, K).map(([id]) => String(id));
}

function miniSearchRanker(products: Product[]): Ranker {
  const engine = new MiniSearch<Product>({
    fields: ['title', 'title_ar', 'brand', 'category', 'description', 'description_ar'],
    searchOptions: { boost: { title: 3, title_ar: 3, brand: 2, category: 2 }, fuzzy: 0.2, prefix: true },
  });
  engine.addAll(products);
  return (text) => engine.search(text).slice(0, K).map((r) => String(r.id));
}

type PerQuery = { id: string; half: 0 | 1; ndcg: number; mrr: number };

async function evaluate(rank: Ranker, queries: Query[], qrels: Map<string, Qrels>): Promise<Map<string, PerQuery>> {
  const out = new Map<string, PerQuery>();
  for (const q of queries) {
    const rel = qrels.get(q.id) ?? new Map<string, number>();
    const ranked = await rank(q.text);
    const ndcg = ndcgAt(ranked, rel, K);
    if (ndcg === null) continue; // a query without any relevant product says nothing about ranking
    out.set(q.id, { id: q.id, half: half(q.id), ndcg, mrr: reciprocalRankAt(ranked, rel, K) });
  }
  return out;
}

const round = (x: number) => Math.round(x * 10_000) / 10_000;

function summary(per: PerQuery[]) {
  return { ndcg10: round(mean(per.map((p) => p.ndcg))), mrr10: round(mean(per.map((p) => p.mrr))), queries: per.length };
}

/** 95 % percentile bootstrap interval of the mean of `values` (resampled with a seeded generator). */
function bootstrap(values: number[], seed = 11): [number, number] {
  if (values.length === 0) return [0, 0];
  const r = seededRandom(seed);
  const means: number[] = [];
  for (let b = 0; b < BOOTSTRAP; b++) {
    let s = 0;
    for (let i = 0; i < values.length; i++) s += values[Math.floor(r() * values.length)]!;
    means.push(s / values.length);
  }
  means.sort((a, b) => a - b);
  return [round(means[Math.floor(0.025 * BOOTSTRAP)]!), round(means[Math.ceil(0.975 * BOOTSTRAP) - 1]!)];
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const dir = args.get('data');
  if (typeof dir !== 'string') {
    console.error('usage: npm run bench:search -- --data DIR [--json] [--verbose]');
    process.exit(2);
  }
  const json = args.has('json');
  const log = (m: string) => (json ? undefined : console.log(m));
  const { products: given, queries, qrels } = loadData(path.resolve(dir));
  const products = shuffled(given);

  const bench = await freshApp();
  try {
    const { search } = bench.app.services;
    let t = performance.now();
    await insertProducts(bench.database, products.map((p, i) => ({
      name: p.title,
      slug: `bench-${i}`,
      description: p.description,
      priceCents: Math.round((p.price ?? 100) * 100),
      stock: 10,
      brand: p.brand,
      category: p.category,
      tags: '',
      rating: null,
      reviews: 0,
      sku: `BENCH-${p.id}`,
      nameAr: p.title_ar,
      descriptionAr: p.description_ar,
    })));
    // database id → data set id (the sku carries it)
    const rows = await bench.database.query<{ id: number; sku: string }>('select id, sku from products');
    const dataId = new Map(rows.map((r) => [r.id, r.sku.slice('BENCH-'.length)]));
    await search.rebuild();
    log(`loaded ${products.length} products and built the index in ${Math.round(performance.now() - t)} ms`);

    t = performance.now();
    const engines: Record<string, Ranker> = {
      souq: async (text) => (await search.rank(text, { limit: K })).ids.map((id) => dataId.get(id)!),
      wink: winkRanker(products),
      minisearch: miniSearchRanker(products),
    };
    const results: Record<string, Map<string, PerQuery>> = {};
    for (const [name, rank] of Object.entries(engines)) results[name] = await evaluate(rank, queries, qrels);
    log(`ranked ${queries.length} queries with ${Object.keys(engines).length} engines in ${Math.round(performance.now() - t)} ms`);

    const report: Record<string, unknown> = {};
    for (const [name, per] of Object.entries(results)) {
      const all = [...per.values()];
      report[name] = { ...summary(all), tune: summary(all.filter((p) => p.half === 0)), held: summary(all.filter((p) => p.half === 1)) };
    }
    const souq = [...results.souq!.values()];
    const best = (['wink', 'minisearch'] as const).reduce((a, b) =>
      mean([...results[a]!.values()].map((p) => p.ndcg)) >= mean([...results[b]!.values()].map((p) => p.ndcg)) ? a : b);
    // paired differences on the queries both judged (all of them: the same qrels)
    const diff = souq.map((p) => p.ndcg - results[best]!.get(p.id)!.ndcg);
    const intervals = {
      souq_ndcg10_ci95: bootstrap(souq.map((p) => p.ndcg)),
      best_baseline: best,
      diff_ndcg10: round(mean(diff)),
      diff_ndcg10_ci95: bootstrap(diff),
    };

    if (json) {
      console.log(JSON.stringify({ benchmark: 'search', data: path.basename(path.resolve(dir)), products: products.length, k: K, ...report, ...intervals }));
      return;
    }
    log(`\nSearch relevance on ${products.length} products, ${souq.length} judged queries (k = ${K}); halves by query id hash\n`);
    log('              all NDCG@10  MRR@10   | tune NDCG@10  MRR@10 | held NDCG@10  MRR@10');
    for (const name of Object.keys(engines)) {
      const r = report[name] as ReturnType<typeof summary> & { tune: ReturnType<typeof summary>; held: ReturnType<typeof summary> };
      const f = (x: number) => x.toFixed(4);
      log(`  ${name.padEnd(11)} ${f(r.ndcg10)}      ${f(r.mrr10)}   |      ${f(r.tune.ndcg10)}  ${f(r.tune.mrr10)} |      ${f(r.held.ndcg10)}  ${f(r.held.mrr10)}`);
    }
    log(`\n  Souq NDCG@10 95 % interval: [${intervals.souq_ndcg10_ci95.join(', ')}]`);
    log(`  Souq − ${best} (best baseline): ${intervals.diff_ndcg10 >= 0 ? '+' : ''}${intervals.diff_ndcg10.toFixed(4)}, 95 % interval [${intervals.diff_ndcg10_ci95.join(', ')}]`);
    if (args.has('verbose')) {
      log(`\nper query (NDCG@10 souq / ${best}):`);
      for (const q of queries) {
        const a = results.souq!.get(q.id);
        const c = results[best]!.get(q.id);
        if (!a || !c) continue;
        log(`  ${q.id.padEnd(6)} ${a.half ? "held" : "tune"} ${a.ndcg.toFixed(3)} / ${c.ndcg.toFixed(3)}  ${q.text}${a.ndcg + 0.05 < c.ndcg ? '  <-- worse' : ''}`);
      }
    }
  } finally {
    await bench.close();
  }
}

await main();
