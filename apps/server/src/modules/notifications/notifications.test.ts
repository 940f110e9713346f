import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@souq/shared/messages';
import { RETURN_STATUS_LABELS } from '@souq/shared/constants';
import { formatCents } from '@souq/shared/rules/money';
import { adminToken, call, createTestApp, signupCustomer, signupVendor, type TestContext } from '../../../test/harness.js';
import { payPlaced, startTestPayments } from '../../../test/payments-fixtures.js';
import { startPushService, type PushService } from '../../../test/push-service.js';
import { isPrivateAddress } from '../../platform/private-address.js';

// Delivery is proven against a local push service that verifies the VAPID signature and decrypts the payload.
let t: TestContext;
let push: PushService;
let admin: string;
let alice: Awaited<ReturnType<typeof signupCustomer>>;
let bob: Awaited<ReturnType<typeof signupCustomer>>;

beforeAll(async () => {
  push = await startPushService();
  t = await createTestApp({ pushAllowPrivateEndpoints: true });
  admin = await adminToken(t.app, t.config);
  alice = await signupCustomer(t.app, 'Alice Push');
  bob = await signupCustomer(t.app, 'Bob Push');
});
afterAll(async () => {
  await t?.close();
  await push?.close();
});

const subscribe = (token: string, subscription: unknown, userId?: number, app = t.app) =>
  call(app, { method: 'POST', url: '/api/notifications/subscribe', token, body: { subscription, ...(userId ? { userId } : {}) } });

describe('VAPID keys', () => {
  it('are generated once, stored, and the same on every call', async () => {
    const a = await call(t.app, { url: '/api/notifications/vapid-public-key' });
    expect(a.status).toBe(200);
    expect(Buffer.from(a.json.publicKey, 'base64url')).toHaveLength(65);
    const [row] = await t.database.query<{ value: string }>("select value from settings where key = 'vapid_public_key'");
    expect(row!.value).toBe(a.json.publicKey);
    expect((await call(t.app, { url: '/api/notifications/vapid-public-key' })).json.publicKey).toBe(a.json.publicKey);
  });

  it('come from the environment when given', async () => {
    const env = await createTestApp({ vapid: { publicKey: 'BEnvPublicKeyForTest', privateKey: 'x', subject: 'mailto:a@b.test' } });
    try {
      expect((await call(env.app, { url: '/api/notifications/vapid-public-key' })).json.publicKey).toBe('BEnvPublicKeyForTest');
    } finally {
      await env.close();
    }
  });
});

describe('preferences', () => {
  it("have the spec's defaults, persist per user, and are one's own only", async () => {
    const url = `/api/notifications/preferences/${alice.user.id}`;
    expect((await call(t.app, { url, token: alice.token })).json).toEqual({ orderUpdates: true, productRecommendations: true, promotions: false, aiInsights: true });
    const put = await call(t.app, { method: 'PUT', url: '/api/notifications/preferences', token: alice.token, body: { userId: alice.user.id, preferences: { promotions: true, aiInsights: false } } });
    expect(put.status).toBe(200);
    expect(put.json).toEqual({ orderUpdates: true, productRecommendations: true, promotions: true, aiInsights: false });
    expect((await call(t.app, { url, token: alice.token })).json.promotions).toBe(true);
    // another person's preferences: neither read nor written
    expect((await call(t.app, { url, token: bob.token })).status).toBe(403);
    expect((await call(t.app, { method: 'PUT', url: '/api/notifications/preferences', token: bob.token, body: { userId: alice.user.id, preferences: { promotions: false } } })).status).toBe(403);
    expect((await call(t.app, { url })).status).toBe(401);
    expect((await call(t.app, { url, token: admin })).status).toBe(403);
    expect((await call(t.app, { url, token: alice.token })).json.promotions).toBe(true);
  });
});

