import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VatFigures, VatReport } from '@souq/shared/api/vat-report';
import { VAT_EMIRATES } from '@souq/shared/rules/tax';
import { adminToken, call, createTestApp, signupCustomer, signupVendor, type TestContext } from '../../../test/harness.js';
import { makeProduct, placeOrder } from '../../../test/admin-fixtures.js';
import { issueCommissionDocuments } from './commission.documents.js';
import { periodOf } from './commission.period.js';

// Box 1 by emirate and the marketplace's own commission VAT (decision 0111), over real orders, returns and commission
// documents: a vendor in Ajman, a vendor that has not declared its emirate, the marketplace in Fujairah. Every figure is
// checked against the documents themselves (summed straight from tax_documents) and the ledger, to the fils.
let t: TestContext;
let admin: string;
let shopper: Awaited<ReturnType<typeof signupCustomer>>;
let ajman: Awaited<ReturnType<typeof signupVendor>>;
let unset: Awaited<ReturnType<typeof signupVendor>>;
const today = new Date(Date.now() + 4 * 3_600_000).toISOString().slice(0, 10);
const PERIOD = periodOf(new Date());
const report = async () => {
  const res = await call(t.app, { url: `/api/admin/reports/vat?from=${today}&to=${today}`, token: admin });
  expect(res.status).toBe(200);
  return res.json as VatReport;
};
const issuer = (r: VatReport, id: string) => r.issuers.find((i) => i.issuer === id)!;
const placed = (f: VatFigures) => f.box1_emirates.filter((e) => e.net_cents || e.tax_cents).map((e) => [e.emirate, e.net_cents, e.tax_cents]);
const q = <T>(text: string, params: unknown[] = []) => t.database.query<T>(text, params);

/** What the documents themselves add up to (invoices less credit notes), optionally one issuer's or one subject's. */
async function documented(where = 'true', params: unknown[] = []) {
  const [r] = await q<{ net: string; tax: string; rounding: string; total: string; n: string }>(`select
      coalesce(sum(case when kind = 'invoice' then net_cents else -net_cents end), 0) as net,
      coalesce(sum(case when kind = 'invoice' then tax_cents else -tax_cents end), 0) as tax,
      coalesce(sum(case when kind = 'invoice' then total_cents else -total_cents end), 0) as total, count(*) as n,
      -- a sale document's rounding amount (decision 0142)
      coalesce(sum((case when kind = 'invoice' then 1 else -1 end) * coalesce((snapshot->>'roundingCents')::int8, 0)), 0) as rounding
    from tax_documents where ${where}`, params);
  return { net: Number(r!.net), tax: Number(r!.tax), rounding: Number(r!.rounding), total: Number(r!.total), n: Number(r!.n) };
}
/** The ledger's commission VAT on vendors' sub-orders (positive = owed by the marketplace). */
async function ledgerCommissionVat() {
  const [r] = await q<{ s: string }>(`select coalesce(-sum(e.amount_cents), 0) as s from ledger_entries e join orders o on o.id = e.order_id
    where e.account = 'commission_vat_payable' and o.seller_vendor_id is not null`);
  return Number(r!.s);
}

/** Box 1 is 1a–1g exactly; standard-rated = Box 1 + the unplaced; Box 8 = 1 + 4 + 5. */
function expectBoxesAddUp(f: VatFigures) {
  const standard = f.categories.find((c) => c.category === 'standard')!;
  expect(f.box1_emirates.map((e) => e.emirate)).toEqual([...VAT_EMIRATES]);
  expect(f.boxes.box1_standard_cents).toBe(f.box1_emirates.reduce((n, e) => n + e.net_cents, 0));
  expect(f.boxes.box1_vat_cents).toBe(f.box1_emirates.reduce((n, e) => n + e.tax_cents, 0));
  expect(f.boxes.box1_standard_cents + f.box1_not_set.net_cents).toBe(standard.net_cents);
  expect(f.boxes.box1_vat_cents + f.box1_not_set.tax_cents).toBe(standard.tax_cents);
  expect(f.boxes.box8_total_cents).toBe(f.boxes.box1_standard_cents + f.boxes.box4_zero_rated_cents + f.boxes.box5_exempt_cents);
}

