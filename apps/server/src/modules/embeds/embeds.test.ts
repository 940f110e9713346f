import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@souq/shared/messages';
import { embedRecordSchema } from '@souq/shared/api/embeds';
import { loadConfig } from '../../config.js';
import { adminToken, call, createTestApp, signupCustomer, verifiedVendorPair, type TestContext } from '../../../test/harness.js';

let t: TestContext;
let vendorA: { token: string; id: number };
let vendorB: { token: string; id: number };
let customer: string;
let admin: string;
let productA: number;
let productB: number;

const newProduct = async (token: string, name: string, extra: Record<string, unknown> = {}) => {
  const res = await call(t.app, {
    method: 'POST', url: '/api/products', token,
    body: { name, description: `${name}, hand made.`, price_cents: 4250, images: ['/media/catalogue/lamp.webp'], tags: ['brass', 'gift'], keywords: ['lamp light'], ...extra },
  });
  expect(res.status).toBe(201);
  return res.json.product.id as number;
};
const save = (token: string, body: unknown) => call(t.app, { method: 'POST', url: '/api/embedded-products', token, body });
const card = (id: number, qs = '') => t.app.inject({ url: `/embed/products/${id}${qs}` });

beforeAll(async () => {
  t = await createTestApp();
  ({ vendorA, vendorB } = await verifiedVendorPair(t, 'Alpha Lamps', 'Beta Lamps'));
  customer = (await signupCustomer(t.app)).token;
  admin = await adminToken(t.app, t.config);
  productA = await newProduct(vendorA.token, 'Brass <Desk> Lamp');
  productB = await newProduct(vendorB.token, 'Beta Floor Lamp');
});
afterAll(() => t.close());

describe('POST /api/embedded-products', () => {
  it("saves a vendor's embed with the server's own code (the client's code is never stored), then replaces it", async () => {
    const res = await save(vendorA.token, { vendor_id: vendorA.id, product_id: productA, embed_code: '<script>alert(1)</script>', embed_settings: { theme: 'dark' } });
    expect(res.status).toBe(201);
    expect(embedRecordSchema.safeParse(res.json).success).toBe(true);
    expect(res.json).toMatchObject({
      vendor_id: vendorA.id, product_id: productA, product_name: 'Brass <Desk> Lamp',
      embed_settings: { theme: 'dark', width: '100%', height: 'auto', showPrice: true, showImage: true, showDescription: true, showTags: false, showKeywords: false },
    });
    expect(res.json.embed_code).toContain(`/embed/products/${productA}?theme=dark&amp;price=1&amp;image=1&amp;description=1&amp;tags=0&amp;keywords=0`);
    expect(res.json.embed_code).not.toContain('alert(1)');

    const again = await save(vendorA.token, { product_id: productA, embed_settings: { theme: 'light', width: '360px', height: '480px', showTags: true } });
    expect(again.status).toBe(200);
    expect(again.json.id).toBe(res.json.id);
    expect(again.json.embed_code).toContain('tags=1');
    expect(again.json.embed_code).toContain('width:360px;max-width:100%;height:480px');
    const audit = await t.database.query<{ action: string }>(`select action from audit_log where target_type = 'embed' and target_id = $1 order by id`, [String(res.json.id)]);
    expect(audit.map((a) => a.action)).toEqual(['embed.create', 'embed.update']);
  });

  it('shows on the product: embed_id and embed_settings in the public record, embed_code in the managed one', async () => {
    const pub = await call(t.app, { url: `/api/products/${productA}` });
    expect(pub.json.embed_id).toEqual(expect.any(Number));
    expect(pub.json.embed_settings).toMatchObject({ theme: 'light', showTags: true });
    const managed = await call(t.app, { url: `/api/vendor/products/${productA}`, token: vendorA.token });
    expect(managed.json.embed_code).toContain('<iframe');
  });

  it('checks the settings', async () => {
    expect((await save(vendorA.token, { product_id: productA, embed_settings: { theme: 'neon' } })).status).toBe(400);
    expect((await save(vendorA.token, { product_id: productA, embed_settings: { width: '100%;background:url(x)' } })).status).toBe(400);
  });

  it("lets an admin embed any vendor's product, the vendor_id matching the product's vendor", async () => {
    const res = await save(admin, { vendor_id: vendorB.id, product_id: productB, embed_settings: {} });
    expect(res.status).toBe(201);
    expect(res.json.vendor_id).toBe(vendorB.id);
    const wrong = await save(admin, { vendor_id: vendorA.id, product_id: productB, embed_settings: {} });
    expect(wrong.status).toBe(422);
    expect(wrong.json.error).toBe(MSG.embedVendorMismatch);
  });
});

