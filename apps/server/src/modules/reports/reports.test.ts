import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@souq/shared/messages';
import { adminToken, call, createTestApp, signupCustomer, signupVendor, type TestContext } from '../../../test/harness.js';
import { expectAdminOnly, makeProduct, placeOrder } from '../../../test/admin-fixtures.js';
import { createReportsService } from './reports.service.js';

let t: TestContext;
let admin: string;
let customer: Awaited<ReturnType<typeof signupCustomer>>;
let vendor: Awaited<ReturnType<typeof signupVendor>>;
const ids: Record<string, number> = {};
const DAY = 86_400_000;
const day = (msAgo: number) => new Date(Date.now() - msAgo).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t.app, t.config);
  customer = await signupCustomer(t.app);
  vendor = await signupVendor(t.app);
  const phone = await makeProduct(t.app, { name: 'Report Phone', nameAr: 'هاتف التقرير', priceCents: 120_000, stock: 20, categories: ['Smartphones', 'Electronics'] });
  const case_ = await makeProduct(t.app, { name: 'Report Case', priceCents: 4_000, stock: 3, categories: ['Accessories'] });
  const book = await makeProduct(t.app, { name: 'Report Book', priceCents: 6_000, stock: 30, categories: [] });
  await makeProduct(t.app, { name: 'Report Draft', priceCents: 1_000, stock: 7, status: 'inactive' });
  await makeProduct(t.app, { name: 'Report Archived', priceCents: 1_000, stock: 100, status: 'archived' });
  Object.assign(ids, { phone: phone.id, case: case_.id, book: book.id });
  // today: a phone with two cases (cod, pending), two books (card), a cancelled case (never counts)
  const a = await placeOrder(t.app, [{ productId: phone.id, quantity: 1 }, { productId: case_.id, quantity: 2 }], { payment: 'cod' });
  const b = await placeOrder(t.app, [{ productId: book.id, quantity: 2 }], { payment: 'card' });
  const c = await placeOrder(t.app, [{ productId: case_.id, quantity: 1 }], { payment: 'cod' });
  await t.app.services.orders.setStatus(c.id, 'cancelled');
  // three days ago: a book, delivered cash on delivery (collected); forty days ago: a refunded phone
  const d = await placeOrder(t.app, [{ productId: book.id, quantity: 1 }], { payment: 'cod' });
  await t.app.services.orders.setStatus(d.id, 'delivered');
  // refunded the way money goes back (decision 0117): delivered, returned, received without restocking, then marked
  const buyer = await signupCustomer(t.app, 'Refund Buyer');
  const e = await placeOrder(t.app, [{ productId: phone.id, quantity: 1 }], { payment: 'card', userId: buyer.user.id });
  await t.app.services.orders.setStatus(e.id, 'delivered');
  const staff = { userId: null, role: 'admin' as const, name: 'Report Admin', ip: null };
  const [line] = await t.database.query<{ id: number }>('select id from order_items where order_id = $1', [e.id]);
  const ret = await t.app.services.returns.request(buyer.user.id, { order_id: e.id, line_id: line!.id, units: 1, reason: 'damaged' }, { ...staff, userId: buyer.user.id, role: 'user' });
  await t.app.services.returns.approve(ret.id, { admin: true }, '', staff);
  await t.app.services.returns.receive(ret.id, { admin: true }, false, staff);
  await t.app.services.orders.setStatus(e.id, 'refunded');
  await t.database.query('update orders set created_at = $2 where id = $1', [d.id, new Date(Date.now() - 3 * DAY)]);
  await t.database.query('update orders set created_at = $2 where id = $1', [e.id, new Date(Date.now() - 40 * DAY)]);
  Object.assign(ids, { a: a.id, b: b.id, c: c.id, d: d.id, e: e.id });
});
afterAll(() => t.close());

describe('report routes: authorization', () => {
  it('refuse anonymous callers (401), customers and vendors (403), /api/analytics/sales included', async () => {
    const failures = await expectAdminOnly(t.app, { customer: customer.token, vendor: vendor.token }, [
      { method: 'GET', url: '/api/admin/overview' },
      { method: 'GET', url: '/api/analytics/sales' },
      { method: 'GET', url: '/api/admin/payments' },
      { method: 'GET', url: '/api/admin/chatbot' },
    ]);
    expect(failures).toEqual([]);
  });
});

