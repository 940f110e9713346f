import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createTestApp, type TestContext } from '../../../test/harness.js';
import { ucpErrors } from '../../../test/ucp-schemas.js';
import { itWithShared } from '../../../test/shared-assets.js';
import { freePort, startTestAgent, type TestAgent } from '../../../test/ucp-agent.js';
import { seedDemo } from '../../demo/seed.js';

/**
 * The demo marketplace as an outside agent sees it (issue 38 items 1 and 7), written from the release's text:
 * - every demo seller's vendor extension tells the seller's own terms, compared with the seller's settings;
 * - an agent that knows only Souq's address discovers the endpoints, payment handlers and capabilities from
 *   /.well-known/ucp, and buys from three sellers over REST and over MCP, every answer validated against the release.
 */
const itUcp = itWithShared('ucp-2026-04-08');
const VENDOR = 'test.souq.shopping.vendor';
const SEARCH = 'schemas/shopping/catalog_search.json#/$defs/search_response';
const CHECKOUT = 'schemas/shopping/fulfillment.json#/$defs/dev.ucp.shopping.checkout';
const CART = 'schemas/shopping/cart.json';

let ctx: TestContext;
let base: string;
let agent: TestAgent;

beforeAll(async () => {
  const port = await freePort();
  ctx = await createTestApp({ publicUrl: `http://127.0.0.1:${port}` });
  await seedDemo({ db: ctx.database.db, services: ctx.app.services, dataDir: ctx.dataDir, log: () => {} });
  await ctx.app.services.search.rebuild();
  // one seller gives a delivery estimate (the demo's give none): the extension and the fulfilment groups must carry it
  const [gadgets] = await ctx.database.query<{ id: number }>("select id from vendors where company_name = 'Gulf Gadgets Trading LLC'") as unknown as { id: number }[];
  await ctx.app.services.vendorShipping.update(gadgets!.id, { shipping_fee_cents: 1500, free_shipping_above_cents: 20000, return_window_days: 14, delivery_min_days: 1, delivery_max_days: 3 }, { userId: null, role: 'system', name: 'test', ip: null });
  base = await ctx.app.listen({ port, host: '127.0.0.1' });
  // the local payment provider on its own listener, as the demo runs it: agents tokenise cards there (decision 0138)
  await ctx.app.services.payments.start();
  // its webhooks are not needed here (a completion reads the payment back): none left in flight when the app closes
  ctx.app.services.payments.local!.stripe!.queue.stop();
  agent = await startTestAgent();
}, 240_000);
afterAll(async () => {
  await ctx?.app.services.payments.stop();
  await ctx?.close();
  await agent?.close();
});

type Product = { id: string; variants: { id: string; availability: { available: boolean } }[]; [VENDOR]: Vendor };
type Vendor = { id: string; name: string; return_window_days: number; shipping: { fee: { amount: number }; free_above: { amount: number } }; delivery?: { min_business_days: number; max_business_days: number } };

/** A signed REST call of the agent, to an endpoint discovery gave. */
async function rest(endpoint: string, method: string, path: string, body?: unknown) {
  const url = `${endpoint}${path}`;
  const text = body === undefined ? undefined : JSON.stringify(body);
  const headers = await agent.sign(method, url, { 'ucp-agent': agent.header, ...(method !== 'GET' ? { 'idempotency-key': randomUUID() } : {}) }, text);
  const res = await fetch(url, { method, headers, body: text });
  return { status: res.status, json: (await res.json()) as Record<string, any>, headers: res.headers };
}

