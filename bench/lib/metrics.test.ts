import { describe, expect, it } from 'vitest';
import { dcgAt, ndcgAt, quantile, reciprocalRankAt } from './metrics.js';

const q = (o: Record<string, number>) => new Map(Object.entries(o));

describe('relevance metrics', () => {
  it('DCG uses gain 2^g − 1 and a log2(rank + 1) discount', () => {
    // (7/1) + (3/log2 3) + (0) + (1/log2 5)
    expect(dcgAt([3, 2, 0, 1], 10)).toBeCloseTo(7 + 3 / Math.log2(3) + 1 / Math.log2(5), 10);
    expect(dcgAt([3, 2, 1], 1)).toBe(7);
  });

  it('NDCG is 1 for the ideal order and lower otherwise, with unjudged = 0', () => {
    const rel = q({ a: 3, b: 2, c: 1 });
    expect(ndcgAt(['a', 'b', 'c'], rel)).toBeCloseTo(1, 12);
    // b, x(unjudged), a: DCG = 3 + 0 + 7/2 = 6.5; IDCG = 7 + 3/log2(3) + 1/2
    const idcg = 7 + 3 / Math.log2(3) + 0.5;
    expect(ndcgAt(['b', 'x', 'a'], rel)).toBeCloseTo(6.5 / idcg, 12);
    // only the top k count: the relevant item at rank 3 is cut off at k = 2
    expect(ndcgAt(['x', 'y', 'a'], q({ a: 3 }), 2)).toBe(0);
    expect(ndcgAt(['a'], q({ a: 0 }))).toBeNull();
  });

  it('MRR takes the first result with grade ≥ 1 within the top k', () => {
    expect(reciprocalRankAt(['x', 'a', 'b'], q({ a: 1, b: 3 }))).toBe(0.5);
    expect(reciprocalRankAt(['z', 'y', 'a'], q({ a: 2, z: 0 }))).toBeCloseTo(1 / 3, 12);
    expect(reciprocalRankAt(['x', 'y', 'a'], q({ a: 2 }), 2)).toBe(0);
    expect(reciprocalRankAt([], q({ a: 2 }))).toBe(0);
  });

  it('quantile uses the nearest rank', () => {
    const xs = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    expect(quantile(xs, 0.5)).toBe(5);
    expect(quantile(xs, 0.95)).toBe(10);
    expect(quantile(xs, 0.1)).toBe(1);
    expect(quantile([], 0.5)).toBe(0);
  });
});
