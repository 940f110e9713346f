import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, call, createTestApp, signupCustomer, verifiedVendorPair, type TestContext } from '../../../test/harness.js';
import { makeProduct, placeOrder } from '../../../test/admin-fixtures.js';
import { formatCents } from '@souq/shared/rules/money';
import { SHOP_POLICIES_AR } from '@souq/shared/rules/policies';
import { addBusinessDays } from '../../platform/business-days.js';
import { aftersalesPhrases } from './assistant.aftersales-phrases.js';
import { PENDING_MINUTES } from './assistant.conversation.js';

// The assistant after the purchase (issue 28 item 3, issue 37 items 1 and 3; decisions 0107, 0127), through
// POST /api/ai/chat on a real database, in English and Arabic: where each sub-order is and a follow-up about it, a return
// asked through and confirmed with the shopper's own words kept, cancelling, the seller's rules applied, a person; never
// another shopper's data, never an action without a yes in the same conversation before it lapses.
// (Every action against every state a sub-order can be in: assistant.actions.test.ts.)
let t: TestContext;
let admin: string;
let vendors: Awaited<ReturnType<typeof verifiedVendorPair>>;
const EN = aftersalesPhrases('en');
/** The Arabic texts as the assistant writes them: Latin names and numbers isolated inside the Arabic sentence. */
const AR = aftersalesPhrases('ar');
const products: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t.app, t.config);
  vendors = await verifiedVendorPair(t, 'Amber Bags LLC', 'Basil Books LLC');
  for (const [name, priceCents, vendorId] of [
    ['Canvas Tote Bag Blue', 4_000, vendors.vendorA.id], ['Canvas Tote Bag Red', 4_500, vendors.vendorA.id], ['Desert Atlas Hardcover', 9_000, vendors.vendorB.id],
  ] as const) {
    products[name] = (await makeProduct(t.app, { name, priceCents, stock: 100, vendorId })).id;
  }
});
afterAll(() => t?.close());

type Who = Awaited<ReturnType<typeof signupCustomer>>;
const q = <T>(text: string, params: unknown[] = []) => t.database.query<T>(text, params);
const count = async (table: string) => (await q<{ n: number }>(`select count(*)::int as n from ${table}`))[0]!.n;
const arabic = { cookie: 'souq_lang=ar' };

/** One message in a conversation of `who` ('a' unless said): the chat panel sends its conversation's id each time. */
async function chat(who: Who | null, message: string, opts: { headers?: Record<string, string>; contextId?: number; conversation?: string } = {}): Promise<string> {
  const conversationId = `test-${who?.user.id ?? 'anon'}-${opts.conversation ?? 'a'}`;
  const res = await call(t.app, {
    method: 'POST', url: '/api/ai/chat', token: who?.token, headers: opts.headers,
    body: { message, conversationId, ...(opts.contextId ? { productContext: { id: opts.contextId } } : {}) },
  });
  expect(res.status, res.body).toBe(200);
  expect(res.json.conversationId).toBe(conversationId);
  return res.json.response as string;
}
const status = async (id: number) => (await q<{ status: string }>('select status from orders where id = $1', [id]))[0]!.status;

const setShipping = (token: string, body: Record<string, unknown>) =>
  call(t.app, { method: 'PUT', url: '/api/vendor/shipping', token, body: { shipping_fee_cents: null, free_shipping_above_cents: null, return_window_days: 14, ...body } });

/** A purchase of `who`: the tote bags from vendor A and, when asked, the atlas from vendor B; card unless said. */
async function buy(who: Who, lines: [string, number][], payment: 'card' | 'cod' = 'card') {
  const first = await placeOrder(t.app, lines.map(([name, quantity]) => ({ productId: products[name]!, quantity })), {
    userId: who.user.id, email: who.email, name: who.user.name, payment,
  });
  return first.purchase.sub_orders;
}

