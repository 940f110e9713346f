import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@souq/shared/messages';
import { managedProductSchema } from '@souq/shared/api/products';
import { adminToken, call, createTestApp, multipart, signupCustomer, signupVendor, type TestContext } from '../../../test/harness.js';

// The product write API (POST/PUT/DELETE /api/products) and the managed lists, through app.inject on a fresh database.
let t: TestContext;
let vendorA: { token: string; id: number };
let vendorB: { token: string; id: number };
let unverified: { token: string; id: number };
let customer: string;
let admin: string;

const verify = (vendorId: number) => t.database.query('update vendors set is_verified = true where id = $1', [vendorId]);

beforeAll(async () => {
  t = await createTestApp();
  const a = await signupVendor(t.app, 'Alpha Traders');
  const b = await signupVendor(t.app, 'Beta Bazaar');
  const u = await signupVendor(t.app, 'Unverified Goods');
  vendorA = { token: a.token, id: a.vendor.id };
  vendorB = { token: b.token, id: b.vendor.id };
  unverified = { token: u.token, id: u.vendor.id };
  await verify(vendorA.id);
  await verify(vendorB.id);
  customer = (await signupCustomer(t.app)).token;
  admin = await adminToken(t.app, t.config);
});
afterAll(() => t.close());

/** The spec's create payload (vendor §3): name, description, price_cents, image_url, categories, tags, slug. */
const specPayload = (name: string, extra: Record<string, unknown> = {}) => ({
  name, description: `${name} description`, price_cents: 2599, image_url: 'https://images.example.com/a.jpg', categories: ['home'], tags: ['gift'],
  slug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'), ...extra,
});
const create = (token: string, body: unknown) => call(t.app, { method: 'POST', url: '/api/products', token, body });
const update = (token: string, id: number, body: unknown) => call(t.app, { method: 'PUT', url: `/api/products/${id}`, token, body });
const remove = (token: string, id: number) => call(t.app, { method: 'DELETE', url: `/api/products/${id}`, token });
const auditOf = (id: number) =>
  t.database.query<{ action: string; actor_role: string; changes: Record<string, { before: unknown; after: unknown }> }>(
    `select action, actor_role, changes from audit_log where target_type = 'product' and target_id = $1 order by id`, [String(id)]);
const png = (color = '#c00', size = 64) => sharp({ create: { width: size, height: size, channels: 3, background: color } }).png().toBuffer();

async function uploadedObjects(): Promise<string[]> {
  const root = path.join(t.dataDir, 'uploads', 'public');
  return (await fs.readdir(root, { recursive: true }).catch(() => [] as string[])).filter((f) => f.includes('.'));
}