describe('item 1: the vendor extension tells each seller its own terms', () => {
  itUcp("matches every demo seller's settings: shipping fee, free-shipping threshold, return window, delivery estimate", async () => {
    const sellers = await ctx.database.query<{ id: number }>('select distinct vendor_id as id from products where vendor_id is not null and status = \'active\'') as unknown as { id: number }[];
    expect(sellers.length).toBeGreaterThanOrEqual(6);
    const productOf = await ctx.database.query<{ id: number; vendor_id: number }>('select distinct on (vendor_id) id, vendor_id from products where vendor_id is not null and status = \'active\' order by vendor_id, id') as unknown as { id: number; vendor_id: number }[];
    const looked = await rest(`${base}/ucp`, 'POST', '/catalog/lookup', { ids: productOf.map((p) => String(p.id)) });
    expect(looked.status).toBe(200);
    expect(ucpErrors('schemas/shopping/catalog_lookup.json#/$defs/lookup_response', looked.json)).toEqual([]);
    const settings = await ctx.app.services.vendorShipping.many(sellers.map((s) => s.id));
    for (const p of looked.json.products as Product[]) {
      const ext = p[VENDOR];
      const s = settings.get(Number(ext.id))!;
      expect({ seller: s.name, fee: ext.shipping.fee.amount, free_above: ext.shipping.free_above.amount, returns: ext.return_window_days, delivery: ext.delivery ?? null }).toEqual({
        seller: s.name,
        fee: s.shipping_fee_cents ?? s.default_rule.fee_cents,
        free_above: s.free_shipping_above_cents ?? s.default_rule.free_above_cents,
        returns: s.return_window_days,
        delivery: s.delivery_min_days === null ? null : { min_business_days: s.delivery_min_days, max_business_days: s.delivery_max_days },
      });
    }
    // the cases: Maqam charges AED 35 below AED 500; Desert Trail Sports gives 30 days
    const byName = new Map((looked.json.products as Product[]).map((p) => [p[VENDOR].name, p[VENDOR]]));
    expect(byName.get('Maqam Music Centre LLC')?.shipping).toMatchObject({ fee: { amount: 3500 }, free_above: { amount: 50000 } });
    expect(byName.get('Desert Trail Sports Trading LLC')?.return_window_days).toBe(30);
  }, 60_000);
});

/**
 * The agent of item 7: it knows Souq's address only. Discovery tells it the REST and MCP endpoints, the payment
 * handlers come with the checkout, and it picks three products of three different sellers from the vendor extension.
 */
async function discover() {
  const profile = await fetch(`${base}/.well-known/ucp`).then((r) => r.json()) as Record<string, any>;
  expect(ucpErrors('discovery/profile_schema.json#/$defs/business_profile', profile)).toEqual([]);
  const services = profile.ucp.services['dev.ucp.shopping'] as { transport: string; endpoint: string }[];
  return {
    profile,
    rest: services.find((s) => s.transport === 'rest')!.endpoint,
    mcp: services.find((s) => s.transport === 'mcp')!.endpoint,
  };
}

function threeSellers(products: Product[]): string[] {
  const picked = new Map<string, string>();
  for (const p of products) {
    const v = p.variants.find((x) => x.availability.available);
    if (v && !picked.has(p[VENDOR].id) && p[VENDOR].id !== 'marketplace') picked.set(p[VENDOR].id, v.id);
    if (picked.size === 3) break;
  }
  return [...picked.values()];
}

const buyer = { first_name: 'Hessa', last_name: 'Al Mazrouei', email: 'hessa@example.test', phone_number: '+971500000009' };
const destination = { street_address: 'Villa 7, Street 12', address_locality: 'Al Ain', address_country: 'AE' };