describe('vendor delivery estimates', () => {
  it('a vendor sets a delivery estimate per shipping rule; both or neither, fastest not after slowest; audited', async () => {
    const bad = [
      { delivery_min_days: 3, delivery_max_days: null }, { delivery_min_days: 5, delivery_max_days: 2 }, { delivery_min_days: -1, delivery_max_days: 2 },
      { delivery_min_days: 1.5, delivery_max_days: 2 }, { delivery_min_days: 1, delivery_max_days: 61 },
    ];
    for (const body of bad) expect((await setShipping(vendors.vendorA.token, body)).status, JSON.stringify(body)).toBe(400);
    const ok = await setShipping(vendors.vendorA.token, { delivery_min_days: 2, delivery_max_days: 4 });
    expect(ok.status, ok.body).toBe(200);
    expect(ok.json).toMatchObject({ delivery_min_days: 2, delivery_max_days: 4 });
    // a client that does not know the estimate leaves it as it is
    const older = await call(t.app, { method: 'PUT', url: '/api/vendor/shipping', token: vendors.vendorA.token, body: { shipping_fee_cents: 1_500, free_shipping_above_cents: null, return_window_days: 14 } });
    expect(older.json).toMatchObject({ shipping_fee_cents: 1_500, delivery_min_days: 2, delivery_max_days: 4 });
    const [entry] = await q<{ changes: Record<string, unknown> }>("select changes from audit_log where action = 'vendor.shipping' and target_id = $1 order by id limit 1", [String(vendors.vendorA.id)]);
    expect(entry!.changes).toMatchObject({ delivery_min_days: { before: null, after: 2 }, delivery_max_days: { before: null, after: 4 } });
    expect((await call(t.app, { method: 'GET', url: '/api/vendor/shipping', token: vendors.vendorB.token })).json).toMatchObject({ delivery_min_days: null, delivery_max_days: null });
  });
});

describe('where is my order', () => {
  it('answers per sub-order: status, carrier and tracking, the expected dates, or that the seller gives none (English and Arabic)', async () => {
    await setShipping(vendors.vendorA.token, { delivery_min_days: 2, delivery_max_days: 4 });
    const shopper = await signupCustomer(t.app, 'Wafa Where');
    expect(await chat(shopper, 'where is my order?')).toBe(EN.noOrders);
    const [bags, atlas] = await buy(shopper, [['Canvas Tote Bag Blue', 1], ['Desert Atlas Hardcover', 1]]);
    const shipped = await t.app.services.orders.setStatus(bags!.id, 'shipped', { tracking: { number: 'ARX-77120', carrier: 'Aramex' } });
    const [{ shipped_at }] = (await q<{ shipped_at: Date }>('select shipped_at from orders where id = $1', [shipped.id])) as [{ shipped_at: Date }];
    const from = addBusinessDays(new Date(shipped_at), 2);
    const to = addBusinessDays(new Date(shipped_at), 4);

    const en = await chat(shopper, 'where is my order?');
    expect(en).toContain(EN.whereLine(bags!.order_number, 'Amber Bags LLC', EN.statusWords.shipped));
    expect(en).toContain('**Canvas Tote Bag Blue**');
    expect(en).toContain(EN.tracking('Aramex', 'ARX-77120'));
    expect(en).toContain(EN.expected(from, to));
    // vendor B gave no estimate: said so, no orders listed in its place
    expect(en).toContain(EN.whereLine(atlas!.order_number, 'Basil Books LLC', EN.statusWords.pending));
    expect(en).toContain(EN.noEstimate('Basil Books LLC'));
    // the follow-up is about the order just told: when will it arrive?
    const when = await chat(shopper, 'when will it arrive?');
    expect(when).toContain(EN.expected(from, to));

    const ar = await chat(shopper, 'وين طلبي؟', { conversation: 'ar' });
    expect(ar).toContain(AR.tracking('Aramex', 'ARX-77120'));
    expect(ar).toContain(AR.expected(from, to));
    expect(ar).toContain(AR.noEstimate('Basil Books LLC'));
    expect(await chat(shopper, 'متى يوصل؟', { conversation: 'ar' })).toContain(AR.expected(from, to));
    // the page's language (cookie) answers an English phrasing in Arabic too
    expect(await chat(shopper, `has ${bags!.order_number} shipped?`, { headers: arabic })).toContain(AR.statusWords.shipped);
    // one item asked about: its own part only
    const bag = await chat(shopper, 'has the blue tote bag shipped?');
    expect(bag).toContain(EN.itemStatus([{ name: 'Canvas Tote Bag Blue', quantity: 1 }], bags!.order_number, 'Amber Bags LLC', EN.statusWords.shipped));
    expect(bag).not.toContain('Desert Atlas');
  });

  it("never shows another shopper's order: their number reads like one that does not exist; anonymous is asked to sign in", async () => {
    const owner = await signupCustomer(t.app, 'Owner Olfat');
    const [sub] = await buy(owner, [['Canvas Tote Bag Red', 1]]);
    const nosy = await signupCustomer(t.app, 'Nosy Nabil');
    expect(await chat(nosy, `where is ${sub!.order_number}?`)).toBe(EN.orderUnknown(sub!.order_number));
    expect(await chat(nosy, `أين الطلب ${sub!.order_number}؟`)).toBe(AR.orderUnknown(sub!.order_number));
    expect(await chat(nosy, `cancel order ${sub!.order_number}`)).toBe(EN.orderUnknown(sub!.order_number));
    expect(await chat(nosy, `return the red bag from ${sub!.order_number}`)).toBe(EN.orderUnknown(sub!.order_number));
    expect(await chat(null, 'where is my order?')).toBe(EN.signIn);
    expect(await chat(null, 'وين طلبي؟')).toBe(AR.signIn);
    expect(await status(sub!.id)).toBe('pending');
  });
});

