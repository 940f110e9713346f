import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderRequestSchema } from '@souq/shared/api/orders';
import { messagesFor } from '@souq/shared/messages-for';
import { call, createTestApp, signupCustomer, type TestContext } from '../../../test/harness.js';
import { arabicSpelling, isArabicMessage, readArabic } from './assistant.arabic.js';
import { answerLocale } from './assistant.service.js';

// Issue 26 item 7: the built-in assistant understands the same intents in Arabic as in English and answers in the
// shopper's language. Each intent is asked both ways against one catalogue, and the two answers must act alike (the same
// products, the same actions and quantities) while each is written in its own language.

describe('reading an Arabic message', () => {
  it('rewrites intent phrases and keeps the product words, after folding the spelling', () => {
    expect(readArabic('مرحباً')).toBe('hello');
    expect(readArabic('أريد سماعات لاسلكية تحت ٢٠٠ درهم')).toBe('show سماعات wireless under 200 aed');
    expect(readArabic('أضف اثنين إلى السلة')).toBe('add 2 to my cart');
    expect(readArabic('ضع ٣ منه في سلتي')).toBe('add 3 it to my cart');
    expect(readArabic('أين طلبي؟')).toBe('where is my order ?');
    expect(readArabic('ما هي الأقسام؟')).toBe('what categories do you have ?');
    expect(readArabic('هل كان أرخص من قبل؟')).toMatch(/^has it been cheaper /);
    expect(readArabic('ما سياسة الإرجاع؟')).toBe('ما returns ?');
    expect(readArabic('قارن أرخص اثنين من الساعات')).toBe('compare cheapest 2 من الساعات');
    expect(readArabic('هل هذا يستحق السعر؟')).toBe('does this worth ?');
    expect(readArabic('أخبرني عنه')).toBe('tell me about it');
    // whoever a gift is for, by any word after its «ل», is no product word; the article «لل» is a thing or a place
    expect(readArabic('هدية لصاحبي يحب التخييم')).toBe('gift family loves التخييم');
    expect(readArabic('أبي هدية لأخوي يحب التنس')).toBe('show gift family loves التنس');
    expect(readArabic('ابي هدية للبيت')).toBe('show gift للبيت');
  });

  it('leaves English as it is, and tells the two scripts apart', () => {
    expect(readArabic('add 2 to my cart')).toBe('add 2 to my cart');
    expect(isArabicMessage('سماعات Sony')).toBe(true);
    expect(isArabicMessage('Sony WH-1000XM5 سماعات رأس لاسلكية للسفر')).toBe(true);
    expect(isArabicMessage('Sony headphones')).toBe(false);
    expect(isArabicMessage('١٢٣')).toBe(false);
  });

  it("answers in the message's language, else in the reader's", () => {
    expect(answerLocale('مرحبا', 'en')).toBe('ar');
    expect(answerLocale('hello', 'en')).toBe('en');
    expect(answerLocale('iphone 15 pro', 'ar')).toBe('ar');
    expect(answerLocale('٢', 'ar')).toBe('ar');
    expect(answerLocale('2', 'en')).toBe('en');
  });

  it('answers a message with no words of its own (a number, an order number, a name) in the language the shopper was writing in', () => {
    expect(answerLocale('SQ-250310-7KX4M', 'en', ['وين طلبي؟'])).toBe('ar');
    expect(answerLocale('2', 'en', ['كم سعر السماعات؟'])).toBe('ar');
    expect(answerLocale('Nova X15 Pro', 'en', ['أبي جوال', 'أيهم أفضل؟'])).toBe('ar');
    // the shopper's latest language counts, and a message of words keeps its own
    expect(answerLocale('SQ-250310-7KX4M', 'ar', ['وين طلبي؟', 'where is my order?'])).toBe('ar');
    expect(answerLocale('SQ-250310-7KX4M', 'en', ['وين طلبي؟', 'where is my order?'])).toBe('en');
    expect(answerLocale('yes please', 'en', ['ألغِ الطلب'])).toBe('en');
    expect(answerLocale('SQ-250310-7KX4M', 'en', [])).toBe('en');
  });

  it('never shows the words an age was read as in an Arabic echo of the request', () => {
    const spell = arabicSpelling('شي لطفلة عمرها سنة');
    expect(readArabic('شي لطفلة عمرها سنة')).toMatch(/1 years old/);
    expect(['لطفلة', '1', 'years', 'old'].map(spell).filter(Boolean).join(' ')).toBe('لطفلة 1 سنوات');
  });
});

type Reply = { response: string; mentionedProducts: { id: number; action: string; quantity?: number }[]; suggestedSearch: string | null };

