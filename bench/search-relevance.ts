// Search relevance benchmark: NDCG@10 and MRR@10 of Souq's search module against a plain BM25 baseline.
//
//   npm run bench:search -- --data DIR [--json]
//
// DIR holds products.tsv (product_id, title[, description, category, brand, price]), queries.tsv (query_id, text)
// and qrels.tsv (query_id, product_id, grade 0–3), tab-separated with header rows. The products go through the
// catalogue service into a fresh, migrated in-memory PGlite; Souq's ranking comes from the real search service.
// The baseline is wink-bm25-text-search with a simple tokenizer (lower case, split on non-alphanumerics, Porter2).
import path from 'node:path';
import bm25 from 'wink-bm25-text-search';
import porterStem from 'wink-porter2-stemmer';
import { freshApp, parseArgs } from './lib/fresh-app.js';
import { mean, ndcgAt, reciprocalRankAt, type Qrels } from './lib/metrics.js';
import { readTsv } from './lib/tsv.js';

type Product = { id: string; title: string; description: string; category: string; brand: string; price: number | null };
const K = 10;

function loadData(dir: string) {
  const products: Product[] = readTsv(path.join(dir, 'products.tsv')).map((r) => ({
    id: r.product_id ?? '',
    title: r.title ?? '',
    description: r.description ?? '',
    category: r.category ?? '',
    brand: r.brand ?? '',
    price: r.price ? Number(r.price) : null,
  }));
  const queries = readTsv(path.join(dir, 'queries.tsv')).map((r) => ({ id: r.query_id ?? '', text: r.text ?? '' }));
  const qrels = new Map<string, Qrels>();
  for (const r of readTsv(path.join(dir, 'qrels.tsv'))) {
    const q = qrels.get(r.query_id ?? '') ?? new Map<string, number>();
    q.set(r.product_id ?? '', Number(r.grade ?? 0));
    qrels.set(r.query_id ?? '', q);
  }
  if (products.some((p) => !p.id || !p.title)) throw new Error('products.tsv: every row needs product_id and title');
  return { products, queries, qrels };
}

const simpleTokens = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map((t) => porterStem(t));

function baselineRanker(products: Product[]) {
  const engine = bm25();
  engine.defineConfig({ fldWeights: { title: 3, brand: 2, category: 2, description: 1 } });
  engine.definePrepTasks([simpleTokens]);
  for (const p of products) engine.addDoc({ title: p.title, brand: p.brand, category: p.category, description: p.description }, p.id);
  engine.consolidate();
  return (text: string) => engine.search(text, K).map(([id]) => String(id));
}

function score(rankings: Map<string, string[]>, qrels: Map<string, Qrels>) {
  const ndcg: number[] = [];
  const mrr: number[] = [];
  for (const [qid, ranked] of rankings) {
    const rel = qrels.get(qid) ?? new Map();
    const n = ndcgAt(ranked, rel, K);
    if (n === null) continue; // a query without any relevant product says nothing about ranking
    ndcg.push(n);
    mrr.push(reciprocalRankAt(ranked, rel, K));
  }
  return { ndcg10: round(mean(ndcg)), mrr10: round(mean(mrr)), n: ndcg.length };
}

const round = (x: number) => Math.round(x * 10_000) / 10_000;

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const dir = args.get('data');
  if (typeof dir !== 'string') {
    console.error('usage: npm run bench:search -- --data DIR [--json] [--verbose]');
    process.exit(2);
  }
  const { products, queries, qrels } = loadData(path.resolve(dir));

  const bench = await freshApp();
  try {
    const { catalogue, search } = bench.app.services;
    // dataset id → database id
    const dbIds = new Map<number, string>();
    for (const p of products) {
      const row = await catalogue.createProduct({
        name: p.title,
        description: p.description,
        categories: p.category ? [p.category] : [],
        brand: p.brand,
        priceCents: Math.round((p.price ?? 100) * 100),
        stock: 10,
        sku: `BENCH-${p.id}`,
      });
      dbIds.set(row.id, p.id);
    }
    await search.rebuild();

    const souq = new Map<string, string[]>();
    const baseline = new Map<string, string[]>();
    const rankBaseline = baselineRanker(products);
    for (const q of queries) {
      const result = await search.rank(q.text, { limit: K });
      souq.set(q.id, result.ids.map((id) => dbIds.get(id)!));
      baseline.set(q.id, rankBaseline(q.text));
    }
    const s = score(souq, qrels);
    const b = score(baseline, qrels);

    if (args.has('json')) {
      console.log(JSON.stringify({ souq: { ndcg10: s.ndcg10, mrr10: s.mrr10 }, baseline: { ndcg10: b.ndcg10, mrr10: b.mrr10 }, queries: s.n }));
      return;
    }
    console.log(`Search relevance on ${products.length} products, ${s.n} judged queries (k = ${K})`);
    console.log('');
    console.log('              NDCG@10   MRR@10');
    console.log(`  Souq        ${s.ndcg10.toFixed(4)}    ${s.mrr10.toFixed(4)}`);
    console.log(`  BM25 (wink) ${b.ndcg10.toFixed(4)}    ${b.mrr10.toFixed(4)}`);
    if (args.has('verbose')) {
      console.log('\nper query (NDCG@10 souq / baseline):');
      for (const q of queries) {
        const rel = qrels.get(q.id) ?? new Map();
        const a = ndcgAt(souq.get(q.id)!, rel, K);
        const c = ndcgAt(baseline.get(q.id)!, rel, K);
        if (a === null || c === null) continue;
        const mark = a + 0.05 < c ? '  <-- worse' : '';
        console.log(`  ${q.id.padEnd(5)} ${a.toFixed(3)} / ${c.toFixed(3)}  ${q.text}${mark}`);
      }
    }
  } finally {
    await bench.close();
  }
}

await main();
