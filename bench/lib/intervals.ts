// Uncertainty of accuracy figures measured on a few hundred queries: a dev set of 296 photos moves top-1 by a few
// points between equally good methods, so every figure is reported with a 95 % interval.
import { seededRng } from './image-transforms.js';

const Z95 = 1.959964;

/** Wilson score interval (95 %) of a proportion of `k` successes in `n` trials; [0, 0] when n = 0. */
export function wilson(k: number, n: number): [number, number] {
  if (n === 0) return [0, 0];
  const p = k / n;
  const z2 = Z95 * Z95;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (Z95 * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / (1 + z2 / n);
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

/**
 * Paired bootstrap (95 % percentile interval) of mean(a) − mean(b) for per-query outcomes of two methods on the same
 * queries (1 = hit, 0 = miss). Deterministic for a seed.
 */
export function pairedBootstrapDiff(a: number[], b: number[], rounds = 2000, seed = 17): [number, number] {
  if (a.length !== b.length) throw new Error('paired outcomes must have the same length');
  const n = a.length;
  if (n === 0) return [0, 0];
  const rng = seededRng(seed);
  const diffs: number[] = [];
  for (let r = 0; r < rounds; r++) {
    let s = 0;
    for (let i = 0; i < n; i++) {
      const j = Math.floor(rng() * n);
      s += a[j]! - b[j]!;
    }
    diffs.push(s / n);
  }
  diffs.sort((x, y) => x - y);
  return [diffs[Math.floor(rounds * 0.025)]!, diffs[Math.min(rounds - 1, Math.floor(rounds * 0.975))]!];
}
