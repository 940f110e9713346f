import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { call, createTestApp, type TestContext } from '../../../test/harness.js';
import { jpegImage, seededRng } from '../../../../../bench/lib/image-transforms.js';

// The inference worker's lifetime (docs/decisions/0061): not started with the server, started by the first image
// search or the first picture to describe, stopped when idle, and started again on demand with its index reloaded
// from image_features.

function pictureSvg(i: number): string {
  const hue = (i * 67) % 360;
  const shape = i % 2
    ? `<rect x="100" y="70" width="200" height="260" rx="24" fill="hsl(${hue},65%,45%)"/><circle cx="200" cy="160" r="40" fill="hsl(${(hue + 150) % 360},70%,35%)"/>`
    : `<circle cx="200" cy="200" r="125" fill="hsl(${hue},65%,45%)"/><rect x="150" y="150" width="100" height="100" fill="hsl(${(hue + 150) % 360},70%,35%)"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><rect width="400" height="400" fill="hsl(${(hue + 180) % 360},35%,93%)"/>${shape}</svg>`;
}
const picture = (i: number) => sharp(Buffer.from(pictureSvg(i))).webp({ quality: 85 }).toBuffer();
const photoOf = async (i: number) => (await jpegImage(await picture(i), seededRng(i))).toString('base64');

const until = async (cond: () => boolean, what: string) => {
  // polls; the bound only stops a hung test (no timing is asserted)
  for (let i = 0; i < 600 && !cond(); i++) await new Promise((r) => setTimeout(r, 50));
  if (!cond()) throw new Error(`timed out waiting for: ${what}`);
};

describe('image search worker lifetime', { timeout: 180_000 }, () => {
  let t: TestContext;
  let dir: string;
  const ids: number[] = [];

  beforeAll(async () => {
    t = await createTestApp({ imageSearchIdleMs: 1500 });
    dir = path.join(t.dataDir, 'uploads', 'public', 'life');
    await fs.mkdir(dir, { recursive: true });
  });
  afterAll(() => t.close());

  it('starts the server and its start-up backfill without the worker when nothing needs describing', async () => {
    const plain = await t.app.services.catalogue.createProduct({ name: 'No picture', priceCents: 500, categories: ['home'] });
    ids.push(plain.id);
    expect(await t.app.services.imageSearch.start()).toBe(0);
    expect(t.app.services.imageSearch.workerRunning()).toBe(false);
  });

  it('describes a picture saved with a product (worker started for it), then lets the idle worker stop', async () => {
    for (const i of [1, 2, 3]) {
      await fs.writeFile(path.join(dir, `p${i}.webp`), await picture(i));
      const row = await t.app.services.catalogue.createProduct({ name: `Life ${i}`, priceCents: 1000 + i, categories: ['home'], images: [`/media/uploads/life/p${i}.webp`] });
      ids.push(row.id);
      // product.changed describes it in the background once start() ran; indexProduct waits for that work
      await t.app.services.imageSearch.indexProduct(row.id);
    }
    const rows = await t.database.query<{ n: number }>('select count(*)::int as n from image_features where model = $1', [t.app.services.imageSearch.model]);
    expect(rows[0]!.n).toBe(3);
    await until(() => !t.app.services.imageSearch.workerRunning(), 'the idle worker to stop');
  });

  it('answers an image search after the idle stop: a new worker reloads the index from image_features', async () => {
    expect(t.app.services.imageSearch.workerRunning()).toBe(false);
    const res = await call(t.app, { method: 'POST', url: '/api/image-search', body: { image: await photoOf(2) } });
    expect(res.status).toBe(200);
    expect(res.json.products[0].id).toBe(ids[2]);
    expect(t.app.services.imageSearch.indexedImages()).toBe(3);
  });

  it('stays healthy while the worker loads, and the waiting search is answered', async () => {
    await until(() => !t.app.services.imageSearch.workerRunning(), 'the idle worker to stop');
    const searching = call(t.app, { method: 'POST', url: '/api/image-search', body: { image: await photoOf(3) } });
    let searchDone = false;
    void searching.then(() => (searchDone = true));
    const health = await call(t.app, { method: 'GET', url: '/api/health' });
    expect(health.status).toBe(200);
    // the model load takes far longer than a health check; the search is still waiting for it
    expect(searchDone).toBe(false);
    const res = await searching;
    expect(res.status).toBe(200);
    expect(res.json.products[0].id).toBe(ids[3]);
  });

  it('describes a picture saved while the worker is stopped (a new product after idle)', async () => {
    await until(() => !t.app.services.imageSearch.workerRunning(), 'the idle worker to stop');
    await fs.writeFile(path.join(dir, 'p4.webp'), await picture(4));
    const row = await t.app.services.catalogue.createProduct({ name: 'Life 4', priceCents: 1004, categories: ['home'], images: ['/media/uploads/life/p4.webp'] });
    await t.app.services.imageSearch.indexProduct(row.id);
    const res = await call(t.app, { method: 'POST', url: '/api/image-search', body: { image: await photoOf(4) } });
    expect(res.json.products[0].id).toBe(row.id);
  });
});
