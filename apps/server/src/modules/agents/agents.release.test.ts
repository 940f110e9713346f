import { createPublicKey, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifier, httpbis } from 'http-message-signatures';
import { discoverAuthorizationServerMetadata, discoverOAuthProtectedResourceMetadata, selectResourceURL } from '@modelcontextprotocol/sdk/client/auth.js';
import { createTestApp, signupVendor, type TestContext } from '../../../test/harness.js';
import { ucpErrors } from '../../../test/ucp-schemas.js';
import { itWithShared } from '../../../test/shared-assets.js';
import { allCapabilities, freePort, startTestAgent, type TestAgent } from '../../../test/ucp-agent.js';
import { intersect } from './agents.negotiate.js';
import { createAgentProfiles } from './agents.profiles.js';

/**
 * Issue 38 items 2, 4, 5 and 6, each from the release's text (overview: negotiation and error codes; message
 * signatures; order webhooks; checkout and cart), against a Souq listening on its PUBLIC_URL.
 */
const itUcp = itWithShared('ucp-2026-04-08');
const ERROR = 'schemas/shopping/types/error_response.json';
const CHECKOUT = 'schemas/shopping/fulfillment.json#/$defs/dev.ucp.shopping.checkout';
const system = { userId: null, role: 'system' as const, name: 'test', ip: null };

let ctx: TestContext;
let base: string;
let agent: TestAgent;
const ids: Record<string, number> = {};

beforeAll(async () => {
  const port = await freePort();
  ctx = await createTestApp({ publicUrl: `http://127.0.0.1:${port}` });
  const a = (await signupVendor(ctx.app, 'Oud House Trading')).vendor.id;
  const b = (await signupVendor(ctx.app, 'Desert Lamps LLC')).vendor.id;
  for (const [key, name, vendorId] of [['oud', 'Royal Oud Perfume', a], ['lamp', 'Brass Lantern', b]] as const) {
    ids[key] = (await ctx.app.services.catalogue.addProduct({ name, description: 'Hand made.', vendorId, priceCents: 3_000, stock: 50, categories: ['home'], currency: 'AED', status: 'active' }, { actor: system })).id;
  }
  base = await ctx.app.listen({ port, host: '127.0.0.1' });
  agent = await startTestAgent({ webhooks: true });
});
afterAll(async () => {
  await ctx?.close();
  await agent?.close();
});

async function call(path: string, init: { method?: string; body?: unknown; headers?: Record<string, string>; raw?: string } = {}) {
  const body = init.raw ?? (init.body === undefined ? undefined : JSON.stringify(init.body));
  const res = await fetch(`${base}${path}`, { method: init.method ?? (body === undefined ? 'GET' : 'POST'), headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...init.headers }, body });
  const text = await res.text();
  let json: any;
  try { json = JSON.parse(text); } catch { json = undefined; }
  return { status: res.status, json, headers: res.headers, text };
}
const mcp = (message: unknown, headers: Record<string, string> = {}) =>
  call('/ucp/mcp', { body: message, headers: { accept: 'application/json, text/event-stream', ...headers } });
const line = (key: string) => ({ item: { id: `${ids[key]}:default` }, quantity: 1 });

