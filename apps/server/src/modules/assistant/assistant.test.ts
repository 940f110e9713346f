import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '@souq/shared/rules/money';
import { MSG } from '@souq/shared/messages';
import { orderRequestSchema } from '@souq/shared/api/orders';
import { SHOP_POLICIES } from '@souq/shared/rules/policies';
import { call, createTestApp, signupCustomer, type TestContext } from '../../../test/harness.js';
import { createAssistantService } from './assistant.service.js';
import { aftersalesPhrases } from './assistant.aftersales-phrases.js';

const EN = aftersalesPhrases('en');

type Seed = { name: string; brand: string; categories: string[]; price: number; stock: number; rating: number; reviews: number; description?: string; bullets?: string[]; warranty?: string };

const PRODUCTS: Seed[] = [
  { name: 'Nike Pegasus 40 Running Shoes', brand: 'Nike', categories: ['shoes', 'sports'], price: 129, stock: 20, rating: 4.6, reviews: 310, description: 'Responsive road running shoes.', bullets: ['React foam', 'Breathable mesh'] },
  { name: 'Adidas Ultraboost Light Running Shoes', brand: 'Adidas', categories: ['shoes', 'sports'], price: 189, stock: 4, rating: 4.4, reviews: 150, description: 'Cushioned running sneakers.' },
  { name: 'ASICS Gel-Nimbus 25 Running Shoes', brand: 'ASICS', categories: ['shoes', 'sports'], price: 239, stock: 7, rating: 4.7, reviews: 95, description: 'Max cushion for long runs.' },
  { name: 'Trail Running Shoes Budget', brand: 'Kalenji', categories: ['shoes', 'outdoor'], price: 49, stock: 0, rating: 3.9, reviews: 40, description: 'Grippy trail shoes.' },
  { name: 'Sony WH-1000XM5 Wireless Headphones', brand: 'Sony', categories: ['audio'], price: 349, stock: 12, rating: 4.8, reviews: 900, description: 'Industry-leading noise cancelling headphones.', bullets: ['30 hour battery', 'Multipoint Bluetooth'], warranty: '2 years' },
  { name: 'Bose QuietComfort 45 Headphones', brand: 'Bose', categories: ['audio'], price: 279, stock: 3, rating: 4.5, reviews: 600, description: 'Comfortable noise cancelling headphones.' },
  { name: 'JBL Tune 510BT Headphones', brand: 'JBL', categories: ['audio'], price: 49, stock: 30, rating: 4.2, reviews: 1200, description: 'Lightweight Bluetooth headphones.' },
  { name: 'Anker Soundcore Life Q30 Headphones', brand: 'Anker', categories: ['audio'], price: 79, stock: 15, rating: 4.4, reviews: 700, description: 'Budget noise cancelling headphones.' },
  { name: 'Sony SRS-XB13 Bluetooth Speaker', brand: 'Sony', categories: ['audio'], price: 59, stock: 9, rating: 4.3, reviews: 420, description: 'Small waterproof speaker.' },
  { name: 'Dell XPS 13 Laptop', brand: 'Dell', categories: ['laptops', 'electronics'], price: 1199, stock: 5, rating: 4.5, reviews: 210, description: 'Compact ultrabook.' },
  { name: 'Acer Aspire 3 Laptop', brand: 'Acer', categories: ['laptops', 'electronics'], price: 379, stock: 11, rating: 4.0, reviews: 180, description: 'Budget laptop for students.' },
  { name: 'Yoga Mat Non-Slip', brand: 'Gaiam', categories: ['fitness'], price: 35, stock: 40, rating: 4.6, reviews: 800, description: 'Cushioned exercise mat.' },
  { name: 'Adjustable Dumbbells 24kg', brand: 'Bowflex', categories: ['fitness'], price: 399, stock: 6, rating: 4.7, reviews: 330, description: 'Space-saving dumbbells.' },
  { name: 'Nordic Down Puffer Jacket', brand: 'Nordic', categories: ['fashion'], price: 799, stock: 22, rating: 4.6, reviews: 512, description: 'Warm winter jacket.', warranty: '30-day returns' },
];

