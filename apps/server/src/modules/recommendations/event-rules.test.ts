import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_TRACKING_SOURCE } from '@souq/shared/constants';
import { adminToken, call, createTestApp, signupCustomer, type TestContext } from '../../../test/harness.js';

// What clients may add to the interaction history (issue 15 items 2 and 3, decision 0010).

describe('interaction history from clients', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    t.app.services.recommendations.stop();
    await t.close();
  });

  const post = (body: unknown, token?: string) => call(t.app, { method: 'POST', url: '/api/personalize/events', body, token });
  const purchasesOf = async (userId: number) =>
    t.database.query<{ item_id: string; properties: Record<string, unknown> }>(
      "select item_id, properties from interaction_events where user_id = $1 and event_type = 'purchase' order by id",
      [String(userId)],
    );

  it('one ordered line is one purchase: the order records it, a client report of the same purchase is not stored', async () => {
    const kettle = await t.app.services.catalogue.createProduct({ name: 'Copper Kettle', priceCents: 4200, stock: 9, categories: ['Kitchen'] });
    const tray = await t.app.services.catalogue.createProduct({ name: 'Olive Wood Tray', priceCents: 1500, stock: 9, categories: ['Kitchen'] });
    const buyer = await signupCustomer(t.app, 'Buyer');
    const order = await call(t.app, {
      method: 'POST',
      url: '/api/orders',
      token: buyer.token,
      body: {
        items: [{ product_id: kettle.id, quantity: 1 }, { product_id: tray.id, quantity: 2 }],
        customer_info: { email: buyer.email, name: 'Buyer', phone: null },
        shipping_address: { address: '1 Souq Street', city: 'Dubai', country: 'UAE', zip: '' },
        payment_method: 'cod',
      },
    });
    expect(order.status).toBe(201);
    // what the browser's tracker used to send after checkout
    const client = await post({
      events: [
        { userId: String(buyer.user.id), itemId: String(kettle.id), eventType: 'purchase', properties: { quantity: 1 } },
        { userId: String(buyer.user.id), itemId: String(tray.id), eventType: 'purchase', properties: { quantity: 2 } },
        { userId: String(buyer.user.id), itemId: String(tray.id), eventType: 'view', properties: {} },
      ],
    }, buyer.token);
    expect(client.status).toBe(200);
    expect(client.json).toEqual({ success: true, recorded: 1 });

    // the order's own record arrives through the bus, after the commit
    await expect.poll(async () => (await purchasesOf(buyer.user.id)).length).toBe(2);
    const purchases = await purchasesOf(buyer.user.id);
    expect(purchases.map((p) => p.item_id).sort()).toEqual([String(kettle.id), String(tray.id)].sort());
    for (const p of purchases) expect(p.properties).toMatchObject({ source: 'order', orderNumber: order.json.order_number });
  });

  it("the admin's test console may still record a purchase for a test user", async () => {
    const admin = await adminToken(t.app, t.config);
    const res = await post({ userId: 'anon-test-user-1', itemId: '7', eventType: 'purchase', properties: { source: 'personalize_test' } }, admin);
    expect(res.json).toEqual({ success: true, recorded: 1 });
  });

  it('a chat_interaction keeps its type, length and source, never the text', async () => {
    const secret = 'my address is 12 Hidden Lane and my card ends 4242';
    const res = await post({
      userId: 'anon-chatter-0001',
      itemId: 'chat',
      eventType: 'chat_interaction',
      sessionId: 's-chat',
      properties: { message: secret, text: secret, messageType: 'question', messageLength: secret.length, source: 'somewhere' },
    });
    expect(res.json).toEqual({ success: true, recorded: 1 });
    const rows = await t.database.query<{ properties: unknown }>("select properties from interaction_events where user_id = 'anon-chatter-0001'");
    expect(rows).toEqual([{ properties: { messageType: 'question', messageLength: secret.length, source: CHAT_TRACKING_SOURCE } }]);
    const history = await call(t.app, { url: '/api/personalize/history/anon-chatter-0001' });
    expect(JSON.stringify(history.json)).not.toContain('Hidden Lane');
  });
});