describe('subscribe, send and unsubscribe', () => {
  it('delivers a signed, encrypted push that the push service can decrypt', async () => {
    const sub = push.subscribe();
    expect((await subscribe(alice.token, sub, alice.user.id)).status).toBe(200);
    const res = await call(t.app, {
      method: 'POST', url: '/api/notifications/send', token: alice.token,
      body: { userId: alice.user.id, title: 'Hello', body: 'It works', url: '/profile', icon: '/favicon.svg' },
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ success: true, message: MSG.deliveryReport(1, 0), stats: { successCount: 1, errorCount: 0 } });
    const [got] = await push.waitFor(sub.id);
    expect(JSON.parse(got!.payload)).toEqual({ title: 'Hello', body: 'It works', url: '/profile', icon: '/favicon.svg' });
    const key = (await call(t.app, { url: '/api/notifications/vapid-public-key' })).json.publicKey;
    expect(got!.vapidKey).toBe(key);
    expect(got!.claims).toMatchObject({ aud: push.origin, sub: t.config.vapid.subject });
    expect(got!.ttl).toBeGreaterThan(0);
  });

  it('lets a customer notify only themself, an admin anyone', async () => {
    const body = { userId: alice.user.id, title: 'Hi', body: 'There' };
    expect((await call(t.app, { method: 'POST', url: '/api/notifications/send', token: bob.token, body })).status).toBe(403);
    expect((await call(t.app, { method: 'POST', url: '/api/notifications/send', body })).status).toBe(401);
    const vendor = await signupVendor(t.app);
    expect((await call(t.app, { method: 'POST', url: '/api/notifications/send', token: vendor.token, body })).status).toBe(403);
    const asAdmin = await call(t.app, { method: 'POST', url: '/api/notifications/send', token: admin, body });
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.json.stats.successCount).toBeGreaterThanOrEqual(1);
    // nobody subscribed: the spec's kind of message
    const none = await call(t.app, { method: 'POST', url: '/api/notifications/send', token: admin, body: { ...body, userId: bob.user.id } });
    expect(none.status).toBe(422);
    expect(none.json.error).toBe(MSG.notificationsNotEnabled);
    // a title and a body are required
    expect((await call(t.app, { method: 'POST', url: '/api/notifications/send', token: alice.token, body: { userId: alice.user.id, title: ' ', body: 'x' } })).status).toBe(400);
  });

  it("refuses to subscribe for someone else and rejects malformed keys", async () => {
    expect((await subscribe(bob.token, push.subscribe(), alice.user.id)).status).toBe(403);
    const bad = { ...push.subscribe(), keys: { p256dh: 'short', auth: 'x' } };
    expect((await subscribe(bob.token, bad)).status).toBe(400);
    expect((await subscribe(admin, push.subscribe())).status).toBe(403);
  });

  it('removes a subscription the push service answers 410 Gone for', async () => {
    const sub = push.subscribe();
    await subscribe(bob.token, sub);
    push.expire(sub.id);
    const res = await call(t.app, { method: 'POST', url: '/api/notifications/send', token: bob.token, body: { userId: bob.user.id, title: 'A', body: 'B' } });
    expect(res.json).toMatchObject({ success: false, stats: { successCount: 0, errorCount: 1 } });
    const rows = await t.database.query('select 1 from push_subscriptions where endpoint = $1', [sub.endpoint]);
    expect(rows).toHaveLength(0);
  });

  it('unsubscribes one browser, or all of the caller\'s', async () => {
    const one = push.subscribe();
    const two = push.subscribe();
    await subscribe(bob.token, one);
    await subscribe(bob.token, two);
    expect((await call(t.app, { method: 'POST', url: '/api/notifications/unsubscribe', token: bob.token, body: { userId: bob.user.id, endpoint: one.endpoint } })).status).toBe(200);
    const count = async () => (await t.database.query('select 1 from push_subscriptions where user_id = $1', [bob.user.id])).length;
    expect(await count()).toBe(1);
    expect((await call(t.app, { method: 'POST', url: '/api/notifications/unsubscribe', token: alice.token, body: { userId: bob.user.id } })).status).toBe(403);
    await call(t.app, { method: 'POST', url: '/api/notifications/unsubscribe', token: bob.token, body: {} });
    expect(await count()).toBe(0);
  });
});

