import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@souq/shared/messages';
import { call, createTestApp, signupVendor, type TestContext } from '../../../test/harness.js';

// Arabic content through the product API, and Arabic search over it (issue 26 items 5 and 6), on a fresh database.
let t: TestContext;
let vendor: { token: string; id: number };

type Body = Record<string, unknown>;
const CATALOGUE: Body[] = [
  {
    name: 'SoundCore Q45 Wireless Headphones', name_ar: 'سماعات رأس لاسلكية SoundCore Q45',
    description: 'Over-ear headphones with adaptive noise cancelling.', description_ar: 'سماعات فوق الأذن بخاصية إلغاء الضوضاء التكيفية.',
    bullet_points: ['50-hour battery'], bullet_points_ar: ['بطارية تدوم 50 ساعة'], price_cents: 59900, categories: ['Audio'], brand: 'SoundCore',
  },
  {
    name: 'Brewmaster Espresso Machine', name_ar: 'ماكينة قهوة إسبريسو Brewmaster',
    description: 'A 15-bar espresso machine with a built-in grinder.', description_ar: 'آلة إسبريسو بضغط 15 بار مع مطحنة مدمجة.',
    price_cents: 189900, categories: ['Kitchen'], brand: 'Brewmaster',
  },
  {
    name: 'ClearView 27" 4K USB-C Monitor', name_ar: 'شاشة ClearView مقاس 27 بوصة بدقة 4K',
    description: 'A 27-inch 4K IPS monitor.', price_cents: 159900, categories: ['Home Office'], brand: 'ClearView',
  },
  {
    name: 'Velvet Matte Lipstick Ruby', name_ar: 'أحمر شفاه مطفي Velvet بلون روبي',
    description: 'A long-wear matte lipstick.', price_cents: 8900, categories: ['Beauty'], brand: 'Maison Rouge',
  },
  {
    name: 'Snapmoment Instant Film Camera', name_ar: 'كاميرا فورية Snapmoment',
    description: 'Prints credit-card-sized photos in seconds.', price_cents: 34900, categories: ['Cameras'], brand: 'Snapmoment',
  },
  // English only: found in English, never by an Arabic word it does not have
  { name: 'Summit 4-Person Camping Tent', description: 'A roomy dome tent.', price_cents: 69900, categories: ['Outdoor'], brand: 'Summit' },
];
const ids = new Map<string, number>();

beforeAll(async () => {
  t = await createTestApp();
  const v = await signupVendor(t.app, 'Gulf Gadgets Trading LLC');
  vendor = { token: v.token, id: v.vendor.id };
  await t.database.query('update vendors set is_verified = true where id = $1', [vendor.id]);
  for (const p of CATALOGUE) {
    const res = await call(t.app, { method: 'POST', url: '/api/products', token: vendor.token, body: { ...p, stock_quantity: 10, status: 'active' } });
    expect(res.status, res.body).toBe(201);
    ids.set(p.name as string, res.json.product.id);
  }
});
afterAll(() => t.close());

const names = async (q: string) => {
  const res = await call(t.app, { url: `/api/products/search/${encodeURIComponent(q)}` });
  expect(res.status).toBe(200);
  return (res.json as { name: string }[]).map((p) => p.name);
};
const productCount = async () => (await t.database.query<{ n: number }>('select count(*)::int as n from products'))[0]!.n;

describe('Arabic product content through the API', () => {
  it('stores and answers the Arabic name, description and bullet points beside the English', async () => {
    const res = await call(t.app, { url: `/api/products/${ids.get('SoundCore Q45 Wireless Headphones')}` });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      name: 'SoundCore Q45 Wireless Headphones', name_ar: 'سماعات رأس لاسلكية SoundCore Q45',
      description_ar: 'سماعات فوق الأذن بخاصية إلغاء الضوضاء التكيفية.', bullet_points_ar: ['بطارية تدوم 50 ساعة'],
    });
    const english = await call(t.app, { url: `/api/products/${ids.get('Summit 4-Person Camping Tent')}` });
    expect(english.json).toMatchObject({ name_ar: '', description_ar: '', bullet_points_ar: [] });
  });

  it('refuses an Arabic field written in Latin letters, an empty Arabic bullet and an overlong Arabic name, writing nothing', async () => {
    const before = await productCount();
    const latin = await call(t.app, { method: 'POST', url: '/api/products', token: vendor.token, body: { name: 'Desk Lamp', name_ar: 'Desk Lamp', price_cents: 100 } });
    expect(latin.status).toBe(400);
    expect(latin.json.fields).toMatchObject({ name_ar: MSG.arabicTextRequired });
    const bullets = await call(t.app, { method: 'POST', url: '/api/products', token: vendor.token, body: { name: 'Desk Lamp', bullet_points_ar: ['إضاءة بلا وميض', '  '], price_cents: 100 } });
    expect(bullets.status).toBe(400);
    expect(Object.keys(bullets.json.fields)).toEqual(['bullet_points_ar.1']);
    const long = await call(t.app, { method: 'POST', url: '/api/products', token: vendor.token, body: { name: 'Desk Lamp', name_ar: 'مصباح '.repeat(40), description_ar: 'Only English here', price_cents: 100 } });
    expect(long.status).toBe(400);
    expect(Object.keys(long.json.fields).sort()).toEqual(['description_ar', 'name_ar']);
    expect(await productCount()).toBe(before);
  });

  it('edits the Arabic name, and search follows it', async () => {
    const id = ids.get('Summit 4-Person Camping Tent')!;
    expect(await names('خيمة')).not.toContain('Summit 4-Person Camping Tent');
    const res = await call(t.app, { method: 'PUT', url: `/api/products/${id}`, token: vendor.token, body: { name_ar: 'خيمة تخييم Summit لأربعة أشخاص' } });
    expect(res.status, res.body).toBe(200);
    expect(res.json.product.name_ar).toBe('خيمة تخييم Summit لأربعة أشخاص');
    expect((await names('خيمة'))[0]).toBe('Summit 4-Person Camping Tent');
    // the English name and its search are untouched
    expect((await names('camping tent'))[0]).toBe('Summit 4-Person Camping Tent');
  });

  it('gives the shelves the Arabic title beside the English one', async () => {
    await t.app.services.catalogue.createShelf({ slug: 'audio', title: 'Audio', position: 0, productIds: [ids.get('SoundCore Q45 Wireless Headphones')!] });
    const res = await call(t.app, { url: '/api/shelves' });
    expect(res.json[0].items[0]).toMatchObject({ title: 'SoundCore Q45 Wireless Headphones', title_ar: 'سماعات رأس لاسلكية SoundCore Q45' });
  });
});

