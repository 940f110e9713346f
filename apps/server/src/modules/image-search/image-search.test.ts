import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { MSG } from '@souq/shared/messages';
import { call, createTestApp, type TestContext } from '../../../test/harness.js';
import { cropImage, brightnessImage, jpegImage, noiseImage, rotateImage, seededRng, backgroundImage } from '../../../../../bench/lib/image-transforms.js';
import { decodeImage, findObjectBox, souqEmbedder } from './descriptor.js';
import { VectorIndex } from './vector-index.js';
import { similarityScore } from './image-search.service.js';

/** Product-like pictures: a distinct shape and palette on a light background, as the demo catalogue's are. */
function productSvg(i: number): string {
  const hue = (i * 47) % 360;
  const bg = `hsl(${(hue + 180) % 360},35%,93%)`;
  const main = `hsl(${hue},65%,45%)`;
  const accent = `hsl(${(hue + 150) % 360},70%,35%)`;
  const shapes = [
    `<circle cx="200" cy="200" r="120" fill="${main}"/><circle cx="200" cy="200" r="55" fill="${accent}"/>`,
    `<rect x="110" y="60" width="180" height="280" rx="30" fill="${main}"/><rect x="150" y="100" width="100" height="60" fill="${accent}"/>`,
    `<path d="M60 280 L140 150 L260 170 L340 280 Z" fill="${main}"/><rect x="60" y="280" width="280" height="30" fill="${accent}"/>`,
    `<polygon points="200,50 350,330 50,330" fill="${main}"/><circle cx="200" cy="250" r="40" fill="${accent}"/>`,
  ];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><rect width="400" height="400" fill="${bg}"/>${shapes[i % shapes.length]}</svg>`;
}
const productPicture = (i: number) => sharp(Buffer.from(productSvg(i))).webp({ quality: 85 }).toBuffer();
const b64 = (buf: Buffer) => buf.toString('base64');

describe('image descriptor', () => {
  it('finds the object on a plain background and gives unit-length views', async () => {
    const img = await decodeImage(await productPicture(0));
    const box = findObjectBox(img);
    expect(box).not.toBeNull();
    // the circle spans 80..320 of 400 px: about 20 %..80 % of the side
    expect(box!.x0 / img.width).toBeGreaterThan(0.15);
    expect(box!.x1 / img.width).toBeLessThan(0.85);
    for (const v of souqEmbedder.describeCatalogue(img)) {
      expect(v.length).toBe(souqEmbedder.dims);
      expect(Math.hypot(...v)).toBeCloseTo(1, 3);
    }
  });

  it('has no object box in noise', async () => {
    expect(findObjectBox(await decodeImage(await noiseImage(200, seededRng(1))))).toBeNull();
  });

  it('ranks the original product first for damaged copies, and a brighter copy above a different product', async () => {
    const index = new VectorIndex(souqEmbedder.dims);
    for (let i = 0; i < 8; i++) index.put(i, 'main', souqEmbedder.describeCatalogue(await decodeImage(await productPicture(i))));
    const rng = seededRng(9);
    for (let i = 0; i < 8; i++) {
      const original = await productPicture(i);
      for (const damage of [cropImage, rotateImage, brightnessImage, backgroundImage, jpegImage]) {
        const query = await damage(original, rng);
        const [top] = index.search(souqEmbedder.describeQuery(await decodeImage(query)), 3);
        expect(top?.productId, `${damage.name} of product ${i}`).toBe(i);
      }
    }
  });
});

describe('POST /api/image-search', () => {
  let t: TestContext;
  const ids: number[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    const dir = path.join(t.dataDir, 'uploads', 'public', 'test');
    await fs.mkdir(dir, { recursive: true });
    for (let i = 0; i < 12; i++) {
      await fs.writeFile(path.join(dir, `p${i}.webp`), await productPicture(i));
      const row = await t.app.services.catalogue.createProduct({
        name: `Picture product ${i}`,
        priceCents: 1000 + i,
        categories: ['home'],
        images: [`/media/uploads/test/p${i}.webp`],
      });
      ids.push(row.id);
    }
    // product.changed indexes each product in the background; the start-up backfill must finish the job either way
    await t.app.services.imageSearch.ensureIndexed();
    for (const id of ids) await t.app.services.imageSearch.indexProduct(id);
  });
  afterAll(() => t.close());

  it('stores descriptors in image_features for every product image', async () => {
    const rows = await t.database.query<{ n: number }>(
      'select count(*)::int as n from image_features where model = $1 and vector is not null and keypoints is not null',
      [t.app.services.imageSearch.model],
    );
    expect(rows[0]!.n).toBe(12);
    expect(t.app.services.imageSearch.indexedImages()).toBe(12);
    // a second backfill finds nothing left to do
    expect(await t.app.services.imageSearch.ensureIndexed()).toBe(0);
  });

  it('finds the product first for a cropped, rotated, brightened, recompressed photo of it', async () => {
    const rng = seededRng(3);
    let photo: Buffer = await productPicture(5);
    photo = await cropImage(photo, rng);
    photo = await rotateImage(photo, rng);
    photo = await brightnessImage(photo, rng);
    photo = await jpegImage(photo, rng);
    const res = await call(t.app, { method: 'POST', url: '/api/image-search', body: { image: `data:image/jpeg;base64,${b64(photo)}`, imageType: 'image/jpeg' } });
    expect(res.status).toBe(200);
    expect(res.json.products[0]).toMatchObject({ id: ids[5], name: 'Picture product 5', price: 10.05, category: 'home' });
    // the shown match is a chance that falls with rank (docs/decisions/0083)
    for (const p of res.json.products) expect(p.similarity).toBeLessThanOrEqual(res.json.products[0].similarity);
    expect(res.json.products[0].images).toEqual(['/media/uploads/test/p5.webp']);
  });

  it('makes a newly saved product image searchable, and follows a replaced image', async () => {
    const dir = path.join(t.dataDir, 'uploads', 'public', 'test');
    await fs.writeFile(path.join(dir, 'new.webp'), await productPicture(21));
    await fs.writeFile(path.join(dir, 'other.webp'), await productPicture(26));
    const photoOf = async (i: number) => b64(await jpegImage(await cropImage(await productPicture(i), seededRng(i)), seededRng(i + 1)));
    const search = async (i: number) =>
      (await call(t.app, { method: 'POST', url: '/api/image-search', body: { image: await photoOf(i) } })).json.products.map((p: { id: number }) => p.id);

    // saved through the catalogue: its product.changed event describes the picture (indexProduct waits for that work)
    const row = await t.app.services.catalogue.createProduct({ name: 'Fresh arrival', priceCents: 2500, categories: ['home'], images: ['/media/uploads/test/new.webp'] });
    await t.app.services.imageSearch.indexProduct(row.id);
    expect((await search(21))[0]).toBe(row.id);

    // the vendor swaps the picture: a photo of the old one no longer finds this product first, one of the new does
    await t.app.services.catalogue.updateProduct(row.id, { images: ['/media/uploads/test/other.webp'] });
    await t.app.services.imageSearch.indexProduct(row.id);
    expect((await search(21))[0]).not.toBe(row.id);
    expect((await search(26))[0]).toBe(row.id);
    const stored = await t.database.query<{ image_url: string }>('select image_url from image_features where product_id = $1', [row.id]);
    expect(stored.map((r) => r.image_url)).toEqual(['/media/uploads/test/other.webp']);
  });

  it('describes one saved image on request (indexProductImage) for code that must wait for it', async () => {
    const dir = path.join(t.dataDir, 'uploads', 'public', 'test');
    await fs.writeFile(path.join(dir, 'explicit.webp'), await productPicture(31));
    const row = await t.app.services.catalogue.createProduct({ name: 'Explicit', priceCents: 900, categories: ['home'], images: ['/media/uploads/test/explicit.webp'] });
    await t.app.services.imageSearch.indexProductImage(row.id, '/media/uploads/test/explicit.webp');
    const res = await call(t.app, { method: 'POST', url: '/api/image-search', body: { image: b64(await jpegImage(await productPicture(31), seededRng(8))) } });
    expect(res.json.products[0].id).toBe(row.id);
  });

  it('keeps answering after the inference worker stops: a new one reloads the index from image_features', async () => {
    await t.app.services.imageSearch.close();
    const photo = await jpegImage(await productPicture(3), seededRng(12));
    const res = await call(t.app, { method: 'POST', url: '/api/image-search', body: { image: b64(photo) } });
    expect(res.status).toBe(200);
    expect(res.json.products[0].id).toBe(ids[3]);
  });

  it('scores stay within 0..1, also for the very image of a product', async () => {
    for (const i of [0, 1, 2, 3, 5, 8]) {
      const res = await call(t.app, { method: 'POST', url: '/api/image-search', body: { image: b64(await productPicture(i)), imageType: 'image/webp' } });
      expect(res.json.products[0].id).toBe(ids[i]);
      for (const p of res.json.products) {
        expect(p.similarity).toBeGreaterThanOrEqual(0);
        expect(p.similarity).toBeLessThanOrEqual(1);
      }
    }
    expect([similarityScore(1.0034), similarityScore(-0.2), similarityScore(0.71249)]).toEqual([1, 0, 0.712]);
  });

  it('answers no products for an unrelated random-noise image', async () => {
    const noise = await noiseImage(320, seededRng(11));
    const res = await call(t.app, { method: 'POST', url: '/api/image-search', body: { image: b64(noise), imageType: 'image/png' } });
    expect(res.status).toBe(200);
    expect(res.json.products).toEqual([]);
  });

  it('forgets a deleted product', async () => {
    const photo = await jpegImage(await productPicture(7), seededRng(4));
    await t.app.services.catalogue.deleteProduct(ids[7]!);
    const res = await call(t.app, { method: 'POST', url: '/api/image-search', body: { image: b64(photo) } });
    expect(res.status).toBe(200);
    expect(res.json.products.map((p: { id: number }) => p.id)).not.toContain(ids[7]);
  });

  it('trusts the bytes, not the declared type', async () => {
    const png = await sharp(await productPicture(2)).png().toBuffer();
    const ok = await call(t.app, { method: 'POST', url: '/api/image-search', body: { image: b64(png), imageType: 'application/pdf' } });
    expect(ok.status).toBe(200);
    expect(ok.json.products[0].id).toBe(ids[2]);
    const text = Buffer.from('just some text, not a picture at all');
    const bad = await call(t.app, { method: 'POST', url: '/api/image-search', body: { image: b64(text), imageType: 'image/png' } });
    expect(bad.status).toBe(415);
    expect(bad.json.error).toBe(MSG.imageInvalid);
    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(200, 32)]);
    const pdfRes = await call(t.app, { method: 'POST', url: '/api/image-search', body: { image: b64(pdf), imageType: 'image/jpeg' } });
    expect(pdfRes.status).toBe(415);
    expect(pdfRes.json.error).toBe(MSG.imageInvalid);
  });

  it('refuses images over 5 MB with the spec message, even when the body exceeds the app-wide limit', async () => {
    const pngHeader = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const justOver = Buffer.concat([pngHeader, Buffer.alloc(5 * 1024 * 1024 + 1 - pngHeader.length, 7)]);
    const a = await call(t.app, { method: 'POST', url: '/api/image-search', body: { image: b64(justOver), imageType: 'image/png' } });
    expect(a.status, a.body).toBe(413);
    expect(a.json.error).toBe(MSG.imageTooLarge);
    // 7 MB of image is over 9 MB of base64: beyond the app's 8 MB JSON limit
    const big = Buffer.concat([pngHeader, Buffer.alloc(7 * 1024 * 1024, 7)]);
    const b = await call(t.app, { method: 'POST', url: '/api/image-search', body: { image: b64(big), imageType: 'image/png' } });
    expect(b.status).toBe(413);
    expect(b.json.error).toBe(MSG.imageTooLarge);
    // far beyond the route's own limit, still the same words
    const huge = 'A'.repeat(17 * 1024 * 1024);
    const c = await call(t.app, { method: 'POST', url: '/api/image-search', body: { image: huge } });
    expect(c.status).toBe(413);
    expect(c.json.error).toBe(MSG.imageTooLarge);
  });

  it('says a damaged image cannot be read', async () => {
    const jpeg = await jpegImage(await productPicture(1), seededRng(5));
    const truncated = jpeg.subarray(0, 200);
    const res = await call(t.app, { method: 'POST', url: '/api/image-search', body: { image: b64(truncated), imageType: 'image/jpeg' } });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe(MSG.imageCorrupt);
    const notBase64 = await call(t.app, { method: 'POST', url: '/api/image-search', body: { image: 'data:image/png;base64,%%%***' } });
    expect(notBase64.status).toBe(400);
    expect(notBase64.json.error).toBe(MSG.imageCorrupt);
  });

  it('asks for an image when none is sent', async () => {
    const res = await call(t.app, { method: 'POST', url: '/api/image-search', body: { image: '' } });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.json)).toContain(MSG.imageRequired);
  });
});
