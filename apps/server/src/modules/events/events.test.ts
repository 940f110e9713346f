import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { MSG } from '@souq/shared/messages';
import { adminToken, call, createTestApp, signupCustomer, signupVendor, type TestContext } from '../../../test/harness.js';
import { openEventStream, type EventStream } from '../../../test/sse-client.js';

// The live stream over a real socket: who receives what, heartbeats, and the end of a stream.
let t: TestContext;
let base: string;
let admin: string;
let alice: Awaited<ReturnType<typeof signupCustomer>>;
let bob: Awaited<ReturnType<typeof signupCustomer>>;
const streams: EventStream[] = [];
const stream = async (opts: Parameters<typeof openEventStream>[1]) => {
  const s = await openEventStream(base, opts);
  streams.push(s);
  return s;
};

beforeAll(async () => {
  t = await createTestApp({ liveEvents: { heartbeatMs: 150, maxAgeMs: 60_000 } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  admin = await adminToken(t.app, t.config);
  alice = await signupCustomer(t.app, 'Alice Live');
  bob = await signupCustomer(t.app, 'Bob Live');
});
afterAll(async () => {
  for (const s of streams) s.close();
  await t?.close();
});

/** Places a one-line order of `productId` as a signed-in customer (cash on delivery). */
const placeOrder = (who: { token: string; email: string }, name: string, productId: number) =>
  call(t.app, {
    method: 'POST', url: '/api/orders', token: who.token,
    body: {
      items: [{ product_id: productId, quantity: 1 }], customer_info: { email: who.email, name, phone: null },
      shipping_address: { address: '1', city: 'Dubai', country: 'UAE', zip: '1' }, billing_address: { address: '1', city: 'Dubai', country: 'UAE', zip: '1' },
      payment_intent_id: null, notes: '',
    },
  });

describe('GET /api/events', () => {
  it('needs a session (or an assistant chat id) and answers as text/event-stream with a ready event', async () => {
    const anon = await stream({});
    expect(anon.status).toBe(401);
    expect(anon.body).toEqual({ error: MSG.authRequired });
    expect((await stream({ token: 'not-a-session' })).status).toBe(401);
    const s = await stream({ token: alice.token });
    expect(s.status).toBe(200);
    expect(s.contentType).toMatch(/^text\/event-stream/);
    await s.next('ready');
    // heartbeats keep it open
    await s.until(() => s.comments >= 2, 'two heartbeats');
  });

  it("delivers support events to the conversation's customer and to staff, never to another customer", async () => {
    const a = await stream({ token: alice.token });
    const b = await stream({ token: bob.token });
    const staff = await stream({ token: admin });
    await Promise.all([a.next('ready'), b.next('ready'), staff.next('ready')]);

    const conv = (await call(t.app, { method: 'POST', url: '/api/support/conversations', token: alice.token, body: { subject: 'Live?', message: 'from alice' } })).json;
    await staff.next('support.message', (d) => d.conversationId === conv.id && d.message.message === 'from alice');
    await staff.next('support.conversation', (d) => d.conversationId === conv.id);
    await a.next('support.message', (d) => d.conversationId === conv.id);

    await call(t.app, { method: 'POST', url: `/api/admin/support/conversations/${conv.id}/messages`, token: admin, body: { message: 'staff here' } });
    const got = await a.next('support.message', (d) => d.message.message === 'staff here');
    expect(got.data.message).toMatchObject({ sender_type: 'support', conversation_id: conv.id });
    await call(t.app, { method: 'PATCH', url: `/api/admin/support/conversations/${conv.id}`, token: admin, body: { status: 'resolved' } });
    await a.next('support.conversation', (d) => d.status === 'resolved');

    // Bob's own conversation reaches Bob; nothing of Alice's ever did
    const bobs = (await call(t.app, { method: 'POST', url: '/api/support/conversations', token: bob.token, body: { message: 'from bob' } })).json;
    await b.next('support.message', (d) => d.conversationId === bobs.id);
    expect(b.events.filter((e) => e.data?.conversationId === conv.id)).toEqual([]);
    expect(a.events.filter((e) => e.data?.conversationId === bobs.id)).toEqual([]);
  });

  it("brings an admin's reply in an assistant chat to that shopper only, signed in or anonymous", async () => {
    const signedIn = (await call(t.app, { method: 'POST', url: '/api/ai/chat', token: alice.token, body: { message: 'hello', sessionId: 'tab-1' } })).json.sessionId;
    const anonymous = (await call(t.app, { method: 'POST', url: '/api/ai/chat', body: { message: 'hi there', sessionId: 'anon-tab' } })).json.sessionId;
    const a = await stream({ token: alice.token });
    const b = await stream({ token: bob.token });
    const guest = await stream({ chat: anonymous });
    const staff = await stream({ token: admin });
    await Promise.all([a.next('ready'), b.next('ready'), guest.next('ready'), staff.next('ready')]);

    await call(t.app, { method: 'POST', url: `/api/admin/chats/${signedIn}/messages`, token: admin, body: { message: 'A person here' } });
    const r = await a.next('chat.reply', (d) => d.sessionId === signedIn);
    expect(r.data.reply).toMatchObject({ message: 'A person here', sender_name: expect.stringContaining(MSG.chatSupportLabel) });
    await staff.next('chat.session', (d) => d.sessionId === signedIn);

    await call(t.app, { method: 'POST', url: `/api/admin/chats/${anonymous}/messages`, token: admin, body: { message: 'Hello guest' } });
    await guest.next('chat.reply', (d) => d.reply.message === 'Hello guest');
    expect(b.events.filter((e) => e.type === 'chat.reply')).toEqual([]);
    expect(guest.events.filter((e) => e.type === 'chat.reply')).toHaveLength(1);
    expect(a.events.filter((e) => e.type === 'chat.reply')).toHaveLength(1);

    // another person's session cannot be listened to; an unknown one does not exist
    expect((await stream({ chat: signedIn })).status).toBe(403);
    expect((await stream({ token: bob.token, chat: signedIn })).status).toBe(403);
    expect((await stream({ chat: '00000000-0000-4000-8000-000000000000' })).status).toBe(404);
    expect((await stream({ chat: 'not-a-uuid' })).status).toBe(400);
  });

  it("tells a customer their order's new status", async () => {
    const s = await stream({ token: bob.token });
    await s.next('ready');
    const p = await t.app.services.catalogue.createProduct({ name: 'Live Lamp', brand: 'Souq', categories: ['home'], priceCents: 1500, stock: 3 });
    const placed = await placeOrder(bob, 'Bob', p.id);
    await t.app.services.orders.setStatus(placed.json.order.id, 'processing');
    const e = await s.next('order.status');
    expect(e.data).toEqual({ orderId: placed.json.order.id, orderNumber: placed.json.order.order_number, status: 'processing' });
  });

  it('tells the shopper, the seller and staff about a return, never another vendor or shopper (decision 0094)', async () => {
    const seller = await signupVendor(t.app, 'Live Returns LLC');
    const outsider = await signupVendor(t.app, 'Live Returns Outsider LLC');
    const p = await t.app.services.catalogue.createProduct({ name: 'Live Return Mug', brand: 'Souq', categories: ['home'], priceCents: 1200, stock: 3, vendorId: seller.vendor.id });
    const placed = await placeOrder(alice, 'Alice', p.id);
    const order = placed.json.order.sub_orders[0];
    await t.app.services.orders.setStatus(order.id, 'delivered');
    const [shopper, own, other, stranger, staff] = await Promise.all([
      stream({ token: alice.token }), stream({ token: seller.token }), stream({ token: outsider.token }), stream({ token: bob.token }), stream({ token: admin }),
    ]);
    await Promise.all([shopper, own, other, stranger, staff].map((s) => s.next('ready')));
    const [line] = await t.database.query<{ id: number }>('select id from order_items where order_id = $1', [order.id]);
    const asked = await call(t.app, { method: 'POST', url: '/api/my/returns', token: alice.token, body: { order_id: order.id, line_id: line!.id, units: 1, reason: 'other', refund_method: 'store_credit' } });
    expect(asked.status).toBe(201);
    const expected = { returnId: asked.json.id, orderId: order.id, orderNumber: order.order_number, status: 'requested', refundCents: null, currency: 'AED' };
    for (const s of [shopper, own, staff]) expect((await s.next('return.status')).data).toEqual(expected);
    for (const s of [other, stranger]) expect(s.events.map((e) => e.type)).not.toContain('return.status');
  });

  it("tells a vendor about orders holding its products (placed, then a new status), never another vendor", async () => {
    const seller = await signupVendor(t.app, 'Live Seller LLC');
    const outsider = await signupVendor(t.app, 'Live Outsider LLC');
    const own = await stream({ token: seller.token });
    const other = await stream({ token: outsider.token });
    await Promise.all([own.next('ready'), other.next('ready')]);
    const p = await t.app.services.catalogue.createProduct({ name: 'Live Kettle', brand: 'Souq', categories: ['home'], priceCents: 2500, stock: 3, vendorId: seller.vendor.id });
    const placed = await placeOrder(alice, 'Alice', p.id);
    expect(placed.status).toBe(201);
    const order = { orderId: placed.json.order.id, orderNumber: placed.json.order.order_number };
    expect((await own.next('vendor.order')).data).toEqual(order);
    await t.app.services.orders.setStatus(order.orderId, 'processing');
    await own.until(() => own.events.filter((e) => e.type === 'vendor.order').length === 2, 'a second vendor.order event');
    // the outsider's stream is open and live (its own ready came) but heard nothing of this order
    expect(other.events.map((e) => e.type)).not.toContain('vendor.order');
  });

  it('ends a stream after its lifetime, so the client reconnects and is authorised again', async () => {
    const short = await createTestApp({ liveEvents: { heartbeatMs: 1000, maxAgeMs: 300 } });
    try {
      await short.app.listen({ port: 0, host: '127.0.0.1' });
      const c = await signupCustomer(short.app);
      const s = await openEventStream(`http://127.0.0.1:${(short.app.server.address() as AddressInfo).port}`, { token: c.token });
      await s.next('ready');
      await s.until(() => s.ended, 'the end of the stream');
      expect(short.app.services.events.connected).toBe(0);
    } finally {
      await short.close();
    }
  });
});