describe('GET /api/embedded-products', () => {
  it('lists a vendor its own embeds and an admin every embed', async () => {
    const mine = await call(t.app, { url: '/api/embedded-products', token: vendorA.token });
    expect(mine.json.map((e: { product_id: number }) => e.product_id)).toEqual([productA]);
    expect(mine.headers['x-total-count']).toBe('1');
    const all = await call(t.app, { url: '/api/embedded-products', token: admin });
    expect(all.json.map((e: { product_id: number }) => e.product_id).sort()).toEqual([productA, productB].sort());
    const one = await call(t.app, { url: `/api/embedded-products?product_id=${productB}`, token: admin });
    expect(one.json).toHaveLength(1);
  });
});

describe('authorization', () => {
  it("vendor B can neither embed nor see vendor A's product embeds", async () => {
    expect((await save(vendorB.token, { product_id: productA, embed_settings: {} })).status).toBe(404);
    // a vendor_id in the body changes nothing: the session decides
    expect((await save(vendorB.token, { vendor_id: vendorA.id, product_id: productA, embed_settings: {} })).status).toBe(404);
    const list = await call(t.app, { url: '/api/embedded-products', token: vendorB.token });
    expect(list.json.map((e: { product_id: number }) => e.product_id)).toEqual([productB]);
  });

  it('customers get 403 and anonymous callers 401', async () => {
    for (const [method, body] of [['POST', { product_id: productA, embed_settings: {} }], ['GET', undefined]] as const) {
      expect((await call(t.app, { method, url: '/api/embedded-products', body })).status).toBe(401);
      expect((await call(t.app, { method, url: '/api/embedded-products', body, token: customer })).status).toBe(403);
    }
  });
});

describe('the Souq address in codes and cards (issue 23)', () => {
  it('is the configured PUBLIC_URL, never the Host header a caller sends', async () => {
    const forged = { host: 'souq.attacker.example', 'x-forwarded-host': 'souq.attacker.example' };
    const saved = await t.app.inject({
      method: 'POST', url: '/api/embedded-products', headers: { ...forged, authorization: `Bearer ${vendorA.token}` },
      payload: { product_id: productA, embed_settings: {} },
    });
    expect([200, 201]).toContain(saved.statusCode);
    expect(saved.json().embed_code).toContain(`src="http://localhost:3000/embed/products/${productA}?`);
    expect(saved.body).not.toContain('attacker');
    const page = await t.app.inject({ url: `/embed/products/${productA}`, headers: forged });
    expect(page.body).toContain(`href="http://localhost:3000/ai-assistant?product=${productA}"`);
    expect(page.body).not.toContain('attacker');
  });

  it('is read from PUBLIC_URL (its origin), http://localhost:PORT when unset; anything but http(s) stops the start', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://souq.example.ae/' }).publicUrl).toBe('https://souq.example.ae');
    expect(loadConfig({ PUBLIC_URL: 'https://souq.example.ae:8443/shop?x=1' }).publicUrl).toBe('https://souq.example.ae:8443');
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(() => loadConfig({ PUBLIC_URL: 'javascript:alert(1)' })).toThrow(/PUBLIC_URL: must be an http/);
    expect(() => loadConfig({ PUBLIC_URL: 'souq.example.ae' })).toThrow(/PUBLIC_URL/);
  });
});

