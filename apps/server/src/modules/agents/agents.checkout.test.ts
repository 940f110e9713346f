import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { splitBySeller } from '@souq/shared/rules/pricing';
import { MSG } from '@souq/shared/messages';
import { call, createTestApp, signupVendor, type TestContext } from '../../../test/harness.js';
import { ucpErrors } from '../../../test/ucp-schemas.js';
import { itWithShared } from '../../../test/shared-assets.js';
import { startTestAgent, type TestAgent } from '../../../test/ucp-agent.js';

let agent: TestAgent;
let otherAgent: TestAgent;
let AGENT: string;
const system = { userId: null, role: 'system' as const, name: 'test', ip: null };
/** checkout.json as the fulfillment extension extends it (the profile declares both). */
const CHECKOUT = 'schemas/shopping/fulfillment.json#/$defs/dev.ucp.shopping.checkout';

let ctx: TestContext;
const ids: Record<string, number> = {};
const vendors: Record<string, number> = {};

beforeAll(async () => {
  ctx = await createTestApp();
  [agent, otherAgent] = await Promise.all([startTestAgent(), startTestAgent()]);
  AGENT = agent.header;
  const a = (await signupVendor(ctx.app, 'Oud House Trading')).vendor.id;
  const b = (await signupVendor(ctx.app, 'Desert Lamps LLC')).vendor.id;
  const add = async (key: string, name: string, vendorId: number, priceCents: number, stock: number, variants: { type: 'size'; value: string; priceAdjustmentCents: number }[] = []) => {
    const row = await ctx.app.services.catalogue.addProduct(
      { name, description: 'Hand made.', vendorId, priceCents, stock, categories: ['home'], currency: 'AED', status: 'active', images: ['/media/x.jpg'] },
      { actor: system, variants: variants.map((v) => ({ ...v, inventoryQuantity: 5, skuSuffix: '' })) },
    );
    ids[key] = row.id;
  };
  await add('oud', 'Royal Oud Perfume', a, 2_499, 5, [{ type: 'size', value: '50ml', priceAdjustmentCents: 500 }]);
  vendors.a = a;
  vendors.b = b;
  // Oud House is a verified VAT registrant (its prices include VAT); Desert Lamps is not registered (decision 0098)
  await ctx.database.query(`update vendors set vat_registered = true, vat_number = '100123456700003', is_verified = true where id = $1`, [a]);
  await add('lamp', 'Brass Lantern', b, 1_200, 3);
});
afterAll(async () => {
  await ctx?.close();
  await Promise.all([agent?.close(), otherAgent?.close()]);
});

const write = (method: string, url: string, body: unknown, key: string = randomUUID(), profile = AGENT) =>
  call(ctx.app, { method, url, body, headers: { 'ucp-agent': profile, 'idempotency-key': key } });

async function variantOf(productId: number): Promise<string> {
  const res = await call(ctx.app, { method: 'POST', url: '/ucp/catalog/product', body: { id: String(productId) }, headers: { 'ucp-agent': AGENT } });
  return res.json.product.variants[0].id;
}

const buyer = { first_name: 'Layla', last_name: 'Haddad', email: 'layla@example.com', phone_number: '+971500000001' };
const fulfillment = { methods: [{ type: 'shipping', destinations: [{ street_address: '12 Al Wasl Road', address_locality: 'Dubai', address_country: 'AE', postal_code: '00000' }] }] };
const payment = { instruments: [{ id: 'pay_1', handler_id: 'cod', type: 'cash_on_delivery' }] };