describe('item 2: the agent profile is fetched, cached and negotiated', () => {
  itUcp('fetches the profile once and caches it; the answer names only the negotiated capabilities', async () => {
    const fetched = agent.profileFetches;
    for (let i = 0; i < 3; i++) expect((await call('/ucp/catalog/search', { body: { query: 'oud' }, headers: { 'ucp-agent': agent.header } })).status).toBe(200);
    expect(agent.profileFetches - fetched).toBeLessThanOrEqual(1);
    // an agent that takes only catalog search: lookup, checkout and the vendor extension are not active for it
    const searcher = await startTestAgent({ capabilities: { 'dev.ucp.shopping.catalog.search': allCapabilities()['dev.ucp.shopping.catalog.search'] } });
    try {
      const res = await call('/ucp/catalog/search', { body: { query: 'oud' }, headers: { 'ucp-agent': searcher.header } });
      expect(res.json.ucp.capabilities).toEqual({ 'dev.ucp.shopping.catalog.search': [{ version: '2026-04-08' }] });
      expect(res.json.products[0]['test.souq.shopping.vendor']).toBeUndefined();
      const checkout = await call('/ucp/checkout-sessions', { body: { line_items: [line('oud')] }, headers: { 'ucp-agent': searcher.header, 'idempotency-key': randomUUID() } });
      expect(checkout.status).toBe(200);
      expect(ucpErrors(ERROR, checkout.json)).toEqual([]);
      expect(checkout.json.messages[0].code).toBe('capabilities_incompatible');
    } finally {
      await searcher.close();
    }
  });

  itUcp("answers a protocol version Souq does not serve with version_unsupported (REST 422, MCP -32001)", async () => {
    const future = await startTestAgent({ version: '2099-01-01' });
    try {
      const res = await call('/ucp/catalog/search', { body: { query: 'oud' }, headers: { 'ucp-agent': future.header } });
      expect(res.status).toBe(422);
      expect(ucpErrors(ERROR, res.json)).toEqual([]);
      expect(res.json.messages[0]).toMatchObject({ code: 'version_unsupported' });
      const viaMcp = await mcp({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'search_catalog', arguments: { meta: future.meta, catalog: { query: 'oud' } } } });
      expect(viaMcp.status).toBe(422);
      expect(viaMcp.json).toMatchObject({ jsonrpc: '2.0', id: 7, error: { code: -32001 } });
      expect(ucpErrors(ERROR, viaMcp.json.error.data)).toEqual([]);
    } finally {
      await future.close();
    }
  });

  itUcp('refuses profiles it cannot use: unreachable (424), not a profile (422), a URL that is not the agent\'s /.well-known/ucp (400)', async () => {
    const gone = await startTestAgent();
    const header = gone.header;
    await gone.close();
    const unreachable = await call('/ucp/catalog/search', { body: { query: 'oud' }, headers: { 'ucp-agent': header } });
    expect(unreachable.status).toBe(424);
    expect(unreachable.json.messages[0].code).toBe('profile_unreachable');
    expect(ucpErrors(ERROR, unreachable.json)).toEqual([]);
    const junk = await startTestAgent({ profileOverride: { body: '{"hello":"world"}' } });
    try {
      const malformed = await call('/ucp/catalog/search', { body: { query: 'oud' }, headers: { 'ucp-agent': junk.header } });
      expect(malformed.status).toBe(422);
      expect(malformed.json.messages[0].code).toBe('profile_malformed');
    } finally {
      await junk.close();
    }
    for (const bad of [`profile="${agent.origin}/.well-known/ucp?x=1"`, `profile="${agent.origin}/agents/me.json"`, 'profile="ftp://example.com/.well-known/ucp"', 'no-profile-here']) {
      const res = await call('/ucp/catalog/search', { body: { query: 'oud' }, headers: { 'ucp-agent': bad } });
      expect(res.status, bad).toBe(400);
      expect(res.json.messages[0].code).toBe('invalid_profile_url');
    }
  });

  it('fetches with a deadline and a size limit, https in production, and loopback only where allowed', async () => {
    const slow = await startTestAgent({ profileOverride: { delayMs: 1_000 } });
    const huge = await startTestAgent({ profileOverride: { body: JSON.stringify({ ucp: { version: '2026-04-08', services: {}, payment_handlers: {}, pad: 'x'.repeat(200 * 1024) } }) } });
    try {
      const quick = createAgentProfiles({ requireHttps: false, allowLoopback: true, timeoutMs: 200 });
      await expect(quick.get(slow.profileUrl)).rejects.toMatchObject({ status: 424, code: 'profile_unreachable' });
      // the size limit with the usual deadline (a loaded machine may take more than 200 ms to send 200 KiB)
      await expect(createAgentProfiles({ requireHttps: false, allowLoopback: true }).get(huge.profileUrl)).rejects.toMatchObject({ status: 422, code: 'profile_malformed' });
      const production = createAgentProfiles({ requireHttps: true, allowLoopback: false });
      expect(() => production.check(agent.profileUrl)).toThrow(expect.objectContaining({ code: 'invalid_profile_url' }));
      const noLoopback = createAgentProfiles({ requireHttps: false, allowLoopback: false });
      await expect(noLoopback.get(agent.profileUrl)).rejects.toMatchObject({ status: 424, code: 'profile_unreachable' });
      await expect(noLoopback.get('http://localhost:9/.well-known/ucp')).rejects.toMatchObject({ status: 424 });
    } finally {
      await Promise.all([slow.close(), huge.close()]);
    }
  });

  it('intersects as the overview says: same name, highest common version, orphaned extensions pruned until none is left', () => {
    const business = new Map([
      ['a.b.checkout', [{ version: '2026-04-08', extends: [] }, { version: '2026-01-23', extends: [] }]],
      ['a.b.fulfillment', [{ version: '2026-04-08', extends: ['a.b.checkout'] }]],
      ['a.b.gift', [{ version: '2026-04-08', extends: ['a.b.fulfillment'] }]],
      ['a.b.multi', [{ version: '2026-04-08', extends: ['a.b.cart', 'a.b.search'] }]],
      ['a.b.search', [{ version: '2026-04-08', extends: [] }]],
    ]);
    const active = intersect(business, new Map([
      ['a.b.checkout', [{ version: '2026-01-23' }]],
      ['a.b.fulfillment', [{ version: '2025-01-01' }]],
      ['a.b.gift', [{ version: '2026-04-08' }]],
      ['a.b.multi', [{ version: '2026-04-08' }]],
      ['a.b.search', [{ version: '2026-04-08' }]],
    ]));
    expect([...active].map(([k, v]) => [k, v.version])).toEqual([['a.b.checkout', '2026-01-23'], ['a.b.multi', '2026-04-08'], ['a.b.search', '2026-04-08']]);
  });
});