const PRODUCTS = [
  { name: 'Sony WH-1000XM5 Wireless Headphones', nameAr: 'سماعات سوني اللاسلكية WH-1000XM5', price: 349, stock: 12, rating: 4.8, category: 'audio', description: 'Noise cancelling headphones.', descriptionAr: 'سماعات رأس بعزل الضوضاء وبطارية تدوم ٣٠ ساعة.' },
  { name: 'Bose QuietComfort 45 Headphones', nameAr: 'سماعات بوز كوايت كومفورت 45', price: 279, stock: 3, rating: 4.5, category: 'audio', description: 'Comfortable noise cancelling headphones.', descriptionAr: 'سماعات رأس مريحة بعزل الضوضاء.' },
  { name: 'JBL Tune 510BT Headphones', nameAr: 'سماعات جي بي إل تيون 510BT', price: 49, stock: 30, rating: 4.2, category: 'audio', description: 'Lightweight Bluetooth headphones.', descriptionAr: 'سماعات بلوتوث خفيفة الوزن.' },
  { name: 'Anker Soundcore Life Q30 Headphones', nameAr: 'سماعات أنكر ساوندكور لايف Q30', price: 79, stock: 15, rating: 4.4, category: 'audio', description: 'Budget noise cancelling headphones.', descriptionAr: 'سماعات اقتصادية بعزل الضوضاء.' },
  { name: 'Yoga Mat Non-Slip', nameAr: 'سجادة يوغا مانعة للانزلاق', price: 35, stock: 40, rating: 4.6, category: 'fitness', description: 'Cushioned exercise mat.', descriptionAr: 'سجادة تمارين مبطنة.' },
  { name: 'Nike Pegasus 40 Running Shoes', nameAr: 'حذاء الجري نايكي بيغاسوس 40', price: 129, stock: 20, rating: 4.6, category: 'shoes', description: 'Responsive road running shoes.', descriptionAr: 'حذاء جري خفيف للطرق.' },
];

let ctx: TestContext;
const ids = new Map<string, number>();
const id = (name: string) => ids.get(name)!;

beforeAll(async () => {
  ctx = await createTestApp();
  for (const p of PRODUCTS) {
    const row = await ctx.app.services.catalogue.createProduct({
      name: p.name, nameAr: p.nameAr, brand: p.name.split(' ')[0]!, categories: [p.category], priceCents: p.price * 100, stock: p.stock,
      rating: p.rating, reviewCount: 10, description: p.description, descriptionAr: p.descriptionAr,
    });
    ids.set(p.name, row.id);
  }
});
afterAll(async () => ctx?.close());

async function chat(body: Record<string, unknown>, opts: { token?: string; lang?: string } = {}): Promise<Reply> {
  const res = await call(ctx.app, {
    method: 'POST', url: '/api/ai/chat', body, token: opts.token, headers: opts.lang ? { 'accept-language': opts.lang } : {},
  });
  expect(res.status, res.body).toBe(200);
  return res.json as Reply;
}

const ARABIC_LETTERS = /[\u0621-\u064a]/g;
/** Most of the answer's letters are Arabic (product names and brands in Latin letters may stay). */
const inArabic = (text: string) => (text.match(ARABIC_LETTERS)?.length ?? 0) > (text.match(/[a-z]/gi)?.length ?? 0);
const mentioned = (r: Reply) => r.mentionedProducts.map((m) => m.id).sort();