/** Tests that validate against the UCP release in ../shared (skipped, and named, where it is absent). */
const itUcp = itWithShared('ucp-2026-04-08');
describe('checkout sessions over REST', () => {
  itUcp('lifecycle: create → ready → complete places one real Souq order with the storefront totals; retries place no second', async () => {
    const oud = await variantOf(ids.oud!);
    const lines = [{ item: { id: oud }, quantity: 2 }, { item: { id: String(ids.lamp) }, quantity: 1 }];
    const created = await write('POST', '/ucp/checkout-sessions', { line_items: lines, buyer, fulfillment, payment });
    expect(created.status).toBe(201);
    expect(ucpErrors(CHECKOUT, created.json)).toEqual([]);
    expect(created.json.status).toBe('ready_for_complete');
    // the storefront's rule: the 50ml option at 24.99 + 5.00, and each seller's part with its own shipping (decision
    // 0086): A's 59.98 ships free (above 50.00), B's 12.00 pays 9.99
    const t = splitBySeller([
      { unitPriceCents: 2_999, quantity: 2, vendorId: vendors.a! }, { unitPriceCents: 1_200, quantity: 1, vendorId: vendors.b! },
    ], undefined, (v) => ({ mode: 'inclusive', registered: v === vendors.a })).totals;
    expect(t.taxCents).toBe(286); // 59.98 × 5/105, inside the price; none on Desert Lamps' lantern
    expect(t).toMatchObject({ subtotalCents: 7_198, shippingCents: 999 });
    // totals an agent adds up (subtotal + fulfillment = total): the VAT is inside the prices, so it is the total's
    // itemised breakdown (lines summing to it), not a tax entry to add; shipping lists each seller's fee
    expect(created.json.totals).toEqual([
      { type: 'subtotal', amount: 7_198 },
      { type: 'fulfillment', amount: 999, display_text: 'Shipping', lines: [{ display_text: 'Shipping from Oud House Trading', amount: 0 }, { display_text: 'Shipping from Desert Lamps LLC', amount: 999 }] },
      { type: 'total', amount: t.totalCents, display_text: 'Total (includes VAT 5%)', lines: [{ display_text: 'Before VAT', amount: t.totalCents - t.taxCents }, { display_text: 'VAT 5% (included)', amount: t.taxCents }] },
    ]);
    expect(7_198 + 999).toBe(t.totalCents);
    // one fulfilment group per seller, each with its own option and fee
    const groups = created.json.fulfillment.methods[0].groups as { id: string; line_item_ids: string[]; options: { title: string; totals: { amount: number }[] }[] }[];
    expect(groups.map((g) => [g.id, g.line_item_ids, g.options[0]!.title, g.options[0]!.totals[0]!.amount])).toEqual([
      [`seller_${vendors.a}`, ['line_1'], 'Standard delivery from Oud House Trading', 0],
      [`seller_${vendors.b}`, ['line_2'], 'Standard delivery from Desert Lamps LLC', 999],
    ]);
    // the terms and the privacy notice, which the release makes mandatory
    expect(created.json.links.map((l: { type: string }) => l.type)).toEqual(['terms_of_service', 'privacy_policy']);
    expect(created.json.line_items.map((l: { item: { id: string; title: string; price: number } }) => [l.item.id, l.item.title, l.item.price])).toEqual([
      [oud, 'Royal Oud Perfume (size: 50ml)', 2_999], [`${ids.lamp}:default`, 'Brass Lantern', 1_200],
    ]);
    const id = created.json.id as string;

    const key = randomUUID();
    const done = await write('POST', `/ucp/checkout-sessions/${id}/complete`, { payment }, key);
    expect(done.status).toBe(200);
    expect(ucpErrors(CHECKOUT, done.json)).toEqual([]);
    expect(done.json.status).toBe('completed');
    const orderId = Number(done.json.order.id);
    const again = await write('POST', `/ucp/checkout-sessions/${id}/complete`, { payment }, key);
    expect(again.json.order.id).toBe(String(orderId));

    // one purchase (the UCP order) charged exactly the quoted total, as one sub-order per seller
    const rows = await ctx.database.query(
      'select total_cents, payment_method, customer_email, (select count(*)::int from orders o where o.purchase_id = p.id) as n from purchases p where id = $1', [orderId],
    ) as unknown as { rows?: unknown[] } | unknown[];
    const [order] = (Array.isArray(rows) ? rows : rows.rows!) as { total_cents: number; payment_method: string; customer_email: string; n: number }[];
    expect(order).toEqual({ total_cents: t.totalCents, payment_method: 'cod', customer_email: 'layla@example.com', n: 2 });
    // the agent's purchase is in the audit trail under the agent's name
    const trail = await ctx.app.services.audit.list({ action: 'agent.checkout_complete' }, { limit: 10, offset: 0 });
    expect(JSON.stringify(trail)).toContain(`agent ${new URL(agent.origin).host}`);
    const stock = await ctx.app.services.catalogue.getProduct(ids.oud!);
    expect(stock.stock).toBe(3);
    // a completed session cannot be canceled
    const cancel = await write('POST', `/ucp/checkout-sessions/${id}/cancel`, undefined);
    expect(cancel.json.status).toBe('completed');
  });

  itUcp('is incomplete until buyer, destination and payment are given, and says what is missing', async () => {
    const created = await write('POST', '/ucp/checkout-sessions', { line_items: [{ item: { id: String(ids.lamp) }, quantity: 1 }] });
    expect(created.status).toBe(201);
    expect(ucpErrors(CHECKOUT, created.json)).toEqual([]);
    expect(created.json.status).toBe('incomplete');
    expect(created.json.messages.map((m: { path: string }) => m.path)).toEqual(['$.buyer.email', '$.buyer.first_name', '$.fulfillment.methods[0].destinations[0]', '$.payment.instruments[0]']);
    // under 50: shipping 9.99
    expect(created.json.totals[1]).toEqual({ type: 'fulfillment', amount: 999, display_text: 'Shipping' });
    const early = await write('POST', `/ucp/checkout-sessions/${created.json.id}/complete`, {});
    expect(early.json.status).toBe('incomplete');
    expect(early.json.order).toBeUndefined();
    const updated = await write('PUT', `/ucp/checkout-sessions/${created.json.id}`, { line_items: [{ item: { id: String(ids.lamp) }, quantity: 1 }], buyer, fulfillment, payment });
    expect(ucpErrors(CHECKOUT, updated.json)).toEqual([]);
    expect(updated.json.status).toBe('ready_for_complete');
    const canceled = await write('POST', `/ucp/checkout-sessions/${created.json.id}/cancel`, undefined);
    expect(canceled.json.status).toBe('canceled');
    const late = await write('POST', `/ucp/checkout-sessions/${created.json.id}/complete`, { payment });
    expect(late.json.status).toBe('canceled');
    expect(late.json.messages[0].code).toBe('invalid_state');
  });

  itUcp("answers the protocol's errors: unknown item, out of stock", async () => {
    const unknown = await write('POST', '/ucp/checkout-sessions', { line_items: [{ item: { id: '999999' }, quantity: 1 }] });
    expect(unknown.status).toBe(200);
    expect(ucpErrors('schemas/shopping/types/error_response.json', unknown.json)).toEqual([]);
    expect(unknown.json.messages[0]).toMatchObject({ type: 'error', code: 'not_found', path: '$.line_items[0].item.id' });
    // a product with variant rows needs one of them named
    expect((await write('POST', '/ucp/checkout-sessions', { line_items: [{ item: { id: String(ids.oud) }, quantity: 1 }] })).json.messages[0].code).toBe('not_found');

    const tooMany = await write('POST', '/ucp/checkout-sessions', { line_items: [{ item: { id: String(ids.lamp) }, quantity: 9 }], buyer, fulfillment, payment });
    expect(ucpErrors(CHECKOUT, tooMany.json)).toEqual([]);
    expect(tooMany.json.status).toBe('incomplete');
    expect(tooMany.json.messages).toEqual([expect.objectContaining({ type: 'error', code: 'out_of_stock', path: '$.line_items[0]', content: expect.stringMatching(/^Only [1-3] left of Brass Lantern$/) })]);
    const refused = await write('POST', `/ucp/checkout-sessions/${tooMany.json.id}/complete`, { payment });
    expect(refused.json.status).toBe('incomplete');
    expect(refused.json.order).toBeUndefined();
  });

  itUcp("cash on delivery only where the storefront allows it: a buyer with refused deliveries is asked for the card handler, nothing placed", async () => {
    const refuser = { ...buyer, email: 'refuser@example.com' };
    // one cash purchase through an agent, shipped and refused at the door; the admin's threshold is one refusal
    const first = await write('POST', '/ucp/checkout-sessions', { line_items: [{ item: { id: String(ids.lamp) }, quantity: 1 }], buyer: refuser, fulfillment, payment });
    const placed = await write('POST', `/ucp/checkout-sessions/${first.json.id}/complete`, { payment });
    expect(placed.json.status).toBe('completed');
    const orderId = (await ctx.database.query<{ id: number }>(`select id from orders where customer_email = $1`, [refuser.email]))[0]!.id;
    await ctx.app.services.orders.setStatus(orderId, 'shipped', { tracking: { number: 'RF1', carrier: 'ARX' } });
    await ctx.app.services.cod.refuse(orderId, { actor: system });
    await ctx.app.services.cod.saveSettings({ refusal_threshold: 1 }, system);
    try {
      const before = Number((await ctx.database.query<{ n: string }>('select count(*) as n from purchases'))[0]!.n);
      const again = await write('POST', '/ucp/checkout-sessions', { line_items: [{ item: { id: String(ids.lamp) }, quantity: 1 }], buyer: refuser, fulfillment, payment });
      const refused = await write('POST', `/ucp/checkout-sessions/${again.json.id}/complete`, { payment });
      expect(refused.status).toBe(200);
      expect(ucpErrors(CHECKOUT, refused.json)).toEqual([]);
      expect(refused.json.status).not.toBe('completed');
      expect(refused.json.messages).toContainEqual(expect.objectContaining({ type: 'error', code: 'payment_handler_unavailable', severity: 'recoverable', content: MSG.codCardOnly(1) }));
      expect(Number((await ctx.database.query<{ n: string }>('select count(*) as n from purchases'))[0]!.n)).toBe(before);
      // another buyer still pays cash
      const other = await write('POST', '/ucp/checkout-sessions', { line_items: [{ item: { id: String(ids.lamp) }, quantity: 1 }], buyer: { ...buyer, email: 'someone.else@example.com' }, fulfillment, payment });
      expect((await write('POST', `/ucp/checkout-sessions/${other.json.id}/complete`, { payment })).json.status).toBe('completed');
    } finally {
      await ctx.app.services.cod.saveSettings({ refusal_threshold: 2 }, system);
    }
  });

  it('honours Idempotency-Key on create: same body → same session, other body → 409', async () => {
    const key = randomUUID();
    const body = { line_items: [{ item: { id: String(ids.lamp) }, quantity: 1 }] };
    const first = await write('POST', '/ucp/checkout-sessions', body, key);
    const second = await write('POST', '/ucp/checkout-sessions', body, key);
    // the release: a duplicate with the same payload gets the first answer again (status included)
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.json).toEqual(first.json);
    const reused = await write('POST', '/ucp/checkout-sessions', { line_items: [{ item: { id: String(ids.lamp) }, quantity: 2 }] }, key);
    expect(reused.status).toBe(409);
    expect(reused.json.messages[0].code).toBe('idempotency_conflict');
  });

  it('takes no card data, needs the headers, and keeps each agent to its own sessions', async () => {
    const withCard = { ...payment, instruments: [{ id: 'p', handler_id: 'card', type: 'card', credential: { type: 'card', number: '4111111111111111' } }] };
    const card = await write('POST', '/ucp/checkout-sessions', { line_items: [{ item: { id: String(ids.lamp) }, quantity: 1 }], payment: withCard });
    expect(card.status).toBe(400);
    expect(card.body).not.toContain('4111111111111111');
    expect((await write('POST', '/ucp/checkout-sessions', { line_items: [{ item: { id: String(ids.lamp) }, quantity: 1 }] }, 'not-a-uuid')).status).toBe(400);
    const mine = await write('POST', '/ucp/checkout-sessions', { line_items: [{ item: { id: String(ids.lamp) }, quantity: 1 }] });
    const other = otherAgent.header;
    expect((await call(ctx.app, { url: `/ucp/checkout-sessions/${mine.json.id}`, headers: { 'ucp-agent': other } })).status).toBe(404);
    expect((await call(ctx.app, { url: `/ucp/checkout-sessions/${mine.json.id}`, headers: { 'ucp-agent': AGENT } })).json.id).toBe(mine.json.id);
  });
});

