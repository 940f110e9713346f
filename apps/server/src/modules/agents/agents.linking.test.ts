import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { AGENT_SCOPES } from '@souq/shared/api/agent-linking';
import { UCP_MCP_PATH } from '@souq/shared/api/ucp';
import { adminToken, createTestApp, signupCustomer, signupVendor, type TestContext } from '../../../test/harness.js';
import { ucpErrors } from '../../../test/ucp-schemas.js';
import { freePort, startTestAgent, type TestAgent } from '../../../test/ucp-agent.js';
import { itWithShared } from '../../../test/shared-assets.js';

/**
 * Identity linking end to end over real HTTP (RFC 6749 authorization code + RFC 7636 PKCE, raw requests as an
 * agent would send them): dynamic registration, authorize → Souq consent (the signed-in shopper's Allow) → code →
 * token, then the token on the UCP order and checkout capabilities over REST and over MCP with the SDK's client.
 */
let agent: TestAgent;
let AGENT: string;
let meta: TestAgent['meta'];
const REDIRECT = 'http://127.0.0.1:9/callback';
const ORDER = 'schemas/shopping/order.json';
const system = { userId: null, role: 'system' as const, name: 'test', ip: null };
const ALL = `${AGENT_SCOPES.ordersRead} ${AGENT_SCOPES.ordersPlace}`;

let ctx: TestContext;
let base: string;
const ids: Record<string, number> = {};

const b64url = (buf: Buffer) => buf.toString('base64url');
const pkce = () => {
  const verifier = b64url(randomBytes(32));
  return { verifier, challenge: b64url(createHash('sha256').update(verifier).digest()) };
};

/** A tiny cookie jar: the browser's part of the flow (the provider's interaction and resume cookies). */
function jar() {
  const cookies = new Map<string, string>();
  return {
    take(res: Response) {
      for (const c of res.headers.getSetCookie()) {
        const [pair] = c.split(';');
        const i = pair!.indexOf('=');
        cookies.set(pair!.slice(0, i), pair!.slice(i + 1));
      }
    },
    header: () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
  };
}

async function api(path: string, init: { method?: string; token?: string; body?: unknown; headers?: Record<string, string> } = {}) {
  const res = await fetch(new URL(path, base), {
    method: init.method ?? 'GET',
    headers: { ...(init.token ? { authorization: `Bearer ${init.token}` } : {}), ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}), ...init.headers },
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });
  const text = await res.text();
  let json: any;
  try { json = text ? JSON.parse(text) : undefined; } catch { json = undefined; }
  return { status: res.status, json, headers: res.headers, text };
}

const form = (path: string, fields: Record<string, string>) =>
  fetch(new URL(path, base), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() });

