import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '@souq/shared/rules/money';
import { call, createTestApp, signupCustomer, type TestContext } from '../../../test/harness.js';
import { isolate, withoutIsolates } from './assistant.bidi.js';

// The assistant's answers before a purchase (issue 28, decision 0102), through POST /api/ai/chat on a small catalogue
// of its own: departments, kinds not sold, the N cheapest of a kind, value within a department, price bands, the
// price log and review evidence.

type Seed = { name: string; brand: string; categories: string[]; price: number; tags?: string[] };
const PRODUCTS: Seed[] = [
  { name: 'Acer Aspire 3 Laptop', brand: 'Acer', categories: ['Laptops', 'Electronics'], price: 1_500, tags: ['laptop'] },
  { name: 'Dell XPS 13 Laptop', brand: 'Dell', categories: ['Laptops', 'Electronics'], price: 4_800, tags: ['laptop'] },
  { name: 'Lenovo ThinkPad X1 Laptop', brand: 'Lenovo', categories: ['Laptops', 'Electronics'], price: 6_900, tags: ['laptop'] },
  { name: 'Razer Blade 16 Gaming Laptop', brand: 'Razer', categories: ['Laptops', 'Electronics'], price: 9_900, tags: ['laptop', 'gaming'] },
  { name: 'Laptop Sleeve 14 inch', brand: 'Tomtoc', categories: ['Bags', 'Accessories'], price: 120, tags: ['sleeve'] },
  { name: 'Copper Kettle', brand: 'Hearth', categories: ['Kitchen', 'Home'], price: 150, tags: ['kettle'] },
  { name: 'Cast Iron Skillet', brand: 'Hearth', categories: ['Kitchen', 'Home'], price: 90, tags: ['pan'] },
  { name: 'Oak Office Chair', brand: 'Oakline', categories: ['Home Office', 'Home'], price: 700, tags: ['chair'] },
];

let ctx: TestContext;
const ids = new Map<string, number>();
const id = (name: string) => ids.get(name)!;

beforeAll(async () => {
  ctx = await createTestApp();
  for (const p of PRODUCTS) {
    const row = await ctx.app.services.catalogue.createProduct({
      name: p.name, brand: p.brand, categories: p.categories, priceCents: p.price * 100, stock: 10, description: `${p.name}.`, tags: p.tags ?? [],
    });
    ids.set(p.name, row.id);
  }
});
afterAll(async () => ctx?.close());

type Reply = { response: string; mentionedProducts: { id: number; action: string }[]; suggestedSearch: string | null };
async function chat(message: string, context?: string, lang?: string): Promise<Reply> {
  const res = await call(ctx.app, {
    method: 'POST', url: `/api/ai/chat${lang ? `?lang=${lang}` : ''}`,
    body: { message, productContext: context ? { id: id(context), name: context } : null, conversationHistory: [], lockedProductIds: [] },
  });
  expect(res.status, res.body).toBe(200);
  return res.json as Reply;
}
const withAction = (r: Reply, action: string) => r.mentionedProducts.filter((m) => m.action === action).map((m) => m.id).sort((a, b) => a - b);