describe('carts over REST', () => {
  const CART = 'schemas/shopping/cart.json';
  itUcp('create → read → update → cancel, priced as the storefront prices, validated against cart.json', async () => {
    const key = randomUUID();
    const created = await write('POST', '/ucp/carts', { line_items: [{ item: { id: String(ids.lamp) }, quantity: 1 }] }, key);
    expect(created.status).toBe(201);
    expect(ucpErrors(CART, created.json)).toEqual([]);
    // 12.00 + 9.99 shipping (the seller is not VAT-registered: no VAT; a registrant's would be inside the 12.00)
    expect(created.json.totals.at(-1)).toEqual({ type: 'total', amount: splitBySeller([{ unitPriceCents: 1_200, quantity: 1, vendorId: vendors.b! }], undefined, () => ({ mode: 'inclusive', registered: false })).totals.totalCents });
    expect(created.json.totals.at(-1).amount).toBe(2_199);
    expect((await write('POST', '/ucp/carts', { line_items: [{ item: { id: String(ids.lamp) }, quantity: 1 }] }, key)).json.id).toBe(created.json.id);
    const updated = await write('PUT', `/ucp/carts/${created.json.id}`, { line_items: [{ item: { id: String(ids.lamp) }, quantity: 50 }] });
    expect(ucpErrors(CART, updated.json)).toEqual([]);
    expect(updated.json.messages[0].code).toBe('out_of_stock');
    const read = await call(ctx.app, { url: `/ucp/carts/${created.json.id}`, headers: { 'ucp-agent': AGENT } });
    expect(read.json.line_items[0].quantity).toBe(50);
    const unknown = await write('PUT', `/ucp/carts/${created.json.id}`, { line_items: [{ item: { id: '999999' }, quantity: 1 }] });
    expect(ucpErrors('schemas/shopping/types/error_response.json', unknown.json)).toEqual([]);
    const canceled = await write('POST', `/ucp/carts/${created.json.id}/cancel`, undefined);
    expect(ucpErrors(CART, canceled.json)).toEqual([]);
    expect((await call(ctx.app, { url: `/ucp/carts/${created.json.id}`, headers: { 'ucp-agent': AGENT } })).status).toBe(404);
  });
});