let ctx: TestContext;
const byName = new Map<string, { id: number; price: number; stock: number }>();
const id = (name: string) => byName.get(name)!.id;

beforeAll(async () => {
  ctx = await createTestApp();
  for (const p of PRODUCTS) {
    const row = await ctx.app.services.catalogue.createProduct({
      name: p.name, brand: p.brand, categories: p.categories, priceCents: p.price * 100, stock: p.stock, rating: p.rating,
      reviewCount: p.reviews, description: p.description ?? '', bulletPoints: p.bullets ?? [], warrantyInfo: p.warranty ?? null,
    });
    byName.set(p.name, { id: row.id, price: p.price, stock: p.stock });
  }
});
afterAll(async () => ctx?.close());

type Reply = { response: string; mentionedProducts: { id: number; action: string }[]; suggestedSearch: string | null; sessionId?: string };

async function chat(body: Record<string, unknown>, token?: string): Promise<Reply> {
  const res = await call(ctx.app, { method: 'POST', url: '/api/ai/chat', body, token });
  expect(res.status, res.body).toBe(200);
  const reply = res.json as Reply;
  groundedCheck(reply);
  return reply;
}

/** Every bold product name exists, and a price written right after it is the database's price, in the shop's currency. */
function groundedCheck(reply: Reply) {
  for (const m of reply.response.matchAll(/\*\*(?:\d+ × )?([^*]+)\*\*( — ((?:[A-Z]{3}\u00a0|\$)[\d,.]+))?/g)) {
    const known = byName.get(m[1]!);
    if (!known) continue;
    if (m[3]) expect(m[3]).toBe(formatMoney(known.price));
  }
  for (const p of reply.mentionedProducts) expect([...byName.values()].some((k) => k.id === p.id)).toBe(true);
}
const boldNames = (r: Reply) => [...r.response.matchAll(/\*\*([^*]+)\*\*/g)].map((m) => m[1]!).filter((n) => byName.has(n));

