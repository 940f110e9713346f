/**
 * Generates the example data of the image-search benchmark from the project's own product images
 * (apps/server/src/demo/assets/catalogue):
 *
 *   npx tsx bench/data/image/generate.ts [--out DIR] [--per-product N] [--seed S]
 *
 * DIR/catalogue/<product_id>.webp   the catalogue pictures (product id = file name of the demo image)
 * DIR/queries/q<n>.jpg              shopper-style photos: crops, small rotations, brightness changes, new
 *                                   backgrounds, JPEG recompression (2–4 of them each), at most 360 px
 * DIR/queries/noise<n>.jpg          unrelated pictures (noise) that should match nothing; not in expected.tsv
 * DIR/expected.tsv                  query_file<TAB>product_id
 * Deterministic for a seed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { noiseImage, randomTransformSet, seededRng, transformImage } from '../../lib/image-transforms.js';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
};
const here = path.dirname(fileURLToPath(import.meta.url));
const source = path.resolve(here, '../../../apps/server/src/demo/assets/catalogue');
const out = path.resolve(arg('out', here));
const perProduct = Number(arg('per-product', '2'));
const rng = seededRng(Number(arg('seed', '7')));

const files = fs.readdirSync(source).filter((f) => /\.(webp|png|jpe?g)$/i.test(f)).sort();
if (!files.length) throw new Error(`no product images in ${source}`);
for (const sub of ['catalogue', 'queries']) {
  fs.rmSync(path.join(out, sub), { recursive: true, force: true });
  fs.mkdirSync(path.join(out, sub), { recursive: true });
}
const expected = ['query_file\tproduct_id'];
let n = 0;
for (const file of files) {
  const productId = path.parse(file).name;
  const original = fs.readFileSync(path.join(source, file));
  fs.writeFileSync(path.join(out, 'catalogue', `${productId}${path.extname(file)}`), original);
  for (let k = 0; k < perProduct; k++) {
    const photo = await transformImage(original, randomTransformSet(rng), rng);
    const small = await sharp(photo).resize(360, 360, { fit: 'inside', withoutEnlargement: true }).jpeg({ quality: 75 }).toBuffer();
    const name = `q${String(++n).padStart(3, '0')}.jpg`;
    fs.writeFileSync(path.join(out, 'queries', name), small);
    expected.push(`${name}\t${productId}`);
  }
}
for (let k = 1; k <= 5; k++) {
  const noise = await sharp(await noiseImage(240 + k * 20, rng)).jpeg({ quality: 80 }).toBuffer();
  fs.writeFileSync(path.join(out, 'queries', `noise${k}.jpg`), noise);
}
fs.writeFileSync(path.join(out, 'expected.tsv'), `${expected.join('\n')}\n`);
console.log(`wrote ${files.length} catalogue images, ${n} queries (+5 noise) to ${out}`);