describe('a UAE destination becomes a structured address (decision 0151)', () => {
  let rug = 0;
  beforeAll(async () => {
    rug = (await ctx.app.services.catalogue.addProduct(
      { name: 'Sadu Rug', description: 'Woven.', vendorId: vendors.b!, priceCents: 4_000, stock: 20, categories: ['home'], currency: 'AED', status: 'active', images: ['/media/x.jpg'] },
      { actor: system },
    )).id;
  });
  const place = async (destination: Record<string, string>, who: Record<string, string> = buyer) => {
    const created = await write('POST', '/ucp/checkout-sessions', {
      line_items: [{ item: { id: String(rug) }, quantity: 1 }], buyer: who, payment,
      fulfillment: { methods: [{ type: 'shipping', destinations: [destination] }] },
    });
    expect(created.json.status).toBe('ready_for_complete');
    const done = await write('POST', `/ucp/checkout-sessions/${created.json.id}/complete`, { payment });
    expect(done.json.status).toBe('completed');
    const res = await ctx.database.query('select delivery_address, shipping_address from purchases where id = $1', [Number(done.json.order.id)]) as unknown as { rows?: unknown[] } | unknown[];
    const [order] = (Array.isArray(res) ? res : res.rows!) as { delivery_address: Record<string, unknown> | null; shipping_address: Record<string, unknown> }[];
    return { order: order!, session: created.json };
  };

  itUcp('region, area, street and phone: the order keeps the emirate, the area and the number the courier calls', async () => {
    const { order, session } = await place({ street_address: 'Marina Gate 2', extended_address: 'Apt 1804', address_locality: 'Dubai Marina', address_region: 'AE-DU', address_country: 'AE', phone_number: '050 123 4567' });
    expect(ucpErrors(CHECKOUT, session)).toEqual([]);
    expect(session.fulfillment.methods[0].destinations[0]).toMatchObject({ address_region: 'AE-DU', address_locality: 'Dubai Marina' });
    expect(order.delivery_address).toMatchObject({ name: 'Layla Haddad', emirate: 'dubai', area: 'Dubai Marina', street: 'Marina Gate 2, Apt 1804', phone: '+971501234567' });
    expect(order.shipping_address).toMatchObject({ city: 'Dubai', country: 'United Arab Emirates' });
  });

  it('an emirate written in Arabic, in the city field only, with the buyer\'s phone', async () => {
    const { order } = await place({ street_address: 'شارع الكورنيش 3', address_locality: 'أبوظبي', address_country: 'الإمارات' });
    expect(order.delivery_address).toMatchObject({ emirate: 'abu_dhabi', area: 'Abu Dhabi', phone: '+971500000001' });
  });

  it('no emirate, no UAE phone or another country: the destination stays as written', async () => {
    const alAin = await place({ street_address: 'Villa 7', address_locality: 'Al Ain', address_country: 'AE' });
    expect(alAin.order.delivery_address).toBeNull();
    expect(alAin.order.shipping_address).toMatchObject({ address: 'Villa 7', city: 'Al Ain' });
    const noPhone = await place({ street_address: '1 Road', address_locality: 'Sharjah', address_country: 'AE' }, { first_name: 'Sara', email: 'sara@example.com' });
    expect(noPhone.order.delivery_address).toBeNull();
  });
});
