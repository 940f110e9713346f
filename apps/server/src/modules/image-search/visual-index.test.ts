import { describe, expect, it } from 'vitest';
import { compileKernels } from '../../../scripts/build-kernels.mjs';
import { KERNELS_WASM_BASE64 } from './kernels.wasm.js';
import { ByteMatrix, hammingKnn2 } from './kernels.js';
import {
  averagePool,
  centreSquare,
  CNN_DIMS,
  colourHistogram,
  COLOUR_DIMS,
  dequantise,
  normalise,
  objectSquare,
  packKeypoints,
  packVectors,
  poolFeatureMap,
  quantise,
  unpackKeypoints,
  unpackVectors,
  type ImageVectors,
} from './visual-features.js';
import { fuseSimilarity, topRows, verifiedSimilarity, VisualIndex } from './visual-index.js';
import { seededRng } from '../../../../../bench/lib/image-transforms.js';

const rng = seededRng(42);
const randomUnit = (n: number, sparse = 0) => normalise(Float32Array.from({ length: n }, () => (rng() < sparse ? 0 : rng())));
const dot = (a: Float32Array, b: Float32Array) => a.reduce((s, x, i) => s + x * b[i]!, 0);
const vectorsOf = (cnn: Float32Array, colour: Float32Array): ImageVectors => ({ cnn: quantise(cnn), colour: quantise(colour) });

describe('SIMD kernels', () => {
  it('the committed wasm is the compilation of kernels.wat', async () => {
    expect(await compileKernels()).toBe(KERNELS_WASM_BASE64);
  });

  it('scores every row like a plain dot product, across growth and removal', () => {
    const m = new ByteMatrix(37, 2);
    const rows = Array.from({ length: 150 }, () => Uint8Array.from({ length: 37 }, () => Math.floor(rng() * 256)));
    for (const r of rows) m.push(r);
    // the last row moves into the removed row's place
    m.swapRemove(3);
    rows[3] = rows.pop()!;
    const query = Float32Array.from({ length: 37 }, () => rng());
    const { sums, scale } = m.dotAll(query);
    expect(m.rows).toBe(149);
    rows.forEach((r, i) => {
      const exact = r.reduce((s, b, k) => s + b * query[k]!, 0);
      // the query is quantised to 127 levels: within 1 % of the exact product
      expect(sums[i]! * scale).toBeCloseTo(exact, -Math.log10(exact * 0.01));
      expect(m.row(i)).toEqual(r);
    });
  });

  it('finds the two nearest binary descriptors by Hamming distance', () => {
    const a = Uint8Array.from({ length: 32 * 20 }, () => Math.floor(rng() * 256));
    const b = Uint8Array.from({ length: 32 * 50 }, () => Math.floor(rng() * 256));
    const hamming = (i: number, j: number) => {
      let d = 0;
      for (let k = 0; k < 32; k++) {
        let x = a[i * 32 + k]! ^ b[j * 32 + k]!;
        while (x) {
          d += x & 1;
          x >>= 1;
        }
      }
      return d;
    };
    const knn = hammingKnn2(a, b);
    for (let i = 0; i < 20; i++) {
      const ds = Array.from({ length: 50 }, (_, j) => hamming(i, j));
      const sorted = [...ds].sort((x, y) => x - y);
      expect(knn.best[i]).toBe(sorted[0]);
      expect(knn.second[i]).toBe(sorted[1]);
      expect(ds[knn.index[i]!]).toBe(sorted[0]);
    }
  });
});