describe('item 4: every refusal an agent can see is the release\'s error shape', () => {
  itUcp('REST: malformed JSON, an invalid body, a missing header, an unknown session are error_response', async () => {
    const h = { 'ucp-agent': agent.header };
    const cases = [
      await call('/ucp/catalog/search', { raw: '{"query": ', headers: h }),
      await call('/ucp/catalog/search', { body: { query: '' }, headers: h }),
      await call('/ucp/catalog/search', { body: { query: 'oud' } }),
      await call(`/ucp/checkout-sessions/chk_${'0'.repeat(32)}`, { headers: h }),
      await call('/ucp/checkout-sessions', { body: { line_items: [line('oud')] }, headers: { ...h, 'idempotency-key': 'nope' } }),
    ];
    expect(cases.map((c) => c.status)).toEqual([400, 400, 400, 404, 400]);
    for (const c of cases) expect(ucpErrors(ERROR, c.json), c.text).toEqual([]);
  });

  itUcp('MCP: a body that is not JSON is a JSON-RPC parse error (-32700), a batch an invalid request (-32600)', async () => {
    const parse = await call('/ucp/mcp', { raw: '{"jsonrpc":', headers: { accept: 'application/json, text/event-stream' } });
    expect(parse.status).toBe(400);
    expect(parse.json).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32700 } });
    expect(ucpErrors(ERROR, parse.json.error.data)).toEqual([]);
    const batch = await mcp([{ jsonrpc: '2.0', id: 1, method: 'tools/list' }]);
    expect(batch.json).toMatchObject({ jsonrpc: '2.0', error: { code: -32600 } });
  });

  itUcp('a reused Idempotency-Key with another body is a 409 error_response (REST) and a JSON-RPC error (MCP); the same body replays the answer', async () => {
    const h = { 'ucp-agent': agent.header };
    const created = await call('/ucp/checkout-sessions', { body: { line_items: [line('oud')], buyer: { first_name: 'A', email: 'a@example.test' }, fulfillment: { methods: [{ type: 'shipping', destinations: [{ street_address: '1 Road', address_locality: 'Dubai', address_country: 'AE' }] }] }, payment: { instruments: [{ id: 'p', handler_id: 'cod', type: 'cash_on_delivery' }] } }, headers: { ...h, 'idempotency-key': randomUUID() } });
    expect(created.json.status).toBe('ready_for_complete');
    const key = randomUUID();
    const done = await call(`/ucp/checkout-sessions/${created.json.id}/complete`, { body: { payment: { instruments: [{ id: 'p', handler_id: 'cod', type: 'cash_on_delivery' }] } }, headers: { ...h, 'idempotency-key': key } });
    expect(done.json.status).toBe('completed');
    const replay = await call(`/ucp/checkout-sessions/${created.json.id}/complete`, { body: { payment: { instruments: [{ id: 'p', handler_id: 'cod', type: 'cash_on_delivery' }] } }, headers: { ...h, 'idempotency-key': key } });
    expect(replay.json).toEqual(done.json);
    const other = await call(`/ucp/checkout-sessions/${created.json.id}/complete`, { body: { payment: { instruments: [{ id: 'p', handler_id: 'card', type: 'card' }] } }, headers: { ...h, 'idempotency-key': key } });
    expect(other.status).toBe(409);
    expect(ucpErrors(ERROR, other.json)).toEqual([]);
    const mcpKey = randomUUID();
    const first = await mcp({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'create_cart', arguments: { meta: { ...agent.meta, 'idempotency-key': mcpKey }, cart: { line_items: [line('oud')] } } } });
    const again = await mcp({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'create_cart', arguments: { meta: { ...agent.meta, 'idempotency-key': mcpKey }, cart: { line_items: [line('oud')] } } } });
    expect(again.json.result.structuredContent.id).toBe(first.json.result.structuredContent.id);
    const changed = await mcp({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'create_cart', arguments: { meta: { ...agent.meta, 'idempotency-key': mcpKey }, cart: { line_items: [line('lamp')] } } } });
    expect(changed.status).toBe(409);
    expect(changed.json).toMatchObject({ jsonrpc: '2.0', id: 3, error: { code: -32000 } });
  });
});