describe('a return through the assistant', () => {
  it("'return the blue one from my last order': finds the line, asks how many and why, quotes the refund, opens it only on yes, with the shopper's words", async () => {
    const shopper = await signupCustomer(t.app, 'Rana Returns');
    const [sub] = await buy(shopper, [['Canvas Tote Bag Blue', 2], ['Canvas Tote Bag Red', 1]]);
    await t.app.services.orders.setStatus(sub!.id, 'delivered');
    const line = (await q<{ id: number }>("select id from order_items where order_id = $1 and product_name like '%Blue'", [sub!.id]))[0]!.id;
    const before = [await count('return_requests'), await count('audit_log')];
    const bag = { name: 'Canvas Tote Bag Blue', quantity: 2 };

    expect(await chat(shopper, 'I want to return the blue one from my last order')).toBe(EN.howMany(bag, 2));
    expect(await chat(shopper, '7')).toBe(EN.unitsInvalid(2));
    expect(await chat(shopper, 'one')).toContain('Why are you returning it?');
    const quote = (await t.app.services.returns.refundQuote(shopper.user.id, sub!.id, line, 1))!;
    expect(quote.total_cents).toBe(4_000);
    const refund = { cents: quote.total_cents, currency: 'AED' };
    expect(await chat(shopper, 'it arrived broken')).toBe(EN.returnPropose(1, { name: 'Canvas Tote Bag Blue' }, sub!.order_number, 'Amber Bags LLC', refund, false, 'it arrived broken'));
    // nothing happened before the yes
    expect([await count('return_requests'), await count('audit_log')]).toEqual(before);
    const done = await chat(shopper, 'yes');
    const [ret] = await q<{ id: number; units: number; reason: string; reason_text: string; order_item_id: number }>(
      'select id, units, reason, reason_text, order_item_id from return_requests where user_id = $1', [shopper.user.id]);
    expect(done).toBe(EN.returnOpened(ret!.id, refund));
    // the shopper's own words are kept beside the kind of reason read from them
    expect(ret).toMatchObject({ units: 1, reason: 'damaged', reason_text: 'it arrived broken', order_item_id: line });
    // the same service as /profile: in the shopper's returns, the order history and the audit trail
    const mine = await call(t.app, { method: 'GET', url: '/api/my/returns', token: shopper.token });
    expect(mine.json.returns.map((r: { id: number }) => r.id)).toContain(ret!.id);
    expect(await q('select 1 from order_status_history where order_id = $1 and notes like $2', [sub!.id, '%Canvas Tote Bag Blue%'])).toHaveLength(1);
    expect(await q("select 1 from audit_log where action = 'return.request' and actor_user_id = $1", [shopper.user.id])).toHaveLength(1);
    // a late second 'yes' does nothing more
    await chat(shopper, 'yes');
    expect(await count('return_requests')).toBe(before[0]! + 1);
  });

  it('in Arabic, by colour, with the reason given in the request; a "no" changes nothing; cash on delivery is refunded as store credit', async () => {
    const shopper = await signupCustomer(t.app, 'Huda Arabic');
    const [sub] = await buy(shopper, [['Canvas Tote Bag Blue', 1], ['Canvas Tote Bag Red', 1]], 'cod');
    await t.app.services.orders.setStatus(sub!.id, 'delivered');
    const confirm = await chat(shopper, 'أريد إرجاع الأحمر من طلبي الأخير لأنه لم أعد بحاجة إليه');
    const refund = { cents: 4_500, currency: 'AED' };
    expect(confirm).toBe(AR.returnPropose(1, { name: 'Canvas Tote Bag Red' }, sub!.order_number, 'Amber Bags LLC', refund, true, 'لم أعد بحاجة إليه'));
    expect(confirm).not.toMatch(/بطاقت/);
    expect(await chat(shopper, 'لا')).toBe(AR.nothingChanged);
    expect(await q('select 1 from return_requests where user_id = $1', [shopper.user.id])).toHaveLength(0);
    // again, and this time yes
    await chat(shopper, 'أريد إرجاع الأحمر');
    await chat(shopper, '4');
    const opened = await chat(shopper, 'نعم');
    const [ret] = await q<{ id: number; reason: string; reason_text: string; refund_method: string }>('select id, reason, reason_text, refund_method from return_requests where user_id = $1', [shopper.user.id]);
    expect(opened).toBe(AR.returnOpened(ret!.id, refund));
    // a reason picked from the list by its number has no words of the shopper's to keep
    expect(ret).toMatchObject({ reason: 'no_longer_needed', reason_text: '', refund_method: 'store_credit' });
  });

  it("applies the seller's window: until when, or that it closed; before delivery it starts when it arrives (both languages)", async () => {
    const shopper = await signupCustomer(t.app, 'Late Layla');
    const [sub] = await buy(shopper, [['Canvas Tote Bag Blue', 1]]);
    await t.app.services.orders.setStatus(sub!.id, 'shipped', { tracking: { number: 'ARX-1', carrier: 'Aramex' } });
    const bag = { name: 'Canvas Tote Bag Blue', quantity: 1 };
    expect(await chat(shopper, 'return the blue bag')).toBe(EN.notDeliveredYet(bag, 'Amber Bags LLC', 14));
    expect(await chat(shopper, 'how long do I have to return the blue bag?')).toBe(EN.windowNotStarted({ name: bag.name }, 'Amber Bags LLC', 14));
    await t.app.services.orders.setStatus(sub!.id, 'delivered');
    const deliveredAt = new Date(Date.now() - 40 * 86_400_000);
    await q('update orders set delivered_at = $2 where id = $1', [sub!.id, deliveredAt]);
    const closes = new Date(deliveredAt.getTime() + 14 * 86_400_000);
    expect(await chat(shopper, 'return the blue bag')).toBe(EN.windowClosed(bag, 'Amber Bags LLC', 14, deliveredAt, closes));
    expect(await chat(shopper, 'أريد إرجاع الحقيبة الزرقاء')).toBe(AR.windowClosed(bag, 'Amber Bags LLC', 14, deliveredAt, closes));
    expect(await q('select 1 from return_requests where user_id = $1', [shopper.user.id])).toHaveLength(0);
    // inside the window: the days left, applied to this item
    const recent = new Date(Date.now() - 4 * 86_400_000);
    await q('update orders set delivered_at = $2 where id = $1', [sub!.id, recent]);
    expect(await chat(shopper, 'until when can I return the blue bag?'))
      .toBe(`${EN.windowApplied({ name: bag.name }, 'Amber Bags LLC', 14, recent, new Date(recent.getTime() + 14 * 86_400_000), 10)} ${EN.startReturnQ}`);
    // the return is offered: a yes in this conversation starts it (it asks why), and a bare 'ok' is no reason
    expect(await chat(shopper, 'yes please')).toContain('Why are you returning it?');
    expect(await chat(shopper, 'ok')).toContain('Why are you returning it?');
    expect(await q('select 1 from return_requests where user_id = $1', [shopper.user.id])).toHaveLength(0);
  });

  it('a reason told beside the request is kept (both languages); an item between "send" and "back"; "no longer needed" is a reason, not a no', async () => {
    const shopper = await signupCustomer(t.app, 'Clause Camila');
    const [sub] = await buy(shopper, [['Canvas Tote Bag Blue', 1], ['Canvas Tote Bag Red', 1]]);
    await t.app.services.orders.setStatus(sub!.id, 'delivered');
    const blue = { cents: 4_000, currency: 'AED' };
    const red = { cents: 4_500, currency: 'AED' };
    expect(await chat(shopper, 'the blue bag has a torn strap, can I send it back?'))
      .toBe(EN.returnPropose(1, { name: 'Canvas Tote Bag Blue' }, sub!.order_number, 'Amber Bags LLC', blue, false, 'the blue bag has a torn strap'));
    expect(await chat(shopper, 'no')).toBe(EN.nothingChanged);
    expect(await chat(shopper, 'الحقيبة الحمراء ريحتها قوية، ودي أرجعها'))
      .toBe(AR.returnPropose(1, { name: 'Canvas Tote Bag Red' }, sub!.order_number, 'Amber Bags LLC', red, false, 'الحقيبة الحمراء ريحتها قوية'));
    expect(await chat(shopper, 'لا')).toBe(AR.nothingChanged);
    expect(await chat(shopper, 'I would like to send the red bag back')).toContain('Why are you returning it?');
    expect(await chat(shopper, 'no longer needed')).toBe(EN.returnPropose(1, { name: 'Canvas Tote Bag Red' }, sub!.order_number, 'Amber Bags LLC', red, false, 'no longer needed'));
    expect(await chat(shopper, 'correct')).toContain(EN.returnOpened(0, red).split(' ')[0]!);
    expect(await q('select reason, reason_text from return_requests where user_id = $1', [shopper.user.id])).toEqual([{ reason: 'no_longer_needed', reason_text: 'no longer needed' }]);
  });

  it('the returns rule depends on the seller: the windows of the sellers of the shopper\'s orders', async () => {
    await setShipping(vendors.vendorB.token, { return_window_days: 30 });
    const shopper = await signupCustomer(t.app, 'Policy Pia');
    await buy(shopper, [['Canvas Tote Bag Blue', 1], ['Desert Atlas Hardcover', 1]]);
    const en = await chat(shopper, 'what is your return policy?');
    expect(en).toContain(EN.returnsPolicy([]));
    expect(en).toContain(EN.windowLine('Basil Books LLC', 30));
    const ar = await chat(shopper, 'ما هي سياسة الإرجاع؟');
    expect(ar).toContain(AR.windowLine('Basil Books LLC', 30));
    // the shop's own Arabic text of the rule (SHOP_POLICIES_AR, decision 0187)
    expect(ar).toContain(SHOP_POLICIES_AR.returns.text);
    // asked as how long or whether, naming purchases in general (no item): the same rules, nothing proposed
    for (const [msg, window] of [
      ['how many days do I get to send stuff back?', EN.windowLine('Basil Books LLC', 30)],
      ['if I change my mind can I return things?', EN.windowLine('Basil Books LLC', 30)],
      ['إذا غيرت رأيي أقدر أرجع المشتريات؟', AR.windowLine('Basil Books LLC', 30)],
      ['كم يوم عندي عشان أرجع الأغراض؟', AR.windowLine('Basil Books LLC', 30)],
    ] as const) expect(await chat(shopper, msg), msg).toContain(window);
    await setShipping(vendors.vendorB.token, { return_window_days: 14 });
  });
});

