/**
 * In-memory nearest-neighbour index over unit vectors (cosine = dot product), fed from image_features.
 * Each product may hold several images and each image several views; a product's similarity to a query is its best
 * pair (query view × stored view). Stored vectors are packed into one Int8Array (components of unit vectors
 * quantised to 1/127: a quarter of the memory of floats, cosine error under 0.01), rebuilt lazily after changes,
 * so a search is a single tight scan.
 */
export type Neighbour = { productId: number; similarity: number };

type Entry = { productId: number; key: string; views: Float32Array[] };

export class VectorIndex {
  private readonly entries = new Map<string, Entry>();
  private packed: { matrix: Int8Array; owners: Int32Array } | null = null;

  constructor(readonly dims: number) {}

  get size(): number {
    return this.entries.size;
  }

  /** Products with at least one image indexed. */
  productIds(): Set<number> {
    return new Set([...this.entries.values()].map((e) => e.productId));
  }

  put(productId: number, key: string, views: Float32Array[]): void {
    for (const v of views) if (v.length !== this.dims) throw new Error(`descriptor has ${v.length} dims, index expects ${this.dims}`);
    this.entries.set(`${productId}\u0000${key}`, { productId, key, views });
    this.packed = null;
  }

  /** Drops a product's images, or only those not listed in `keep` (images removed from the product). */
  remove(productId: number, keep: string[] = []): void {
    for (const [id, e] of this.entries) {
      if (e.productId === productId && !keep.includes(e.key)) this.entries.delete(id);
    }
    this.packed = null;
  }

  private pack() {
    if (this.packed) return this.packed;
    let rows = 0;
    for (const e of this.entries.values()) rows += e.views.length;
    const matrix = new Int8Array(rows * this.dims);
    const owners = new Int32Array(rows);
    let r = 0;
    for (const e of this.entries.values()) {
      for (const v of e.views) {
        const base = r * this.dims;
        for (let i = 0; i < v.length; i++) matrix[base + i] = Math.round(Math.max(-1, Math.min(1, v[i]!)) * 127);
        owners[r++] = e.productId;
      }
    }
    this.packed = { matrix, owners };
    return this.packed;
  }

  /** Best `k` products for the query views, highest similarity first. */
  search(queryViews: Float32Array[], k: number): Neighbour[] {
    const { matrix, owners } = this.pack();
    const d = this.dims;
    const best = new Map<number, number>();
    const rows = owners.length;
    // query views are taken four at a time so each stored row is read once per group (the scan is memory-bound)
    for (let g = 0; g < queryViews.length; g += 4) {
      const q0 = queryViews[g]!;
      const q1 = queryViews[g + 1] ?? q0;
      const q2 = queryViews[g + 2] ?? q0;
      const q3 = queryViews[g + 3] ?? q0;
      for (let r = 0; r < rows; r++) {
        const base = r * d;
        let a0 = 0, a1 = 0, a2 = 0, a3 = 0;
        for (let i = 0; i < d; i++) {
          const m = matrix[base + i]!;
          a0 += m * q0[i]!;
          a1 += m * q1[i]!;
          a2 += m * q2[i]!;
          a3 += m * q3[i]!;
        }
        const top = Math.max(a0, a1, a2, a3) / 127;
        const owner = owners[r]!;
        const prev = best.get(owner);
        if (prev === undefined || top > prev) best.set(owner, top);
      }
    }
    return [...best.entries()]
      .map(([productId, similarity]) => ({ productId, similarity }))
      .sort((a, b) => b.similarity - a.similarity || a.productId - b.productId)
      .slice(0, k);
  }
}
