import { afterAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { createVisualWorker, WorkerDecodeError } from './visual-worker.js';
import { seededRng } from '../../../../../bench/lib/image-transforms.js';

const word = (rng: () => number) => Array.from({ length: 5 }, () => String.fromCharCode(65 + Math.floor(rng() * 26))).join('');

/** A busy, printed-packaging-like picture: many shapes and words, so it has plenty of corner keypoints. */
function packagingSvg(seed: number): string {
  const rng = seededRng(seed);
  let shapes = '';
  for (let i = 0; i < 40; i++) {
    const x = Math.round(rng() * 360), y = Math.round(rng() * 360);
    const hue = Math.round(rng() * 360);
    shapes += i % 2
      ? `<rect x="${x}" y="${y}" width="${10 + Math.round(rng() * 40)}" height="${10 + Math.round(rng() * 40)}" fill="hsl(${hue},70%,45%)"/>`
      : `<text x="${x}" y="${y}" font-size="${14 + Math.round(rng() * 18)}" font-family="sans-serif" fill="hsl(${hue},60%,25%)">${word(rng)}</text>`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><rect width="400" height="400" fill="#f4f1ea"/>${shapes}</svg>`;
}
const picture = (seed: number) => sharp(Buffer.from(packagingSvg(seed))).png().toBuffer();
const own = (b: Buffer) => new Uint8Array(b);

describe('inference worker', () => {
  const worker = createVisualWorker();
  afterAll(() => worker.close());

  it('describes, indexes, searches and verifies geometry off the main thread', async () => {
    await worker.ready();
    const a = await worker.call('describe', { bytes: own(await picture(1)) });
    const b = await worker.call('describe', { bytes: own(await picture(2)) });
    expect(a.vector.length).toBe(b.vector.length);
    await worker.call('put', { entries: [{ productId: 1, imageUrl: 'a.png', vector: a.vector }, { productId: 2, imageUrl: 'b.png', vector: b.vector }] });

    // a shopper's photo of picture 1: rotated, cropped, scaled, recompressed
    const photo = await sharp(await picture(1)).rotate(12, { background: '#808080' }).extract({ left: 40, top: 50, width: 380, height: 360 }).resize(300).jpeg({ quality: 80 }).toBuffer();
    const found = await worker.call('search', { bytes: own(photo), shortlist: 2 });
    expect(found.candidates.map((c) => c.productId)).toEqual([1, 2]);
    const verified = await worker.call('verify', {
      keypoints: found.keypoints,
      candidates: found.candidates.map((c) => ({ ...c, keypoints: c.productId === 1 ? a.keypoints : b.keypoints })),
    });
    const [one, two] = verified.candidates;
    // the same packaging agrees under one homography; another one does not
    expect(one!.inliers).toBeGreaterThan(25);
    expect(two!.inliers).toBeLessThan(10);
    expect(one!.similarity).toBeGreaterThan(found.candidates[0]!.similarity);
    expect(one!.similarity).toBeLessThan(1);
    expect((await worker.call('stats', {})).images).toBe(2);
    // a guard against a hang, not a speed check: loading the model in a worker thread and four inferences ran past
    // 30 s on PostgreSQL's run beside three journey lanes on a 2-core machine at half its speed (2026-11-30)
  }, 120_000);

  it('says when bytes are not a readable picture', async () => {
    const truncated = (await picture(3)).subarray(0, 100);
    await expect(worker.call('describe', { bytes: own(truncated) })).rejects.toBeInstanceOf(WorkerDecodeError);
    // and keeps working afterwards
    await expect(worker.call('remove', { productId: 2, keep: [] })).resolves.toEqual({ images: 1 });
  });
});

describe('inference worker lifetime', () => {
  const until = async (cond: () => boolean, what: string) => {
    // polls, never asserts on time: the idle period is short, the bound only stops a hung test
    for (let i = 0; i < 400 && !cond(); i++) await new Promise((r) => setTimeout(r, 50));
    if (!cond()) throw new Error(`timed out waiting for: ${what}`);
  };

  it('stops an idle worker, says why, and starts a new one on the next call', async () => {
    const worker = createVisualWorker({ idleMs: 150 });
    const reasons: string[] = [];
    worker.onRestart((reason) => reasons.push(reason));
    try {
      expect(worker.started).toBe(false);
      await worker.call('put', { entries: [] });
      expect(worker.started).toBe(true);
      await until(() => !worker.started, 'the idle worker to stop');
      expect(worker.idleExits).toBe(1);
      expect(reasons).toEqual(['idle']);
      // a new worker answers, with an empty index: its owner refills it (image-search.service's load)
      await expect(worker.call('stats', {})).resolves.toMatchObject({ images: 0 });
      expect(worker.started).toBe(true);
    } finally {
      await worker.close();
    }
  });

  it('keeps a worker that is given work before its idle period ends, and never stops one with idleMs 0', async () => {
    const busy = createVisualWorker({ idleMs: 2000 });
    const kept = createVisualWorker({ idleMs: 0 });
    try {
      await kept.call('stats', {});
      for (let i = 0; i < 6; i++) {
        await busy.call('put', { entries: [] });
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(busy.idleExits).toBe(0);
      await until(() => !busy.started, 'the busy worker to stop once idle');
      expect(kept.started).toBe(true);
      expect(kept.idleExits).toBe(0);
    } finally {
      await busy.close();
      await kept.close();
    }
  });
});