describe('item 5: OAuth on the configured public origin', () => {
  it("passes the MCP SDK's own checks: the resource matches the server, the issuer and endpoints share one origin; only the code grant", async () => {
    const server = new URL('/ucp/mcp', base);
    const resourceMetadata = await discoverOAuthProtectedResourceMetadata(server);
    const resource = await selectResourceURL(server, { clientMetadata: { redirect_uris: [] } } as never, resourceMetadata);
    expect(resource?.href).toBe(new URL('/ucp', base).href);
    const issuer = resourceMetadata.authorization_servers![0]!;
    const metadata = (await discoverAuthorizationServerMetadata(issuer))!;
    expect(metadata.issuer).toBe(issuer);
    for (const endpoint of [metadata.authorization_endpoint, metadata.token_endpoint, metadata.registration_endpoint]) expect(new URL(endpoint!).origin).toBe(new URL(base).origin);
    expect(metadata.grant_types_supported).toEqual(['authorization_code', 'refresh_token']);
    expect(metadata.response_types_supported).toEqual(['code']);
    // asked through another name of this host, the metadata still names the one public origin
    const other = await fetch(`${base.replace('127.0.0.1', 'localhost')}/.well-known/oauth-authorization-server/oauth`).then((r) => r.json()) as { issuer: string; token_endpoint: string };
    expect([other.issuer, new URL(other.token_endpoint).origin]).toEqual([issuer, new URL(base).origin]);
  });
});

