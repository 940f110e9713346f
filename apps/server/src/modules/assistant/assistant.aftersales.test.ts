import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@souq/shared/messages';
import { MSG_AR } from '@souq/shared/messages.ar';
import { formatDate } from '@souq/shared/rules/locale';
import { formatCents } from '@souq/shared/rules/money';
import { adminToken, call, createTestApp, signupCustomer, verifiedVendorPair, type TestContext } from '../../../test/harness.js';
import { makeProduct, placeOrder } from '../../../test/admin-fixtures.js';
import { addBusinessDays } from './assistant.aftersales.js';
import { textsFor } from './assistant.bidi.js';

// The assistant after the purchase (issue 28 item 3, decision 0107), through POST /api/ai/chat on a real database, in
// English and Arabic: where each sub-order is, a return asked through and confirmed, cancelling, the seller's rules and
// a person; never another shopper's data, never an action without a yes.
let t: TestContext;
let admin: string;
let vendors: Awaited<ReturnType<typeof verifiedVendorPair>>;
/** The Arabic texts as the assistant writes them: Latin names and numbers isolated inside the Arabic sentence. */
const AR = textsFor('ar');
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

async function chat(who: Who | null, message: string, opts: { headers?: Record<string, string>; contextId?: number } = {}): Promise<string> {
  const res = await call(t.app, {
    method: 'POST', url: '/api/ai/chat', token: who?.token, headers: opts.headers,
    body: { message, ...(opts.contextId ? { productContext: { id: opts.contextId } } : {}) },
  });
  expect(res.status, res.body).toBe(200);
  return res.json.response as string;
}

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
    expect(await chat(shopper, 'where is my order?')).toBe(MSG.assistantNoOrders);
    const [bags, atlas] = await buy(shopper, [['Canvas Tote Bag Blue', 1], ['Desert Atlas Hardcover', 1]]);
    const shipped = await t.app.services.orders.setStatus(bags!.id, 'shipped', { tracking: { number: 'ARX-77120', carrier: 'Aramex' } });
    const [{ shipped_at }] = (await q<{ shipped_at: Date }>('select shipped_at from orders where id = $1', [shipped.id])) as [{ shipped_at: Date }];
    const from = formatDate(addBusinessDays(new Date(shipped_at), 2), 'day', 'en');
    const to = formatDate(addBusinessDays(new Date(shipped_at), 4), 'day', 'en');

    const en = await chat(shopper, 'where is my order?');
    expect(en).toContain(MSG.assistantWhereLine(bags!.order_number, 'Amber Bags LLC', MSG.assistantStatusWords.shipped));
    expect(en).toContain(MSG.assistantWhereTracking('Aramex', 'ARX-77120'));
    expect(en).toContain(MSG.assistantWhereExpected(from, to));
    // vendor B gave no estimate: said so, no orders listed in its place
    expect(en).toContain(MSG.assistantWhereLine(atlas!.order_number, 'Basil Books LLC', MSG.assistantStatusWords.pending));
    expect(en).toContain(MSG.assistantWhereNoEstimate('Basil Books LLC'));

    const ar = await chat(shopper, 'وين طلبي؟');
    expect(ar).toContain(AR.assistantWhereTracking('Aramex', 'ARX-77120'));
    expect(ar).toContain(AR.assistantWhereExpected(formatDate(addBusinessDays(new Date(shipped_at), 2), 'day', 'ar'), formatDate(addBusinessDays(new Date(shipped_at), 4), 'day', 'ar')));
    expect(ar).toContain(AR.assistantWhereNoEstimate('Basil Books LLC'));
    // the page's language (cookie) answers an English phrasing in Arabic too
    expect(await chat(shopper, `has ${bags!.order_number} shipped?`, { headers: arabic })).toContain(AR.assistantStatusWords.shipped);
  });

  it("never shows another shopper's order: their number reads like one that does not exist; anonymous is asked to sign in", async () => {
    const owner = await signupCustomer(t.app, 'Owner Olfat');
    const [sub] = await buy(owner, [['Canvas Tote Bag Red', 1]]);
    const nosy = await signupCustomer(t.app, 'Nosy Nabil');
    expect(await chat(nosy, `where is ${sub!.order_number}?`)).toBe(MSG.assistantOrderUnknown(sub!.order_number));
    expect(await chat(nosy, `أين الطلب ${sub!.order_number}؟`)).toBe(AR.assistantOrderUnknown(sub!.order_number));
    expect(await chat(nosy, `cancel order ${sub!.order_number}`)).toBe(MSG.assistantOrderUnknown(sub!.order_number));
    expect(await chat(nosy, `return the red bag from ${sub!.order_number}`)).toBe(MSG.assistantOrderUnknown(sub!.order_number));
    expect(await chat(null, 'where is my order?')).toBe(MSG.assistantOrdersSignIn);
    expect(await chat(null, 'وين طلبي؟')).toBe(MSG_AR.assistantOrdersSignIn);
    expect((await q<{ status: string }>('select status from orders where id = $1', [sub!.id]))[0]!.status).toBe('pending');
  });
});