describe('return pushes (decision 0094)', () => {
  it('tell the shopper at each step of a return, with the refund once it is issued', async () => {
    const dana = await signupCustomer(t.app, 'Dana Returns');
    const seller = await signupVendor(t.app, 'Push Returns LLC');
    const sub = push.subscribe();
    await subscribe(dana.token, sub);
    const product = await t.app.services.catalogue.createProduct({ name: 'Push Toaster', brand: 'Souq', categories: ['kitchen'], priceCents: 4000, stock: 5, vendorId: seller.vendor.id });
    const payments = await startTestPayments(t); // the card purchase is paid on the (local) provider's page
    const placed = await call(t.app, {
      method: 'POST', url: '/api/orders', token: dana.token,
      body: { items: [{ product_id: product.id, quantity: 2 }], customer_info: { email: dana.email, name: 'Dana', phone: null }, shipping_address: { address: '1 St', city: 'Dubai', country: 'UAE', zip: '1' }, payment_method: 'card' },
    });
    await payPlaced(payments, placed.json);
    const order = placed.json.order.sub_orders[0];
    await t.app.services.orders.setStatus(order.id, 'delivered');
    await push.waitFor(sub.id, 1); // the delivery's own push
    const [line] = await t.database.query<{ id: number }>('select id from order_items where order_id = $1', [order.id]);
    const asked = await call(t.app, { method: 'POST', url: '/api/my/returns', token: dana.token, body: { order_id: order.id, line_id: line!.id, units: 1, reason: 'damaged' } });
    await call(t.app, { method: 'POST', url: `/api/vendor/returns/${asked.json.id}/approve`, token: seller.token, body: {} });
    const received = await call(t.app, { method: 'POST', url: `/api/vendor/returns/${asked.json.id}/receive`, token: seller.token, body: { restock: true } });
    const all = (await push.waitFor(sub.id, 4)).map((d) => JSON.parse(d.payload) as { title: string; body: string; url: string });
    // each push is sent as its step commits; they may arrive in any order
    const titles = (['requested', 'approved', 'received'] as const).map((s) => MSG.returnPush(order.order_number, RETURN_STATUS_LABELS[s]));
    expect(all.slice(1).map((p) => p.title).sort()).toEqual([...titles].sort());
    expect(all.find((p) => p.title === titles[2])).toMatchObject({ body: MSG.returnRefundedPushBody(formatCents(received.json.refund.total_cents, 'AED')), url: '/profile' });
    expect(all.find((p) => p.title === titles[0])).toMatchObject({ body: MSG.returnPushBody });
  });
});

describe('order status pushes', () => {
  it("send 'Order {number}: {status}' when order updates are on, nothing when off", async () => {
    const carol = await signupCustomer(t.app, 'Carol Orders');
    const sub = push.subscribe();
    await subscribe(carol.token, sub);
    const product = await t.app.services.catalogue.createProduct({ name: 'Push Kettle', brand: 'Souq', categories: ['kitchen'], priceCents: 2000, stock: 5 });
    const placed = await call(t.app, {
      method: 'POST', url: '/api/orders', token: carol.token,
      body: {
        items: [{ product_id: product.id, quantity: 1 }],
        customer_info: { email: carol.email, name: 'Carol', phone: null },
        shipping_address: { address: '1 St', city: 'Dubai', country: 'UAE', zip: '1' },
        billing_address: { address: '1 St', city: 'Dubai', country: 'UAE', zip: '1' },
        payment_intent_id: null, notes: '',
      },
    });
    expect(placed.status).toBe(201);
    const order = placed.json.order;
    await t.app.services.orders.setStatus(order.id, 'shipped');
    const [got] = await push.waitFor(sub.id);
    expect(JSON.parse(got!.payload)).toMatchObject({ title: `Order ${order.order_number}: shipped`, url: '/profile' });

    await call(t.app, { method: 'PUT', url: '/api/notifications/preferences', token: carol.token, body: { preferences: { orderUpdates: false } } });
    await t.app.services.orders.setStatus(order.id, 'delivered');
    // the handler runs with the emit; a push it sent would have arrived by the time a second, later one does
    await call(t.app, { method: 'POST', url: '/api/notifications/send', token: carol.token, body: { userId: carol.user.id, title: 'marker', body: 'm' } });
    const all = await push.waitFor(sub.id, 2);
    expect(all.map((d) => JSON.parse(d.payload).title)).toEqual([`Order ${order.order_number}: shipped`, 'marker']);
  });
});

