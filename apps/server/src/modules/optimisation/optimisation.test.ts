import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { optimiserStateSchema, runResponseSchema } from '@souq/shared/api/optimisation';
import { SCORE_RECOMMENDATION_BELOW } from '@souq/shared/constants';
import { call, createTestApp, signupCustomer, verifiedVendorPair, type TestContext } from '../../../test/harness.js';

let t: TestContext;
let vendorA: { token: string; id: number };
let vendorB: { token: string; id: number };
let customer: string;
let weakId: number;

const createProduct = (token: string, body: Record<string, unknown>) => call(t.app, { method: 'POST', url: '/api/products', token, body });

beforeAll(async () => {
  t = await createTestApp();
  ({ vendorA, vendorB } = await verifiedVendorPair(t, 'Opti Alpha', 'Opti Beta'));
  customer = (await signupCustomer(t.app)).token;
  // a strong listing and a weak one for A; B's product sets the category's prices too
  await createProduct(vendorA.token, {
    name: 'Handmade Brass Desk Lamp for Reading Rooms', description: 'A warm brass desk lamp. '.repeat(8), price_cents: 5000, compare_at_price_cents: 6000,
    stock_quantity: 25, images: ['/media/catalogue/a.webp', '/media/catalogue/b.webp', '/media/catalogue/c.webp'], categories: ['home'],
    keywords: ['desk lamp', 'brass lamp', 'reading light'], brand: 'Lumo',
  });
  weakId = (await createProduct(vendorA.token, { name: 'Lamp', price_cents: 9000, categories: ['home'], status: 'draft' })).json.product.id;
  await createProduct(vendorB.token, { name: 'Beta Lamp', price_cents: 6000, categories: ['home'] });
});
afterAll(() => t.close());

const run = (token: string) => call(t.app, { method: 'POST', url: '/api/vendor/optimisation/runs', token });
const state = (token: string) => call(t.app, { url: '/api/vendor/optimisation', token });

describe('optimisation runs', () => {
  it("scores every one of the vendor's products with the shared rules, lowest first, with proposals", async () => {
    const res = await run(vendorA.token);
    expect(res.status).toBe(201);
    expect(runResponseSchema.safeParse(res.json).success).toBe(true);
    const [weak, strong] = res.json.results;
    expect(weak).toMatchObject({ product_id: weakId, seo: 0, recommendations: expect.arrayContaining([{ area: 'seo', priority: 'critical', message: 'Title is 4 characters: aim for 30 to 60' }]) });
    expect(weak.optimised_title).toBe('Lamp - Home');
    expect(strong).toMatchObject({ seo: 100, conversion: 100, median_competitor_price_cents: 5500 });
    expect(res.json.run).toMatchObject({ products: 2, below_threshold: 1, averages: { overall: Math.round((weak.overall + strong.overall) / 2) } });
  });

  it('scores the products now without recording a run', async () => {
    const before = (await state(vendorA.token)).json.runs.length;
    const res = await call(t.app, { url: '/api/vendor/optimisation/results', token: vendorA.token });
    expect(res.status).toBe(200);
    expect(res.headers['x-total-count']).toBe('2');
    expect(res.json[0]).toMatchObject({ product_id: weakId, seo: 0 });
    expect((await state(vendorA.token)).json.runs.length).toBe(before);
  });

  it("writes the recommendations in the reader's language, the scores the same", async () => {
    const en = await call(t.app, { url: '/api/vendor/optimisation/results', token: vendorA.token });
    const ar = await call(t.app, { url: '/api/vendor/optimisation/results?lang=ar', token: vendorA.token });
    expect(ar.json.map((r: { overall: number }) => r.overall)).toEqual(en.json.map((r: { overall: number }) => r.overall));
    const [weakEn] = en.json;
    const [weakAr] = ar.json;
    expect(weakEn.recommendations[0]).toEqual({ area: 'seo', priority: 'critical', message: 'Title is 4 characters: aim for 30 to 60' });
    expect(weakAr.recommendations[0]).toEqual({ area: 'seo', priority: 'critical', message: 'طول العنوان 4 أحرف: اجعله بين 30 و60' });
    expect(weakAr.recommendations).toHaveLength(weakEn.recommendations.length);
    for (const r of weakAr.recommendations) expect(r.message).not.toMatch(/[A-Za-z]{3,}/);
    const run = await call(t.app, { method: 'POST', url: '/api/vendor/optimisation/runs', token: vendorA.token, headers: { 'accept-language': 'ar' } });
    expect(run.json.results[0].recommendations[0].message).toBe('طول العنوان 4 أحرف: اجعله بين 30 و60');
  });

  it('leaves drafts out when the settings say so, and the settings persist', async () => {
    const put = await call(t.app, { method: 'PUT', url: '/api/vendor/optimisation/settings', token: vendorA.token, body: { includeDrafts: false, autoOptimize: true } });
    expect(put.json).toEqual({ autoOptimize: true, performanceMonitoring: true, includeDrafts: false });
    expect((await run(vendorA.token)).json.run.products).toBe(1);
    expect((await state(vendorA.token)).json.settings).toEqual({ autoOptimize: true, performanceMonitoring: true, includeDrafts: false });
    expect((await state(vendorB.token)).json.settings).toEqual({ autoOptimize: false, performanceMonitoring: true, includeDrafts: true });
  });

  it('keeps the 10 latest runs, 20 activity entries and 10 performance readings', async () => {
    for (let i = 0; i < 18; i++) await run(vendorA.token);
    for (let i = 0; i < 12; i++) {
      const res = await call(t.app, { method: 'POST', url: '/api/vendor/optimisation/performance', token: vendorA.token, body: { load_ms: 900 + i, render_ms: 40, memory_pct: null, latency_ms: 12 } });
      expect(res.status).toBe(201);
    }
    const s = await state(vendorA.token);
    expect(optimiserStateSchema.safeParse(s.json).success).toBe(true);
    expect(s.json.runs).toHaveLength(10);
    expect(s.json.activity).toHaveLength(20);
    expect(s.json.performance).toHaveLength(10);
    expect(s.json.performance[0].load_ms).toBe(911);
    const [row] = await t.database.query<{ n: number }>('select count(*)::int as n from optimiser_entries where vendor_id = $1', [vendorA.id]);
    expect(row!.n).toBe(40);
  });

  it('logs an applied proposal for an own product only', async () => {
    const ok = await call(t.app, { method: 'POST', url: '/api/vendor/optimisation/activity', token: vendorA.token, body: { product_id: weakId, field: 'title' } });
    expect(ok.status).toBe(201);
    expect(ok.json.message).toBe('Applied the optimised title to “Lamp”');
    const other = await call(t.app, { method: 'POST', url: '/api/vendor/optimisation/activity', token: vendorB.token, body: { product_id: weakId, field: 'title' } });
    expect(other.status).toBe(404);
  });
});