describe('cancelling a sub-order', () => {
  it('cancels one that has not shipped after a yes, through the orders service (stock, history, audit); refuses a shipped one', async () => {
    const shopper = await signupCustomer(t.app, 'Camil Cancel');
    const [bags, atlas] = await buy(shopper, [['Canvas Tote Bag Red', 1], ['Desert Atlas Hardcover', 1]]);
    await t.app.services.orders.setStatus(bags!.id, 'shipped', { tracking: { number: 'DHL-1', carrier: 'DHL' } });
    const red = { name: 'Canvas Tote Bag Red', quantity: 1 };
    expect(await chat(shopper, `cancel ${bags!.order_number}`)).toBe(EN.shippedCannotCancel(red, bags!.order_number, 'Amber Bags LLC', 14));
    expect(await chat(shopper, 'إلغاء الطلب ' + bags!.order_number)).toBe(AR.shippedCannotCancel(red, bags!.order_number, 'Amber Bags LLC', 14));

    const stock = async () => (await q<{ stock: number }>('select stock from products where id = $1', [products['Desert Atlas Hardcover']]))[0]!.stock;
    const stockBefore = await stock();
    const amount = { cents: 9_000, currency: 'AED' };
    const atlasItem = { name: 'Desert Atlas Hardcover', quantity: 1 };
    // 'my order' names no item: the one part that can still be cancelled, the shipped one said as such
    const proposal = await chat(shopper, 'please cancel my order');
    expect(proposal).toContain(EN.cancelPropose([{ items: [atlasItem], seller: 'Basil Books LLC', amount }], amount, false));
    expect(await status(atlas!.id)).toBe('pending');
    expect(await chat(shopper, 'yes')).toBe(EN.cancelDone([atlasItem], amount, false));
    expect(await status(atlas!.id)).toBe('cancelled');
    expect(await stock()).toBe(stockBefore + 1);
    expect(await q("select 1 from order_status_history where order_id = $1 and to_status = 'cancelled' and changed_by = $2", [atlas!.id, shopper.user.id])).toHaveLength(1);
    expect(await q("select 1 from audit_log where action = 'order.status' and target_id = $1 and actor_user_id = $2", [String(atlas!.id), shopper.user.id])).toHaveLength(1);
    // the sale is reversed in the ledger in the same move, balanced
    expect(await q('select order_id from ledger_entries where order_id = $1 group by 1 having sum(amount_cents) <> 0', [atlas!.id])).toEqual([]);
  });

  it('what an order cost: each part\'s amount and how it is paid, cash on delivery never said paid (both languages)', async () => {
    const shopper = await signupCustomer(t.app, 'Counting Carla');
    const subs = await buy(shopper, [['Canvas Tote Bag Blue', 2], ['Desert Atlas Hardcover', 1]], 'cod');
    const part = (vendorId: number) => {
      const sub = subs.find((s) => s.vendor_id === vendorId)!;
      return { total_cents: Math.round(sub.total_amount * 100) };
    };
    const [bags, atlas] = [part(vendors.vendorA.id), part(vendors.vendorB.id)];
    const money = (cents: number, locale: 'en' | 'ar') => formatCents(cents, 'AED', locale);
    const en = await chat(shopper, 'how much did I pay for my last order?');
    expect(en).toContain(EN.partMoney({ cents: bags.total_cents, currency: 'AED' }, 'cod', 'pending'));
    expect(en).toContain(EN.partMoney({ cents: atlas.total_cents, currency: 'AED' }, 'cod', 'pending'));
    expect(en).toContain(EN.purchaseTotal({ cents: bags.total_cents + atlas.total_cents, currency: 'AED' }));
    expect(en).toContain(money(bags.total_cents, 'en'));
    expect(en).not.toMatch(/you paid|paid for|paid by|to your card/i);
    const ar = await chat(shopper, 'كم دفعت على طلبي؟', { conversation: 'ar', headers: arabic });
    expect(ar).toContain(AR.partMoney({ cents: atlas.total_cents, currency: 'AED' }, 'cod', 'pending'));
    expect(ar).not.toMatch(/دفعت|بطاقت/);
    // a part cancelled owes nothing, and the total leaves it out
    await chat(shopper, 'cancel the desert atlas', { conversation: 'c' });
    await chat(shopper, 'yes', { conversation: 'c' });
    const after = await chat(shopper, 'what was the total of my order?', { conversation: 'd' });
    expect(after).toContain(EN.partMoney({ cents: atlas.total_cents, currency: 'AED' }, 'cod', 'cancelled'));
    expect(after).toContain(EN.purchaseTotal({ cents: bags.total_cents, currency: 'AED' }));
  });

  it('a cash-on-delivery cancel never says the shopper paid, in either language', async () => {
    const shopper = await signupCustomer(t.app, 'Cash Cyrus');
    const [sub] = await buy(shopper, [['Desert Atlas Hardcover', 1]], 'cod');
    const amount = { cents: 9_000, currency: 'AED' };
    const item = { name: 'Desert Atlas Hardcover', quantity: 1 };
    const en = await chat(shopper, 'cancel the desert atlas');
    expect(en).toBe(EN.cancelPropose([{ items: [item], seller: 'Basil Books LLC', amount }], amount, true));
    expect(en).not.toMatch(/you paid|paid for|to your card/i);
    const ar = await chat(shopper, 'أبغى ألغي الطلب حق Desert Atlas من فضلك', { conversation: 'ar' });
    expect(ar).toBe(AR.cancelPropose([{ items: [item], seller: 'Basil Books LLC', amount }], amount, true));
    expect(ar).not.toMatch(/دفعت|بطاقت/);
    const done = await chat(shopper, 'نعم', { conversation: 'ar' });
    expect(done).toBe(AR.cancelDone([item], amount, true));
    expect(await status(sub!.id)).toBe('cancelled');
  });

  it('a proposal belongs to its conversation: a yes from another chat, from another shopper, without the conversation or after it lapsed does nothing', async () => {
    const shopper = await signupCustomer(t.app, 'Salma Arabic');
    const [sub] = await buy(shopper, [['Desert Atlas Hardcover', 1]]);
    const amount = { cents: 9_000, currency: 'AED' };
    const item = { name: 'Desert Atlas Hardcover', quantity: 1 };
    expect(await chat(shopper, 'ألغِ طلبي الأخير')).toBe(AR.cancelPropose([{ items: [item], seller: 'Basil Books LLC', amount }], amount, false));
    // another chat of the same shopper, a request without a conversation, another shopper with the same conversation id
    expect(await chat(shopper, 'yes', { conversation: 'b' })).not.toMatch(/cancel/i);
    const bare = await call(t.app, { method: 'POST', url: '/api/ai/chat', token: shopper.token, body: { message: 'yes' } });
    expect(bare.json.conversationId).toMatch(/^[\w-]{8,}$/);
    const stranger = await signupCustomer(t.app, 'Stranger Sami');
    await call(t.app, { method: 'POST', url: '/api/ai/chat', token: stranger.token, body: { message: 'yes', conversationId: `test-${shopper.user.id}-a` } });
    expect(await status(sub!.id)).toBe('pending');
    // the proposal still stands in its own conversation, until it lapses
    await q("update assistant_conversations set pending_expires_at = now() - interval '1 second' where user_id = $1", [shopper.user.id]);
    expect(await chat(shopper, 'نعم')).not.toMatch(/أُلغي/);
    expect(await status(sub!.id)).toBe('pending');
    // asked again and confirmed within its minutes: cancelled
    expect(PENDING_MINUTES).toBeGreaterThan(1);
    await chat(shopper, 'ألغِ طلبي الأخير');
    // the seller ships before the shopper says yes: nothing is cancelled, and the answer says why
    await t.app.services.orders.setStatus(sub!.id, 'shipped', { tracking: { number: 'ARX-9', carrier: 'Aramex' } });
    expect(await chat(shopper, 'نعم')).toBe(AR.shippedCannotCancel(item, sub!.order_number, 'Basil Books LLC', 14));
    expect(await status(sub!.id)).toBe('shipped');
  });
});