describe('the same intents in Arabic and English', () => {
  it('greets in the language it was greeted in', async () => {
    const en = await chat({ message: 'Hello!' });
    const ar = await chat({ message: 'مرحبا' });
    expect(en.response).toMatch(/shopping assistant/);
    expect(ar.response).toContain('مساعد التسوق');
    expect(inArabic(ar.response)).toBe(true);
  });

  it('finds products by their Arabic words and names them by their Arabic names', async () => {
    const en = await chat({ message: 'show me noise cancelling headphones' });
    const ar = await chat({ message: 'أرني سماعات بعزل الضوضاء' });
    expect(mentioned(ar).length).toBeGreaterThan(0);
    expect(mentioned(ar).every((x) => PRODUCTS.some((p) => p.category === 'audio' && id(p.name) === x))).toBe(true);
    expect(mentioned(en).some((x) => mentioned(ar).includes(x))).toBe(true);
    expect(inArabic(ar.response)).toBe(true);
    expect(ar.response).toMatch(/\*\*سماعات [^*]+\*\*/);
  });

  it('keeps a budget written in Arabic words and digits', async () => {
    const ar = await chat({ message: 'سماعات بأقل من ١٠٠ درهم' });
    const en = await chat({ message: 'headphones under 100' });
    const cheap = new Set([id('JBL Tune 510BT Headphones'), id('Anker Soundcore Life Q30 Headphones')]);
    expect(mentioned(ar).length).toBeGreaterThan(0);
    expect(mentioned(ar).every((x) => cheap.has(x))).toBe(true);
    expect(mentioned(ar)).toEqual(mentioned(en));
    expect(ar.response).toContain('بأقل من');
  });

  it('compares the locked products', async () => {
    const locked = [id('Sony WH-1000XM5 Wireless Headphones'), id('Bose QuietComfort 45 Headphones')];
    const en = await chat({ message: 'compare them', lockedProductIds: locked });
    const ar = await chat({ message: 'قارن بينهما', lockedProductIds: locked });
    expect(en.response).toMatch(/^Here is how they compare/);
    expect(ar.response).toMatch(/^هذه مقارنة بينها/);
    expect(ar.response).toContain('• الأرخص: **سماعات بوز كوايت كومفورت 45**');
    expect(mentioned(ar)).toEqual(mentioned(en));
  });

  it('adds to the cart with a quantity in Arabic words or digits', async () => {
    const mat = id('Yoga Mat Non-Slip');
    const context = { productContext: { id: mat } };
    const en = await chat({ message: 'add two to my cart', ...context });
    const words = await chat({ message: 'أضف اثنين إلى السلة', ...context });
    const digits = await chat({ message: 'ضع ٣ منه في سلتي', ...context });
    expect(en.mentionedProducts).toContainEqual({ id: mat, action: 'add_to_cart', quantity: 2 });
    expect(words.mentionedProducts).toContainEqual({ id: mat, action: 'add_to_cart', quantity: 2 });
    expect(digits.mentionedProducts).toContainEqual({ id: mat, action: 'add_to_cart', quantity: 3 });
    expect(words.response).toBe(messagesFor('ar').addedToCart(2, 'سجادة يوغا مانعة للانزلاق'));
  });

  it('names a product to add by its Arabic name', async () => {
    const r = await chat({ message: 'أضف سجادة يوغا إلى السلة' });
    expect(r.mentionedProducts).toContainEqual({ id: id('Yoga Mat Non-Slip'), action: 'add_to_cart', quantity: 1 });
  });

  it('focuses the product asked about, and describes it from its Arabic listing', async () => {
    const shoes = id('Nike Pegasus 40 Running Shoes');
    const en = await chat({ message: 'tell me about it', productContext: { id: shoes } });
    const ar = await chat({ message: 'أخبرني عنه', productContext: { id: shoes } });
    for (const r of [en, ar]) expect(r.mentionedProducts).toContainEqual({ id: shoes, action: 'focus' });
    expect(ar.response).toContain('**حذاء الجري نايكي بيغاسوس 40**');
    expect(ar.response).toContain('حذاء جري خفيف للطرق.');
  });

  it('suggests similar products', async () => {
    const sony = id('Sony WH-1000XM5 Wireless Headphones');
    const en = await chat({ message: 'show me similar products', productContext: { id: sony } });
    const ar = await chat({ message: 'أرني منتجات مشابهة', productContext: { id: sony } });
    // the same finding in each language: products similar to it, or none yet
    expect(ar.response.startsWith('إليك منتجات مشابهة لـ')).toBe(en.response.startsWith('Here are products similar to'));
    expect(ar.response).toContain('مشابهة لـ **سماعات سوني اللاسلكية WH-1000XM5**');
    expect(mentioned(ar)).toEqual(mentioned(en));
  });

  it("answers about the shopper's own orders, in Arabic, and asks a stranger to sign in", async () => {
    const anonymous = await chat({ message: 'أين طلبي؟' });
    expect(anonymous.response).toBe(messagesFor('ar').assistantOrdersSignIn);
    const { token, user } = await signupCustomer(ctx.app, 'Layla Orders');
    const none = await chat({ message: 'أين طلبي؟' }, { token });
    expect(none.response).toBe(messagesFor('ar').assistantNoOrders);
    const request = orderRequestSchema.parse({
      items: [{ product_id: id('Yoga Mat Non-Slip'), quantity: 1 }],
      customer_info: { email: 'layla@example.test', name: 'Layla' },
      shipping_address: { address: 'Corniche Road 4', city: 'Abu Dhabi' },
      payment_method: 'cod',
    });
    const order = (await ctx.app.services.orders.placeOrder(request, { userId: user.id })).order;
    const mine = await chat({ message: 'أين طلبي؟' }, { token });
    expect(mine.response).toContain(order.order_number);
  });

  it('quotes the shop rules asked about in Arabic', async () => {
    const en = await chat({ message: 'what is your return policy?' });
    const ar = await chat({ message: 'ما سياسة الإرجاع؟' });
    expect(ar.response).not.toBe('');
    // the answer is Arabic: apart from the isolated amounts and names, no English sentence
    expect(ar.response.replace(/\u2068[^\u2069]*\u2069/g, '')).not.toMatch(/[A-Za-z]{3,}/);
    expect(ar.mentionedProducts).toEqual(en.mentionedProducts);
    expect(ar.suggestedSearch).toBeNull();
  });

  it("answers in the page's language unless the message is Arabic", async () => {
    const onArabic = await chat({ message: 'Hello!' }, { lang: 'ar' });
    expect(onArabic.response).toContain('مساعد التسوق');
    const onEnglish = await chat({ message: 'Hello!' }, { lang: 'en' });
    expect(onEnglish.response).toMatch(/shopping assistant/);
    const ar = await chat({ message: 'مرحبا' }, { lang: 'en' });
    expect(inArabic(ar.response)).toBe(true);
  });
});
