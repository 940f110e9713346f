/**
 * Image search quality and latency benchmark.
 *
 *   npm run bench:image -- --data DIR [--json] [--scale N] [--postgres URL]
 *
 * DIR/catalogue/<product_id>.<ext> are the product pictures, DIR/queries/* the query photos, DIR/expected.tsv
 * (tab-separated, header, columns query_file and product_id) the right answer per query; queries not listed there
 * are unrelated pictures that should match nothing.
 *
 * Souq: the catalogue is indexed through the REAL image-search service (products created by the catalogue service in
 * a fresh migrated database; pictures described by the inference worker, stored in image_features and loaded into
 * the worker's index), and every query goes through the ranking the API uses (base64 → size and magic-byte checks →
 * worker: decode, network, colour, scan → keypoints of the short list from the database → geometric verification →
 * threshold). Baselines, in the same run and on the same queries: the network's plain average feature of a centre
 * crop with cosine similarity ("mobilenet_avg"), a global RGB colour histogram ("colour_histogram"), and Souq's
 * previous hand-made descriptor ("previous_descriptor"). Figures come with 95 % Wilson intervals, and the difference
 * to the strongest baseline with a paired bootstrap interval.
 *
 * --scale N adds N generated catalogue images (vectors perturbed from the real ones, real-size keypoints) to the
 * database, restarts the service so its worker loads all of them, and reports query latency at that size and the
 * worker's memory. PGlite holds them in memory (about 20 KB each); --postgres URL uses a fresh PostgreSQL database.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { createBus } from '../apps/server/src/platform/bus.js';
import { createCatalogueService } from '../apps/server/src/modules/catalogue/catalogue.service.js';
import { createImageSearchService, type ImageSearchService } from '../apps/server/src/modules/image-search/image-search.service.js';
import { colourHistogramEmbedder, decodeImage, souqEmbedder, type ImageEmbedder } from '../apps/server/src/modules/image-search/descriptor.js';
import { VectorIndex } from '../apps/server/src/modules/image-search/vector-index.js';
import { loadVisualModel } from '../apps/server/src/modules/image-search/visual-model.js';
import { NET_INPUT } from '../apps/server/src/modules/image-search/visual-features.js';
import { imageFeatures, products } from '../apps/server/src/db/schema/catalogue.js';
import { fail, percentile, readCsv } from './lib/bench-io.js';
import { openFreshDatabase, parseArgs } from './lib/fresh-app.js';
import { pairedBootstrapDiff, wilson } from './lib/intervals.js';
import { seededRng } from './lib/image-transforms.js';

const args = parseArgs(process.argv.slice(2));
const dataArg = args.get('data');
if (typeof dataArg !== 'string') fail('usage: npm run bench:image -- --data DIR [--json] [--scale N] [--postgres URL]');
const data = path.resolve(dataArg);
const json = args.has('json');
const scale = Number(args.get('scale') ?? 0);
const postgresUrl = typeof args.get('postgres') === 'string' ? (args.get('postgres') as string) : undefined;
const catalogueDir = path.join(data, 'catalogue');
const queryDir = path.join(data, 'queries');
for (const dir of [catalogueDir, queryDir]) if (!fs.existsSync(dir)) fail(`missing folder: ${dir}`);
const IMAGE = /\.(webp|png|jpe?g|gif|avif)$/i;
const say = (msg: string) => {
  if (!json) console.log(msg);
};

const expectedTsv = readCsv(path.join(data, 'expected.tsv'), '\t');
const qCol = expectedTsv.header.indexOf('query_file');
const pCol = expectedTsv.header.indexOf('product_id');
if (qCol < 0 || pCol < 0) fail('expected.tsv needs the columns query_file and product_id');
const expected = new Map(expectedTsv.rows.map((r) => [r[qCol]!, r[pCol]!]));

const { database, dropDb } = await openFreshDatabase(postgresUrl);
const catalogue = createCatalogueService({ db: database.db, query: database.query, bus: createBus() });

// one product per catalogue picture; its image URL points back at the file
const benchIdOf = new Map<number, string>();
const catalogueFiles = fs.readdirSync(catalogueDir).filter((f) => IMAGE.test(f)).sort();
if (!catalogueFiles.length) fail(`no images in ${catalogueDir}`);
for (const file of catalogueFiles) {
  const benchId = path.parse(file).name;
  const row = await catalogue.createProduct({ name: `Bench product ${benchId}`, priceCents: 100, categories: ['bench'], images: [`bench:${file}`] });
  benchIdOf.set(row.id, benchId);
}
const readImage = async (url: string) => {
  const file = url.startsWith('bench:') ? path.join(catalogueDir, path.basename(url.slice('bench:'.length))) : null;
  return file && fs.existsSync(file) ? fs.readFileSync(file) : null;
};
const queries = fs.readdirSync(queryDir).filter((f) => IMAGE.test(f)).sort();
const labelled = queries.filter((q) => expected.has(q));
const unrelated = queries.filter((q) => !expected.has(q));
const readQuery = (q: string) => fs.readFileSync(path.join(queryDir, q));

// ---- Souq: the real service --------------------------------------------------------------------------------------

const rssBefore = process.memoryUsage().rss;
let souq: ImageSearchService = createImageSearchService({ db: database.db, catalogue, readImage });
let t0 = performance.now();
await souq.ensureIndexed();
const indexMsPerImage = (performance.now() - t0) / catalogueFiles.length;
// the worker's cost: the process grew by this much when the model, OpenCV and the index came in
const workerRssMb = Math.round(((await souq.stats()).rss - rssBefore) / 1e5) / 10;
say(`indexed ${souq.indexedImages()} images in ${Math.round(performance.now() - t0)} ms`);

type Outcome = { top1: number[]; top5: number[]; latencies: number[]; unrelatedRejected: number };
const outcome = (): Outcome => ({ top1: [], top5: [], latencies: [], unrelatedRejected: 0 });
const souqOut = outcome();
for (const q of queries) {
  const image = readQuery(q).toString('base64');
  const t = performance.now();
  const hits = await souq.rank(image, 5);
  souqOut.latencies.push(performance.now() - t);
  const ids = hits.map((h) => benchIdOf.get(h.productId));
  const want = expected.get(q);
  if (want) {
    souqOut.top1.push(ids[0] === want ? 1 : 0);
    souqOut.top5.push(ids.includes(want) ? 1 : 0);
  } else if (ids.length === 0) souqOut.unrelatedRejected++;
}

// ---- baselines (in this process, same catalogue and queries) -----------------------------------------------------

async function runEmbedder(embedder: ImageEmbedder): Promise<Outcome> {
  const index = new VectorIndex(embedder.dims);
  for (const [id, benchId] of benchIdOf) {
    const file = catalogueFiles.find((f) => path.parse(f).name === benchId)!;
    index.put(id, file, embedder.describeCatalogue(await decodeImage(fs.readFileSync(path.join(catalogueDir, file)))));
  }
  return scoreAll(async (bytes) => index.search(embedder.describeQuery(await decodeImage(bytes)), 5));
}

async function scoreAll(search: (bytes: Buffer) => Promise<{ productId: number }[]>): Promise<Outcome> {
  const out = outcome();
  for (const q of labelled) {
    const t = performance.now();
    const ids = (await search(readQuery(q))).map((h) => benchIdOf.get(h.productId));
    out.latencies.push(performance.now() - t);
    out.top1.push(ids[0] === expected.get(q) ? 1 : 0);
    out.top5.push(ids.includes(expected.get(q)) ? 1 : 0);
  }
  return out;
}

/** The network's own average feature of the picture's centre square, cosine similarity: the strong baseline. */
async function runMobilenetAverage(): Promise<Outcome> {
  const model = await loadVisualModel();
  const embed = async (bytes: Buffer) => {
    const rgb = await sharp(bytes).rotate().flatten({ background: '#ffffff' }).resize(NET_INPUT, NET_INPUT, { fit: 'cover' }).removeAlpha().raw().toBuffer();
    return model.embed(new Uint8Array(rgb.buffer, rgb.byteOffset, rgb.length), 'average');
  };
  const dims = 1792;
  const index = new VectorIndex(dims);
  for (const [id, benchId] of benchIdOf) {
    const file = catalogueFiles.find((f) => path.parse(f).name === benchId)!;
    index.put(id, file, [await embed(fs.readFileSync(path.join(catalogueDir, file)))]);
  }
  return scoreAll(async (bytes) => index.search([await embed(bytes)], 5));
}

