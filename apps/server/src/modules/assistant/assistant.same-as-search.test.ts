import { describe, expect, it } from 'vitest';
import { call } from '../../../test/harness.js';
import { withDemoCatalogue } from '../../../test/demo-app.js';
import { readArabicPrices } from '../search/query-price.js';

// Issue 37 item 2: one understanding of a request for the search box and the assistant. On the demo catalogue, a request
// with price words (English and Arabic, Arabic-Indic digits) gets the same first product from the search box
// (GET /api/products/search) as from the assistant (POST /api/ai/chat), and that product is of the kind asked for and
// the cheapest (or dearest) of the kind's first matches.

const demo = withDemoCatalogue();

type P = { id: number; name: string; name_ar: string; category: string; price_cents: number };
async function searchBox(q: string): Promise<P[]> {
  const res = await call(demo().app, { method: 'GET', url: `/api/products/search/${encodeURIComponent(q)}?limit=20` });
  expect(res.status).toBe(200);
  return res.json as P[];
}
/** The products the assistant's answer lists ('1. **Name** — …'), in its order, by name in either language. */
async function assistantList(message: string, lang: 'en' | 'ar', among: P[]): Promise<P[]> {
  const res = await call(demo().app, { method: 'POST', url: `/api/ai/chat?lang=${lang}`, body: { message } });
  expect(res.status).toBe(200);
  const names = [...(res.json as { response: string }).response.matchAll(/^\d+\. \*\*(.+?)\*\*/gm)].map((m) => m[1]);
  return names.flatMap((n) => among.filter((p) => p.name === n || p.name_ar === n));
}

describe('Arabic price words read as the English ones', () => {
  it('reads cheapest, cheap, budget and amounts in Arabic-Indic digits', () => {
    expect(readArabicPrices('أرخص سماعات')).toContain('cheapest');
    expect(readArabicPrices('سماعات رخيصة')).toContain('cheap');
    expect(readArabicPrices('لابتوب على قد الميزانية')).toContain('budget');
    expect(readArabicPrices('ساعة تحت ٢٠٠ درهم')).toContain('under 200 aed');
    // a word that only looks like a price word stays ('ميزان' is a scale)
    expect(readArabicPrices('ميزان')).toBe('ميزان');
  });
});

describe('the search box and the assistant put the same product first', () => {
  const requests: [string, 'en' | 'ar'][] = [
    ['cheap headphones', 'en'], ['cheapest smartwatch', 'en'], ['affordable laptop', 'en'], ['budget camera', 'en'],
    ['most expensive headphones', 'en'],
    ['سماعات رخيصة', 'ar'], ['أرخص ساعة ذكية', 'ar'], ['أرخص سماعات', 'ar'], ['أغلى سماعات', 'ar'],
  ];
  it.each(requests)('%s', async (q, lang) => {
    const box = await searchBox(q);
    expect(box.length).toBeGreaterThan(1);
    const listed = await assistantList(q, lang, box);
    expect(listed[0]?.id).toBe(box[0]!.id);
    // within the kind: the first is the cheapest (dearest) of the products the assistant lists for the request
    const high = /expensive|أغلى/.test(q);
    const prices = listed.map((p) => p.price_cents);
    expect(box[0]!.price_cents).toBe(high ? Math.max(...prices) : Math.min(...prices));
  }, 60_000);
});

describe('a department named by its Arabic name: the search box searches within it as the assistant does', () => {
  // the word of a department's name that also means something else ('الجمال', 'المطبخ') does not take the box elsewhere
  const requests: [string, string][] = [
    ['أرخص شي في قسم المطبخ', 'Kitchen'], ['أرخص منتج في قسم الجمال', 'Beauty'], ['لابتوب اقتصادي', 'Laptops'], ['أغلى شي في قسم الكاميرات', 'Cameras'],
  ];
  it.each(requests)('%s', async (q, department) => {
    const box = await searchBox(q);
    expect(box.length).toBeGreaterThan(1);
    expect(box.every((p) => p.category === department)).toBe(true);
    const listed = await assistantList(q, 'ar', box);
    expect(listed[0]?.id).toBe(box[0]!.id);
    const prices = box.map((p) => p.price_cents);
    expect(box[0]!.price_cents).toBe(/أغلى/.test(q) ? Math.max(...prices) : Math.min(...prices));
  }, 60_000);
});
