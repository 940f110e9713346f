/**
 * Image search quality and latency benchmark.
 *
 *   npm run bench:image -- --data DIR [--json]
 *
 * DIR/catalogue/<product_id>.<ext> are the product pictures, DIR/queries/* the query photos, DIR/expected.tsv
 * (tab-separated, header, columns query_file and product_id) the right answer per query; queries not listed there
 * are unrelated pictures that should match nothing. The catalogue is indexed through the REAL image-search service
 * (products created by the catalogue service in a fresh, migrated in-memory PGlite; descriptors computed, stored in
 * image_features and loaded into the in-memory index by ensureIndexed), and every query goes through the same
 * ranking the API uses (base64 → size and magic-byte checks → decode → describe → nearest neighbours → threshold).
 * The baseline is the same service with a plain global RGB colour histogram and no threshold.
 * Prints recall@1, recall@5 and p95 latency per query (ms) for Souq and the baseline.
 */
import fs from 'node:fs';
import path from 'node:path';
import { migrateDatabase, openDatabase } from '../apps/server/src/platform/db.js';
import { createBus } from '../apps/server/src/platform/bus.js';
import { createCatalogueService } from '../apps/server/src/modules/catalogue/catalogue.service.js';
import { createImageSearchService } from '../apps/server/src/modules/image-search/image-search.service.js';
import { colourHistogramEmbedder, souqEmbedder } from '../apps/server/src/modules/image-search/descriptor.js';
import { fail, parseArgs, percentile, readCsv } from './lib/bench-io.js';

const { data, json } = parseArgs(process.argv.slice(2), 'bench:image');
const catalogueDir = path.join(data, 'catalogue');
const queryDir = path.join(data, 'queries');
for (const dir of [catalogueDir, queryDir]) if (!fs.existsSync(dir)) fail(`missing folder: ${dir}`);
const IMAGE = /\.(webp|png|jpe?g|gif|avif)$/i;

const expectedTsv = readCsv(path.join(data, 'expected.tsv'), '\t');
const qCol = expectedTsv.header.indexOf('query_file');
const pCol = expectedTsv.header.indexOf('product_id');
if (qCol < 0 || pCol < 0) fail('expected.tsv needs the columns query_file and product_id');
const expected = new Map(expectedTsv.rows.map((r) => [r[qCol]!, r[pCol]!]));

const database = await openDatabase({ kind: 'pglite' });
await migrateDatabase(database);
const catalogue = createCatalogueService({ db: database.db, bus: createBus() });

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

const systems = {
  souq: createImageSearchService({ db: database.db, catalogue, readImage, embedder: souqEmbedder }),
  baseline: createImageSearchService({ db: database.db, catalogue, readImage, embedder: colourHistogramEmbedder, threshold: -1 }),
};
for (const s of Object.values(systems)) await s.ensureIndexed();

const queries = fs.readdirSync(queryDir).filter((f) => IMAGE.test(f)).sort();
type Tally = { top1: number; top5: number; latencies: number[]; unrelatedRejected: number };
const results: Record<keyof typeof systems, Tally> = {
  souq: { top1: 0, top5: 0, latencies: [], unrelatedRejected: 0 },
  baseline: { top1: 0, top5: 0, latencies: [], unrelatedRejected: 0 },
};
let labelled = 0;
let unrelated = 0;
for (const q of queries) {
  const image = fs.readFileSync(path.join(queryDir, q)).toString('base64');
  const want = expected.get(q);
  if (want) labelled++;
  else unrelated++;
  for (const [name, service] of Object.entries(systems) as [keyof typeof systems, (typeof systems)['souq']][]) {
    const t0 = performance.now();
    const hits = await service.rank(image, 5);
    results[name].latencies.push(performance.now() - t0);
    const ids = hits.map((h) => benchIdOf.get(h.productId));
    if (want) {
      if (ids[0] === want) results[name].top1++;
      if (ids.includes(want)) results[name].top5++;
    } else if (ids.length === 0) results[name].unrelatedRejected++;
  }
}
await database.close();

const round = (x: number, d = 4) => Math.round(x * 10 ** d) / 10 ** d;
const summary = (t: Tally) => ({
  recall1: labelled ? round(t.top1 / labelled) : 0,
  recall5: labelled ? round(t.top5 / labelled) : 0,
  p95ms: round(percentile(t.latencies, 95), 1),
});
const out = { souq: summary(results.souq), baseline: summary(results.baseline), queries: labelled };
if (json) {
  console.log(JSON.stringify(out));
} else {
  console.log(`Image search benchmark: ${data}`);
  console.log(`  catalogue ${catalogueFiles.length} images, ${labelled} labelled queries, ${unrelated} unrelated`);
  console.log('');
  console.log('  model            recall@1   recall@5   p95 ms   unrelated rejected');
  for (const [name, label] of [['souq', 'souq'], ['baseline', 'rgb histogram']] as const) {
    const s = out[name];
    const rejected = unrelated ? `${results[name].unrelatedRejected}/${unrelated}` : '-';
    console.log(`  ${label.padEnd(16)} ${s.recall1.toFixed(3).padEnd(10)} ${s.recall5.toFixed(3).padEnd(10)} ${s.p95ms.toFixed(1).padEnd(8)} ${rejected}`);
  }
}