const subs = { ajman: 0, unset: 0, market: 0 };

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t.app, t.config);
  shopper = await signupCustomer(t.app, 'Salem Buyer');
  ajman = await signupVendor(t.app, 'Ajman Oud House');
  unset = await signupVendor(t.app, 'Corniche Coffee Roasters');
  expect((await call(t.app, {
    method: 'PUT', url: '/api/admin/tax-settings', token: admin,
    body: { price_mode: 'inclusive', invoice_on: 'shipped', legal_name: 'Souq Marketplace FZ-LLC', address: 'Fujairah Creative City', trn: '100000000000003', emirate: 'fujairah' },
  })).status).toBe(200);
  expect((await call(t.app, { method: 'PUT', url: '/api/vendor/tax-profile', token: ajman.token, body: { vat_registered: true, trn: '100123456700003', emirate: 'ajman' } })).status).toBe(200);
  // registered, but no emirate declared
  expect((await call(t.app, { method: 'PUT', url: '/api/vendor/tax-profile', token: unset.token, body: { vat_registered: true, trn: '100765432100003' } })).status).toBe(200);
  await q('update vendors set is_verified = true where id = any($1)', [[ajman.vendor.id, unset.vendor.id]]);

  const oud = await makeProduct(t.app, { name: 'Oud Oil 3ml', priceCents: 18_999, vendorId: ajman.vendor.id });
  const incense = await makeProduct(t.app, { name: 'Bakhoor', priceCents: 4_321, vendorId: ajman.vendor.id });
  const coffee = await makeProduct(t.app, { name: 'Arabic Coffee 250g', priceCents: 6_789, vendorId: unset.vendor.id });
  const lamp = await makeProduct(t.app, { name: 'Brass Lamp', priceCents: 31_500 });
  const first = await placeOrder(t.app, [
    { productId: oud.id, quantity: 3 }, { productId: incense.id, quantity: 7 }, { productId: coffee.id, quantity: 2 }, { productId: lamp.id, quantity: 1 },
  ], { userId: shopper.user.id });
  const bySeller = (v: number | null) => first.purchase.sub_orders.find((s) => s.vendor_id === v)!.id;
  subs.ajman = bySeller(ajman.vendor.id);
  subs.unset = bySeller(unset.vendor.id);
  subs.market = bySeller(null);
  for (const id of Object.values(subs)) await t.app.services.orders.setStatus(id, 'shipped');
});
afterAll(() => t.close());