describe('GET /api/admin/overview', () => {
  it('gives the four cards from the database and an AI summary that states the same numbers', async () => {
    const res = await call(t.app, { url: '/api/admin/overview', token: admin });
    expect(res.status).toBe(200);
    // stock after the orders: phone 20-1-1 (refund keeps it out), case 3-2 (the cancelled one came back), book 30-3
    expect(res.json).toMatchObject({
      total_products: 4,
      active_products: 3,
      total_inventory: 18 + 1 + 27 + 7,
      inventory_value: 18 * 1200 + 1 * 40 + 27 * 60 + 7 * 10,
      low_stock: 1,
      orders_30d: 3,
      revenue_30d: 1200 + 80 + 120 + 60,
      pending_orders: 2,
      top_category_30d: 'Smartphones',
      currency: 'AED',
    });
    const summary: string = res.json.ai.summary;
    expect(summary).toContain('3 of 4 products are active (75%).');
    expect(summary).toContain('53 units are in stock, worth AED\u00a023,330.00');
    expect(summary).toContain('1 active product is low on stock (under 10 units)');
    expect(summary).toContain('3 orders and AED\u00a01,460.00 in sales (AED\u00a0486.67 per order). Smartphones sold the most.');
    expect(summary).toContain('2 orders wait for confirmation.');
    // deterministic: asked again, the same words
    expect((await call(t.app, { url: '/api/admin/overview', token: admin })).json.ai.summary).toBe(summary);
  });

  it("writes the AI summary in the reader's language, the department in Arabic", async () => {
    const ar: string = (await call(t.app, { url: '/api/admin/overview?lang=ar', token: admin })).json.ai.summary;
    expect(ar).toContain('النشط 3 من 4 منتجات (75%).');
    expect(ar).toContain('مخزون منتج نشط واحد منخفض (أقل من 10 وحدات)');
    expect(ar).toContain('جلبت آخر 30 يومًا 3 طلبات');
    expect(ar).toContain('الفئة الأكثر مبيعًا: الهواتف الذكية.');
    expect(ar).toContain('عدد الطلبات بانتظار التأكيد: 2.');
    expect(ar).not.toMatch(/[A-Za-z]/);
    const viaHeader = await call(t.app, { url: '/api/admin/overview', token: admin, headers: { 'accept-language': 'ar' } });
    expect(viaHeader.json.ai.summary).toBe(ar);
    // the top category's card shows its Arabic name too
    expect(viaHeader.json.top_category_30d_ar).toBe('الهواتف الذكية');
  });
});

