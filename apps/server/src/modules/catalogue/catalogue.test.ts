import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@souq/shared/messages';
import { productSchema } from '@souq/shared/api/catalogue';
import { call, createTestApp, type TestContext } from '../../../test/harness.js';
import { CATALOGUE_ASSETS_DIR, resolveMediaPath } from '../../platform/media.js';
import type { ProductInput } from './product-values.js';

let t: TestContext;
const ids: Record<string, number> = {};
const base = Date.parse('2025-01-01T00:00:00Z');

beforeAll(async () => {
  t = await createTestApp();
  const make = async (key: string, input: Partial<ProductInput> & { name: string }, minutes: number) => {
    const row = await t.app.services.catalogue.createProduct({ priceCents: 1000, stock: 5, createdAt: new Date(base + minutes * 60_000), ...input });
    ids[key] = row.id;
  };
  await make('phone', { name: 'Test Phone One', brand: 'Nova', categories: ['Smartphones', 'Electronics'], priceCents: 99_900, stock: 3, images: ['/media/catalogue/x.webp'], badge: 'New', rating: 4.5, bulletPoints: ['A', 'B'], description: 'A phone. It calls.', dimLength: 15, dimWidth: 7, dimHeight: 1 }, 1);
  await make('shoe', { name: 'Test Running Shoe', brand: 'Velocity', categories: ['Sports'], priceCents: 4_500, stock: 0 }, 2);
  await make('book', { name: 'Test Book', brand: 'Penguin', categories: ['Books'], priceCents: 2_000, shortDescription: 'A stored short one.', description: 'Not this. Nor this.', tags: ['paper'], keywords: ['novel'] }, 3);
  await make('hidden', { name: 'Test Hidden Item', brand: 'Nova', categories: ['Smartphones'], status: 'draft' }, 4);
  await t.app.services.catalogue.createShelf({ slug: 'test-shelf', title: 'Test Shelf', position: 0, productIds: [ids.book!, ids.hidden!, ids.phone!] });
  await t.app.services.catalogue.createShelf({ slug: 'second-shelf', title: 'Second Shelf', position: 1, productIds: [ids.shoe!] });
});
afterAll(() => t.close());

const list = (qs = '') => call(t.app, { url: `/api/products${qs}` });
const names = (res: { json: { name: string }[] }) => res.json.map((p) => p.name);

describe('GET /api/products', () => {
  it('lists active products only, newest first, with X-Total-Count', async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(names(res)).toEqual(['Test Book', 'Test Running Shoe', 'Test Phone One']);
    expect(res.headers['x-total-count']).toBe('3');
    for (const p of res.json) expect(productSchema.safeParse(p).success).toBe(true);
  });

  it('is bounded by limit and offset', async () => {
    const page = await list('?limit=1&offset=1');
    expect(names(page)).toEqual(['Test Running Shoe']);
    expect(page.headers['x-total-count']).toBe('3');
    expect((await list('?limit=0')).status).toBe(400);
    expect((await list('?limit=201')).status).toBe(400);
    expect((await list('?offset=-1')).status).toBe(400);
  });

  it('keeps X-Total-Count right as products come and go', async () => {
    const total = async () => Number((await list('?category=Gadgets')).headers['x-total-count']);
    expect(await total()).toBe(0);
    const row = await t.app.services.catalogue.createProduct({ name: 'Counted Gadget', priceCents: 500, categories: ['Gadgets'] });
    expect(await total()).toBe(1);
    expect((await call(t.app, { url: `/api/products/${row.id}` })).status).toBe(200);
    await t.app.services.catalogue.updateProduct(row.id, { status: 'archived' });
    expect(await total()).toBe(0);
    expect((await call(t.app, { url: `/api/products/${row.id}` })).status).toBe(404);
    await t.app.services.catalogue.deleteProduct(row.id);
    expect(await total()).toBe(0);
  });

  it('filters by category (any, case-insensitive), brand, price and stock', async () => {
    expect(names(await list('?category=electronics'))).toEqual(['Test Phone One']);
    expect(names(await list('?category=SMARTPHONES'))).toEqual(['Test Phone One']);
    expect(names(await list('?brand=velocity'))).toEqual(['Test Running Shoe']);
    expect(names(await list('?min_price=20&max_price=100'))).toEqual(['Test Book', 'Test Running Shoe']);
    expect(names(await list('?in_stock=true'))).toEqual(['Test Book', 'Test Phone One']);
    expect(names(await list('?in_stock=false'))).toEqual(['Test Running Shoe']);
    expect((await list('?category=books')).headers['x-total-count']).toBe('1');
  });

  it('reads products the way the storefront does (both naming styles)', async () => {
    const res = await call(t.app, { url: `/api/products/${ids.phone}` });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      id: ids.phone, name: 'Test Phone One', slug: 'test-phone-one', price: 999, price_cents: 99_900, category: 'Smartphones',
      stock: 3, stock_quantity: 3, image: '/media/catalogue/x.webp', imageUrl: '/media/catalogue/x.webp', is_active: true,
      short_description: 'A phone.', dimensions: '15 x 7 x 1 cm', badge: 'New', embed_id: null,
    });
  });
});