describe("the seller's rules", () => {
  it('return window, shipping rule and delivery estimate of the vendor of the product in question, from its settings', async () => {
    await setShipping(vendors.vendorA.token, { return_window_days: 21, shipping_fee_cents: 1_200, free_shipping_above_cents: 20_000, delivery_min_days: 1, delivery_max_days: 3 });
    const bag = products['Canvas Tote Bag Blue']!;
    const en = await chat(null, 'what is the return policy and how long does delivery take?', { contextId: bag });
    expect(en).toContain(EN.policyOf('Amber Bags LLC'));
    expect(en).toContain(EN.policyReturns(21));
    expect(en).toContain(EN.policyShipping(formatCents(1_200, 'AED', 'en'), formatCents(20_000, 'AED', 'en')));
    expect(en).toContain(EN.policyEstimate(1, 3));
    const ar = await chat(null, 'ما هي سياسة الإرجاع ومدة التوصيل؟', { contextId: bag });
    expect(ar).toContain(AR.policyOf('Amber Bags LLC'));
    expect(ar).toContain(AR.policyReturns(21));
    expect(ar).toContain(AR.policyEstimate(1, 3));
    const atlas = await chat(null, 'how long is delivery?', { contextId: products['Desert Atlas Hardcover'] });
    expect(atlas).toContain(EN.policyNoEstimate);
  });
});