describe('POST /api/products', () => {
  it("accepts the spec's payload; the vendor comes from the session, never from the body", async () => {
    const res = await create(vendorA.token, specPayload('Cedar Serving Board', { vendor_id: vendorB.id }));
    expect(res.status).toBe(201);
    expect(managedProductSchema.safeParse(res.json.product).success).toBe(true);
    expect(res.json.product).toMatchObject({
      id: expect.any(Number), name: 'Cedar Serving Board', price_cents: 2599, price: 25.99, currency: 'AED', status: 'active',
      image_url: 'https://images.example.com/a.jpg', categories: ['home'], tags: ['gift'], slug: 'cedar-serving-board', vendor_id: vendorA.id,
      vendor_name: 'Alpha Traders',
    });
  });

  it('stores every collected field, variants in product_variants, and converts another currency at the configured rate', async () => {
    const res = await create(vendorA.token, {
      name: 'Trail Jacket', description: 'Light rain jacket.', bullet_points: ['Waterproof', 'Packable'], price_cents: 10_000, currency: 'USD',
      compare_at_price_cents: 12_000, stock_quantity: 12, images: ['https://images.example.com/j1.jpg', 'https://images.example.com/j2.jpg'],
      categories: ['clothing'], tags: ['outdoor', 'rain'], keywords: ['jacket', 'rain jacket', 'hiking'], ai_tags: ['lightweight'],
      brand: 'Northwind', sku: 'NW-JKT-1', target_audience: 'unisex', seasonality: 'fall', country_of_origin: 'de',
      seo_title: 'Northwind Trail Jacket', meta_description: 'A packable rain jacket.', weight: 0.4, dim_length: 30, dim_width: 20, dim_height: 5,
      variants: [
        { type: 'size', value: 'M', price_adjustment_cents: 0, inventory_quantity: 5, sku_suffix: '-M' },
        { type: 'color', value: 'Red', price_adjustment_cents: 500, inventory_quantity: 7, sku_suffix: '-RED' },
      ],
    });
    expect(res.status).toBe(201);
    const read = await call(t.app, { url: `/api/vendor/products/${res.json.product.id}`, token: vendorA.token });
    expect(read.status).toBe(200);
    expect(read.json).toMatchObject({
      price_cents: 36_725, compare_at_price_cents: 44_070, currency: 'AED', stock_quantity: 12, bullet_points: ['Waterproof', 'Packable'],
      images: ['https://images.example.com/j1.jpg', 'https://images.example.com/j2.jpg'], keywords: ['jacket', 'rain jacket', 'hiking'],
      ai_tags: ['lightweight'], brand: 'Northwind', sku: 'NW-JKT-1', target_audience: 'unisex', seasonality: 'fall', country_of_origin: 'de',
      seo_title: 'Northwind Trail Jacket', meta_description: 'A packable rain jacket.', weight: 0.4, dim_length: 30, dim_width: 20, dim_height: 5,
      dimensions: '30 x 20 x 5 cm',
      variants: [
        { type: 'size', value: 'M', price_adjustment_cents: 0, inventory_quantity: 5, sku_suffix: '-M' },
        { type: 'color', value: 'Red', price_adjustment_cents: 1836, inventory_quantity: 7, sku_suffix: '-RED' },
      ],
    });
    const [rows] = await t.database.query<{ n: number }>('select count(*)::int as n from product_variants where product_id = $1', [res.json.product.id]);
    expect(rows!.n).toBe(2);
  });

  it('checks the input with the limits of the form', async () => {
    const noName = await create(vendorA.token, { price_cents: 100 });
    expect(noName.status).toBe(400);
    expect(noName.json.fields.name).toBe(MSG.productNameRequired);
    const noPrice = await create(vendorA.token, { name: 'No Price' });
    expect(noPrice.json.fields.price_cents).toBe(MSG.productPriceRequired);
    for (const bad of [
      { seo_title: 's'.repeat(61) }, { meta_description: 'm'.repeat(161) }, { name: 'n'.repeat(201) }, { description: 'd'.repeat(2001) },
      { price_cents: -1 }, { stock_quantity: -1 }, { weight: -0.5 }, { currency: 'JPY' }, { images: ['javascript:alert(1)'] },
      { variants: [{ type: 'flavour', value: 'x', price_adjustment_cents: 0, inventory_quantity: 0, sku_suffix: '' }] },
    ]) {
      expect((await create(vendorA.token, { name: 'Bad', price_cents: 100, ...bad })).status, JSON.stringify(bad)).toBe(400);
    }
  });

  it("keeps an unverified vendor's product as a draft and refuses to put it on sale", async () => {
    const draft = await create(unverified.token, specPayload('Waiting Lamp'));
    expect(draft.status).toBe(201);
    expect(draft.json.product.status).toBe('draft');
    expect((await call(t.app, { url: `/api/products/${draft.json.product.id}` })).status).toBe(404);
    const active = await create(unverified.token, specPayload('Eager Lamp', { status: 'active' }));
    expect(active.status).toBe(403);
    expect(active.json.error).toBe(MSG.vendorNotVerified);
    expect((await update(unverified.token, draft.json.product.id, { status: 'active' })).status).toBe(403);
  });

  it('lets an admin create for the vendor it chooses, and refuses an unknown vendor', async () => {
    const res = await create(admin, specPayload('Admin Made Vase', { vendor_id: vendorB.id, brand: 'Clay', sku: 'CLY-1' }));
    expect(res.status).toBe(201);
    expect(res.json.product).toMatchObject({ vendor_id: vendorB.id, vendor_name: 'Beta Bazaar', brand: 'Clay', sku: 'CLY-1' });
    expect((await create(admin, specPayload('Orphan Vase', { vendor_id: 999_999 }))).status).toBe(422);
  });

  it('leaves exactly one audit entry with the created fields', async () => {
    const res = await create(vendorA.token, specPayload('Audited Kettle', { brand: 'Brew' }));
    const entries = await auditOf(res.json.product.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: 'product.create', actor_role: 'vendor' });
    expect(entries[0]!.changes).toMatchObject({ name: { before: null, after: 'Audited Kettle' }, priceCents: { after: 2599 }, brand: { after: 'Brew' } });
  });
});