describe('what the shop sells', () => {
  it('lists every department with its count, and no product', async () => {
    const r = await chat('what categories do you have?');
    for (const d of ['Laptops (4)', 'Kitchen (2)', 'Home Office (1)', 'Bags (1)']) expect(r.response).toContain(d);
    expect(r.response).toContain('• Electronics: Laptops (4)');
    expect(r.mentionedProducts).toEqual([]);
  });

  it('names the departments in Arabic in an Arabic answer, and in English those the catalogue has no Arabic name for', async () => {
    for (const r of [await chat('ما هي الأقسام؟'), await chat('what categories do you have?', undefined, 'ar')]) {
      expect(r.response).toMatch(/^لدينا 4 أقسام:/);
      // the demo departments have their Arabic names (migration arabic-shelves-badges-departments)
      for (const d of ['• الإلكترونيات: أجهزة اللابتوب (4)', 'المطبخ (2)', 'المكتب المنزلي (1)']) expect(r.response).toContain(d);
      // the English name inside the Arabic list is isolated, so the list keeps its order right to left
      expect(r.response).toContain(`${isolate('Bags')} (1)`);
      expect(r.response).not.toMatch(/Laptops|Kitchen|Home Office|Electronics/);
    }
  });

  it('names the nearest departments of a kind it does not sell in the answer language', async () => {
    expect((await chat('looking for a sofa')).response).toContain('The nearest departments we do sell: Home Office');
    // the Arabic page's reader typing English: answered in Arabic
    expect((await chat('looking for a sofa', undefined, 'ar')).response).toContain('أقرب الأقسام التي نبيعها: المكتب المنزلي، المطبخ.');
    // the kind asked in Arabic (decision 0135): not sold, the nearest departments in Arabic
    expect((await chat('أبحث عن كنبة')).response).toContain('عذرًا، لا نبيع كنبة في سوق. أقرب الأقسام التي نبيعها: المكتب المنزلي، المطبخ.');
    // a word it does not know: the broader search it suggests names the departments in Arabic
    const broader = (await chat('أبحث عن زغلوطة')).response;
    expect(withoutIsolates(broader)).toMatch(/حسب الفئة: أجهزة اللابتوب، الإلكترونيات، المنزل، المطبخ، Bags\.$/);
    expect(broader).toContain(`، ${isolate('Bags')}.`);
  });

  it('says a kind it does not sell is not sold, with the nearest departments, and shows nothing unrelated', async () => {
    const r = await chat('do you sell refrigerators?');
    expect(r.response).toMatch(/don't sell refrigerators/);
    expect(r.response).toContain('Kitchen');
    expect(r.response).not.toContain('Laptops');
    expect(r.mentionedProducts).toEqual([]);
    // furniture: the nearest department is the one with chairs
    expect((await chat('looking for a sofa')).response).toMatch(/don't sell sofa at Souq\. The nearest departments we do sell: Home Office/);
  });

  it('finds a kind it does sell as before', async () => {
    const r = await chat('do you sell kettles?');
    expect(r.response).not.toMatch(/don't sell/);
    expect(r.mentionedProducts.map((m) => m.id)).toContain(id('Copper Kettle'));
  });
});

describe('comparisons and price bands within a kind', () => {
  it('compares the two cheapest of a kind, not a laptop sleeve', async () => {
    const r = await chat('compare the two cheapest laptops');
    expect(withAction(r, 'compare')).toEqual([id('Acer Aspire 3 Laptop'), id('Dell XPS 13 Laptop')].sort((a, b) => a - b));
    const dear = await chat('compare the two most expensive laptops');
    expect(withAction(dear, 'compare')).toEqual([id('Lenovo ThinkPad X1 Laptop'), id('Razer Blade 16 Gaming Laptop')].sort((a, b) => a - b));
  });

  it('weighs value among one department only', async () => {
    const r = await chat('which laptop is the best value?');
    const compared = withAction(r, 'compare');
    expect(compared.length).toBeGreaterThanOrEqual(2);
    const laptops = ['Acer Aspire 3 Laptop', 'Dell XPS 13 Laptop', 'Lenovo ThinkPad X1 Laptop', 'Razer Blade 16 Gaming Laptop'].map(id);
    expect(compared.every((c) => laptops.includes(c))).toBe(true);
    expect(r.response).toMatch(/Better value: \*\*/);
  });

  it('bounds cheap and premium to the lower and upper half of the kind', async () => {
    const cheap = await chat('cheap laptop');
    const listed = cheap.mentionedProducts.map((m) => m.id);
    expect(listed).toContain(id('Acer Aspire 3 Laptop'));
    expect(listed).not.toContain(id('Razer Blade 16 Gaming Laptop'));
    expect(listed).not.toContain(id('Laptop Sleeve 14 inch'));
    const premium = (await chat('premium laptop')).mentionedProducts.map((m) => m.id);
    expect(premium).toContain(id('Razer Blade 16 Gaming Laptop'));
    expect(premium).not.toContain(id('Acer Aspire 3 Laptop'));
  });
});

describe('has it been cheaper?', () => {
  it("quotes the log's lowest price of 90 days and its day, and the price now", async () => {
    const kettle = id('Copper Kettle');
    await ctx.app.services.catalogue.updateProduct(kettle, { priceCents: 12_000 });
    await ctx.app.services.catalogue.updateProduct(kettle, { priceCents: 16_000 });
    const r = await chat('has this been cheaper?', 'Copper Kettle');
    const today = new Date().toISOString().slice(0, 10);
    expect(r.response).toMatch(/^Yes\./);
    expect(r.response).toContain(`${formatMoney(120)}, last on ${today}`);
    expect(r.response).toContain(formatMoney(160));
    expect(r.mentionedProducts).toEqual([{ id: kettle, action: 'focus' }]);
  });

  it('says no when today is the lowest price, naming the product asked about', async () => {
    const r = await chat('was the cast iron skillet ever cheaper?');
    expect(r.response).toMatch(/^No\. Today's .* is the lowest price of \*\*Cast Iron Skillet\*\*/);
    expect(r.response).toContain(formatMoney(90));
  });
});

describe('what buyers say', () => {
  let reviewIds: number[];
  beforeAll(async () => {
    const buyer = await signupCustomer(ctx.app, 'Rana Reviewer');
    const chair = id('Oak Office Chair');
    const rows = await ctx.database.query<{ id: number }>(
      `insert into reviews (product_id, user_id, author_name, stars, title, body) values
        ($1, $2, 'Rana', 5, 'Great chair', 'The chair is very comfortable for long workdays. Assembly took ten minutes.'),
        ($1, $2, 'Rana', 3, 'Armrests', 'The armrests feel flimsy and wobble a little.') returning id`, [chair, buyer.user.id]);
    reviewIds = rows.map((r) => r.id);
  });

  it('quotes a review and links to it', async () => {
    const r = await chat('what do buyers say about the Oak Office Chair?');
    const links = [...r.response.matchAll(/\]\(\/ai-assistant\?product=(\d+)#review-(\d+)\)/g)];
    expect(links.length).toBeGreaterThan(0);
    for (const [, product, review] of links) {
      expect(Number(product)).toBe(id('Oak Office Chair'));
      expect(reviewIds).toContain(Number(review));
    }
    expect(r.response).toContain('“The chair is very comfortable for long workdays.”');
    expect(r.response).toMatch(/criticise[^“]*“The armrests feel flimsy and wobble a little\.”/);
    expect(r.response).toContain('praise comfort (');
    expect(r.response).toContain('criticise build quality (');
  });

  it('names the review aspects in Arabic in an Arabic answer', async () => {
    const r = await chat('ماذا يقول المشترون عن Oak Office Chair؟');
    expect(r.response).toContain('يمدحون الراحة (');
    expect(r.response).toContain('ينتقدون جودة التصنيع (');
    // the aspects' English labels are gone (the quotes stay as the buyers wrote them)
    expect(r.response).not.toMatch(/(comfort|build quality) \(/i);
  });

  it('says so when a product has no reviews, and quotes nothing', async () => {
    const r = await chat('any reviews for it?', 'Cast Iron Skillet');
    expect(r.response).toMatch(/no reviews yet/);
    expect(r.response).not.toMatch(/#review-/);
  });
});