describe('a person', () => {
  it("'I want a human' is proposed, then opens a support conversation with the chat attached, in the admin inbox at once; anonymous is asked to sign in", async () => {
    const shopper = await signupCustomer(t.app, 'Hana Human');
    const history = [{ isBot: false, text: 'my bag has a hole' }, { isBot: true, text: 'Sorry to hear that.' }];
    const ask = (message: string) => call(t.app, { method: 'POST', url: '/api/ai/chat', token: shopper.token, body: { message, conversationHistory: history, conversationId: 'test-human-a' } });
    expect((await ask('I want a human')).json.response).toBe(EN.handoverPropose);
    expect(await q('select 1 from support_conversations where user_id = $1', [shopper.user.id])).toHaveLength(0);
    const res = await ask('yes');
    const [conv] = await q<{ id: number; subject: string }>('select id, subject from support_conversations where user_id = $1', [shopper.user.id]);
    expect(res.json.response).toBe(EN.handoverDone(conv!.id));
    expect(conv!.subject).toBe(EN.handoverSubject);
    const inbox = await call(t.app, { method: 'GET', url: '/api/admin/support/conversations', token: admin });
    expect(inbox.json.map((c: { id: number }) => c.id)).toContain(conv!.id);
    const thread = await call(t.app, { method: 'GET', url: `/api/admin/support/conversations/${conv!.id}/messages`, token: admin });
    const text = JSON.stringify(thread.json);
    expect(text).toContain('Shopper: my bag has a hole');
    expect(text).toContain('Assistant: Sorry to hear that.');

    expect(await chat(shopper, 'أريد التحدث إلى موظف')).toBe(AR.handoverPropose);
    expect(await chat(shopper, 'لا')).toBe(AR.nothingChanged);
    expect(await q('select 1 from support_conversations where user_id = $1', [shopper.user.id])).toHaveLength(1);
    expect(await chat(null, 'can I talk to a person?')).toBe(EN.handoverSignIn);
  });
});