describe('product photos (multipart)', () => {
  const withPhotos = (product: unknown, photos: { data: Buffer; name?: string; type?: string }[]) =>
    multipart({ product: JSON.stringify(product) }, photos.map((p, i) => ({ field: 'photos', filename: p.name ?? `p${i}.png`, contentType: p.type ?? 'image/png', data: p.data })));
  const send = (method: 'POST' | 'PUT', url: string, token: string, body: ReturnType<typeof multipart>) =>
    t.app.inject({ method, url, ...body, headers: { ...body.headers, authorization: `Bearer ${token}` } });

  it('stores uploaded photos re-encoded as WebP after the URL images, served publicly', async () => {
    const body = withPhotos(specPayload('Photo Mug', { image_url: null, images: ['https://images.example.com/m.jpg'] }), [{ data: await png() }, { data: await png('#0c0') }]);
    const res = await send('POST', '/api/products', vendorA.token, body);
    expect(res.statusCode).toBe(201);
    const images: string[] = res.json().product.images;
    expect(images).toHaveLength(3);
    expect(images[0]).toBe('https://images.example.com/m.jpg');
    expect(images[1]).toMatch(/^\/media\/uploads\/.+\.webp$/);
    const served = await t.app.inject({ url: images[1]! });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
  });

  it('refuses a photo over 10 MB while streaming and a file that is not an image by its bytes; nothing is left behind', async () => {
    const productsBefore = (await t.database.query<{ n: number }>('select count(*)::int as n from products'))[0]!.n;
    const objectsBefore = (await uploadedObjects()).length;
    const huge = Buffer.concat([await png(), Buffer.alloc(10 * 1024 * 1024)]);
    const tooBig = await send('POST', '/api/products', vendorA.token, withPhotos(specPayload('Huge Photo Mug'), [{ data: await png('#00c') }, { data: huge }]));
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().error).toBe(MSG.fileTooLarge);
    const pdf = await send('POST', '/api/products', vendorA.token, withPhotos(specPayload('Pdf Mug'), [{ data: Buffer.from('%PDF-1.4 not a photo'), name: 'x.png' }]));
    expect(pdf.statusCode).toBe(415);
    expect(pdf.json().error).toBe(MSG.productPhotoType);
    expect((await t.database.query<{ n: number }>('select count(*)::int as n from products'))[0]!.n).toBe(productsBefore);
    expect((await uploadedObjects()).length).toBe(objectsBefore);
  });

  it('adds photos on edit and deletes an uploaded photo once no product shows it', async () => {
    const created = await send('POST', '/api/products', vendorA.token, withPhotos(specPayload('Edit Photo Bowl', { image_url: null }), [{ data: await png('#cc0') }]));
    const id = created.json().product.id as number;
    const first = created.json().product.images[0] as string;
    const added = await send('PUT', `/api/products/${id}`, vendorA.token, withPhotos({ price_cents: 3000 }, [{ data: await png('#0cc') }]));
    expect(added.statusCode).toBe(200);
    expect(added.json().product.images).toEqual([first, expect.stringMatching(/\.webp$/)]);
    const second = added.json().product.images[1] as string;
    const dropped = await update(vendorA.token, id, { images: [second] });
    expect(dropped.json.product.images).toEqual([second]);
    expect((await t.app.inject({ url: first })).statusCode).toBe(404);
    expect((await t.database.query('select 1 from files where storage_key = $1', [`public/${first.split('/').pop()}`]))).toHaveLength(0);
    // deleting the product removes its last photo too
    expect((await remove(vendorA.token, id)).json.outcome).toBe('deleted');
    expect((await t.app.inject({ url: second })).statusCode).toBe(404);
  });
});

