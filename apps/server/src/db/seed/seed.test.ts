import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CUSTOMER_EMAIL, DEMO_PASSWORD, DEMO_VENDOR_EMAIL, SHELF_COUNT, SHELF_SIZE } from '@souq/shared/constants';
import { call, createTestApp, type TestContext } from '../../../test/harness.js';
import { DEMO_INCOMPLETE_VENDOR_EMAIL, DEMO_PENDING_VENDOR_EMAIL, seedDemo, seedDemoIfEmpty } from './seed.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
  const seeded = await seedDemoIfEmpty({ db: t.database.db, services: t.app.services, dataDir: t.dataDir, log: () => {} });
  expect(seeded).toBe(true);
  // the demo now also places six reviewers' delivered orders and writes their reviews: more than the default minute on a busy machine
}, 180_000);
afterAll(() => t.close());

const login = async (url: string, email: string) => {
  const res = await call(t.app, { method: 'POST', url, body: { email, password: DEMO_PASSWORD } });
  expect(res.status, `${email} ${res.body}`).toBe(200);
  return res.json;
};

describe('demo seed', () => {
  it('gives every product a 90-day price history that ends at its price, with sales, promotions and rises', async () => {
    const rows = await t.database.query<{ id: number; price_cents: number; compare_at_cents: number | null; last: number; oldest: Date; changes: number }>(`
      select p.id, p.price_cents, p.compare_at_cents,
        (select new_cents from price_changes c where c.product_id = p.id order by changed_at desc, id desc limit 1) as last,
        (select min(changed_at) from price_changes c where c.product_id = p.id) as oldest,
        (select count(*)::int from price_changes c where c.product_id = p.id) as changes
      from products p`);
    expect(rows).toHaveLength(80);
    for (const r of rows) {
      expect(r.last, `product ${r.id}`).toBe(r.price_cents);
      expect(Date.now() - new Date(r.oldest).getTime()).toBeGreaterThan(90 * 86_400_000);
      // a product on sale was at its compare-at price before the sale
      if (r.compare_at_cents) expect(r.changes).toBe(2);
    }
    // the demo shows moving prices, not only flat lines
    expect(rows.filter((r) => r.changes > 1).length).toBeGreaterThan(30);
    // the seeded orders were placed at the prices the products have now: no change in the last 25 days
    const [recent] = await t.database.query<{ n: number }>("select count(*)::int as n from price_changes where changed_at > now() - interval '25 days'");
    expect(recent!.n).toBe(0);
  });

  // seeding speed is measured outside the tests (timed tests are flaky on a shared machine)
  it('runs only on an empty database', async () => {
    expect(await seedDemoIfEmpty({ db: t.database.db, services: t.app.services, dataDir: t.dataDir, log: () => {} })).toBe(false);
    // a second instance that raced past the emptiness check backs off instead of failing its start-up
    expect(await seedDemo({ db: t.database.db, services: t.app.services, dataDir: t.dataDir, log: () => {} })).toBe(false);
    const [row] = await t.database.query<{ n: number }>('select count(*)::int as n from products');
    expect(row!.n).toBe(80);
  });

  it('fills 16 shelves of 5 active products, each with a served image', async () => {
    const res = await call(t.app, { url: '/api/shelves' });
    expect(res.json).toHaveLength(SHELF_COUNT);
    for (const shelf of res.json) expect(shelf.items, shelf.title).toHaveLength(SHELF_SIZE);
    const titles = res.json.flatMap((s: { items: { title: string }[] }) => s.items.map((i) => i.title));
    expect(new Set(titles).size).toBe(80);
    expect(titles).toEqual(expect.arrayContaining(['SoundCore Q45 Wireless Headphones', 'Velocity Pro Running Shoes']));
    const images = res.json.flatMap((s: { items: { image: string }[] }) => s.items.map((i) => i.image));
    expect(new Set(images).size).toBe(80);
    const img = await t.app.inject({ url: images[0] });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/webp');
    expect(img.headers['cache-control']).toContain('immutable');
  });

  it('gives every product real fields', async () => {
    const res = await call(t.app, { url: '/api/products?limit=200' });
    expect(res.headers['x-total-count']).toBe('80');
    for (const p of res.json) {
      expect(p.description.split(/[.!?](\s|$)/).filter((s: string | undefined) => s?.trim()).length, p.name).toBeGreaterThanOrEqual(2);
      expect(p.brand && p.sku && p.category, p.name).toBeTruthy();
      expect(p.price_cents).toBeGreaterThan(0);
      expect(p.stock).toBeGreaterThan(0);
      expect(p.bullet_points.length).toBeGreaterThanOrEqual(3);
      expect(p.tags.length).toBeGreaterThan(0);
    }
    expect(res.json.filter((p: { badge: string | null }) => p.badge).length).toBeGreaterThan(20);
  });

  it('rates products only from reviews seeded shoppers wrote about delivered purchases (decision 0092)', async () => {
    const rows = await t.database.query<{ id: number; rating: number | null; review_count: number; avg: number | null; n: number; undelivered: number }>(`
      select p.id, p.rating, p.review_count, round(avg(r.stars)::numeric, 2)::float8 as avg, count(r.id)::int as n,
        count(r.id) filter (where o.status is distinct from 'delivered' or o.user_id is distinct from r.user_id)::int as undelivered
      from products p
      left join reviews r on r.product_id = p.id and r.status = 'visible'
      left join order_items oi on oi.id = r.order_item_id
      left join orders o on o.id = oi.order_id
      group by p.id`);
    for (const p of rows) {
      expect({ id: p.id, rating: p.rating, count: p.review_count }).toEqual({ id: p.id, rating: p.avg, count: p.n });
      expect(p.undelivered).toBe(0);
    }
    expect(rows.filter((p) => p.n > 0).length).toBeGreaterThanOrEqual(10);
    const summarised = rows.filter((p) => p.n >= 5);
    expect(summarised.length).toBeGreaterThanOrEqual(3);
    const stats = await call(t.app, { url: `/api/product-reviews/${summarised[0]!.id}/summary` });
    expect(stats.json.summary.praise.length).toBeGreaterThan(0);
  });

  it('creates three vendors: verified (owns most products), pending review with its three documents, incomplete', async () => {
    const verified = await login('/api/vendor/login', DEMO_VENDOR_EMAIL);
    expect(verified.vendor).toMatchObject({ is_verified: true, verification_status: 'verified' });
    // its documents are on file, so the spec's routing sends it to the dashboard
    expect(verified.vendor.license_file).not.toBeNull();
    expect(verified.vendor.emirates_id_front).not.toBeNull();
    expect(verified.vendor.emirates_id_back).not.toBeNull();
    const pending = await login('/api/vendor/login', DEMO_PENDING_VENDOR_EMAIL);
    expect(pending.vendor).toMatchObject({ is_verified: false, verification_status: 'pending' });
    expect(pending.vendor.trade_license).toMatchObject({ mime_type: 'application/pdf' });
    expect(pending.vendor.emirates_id_front).toMatchObject({ mime_type: 'image/png' });
    const incomplete = await login('/api/vendor/login', DEMO_INCOMPLETE_VENDOR_EMAIL);
    expect(incomplete.vendor).toMatchObject({ verification_status: 'incomplete', license_file: null });

    const owners = await t.database.query<{ vendor_id: number | null; n: number }>('select vendor_id, count(*)::int as n from products group by vendor_id');
    const mine = owners.find((o) => o.vendor_id === verified.vendor.id)?.n ?? 0;
    expect(mine).toBeGreaterThan(40);
    expect(owners.some((o) => o.vendor_id === pending.vendor.id || o.vendor_id === incomplete.vendor.id)).toBe(false);

    // the documents are real files in private storage, recognisable by their bytes
    const docs = await t.database.query<{ storage_key: string; visibility: string }>('select storage_key, visibility from files');
    expect(docs).toHaveLength(6); // three each for the verified and the pending vendor
    for (const d of docs) {
      expect(d.visibility).toBe('private');
      const head = fs.readFileSync(path.join(t.dataDir, 'uploads', d.storage_key)).subarray(0, 5).toString('latin1');
      expect(['%PDF-', '\x89PNG\r']).toContain(head);
    }
  });

  it('gives the demo customer a profile and past orders, newest first', async () => {
    const { token } = await login('/api/auth/login', DEMO_CUSTOMER_EMAIL);
    const profile = await call(t.app, { url: '/api/profile', token });
    expect(profile.json).toMatchObject({ gender: 'female', address: { city: 'Dubai' }, onboarded: true });
    const mine = await call(t.app, { url: '/api/my/orders', token });
    expect(mine.json.map((o: { status: string }) => o.status)).toEqual(['processing', 'shipped', 'delivered']);
    for (const o of mine.json) {
      // SQ-YYMMDD-XXXXX with the day the order was placed
      const d = o.created_at as string;
      expect(o.order_number).toMatch(new RegExp(`^SQ-${d.slice(2, 4)}${d.slice(5, 7)}${d.slice(8, 10)}-[2-9A-Z]{5}$`));
    }
    const history = await t.database.query<{ n: number }>(
      'select count(*)::int as n from order_status_history where order_id = $1', [mine.json[2].id]);
    expect(history[0]!.n).toBe(5);
  });
});
