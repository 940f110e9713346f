import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, signupVendor, type TestContext } from '../../../test/harness.js';

// The texts the server writes onto a page, in the reader's language (issue 26 item 1): shelf titles and badges, the
// names on recommendation cards, the vendor's AI insights. Catalogue answers carry both languages (decision 0100) and
// are the same bytes for every reader; sentences the server composes are written in the reader's language.

let t: TestContext;
const ids: Record<string, number> = {};
let vendor: Awaited<ReturnType<typeof signupVendor>>;

beforeAll(async () => {
  t = await createTestApp();
  vendor = await signupVendor(t.app, 'Falcon Phones LLC');
  const make = async (key: string, input: Parameters<typeof t.app.services.catalogue.createProduct>[0]) => {
    ids[key] = (await t.app.services.catalogue.createProduct({ stock: 5, images: [`/media/catalogue/${key}.webp`], ...input })).id;
  };
  // 'Smartphones' and 'Electronics' are demo departments: the migration gives them their Arabic names
  await make('phone', {
    name: 'Falcon One Phone', nameAr: 'هاتف Falcon One', categories: ['Smartphones', 'Electronics'], tags: ['smartphone'], priceCents: 150_000,
    badge: 'Best Seller', badgeAr: 'الأكثر مبيعًا', vendorId: vendor.vendor.id,
  });
  await make('case', {
    name: 'Falcon Phone Case', nameAr: 'غطاء هاتف Falcon', categories: ['Smartphones', 'Electronics'], tags: ['smartphone'], priceCents: 5_000,
    vendorId: vendor.vendor.id,
  });
  // no Arabic anywhere: every Arabic field is empty, and the page shows the English
  await make('mat', { name: 'Loom Prayer Mat', categories: ['Rugs'], tags: ['smartphone'], priceCents: 9_000, badge: 'Handmade' });
  await t.app.services.catalogue.createShelf({ slug: 'phones', title: 'Phones', titleAr: 'الهواتف', position: 0, productIds: [ids.phone!, ids.mat!] });
  await t.app.services.catalogue.createShelf({ slug: 'rugs', title: 'Rugs', position: 1, productIds: [ids.mat!] });
});
afterAll(async () => {
  t.app.services.recommendations.stop();
  await t.close();
});

describe('GET /api/shelves', () => {
  it('carries the Arabic title and badges beside the English, the same answer for every reader', async () => {
    const plain = await call(t.app, { url: '/api/shelves' });
    expect(plain.status).toBe(200);
    expect(plain.json.map((s: { title: string; title_ar: string }) => [s.title, s.title_ar])).toEqual([['Phones', 'الهواتف'], ['Rugs', '']]);
    expect(plain.json[0].items.map((i: { title: string; title_ar: string; badge: string | null; badge_ar: string }) => [i.title, i.title_ar, i.badge, i.badge_ar])).toEqual([
      ['Falcon One Phone', 'هاتف Falcon One', 'Best Seller', 'الأكثر مبيعًا'],
      ['Loom Prayer Mat', '', 'Handmade', ''],
    ]);
    // one cached answer: the page picks the language (its server render and the browser read the same bytes)
    for (const headers of [{}, { 'accept-language': 'ar' }] as Record<string, string>[]) {
      const ar = await call(t.app, { url: '/api/shelves?lang=ar', headers });
      expect(ar.body).toBe(plain.body);
    }
  });

  it('carries the badge in Arabic on the product too', async () => {
    const res = await call(t.app, { url: `/api/products/${ids.phone}?lang=ar` });
    expect(res.json).toMatchObject({ badge: 'Best Seller', badge_ar: 'الأكثر مبيعًا', name_ar: 'هاتف Falcon One' });
  });
});

describe('GET /api/categories/names', () => {
  it("lists the demo departments' Arabic names by their English name", async () => {
    const res = await call(t.app, { url: '/api/categories/names' });
    expect(res.status).toBe(200);
    const names = new Map((res.json as { name: string; name_ar: string }[]).map((r) => [r.name, r.name_ar]));
    expect(names.get('Smartphones')).toBe('الهواتف الذكية');
    expect(names.get('Electronics')).toBe('الإلكترونيات');
    expect(names.has('Rugs')).toBe(false);
  });
});