describe('a return through the assistant', () => {
  it("'return the blue one from my last order': finds the line, asks how many and why, quotes the refund, opens it only on yes", async () => {
    const shopper = await signupCustomer(t.app, 'Rana Returns');
    const [sub] = await buy(shopper, [['Canvas Tote Bag Blue', 2], ['Canvas Tote Bag Red', 1]]);
    await t.app.services.orders.setStatus(sub!.id, 'delivered');
    const line = (await q<{ id: number }>("select id from order_items where order_id = $1 and product_name like '%Blue'", [sub!.id]))[0]!.id;
    const before = [await count('return_requests'), await count('audit_log')];

    expect(await chat(shopper, 'I want to return the blue one from my last order')).toBe(MSG.assistantReturnHowMany('Canvas Tote Bag Blue', 2));
    expect(await chat(shopper, '7')).toBe(MSG.assistantReturnUnitsInvalid(2));
    expect(await chat(shopper, 'one')).toContain('Why are you returning it?');
    const quote = (await t.app.services.returns.refundQuote(shopper.user.id, sub!.id, line, 1))!;
    const refund = formatCents(quote.total_cents, 'AED', 'en');
    expect(quote.total_cents).toBe(4_000);
    expect(await chat(shopper, 'it arrived broken')).toBe(MSG.assistantReturnConfirm(1, 'Canvas Tote Bag Blue', sub!.order_number, refund, MSG.assistantRefundToCard));
    // nothing happened before the yes
    expect([await count('return_requests'), await count('audit_log')]).toEqual(before);
    const done = await chat(shopper, 'yes');
    const [ret] = await q<{ id: number; units: number; reason: string; order_item_id: number }>('select id, units, reason, order_item_id from return_requests where user_id = $1', [shopper.user.id]);
    expect(done).toBe(MSG.assistantReturnOpened(ret!.id, refund));
    expect(ret).toMatchObject({ units: 1, reason: 'damaged', order_item_id: line });
    // the same service as /profile: in the shopper's returns, the order history and the audit trail
    const mine = await call(t.app, { method: 'GET', url: '/api/my/returns', token: shopper.token });
    expect(mine.json.returns.map((r: { id: number }) => r.id)).toContain(ret!.id);
    expect(await q('select 1 from order_status_history where order_id = $1 and notes like $2', [sub!.id, '%Canvas Tote Bag Blue%'])).toHaveLength(1);
    expect(await q("select 1 from audit_log where action = 'return.request' and actor_user_id = $1", [shopper.user.id])).toHaveLength(1);
    // a late second 'yes' does nothing more
    await chat(shopper, 'yes');
    expect(await count('return_requests')).toBe(before[0]! + 1);
  });

  it('in Arabic, by colour, and a "no" changes nothing', async () => {
    const shopper = await signupCustomer(t.app, 'Huda Arabic');
    const [sub] = await buy(shopper, [['Canvas Tote Bag Blue', 1], ['Canvas Tote Bag Red', 1]], 'cod');
    await t.app.services.orders.setStatus(sub!.id, 'delivered');
    expect(await chat(shopper, 'أريد إرجاع الأحمر من طلبي الأخير')).toBe(AR.assistantReturnWhy(
      ['damaged', 'wrong_item', 'not_as_described', 'no_longer_needed', 'other'].map((r, i) => `${i + 1}. ${AR.assistantReturnReasons[r as 'damaged']}`).join('\n')));
    const confirm = await chat(shopper, '4');
    expect(confirm).toBe(AR.assistantReturnConfirm(1, 'Canvas Tote Bag Red', sub!.order_number, formatCents(4_500, 'AED', 'ar'), AR.assistantRefundStoreCredit));
    expect(await chat(shopper, 'لا')).toBe(AR.assistantNothingChanged);
    expect(await q('select 1 from return_requests where user_id = $1', [shopper.user.id])).toHaveLength(0);
    // again, and this time yes: a cash-on-delivery order is refunded as store credit, as the shopper was told
    await chat(shopper, 'أريد إرجاع الأحمر من طلبي الأخير');
    await chat(shopper, 'لم أعد بحاجة إليه');
    const opened = await chat(shopper, 'نعم');
    const [ret] = await q<{ id: number; reason: string; refund_method: string }>('select id, reason, refund_method from return_requests where user_id = $1', [shopper.user.id]);
    expect(opened).toBe(AR.assistantReturnOpened(ret!.id, formatCents(4_500, 'AED', 'ar')));
    expect(ret).toMatchObject({ reason: 'no_longer_needed', refund_method: 'store_credit' });
  });

  it('refuses outside the return window, and before delivery (both languages)', async () => {
    const shopper = await signupCustomer(t.app, 'Late Layla');
    const [sub] = await buy(shopper, [['Canvas Tote Bag Blue', 1]]);
    expect(await chat(shopper, 'return the blue bag')).toBe(MSG.assistantReturnNotDelivered('Canvas Tote Bag Blue', sub!.order_number));
    await t.app.services.orders.setStatus(sub!.id, 'delivered');
    const deliveredAt = new Date(Date.now() - 40 * 86_400_000);
    await q('update orders set delivered_at = $2 where id = $1', [sub!.id, deliveredAt]);
    const closes = new Date(deliveredAt.getTime() + 14 * 86_400_000);
    expect(await chat(shopper, 'return the blue bag')).toBe(MSG.assistantReturnWindowClosed('Canvas Tote Bag Blue', 14, formatDate(closes, 'day', 'en')));
    expect(await chat(shopper, 'أريد إرجاع الحقيبة الزرقاء')).toBe(AR.assistantReturnWindowClosed('Canvas Tote Bag Blue', 14, formatDate(closes, 'day', 'ar')));
    expect(await q('select 1 from return_requests where user_id = $1', [shopper.user.id])).toHaveLength(0);
  });
});