const baselines: Record<string, Outcome> = {
  mobilenet_avg: await runMobilenetAverage(),
  colour_histogram: await runEmbedder(colourHistogramEmbedder),
  previous_descriptor: await runEmbedder(souqEmbedder),
};

// ---- scale: latency and memory with N indexed images --------------------------------------------------------------

let scaleResult: Record<string, number> | null = null;
if (scale > 0) {
  const stored = await database.db.select().from(imageFeatures);
  const real = stored.filter((r) => r.vector && r.keypoints);
  if (!real.length) fail('nothing indexed to generate from');
  const rng = seededRng(5);
  const BATCH = 250;
  t0 = performance.now();
  for (let done = 0; done < scale; done += BATCH) {
    const n = Math.min(BATCH, scale - done);
    const rows = await database.db
      .insert(products)
      .values(Array.from({ length: n }, (_, i) => ({ name: `Generated product ${done + i}`, slug: `generated-${done + i}`, priceCents: 100, images: [`gen:${done + i}`] })))
      .returning({ id: products.id });
    await database.db.insert(imageFeatures).values(
      rows.map((r, i) => {
        const source = real[Math.floor(rng() * real.length)]!;
        // the network part is perturbed byte by byte (a different picture of a similar thing); colour kept
        const vector = Buffer.from(source.vector!);
        for (let k = 8; k < vector.length; k++) vector[k] = Math.max(0, Math.min(255, vector[k]! + Math.round((rng() - 0.5) * 60)));
        return { productId: r.id, imageUrl: `gen:${done + i}`, model: source.model, descriptor: [], vector, keypoints: source.keypoints };
      }),
    );
  }
  const generateMs = performance.now() - t0;
  await souq.close();
  const rssIdle = process.memoryUsage().rss;
  souq = createImageSearchService({ db: database.db, catalogue, readImage });
  t0 = performance.now();
  await souq.ensureIndexed();
  const loadMs = performance.now() - t0;
  const latencies: number[] = [];
  for (const q of labelled.slice(0, 100)) {
    const image = readQuery(q).toString('base64');
    const t = performance.now();
    await souq.rank(image, 5);
    latencies.push(performance.now() - t);
  }
  // a 1 MP photo (the size the p95 target names): one of the queries enlarged to 1,000 × 1,000 as JPEG
  const big = await sharp(readQuery(labelled[0]!)).resize(1000, 1000).jpeg({ quality: 90 }).toBuffer();
  const bigLatencies: number[] = [];
  for (let i = 0; i < 20; i++) {
    const t = performance.now();
    await souq.rank(big.toString('base64'), 5);
    bigLatencies.push(performance.now() - t);
  }
  const stats = await souq.stats();
  scaleResult = {
    indexed_images: stats.images,
    generate_ms: Math.round(generateMs),
    load_ms: Math.round(loadMs),
    p50_ms: Math.round(percentile(latencies, 50)),
    p95_ms: Math.round(percentile(latencies, 95)),
    p95_ms_1mp: Math.round(percentile(bigLatencies, 95)),
    index_mb: Math.round(stats.indexBytes / 1e5) / 10,
    worker_rss_mb: Math.round((stats.rss - rssIdle) / 1e5) / 10,
  };
}