describe('broadcast', () => {
  it('reaches every subscribed browser, counts failures, and is admin-only and audited', async () => {
    const dan = await signupCustomer(t.app, 'Dan Broadcast');
    const live = push.subscribe();
    const dead = push.subscribe();
    await subscribe(dan.token, live);
    await subscribe(dan.token, dead);
    push.expire(dead.id);
    const body = { type: 'announcement', title: 'Big news', body: 'We opened a new shelf', url: '/ai-assistant' };
    expect((await call(t.app, { method: 'POST', url: '/api/notifications/broadcast', token: dan.token, body })).status).toBe(403);
    const before = push.delivered.length;
    const res = await call(t.app, { method: 'POST', url: '/api/notifications/broadcast', token: admin, body });
    expect(res.status).toBe(200);
    expect(res.json.success).toBe(true);
    expect(res.json.stats.errorCount).toBe(1);
    expect(res.json.stats.successCount).toBe(push.delivered.length - before);
    expect(push.delivered.slice(before).map((d) => JSON.parse(d.payload).title).every((x) => x === 'Big news')).toBe(true);
    expect(push.delivered.slice(before).some((d) => d.subscription === live.id)).toBe(true);
    const [row] = await t.database.query<{ id: number; success_count: number; error_count: number }>('select id, success_count, error_count from broadcasts order by id desc limit 1');
    expect(row).toMatchObject({ success_count: res.json.stats.successCount, error_count: 1 });
    const audit = await t.database.query<{ action: string; actor_role: string }>("select action, actor_role from audit_log where target_type = 'broadcast' and target_id = $1", [String(row!.id)]);
    expect(audit).toEqual([{ action: 'notification.broadcast', actor_role: 'admin' }]);
    expect((await call(t.app, { method: 'POST', url: '/api/notifications/broadcast', token: admin, body: { type: 'general', title: '', body: 'x' } })).status).toBe(400);
  });

  it('sends promotions only to people who accept them', async () => {
    const erin = await signupCustomer(t.app, 'Erin Promo');
    const fay = await signupCustomer(t.app, 'Fay NoPromo');
    const e = push.subscribe();
    const f = push.subscribe();
    await subscribe(erin.token, e);
    await subscribe(fay.token, f);
    await call(t.app, { method: 'PUT', url: '/api/notifications/preferences', token: erin.token, body: { preferences: { promotions: true } } });
    await call(t.app, { method: 'POST', url: '/api/notifications/broadcast', token: admin, body: { type: 'promotion', title: '20% off', body: 'This week only' } });
    expect((await push.waitFor(e.id)).map((d) => JSON.parse(d.payload).title)).toEqual(['20% off']);
    expect(push.delivered.filter((d) => d.subscription === f.id)).toEqual([]);
  });
});