describe('PUT and DELETE /api/products/{id}', () => {
  it('edits every field, replaces variants, and records one audit entry of the changed fields', async () => {
    const created = await create(vendorA.token, specPayload('Edit Me Lamp', {
      variants: [{ type: 'color', value: 'Blue', price_adjustment_cents: 0, inventory_quantity: 1, sku_suffix: '-B' }],
    }));
    const id = created.json.product.id as number;
    const res = await update(vendorA.token, id, {
      name: 'Edited Lamp', price_cents: 4999, stock_quantity: 3, brand: 'Glow', seasonality: 'winter',
      variants: [{ type: 'size', value: 'L', price_adjustment_cents: 250, inventory_quantity: 2, sku_suffix: '-L' }],
    });
    expect(res.status).toBe(200);
    expect(res.json.product).toMatchObject({ name: 'Edited Lamp', slug: 'edited-lamp', price_cents: 4999, stock: 3, brand: 'Glow', seasonality: 'winter', tags: ['gift'] });
    expect(res.json.product.variants).toEqual([{ id: expect.any(Number), type: 'size', value: 'L', price_adjustment_cents: 250, inventory_quantity: 2, sku_suffix: '-L' }]);
    const entries = await auditOf(id);
    expect(entries.map((e) => e.action)).toEqual(['product.create', 'product.update']);
    expect(entries[1]!.changes).toMatchObject({
      name: { before: 'Edit Me Lamp', after: 'Edited Lamp' }, priceCents: { before: 2599, after: 4999 }, stock: { before: 0, after: 3 },
      variants: { before: [{ value: 'Blue' }], after: [{ value: 'L' }] },
    });
    expect(entries[1]!.changes).not.toHaveProperty('tags');
  });

  it('is found by the storefront search with its new name and price right after the edit', async () => {
    const created = await create(vendorA.token, specPayload('Saffron Tea Tin', { price_cents: 1500 }));
    const id = created.json.product.id as number;
    const before = await call(t.app, { url: '/api/products/search/saffron%20tea' });
    expect(before.json.map((p: { id: number }) => p.id)).toContain(id);
    await update(vendorA.token, id, { name: 'Zanzibar Clove Tin', description: 'Whole cloves in a tin.', price_cents: 1899 });
    const after = await call(t.app, { url: '/api/products/search/zanzibar%20clove' });
    expect(after.json.find((p: { id: number }) => p.id === id)).toMatchObject({ name: 'Zanzibar Clove Tin', price_cents: 1899 });
    const old = await call(t.app, { url: '/api/products/search/saffron%20tea' });
    expect(old.json.map((p: { id: number }) => p.id)).not.toContain(id);
  });

  it('archives a product that orders hold instead of erasing it', async () => {
    const created = await create(vendorA.token, specPayload('Sold Candle', { stock_quantity: 5 }));
    const id = created.json.product.id as number;
    const order = await call(t.app, {
      method: 'POST', url: '/api/orders',
      body: {
        items: [{ product_id: id, quantity: 1 }], customer_info: { email: 'c@d.test', name: 'C D', phone: null },
        shipping_address: { address: 'x', city: 'Dubai', country: 'UAE', zip: '1' }, billing_address: { address: 'x', city: 'Dubai', country: 'UAE', zip: '1' },
        payment_intent_id: null, notes: '',
      },
    });
    expect(order.status).toBe(201);
    const res = await remove(vendorA.token, id);
    expect(res.json).toEqual({ success: true, outcome: 'archived' });
    expect((await call(t.app, { url: `/api/vendor/products/${id}`, token: vendorA.token })).json.status).toBe('archived');
    const unsold = await create(vendorA.token, specPayload('Unsold Candle'));
    expect((await remove(vendorA.token, unsold.json.product.id)).json).toEqual({ success: true, outcome: 'deleted' });
    expect((await call(t.app, { url: `/api/vendor/products/${unsold.json.product.id}`, token: vendorA.token })).status).toBe(404);
    expect((await auditOf(unsold.json.product.id)).map((e) => e.action)).toEqual(['product.create', 'product.delete']);
  });
});