describe('authorization', () => {
  it("a vendor sees only its own history; customers get 403 and anonymous callers 401", async () => {
    const b = await state(vendorB.token);
    expect(b.json.runs).toEqual([]);
    for (const [method, url, body] of [
      ['GET', '/api/vendor/optimisation', undefined], ['GET', '/api/vendor/optimisation/results', undefined], ['PUT', '/api/vendor/optimisation/settings', {}], ['POST', '/api/vendor/optimisation/runs', undefined],
      ['POST', '/api/vendor/optimisation/performance', { latency_ms: 1 }], ['POST', '/api/vendor/optimisation/activity', { product_id: weakId, field: 'title' }],
    ] as const) {
      expect((await call(t.app, { method, url, body })).status).toBe(401);
      expect((await call(t.app, { method, url, body, token: customer })).status).toBe(403);
    }
  });
});

describe('the activity log in the reader\'s language', () => {
  it('writes each line for its reader from the words it keeps, the English as before; an older row reads as written', async () => {
    // a line written before the words were kept
    await t.database.query("insert into optimiser_entries (vendor_id, kind, data, created_at) values ($1, 'activity', $2, now() - interval '1 day')", [vendorB.id, { kind: 'run', message: 'Analysed 9 products: average score 50, 3 below 70' }]);
    const named = await createProduct(vendorB.token, { name: 'Beta Kettle', name_ar: 'غلاية بيتا', price_cents: 7000, categories: ['kitchen'] });
    await call(t.app, { method: 'PUT', url: '/api/vendor/optimisation/settings', token: vendorB.token, body: { autoOptimize: true } });
    const { averages, below_threshold: below } = (await run(vendorB.token)).json.run;
    const applied = await call(t.app, { method: 'POST', url: '/api/vendor/optimisation/activity?lang=ar', token: vendorB.token, body: { product_id: named.json.product.id, field: 'keywords' } });
    expect(applied.json.message).toBe('تم تطبيق الكلمات المفتاحية المحسَّنة على «غلاية بيتا»');

    const en = (await state(vendorB.token)).json.activity.map((a: { message: string }) => a.message);
    expect(en).toEqual([
      'Applied the optimised keywords to “Beta Kettle”',
      `Analysed 2 products: average score ${averages.overall}, ${below} below ${SCORE_RECOMMENDATION_BELOW}`,
      'Settings updated: auto-optimisation on, performance monitoring on, drafts included',
      'Analysed 9 products: average score 50, 3 below 70',
    ]);
    const ar = (await call(t.app, { url: '/api/vendor/optimisation?lang=ar', token: vendorB.token })).json.activity.map((a: { message: string }) => a.message);
    expect(ar[0]).toBe('تم تطبيق الكلمات المفتاحية المحسَّنة على «غلاية بيتا»');
    expect(ar[1]).toBe(`تم تحليل منتجان: متوسط الدرجة ${averages.overall}، وما دون ${SCORE_RECOMMENDATION_BELOW} منها ${below}`);
    expect(ar[2]).toBe('تم تحديث الإعدادات: التحسين التلقائي مفعّل، ومراقبة الأداء مفعّلة، والمسودات مشمولة');
    expect(ar[3]).toBe('Analysed 9 products: average score 50, 3 below 70');
  });
});