describe('descriptor parts', () => {
  it('pools a feature map by generalised mean (p = 3) and square root, to unit length', () => {
    // 2 positions × 3 channels: channel 0 fires strongly in one place, channel 1 weakly in both
    const map = Float32Array.from([6, 1, 0, 0, 1, 0]);
    const gem = poolFeatureMap(map, 3);
    const c0 = Math.sqrt(Math.cbrt((6 ** 3 + 0) / 2));
    const c1 = Math.sqrt(Math.cbrt((1 + 1) / 2));
    const n = Math.hypot(c0, c1);
    expect(Array.from(gem).map((x) => Number(x.toFixed(5)))).toEqual([c0 / n, c1 / n, 0].map((x) => Number(x.toFixed(5))));
    // the plain average is the network's own feature: 3 and 1
    const avg = averagePool(map, 3);
    expect(avg[0]! / avg[1]!).toBeCloseTo(3, 5);
  });

  it('quantises to bytes with a per-vector scale, keeping cosines within 0.01', () => {
    const a = randomUnit(CNN_DIMS, 0.5);
    const b = randomUnit(CNN_DIMS, 0.5);
    const qa = dequantise(quantise(a));
    const qb = dequantise(quantise(b));
    expect(Math.abs(dot(qa, qb) / Math.hypot(...qa) / Math.hypot(...qb) - dot(a, b))).toBeLessThan(0.01);
  });

  it('packs vectors and keypoints and reads them back; refuses other layouts', () => {
    const v = vectorsOf(randomUnit(CNN_DIMS), randomUnit(COLOUR_DIMS));
    const back = unpackVectors(packVectors(v))!;
    expect(back.cnn.bytes).toEqual(v.cnn.bytes);
    expect(back.colour.scale).toBeCloseTo(v.colour.scale, 6);
    expect(unpackVectors(new Uint8Array(10))).toBeNull();
    const k = { xy: Float32Array.from([1.5, 2.25, 399.9375, 0]), descriptors: Uint8Array.from({ length: 64 }, (_, i) => i) };
    const kb = unpackKeypoints(packKeypoints(k))!;
    expect(Array.from(kb.xy)).toEqual([1.5, 2.25, 399.9375, 0]);
    expect(kb.descriptors).toEqual(k.descriptors);
    expect(unpackKeypoints(new Uint8Array([5, 0, 1]))).toBeNull();
  });

  it('colour histogram: a red object on white counts red only when the background is left out', () => {
    const w = 20, h = 20;
    const data = new Uint8Array(w * h * 3).fill(255);
    for (let y = 5; y < 15; y++) for (let x = 5; x < 15; x++) data.set([220, 20, 20], (y * w + x) * 3);
    const img = { data, width: w, height: h };
    const all = colourHistogram(img, { x0: 0, y0: 0, x1: w, y1: h });
    const object = colourHistogram(img, { x0: 0, y0: 0, x1: w, y1: h }, [255, 255, 255]);
    expect(Math.hypot(...all)).toBeCloseTo(1, 5);
    // one bin holds all the object's mass: its Hellinger component is 1
    expect(Math.max(...object)).toBeCloseTo(1, 5);
    expect(Math.max(...all)).toBeLessThan(0.9);
  });

  it('frames queries on their centre and catalogue pictures on their object with a margin', () => {
    expect(centreSquare(400, 300)).toEqual({ x0: 87.5, y0: 37.5, x1: 312.5, y1: 262.5 });
    const s = objectSquare(400, 400, { x0: 100, y0: 150, x1: 200, y1: 250 });
    expect(s.x1 - s.x0).toBeCloseTo(116, 5);
    expect((s.x0 + s.x1) / 2).toBe(150);
    expect(objectSquare(400, 200, null)).toEqual({ x0: 100, y0: 0, x1: 300, y1: 200 });
  });
});

describe('ranking', () => {
  it('fuses network and colour similarity into 0..1, and verification raises it toward 1 without reaching it', () => {
    expect(fuseSimilarity(1, 1)).toBe(1);
    expect(fuseSimilarity(0, 0)).toBe(0);
    expect(fuseSimilarity(0.8, 0.2)).toBeGreaterThan(fuseSimilarity(0.2, 0.8));
    expect(verifiedSimilarity(0.6, 3)).toBe(0.6);
    let previous = 0.6;
    for (const inliers of [5, 10, 30, 100, 10_000]) {
      const s = verifiedSimilarity(0.6, inliers);
      expect(s).toBeGreaterThan(previous);
      expect(s).toBeLessThan(1);
      previous = s;
    }
  });

  it('picks the highest rows without sorting them all', () => {
    const scores = Float32Array.from([0.1, 0.9, 0.5, 0.9, 0.3, 0.7]);
    expect(topRows(scores, 3)).toEqual([1, 3, 5]);
    expect(topRows(scores, 10)).toEqual([1, 3, 5, 2, 4, 0]);
    expect(topRows(scores, 0)).toEqual([]);
  });

  it('ranks products by their best image, and forgets removed images', () => {
    const index = new VisualIndex();
    const base = Array.from({ length: 30 }, () => ({ cnn: randomUnit(CNN_DIMS, 0.7), colour: randomUnit(COLOUR_DIMS, 0.7) }));
    base.forEach((b, i) => index.put(i, `p${i}.jpg`, vectorsOf(b.cnn, b.colour)));
    // product 100 has two images: an unrelated one, and one that is the query's own picture
    index.put(100, 'a.jpg', vectorsOf(randomUnit(CNN_DIMS, 0.7), randomUnit(COLOUR_DIMS, 0.7)));
    const query = { cnn: randomUnit(CNN_DIMS, 0.7), colour: randomUnit(COLOUR_DIMS, 0.7) };
    index.put(100, 'b.jpg', vectorsOf(query.cnn, query.colour));
    expect(index.size).toBe(32);
    const { candidates: hits, mean, sd } = index.search(query, 5);
    expect(hits[0]).toMatchObject({ productId: 100, imageUrl: 'b.jpg' });
    expect(hits[0]!.similarity).toBeCloseTo(1, 2);
    expect(new Set(hits.map((h) => h.productId)).size).toBe(5);
    for (let i = 1; i < hits.length; i++) expect(hits[i]!.similarity).toBeLessThanOrEqual(hits[i - 1]!.similarity);
    // the spread is over all 32 images: the exact match stands far above the mean
    expect(mean).toBeLessThan(hits[1]!.similarity);
    expect((hits[0]!.similarity - mean) / sd).toBeGreaterThan(3);
    // dropping the matching image leaves the product with its other picture only
    index.remove(100, ['a.jpg']);
    expect(index.size).toBe(31);
    expect(index.search(query, 1).candidates[0]!.productId).not.toBe(100);
    // rows moved by the removal still answer for their own product
    const [again] = index.search({ cnn: base[29]!.cnn, colour: base[29]!.colour }, 1).candidates;
    expect(again).toMatchObject({ productId: 29, imageUrl: 'p29.jpg' });
    index.remove(100);
    expect(index.has(100, 'a.jpg')).toBe(false);
  });
});