describe('GET /api/analytics/sales', () => {
  it('builds the four tables and revenue per day from real orders of the last 30 days (cancelled and refunded left out)', async () => {
    const res = await call(t.app, { url: '/api/analytics/sales', token: admin });
    expect(res.status).toBe(200);
    const s = res.json;
    expect(s.to).toBe(day(0));
    expect(s.from).toBe(day(29 * DAY));
    expect(s.totals).toEqual({ orders: 3, revenue: 1460, units_sold: 6 });
    expect(s.categories).toEqual([
      { category: 'Smartphones', revenue: 1200, units_sold: 1 },
      { category: 'Uncategorized', revenue: 180, units_sold: 3 },
      { category: 'Accessories', revenue: 80, units_sold: 2 },
    ]);
    expect(s.products).toEqual([
      { id: ids.phone, name: 'Report Phone', name_ar: 'هاتف التقرير', revenue: 1200, units_sold: 1 },
      { id: ids.book, name: 'Report Book', name_ar: '', revenue: 180, units_sold: 3 },
      { id: ids.case, name: 'Report Case', name_ar: '', revenue: 80, units_sold: 2 },
    ]);
    expect(s.price_buckets).toEqual([
      { bucket: 'AED 0–50', low: 0, high: 50, items: 2, revenue: 80 },
      { bucket: 'AED 50–100', low: 50, high: 100, items: 3, revenue: 180 },
      { bucket: 'AED 100–250', low: 100, high: 250, items: 0, revenue: 0 },
      { bucket: 'AED 250–500', low: 250, high: 500, items: 0, revenue: 0 },
      { bucket: 'AED 500–1,000', low: 500, high: 1000, items: 0, revenue: 0 },
      { bucket: 'AED 1,000+', low: 1000, high: null, items: 1, revenue: 1200 },
    ]);
    expect(s.cart_value_buckets.filter((b: { orders: number }) => b.orders > 0)).toEqual([
      { bucket: 'AED 0–100', low: 0, high: 100, orders: 1, revenue: 60 },
      { bucket: 'AED 100–250', low: 100, high: 250, orders: 1, revenue: 120 },
      { bucket: 'AED 1,000–2,500', low: 1000, high: 2500, orders: 1, revenue: 1280 },
    ]);
    expect(s.revenue_by_day).toHaveLength(30);
    expect(s.revenue_by_day.at(-1)).toEqual({ date: day(0), revenue: 1400, orders: 2 });
    expect(s.revenue_by_day.find((d: { date: string }) => d.date === day(3 * DAY))).toEqual({ date: day(3 * DAY), revenue: 60, orders: 1 });
    expect(s.revenue_by_day.reduce((n: number, d: { revenue: number }) => n + d.revenue, 0)).toBe(1460);
  });

  it('takes a date range; a range without orders gives empty tables', async () => {
    const old = await call(t.app, { url: `/api/analytics/sales?from=${day(45 * DAY)}&to=${day(35 * DAY)}`, token: admin });
    expect(old.json.totals).toEqual({ orders: 0, revenue: 0, units_sold: 0 });
    expect(old.json.categories).toEqual([]);
    expect(old.json.revenue_by_day).toHaveLength(11);
    const one = await call(t.app, { url: `/api/analytics/sales?from=${day(3 * DAY)}&to=${day(3 * DAY)}`, token: admin });
    expect(one.json.totals).toEqual({ orders: 1, revenue: 60, units_sold: 1 });
    const since = await call(t.app, { url: `/api/analytics/sales?from=${day(3 * DAY)}`, token: admin });
    expect(since.json).toMatchObject({ from: day(3 * DAY), to: day(0), totals: { orders: 3 } });
  });

  it('refuses a malformed, reversed or too long range with 400 and the reason', async () => {
    const bad = async (query: string) => call(t.app, { url: `/api/analytics/sales?${query}`, token: admin });
    expect((await bad('from=yesterday')).json).toMatchObject({ error: MSG.validationFailed, fields: { from: 'Use a date like 2025-01-31' } });
    expect((await bad('from=2025-02-30')).status).toBe(400);
    expect((await bad('from=2025-03-10&to=2025-03-01')).json).toMatchObject({ error: MSG.validationFailed, fields: { from: MSG.dateRangeInvalid } });
    expect((await bad('from=2020-01-01&to=2025-01-01')).json).toMatchObject({ error: MSG.dateRangeTooLong(366) });
    expect((await bad('from=2020-01-01')).status).toBe(400);
  });
});

describe('GET /api/admin/payments', () => {
  it('totals by payment method, card money as not taken, and the cash on delivery still to collect', async () => {
    const res = await call(t.app, { url: '/api/admin/payments', token: admin });
    expect(res.status).toBe(200);
    const total = async (id: number) => Number((await t.database.query<{ total_cents: number }>('select total_cents from orders where id = $1', [id]))[0]!.total_cents) / 100;
    const [a, b, d, e] = [await total(ids.a!), await total(ids.b!), await total(ids.d!), await total(ids.e!)];
    expect(res.json).toEqual({
      currency: 'AED',
      methods: [
        // card money no provider has taken is awaiting payment, not received (issue 34 item 9)
        { method: 'card', label: 'Credit/Debit Card', orders: 1, amount: b, collection: 'not_taken', collected: 0 },
        { method: 'cod', label: 'Cash on Delivery', orders: 2, amount: Math.round((a + d) * 100) / 100, collection: 'on_delivery', collected: null },
        // purchases paid in full by store credit (decision 0157): none here
        { method: 'store_credit', label: 'Store credit', orders: 0, amount: 0, collection: 'store_credit', collected: null },
      ],
      cod_to_collect: { orders: 1, amount: a },
      refunded: { orders: 1, amount: e },
    });
  });
});