describe('item 7: an agent that uses only what discovery tells it buys from three sellers', () => {
  itUcp('over REST: search → cart → checkout from the cart → incomplete until the destination is complete → completed', async () => {
    const found = await discover();
    const items: string[] = [];
    const seen: Product[] = [];
    for (const query of ['headphones', 'tent', 'oud', 'guitar', 'dog food', 'blender']) {
      const res = await rest(found.rest, 'POST', '/catalog/search', { query, pagination: { limit: 10 } });
      expect(res.status).toBe(200);
      expect(ucpErrors(SEARCH, res.json)).toEqual([]);
      seen.push(...(res.json.products as Product[]));
      items.splice(0, items.length, ...threeSellers(seen));
      if (items.length === 3) break;
    }
    expect(items).toHaveLength(3);
    const cart = await rest(found.rest, 'POST', '/carts', { line_items: items.map((id) => ({ item: { id }, quantity: 1 })) });
    expect(cart.status).toBe(201);
    expect(ucpErrors(CART, cart.json)).toEqual([]);
    // cart → checkout (cart.json: the business uses the cart's lines); a partial destination is not a transport error
    const created = await rest(found.rest, 'POST', '/checkout-sessions', { cart_id: cart.json.id, buyer, fulfillment: { methods: [{ type: 'shipping', destinations: [{ address_country: 'AE' }] }] } });
    expect(created.status).toBe(201);
    expect(ucpErrors(CHECKOUT, created.json)).toEqual([]);
    expect(created.json.status).toBe('incomplete');
    expect(created.json.line_items.map((l: { item: { id: string } }) => l.item.id)).toEqual(items);
    const paths = (created.json.messages as { path: string; severity: string }[]).map((m) => m.path);
    expect(paths).toEqual(expect.arrayContaining(['$.fulfillment.methods[0].destinations[0].street_address', '$.fulfillment.methods[0].destinations[0].address_locality']));
    // a group per seller, each with its own option, fee and (where the seller gives one) delivery estimate
    const groups = created.json.fulfillment.methods[0].groups as { line_item_ids: string[]; options: { totals: { amount: number }[]; earliest_fulfillment_time?: string }[] }[];
    expect(groups).toHaveLength(3);
    expect(groups.flatMap((g) => g.line_item_ids).sort()).toEqual(created.json.line_items.map((l: { id: string }) => l.id).sort());
    // totals add up
    const t = Object.fromEntries((created.json.totals as { type: string; amount: number }[]).map((x) => [x.type, x.amount]));
    expect(t.subtotal! + t.fulfillment! + (t.tax ?? 0)).toBe(t.total);
    expect(t.fulfillment).toBe(groups.reduce((n, g) => n + g.options[0]!.totals[0]!.amount, 0));
    // the payment handler comes from the checkout's own ucp.payment_handlers
    const handlers = created.json.ucp.payment_handlers as Record<string, { id: string }[]>;
    const handler = Object.values(handlers).flat().find((h) => h.id === 'cod')!;
    const updated = await rest(found.rest, 'PUT', `/checkout-sessions/${created.json.id}`, {
      line_items: created.json.line_items.map((l: { item: { id: string }; quantity: number }) => ({ item: { id: l.item.id }, quantity: l.quantity })),
      buyer, fulfillment: { methods: [{ type: 'shipping', destinations: [destination] }] }, payment: { instruments: [{ id: 'pay_1', handler_id: handler.id, type: 'cash_on_delivery' }] },
    });
    expect(ucpErrors(CHECKOUT, updated.json)).toEqual([]);
    expect(updated.json.status).toBe('ready_for_complete');
    const done = await rest(found.rest, 'POST', `/checkout-sessions/${created.json.id}/complete`, { payment: { instruments: [{ id: 'pay_1', handler_id: handler.id, type: 'cash_on_delivery' }] } });
    expect(done.status).toBe(200);
    expect(ucpErrors(CHECKOUT, done.json)).toEqual([]);
    expect(done.json.status).toBe('completed');
    // one purchase, one sub-order per seller, charged what the checkout said
    const [purchase] = await ctx.database.query<{ total_cents: number; n: number }>('select total_cents, (select count(*)::int from orders o where o.purchase_id = p.id) as n from purchases p where id = $1', [Number(done.json.order.id)]) as unknown as { total_cents: number; n: number }[];
    expect(purchase).toEqual({ total_cents: t.total, n: 3 });
  }, 120_000);

  itUcp('over MCP: the same purchase through the endpoint discovery names, with the SDK client', async () => {
    const found = await discover();
    // the agent signs every MCP request too (the release: the same RFC 9421 mechanism over Streamable HTTP)
    const signingFetch = async (input: string | URL | Request, init?: RequestInit) => {
      const url = String(input instanceof Request ? input.url : input);
      const body = typeof init?.body === 'string' ? init.body : undefined;
      const given = Object.fromEntries(new Headers(init?.headers).entries());
      const headers = await agent.sign(init?.method ?? 'GET', url, { ...given, 'ucp-agent': agent.header }, body);
      return fetch(url, { ...init, headers });
    };
    const client = new Client({ name: 'discovery-only-agent', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(found.mcp), { fetch: signingFetch }));
    const call = async (name: string, args: Record<string, unknown>, write = false) => {
      const res = await client.callTool({ name, arguments: { meta: { ...agent.meta, ...(write ? { 'idempotency-key': randomUUID() } : {}) }, ...args } });
      expect(res.isError, JSON.stringify(res.content)).toBeFalsy();
      return res.structuredContent as Record<string, any>;
    };
    const seen: Product[] = [];
    let items: string[] = [];
    for (const query of ['speaker', 'backpack', 'perfume', 'drum', 'cat', 'kettle']) {
      const res = await call('search_catalog', { catalog: { query, pagination: { limit: 10 } } });
      expect(ucpErrors(SEARCH, res)).toEqual([]);
      seen.push(...(res.products as Product[]));
      items = threeSellers(seen);
      if (items.length === 3) break;
    }
    expect(items).toHaveLength(3);
    const cart = await call('create_cart', { cart: { line_items: items.map((id) => ({ item: { id }, quantity: 1 })) } }, true);
    expect(ucpErrors(CART, cart)).toEqual([]);
    // the card handler as discovery describes it: the agent tokenises the card at the provider (never at Souq), bound
    // to this checkout, and completes with the token
    const card = (found.profile.ucp.payment_handlers['test.souq.payment.card'] as { id: string; config: { tokenization: { endpoint: string; publishable_key: string; credential_type: string; binding: string } } }[])[0]!;
    const created = await call('create_checkout', { checkout: { cart_id: cart.id, buyer, fulfillment: { methods: [{ type: 'shipping', destinations: [destination] }] }, payment: { instruments: [{ id: 'p1', handler_id: card.id, type: 'card' }] } } }, true);
    expect(ucpErrors(CHECKOUT, created)).toEqual([]);
    expect(created.status).toBe('ready_for_complete');
    expect(created.fulfillment.methods[0].groups).toHaveLength(3);
    const tok = card.config.tokenization;
    const form = new URLSearchParams({ type: 'card', 'card[number]': '4242424242424242', 'card[exp_month]': '12', 'card[exp_year]': String(new Date().getUTCFullYear() + 2), 'card[cvc]': '123', [tok.binding]: String(created.id) });
    const pm = await fetch(tok.endpoint, { method: 'POST', headers: { authorization: `Bearer ${tok.publishable_key}`, 'content-type': 'application/x-www-form-urlencoded' }, body: form }).then((r) => r.json()) as { id: string };
    expect(pm.id).toMatch(/^pm_/);
    const done = await call('complete_checkout', { id: created.id, checkout: { payment: { instruments: [{ id: 'p1', handler_id: card.id, type: 'card', credential: { type: tok.credential_type, token: pm.id } }] } } }, true);
    expect(ucpErrors(CHECKOUT, done)).toEqual([]);
    expect(done.status).toBe('completed');
    // paid at the provider: the purchase was released (its sale posted) and its payment authorised for what the checkout said
    const total = (done.totals as { type: string; amount: number }[]).find((x) => x.type === 'total')!.amount;
    const [paid] = await ctx.database.query<{ amount_cents: number; sold: number }>(
      "select a.amount_cents, (select count(*)::int from orders o where o.purchase_id = a.purchase_id and o.released_at is not null) as sold from payment_attempts a where a.purchase_id = $1", [Number(done.order.id)],
    ) as unknown as { amount_cents: number; sold: number }[];
    expect(paid).toEqual({ amount_cents: total, sold: 3 });
    await client.close();
  }, 120_000);
});