async function register(name = 'Helpful Shopper Bot') {
  const res = await api('/oauth/reg', { method: 'POST', body: { client_name: name, redirect_uris: [REDIRECT], grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'], token_endpoint_auth_method: 'none' } });
  expect(res.status, res.text).toBe(201);
  return res.json.client_id as string;
}

/** The browser part: authorize → consent page (uid) → the shopper's answer → back to the agent's redirect with a code. */
async function authorize(clientId: string, shopper: string, opts: { scope?: string; challenge?: string | null; allow?: boolean } = {}) {
  const cookies = jar();
  const state = randomUUID();
  const params = new URLSearchParams({ client_id: clientId, redirect_uri: REDIRECT, response_type: 'code', scope: opts.scope ?? ALL, state });
  if (opts.challenge !== null) { params.set('code_challenge', opts.challenge ?? pkce().challenge); params.set('code_challenge_method', 'S256'); }
  let res = await fetch(new URL(`/oauth/auth?${params}`, base), { redirect: 'manual' });
  cookies.take(res);
  let location = res.headers.get('location') ?? '';
  if (!location.includes('/connect/')) return { error: new URL(location, base).searchParams.get('error'), location };
  const uid = location.split('/connect/')[1]!;
  const details = await api(`/api/connect/${uid}`, { token: shopper });
  expect(details.status).toBe(200);
  const decided = await api(`/api/connect/${uid}`, { method: 'POST', token: shopper, body: { allow: opts.allow ?? true } });
  expect(decided.status).toBe(200);
  location = decided.json.redirect_to;
  for (let hop = 0; hop < 5 && !location.startsWith(REDIRECT); hop++) {
    res = await fetch(new URL(location, base), { redirect: 'manual', headers: { cookie: cookies.header() } });
    cookies.take(res);
    if (!res.headers.get('location')) throw new Error(`hop ${hop} ${location}: ${res.status} ${await res.text()}`);
    location = res.headers.get('location') ?? '';
  }
  const back = new URL(location);
  expect(back.searchParams.get('state')).toBe(state);
  return { code: back.searchParams.get('code'), error: back.searchParams.get('error'), details: details.json };
}

async function link(clientId: string, shopper: string, scope = ALL) {
  const { verifier, challenge } = pkce();
  const { code } = await authorize(clientId, shopper, { scope, challenge });
  const res = await form('/oauth/token', { grant_type: 'authorization_code', code: code!, redirect_uri: REDIRECT, client_id: clientId, code_verifier: verifier });
  expect(res.status).toBe(200);
  return (await res.json()) as { access_token: string; refresh_token: string; expires_in: number; scope: string };
}

async function checkoutFor(agentToken: string | null) {
  const headers = (key = randomUUID()) => ({ 'ucp-agent': AGENT, 'idempotency-key': key });
  const created = await api('/ucp/checkout-sessions', {
    method: 'POST', headers: headers(),
    body: {
      line_items: [{ item: { id: String(ids.oud) }, quantity: 1 }, { item: { id: String(ids.lamp) }, quantity: 1 }],
      buyer: { first_name: 'Layla', last_name: 'Haddad', email: 'layla@example.com' },
      fulfillment: { methods: [{ type: 'shipping', destinations: [{ street_address: '12 Al Wasl Road', address_locality: 'Dubai', address_country: 'AE', postal_code: '00000' }] }] },
      payment: { instruments: [{ id: 'pay_1', handler_id: 'cod', type: 'cash_on_delivery' }] },
    },
  });
  expect(created.json.status).toBe('ready_for_complete');
  return api(`/ucp/checkout-sessions/${created.json.id}/complete`, { method: 'POST', token: agentToken ?? undefined, headers: headers(), body: {} });
}

beforeAll(async () => {
  // PUBLIC_URL is the address the app listens on: issuer, endpoints and resource all on it (decision 0130)
  const port = await freePort();
  ctx = await createTestApp({ publicUrl: `http://127.0.0.1:${port}` });
  agent = await startTestAgent();
  AGENT = agent.header;
  meta = agent.meta;
  const a = (await signupVendor(ctx.app, 'Oud House Trading')).vendor.id;
  const b = (await signupVendor(ctx.app, 'Desert Lamps LLC')).vendor.id;
  for (const [key, name, vendorId] of [['oud', 'Royal Oud Perfume', a], ['lamp', 'Brass Lantern', b]] as const) {
    ids[key] = (await ctx.app.services.catalogue.addProduct({ name, description: 'Hand made.', vendorId, priceCents: 3_000, stock: 50, categories: ['home'], currency: 'AED', status: 'active' }, { actor: system })).id;
  }
  base = await ctx.app.listen({ port, host: '127.0.0.1' });
});
afterAll(async () => {
  await ctx?.close();
  await agent?.close();
});


/** Tests that validate against the UCP release in ../shared (skipped, and named, where it is absent). */
const itUcp = itWithShared('ucp-2026-04-08');
describe('identity linking: metadata', () => {
  itUcp('publishes RFC 8414 and RFC 9728 metadata and declares identity linking in the UCP profile', async () => {
    const as = await api('/.well-known/oauth-authorization-server');
    expect(as.status).toBe(200);
    expect(as.json.issuer).toBe(new URL('/oauth', ctx.config.publicUrl).href);
    expect(as.json.code_challenge_methods_supported).toEqual(['S256']);
    for (const k of ['authorization_endpoint', 'token_endpoint', 'registration_endpoint', 'revocation_endpoint']) expect(as.json[k]).toMatch(/\/oauth\//);
    expect(as.json.response_types_supported).toContain('code');
    expect((await api('/.well-known/oauth-authorization-server/oauth')).json.issuer).toBe(as.json.issuer);
    const pr = await api('/.well-known/oauth-protected-resource/ucp');
    expect(pr.json).toMatchObject({ resource: new URL('/ucp', ctx.config.publicUrl).href, authorization_servers: [as.json.issuer], scopes_supported: [AGENT_SCOPES.ordersRead, AGENT_SCOPES.ordersPlace] });
    const profile = await api('/.well-known/ucp');
    expect(ucpErrors('discovery/profile_schema.json#/$defs/business_profile', profile.json)).toEqual([]);
    const linking = profile.json.ucp.capabilities['dev.ucp.common.identity_linking'][0];
    expect(Object.keys(linking.config.scopes)).toEqual([AGENT_SCOPES.ordersRead, AGENT_SCOPES.ordersPlace]);
    expect(ucpErrors('schemas/common/identity_linking.json#/$defs/dev.ucp.common.identity_linking/business_schema', linking)).toEqual([]);
  });
});

describe('identity linking: the code flow with PKCE', () => {
  itUcp('links, places the order for the shopper, reads it (REST + MCP), refreshes with rotation, and a revoked link is a 401', async () => {
    const shopper = await signupCustomer(ctx.app, 'Layla Haddad');
    const clientId = await register('Helpful Shopper Bot');
    const { details } = await authorize(clientId, shopper.token, { allow: false }).then(async (denied) => {
      expect(denied.error).toBe('access_denied');
      return authorize(clientId, shopper.token, { challenge: pkce().challenge, allow: false });
    });
    expect(details).toMatchObject({ client: { id: clientId, name: 'Helpful Shopper Bot' }, scopes: [AGENT_SCOPES.ordersRead, AGENT_SCOPES.ordersPlace] });

    const tokens = await link(clientId, shopper.token);
    expect(tokens.expires_in).toBeLessThanOrEqual(600);
    expect(tokens.scope.split(' ').sort()).toEqual([AGENT_SCOPES.ordersRead, AGENT_SCOPES.ordersPlace].sort());

    // complete_checkout with the token: the purchase is the shopper's (in /profile), one sub-order per vendor
    const done = await checkoutFor(tokens.access_token);
    expect(done.status).toBe(200);
    expect(done.json.status).toBe('completed');
    const mine = await api('/api/my/orders', { token: shopper.token });
    const purchases = mine.json as { id: number; sub_orders: unknown[] }[];
    expect(purchases.map((p) => String(p.id))).toContain(done.json.order.id);
    expect(purchases.find((p) => String(p.id) === done.json.order.id)!.sub_orders).toHaveLength(2);

    // the order over REST, validated against the release's order schema
    const order = await api(`/ucp/orders/${done.json.order.id}`, { token: tokens.access_token, headers: { 'ucp-agent': AGENT } });
    expect(order.status).toBe(200);
    expect(ucpErrors(ORDER, order.json)).toEqual([]);
    expect(order.json['test.souq.shopping.sub_orders']).toHaveLength(2);
    expect(order.json.fulfillment.expectations).toHaveLength(2);
    expect(order.json.line_items).toHaveLength(2);

    // a vendor ships its sub-order: the event carries tracking and carrier
    const sub = order.json['test.souq.shopping.sub_orders'][0];
    await ctx.app.services.orders.setStatus(Number(sub.id), 'confirmed');
    await ctx.app.services.orders.setStatus(Number(sub.id), 'shipped', { tracking: { number: 'TRK123', carrier: 'Aramex' } });

    // over MCP with the SDK's client, the token on the transport
    const client = new Client({ name: 'linked-agent', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(UCP_MCP_PATH, base), { requestInit: { headers: { authorization: `Bearer ${tokens.access_token}` } } }));
    const viaMcp = await client.callTool({ name: 'get_order', arguments: { meta, id: done.json.order.id } });
    expect(ucpErrors(ORDER, viaMcp.structuredContent)).toEqual([]);
    const shipped = (viaMcp.structuredContent as { fulfillment: { events: { type: string; tracking_number?: string; carrier?: string }[] } }).fulfillment.events.find((e) => e.type === 'shipped');
    expect(shipped).toMatchObject({ tracking_number: 'TRK123', carrier: 'Aramex' });
    await client.close();

    // another shopper's order is not found for this token
    const other = await signupCustomer(ctx.app, 'Someone Else');
    const otherTokens = await link(clientId, other.token);
    expect((await api(`/ucp/orders/${done.json.order.id}`, { token: otherTokens.access_token, headers: { 'ucp-agent': AGENT } })).status).toBe(404);

    // refresh rotates: the new refresh token works, the old one is refused
    const refreshed = await form('/oauth/token', { grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: clientId });
    expect(refreshed.status).toBe(200);
    const next = (await refreshed.json()) as { access_token: string; refresh_token: string };
    expect(next.refresh_token).not.toBe(tokens.refresh_token);
    const replay = await form('/oauth/token', { grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: clientId });
    expect(replay.status).toBe(400);
    expect(((await replay.json()) as { error: string }).error).toBe('invalid_grant');

    // a replayed refresh token is taken as stolen: the provider ends the whole grant (RFC 9700 4.14.2)
    expect((await api(`/ucp/orders/${done.json.order.id}`, { token: next.access_token, headers: { 'ucp-agent': AGENT } })).status).toBe(401);
    expect((await api('/api/my/assistants', { token: shopper.token })).json.assistants).toEqual([]);

    // Connected assistants: listed, revoked (audited), and the token is a 401 at once
    const fresh = await link(clientId, shopper.token);
    const listed = await api('/api/my/assistants', { token: shopper.token });
    expect(listed.json.assistants).toHaveLength(1);
    expect(listed.json.assistants[0]).toMatchObject({ client_id: clientId, name: 'Helpful Shopper Bot', scopes: [AGENT_SCOPES.ordersRead, AGENT_SCOPES.ordersPlace] });
    expect((await api(`/ucp/orders/${done.json.order.id}`, { token: fresh.access_token, headers: { 'ucp-agent': AGENT } })).status).toBe(200);
    const grants = (await api('/api/my/assistants', { token: shopper.token })).json.assistants as { grant_id: string }[];
    for (const g of grants) expect((await api(`/api/my/assistants/${g.grant_id}`, { method: 'DELETE', token: shopper.token })).status).toBe(204);
    const after = await api(`/ucp/orders/${done.json.order.id}`, { token: fresh.access_token, headers: { 'ucp-agent': AGENT } });
    expect(after.status).toBe(401);
    expect(after.headers.get('www-authenticate')).toContain('resource_metadata=');
    expect(ucpErrors('schemas/shopping/types/error_response.json', after.json)).toEqual([]);
    expect((await api('/api/my/assistants', { token: shopper.token })).json.assistants).toEqual([]);
    const trail = (await ctx.database.query("select action, actor_name from audit_log where action like 'agent.%' order by id")) as { action: string; actor_name: string }[];
    const actions = trail.map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(['agent.link', 'agent.checkout_complete', 'agent.order_read', 'agent.unlink']));
    expect(trail.find((r) => r.action === 'agent.checkout_complete')!.actor_name).toBe('agent Helpful Shopper Bot');
    // another shopper cannot revoke someone else's link
    const otherGrant = (await api('/api/my/assistants', { token: other.token })).json.assistants[0].grant_id;
    expect((await api(`/api/my/assistants/${otherGrant}`, { method: 'DELETE', token: shopper.token })).status).toBe(404);
  });

  it('requires PKCE (S256) and refuses a wrong verifier', async () => {
    const shopper = await signupCustomer(ctx.app);
    const clientId = await register();
    const without = await authorize(clientId, shopper.token, { challenge: null });
    expect(without.error).toBe('invalid_request');
    const plain = await fetch(new URL(`/oauth/auth?${new URLSearchParams({ client_id: clientId, redirect_uri: REDIRECT, response_type: 'code', scope: ALL, code_challenge: 'x'.repeat(43), code_challenge_method: 'plain' })}`, base), { redirect: 'manual' });
    expect(new URL(plain.headers.get('location')!, base).searchParams.get('error')).toBe('invalid_request');
    const { challenge } = pkce();
    const { code } = await authorize(clientId, shopper.token, { challenge });
    const wrong = await form('/oauth/token', { grant_type: 'authorization_code', code: code!, redirect_uri: REDIRECT, client_id: clientId, code_verifier: pkce().verifier });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { error: string }).error).toBe('invalid_grant');
  });

  it('enforces scopes: a read-only link cannot place orders; no token cannot read orders', async () => {
    const shopper = await signupCustomer(ctx.app);
    const clientId = await register('Read Only Bot');
    const tokens = await link(clientId, shopper.token, AGENT_SCOPES.ordersRead);
    const refused = await checkoutFor(tokens.access_token);
    expect(refused.status).toBe(403);
    expect(refused.json.messages[0].code).toBe('insufficient_scope');
    const anonymous = await api('/ucp/orders/1', { headers: { 'ucp-agent': AGENT } });
    expect(anonymous.status).toBe(401);
    expect(anonymous.json.messages[0].code).toBe('identity_required');
    const bogus = await api('/ucp/orders/1', { token: 'not-a-real-token-at-all-xyz', headers: { 'ucp-agent': AGENT } });
    expect(bogus.status).toBe(401);
  });
});

describe('admin: agents view and blocking', () => {
  itUcp('is admin-only, counts requests, checkouts and orders per agent, and a blocked agent gets the protocol error', async () => {
    const shopper = await signupCustomer(ctx.app);
    expect((await api('/api/admin/agents')).status).toBe(401);
    expect((await api('/api/admin/agents', { token: shopper.token })).status).toBe(403);
    const admin = await adminToken(ctx.app, ctx.config);
    const clientId = await register('Blockable Bot');
    const tokens = await link(clientId, shopper.token);
    expect((await checkoutFor(tokens.access_token)).json.status).toBe('completed');
    const view = await api('/api/admin/agents', { token: admin });
    expect(view.status).toBe(200);
    // a linked agent is known by its OAuth client
    const row = (view.json.agents as { agent: string; requests: number; checkouts: number; orders: number }[]).find((a) => a.agent === `client:${clientId}`)!;
    expect(row).toMatchObject({ checkouts: 1, orders: 1 });
    expect(row.requests).toBeGreaterThanOrEqual(1);
    expect((await api('/api/admin/agents/block', { method: 'POST', token: admin, body: { agent: `client:${clientId}`, reason: 'abuse' } })).status).toBe(204);
    await new Promise((r) => setTimeout(r, 2_100));
    const blocked = await api('/ucp/orders/1', { token: tokens.access_token, headers: { 'ucp-agent': AGENT } });
    expect(blocked.status).toBe(403);
    expect(blocked.json.messages[0].code).toBe('agent_blocked');
    expect(ucpErrors('schemas/shopping/types/error_response.json', blocked.json)).toEqual([]);
    // anonymous agents are blocked by their profile's origin
    expect((await api('/api/admin/agents/block', { method: 'POST', token: admin, body: { agent: agent.origin, reason: 'scraping' } })).status).toBe(204);
    await new Promise((r) => setTimeout(r, 2_100));
    expect((await api('/ucp/catalog/search', { method: 'POST', headers: { 'ucp-agent': AGENT }, body: { query: 'oud' } })).status).toBe(403);
    expect((await api('/api/admin/agents/unblock', { method: 'POST', token: admin, body: { agent: agent.origin } })).status).toBe(204);
    expect((await api('/api/admin/agents/unblock', { method: 'POST', token: admin, body: { agent: `client:${clientId}` } })).status).toBe(204);
    await new Promise((r) => setTimeout(r, 2_100));
    expect((await api('/ucp/catalog/search', { method: 'POST', headers: { 'ucp-agent': AGENT }, body: { query: 'oud' } })).status).toBe(200);
  });
});