describe('when will it arrive: the promise given at checkout (decision 0151)', () => {
  it('quotes the dates frozen on the sub-order, in English and Arabic, before the seller ships and after', async () => {
    const shopper = await signupCustomer(t.app, 'Pia Promise');
    const { orderRequestSchema } = await import('@souq/shared/api/orders');
    const request = orderRequestSchema.parse({
      items: [{ product_id: products['Canvas Tote Bag Red']!, quantity: 1 }],
      customer_info: { name: shopper.user.name, email: shopper.email },
      shipping_address: { address: 'typed' }, payment_method: 'cod',
      delivery_address: { name: 'Pia', phone: '0501112222', emirate: 'sharjah', area: 'Al Majaz', street: 'Buhaira Corniche, Tower 5' },
    });
    const { order } = await t.app.services.orders.placeOrder(request, { userId: shopper.user.id });
    const promise = order.sub_orders[0]!.delivery_promise!;
    expect(promise).not.toBeNull();
    const day = (iso: string) => new Date(`${iso}T12:00:00+04:00`);
    expect(await chat(shopper, 'when will my order arrive?', { conversation: 'promise' })).toContain(EN.promised(day(promise.earliest), day(promise.latest)));
    expect(await chat(shopper, 'متى يوصل طلبي؟', { conversation: 'promise-ar' })).toContain(AR.promised(day(promise.earliest), day(promise.latest)));
    await t.app.services.orders.setStatus(order.sub_orders[0]!.id, 'shipped', { tracking: { number: 'QQ-1', carrier: 'Quiqup' } });
    expect(await chat(shopper, 'where is my order?', { conversation: 'promise-2' })).toContain(EN.promised(day(promise.earliest), day(promise.latest)));
  });
});