describe('POST /api/ai/chat (built-in assistant)', () => {
  it('validates the message', async () => {
    const res = await call(ctx.app, { method: 'POST', url: '/api/ai/chat', body: { message: '   ' } });
    expect(res.status).toBe(400);
  });

  it('greets and offers help', async () => {
    const r = await chat({ message: 'Hello!' });
    expect(r.response).toMatch(/shopping assistant/i);
    expect(r.mentionedProducts).toEqual([]);
    expect(r.suggestedSearch).toBeNull();
  });

  it('searches with a budget: at most 3 products, all within budget, and a search for the client', async () => {
    const r = await chat({ message: 'show me running shoes under 200' });
    const names = boldNames(r);
    expect(names.length).toBeGreaterThan(0);
    expect(names.length).toBeLessThanOrEqual(3);
    for (const n of names) expect(byName.get(n)!.price).toBeLessThanOrEqual(200);
    expect(names).toContain('Nike Pegasus 40 Running Shoes');
    expect(names).not.toContain('ASICS Gel-Nimbus 25 Running Shoes');
    expect(r.suggestedSearch).toBe('running shoes under 200');
    expect(r.response).toContain('searching for "running shoes under 200"');
    expect(r.mentionedProducts.length).toBeLessThanOrEqual(3);
    const cats = /Categories: (.*)/.exec(r.response)?.[1]?.split(', ') ?? [];
    expect(cats.length).toBeLessThanOrEqual(5);
  });

  it('says when nothing fits the budget and shows the nearest prices instead', async () => {
    const r = await chat({ message: 'show me dumbbells under 100' });
    expect(r.response).toContain("I couldn't find **dumbbells** under");
    expect(boldNames(r)).toEqual(['Adjustable Dumbbells 24kg']);
    expect(r.suggestedSearch).toBe('dumbbells');
  });

  it('understands a price range and brands', async () => {
    const r = await chat({ message: 'headphones between 50 and 100' });
    expect(boldNames(r)).toEqual(['Anker Soundcore Life Q30 Headphones']);
    expect(r.mentionedProducts).toEqual([{ id: id('Anker Soundcore Life Q30 Headphones'), action: 'focus' }]);
    const sony = await chat({ message: 'do you have anything from sony?' });
    expect(boldNames(sony).sort()).toEqual(['Sony SRS-XB13 Bluetooth Speaker', 'Sony WH-1000XM5 Wireless Headphones']);
  });

  it('answers the four quick questions of the product modal from the database', async () => {
    const sony = 'Sony WH-1000XM5 Wireless Headphones';
    const productContext = { id: id(sony), name: sony };
    const more = await chat({ message: `Tell me more about ${sony}`, productContext });
    expect(more.response).toContain(`**${sony}** by Sony`);
    expect(more.response).toContain('30 hour battery');
    expect(more.response).toContain('Warranty: 2 years');
    expect(more.response).toContain('12 in stock');
    expect(more.mentionedProducts).toContainEqual({ id: id(sony), action: 'focus' });

    const worth = await chat({ message: `Is ${sony} worth the price?`, productContext });
    expect(worth.response).toContain("it has the highest price among our 5 audio products (median AED\u00a079.00)");
    expect(worth.response).toContain('rated 4.8/5');
    expect(worth.response).toMatch(/premium pick/);

    const similar = await chat({ message: `Show me products similar to ${sony}`, productContext });
    const names = boldNames(similar).filter((n) => n !== sony);
    expect(names.length).toBeGreaterThan(0);
    expect(names.length).toBeLessThanOrEqual(3);
    expect(names).toContain('Bose QuietComfort 45 Headphones');

    const buy = await chat({ message: `How do I purchase ${sony}?`, productContext });
    expect(buy.response).toContain('Proceed to Checkout');
    expect(buy.response).toContain('Cash on Delivery');
    expect(buy.response).toContain('AED\u00a0349.00');
  });

  it('compares the two locked products on price, rating, stock and value', async () => {
    const a = 'Nike Pegasus 40 Running Shoes';
    const b = 'ASICS Gel-Nimbus 25 Running Shoes';
    const r = await chat({ message: 'Which has better value?', lockedProductIds: [id(a), id(b)] });
    expect(r.response).toContain(`**${a}** — AED\u00a0129.00`);
    expect(r.response).toContain(`**${b}** — AED\u00a0239.00`);
    expect(r.response).toContain(`Cheaper: **${a}**, by AED\u00a0110.00`);
    expect(r.response).toMatch(/Better rated: \*\*ASICS Gel-Nimbus 25 Running Shoes\*\* \(4\.7 vs 4\.6\)/);
    expect(r.response).toContain(`My pick for value: **${a}**`);
    expect(r.mentionedProducts).toEqual(expect.arrayContaining([{ id: id(a), action: 'compare' }, { id: id(b), action: 'compare' }]));
  });

  it('compares products named by their model numbers', async () => {
    const r = await chat({ message: 'which is better, the 510BT or the Q30?' });
    expect(boldNames(r)).toEqual(expect.arrayContaining(['JBL Tune 510BT Headphones', 'Anker Soundcore Life Q30 Headphones']));
    expect(r.response).toContain('Better rated: **Anker Soundcore Life Q30 Headphones** (4.4 vs 4.2)');
  });

  it('asks which products to compare when none are on the table', async () => {
    const r = await chat({ message: 'which one is better?' });
    expect(r.response).toMatch(/Which two products should I compare/);
  });

  it('follows up on the context product and on products named earlier', async () => {
    const bose = 'Bose QuietComfort 45 Headphones';
    const price = await chat({ message: 'how much is it?', productContext: { id: id(bose), name: bose } });
    expect(price.response).toContain(`**${bose}** costs AED\u00a0279.00`);
    expect(price.response).toContain('3 available');
    expect(price.mentionedProducts).toEqual([{ id: id(bose), action: 'focus' }]);

    const listed = await chat({ message: 'compare Sony WH-1000XM5 and Bose QuietComfort 45' });
    expect(boldNames(listed)).toEqual(expect.arrayContaining(['Sony WH-1000XM5 Wireless Headphones', bose]));
    const history = [
      { isBot: false, text: 'compare Sony WH-1000XM5 and Bose QuietComfort 45' },
      { isBot: true, text: listed.response },
    ];
    const cheaper = await chat({ message: 'and the cheaper one?', conversationHistory: history });
    expect(cheaper.response).toContain(`That is **${bose}**: AED\u00a0279.00`);
    expect(cheaper.mentionedProducts).toContainEqual({ id: id(bose), action: 'focus' });
  });

  it('steers off-topic questions back to shopping', async () => {
    const r = await chat({ message: "what's the weather in Dubai tomorrow?" });
    expect(r.response).toMatch(/shopping assistant, so I can't help with that/);
    expect(r.mentionedProducts).toEqual([]);
  });

  it('says when it cannot find a product and suggests searching', async () => {
    const r = await chat({ message: 'tell me about the Zorblax 9000' });
    expect(r.response).toContain("we don't have **zorblax 9000** at Souq");
    expect(r.response).toMatch(/Try a broader search/);
    expect(r.mentionedProducts).toEqual([]);
  });

  it('answers cart requests with an add_to_cart action and quantity for the storefront to perform', async () => {
    const r = await chat({ message: 'buy two of them and put them in my cart', productContext: { id: id('Yoga Mat Non-Slip') } });
    expect(r.response).toBe(MSG.addedToCart(2, 'Yoga Mat Non-Slip'));
    expect(r.mentionedProducts).toEqual([{ id: id('Yoga Mat Non-Slip'), action: 'add_to_cart', quantity: 2 }]);
    const short = await chat({ message: 'put five in my bag', productContext: { id: id('Adidas Ultraboost Light Running Shoes') } });
    expect(short.response).toMatch(/^Only 4 of \*\*Adidas Ultraboost Light Running Shoes\*\*/);
    expect(short.mentionedProducts.some((m) => m.action === 'add_to_cart')).toBe(false);
    const none = await chat({ message: 'add it to my cart' });
    expect(none.response).toBe(MSG.productNotFoundInChat);
  });

  it('reads the stock from the database at answer time', async () => {
    const mat = 'Yoga Mat Non-Slip';
    await ctx.app.services.catalogue.updateProduct(id(mat), { stock: 0 });
    const r = await chat({ message: 'is it in stock?', productContext: { id: id(mat) } });
    expect(r.response).toContain('out of stock right now');
    await ctx.app.services.catalogue.updateProduct(id(mat), { stock: 40 });
  });
});

describe('stored chat sessions', () => {
  it('saves every exchange in one session per visit, with the signed-in user and the counters', async () => {
    const { token, user } = await signupCustomer(ctx.app, 'Mona Shopper');
    const first = await chat({ message: 'hello', sessionId: 'visit-1' }, token);
    const second = await chat({ message: 'show me yoga mats', sessionId: 'visit-1' }, token);
    expect(first.sessionId).toBeDefined();
    expect(second.sessionId).toBe(first.sessionId);
    const [session] = await ctx.database.query<{ user_id: number; total_messages: number; unread_messages: number }>(
      'select user_id, total_messages, unread_messages from chat_sessions where id = $1', [first.sessionId]);
    expect(session).toEqual({ user_id: user.id, total_messages: 4, unread_messages: 2 });
    const messages = await ctx.database.query<{ message_type: string; message_content: string; mentioned_products: unknown }>(
      'select message_type, message_content, mentioned_products from chat_messages where session_id = $1 order by id', [first.sessionId]);
    expect(messages.map((m) => m.message_type)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(messages[2]!.message_content).toBe('show me yoga mats');
    expect(messages[3]!.mentioned_products).toEqual(second.mentionedProducts);

    // the same browser session id from another person never lands in this conversation
    const anonymous = await chat({ message: 'hello', sessionId: 'visit-1' });
    expect(anonymous.sessionId).not.toBe(first.sessionId);
  });

  it('keeps at most the last 200 messages of a session while the counters keep counting', async () => {
    const { chatMonitor } = ctx.app.services;
    let sessionId = '';
    for (let i = 0; i < 102; i++) {
      sessionId = await chatMonitor.recordExchange({ clientSessionId: 'long-visit', userId: null, userMessage: `message ${i}`, reply: `reply ${i}`, mentionedProducts: [] });
    }
    const [{ n }] = (await ctx.database.query<{ n: number }>('select count(*)::int as n from chat_messages where session_id = $1', [sessionId])) as [{ n: number }];
    expect(n).toBe(200);
    const [oldest] = await ctx.database.query<{ message_content: string }>(
      'select message_content from chat_messages where session_id = $1 order by id limit 1', [sessionId]);
    expect(oldest!.message_content).toBe('message 2');
    const [s] = await ctx.database.query<{ total_messages: number }>('select total_messages from chat_sessions where id = $1', [sessionId]);
    expect(s!.total_messages).toBe(204);
  });
});

describe('orders, shop rules and similar products', () => {
  async function placeFor(userId: number, product: string, quantity = 1) {
    const request = orderRequestSchema.parse({
      items: [{ product_id: id(product), quantity }],
      customer_info: { email: 'buyer@example.test', name: 'Buyer' },
      shipping_address: { address: 'Marina Gate 2', city: 'Dubai' },
      payment_method: 'cod',
    });
    return (await ctx.app.services.orders.placeOrder(request, { userId })).order;
  }

  it("tells a signed-in shopper the real status of their own orders, by number or the latest", async () => {
    const { token, user } = await signupCustomer(ctx.app, 'Omar Orders');
    const none = await chat({ message: 'where is my order?' }, token);
    expect(none.response).toBe(MSG.assistantNoOrders);

    const first = await placeFor(user.id, 'Yoga Mat Non-Slip', 2);
    const second = await placeFor(user.id, 'JBL Tune 510BT Headphones');
    await ctx.app.services.orders.setStatus(first.id, 'shipped');
    // 'where is my order?' answers about the latest purchase, per sub-order (decision 0107: assistant.aftersales.test.ts)
    const latest = await chat({ message: 'where is my order?' }, token);
    expect(latest.response).toContain(EN.whereLine(second.order_number, 'Souq', EN.statusWords.pending));
    expect(latest.response).not.toContain(first.order_number);
    // 'my orders' still lists the latest ones
    const list = await chat({ message: 'show me my orders' }, token);
    expect(list.response).toContain(`${second.order_number} · placed`);
    expect(list.response).toMatch(new RegExp(`${first.order_number} .*shipped — shipped and on its way to you`));
    expect(list.response).toMatch(new RegExp(`${second.order_number} .*pending — received and waiting to be confirmed`));

    // typed loosely, in lower case and without dashes
    const loose = first.order_number.toLowerCase().replace(/-/g, '');
    const one = await chat({ message: `has ${loose} shipped yet??` }, token);
    expect(one.response).toContain(EN.whereLine(first.order_number, 'Souq', EN.statusWords.shipped));
    expect(one.response).toContain('2 × **Yoga Mat Non-Slip**');
    // the product the answer names is listed like any other
    expect(one.mentionedProducts).toContainEqual({ id: id('Yoga Mat Non-Slip'), action: 'mention' });
  });

  it("answers someone else's order number exactly like a number that does not exist", async () => {
    const owner = await signupCustomer(ctx.app, 'Owner');
    const order = await placeFor(owner.user.id, 'Sony SRS-XB13 Bluetooth Speaker');
    const other = await signupCustomer(ctx.app, 'Curious Neighbour');
    const theirs = await chat({ message: `has ${order.order_number} shipped?` }, other.token);
    expect(theirs.response).toBe(MSG.assistantOrderUnknown(order.order_number));
    const madeUp = await chat({ message: 'has SQ-250101-ABCDE shipped?' }, other.token);
    expect(madeUp.response).toBe(MSG.assistantOrderUnknown('SQ-250101-ABCDE'));
    for (const r of [theirs, madeUp]) {
      expect(r.response).not.toMatch(/pending|Sony|\$/);
      expect(r.mentionedProducts).toEqual([]);
    }
    // and "my orders" never lists the owner's order for the other shopper
    const list = await chat({ message: 'show me my orders' }, other.token);
    expect(list.response).not.toContain(order.order_number);
  });

  it('asks an anonymous shopper to sign in, whatever number they give', async () => {
    const owner = await signupCustomer(ctx.app, 'Private Person');
    const order = await placeFor(owner.user.id, 'Yoga Mat Non-Slip');
    for (const message of ['where is my order?', `has ${order.order_number} shipped?`, 'track my package please']) {
      const r = await chat({ message });
      expect(r.response).toBe(MSG.assistantOrdersSignIn);
      expect(r.mentionedProducts).toEqual([]);
    }
  });

  it("answers shipping, tax, payment and returns from the shop's rules, not with products", async () => {
    const cases: [string, (keyof typeof SHOP_POLICIES)[]][] = [
      ['how much is shipping?', ['shipping']],
      ['do you charge VAT on orders', ['tax']],
      ['what payment methods do you accept? can i pay cash on delivery', ['payment']],
      ['whats your return policy', ['returns']],
      ['is delivery free and is tax included?', ['shipping', 'tax']],
    ];
    for (const [message, topics] of cases) {
      const r = await chat({ message });
      for (const t of topics) expect(r.response, message).toContain(SHOP_POLICIES[t].text);
      expect(r.mentionedProducts, message).toEqual([]);
      expect(r.suggestedSearch).toBeNull();
    }
    // about a product: its own return promise and whether it ships free
    const jacket = 'Nordic Down Puffer Jacket';
    const r = await chat({ message: 'can I return it if it does not fit?', productContext: { id: id(jacket) } });
    expect(r.response).toContain(SHOP_POLICIES.returns.text);
    expect(r.response).toContain(`The listing of **${jacket}** says: 30-day returns.`);
    const free = await chat({ message: 'does the JBL Tune 510BT ship free?' });
    expect(free.response).toContain('**JBL Tune 510BT Headphones** costs AED\u00a049.00, so shipping is free once your order is above AED\u00a050.00');
  });

  it("'show me similar products' lists them and returns every one it names", async () => {
    const sony = 'Sony WH-1000XM5 Wireless Headphones';
    for (const message of ['Show me similar products', 'any alternatives?', 'something like this but cheaper?']) {
      const r = await chat({ message, productContext: { id: id(sony), name: sony } });
      const names = boldNames(r);
      expect(names.filter((n) => n !== sony).length, message).toBeGreaterThan(0);
      for (const n of names) expect(r.mentionedProducts.map((m) => m.id), `${message}: ${n}`).toContain(id(n));
    }
  });

  it('stays out of a chat a person from the team has taken over', async () => {
    const { search, orders, chatMonitor } = ctx.app.services;
    const assistant = createAssistantService({
      search, orders, chatMonitor, ai: { timeoutMs: 1000 }, log: () => {},
      isHumanHandling: async (s) => s.clientSessionId === 'taken-over',
    });
    const taken = await assistant.chat({ message: 'show me headphones', sessionId: 'taken-over' }, null);
    expect(taken).toMatchObject({ response: MSG.chatHumanHandling, mentionedProducts: [], suggestedSearch: null });
    // the shopper's message still reaches the stored conversation the person reads
    const [row] = await ctx.database.query<{ message_content: string }>(
      "select message_content from chat_messages where session_id = $1 and message_type = 'user'", [taken.sessionId]);
    expect(row!.message_content).toBe('show me headphones');
    const free = await assistant.chat({ message: 'show me headphones', sessionId: 'not-taken' }, null);
    expect(free.response).toContain('searching for "headphones"');
  });
});