describe('cancelling a sub-order', () => {
  it('cancels one that has not shipped after a yes, through the orders service (stock, history, audit); refuses a shipped one', async () => {
    const shopper = await signupCustomer(t.app, 'Camil Cancel');
    const [bags, atlas] = await buy(shopper, [['Canvas Tote Bag Red', 1], ['Desert Atlas Hardcover', 1]]);
    await t.app.services.orders.setStatus(bags!.id, 'shipped', { tracking: { number: 'DHL-1', carrier: 'DHL' } });
    expect(await chat(shopper, `cancel ${bags!.order_number}`)).toBe(MSG.assistantCancelShipped(bags!.order_number, MSG.assistantStatusWords.shipped));
    expect(await chat(shopper, 'إلغاء الطلب ' + bags!.order_number)).toBe(AR.assistantCancelShipped(bags!.order_number, AR.assistantStatusWords.shipped));

    const stock = async () => (await q<{ stock: number }>('select stock from products where id = $1', [products['Desert Atlas Hardcover']]))[0]!.stock;
    const stockBefore = await stock();
    expect(await chat(shopper, 'please cancel my order')).toBe(MSG.assistantCancelConfirm(atlas!.order_number, 'Basil Books LLC', formatCents(9_000, 'AED', 'en')));
    expect((await q<{ status: string }>('select status from orders where id = $1', [atlas!.id]))[0]!.status).toBe('pending');
    expect(await chat(shopper, 'yes')).toBe(MSG.assistantCancelDone(atlas!.order_number, formatCents(9_000, 'AED', 'en')));
    expect((await q<{ status: string }>('select status from orders where id = $1', [atlas!.id]))[0]!.status).toBe('cancelled');
    expect(await stock()).toBe(stockBefore + 1);
    expect(await q("select 1 from order_status_history where order_id = $1 and to_status = 'cancelled' and changed_by = $2", [atlas!.id, shopper.user.id])).toHaveLength(1);
    expect(await q("select 1 from audit_log where action = 'order.status' and target_id = $1 and actor_user_id = $2", [String(atlas!.id), shopper.user.id])).toHaveLength(1);
    // the sale is reversed in the ledger in the same move, balanced
    expect(await q('select order_id from ledger_entries where order_id = $1 group by 1 having sum(amount_cents) <> 0', [atlas!.id])).toEqual([]);
  });

  it('in Arabic; a proposal is never confirmed by another shopper, and a shipment in between wins', async () => {
    const shopper = await signupCustomer(t.app, 'Salma Arabic');
    const [sub] = await buy(shopper, [['Desert Atlas Hardcover', 1]]);
    expect(await chat(shopper, 'ألغِ طلبي الأخير')).toBe(AR.assistantCancelConfirm(sub!.order_number, 'Basil Books LLC', formatCents(9_000, 'AED', 'ar')));
    const stranger = await signupCustomer(t.app, 'Stranger Sami');
    await chat(stranger, 'yes');
    expect((await q<{ status: string }>('select status from orders where id = $1', [sub!.id]))[0]!.status).toBe('pending');
    // the seller ships before the shopper says yes: nothing is cancelled
    await t.app.services.orders.setStatus(sub!.id, 'shipped', { tracking: { number: 'ARX-9', carrier: 'Aramex' } });
    expect(await chat(shopper, 'نعم')).toBe(AR.assistantCancelShipped(sub!.order_number, AR.assistantStatusWords.shipped));
    expect((await q<{ status: string }>('select status from orders where id = $1', [sub!.id]))[0]!.status).toBe('shipped');
  });
});