describe('recommendation cards', () => {
  type Card = { itemId: string; itemName: string; itemNameAr: string; itemCategory: string; itemCategoryAr: string };
  const byId = (cards: Card[]) => new Map(cards.map((c) => [Number(c.itemId), c]));

  it('name the product and its department in Arabic beside the English, with nothing when there is none', async () => {
    const res = await call(t.app, { url: `/api/personalize/recommendations/anon-0123456789abcdef?itemId=${ids.case}&numResults=10&lang=ar` });
    expect(res.status).toBe(200);
    const cards = byId(res.json.recommendations as Card[]);
    expect(cards.get(ids.phone!)).toMatchObject({
      itemName: 'Falcon One Phone', itemNameAr: 'هاتف Falcon One', itemCategory: 'Smartphones', itemCategoryAr: 'الهواتف الذكية',
    });
    expect(cards.get(ids.mat!)).toMatchObject({ itemName: 'Loom Prayer Mat', itemNameAr: '', itemCategory: 'Rugs', itemCategoryAr: '' });
  });

  it('similar items carry them too', async () => {
    const res = await call(t.app, { url: `/api/personalize/similar/${ids.case}?numResults=10`, headers: { 'accept-language': 'ar' } });
    expect(res.status).toBe(200);
    expect(byId(res.json.similarItems as Card[]).get(ids.phone!)).toMatchObject({ itemNameAr: 'هاتف Falcon One', itemCategoryAr: 'الهواتف الذكية' });
  });
});

describe("the vendor's AI insights", () => {
  const summary = async (opts: { lang?: string; acceptLanguage?: string }) => {
    const url = `/api/analytics/vendor${opts.lang ? `?lang=${opts.lang}` : ''}`;
    const res = await call(t.app, { url, token: vendor.token, headers: opts.acceptLanguage ? { 'accept-language': opts.acceptLanguage } : {} });
    expect(res.status, res.body).toBe(200);
    return res.json.ai.summary as string;
  };

  it('are written in English for a request that names no language, as before', async () => {
    const en = await summary({});
    expect(en).toMatch(
      /^All 2 of your products are active in the shop\. Your average price is AED\u00a0775\.00 and the stock on hand is worth AED\u00a07,750\.00\. Electronics is your largest category \(2 products\)\. 2 active products have fewer than 10 in stock: restock before they sell out\. No sales from \w{3} \d{1,2}, \d{4} to \w{3} \d{1,2}, \d{4}\.$/,
    );
    expect(await summary({ lang: 'en', acceptLanguage: 'ar' })).toBe(en);
  });

  it('are written in Arabic for an Arabic reader, naming the department in Arabic', async () => {
    const ar = await summary({ lang: 'ar' });
    expect(ar).toContain('جميع منتجاتك نشطة في المتجر (منتجان).');
    expect(ar).toContain('أكبر فئاتك الإلكترونيات (منتجان).');
    expect(ar).toContain('المخزون أقل من 10 لدى منتجين نشطين');
    expect(ar).toMatch(/^[^A-Za-z]+$/); // no English word left
    expect(await summary({ acceptLanguage: 'ar' })).toBe(ar);
  });
});

describe('the OpenAPI document', () => {
  it('names the Arabic fields of shelves, badges and recommendation cards', async () => {
    const doc = JSON.parse((await t.app.inject({ url: '/api/docs/json' })).body);
    const ok = (path: string) => JSON.stringify(doc.paths[path].get.responses['200']);
    expect(ok('/api/shelves')).toMatch(/"title_ar".*"badge_ar"|"badge_ar".*"title_ar"/);
    for (const path of ['/api/personalize/recommendations/{userId}', '/api/personalize/similar/{itemId}']) {
      expect(ok(path)).toContain('"itemNameAr"');
      expect(ok(path)).toContain('"itemCategoryAr"');
    }
  });
});