describe('lists', () => {
  it("GET /api/vendor/products: the vendor's own products, every status, paged and searchable", async () => {
    await create(vendorB.token, specPayload('Beta Draft Rug', { status: 'draft', tags: ['wool'], brand: 'Loom' }));
    await create(vendorB.token, specPayload('Beta Active Rug', { categories: ['home'] }));
    const all = await call(t.app, { url: '/api/vendor/products?limit=1', token: vendorB.token });
    expect(all.status).toBe(200);
    expect(all.json).toHaveLength(1);
    const total = Number(all.headers['x-total-count']);
    const every = await call(t.app, { url: '/api/vendor/products', token: vendorB.token });
    expect(every.json).toHaveLength(total);
    expect(every.json.every((p: { vendor_id: number }) => p.vendor_id === vendorB.id)).toBe(true);
    expect(every.json.map((p: { status: string }) => p.status)).toContain('draft');
    const byTag = await call(t.app, { url: '/api/vendor/products?search=WOOL', token: vendorB.token });
    expect(byTag.json.map((p: { name: string }) => p.name)).toEqual(['Beta Draft Rug']);
    const drafts = await call(t.app, { url: '/api/vendor/products?status=draft', token: vendorB.token });
    expect(drafts.json.map((p: { name: string }) => p.name)).toEqual(['Beta Draft Rug']);
    // the public list stays active-only
    const pub = await call(t.app, { url: '/api/products?limit=200' });
    expect(pub.json.map((p: { name: string }) => p.name)).not.toContain('Beta Draft Rug');
  });

  it('GET /api/admin/products: every vendor, filtered by search over name, description, tag or category, vendor and tags', async () => {
    const bySearch = await call(t.app, { url: '/api/admin/products?search=rug', token: admin });
    expect(bySearch.json.map((p: { name: string }) => p.name).sort()).toEqual(['Beta Active Rug', 'Beta Draft Rug']);
    const byDescription = await call(t.app, { url: '/api/admin/products?search=active%20rug%20description', token: admin });
    expect(byDescription.json.map((p: { name: string }) => p.name)).toEqual(['Beta Active Rug']);
    const byVendor = await call(t.app, { url: `/api/admin/products?vendor_id=${vendorB.id}&tags=wool`, token: admin });
    expect(byVendor.json.map((p: { name: string }) => p.name)).toEqual(['Beta Draft Rug']);
    const wildcard = await call(t.app, { url: '/api/admin/products?search=%25', token: admin });
    expect(wildcard.json).toEqual([]);
  });
});

describe('authorization', () => {
  let productOfA: number;
  beforeAll(async () => {
    productOfA = (await create(vendorA.token, specPayload('Alpha Private Clock'))).json.product.id;
  });

  it("vendor B can neither read nor change vendor A's product (404)", async () => {
    expect((await call(t.app, { url: `/api/vendor/products/${productOfA}`, token: vendorB.token })).status).toBe(404);
    expect((await update(vendorB.token, productOfA, { price_cents: 1 })).status).toBe(404);
    expect((await remove(vendorB.token, productOfA)).status).toBe(404);
    const list = await call(t.app, { url: '/api/vendor/products?search=alpha%20private', token: vendorB.token });
    expect(list.json).toEqual([]);
    const read = await call(t.app, { url: `/api/vendor/products/${productOfA}`, token: vendorA.token });
    expect(read.json).toMatchObject({ price_cents: 2599, name: 'Alpha Private Clock' });
  });

  it('an admin may change any product, and move it to another vendor', async () => {
    const res = await update(admin, productOfA, { price_cents: 2700, vendor_id: vendorB.id });
    expect(res.status).toBe(200);
    expect(res.json.product).toMatchObject({ price_cents: 2700, vendor_id: vendorB.id });
    expect((await auditOf(productOfA)).at(-1)).toMatchObject({ action: 'product.update', actor_role: 'admin' });
    await update(admin, productOfA, { vendor_id: vendorA.id });
  });

  it('customers get 403 and anonymous callers 401 on every write and managed list', async () => {
    const routes = [
      ['POST', '/api/products'], ['PUT', `/api/products/${productOfA}`], ['DELETE', `/api/products/${productOfA}`],
      ['GET', '/api/vendor/products'], ['GET', `/api/vendor/products/${productOfA}`], ['GET', '/api/admin/products'],
    ] as const;
    for (const [method, url] of routes) {
      const body = method === 'POST' || method === 'PUT' ? specPayload('Nope') : undefined;
      expect((await call(t.app, { method, url, body })).status, `${method} ${url} anonymous`).toBe(401);
      expect((await call(t.app, { method, url, body, token: customer })).status, `${method} ${url} customer`).toBe(403);
    }
    // the vendor's own list is not an admin list, and the admin list is not a vendor's
    expect((await call(t.app, { url: '/api/admin/products', token: vendorA.token })).status).toBe(403);
    expect((await call(t.app, { url: '/api/vendor/products', token: admin })).status).toBe(403);
  });
});