describe('GET /embed/products/{id} (the card other sites frame)', () => {
  it('may be framed by any site and does little itself', async () => {
    const res = await card(productA);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(res.headers['content-security-policy']).toContain('frame-ancestors *');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.headers['content-security-policy']).toMatch(/script-src 'sha256-[A-Za-z0-9+/=]+'/);
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('shows image, name, price and description by default, escaped, with a link back to the product on Souq', async () => {
    const html = (await card(productA)).body;
    expect(html).toContain('Brass &lt;Desk&gt; Lamp');
    expect(html).not.toContain('<Desk>');
    expect(html).toContain('AED\u00a042.50');
    expect(html).toContain('<img src="/media/catalogue/lamp.webp"');
    expect(html).toContain('hand made.');
    expect(html).toContain(`href="http://localhost:3000/ai-assistant?product=${productA}"`);
    expect(html).toContain('<html lang="en" class="light">');
    expect(html).not.toContain('aria-label="Tags"');
  });

  it('follows the settings in its URL', async () => {
    const html = (await card(productA, '?theme=dark&price=0&image=0&description=0&tags=1&keywords=1')).body;
    expect(html).toContain('class="dark"');
    expect(html).not.toContain('AED\u00a042.50');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('hand made.');
    expect(html).toContain('<li>brass</li><li>gift</li>');
    expect(html).toContain('Keywords: lamp light');
    expect((await card(productA, '?theme=auto')).body).toContain('class="auto"');
  });

  it('strikes through only an honest "was" price from the price history, never a typed compare-at (decision 0163)', async () => {
    const DAY = 86_400_000;
    const ago = (days: number) => new Date(Date.now() - days * DAY);
    // typed "original price" 99.00 that the lamp was never sold at: no strike-through
    const typed = await newProduct(vendorA.token, 'Typed Compare Lamp', { compare_at_price_cents: 9900 });
    await t.app.services.prices.seedHistory(typed, [{ at: ago(90), cents: 4250 }]);
    const plain = (await card(typed)).body;
    expect(plain).toContain('AED\u00a042.50');
    expect(plain).not.toContain('<s>');
    expect(plain).not.toContain('99.00');
    // sold at 60.00 for two months, cut to 42.50 three days ago (typed compare-at 99.00): the was price is 60.00
    const cut = await newProduct(vendorA.token, 'Honest Cut Lamp', { compare_at_price_cents: 9900 });
    await t.app.services.prices.seedHistory(cut, [{ at: ago(90), cents: 6000 }, { at: ago(3), cents: 4250 }]);
    const honest = (await card(cut)).body;
    expect(honest).toContain('AED\u00a042.50 <s>AED\u00a060.00</s>');
    expect(honest).not.toContain('99.00');
    // a deal started yesterday: the card shows the unit price checkout charges (10 % off 42.50 = 38.25), and the was
    // price is the lowest of the 30 days before the deal — 42.50 since the cut, not 60.00
    const deal = await call(t.app, {
      method: 'POST', url: '/api/vendor/promotions', token: vendorA.token,
      body: { kind: 'deal', name: 'Lamp week', product_ids: [cut], percent_bps: 1000, starts_at: ago(1).toISOString(), ends_at: new Date(Date.now() + 3 * DAY).toISOString() },
    });
    expect(deal.status, deal.body).toBe(201);
    expect((await card(cut)).body).toContain('AED\u00a038.25 <s>AED\u00a042.50</s>');
  });

  it('shows a price edit on its next load, and says so when the product is gone', async () => {
    await call(t.app, { method: 'PUT', url: `/api/products/${productA}`, token: vendorA.token, body: { price_cents: 3999 } });
    expect((await card(productA)).body).toContain('AED\u00a039.99');
    await call(t.app, { method: 'PUT', url: `/api/products/${productA}`, token: vendorA.token, body: { status: 'draft' } });
    const gone = await card(productA);
    expect(gone.statusCode).toBe(404);
    expect(gone.body).toContain(MSG.embedUnavailable);
    expect(gone.headers['content-security-policy']).toContain('frame-ancestors *');
    expect((await card(999_999)).statusCode).toBe(404);
  });
});