describe('Box 1 by emirate (decision 0111)', () => {
  it('places each issuer’s supplies in its emirate; an issuer without one is flagged apart, never put in Dubai', async () => {
    const r = await report();
    const a = issuer(r, `vendor:${ajman.vendor.id}`);
    const u = issuer(r, `vendor:${unset.vendor.id}`);
    const m = issuer(r, 'marketplace');
    const ajmanDocs = await documented(`issuer = $1`, [`vendor:${ajman.vendor.id}`]);
    expect(placed(a)).toEqual([['ajman', ajmanDocs.net, ajmanDocs.tax]]);
    expect(a.box1_not_set).toEqual({ net_cents: 0, tax_cents: 0 });
    const unsetDocs = await documented(`issuer = $1`, [`vendor:${unset.vendor.id}`]);
    expect(unsetDocs.tax).toBeGreaterThan(0);
    expect(placed(u)).toEqual([]);
    expect(u.box1_not_set).toEqual({ net_cents: unsetDocs.net, tax_cents: unsetDocs.tax });
    expect(u.boxes.box1_standard_cents).toBe(0);
    expect(placed(m)).toEqual([['fujairah', 30_000, 1_500]]);
    expect(r.total.box1_emirates.find((e) => e.emirate === 'dubai')).toMatchObject({ net_cents: 0, tax_cents: 0 });
    expect(r.total.box1_not_set).toEqual(u.box1_not_set);
    for (const f of [a, u, m, r.total]) expectBoxesAddUp(f);
  });

  it('the emirate is frozen on each document: a later move keeps old documents where they were; one declared late places the unplaced', async () => {
    expect((await call(t.app, { method: 'PUT', url: '/api/vendor/tax-profile', token: ajman.token, body: { vat_registered: true, trn: '100123456700003', emirate: 'sharjah' } })).status).toBe(200);
    expect((await call(t.app, { method: 'PUT', url: '/api/vendor/tax-profile', token: unset.token, body: { vat_registered: true, trn: '100765432100003', emirate: 'abu_dhabi' } })).status).toBe(200);
    const profile = await call(t.app, { url: '/api/vendor/tax-profile', token: unset.token });
    expect(profile.json).toMatchObject({ emirate: 'abu_dhabi' });
    const r = await report();
    expect(placed(issuer(r, `vendor:${ajman.vendor.id}`)).map((p) => p[0])).toEqual(['ajman']);
    const u = issuer(r, `vendor:${unset.vendor.id}`);
    const unsetDocs = await documented(`issuer = $1`, [`vendor:${unset.vendor.id}`]);
    expect(placed(u)).toEqual([['abu_dhabi', unsetDocs.net, unsetDocs.tax]]);
    expect(r.total.box1_not_set).toEqual({ net_cents: 0, tax_cents: 0 });
    expectBoxesAddUp(r.total);
  });

  it('the seven emirates only, in the settings and the profile (400 otherwise; the database refuses others too)', async () => {
    const bad = await call(t.app, { method: 'PUT', url: '/api/vendor/tax-profile', token: ajman.token, body: { vat_registered: true, trn: '100123456700003', emirate: 'Dubai' } });
    expect(bad.status).toBe(400);
    const badSettings = await call(t.app, {
      method: 'PUT', url: '/api/admin/tax-settings', token: admin,
      body: { price_mode: 'inclusive', invoice_on: 'shipped', legal_name: 'Souq Marketplace FZ-LLC', address: 'Fujairah Creative City', trn: '100000000000003', emirate: 'muscat' },
    });
    expect(badSettings.status).toBe(400);
    expect((await call(t.app, { url: '/api/admin/tax-settings', token: admin })).json).toMatchObject({ emirate: 'fujairah' });
    await expect(q(`update vendors set vat_emirate = 'dubai ' where id = $1`, [ajman.vendor.id])).rejects.toThrow(/vendors_vat_emirate_check/);
    // the constraint spells out the same seven as the shared list (the schema file cannot import it at run time)
    const [c] = await q<{ def: string }>(`select pg_get_constraintdef(oid) as def from pg_constraint where conname = 'vendors_vat_emirate_check'`);
    expect([...c!.def.matchAll(/'([a-z_]+)'/g)].map((m) => m[1])).toEqual([...VAT_EMIRATES]);
  });
});

