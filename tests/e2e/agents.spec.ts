import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { adminPage, vendorPage } from './support/sessions.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startTestAgent } from '../../apps/server/test/ucp-agent.js';

// Issue 27: an outside agent (the SDK's MCP client, in this test) shops for a shopper. It searches, builds a cart from
// two vendors, asks the shopper to link their account (the browser completes Souq's consent page), completes the
// checkout with the linked token, and the purchase shows in /profile with one sub-order per vendor; the shopper then
// sees the agent under Connected assistants. Screenshots of the consent page and Connected assistants at 1280 and 390.

// screenshots for looking at: AGENTS_SHOTS=dir, else beside the other test output
const SHOTS = process.env.AGENTS_SHOTS ?? 'test-results/agents-shots';
// the agent's loopback redirect (RFC 8252): the test reads the code from the browser's request; nobody listens there
const REDIRECT = 'http://127.0.0.1:47999/agent-callback';
const SCOPES = 'dev.ucp.shopping.order:read dev.ucp.shopping.checkout:complete';

test('an agent links the account through the consent page and buys from two vendors', async ({ page, request, baseURL }) => {
  test.setTimeout(120_000);
  const base = baseURL!;
  // the agent publishes its UCP profile (on the loopback: UCP_ALLOW_LOOPBACK_AGENTS) and signs nothing here
  const journeyAgent = await startTestAgent();
  const meta = journeyAgent.meta;
  // the shopper, signed in in this browser
  const email = `agent-journey-${randomBytes(4).toString('hex')}@example.test`;
  const signup = await request.post('/api/auth/signup', { data: { name: 'Layla Haddad', email, password: 'password-123' } });
  expect(signup.status()).toBe(201);
  const session = (await signup.json()) as { token: string; user: { id: number } };
  await page.goto('/');
  await page.evaluate((s) => {
    localStorage.setItem('auth_token', s.token);
    localStorage.setItem('auth_user', JSON.stringify(s.user));
    localStorage.setItem('user', JSON.stringify({ id: s.user.id }));
  }, session);

  // the agent: search, pick two products of two vendors, cart
  const agent = new Client({ name: 'journey-agent', version: '1.0.0' });
  await agent.connect(new StreamableHTTPClientTransport(new URL('/ucp/mcp', base)));
  // the shopper asks in Arabic: Souq's search reads Arabic and answers in the shopper's language (context.language)
  const searched = await agent.callTool({ name: 'search_catalog', arguments: { meta, catalog: { query: 'سماعات لاسلكية', context: { language: 'ar' }, pagination: { limit: 10 } } } });
  expect(searched.isError).toBeFalsy();
  const heard = (searched.structuredContent as { products: { title: string }[] }).products;
  expect(heard.length).toBeGreaterThan(0);
  expect(heard[0]!.title).toMatch(/[\u0600-\u06ff]/);
  // compare two products of two sellers (Gulf Gadgets and Desert Trail Sports, seeded with their own logins)
  type Found = { products: { id: string; variants: { id: string }[]; 'test.souq.shopping.vendor': { id: string; name: string } }[] };
  const products: Found['products'] = [];
  // the demo catalogue's 80 products, in look-ups of at most 40 ids (the binding's limit is UCP_LOOKUP_MAX_IDS)
  for (const first of [1, 41]) {
    const found = await agent.callTool({ name: 'lookup_catalog', arguments: { meta, catalog: { ids: Array.from({ length: 40 }, (_, i) => String(first + i)), filters: { in_stock: true } } } });
    expect(found.isError, JSON.stringify(found.content)).toBeFalsy();
    products.push(...(found.structuredContent as Found).products);
  }
  const pick = (seller: RegExp) => products.find((p) => seller.test(p['test.souq.shopping.vendor'].name))?.variants[0]!.id;
  const items = [pick(/Gulf Gadgets/), pick(/Desert Trail Sports/)].filter((id): id is string => Boolean(id));
  expect(items, 'the demo catalogue sells through both sellers').toHaveLength(2);
  const cart = await agent.callTool({ name: 'create_cart', arguments: { meta: { ...meta, 'idempotency-key': randomUUID() }, cart: { line_items: items.map((id) => ({ item: { id }, quantity: 1 })) } } });
  expect((cart.structuredContent as { line_items: unknown[] }).line_items).toHaveLength(2);

  // linking: dynamic registration, then the browser goes through Souq's consent page
  const reg = await request.post('/oauth/reg', { data: { client_name: 'Journey Shopping Assistant', redirect_uris: [REDIRECT], grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'], token_endpoint_auth_method: 'none' } });
  expect(reg.status()).toBe(201);
  const clientId = ((await reg.json()) as { client_id: string }).client_id;
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const state = randomUUID();
  const auth = new URLSearchParams({ client_id: clientId, redirect_uri: REDIRECT, response_type: 'code', scope: SCOPES, state, code_challenge: challenge, code_challenge_method: 'S256' });
  await page.goto(`/oauth/auth?${auth}`);
  await expect(page).toHaveURL(/\/connect\//);
  await expect(page.getByTestId('connect-agent')).toContainText('Journey Shopping Assistant');
  await expect(page.getByText('See your orders, their status and tracking')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/consent-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/consent-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  // the authorization server redirects the browser to the agent: the code is in that request's address (a route
  // is not asked about a redirect's target in every Chromium build, the request event always is)
  const callback = page.waitForRequest((r) => r.url().startsWith(REDIRECT));
  await page.getByRole('button', { name: 'Allow' }).click();
  const back = new URL((await callback).url());
  expect(back.searchParams.get('state')).toBe(state);
  const code = back.searchParams.get('code');
  expect(code).not.toBeNull();

  const tokenRes = await request.post('/oauth/token', { form: { grant_type: 'authorization_code', code: code!, redirect_uri: REDIRECT, client_id: clientId, code_verifier: verifier } });
  expect(tokenRes.status()).toBe(200);
  const { access_token } = (await tokenRes.json()) as { access_token: string };
  await agent.close();

  // the linked agent checks out for the shopper
  const linked = new Client({ name: 'journey-agent', version: '1.0.0' });
  await linked.connect(new StreamableHTTPClientTransport(new URL('/ucp/mcp', base), { requestInit: { headers: { authorization: `Bearer ${access_token}` } } }));
  const created = await linked.callTool({
    name: 'create_checkout',
    arguments: {
      meta: { ...meta, 'idempotency-key': randomUUID() },
      checkout: {
        line_items: items.map((id) => ({ item: { id }, quantity: 1 })),
        buyer: { first_name: 'Layla', last_name: 'Haddad', email },
        fulfillment: { methods: [{ type: 'shipping', destinations: [{ street_address: '12 Al Wasl Road', address_locality: 'Dubai', address_country: 'AE', postal_code: '00000' }] }] },
        payment: { instruments: [{ id: 'p1', handler_id: 'cod', type: 'cash_on_delivery' }] },
      },
    },
  });
  const sessionId = (created.structuredContent as { id: string; status: string }).id;
  expect((created.structuredContent as { status: string }).status).toBe('ready_for_complete');
  const done = await linked.callTool({ name: 'complete_checkout', arguments: { meta: { ...meta, 'idempotency-key': randomUUID() }, id: sessionId, checkout: {} } });
  const order = (done.structuredContent as { status: string; order: { id: string; label: string } });
  expect(order.status).toBe('completed');
  const status = await linked.callTool({ name: 'get_order', arguments: { meta, id: order.order.id } });
  expect((status.structuredContent as { 'test.souq.shopping.sub_orders': unknown[] })['test.souq.shopping.sub_orders']).toHaveLength(2);
  await linked.close();

  // the shopper's profile: the purchase with two sub-orders, and the assistant under Connected assistants
  const mine = await request.get('/api/my/orders', { headers: { authorization: `Bearer ${session.token}` } });
  const purchases = (await mine.json()) as { id: number; order_number: string; sub_orders: unknown[] }[];
  expect(purchases.find((p) => String(p.id) === order.order.id)?.sub_orders).toHaveLength(2);
  await page.goto('/profile');
  await expect(page.getByText(order.order.label).first()).toBeVisible();
  const section = page.locator('section[aria-labelledby="connected-assistants"]');
  await expect(section.getByTestId('connected-assistant')).toContainText('Journey Shopping Assistant');
  await section.scrollIntoViewIfNeeded();
  await section.screenshot({ path: `${SHOTS}/connected-1280.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await section.scrollIntoViewIfNeeded();
  await section.screenshot({ path: `${SHOTS}/connected-390.png` });
  // disconnect from the profile: the list empties
  await section.getByRole('button', { name: 'Disconnect' }).click();
  await expect(section.getByText('No assistants are connected to your account.')).toBeVisible();

  // the admin's Agents section counts the agent's checkout and order
  const { admin, close } = await adminPage(page.context().browser()!);
  await admin.goto('/admin?section=agents');
  // found by search; a linked agent is listed by its OAuth client, with when it was last seen
  await admin.getByRole('searchbox', { name: 'Search agents' }).fill('journey');
  const row = admin.getByTestId('agent-row').filter({ hasText: 'Journey Shopping Assistant' });
  await expect(row).toBeVisible();
  await expect(row.locator('time')).toBeVisible();
  await expect(row.locator('td').nth(2)).toHaveText('1');
  await expect(row.locator('td').nth(3)).toHaveText('1');
  await admin.screenshot({ path: `${SHOTS}/admin-agents-1280.png`, fullPage: true });
  await admin.setViewportSize({ width: 390, height: 844 });
  await admin.screenshot({ path: `${SHOTS}/admin-agents-390.png`, fullPage: true });
  // in Arabic too: the section's own texts come from the catalogue, the agents' names stay as they are (isolated)
  await admin.setViewportSize({ width: 1280, height: 800 });
  await admin.getByRole('button', { name: 'العربية' }).first().click();
  await expect(admin.getByRole('searchbox', { name: 'البحث في الوكلاء' })).toBeVisible();
  await admin.screenshot({ path: `${SHOTS}/admin-agents-ar-1280.png`, fullPage: true });
  await admin.setViewportSize({ width: 390, height: 844 });
  await admin.screenshot({ path: `${SHOTS}/admin-agents-ar-390.png`, fullPage: true });
  await close();

  // each seller sees its own sub-order in its Orders tab
  const subNumbers = (purchases.find((p) => String(p.id) === order.order.id)!.sub_orders as { order_number: string }[]).map((o) => o.order_number);
  for (const email of ['vendor@souq.test', 'sports@souq.test']) {
    const { vendor, close: closeVendor } = await vendorPage(page.context().browser()!, '/vendor?tab=orders', { email, password: 'souq-demo-1' });
    const rows = vendor.getByRole('table', { name: 'Your orders' }).getByRole('row').filter({ hasText: new RegExp(subNumbers.join('|')) });
    await expect(rows).toHaveCount(1);
    await closeVendor();
  }
  await journeyAgent.close();
});