describe('GET /api/products/:id', () => {
  it('answers 404 JSON for a missing or inactive product', async () => {
    for (const id of [999_999, ids.hidden]) {
      const res = await call(t.app, { url: `/api/products/${id}` });
      expect(res.status).toBe(404);
      expect(res.json).toEqual({ error: MSG.productNotFound });
    }
    expect((await call(t.app, { url: '/api/products/abc' })).status).toBe(400);
  });
});

describe('GET /api/shelves', () => {
  it('lists shelves in order with their active items (id, title, Arabic title, price, image, rating, badge)', async () => {
    const res = await call(t.app, { url: '/api/shelves' });
    expect(res.status).toBe(200);
    expect(res.json.map((s: { slug: string }) => s.slug)).toEqual(['test-shelf', 'second-shelf']);
    expect(res.json[0].items).toEqual([
      { id: ids.book, title: 'Test Book', title_ar: '', price: 20, image: null, rating: null, review_count: 0, badge: null, badge_ar: '' },
      { id: ids.phone, title: 'Test Phone One', title_ar: '', price: 999, image: '/media/catalogue/x.webp', rating: 4.5, review_count: 0, badge: 'New', badge_ar: '' },
    ]);
  });
});

describe('catalogue service', () => {
  it('gives a free slug when names repeat, and announces changes', async () => {
    const seen: number[] = [];
    const off = t.app.services.bus.on('product.changed', (e) => void seen.push(e.id));
    const a = await t.app.services.catalogue.createProduct({ name: 'Same Name!', priceCents: 100 });
    const b = await t.app.services.catalogue.createProduct({ name: 'same  name', priceCents: 100 });
    off();
    expect([a.slug, b.slug]).toEqual(['same-name', 'same-name-2']);
    expect(seen).toEqual([a.id, b.id]);
  });

  it('reserves stock with a guard: a short line fails the whole reservation and the transaction rolls back', async () => {
    const a = await t.app.services.catalogue.createProduct({ name: 'Reserve A', priceCents: 100, stock: 5 });
    const b = await t.app.services.catalogue.createProduct({ name: 'Reserve B', priceCents: 100, stock: 2 });
    const attempt = t.database.db.transaction((tx) =>
      t.app.services.catalogue.reserveStock(tx, [{ productId: a.id, quantity: 1 }, { productId: b.id, quantity: 2 }, { productId: b.id, quantity: 1 }]));
    await expect(attempt).rejects.toMatchObject({ status: 409, message: MSG.outOfStock('Reserve B', 2) });
    const rows = await t.database.query<{ stock: number }>('select stock from products where id = any($1::int[]) order by id', [[a.id, b.id]]);
    expect(rows.map((r) => r.stock)).toEqual([5, 2]);
    const ok = await t.database.db.transaction((tx) => t.app.services.catalogue.reserveStock(tx, [{ productId: b.id, quantity: 2 }]));
    expect(ok.get(b.id)).toMatchObject({ stock: 0, priceCents: 100 });
    const back = await t.database.db.transaction((tx) => t.app.services.catalogue.releaseStock(tx, [{ productId: b.id, quantity: 1 }, { productId: b.id, quantity: 1 }]));
    expect(back).toEqual([{ id: b.id, stock: 2 }]);
  });

  it('returns products by ids in the order asked, leaving out unknown and inactive ones', async () => {
    const got = await t.app.services.catalogue.getProductsByIds([ids.book!, 424242, ids.hidden!, ids.phone!, ids.book!]);
    expect(got.map((p) => p.id)).toEqual([ids.book, ids.phone]);
  });
});