describe('push endpoints on private addresses', () => {
  it('are refused unless PUSH_ALLOW_PRIVATE_ENDPOINTS=true', async () => {
    const strict = await createTestApp();
    try {
      const c = await signupCustomer(strict.app);
      for (const endpoint of ['http://127.0.0.1:9/push/x', 'https://127.0.0.1/push/x', 'https://localhost/push', 'https://10.1.2.3/p', 'https://[::1]/p', 'https://192.168.1.1/p', 'https://169.254.169.254/latest']) {
        const res = await subscribe(c.token, { ...push.subscribe(), endpoint }, undefined, strict.app);
        expect(res.status, endpoint).toBe(422);
        expect(res.json.error).toBe(MSG.pushEndpointRefused);
      }
      // one stored before the rule (or by a name that later resolves to a private address) is not called either
      const sub = push.subscribe();
      await strict.database.query('insert into push_subscriptions (user_id, endpoint, p256dh, auth) values ($1, $2, $3, $4)', [c.user.id, sub.endpoint, sub.keys.p256dh, sub.keys.auth]);
      const sent = await call(strict.app, { method: 'POST', url: '/api/notifications/send', token: c.token, body: { userId: c.user.id, title: 'A', body: 'B' } });
      expect(sent.json.stats).toEqual({ successCount: 0, errorCount: 1 });
      expect(push.delivered.filter((d) => d.subscription === sub.id)).toEqual([]);
    } finally {
      await strict.close();
    }
  });

  it('are classified by address', () => {
    for (const a of ['127.0.0.1', '10.0.0.5', '172.20.1.1', '192.168.0.1', '169.254.1.1', '::1', 'fd00::1', 'fe80::1', '::ffff:127.0.0.1', '0.0.0.0']) expect(isPrivateAddress(a), a).toBe(true);
    for (const a of ['8.8.8.8', '142.250.74.106', '2a00:1450:4001::200e', '::ffff:8.8.8.8']) expect(isPrivateAddress(a), a).toBe(false);
  });

  it('are refused in every special-purpose range, IPv4 carried inside IPv6 judged by its IPv4 part (issue 23)', async () => {
    const special = [
      '64:ff9b::7f00:1', '::ffff:0:7f00:1', '2002:7f00:1::', // NAT64, IPv4-translated and 6to4 forms of 127.0.0.1
      '64:ff9b::a9fe:a9fe', '2002:c0a8:101::1', '::7f00:1', '64:ff9b:1::808:808', // metadata, 192.168.1.1, v4-compatible, local NAT64
      '100.64.0.1', '192.0.2.1', '198.51.100.7', '203.0.113.9', '198.18.0.1', '255.255.255.255', '240.0.0.1', '224.0.0.1',
      '2001:db8::1', '2001::1', '2001:2::1', '100::1', 'fec0::1', 'ff02::1', '::',
    ];
    for (const a of special) expect(isPrivateAddress(a), a).toBe(true);
    // a public IPv4 behind NAT64 (what DNS64 answers on an IPv6-only host), mapped or in 6to4 still passes
    for (const a of ['64:ff9b::808:808', '::ffff:0:808:808', '2002:808:808::1', '2606:4700:4700::1111']) expect(isPrivateAddress(a), a).toBe(false);

    const strict = await createTestApp();
    try {
      const c = await signupCustomer(strict.app);
      for (const host of ['[64:ff9b::7f00:1]', '[::ffff:0:7f00:1]', '[2002:7f00:1::]', '[::ffff:127.0.0.1]', '[2001:db8::1]']) {
        const res = await subscribe(c.token, { ...push.subscribe(), endpoint: `https://${host}/push/x` }, undefined, strict.app);
        expect(res.status, host).toBe(422);
        expect(res.json.error).toBe(MSG.pushEndpointRefused);
      }
      const ok = await subscribe(c.token, { ...push.subscribe(), endpoint: 'https://[2606:4700:4700::1111]/push/x' }, undefined, strict.app);
      expect(ok.status).toBe(200);
    } finally {
      await strict.close();
    }
  });
});