describe("the seller's rules", () => {
  it('return window, shipping rule and delivery estimate of the vendor of the product in question, from its settings', async () => {
    await setShipping(vendors.vendorA.token, { return_window_days: 21, shipping_fee_cents: 1_200, free_shipping_above_cents: 20_000, delivery_min_days: 1, delivery_max_days: 3 });
    const bag = products['Canvas Tote Bag Blue']!;
    const en = await chat(null, 'what is the return policy and how long does delivery take?', { contextId: bag });
    expect(en).toContain(MSG.assistantPolicyOf('Amber Bags LLC'));
    expect(en).toContain(MSG.assistantPolicyReturns(21));
    expect(en).toContain(MSG.assistantPolicyShipping(formatCents(1_200, 'AED', 'en'), formatCents(20_000, 'AED', 'en')));
    expect(en).toContain(MSG.assistantPolicyEstimate(1, 3));
    const ar = await chat(null, 'ما هي سياسة الإرجاع ومدة التوصيل؟', { contextId: bag });
    expect(ar).toContain(AR.assistantPolicyOf('Amber Bags LLC'));
    expect(ar).toContain(AR.assistantPolicyReturns(21));
    expect(ar).toContain(AR.assistantPolicyEstimate(1, 3));
    const atlas = await chat(null, 'how long is delivery?', { contextId: products['Desert Atlas Hardcover'] });
    expect(atlas).toContain(MSG.assistantPolicyNoEstimate);
  });
});

describe('a person', () => {
  it("'I want a human' opens a support conversation with the chat attached, in the admin inbox at once; anonymous is asked to sign in", async () => {
    const shopper = await signupCustomer(t.app, 'Hana Human');
    const history = [{ isBot: false, text: 'my bag has a hole' }, { isBot: true, text: 'Sorry to hear that.' }];
    const res = await call(t.app, { method: 'POST', url: '/api/ai/chat', token: shopper.token, body: { message: 'I want a human', conversationHistory: history } });
    const [conv] = await q<{ id: number; subject: string }>('select id, subject from support_conversations where user_id = $1', [shopper.user.id]);
    expect(res.json.response).toBe(MSG.assistantHandoverDone(conv!.id));
    expect(conv!.subject).toBe(MSG.assistantHandoverSubject);
    const inbox = await call(t.app, { method: 'GET', url: '/api/admin/support/conversations', token: admin });
    expect(inbox.json.map((c: { id: number }) => c.id)).toContain(conv!.id);
    const thread = await call(t.app, { method: 'GET', url: `/api/admin/support/conversations/${conv!.id}/messages`, token: admin });
    const text = JSON.stringify(thread.json);
    expect(text).toContain('Shopper: my bag has a hole');
    expect(text).toContain('Assistant: Sorry to hear that.');

    const ar = await chat(shopper, 'أريد التحدث إلى موظف');
    const [second] = await q<{ id: number }>('select id from support_conversations where user_id = $1 order by id desc limit 1', [shopper.user.id]);
    expect(ar).toBe(AR.assistantHandoverDone(second!.id));
    expect(await chat(null, 'can I talk to a person?')).toBe(MSG.assistantHandoverSignIn);
  });
});
