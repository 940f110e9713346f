import { ByteMatrix } from './kernels.js';
import { CNN_DIMS, COLOUR_DIMS, type ImageVectors } from './visual-features.js';

/**
 * The in-memory index of catalogue images for the learned descriptor: network features and colour histograms as
 * byte rows in wasm memory (ByteMatrix), scored against a query in two SIMD passes. 50,000 images take about
 * 100 MB (1,792 + 264 bytes each plus scales) and a pass takes ~15 ms of CPU. Lives in the inference worker.
 */

/** Weight of the colour similarity beside the network's (the similarity is their weighted mean, so it stays in 0..1). */
export const COLOUR_WEIGHT = 0.3;

/** Weighted mean of the network cosine and the colour Bhattacharyya coefficient, both in 0..1. */
export function fuseSimilarity(cnn: number, colour: number): number {
  return Math.min(1, Math.max(0, (cnn + COLOUR_WEIGHT * colour) / (1 + COLOUR_WEIGHT)));
}

/** Geometric agreement above this many matches starts to count (a few always agree by chance). */
const MIN_INLIERS = 4;
/** Inliers (beyond MIN_INLIERS) at which a verified match has closed half the gap to a similarity of 1. */
const HALF_GAP_INLIERS = 20;

/** The similarity after geometric verification: raised toward 1 by the agreeing matches, never past it. */
export function verifiedSimilarity(similarity: number, inliers: number): number {
  const extra = Math.max(0, inliers - MIN_INLIERS);
  return similarity + (1 - similarity) * (extra / (extra + HALF_GAP_INLIERS));
}

export type Candidate = { productId: number; imageUrl: string; similarity: number };

export type QueryVectors = { cnn: Float32Array; colour: Float32Array };

class GrowableFloat32 {
  data = new Float32Array(64);
  set(i: number, v: number) {
    if (i >= this.data.length) {
      const next = new Float32Array(Math.max(i + 1, this.data.length * 2));
      next.set(this.data);
      this.data = next;
    }
    this.data[i] = v;
  }
}

const keyOf = (productId: number, imageUrl: string) => `${productId}\u0000${imageUrl}`;

export class VisualIndex {
  private readonly cnn = new ByteMatrix(CNN_DIMS);
  private readonly colour = new ByteMatrix(COLOUR_DIMS);
  private readonly cnnScale = new GrowableFloat32();
  private readonly colourScale = new GrowableFloat32();
  /** Row → product id and image URL (moved together with the rows on removal). */
  private owners: number[] = [];
  private urls: string[] = [];
  private readonly rowOf = new Map<string, number>();
  private readonly imagesOf = new Map<number, Set<string>>();

  get size(): number {
    return this.owners.length;
  }

  /** Bytes held by the vectors (wasm memory and scales), for the memory report. */
  get bytes(): number {
    return this.cnn.bytes + this.colour.bytes + this.cnnScale.data.byteLength + this.colourScale.data.byteLength;
  }

  has(productId: number, imageUrl: string): boolean {
    return this.rowOf.has(keyOf(productId, imageUrl));
  }

  put(productId: number, imageUrl: string, v: ImageVectors): void {
    const key = keyOf(productId, imageUrl);
    const existing = this.rowOf.get(key);
    if (existing !== undefined) this.removeRow(existing);
    const row = this.cnn.push(v.cnn.bytes);
    this.colour.push(v.colour.bytes);
    this.cnnScale.set(row, v.cnn.scale);
    this.colourScale.set(row, v.colour.scale);
    this.owners[row] = productId;
    this.urls[row] = imageUrl;
    this.rowOf.set(key, row);
    let set = this.imagesOf.get(productId);
    if (!set) this.imagesOf.set(productId, (set = new Set()));
    set.add(imageUrl);
  }

  /** Drops a product's images, or only those not listed in `keep`. */
  remove(productId: number, keep: readonly string[] = []): void {
    const set = this.imagesOf.get(productId);
    if (!set) return;
    for (const url of [...set]) {
      if (keep.includes(url)) continue;
      const row = this.rowOf.get(keyOf(productId, url));
      if (row !== undefined) this.removeRow(row);
    }
  }

  private removeRow(row: number): void {
    const productId = this.owners[row]!;
    const url = this.urls[row]!;
    this.rowOf.delete(keyOf(productId, url));
    const set = this.imagesOf.get(productId);
    set?.delete(url);
    if (set && set.size === 0) this.imagesOf.delete(productId);
    const last = this.owners.length - 1;
    this.cnn.swapRemove(row);
    this.colour.swapRemove(row);
    if (row !== last) {
      this.cnnScale.data[row] = this.cnnScale.data[last]!;
      this.colourScale.data[row] = this.colourScale.data[last]!;
      this.owners[row] = this.owners[last]!;
      this.urls[row] = this.urls[last]!;
      this.rowOf.set(keyOf(this.owners[row]!, this.urls[row]!), row);
    }
    this.owners.pop();
    this.urls.pop();
  }

  /** Similarity of every row to the query (network and colour fused). */
  scores(q: QueryVectors): Float32Array {
    const rows = this.size;
    const out = new Float32Array(rows);
    if (rows === 0) return out;
    const a = this.cnn.dotAll(q.cnn);
    const b = this.colour.dotAll(q.colour);
    const cs = this.cnnScale.data;
    const ks = this.colourScale.data;
    for (let r = 0; r < rows; r++) out[r] = fuseSimilarity(a.sums[r]! * a.scale * cs[r]!, b.sums[r]! * b.scale * ks[r]!);
    return out;
  }

  /**
   * The `k` products most similar to the query (each by its best image), best first, with the mean and standard
   * deviation of the similarity over every indexed image: how far the best stands out from the crowd tells a real
   * match from a picture that is merely as close to everything as to anything (noise, an unrelated photo).
   */
  search(q: QueryVectors, k: number): { candidates: Candidate[]; mean: number; sd: number } {
    const scores = this.scores(q);
    let sum = 0;
    let sumSq = 0;
    for (const s of scores) {
      sum += s;
      sumSq += s * s;
    }
    const n = scores.length;
    const mean = n ? sum / n : 0;
    const sd = n ? Math.sqrt(Math.max(0, sumSq / n - mean * mean)) : 0;
    // take the best rows, a few per wanted product, until k distinct products are covered
    for (let want = k * 3; ; want *= 2) {
      const rows = topRows(scores, Math.min(want, n));
      const seen = new Set<number>();
      const candidates: Candidate[] = [];
      for (const r of rows) {
        const productId = this.owners[r]!;
        if (seen.has(productId)) continue;
        seen.add(productId);
        candidates.push({ productId, imageUrl: this.urls[r]!, similarity: scores[r]! });
        if (candidates.length === k) break;
      }
      if (candidates.length === k || rows.length === n) return { candidates, mean, sd };
    }
  }
}

/** Indices of the `m` highest scores, highest first (ties: lower row first), without sorting them all. */
export function topRows(scores: Float32Array, m: number): number[] {
  if (m <= 0) return [];
  const idx: number[] = [];
  const val: number[] = [];
  for (let r = 0; r < scores.length; r++) {
    const s = scores[r]!;
    if (idx.length === m && s <= val[m - 1]!) continue;
    // insertion into the short sorted list
    let at = idx.length === m ? m - 1 : idx.length;
    while (at > 0 && val[at - 1]! < s) at--;
    idx.splice(at, 0, r);
    val.splice(at, 0, s);
    if (idx.length > m) {
      idx.pop();
      val.pop();
    }
  }
  return idx;
}
