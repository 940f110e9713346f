import sharp from 'sharp';
import { noiseImage, seededRng } from './image-transforms.js';

/**
 * The pieces of image search's "no close matches" evaluation (docs/decisions/0083): which photos tune the rule and
 * which report it, the fit of its line and of the shown match chance, and the degenerate pictures it must refuse.
 */

/** Splits classes into a tuning half and a report half, the same way on every run (seeded shuffle of the sorted names). */
export function splitClasses(classes: Iterable<string>, seed = 23): { tuning: Set<string>; report: Set<string> } {
  const sorted = [...new Set(classes)].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  const rng = seededRng(seed);
  for (let i = sorted.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [sorted[i], sorted[j]] = [sorted[j]!, sorted[i]!];
  }
  const half = Math.ceil(sorted.length / 2);
  return { tuning: new Set(sorted.slice(0, half)), report: new Set(sorted.slice(half)) };
}

/**
 * The highest line that keeps at least `keep` of the given standouts (the photos whose product the search finds):
 * every unrelated photo below it is then answered "no close matches" at that cost.
 */
export function fitMinStandout(foundStandouts: number[], keep = 0.95): number {
  if (!foundStandouts.length) return 0;
  const sorted = [...foundStandouts].sort((a, b) => a - b);
  return sorted[Math.floor((1 - keep) * sorted.length)]!;
}

/** Logistic regression of y on one x (Newton's method, a little ridge so a separable set still converges). */
export function fitLogistic(xs: number[], ys: number[]): { intercept: number; slope: number } {
  let a = 0;
  let b = 0;
  for (let iter = 0; iter < 50; iter++) {
    let ga = 0, gb = 0, haa = 1e-6, hab = 0, hbb = 1e-6;
    for (let i = 0; i < xs.length; i++) {
      const x = xs[i]!;
      const p = 1 / (1 + Math.exp(-(a + b * x)));
      const w = p * (1 - p);
      ga += ys[i]! - p;
      gb += (ys[i]! - p) * x;
      haa += w;
      hab += w * x;
      hbb += w * x * x;
    }
    gb -= 1e-3 * b;
    hbb += 1e-3;
    const det = haa * hbb - hab * hab;
    const da = (hbb * ga - hab * gb) / det;
    const db = (haa * gb - hab * ga) / det;
    a += da;
    b += db;
    if (Math.abs(da) + Math.abs(db) < 1e-9) break;
  }
  return { intercept: a, slope: b };
}

/** Pictures that show no product at all: flat colours (the magenta square among them), noise, a gradient. */
export async function degenerateImages(): Promise<{ name: string; bytes: Buffer }[]> {
  const flat = (hex: string) => sharp({ create: { width: 400, height: 400, channels: 3, background: hex } }).png().toBuffer();
  const out: { name: string; bytes: Buffer }[] = [];
  for (const hex of ['#ff00ff', '#ffffff', '#000000', '#808080', '#ff0000', '#00a000', '#0000ff', '#ffff00', '#00ffff', '#f5deb3']) {
    out.push({ name: `flat ${hex}`, bytes: await flat(hex) });
  }
  for (let k = 0; k < 4; k++) out.push({ name: `noise ${k}`, bytes: await noiseImage(320, seededRng(100 + k)) });
  const gradient = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><defs><linearGradient id="g"><stop offset="0" stop-color="#ff00ff"/><stop offset="1" stop-color="#00ffff"/></linearGradient></defs><rect width="400" height="400" fill="url(#g)"/></svg>`;
  out.push({ name: 'gradient', bytes: await sharp(Buffer.from(gradient)).png().toBuffer() });
  return out;
}