describe('GET /api/admin/chatbot', () => {
  it('counts chats, messages per chat, chats that ended with an add-to-cart and topics, from the stored conversations', async () => {
    const empty = await call(t.app, { url: '/api/admin/chatbot', token: admin });
    expect(empty.json).toEqual({ window_hours: 24, chats: 0, messages: 0, user_messages: 0, messages_per_chat: 0, chats_with_add_to_cart: 0, add_to_cart_share: 0, topics: [] });

    const chat = (body: object) => call(t.app, { method: 'POST', url: '/api/ai/chat', body });
    // visit 1: asks about phones and prices, then the assistant adds two to the cart
    await chat({ message: 'Do you have a cheap phone?', sessionId: 'visit-one' });
    await chat({ message: 'buy two of them and put them in my cart', productContext: { id: ids.phone }, sessionId: 'visit-one' });
    // visit 2: one question about delivery, nothing added
    await chat({ message: 'How long does delivery take?', sessionId: 'visit-two' });
    // visit 3: a question, then the shopper adds from the chat (the browser's event carries the visit's session id)
    await chat({ message: 'Which laptop is better for travel?', sessionId: 'visit-three' });
    const event = await call(t.app, {
      method: 'POST', url: '/api/personalize/events',
      body: { userId: 'anon-3', itemId: String(ids.book), eventType: 'add_to_cart', sessionId: 'visit-three', properties: { quantity: 1, source: 'chat' } },
    });
    expect(event.status).toBe(200);
    // an add_to_cart from elsewhere in the shop does not count for the chat
    await call(t.app, { method: 'POST', url: '/api/personalize/events', body: { userId: 'anon-2', itemId: String(ids.book), eventType: 'add_to_cart', sessionId: 'visit-two', properties: { source: 'product_card' } } });

    const res = await call(t.app, { url: '/api/admin/chatbot', token: admin });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ window_hours: 24, chats: 3, messages: 8, user_messages: 4, messages_per_chat: 2.7, chats_with_add_to_cart: 2 });
    expect(res.json.add_to_cart_share).toBeCloseTo(2 / 3);
    expect(res.json.topics).toEqual([
      { topic: 'Comparisons', messages: 1 },
      { topic: 'Laptops & computers', messages: 1 },
      { topic: 'Orders & delivery', messages: 2 },
      { topic: 'Phones & tablets', messages: 1 },
      { topic: 'Prices & budget', messages: 1 },
    ].sort((x, y) => y.messages - x.messages || x.topic.localeCompare(y.topic)));
    // the same counts, the topics named in the reader's language
    const ar = await call(t.app, { url: '/api/admin/chatbot?lang=ar', token: admin });
    expect(ar.json.topics[0]).toEqual({ topic: 'الطلبات والتوصيل', messages: 2 });
    expect(new Set(ar.json.topics.map((x: { topic: string }) => x.topic))).toEqual(new Set(['المقارنات', 'أجهزة اللابتوب والكمبيوتر', 'الطلبات والتوصيل', 'الهواتف والأجهزة اللوحية', 'الأسعار والميزانية']));

    // older than 24 hours: out of the window
    await t.database.query("update chat_messages set created_at = now() - interval '2 days'");
    expect((await call(t.app, { url: '/api/admin/chatbot', token: admin })).json).toMatchObject({ chats: 0, messages: 0, topics: [] });
  });

  it('counts Arabic questions under their topics, once each, beside the English ones', async () => {
    const chat = (message: string, sessionId: string) => call(t.app, { method: 'POST', url: '/api/ai/chat', body: { message, sessionId } });
    await chat('هل عندكم هاتف رخيص؟', 'visit-ar');
    await chat('متى يصل طلبي؟', 'visit-ar');
    // an Arabic question naming the topic in English too counts once under it
    await chat('هل التوصيل delivery مجاني', 'visit-ar');
    await chat('Is there a cheap laptop?', 'visit-en');
    const res = await call(t.app, { url: '/api/admin/chatbot', token: admin });
    expect(res.json.topics).toEqual([
      { topic: 'Orders & delivery', messages: 2 },
      { topic: 'Prices & budget', messages: 2 },
      { topic: 'Laptops & computers', messages: 1 },
      { topic: 'Phones & tablets', messages: 1 },
    ]);
    await t.database.query("update chat_messages set created_at = now() - interval '2 days'");
  });
});

describe('the bell (reports.alerts)', () => {
  it('adds up what the vendors and support modules report, one line each', async () => {
    const reports = createReportsService({ db: t.database.db, currency: 'AED', managedProducts: async () => [], pendingVendors: async () => 2, supportAwaiting: async () => 1 });
    expect(await reports.alerts()).toEqual({
      total: 3,
      items: [
        { kind: 'vendors_pending_review', label: 'vendors pending review', count: 2, section: 'vendors' },
        { kind: 'support_awaiting_staff', label: 'support conversation awaiting a reply', count: 1, section: 'support' },
      ],
    });
    expect(await createReportsService({ db: t.database.db, currency: 'AED', managedProducts: async () => [] }).alerts()).toEqual({ total: 0, items: [] });
  });
});