describe('media', () => {
  it('serves catalogue images with an immutable cache and refuses paths that leave the folder', async () => {
    const file = fs.readdirSync(CATALOGUE_ASSETS_DIR).find((f) => f.endsWith('.webp'))!;
    const ok = await t.app.inject({ url: `/media/catalogue/${file}` });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toBe('image/webp');
    expect(ok.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(ok.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');
    for (const url of ['/media/catalogue/nope.webp', '/media/catalogue/..%2f..%2fseed.ts', '/media/catalogue/%2e%2e/seed.ts', '/media/uploads/x.png']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error).toBe(MSG.routeNotFound);
    }
    expect(resolveMediaPath(`/media/catalogue/${file}`)).toBe(path.join(CATALOGUE_ASSETS_DIR, file));
    expect(resolveMediaPath(`http://shop.example/media/catalogue/${file}?v=1`)).toBe(path.join(CATALOGUE_ASSETS_DIR, file));
    expect(resolveMediaPath('/media/catalogue/../seed.ts')).toBeNull();
    expect(resolveMediaPath('/etc/passwd')).toBeNull();
  });

  it('serves public uploads from the data directory, and only images', async () => {
    const dir = path.join(t.dataDir, 'uploads', 'public', 'products');
    fs.mkdirSync(dir, { recursive: true });
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a0e5b5d50000000049454e44ae426082', 'hex');
    fs.writeFileSync(path.join(dir, 'a.png'), png);
    fs.writeFileSync(path.join(dir, 'notes.txt'), 'secret');
    const res = await t.app.inject({ url: '/media/uploads/products/a.png' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect((await t.app.inject({ url: '/media/uploads/products/notes.txt' })).statusCode).toBe(404);
    expect(t.app.services.media.resolveMediaPath('/media/uploads/products/a.png')).toBe(path.join(dir, 'a.png'));
    expect(await t.app.services.media.read('/media/uploads/products/a.png')).toEqual(png);
  });
});

describe('vendor and admin writes (editProduct, removeProduct)', () => {
  const actor = { userId: null, role: 'vendor' as const, name: 'Vera Vendor', ip: null };
  const auditOf = (id: number) =>
    t.database.query<{ action: string; changes: Record<string, unknown> }>(
      `select action, changes from audit_log where target_type = 'product' and target_id = $1 order by id`, [String(id)]);

  it('edits with one audit entry of the changed fields, scoped to the owner vendor', async () => {
    const row = await t.app.services.catalogue.createProduct({ name: 'Audit Lamp', priceCents: 1500, stock: 4 });
    await expect(t.app.services.catalogue.editProduct(row.id, { priceCents: 1 }, { actor, ownerVendorId: 999_999 })).rejects.toMatchObject({ status: 404 });
    const after = await t.app.services.catalogue.editProduct(row.id, { name: 'Audit Lamp XL', priceCents: 1500, stock: 9 }, { actor });
    expect(after).toMatchObject({ name: 'Audit Lamp XL', stock: 9 });
    expect(await auditOf(row.id)).toEqual([
      { action: 'product.update', changes: { name: { before: 'Audit Lamp', after: 'Audit Lamp XL' }, stock: { before: 4, after: 9 } } },
    ]);
  });

  it('deletes an unsold product and archives a sold one', async () => {
    const unsold = await t.app.services.catalogue.createProduct({ name: 'Never Sold Mug', priceCents: 900, stock: 4 });
    expect(await t.app.services.catalogue.removeProduct(unsold.id, { actor })).toBe('deleted');
    expect((await t.database.query('select id from products where id = $1', [unsold.id])).length).toBe(0);

    const sold = await t.app.services.catalogue.createProduct({ name: 'Sold Mug', priceCents: 900, stock: 4 });
    const order = await call(t.app, {
      method: 'POST', url: '/api/orders',
      body: {
        items: [{ product_id: sold.id, quantity: 1 }], customer_info: { email: 'a@b.test', name: 'A B', phone: null },
        shipping_address: { address: 'x', city: 'Dubai', country: 'UAE', zip: '1' }, billing_address: { address: 'x', city: 'Dubai', country: 'UAE', zip: '1' },
        payment_intent_id: null, notes: '',
      },
    });
    expect(order.status).toBe(201);
    expect(await t.app.services.catalogue.removeProduct(sold.id, { actor })).toBe('archived');
    const [kept] = await t.database.query<{ status: string }>('select status from products where id = $1', [sold.id]);
    expect(kept!.status).toBe('archived');
    expect((await call(t.app, { url: `/api/products/${sold.id}` })).status).toBe(404);
    const [line] = await t.database.query<{ product_id: number; product_name: string }>('select product_id, product_name from order_items where order_id = $1', [order.json.order.id]);
    expect(line).toEqual({ product_id: sold.id, product_name: 'Sold Mug' });
    expect((await auditOf(sold.id)).map((a) => a.action)).toEqual(['product.archive']);
  });
});

describe('catalogue.activeItemFactsAfter (bulk readers: the recommendation model)', () => {
  it('pages through exactly the active products, in id order, by key', async () => {
    const catalogue = t.app.services.catalogue;
    const paged: number[] = [];
    for (let after = 0; ; ) {
      const page = await catalogue.activeItemFactsAfter(after, 2);
      paged.push(...page.map((p) => p.id));
      if (page.length < 2) break;
      after = page[page.length - 1]!.id;
    }
    const listed = (await catalogue.listProducts({ limit: 1000, offset: 0 })).items.map((p) => p.id);
    expect(paged).toEqual([...listed].sort((a, b) => a - b));
    expect(paged).not.toContain(ids.hidden);
    expect(paged).toContain(ids.book);
    expect((await catalogue.activeItemFactsAfter(ids.book!, 1000)).every((p) => p.id > ids.book!)).toBe(true);
  });

  it("reads the same values as the product's DTO (a derived short description too), and only those fields", async () => {
    const catalogue = t.app.services.catalogue;
    const facts = await catalogue.activeItemFactsAfter(0, 1000);
    const dtos = new Map((await catalogue.listProducts({ limit: 1000, offset: 0 })).items.map((p) => [p.id, p]));
    expect(facts.length).toBe(dtos.size);
    for (const f of facts) {
      const p = dtos.get(f.id)!;
      expect(f).toEqual({
        id: p.id, name: p.name, short_description: p.short_description, categories: p.categories, tags: p.tags,
        keywords: p.keywords, brand: p.brand, rating: p.rating, review_count: p.review_count, created_at: p.created_at,
      });
    }
  });
});