describe('item 6: signatures', () => {
  itUcp("signs answers: Content-Digest is the body's SHA-256 and the signature verifies with a key of Souq's profile", async () => {
    const profile = await call('/.well-known/ucp');
    const res = await call('/ucp/catalog/search', { body: { query: 'oud' }, headers: { 'ucp-agent': agent.header } });
    const { createHash } = await import('node:crypto');
    expect(res.headers.get('content-digest')).toBe(`sha-256=:${createHash('sha256').update(res.text).digest('base64')}:`);
    const headers = Object.fromEntries(res.headers.entries());
    const keys = profile.json.signing_keys as { kid: string }[];
    const verified = await httpbis.verifyMessage({
      keyLookup: async (p) => {
        const jwk = keys.find((k) => k.kid === p.keyid);
        return jwk ? { id: jwk.kid, algs: ['ecdsa-p256-sha256'], verify: createVerifier(createPublicKey({ key: jwk as never, format: 'jwk' }), 'ecdsa-p256-sha256') } : null;
      },
      requiredFields: ['@status', 'content-digest', 'content-type'],
    }, { status: res.status, headers });
    expect(verified).toBe(true);
  });

  itUcp('verifies signed requests against the agent profile: a bad signature, an unknown key and a changed body are refused', async () => {
    const url = `${base}/ucp/catalog/search`;
    const body = JSON.stringify({ query: 'oud' });
    const good = await agent.sign('POST', url, { 'ucp-agent': agent.header }, body);
    expect((await fetch(url, { method: 'POST', headers: good, body })).status).toBe(200);
    const forged = await agent.sign('POST', url, { 'ucp-agent': agent.header }, body, agent.strangerKey);
    const badSig = await fetch(url, { method: 'POST', headers: forged, body });
    expect(badSig.status).toBe(401);
    const badJson = (await badSig.json()) as { messages: { code: string }[] };
    expect(ucpErrors(ERROR, badJson)).toEqual([]);
    expect(badJson.messages[0]!.code).toBe('signature_invalid');
    const unknownKid = await agent.sign('POST', url, { 'ucp-agent': agent.header }, body, agent.strangerKey, 'no-such-key');
    const unknown = await fetch(url, { method: 'POST', headers: unknownKid, body });
    expect([unknown.status, ((await unknown.json()) as { messages: { code: string }[] }).messages[0]!.code]).toEqual([401, 'key_not_found']);
    const tampered = await fetch(url, { method: 'POST', headers: good, body: JSON.stringify({ query: 'lamp' }) });
    expect([tampered.status, ((await tampered.json()) as { messages: { code: string }[] }).messages[0]!.code]).toEqual([400, 'digest_mismatch']);
    // over MCP, the same refusal is a JSON-RPC error with the HTTP status
    const message = JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'tools/call', params: { name: 'search_catalog', arguments: { meta: agent.meta, catalog: { query: 'oud' } } } });
    const mcpForged = await agent.sign('POST', `${base}/ucp/mcp`, { 'ucp-agent': agent.header, accept: 'application/json, text/event-stream' }, message, agent.strangerKey);
    const refused = await fetch(`${base}/ucp/mcp`, { method: 'POST', headers: mcpForged, body: message });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ jsonrpc: '2.0', id: 9, error: { code: -32000, data: { messages: [{ code: 'signature_invalid' }] } } });
  });

  itUcp('rotates its signing key: the new one signs, the old one stays published', async () => {
    const before = (await call('/.well-known/ucp')).json.signing_keys as { kid: string }[];
    const kid = await ctx.app.services.agentSigning.rotate(system);
    const after = (await call('/.well-known/ucp')).json.signing_keys as { kid: string }[];
    expect(after.map((k) => k.kid)).toEqual([kid, ...before.map((k) => k.kid)]);
    const res = await call('/ucp/catalog/search', { body: { query: 'oud' }, headers: { 'ucp-agent': agent.header } });
    expect(res.headers.get('signature-input')).toContain(`keyid="${kid}"`);
  });

  itUcp('order webhooks: placed, shipped, delivered and canceled reach the agent signed, once per event, retried until acknowledged', async () => {
    agent.trust((await call('/.well-known/ucp')).json.signing_keys);
    const h = { 'ucp-agent': agent.header };
    const full = { buyer: { first_name: 'Mona', email: 'mona@example.test' }, fulfillment: { methods: [{ type: 'shipping', destinations: [{ street_address: '9 Road', address_locality: 'Sharjah', address_country: 'AE' }] }] }, payment: { instruments: [{ id: 'p', handler_id: 'cod', type: 'cash_on_delivery' }] } };
    const created = await call('/ucp/checkout-sessions', { body: { line_items: [line('oud'), line('lamp')], ...full }, headers: { ...h, 'idempotency-key': randomUUID() } });
    const done = await call(`/ucp/checkout-sessions/${created.json.id}/complete`, { body: {}, headers: { ...h, 'idempotency-key': randomUUID() } });
    expect(ucpErrors(CHECKOUT, done.json)).toEqual([]);
    const purchaseId = Number(done.json.order.id);
    const { webhooks } = { webhooks: ctx.app.services.agentWebhooks };
    await webhooks.runOnce();
    const subs = await ctx.database.query<{ id: number }>('select id from orders where purchase_id = $1 order by id', [purchaseId]) as unknown as { id: number }[];
    const staff = { userId: null, role: 'admin' as const, name: 'test', ip: null };
    await ctx.app.services.orders.setStatus(subs[0]!.id, 'shipped', { actor: staff, tracking: { number: 'TRK1', carrier: 'Aramex' } } as never);
    await ctx.app.services.orders.setStatus(subs[0]!.id, 'delivered', { actor: staff } as never);
    await ctx.app.services.orders.setStatus(subs[1]!.id, 'cancelled', { actor: staff } as never);
    // the same domain event announced twice is one delivery
    await ctx.app.services.bus.emit('order.statusChanged', { orderId: subs[1]!.id, orderNumber: 'x', userId: null, from: 'pending', to: 'cancelled' });
    await new Promise((r) => setTimeout(r, 200));
    await webhooks.runOnce();
    const mine = agent.received.filter((r) => (r.json as { id: string }).id === String(purchaseId));
    expect(mine.map((r) => r.headers['webhook-id'])).toHaveLength(4);
    expect(new Set(mine.map((r) => r.headers['webhook-id'])).size).toBe(4);
    for (const r of mine) {
      expect(r.verified).toBe(true);
      expect(r.headers['ucp-agent']).toBe(`profile="${base}/.well-known/ucp"`);
      expect(r.headers['webhook-id']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(ucpErrors('schemas/shopping/order.json', r.json)).toEqual([]);
    }
    const last = mine.at(-1)!.json as { fulfillment: { events: { type: string }[]; expectations: { description: string }[] } };
    expect(last.fulfillment.events.map((e) => e.type)).toEqual(expect.arrayContaining(['shipped', 'delivered', 'canceled']));
    // orders name each seller
    expect(last.fulfillment.expectations.map((e) => e.description)).toEqual([expect.stringContaining('Shipped by Oud House Trading'), expect.stringContaining('Shipped by Desert Lamps LLC')]);
  }, 60_000);

  itUcp('retries with backoff until the agent acknowledges, and delivers each event once', async () => {
    const flaky = await startTestAgent({ webhooks: true, webhookStatus: (n) => (n <= 2 ? 503 : 200) });
    try {
      flaky.trust((await call('/.well-known/ucp')).json.signing_keys);
      const h = { 'ucp-agent': flaky.header };
      const full = { buyer: { first_name: 'Sara', email: 'sara@example.test' }, fulfillment: { methods: [{ type: 'shipping', destinations: [{ street_address: '3 Road', address_locality: 'Ajman', address_country: 'AE' }] }] }, payment: { instruments: [{ id: 'p', handler_id: 'cod', type: 'cash_on_delivery' }] } };
      const created = await call('/ucp/checkout-sessions', { body: { line_items: [line('oud')], ...full }, headers: { ...h, 'idempotency-key': randomUUID() } });
      await call(`/ucp/checkout-sessions/${created.json.id}/complete`, { body: {}, headers: { ...h, 'idempotency-key': randomUUID() } });
      const webhooks = ctx.app.services.agentWebhooks;
      await webhooks.runOnce();
      // later and later: 5 s, then 10 s (with jitter) — the job is run as if that time had passed
      await webhooks.runOnce(new Date(Date.now() + 7_000));
      await webhooks.runOnce(new Date(Date.now() + 20_000));
      await webhooks.runOnce(new Date(Date.now() + 60_000));
      expect(flaky.received.map((r) => r.headers['webhook-id'])).toHaveLength(3);
      expect(new Set(flaky.received.map((r) => r.headers['webhook-id'])).size).toBe(1);
      const [row] = await webhooks.of(flaky.origin);
      expect(row).toMatchObject({ attempts: 3, eventType: 'placed', lastError: null });
      expect(row!.deliveredAt).not.toBeNull();
    } finally {
      await flaky.close();
    }
  }, 60_000);
});