describe('the marketplace’s own commission VAT (decisions 0108, 0111)', () => {
  it('its commission invoices are its standard-rated supplies, in its emirate; a commission credit note reduces them; the ledger agrees', async () => {
    const before = issuer(await report(), 'marketplace');
    expect(before.commission).toMatchObject({ net_cents: 0, tax_cents: 0 });
    const owed = await ledgerCommissionVat();
    expect(owed).toBeGreaterThan(0);
    expect(before.commission_reconciliation).toEqual({ documents_tax_cents: 0, ledger_tax_cents: 0, difference_cents: 0, uninvoiced_ledger_tax_cents: owed });

    // the month's commission invoices (one per vendor), then a return of two oud units and its commission credit note
    expect((await issueCommissionDocuments(t.database.db, PERIOD, { at: new Date() })).map((d) => d.kind)).toEqual(['invoice', 'invoice']);
    const [line] = await q<{ id: number }>('select id from order_items where order_id = $1 and product_name = $2', [subs.ajman, 'Oud Oil 3ml']);
    await t.app.services.orders.setStatus(subs.ajman, 'delivered');
    const asked = await call(t.app, { method: 'POST', url: '/api/my/returns', token: shopper.token, body: { order_id: subs.ajman, line_id: line!.id, units: 2, reason: 'damaged' } });
    expect(asked.status).toBe(201);
    expect((await call(t.app, { method: 'POST', url: `/api/vendor/returns/${asked.json.id}/approve`, token: ajman.token, body: {} })).status).toBe(200);
    expect((await call(t.app, { method: 'POST', url: `/api/vendor/returns/${asked.json.id}/receive`, token: ajman.token, body: { restock: false } })).status).toBe(200);
    const mid = issuer(await report(), 'marketplace');
    // the reversal is in the ledger, its credit note not issued yet: VAT to credit later, not a difference
    expect(mid.commission_reconciliation.difference_cents).toBe(0);
    expect(mid.commission_reconciliation.uninvoiced_ledger_tax_cents).toBeLessThan(0);
    expect((await issueCommissionDocuments(t.database.db, PERIOD, { at: new Date() })).map((d) => d.kind)).toEqual(['credit_note']);

    const r = await report();
    const m = issuer(r, 'marketplace');
    const invoiced = await documented(`subject = 'commission' and kind = 'invoice'`);
    const credited = await documented(`subject = 'commission' and kind = 'credit_note'`);
    expect(credited.tax).toBeLessThan(0); // documented() counts credit notes negative
    expect(m.commission).toEqual({
      invoiced_net_cents: invoiced.net, invoiced_tax_cents: invoiced.tax, credited_net_cents: -credited.net, credited_tax_cents: -credited.tax,
      net_cents: invoiced.net + credited.net, tax_cents: invoiced.tax + credited.tax,
    });
    // its Box 1 (Fujairah) = its own sale + its commission, net of the credit note
    expect(placed(m)).toEqual([['fujairah', 30_000 + m.commission.net_cents, 1_500 + m.commission.tax_cents]]);
    const left = await ledgerCommissionVat();
    expect(m.commission_reconciliation).toEqual({ documents_tax_cents: left, ledger_tax_cents: left, difference_cents: 0, uninvoiced_ledger_tax_cents: 0 });
    expect(m.commission.tax_cents).toBe(left);
    // the sales reconciliation is unchanged by the commission documents (no order of their own)
    expect(r.total.reconciliation.difference_cents).toBe(0);
    expect(r.total.reconciliation.uninvoiced_ledger_tax_cents).toBe(0);
    expectBoxesAddUp(m);

    // a vendor's own summary never shows the marketplace's commission
    const mine = (await call(t.app, { url: `/api/vendor/vat-summary?from=${today}&to=${today}`, token: ajman.token })).json as VatReport;
    expect(mine.total.commission).toMatchObject({ net_cents: 0, tax_cents: 0 });
    expect(mine.total.commission_reconciliation.uninvoiced_ledger_tax_cents).toBe(0);
  });

  it('every total equals the documents to the fils, per issuer and in all; the CSV carries the same figures', async () => {
    const r = await report();
    for (const i of r.issuers) {
      const d = await documented(`issuer = $1`, [i.issuer]);
      expect(i.totals, i.issuer).toEqual({ net_cents: d.net, tax_cents: d.tax, rounding_cents: d.rounding, total_cents: d.total });
      expect(d.net + d.tax + d.rounding, i.issuer).toBe(d.total);
      expect(i.invoices + i.credit_notes).toBe(d.n);
      expectBoxesAddUp(i);
    }
    const all = await documented();
    expect(r.total.totals).toEqual({ net_cents: all.net, tax_cents: all.tax, rounding_cents: all.rounding, total_cents: all.total });
    expect(r.total.boxes.box1_vat_cents + r.total.box1_not_set.tax_cents).toBe(all.tax);

    const csv = (await t.app.inject({ method: 'GET', url: `/api/admin/reports/vat.csv?from=${today}&to=${today}`, headers: { authorization: `Bearer ${admin}` } })).body;
    const m = issuer(r, 'marketplace');
    const aed = (c: number) => (c / 100).toFixed(2);
    const fuj = m.box1_emirates.find((e) => e.emirate === 'fujairah')!;
    expect(csv).toContain(`marketplace,Souq Marketplace FZ-LLC,100000000000003,box,1g standard-rated supplies in Fujairah,${aed(fuj.net_cents)},${aed(fuj.tax_cents)}`);
    expect(csv).toContain(`marketplace,Souq Marketplace FZ-LLC,100000000000003,commission,commission to vendors (in box 1),${aed(m.commission.net_cents)},${aed(m.commission.tax_cents)}`);
    expect(csv).toContain(`marketplace,Souq Marketplace FZ-LLC,100000000000003,commission reconciliation,difference,0.00,`);
    // 1a–1g of the total add up to its Box 1 line in the CSV too
    const rows = csv.split('\n').filter((l) => l.startsWith(`${today},${today},all,`) && /,box,1[a-g] /.test(l));
    expect(rows).toHaveLength(7);
    const sum = rows.reduce((n, l) => n + Math.round(Number(l.split(',').at(-2)) * 100), 0);
    expect(sum).toBe(r.total.boxes.box1_standard_cents);
  });
});