await souq.close();
await database.close();
if (dropDb) await dropDb();

// ---- report ------------------------------------------------------------------------------------------------------

const r4 = (x: number) => Math.round(x * 10000) / 10000;
const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
const ci = (xs: number[]) => wilson(xs.reduce((a, b) => a + b, 0), xs.length).map(r4) as [number, number];
const figures = (o: Outcome) => ({
  top1: r4(mean(o.top1)),
  top1_ci95: ci(o.top1),
  top5: r4(mean(o.top5)),
  top5_ci95: ci(o.top5),
  p95_ms: Math.round(percentile(o.latencies, 95) * 10) / 10,
});
const strongest = Object.entries(baselines).sort((a, b) => mean(b[1].top5) + mean(b[1].top1) - (mean(a[1].top5) + mean(a[1].top1)))[0]!;
const out = {
  benchmark: 'image-search',
  data: path.basename(data),
  catalogue: catalogueFiles.length,
  queries: labelled.length,
  unrelated: unrelated.length,
  souq: {
    ...figures(souqOut),
    unrelated_rejected: unrelated.length ? r4(souqOut.unrelatedRejected / unrelated.length) : null,
    index_ms_per_image: Math.round(indexMsPerImage),
    worker_rss_mb: workerRssMb,
  },
  baselines: Object.fromEntries(Object.entries(baselines).map(([k, v]) => [k, figures(v)])),
  vs_strongest_baseline: {
    baseline: strongest[0],
    top1_diff: r4(mean(souqOut.top1) - mean(strongest[1].top1)),
    top1_diff_ci95: pairedBootstrapDiff(souqOut.top1, strongest[1].top1).map(r4),
    top5_diff: r4(mean(souqOut.top5) - mean(strongest[1].top5)),
    top5_diff_ci95: pairedBootstrapDiff(souqOut.top5, strongest[1].top5).map(r4),
  },
  ...(scaleResult ? { scale: scaleResult } : {}),
};

if (json) {
  console.log(JSON.stringify(out));
} else {
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  const interval = (c: [number, number]) => `[${pct(c[0])}, ${pct(c[1])}]`;
  console.log(`Image search benchmark: ${data}`);
  console.log(`  catalogue ${out.catalogue} images, ${out.queries} labelled queries, ${out.unrelated} unrelated`);
  console.log('');
  console.log('  method                top-1 (95% CI)              top-5 (95% CI)              p95 ms');
  const row = (label: string, f: ReturnType<typeof figures>) =>
    console.log(`  ${label.padEnd(21)} ${`${pct(f.top1)} ${interval(f.top1_ci95)}`.padEnd(27)} ${`${pct(f.top5)} ${interval(f.top5_ci95)}`.padEnd(27)} ${f.p95_ms}`);
  row('souq', out.souq);
  for (const [k, v] of Object.entries(out.baselines)) row(k, v);
  const d = out.vs_strongest_baseline;
  console.log('');
  console.log(`  souq − ${d.baseline}: top-1 ${pct(d.top1_diff)} ${interval(d.top1_diff_ci95 as [number, number])}, top-5 ${pct(d.top5_diff)} ${interval(d.top5_diff_ci95 as [number, number])} (paired bootstrap)`);
  if (out.unrelated) console.log(`  unrelated pictures rejected by souq: ${souqOut.unrelatedRejected}/${out.unrelated}`);
  console.log(`  indexing ${out.souq.index_ms_per_image} ms per image; worker RSS ${out.souq.worker_rss_mb} MB`);
  if (scaleResult) console.log(`  at ${scaleResult.indexed_images} images: ${JSON.stringify(scaleResult)}`);
}