describe('Arabic search', () => {
  it('finds a product described in English by its Arabic name', async () => {
    expect((await names('سماعات لاسلكية'))[0]).toBe('SoundCore Q45 Wireless Headphones');
  });

  it('ignores diacritics and tatweel', async () => {
    expect((await names('سَمّاعاتٌ'))[0]).toBe('SoundCore Q45 Wireless Headphones');
    expect((await names('ســـماعات'))[0]).toBe('SoundCore Q45 Wireless Headphones');
  });

  it('unifies the alef forms, ta marbuta and ha', async () => {
    // the catalogue writes إسبريسو and أحمر, the shopper types a bare alef (and the reverse)
    expect((await names('اسبريسو'))[0]).toBe('Brewmaster Espresso Machine');
    expect((await names('احمر شفاه'))[0]).toBe('Velvet Matte Lipstick Ruby');
    expect((await names('آلة قهوه'))[0]).toBe('Brewmaster Espresso Machine');
  });

  it('removes the article and its particles, and reads plurals and singulars alike', async () => {
    expect((await names('السماعات اللاسلكية'))[0]).toBe('SoundCore Q45 Wireless Headphones');
    expect((await names('بالسماعة'))[0]).toBe('SoundCore Q45 Wireless Headphones');
    expect((await names('الكاميرا'))[0]).toBe('Snapmoment Instant Film Camera');
  });

  it('reads Arabic-Indic digits as digits, and Arabic unit words as units', async () => {
    expect((await names('شاشة ٢٧ بوصة'))[0]).toBe('ClearView 27" 4K USB-C Monitor');
    expect((await names('٢٧ بوصه'))[0]).toBe('ClearView 27" 4K USB-C Monitor');
  });

  it('forgives a typo in Arabic letters', async () => {
    // كاميرة for كاميرا, سماعت for سماعات (one letter each)
    expect((await names('كاميرة فورية'))[0]).toBe('Snapmoment Instant Film Camera');
    expect((await names('سماعت'))[0]).toBe('SoundCore Q45 Wireless Headphones');
  });

  it('finds nothing for an Arabic word no product has, and keeps English search as it was', async () => {
    expect(await names('دراجة')).toEqual([]);
    expect((await names('wireless headphones'))[0]).toBe('SoundCore Q45 Wireless Headphones');
    expect((await names('espresso'))[0]).toBe('Brewmaster Espresso Machine');
  });
});

describe('vendor profile in Arabic', () => {
  it('stores the store name and description in Arabic, and refuses Latin letters in the Arabic fields', async () => {
    const ok = await call(t.app, {
      method: 'PUT', url: `/api/vendors/${vendor.id}/profile`, token: vendor.token,
      body: { company_name_ar: 'الخليج للأجهزة ذ.م.م', description: 'Phones and laptops since 2015.', description_ar: 'هواتف وحواسيب محمولة منذ 2015.' },
    });
    expect(ok.status, ok.body).toBe(200);
    expect(ok.json).toMatchObject({ company_name: 'Gulf Gadgets Trading LLC', company_name_ar: 'الخليج للأجهزة ذ.م.م', description_ar: 'هواتف وحواسيب محمولة منذ 2015.' });
    const bad = await call(t.app, { method: 'PUT', url: `/api/vendors/${vendor.id}/profile`, token: vendor.token, body: { company_name_ar: 'Gulf Gadgets' } });
    expect(bad.status).toBe(400);
    expect(bad.json.fields).toMatchObject({ company_name_ar: MSG.arabicTextRequired });
    const after = await call(t.app, { url: `/api/vendors/${vendor.id}/profile`, token: vendor.token });
    expect(after.json.company_name_ar).toBe('الخليج للأجهزة ذ.م.م');
  });
});
